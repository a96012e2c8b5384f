"""The post-game panel and the campaign chart, drawn with pygame under the widgets.

The panel walks the §13 procedure one page at a time: one page per figure that the
procedure turned to (its rolls with their dice, rule and result; the profile before and
after), then experience, band points and purchases. A section taller than the panel goes
on over as many pages as it needs (``fit_pages``, measured by the same ``draw_event`` that
draws), so a small window shows every line. ``Say`` puts the campaign's events in the
player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.panels.dicetray import draw_die
from skirmish.app.rule_tips import RuleTips
from skirmish.app.text import Text
from skirmish.app.theme import BAD, GOOD, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, WARN
from skirmish.campaign import events as ce
from skirmish.campaign.core import SHOWN
from skirmish.content.models import Rulebook
from skirmish.rules.events import DecisionNeeded, DecisionTaken, Event, Roll

#: The chart's legend marks, the shapes its markers are drawn as: band points as filled
#: diamonds on a solid line, XP as hollow squares on a dashed one.
POINTS_MARK, XP_MARK = "◆", "□"
NBSP = "\u00a0"
STAT_NAMES = {"mvt": "Mvt", "cd": "Cd", "ct": "CT", "ccc": "CCC", "f": "F", "r": "R",
              "pv": "PV"}


def french_names(book: Rulebook) -> dict[str, str]:
    """English names → the source's French (injuries, sub-tables, XP reasons, weapons and
    equipment), for the parameters of the campaign's sentences."""
    out: dict[str, str] = {}
    for table in book.tables.values():
        for row in table.rows:
            if row.name_en and row.name_fr:
                out[row.name_en] = row.name_fr
    for award in book.experience.values():
        if award.text_fr:
            out[award.text_en] = award.text_fr
    for items in (book.melee_weapons, book.ranged_weapons, book.equipment):
        for x in items.values():
            out[x.name_en] = x.name_fr
    return out


class Say:
    """Campaign sentences in the window's language."""

    def __init__(self, t: Any, book: Rulebook, bands: dict[str, str] | None = None) -> None:
        """``bands``: each band's name as the campaign's sentences carry it → as the window
        shows it (French: the warband file's ``name_fr``)."""
        self.t = t
        self.fr = {**french_names(book), **(bands or {})} if t.lang == "fr" else {}
        #: Weapon ids → English names (an amputee's choice names the weapon it keeps).
        self.weapons = {i: w.name_en for table in (book.melee_weapons, book.ranged_weapons)
                        for i, w in table.items()}

    def value(self, v: object) -> object:
        """A table name or result word in the window's language (French: the source's)."""
        if not isinstance(v, str):
            return v
        if v in self.fr:
            return self.fr[v]
        parts = v.split(", ")  # a list of names ("Spear, Dagger"), each in French
        if len(parts) > 1 and all(x in self.fr for x in parts):
            return ", ".join(self.fr[x] for x in parts)
        key = f"campaign.result.{v}"
        return self.t(key) if self.t.has(key) else v

    def __call__(self, key: str, params: dict[str, Any], text: str) -> str:
        if not key:
            return text
        full = key if key.startswith("campaign.") else f"campaign.{key}"
        if not self.t.has(full):
            return text
        return self.t(full, **{k: self.value(v) for k, v in params.items()})

    def event(self, e: Event) -> str:
        if isinstance(e, Roll):
            return self(e.key, e.params, e.label)
        return self(getattr(e, "key", ""), getattr(e, "params", {}), getattr(e, "text", ""))

    def result(self, r: Roll) -> str:
        return str(self.value(r.result or ""))

    def needs(self, r: Roll) -> str:
        """What the roll needs, read on its table ("1–2: dead; 3–6: back…"), or ""."""
        key = f"campaign.needs.{r.key.removeprefix('campaign.')}" if r.key else ""
        return self.t(key) if key and self.t.has(key) else ""

    def choice(self, e: DecisionTaken, names: dict[str, str]) -> str:
        """A band's answer to a post-game decision, in words (the computer's included: its
        ransom demand, GAP-68, is what the other band answers)."""
        t, option = self.t, e.option
        head, _, rest = option.partition(":")
        band = names.get(e.band, e.band)
        if e.kind == "ransom_demand" and head == "ask" and rest.isdigit():  # GAP-68
            return t("campaign.chose_ask", band=band, amount=int(rest))
        if e.kind == "ransom_demand" and head == "exchange":
            return t("campaign.chose_offer", band=band,
                     figure=names.get(f"{e.band}:{rest}", rest))
        if head == "ask" and rest.isdigit():
            words = t("campaign.opt_ask", amount=int(rest))
        elif head == "exchange":  # the captor's member given back (GAP-68)
            other = names.get(f"{e.band}:{rest}") or next(
                (v for k, v in names.items() if k.endswith(f":{rest}")
                 and not k.startswith(f"{e.band}:")), "")
            words = t("campaign.choice.exchange_for", figure=other) if other \
                else t("campaign.choice.exchange")
        elif head == "promote" and rest:
            words = t("campaign.opt_promote_chef", figure=names.get(f"{e.band}:{rest}", rest))
        elif t.has(f"campaign.choice.{option}"):
            words = t(f"campaign.choice.{option}")
        else:  # a weapon kept by an amputee
            words = t("campaign.opt_keep", weapon=self.value(self.weapons.get(option, option)))
        return t("campaign.chose", band=band, choice=words)


#: Decisions whose answers belong to the captives' page (GAP-68), not a figure's.
CAPTIVE_DECISIONS = ("ransom_demand", "ransom")


def section(e: Event) -> tuple[str, ...] | None:
    """Which page an event opens (None: it stays on the current page)."""
    if isinstance(e, ce.FigureTurn):
        return ("figure", e.figure)
    if isinstance(e, ce.XpGained):
        return ("xp",)
    if isinstance(e, ce.BandPoints) and e.reason == "vp":
        return ("vp",)
    if isinstance(e, DecisionTaken) and e.kind == "succession":  # D-11 [HOUSE]
        return ("succession", e.band)
    if isinstance(e, DecisionTaken) and e.kind in CAPTIVE_DECISIONS or \
            isinstance(e, ce.Captive) and e.outcome != "captured":
        return ("captives",)
    if isinstance(e, ce.Bought | ce.Hired):
        return ("shop", e.band)
    if isinstance(e, ce.Forfeited):  # D-10: the game not played opens the post-game
        return ("forfeit",)
    if isinstance(e, ce.BandLeft | ce.CampaignOver):
        return ("end",)
    return None


def _unchanged(e: Event) -> bool:
    """A profile line without words that changes nothing the panel shows (a dagger taken
    from the store, a weapon lost that gave no bonus): its line would only repeat the
    profile."""
    return isinstance(e, ce.ProfileChanged) and not e.text and \
        all(e.before.get(k) == e.after.get(k) for k in SHOWN)


def _figure(e: Event) -> str:
    return str(getattr(e, "figure", "") or "")


def shown(events: Sequence[Event]) -> list[Event]:
    """The events the panel shows, each once and after what it follows from: a profile
    change without words comes after the change it belongs to (a weapon lost for good, an
    injury) and one that changes nothing shown is left out, a result that the next line
    says again is dropped ("Borin: Dead" before "Borin is dead", "Marla: Captured" before
    "Marla is captured by…"; a captive "lost" twice), and the steps' bookkeeping is left
    out."""
    out: list[Event] = []
    events = [e for e in events
              if not isinstance(e, DecisionNeeded | ce.PhaseChanged | ce.GameRecorded)
              and not _unchanged(e)]
    for i, e in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        fig = _figure(e)
        if isinstance(e, ce.Injury) and isinstance(nxt, ce.Left | ce.Captive) and \
                nxt.figure == fig:
            continue  # the figure's leaving (or capture, by whom) says the result
        if isinstance(e, ce.Left) and out and isinstance(out[-1], ce.Captive) and \
                out[-1].figure == fig and out[-1].outcome == "lost":
            continue
        out.append(e)
    for i in range(len(out) - 1):  # a wordless profile change after the change it shows
        e, nxt = out[i], out[i + 1]
        if isinstance(e, ce.ProfileChanged) and not e.text and _figure(nxt) == e.figure and \
                not isinstance(nxt, ce.ProfileChanged | ce.FigureTurn):
            out[i], out[i + 1] = nxt, e
    return out


def paginate(events: Sequence[Event]) -> list[list[Event]]:
    """Pages of the procedure; a figure that came through unhurt gets no page of its own."""
    pages: list[list[Event]] = []
    current: tuple[str, ...] | None = None
    for e in shown(events):
        sec = section(e)
        if sec is not None and sec != current:
            current = sec
            pages.append([])
        if not pages:
            pages.append([])
        pages[-1].append(e)
    return [p for p in pages if not (len(p) == 1 and isinstance(p[0], ce.FigureTurn))]


def page_heading(page: Sequence[Event], t: Translator) -> str:
    """What a page is about, beside its number: a figure's page opens with its name; the
    others say their step (weapons lost for good, experience, band points, captives,
    purchases, a new Chef, a forfeit, bands leaving the campaign and its end, D-10)."""
    if not page or isinstance(page[0], ce.FigureTurn):
        return ""
    sec = section(page[0]) or ("lasting",)
    return t(f"campaign.section.{sec[0]}")


def profile_line(before: dict[str, Any], after: dict[str, Any], t: Translator) -> str:
    def show(k: str, v: object) -> str:
        plus = "+" if k in ("ct", "ccc") else ""
        return f"{t.num(v)}{plus}" if isinstance(v, float) else f"{v}{plus}"

    parts = []
    for k in SHOWN:
        b, a = before.get(k), after.get(k)
        parts.append(f"{STAT_NAMES[k]} {show(k, b)}" if a == b else
                     f"{STAT_NAMES[k]} {show(k, b)}→{show(k, a)}")
    return "  ".join(parts)


def title_height(text: Text) -> int:
    """The page's heading and the gap under it, above the first event."""
    return round(8 * text.scale) + round(24 * text.scale)


def page_room(rect: pygame.Rect, text: Text) -> int:
    """The height a page's events may fill in ``rect``, under its heading."""
    return rect.h - title_height(text) - round(8 * text.scale)


def draw_event(surface: pygame.Surface | None, text: Text, say: Say, e: Event,
               names: dict[str, str], x: int, y: int, width: int,
               tips: RuleTips | None = None) -> int:
    """Draw one event at ``y`` (or only measure it when ``surface`` is None) and return
    the ``y`` under it: measuring and drawing share one layout, so pages cut by height
    hold exactly what is drawn. Each rule ID drawn becomes a spot of ``tips``."""
    line = round(17 * text.scale)
    # a roll's lines beside its dice: at 960 × 600 they were 12 px apart for 12 px text
    small = max(round(13 * text.scale), text.font(12).get_linesize())
    die = round(22 * text.scale)

    def put(words: str, pos: tuple[int, int], size: int, colour: Any,
            bold: bool = False) -> None:
        if surface is not None:
            text.blit(surface, words, pos, size, colour, bold=bold)
            if tips is not None:
                tips.scan(text.font(size, bold), words, pos)

    def lines(words: str, y: int, colour: Any, indent: int = 0) -> int:
        for part in text.wrap(words, 12, width - indent):
            put(part, (x + indent, y), 12, colour)
            y += line
        return y

    if isinstance(e, ce.FigureTurn):
        who = names.get(e.figure, e.figure)
        put(f"{who} — {say.t('campaign.state.' + e.state)}", (x, y), 13, WARN, bold=True)
        return y + line + 2
    if isinstance(e, Roll):
        dx = x
        for face in e.dice:
            if surface is not None:
                draw_die(surface, pygame.Rect(dx, y, die, die), face, None)
            dx += die + 4
        room = width - (dx - x) - 6
        head = text.wrap(f"[{e.rule}] {say.event(e)}", 12, room)
        needs = text.wrap(say.needs(e), 12, room) if say.needs(e) else []
        for i, part in enumerate(head):
            put(part, (dx + 6, y + i * small), 12, (156, 195, 255) if i == 0 else TEXT)
        for i, part in enumerate(needs):
            put(part, (dx + 6, y + (len(head) + i) * small), 12, TEXT_DIM)
        res = say.result(e)
        n = len(head) + len(needs)
        if res:  # on the second line beside the dice, or under a longer heading
            n = max(2, n + 1)
            put(f"→ {res}", (dx + 6, y + (n - 1) * small), 12, WARN, bold=True)
        return y + max(die, small * max(2, n)) + 6
    if isinstance(e, ce.ProfileChanged):
        if e.text:
            y = lines(say.event(e), y, TEXT)
        who = names.get(e.figure, e.figure)
        return lines(say.t.pair(who, profile_line(e.before, e.after, say.t)), y, GOOD, 12) + 2
    if isinstance(e, DecisionTaken):
        return lines(say.choice(e, names), y, WARN)
    colour = BAD if isinstance(e, ce.Left) else TEXT
    words, rule = say.event(e), getattr(e, "rule", "")
    if rule and not all(r in words for r in rule.split()):  # a sentence may cite it already
        words += f"  [{rule.replace(' ', NBSP)}]"  # the rules kept whole on their line
    return lines(words, y, colour)


def fit_pages(pages: Sequence[Sequence[Event]], height: Callable[[Event], int],
              room: int) -> list[list[Event]]:
    """Cut each section's page where the next event would not fit in ``room`` pixels, so
    nothing is clipped: a long XP page becomes two or three."""
    out: list[list[Event]] = []
    for page in pages:
        cur: list[Event] = []
        used = 0
        for e in page:
            h = height(e)
            if cur and used + h > room:
                out.append(cur)
                cur, used = [], 0
            cur.append(e)
            used += h
        out.append(cur)
    return out


def draw_page(surface: pygame.Surface, rect: pygame.Rect, text: Text, say: Say,
              title: str, page: Sequence[Event], names: dict[str, str],
              tips: RuleTips | None = None) -> None:
    """One page: the figure (or section) heading, each roll with its dice, rule and result,
    every change, and the profile before → after. Pages are cut to fit (``fit_pages``)."""
    surface.fill(PANEL, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    x, y = rect.x + 10, rect.y + round(8 * text.scale)
    text.blit(surface, title, (x, y), 14, TEXT, bold=True)
    y = rect.y + title_height(text)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for e in page:
        y = draw_event(surface, text, say, e, names, x, y, rect.w - 20, tips)
    surface.set_clip(clip)


#: The chart's axis numbers and legend (its smallest words).
CHART_TEXT = 12


def legend_rows(text: Text, items: list[tuple[str, Any]], width: int
                ) -> list[list[tuple[str, Any, int]]]:
    """The legend's items (words, colour) flowed into rows ``width`` wide, each with its x
    offset: a band's long name goes to the next row rather than past the chart's edge (at
    960 × 600 "Les Rôdeurs d'Ithilien" ran out of it)."""
    font, gap = text.font(CHART_TEXT), text.font(CHART_TEXT).size("   ")[0]
    rows: list[list[tuple[str, Any, int]]] = [[]]
    x = 0
    for words, colour in items:
        words = fit_text(font, words, width)
        w = font.size(words)[0]
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((words, colour, x))
        x += w + gap
    return rows


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, text: Text, title: str,
               series: dict[str, tuple[tuple[int, int, int], list[int], list[int]]],
               legend: tuple[str, str]) -> None:
    """Each band's band points (solid, diamonds) and total XP (dashed, squares) after each
    game; the legend under it in as many rows as it needs."""
    surface.fill(PANEL, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    text.blit(surface, title, (rect.x + 8, rect.y + 6), 12, TEXT, bold=True)
    line = text.font(CHART_TEXT).get_linesize()
    items = [(f"{POINTS_MARK} {legend[0]}", TEXT_DIM), (f"{XP_MARK} {legend[1]}", TEXT_DIM),
             *((f"■ {name}", colour) for name, (colour, _, _) in series.items())]
    rows = legend_rows(text, items, rect.w - 16)
    top_y = rect.y + round(28 * text.scale)
    plot = pygame.Rect(rect.x + 40, top_y, rect.w - 56,
                       max(line, rect.bottom - top_y - (len(rows) + 1) * line - 8))
    pygame.draw.line(surface, PANEL_EDGE, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surface, PANEL_EDGE, plot.bottomleft, plot.topleft)
    values = [v for _, a, b in series.values() for v in (*a, *b)]
    n = max((len(a) for _, a, _ in series.values()), default=0)
    if n == 0:
        text.blit(surface, "—", plot.center, 14, TEXT_DIM, anchor="center")
        return
    top = max(1, max(values, default=1))
    text.blit(surface, str(top), (plot.x - 4, plot.y), CHART_TEXT, TEXT_DIM, anchor="topright")
    text.blit(surface, "0", (plot.x - 4, plot.bottom), CHART_TEXT, TEXT_DIM,
              anchor="bottomright")

    def pt(i: int, v: int) -> tuple[int, int]:
        fx = i / max(1, n - 1) if n > 1 else 0.5
        return (round(plot.x + fx * plot.w), round(plot.bottom - v / top * plot.h))

    for i in range(n):
        text.blit(surface, str(i + 1), (pt(i, 0)[0], plot.bottom + 2), CHART_TEXT, TEXT_DIM,
                  anchor="midtop")
    for colour, points, xp in series.values():
        for data, dotted in ((points, False), (xp, True)):
            pts = [pt(i, v) for i, v in enumerate(data)]
            if len(pts) > 1 and not dotted:
                pygame.draw.lines(surface, colour, False, pts, 2)
            for p in pts:
                if dotted:
                    pygame.draw.rect(surface, colour, pygame.Rect(p[0] - 3, p[1] - 3, 7, 7), 1)
                else:  # the legend's diamond, drawn as one at every size
                    pygame.draw.polygon(surface, colour, [(p[0], p[1] - 4), (p[0] + 4, p[1]),
                                                          (p[0], p[1] + 4), (p[0] - 4, p[1])])
            if dotted and len(pts) > 1:
                for a, b in zip(pts, pts[1:], strict=False):
                    for k in range(0, 10, 2):
                        s = (a[0] + (b[0] - a[0]) * k / 10, a[1] + (b[1] - a[1]) * k / 10)
                        e = (a[0] + (b[0] - a[0]) * (k + 1) / 10,
                             a[1] + (b[1] - a[1]) * (k + 1) / 10)
                        pygame.draw.line(surface, colour, s, e, 1)
    ly = rect.bottom - 4 - len(rows) * line
    for i, row in enumerate(rows):
        for words, colour, x in row:
            text.blit(surface, words, (rect.x + 8 + x, ly + i * line), CHART_TEXT, colour)
