"""The top bar (the ruleset, turn, the scheduler's stage, the order, who acts now: RULESETS
S4 through :class:`~skirmish.rules.turn.TurnView`) and the bottom bar (whose seat it is,
and the hover line)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.text import Text
from skirmish.app.theme import PANEL, PANEL_EDGE, TEXT, TEXT_DIM, WARN
from skirmish.rules.turn import TurnView


@dataclass(frozen=True)
class Chip:
    """A band's place in the order as the top bar shows it."""

    band: str
    mark: str  # "▶ " for the band to act
    name: str
    score: str  # " 8": its initiative score after the name (" 8 · ½ held": a held half)

    def words(self, name: str | None = None) -> str:
        return f"{self.mark}{self.name if name is None else name}{self.score}"


@dataclass
class TopBar:
    """What the top bar drew: each chip's words and box, and whether a name was cut
    (then the full order is offered on hover, :func:`order_words`)."""

    chips: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    cut: bool = False
    #: The ruleset's words: hovered, they show the house rules in force.
    rules: pygame.Rect = field(default_factory=pygame.Rect)


#: Sizes: the one-row bar (head, chips), and its two rows when one does not hold them.
HEAD, CHIP, SMALL = 13, 12, 11
#: Pixels around a chip's words: its colour square on the left, a margin on the right.
CHIP_LEFT, CHIP_RIGHT = 17, 5


def named(d: Describer, params: dict[str, object]) -> dict[str, object]:
    """A stage's parameters with its band and figure ids named in the window's words."""
    out = dict(params)
    if isinstance(params.get("band"), str):
        out["band"] = d.band(str(params["band"]))
    if isinstance(params.get("figure"), str):
        out["figure"] = d.fig(str(params["figure"]))
    return out


def head_words(d: Describer, view: TurnView) -> str:
    """Turn and the scheduler's stage (a wave with its d6 and activations left), or the
    phase."""
    t = d.t
    if view.phase == "deployment":
        return t("top.deployment")
    if view.phase == "over":
        return t("top.over")
    # a ruleset's engine words its own stages (KART 7's "declarations") under engine.*
    stage = " ".join(t(said.key if t.has(said.key) else f"engine.{said.key}",
                       **named(d, said.params)) for said in view.stage)
    turn = t("top.turn", n=view.turn, of=view.turns)
    return f"{turn} · {stage}" if stage else turn


def order_chips(d: Describer, view: TurnView, scores: dict[str, int]) -> list[Chip]:
    """The scheduler's order strip: bands (their initiative score from ``scores``) or
    figures (their own), the one to act marked, and a figure holding a half action for
    later (a WFRP Retardement, RULESETS §1.g) said so after its score."""
    shown = view.phase != "deployment"
    chips = []
    for slot in view.order:
        score = slot.score if slot.score is not None else scores.get(slot.band)
        name = d.fig(slot.figure) if slot.figure is not None else d.band(slot.band)
        held = f" {d.t('top.held')}" if slot.held else ""
        chips.append(Chip(slot.band, "▶ " if slot.now else "", name,
                          (f" {score}" if score is not None and shown else "") + held))
    return chips


def order_words(t: Translator, chips: list[Chip]) -> str:
    """The whole order in words, for the tooltip when the bar had to cut a name."""
    return f"{t('top.order')} {' → '.join(c.name + c.score for c in chips)}"


def draw_top(surface: pygame.Surface, rect: pygame.Rect, text: Text, d: Describer,
             view: TurnView, colours: dict[str, tuple[int, int, int]], chips: list[Chip],
             ruleset: str, right_margin: int) -> TopBar:
    """The ruleset, turn and wave on the left (RULESETS §0.7: the battle screen names
    the ruleset), then the order as coloured, named chips, all ending before the bar's
    buttons. In one row when it holds them whole, else in two rows of smaller words:
    the head, then the order (at 960 × 600 in French the second band's name ran under
    the buttons, and of three bands only the first showed); names too long even so are
    shortened evenly between words with "…", and the bar says so (``cut``)."""
    surface.fill(PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    end = rect.right - right_margin - 4  # the top bar's buttons start there
    rules = d.t("rules.ruleset", name=ruleset)
    head = head_words(d, view)
    order = d.t("top.order")
    x = rect.x + 8
    one = text.font(12).size(f"{rules} · ")[0] + text.font(HEAD, True).size(head)[0] + 14 \
        + text.font(12).size(order)[0] + 6
    names = _fit_names(text.font(CHIP, True), text.font(CHIP), chips, end - x - one, CHIP)
    if names is not None and all(n == c.name for n, c in zip(names, chips, strict=True)):
        y = rect.centery
        said = text.blit(surface, f"{rules} · ", (x, y), 12, TEXT_DIM, anchor="midleft")
        r = text.blit(surface, head, (said.right, y), HEAD, TEXT, bold=True, anchor="midleft")
        r = text.blit(surface, order, (r.right + 14, y), 12, TEXT_DIM, anchor="midleft")
        return TopBar(_draw_chips(surface, text, colours, chips, names, r.right + 6, y, CHIP,
                                  end), rules=said)
    top, low = rect.y + rect.h * 27 // 100, rect.y + rect.h * 73 // 100
    said = text.blit(surface, f"{rules} · ", (x, top), SMALL, TEXT_DIM, anchor="midleft")
    text.blit(surface, fit_text(text.font(SMALL, True), head, end - said.right),
              (said.right, top), SMALL, TEXT, bold=True, anchor="midleft")
    r = text.blit(surface, order, (x, low), SMALL, TEXT_DIM, anchor="midleft")
    names = _fit_names(text.font(SMALL, True), text.font(SMALL), chips, end - r.right - 4,
                       SMALL) or [""] * len(chips)
    drawn = _draw_chips(surface, text, colours, chips, names, r.right + 4, low, SMALL, end)
    cut = len(drawn) < len(chips) or any(n != c.name for n, c in zip(names, chips, strict=True))
    return TopBar(drawn, cut, said)


def _fixed(bold: pygame.font.Font, font: pygame.font.Font, chips: list[Chip]) -> int:
    """The chips' width without their names: marks, scores, boxes and arrows."""
    arrows = (len(chips) - 1) * (font.size("→")[0] + 8)
    return arrows + sum((bold if c.mark else font).size(c.words(""))[0] + CHIP_LEFT
                        + CHIP_RIGHT + 4 for c in chips)


def _fit_names(bold: pygame.font.Font, font: pygame.font.Font, chips: list[Chip],
               room: int, size: int) -> list[str] | None:
    """The chips' names within ``room``: whole if they fit, else the longest cut to an even
    share (the shorter kept whole); None when even "MM…" each would not fit."""
    room -= _fixed(bold, font, chips)
    fonts = [bold if c.mark else font for c in chips]
    widths = [f.size(c.name)[0] for f, c in zip(fonts, chips, strict=True)]
    if sum(widths) <= room:
        return [c.name for c in chips]
    left, n = room, len(chips)
    for w in sorted(widths):  # the shorter names whole, the rest share what is left
        if w > left / n:
            break
        left, n = left - w, n - 1
    share = left // max(1, n)
    if share < font.size("MM…")[0]:
        return None
    return [c.name if w <= share else fit_text(f, c.name, share)
            for f, c, w in zip(fonts, chips, widths, strict=True)]


def _draw_chips(surface: pygame.Surface, text: Text, colours: dict[str, tuple[int, int, int]],
                chips: list[Chip], names: list[str], x: int, y: int, size: int, end: int
                ) -> list[tuple[str, pygame.Rect]]:
    """The chips from ``x``, as many as end before ``end`` (a ladder of every figure is
    longer than any bar): the rest give way to "…", the whole order being in the tooltip."""
    out: list[tuple[str, pygame.Rect]] = []
    more = text.font(size).size("…")[0] + 4
    for i, (c, name) in enumerate(zip(chips, names, strict=True)):
        now = bool(c.mark)
        words = c.words(name)
        chip = text.render(words, size, (0, 0, 0) if now else TEXT, now)
        pad = 3 if size == CHIP else 1
        box = pygame.Rect(x, y - chip.get_height() // 2 - pad, chip.get_width() + CHIP_LEFT
                          + CHIP_RIGHT, chip.get_height() + 2 * pad)
        if box.right > end - (more if i < len(chips) - 1 else 0):
            text.blit(surface, "…", (x, y), size, TEXT_DIM, anchor="midleft")
            break
        surface.fill(WARN if now else (44, 50, 60), box)
        pygame.draw.rect(surface, colours[c.band], (box.x + 3, box.y + 3, 10, box.h - 6))
        surface.blit(chip, (box.x + CHIP_LEFT, box.y + pad))
        out.append((words, box))
        x = box.right + 4
        if i < len(chips) - 1:
            r = text.blit(surface, "→", (x, y), size, TEXT_DIM, anchor="midleft")
            x = r.right + 4
    return out


#: How the hover line's parts are joined ("ligne de vue dégagée · 17,5 pas · …").
PART = " · "


def hover_lines(text: Text, words: str, width: int, size: int = 12) -> list[str]:
    """The hover line in one line, else two broken only between its " · " parts (never
    inside one, "hors de / combat 0 %"), the two as even as the parts allow; words that
    would need a third line end in "…" (the left box under the buttons shows them whole)."""
    font = text.font(size)
    if font.size(words)[0] <= width:
        return [words]
    parts = words.split(PART)
    splits = [(PART.join(parts[:i]), PART.join(parts[i:])) for i in range(1, len(parts))]
    even = [(max(font.size(a)[0], font.size(b)[0]), [a, b]) for a, b in splits
            if font.size(a)[0] <= width and font.size(b)[0] <= width]
    if even:
        return min(even, key=lambda x: x[0])[1]
    lines = text.wrap(words, size, width)
    return lines if len(lines) <= 2 else [lines[0], fit_text(font, " ".join(lines[1:]), width)]


def draw_bottom(surface: pygame.Surface, rect: pygame.Rect, split: int, text: Text,
                seat_label: str, seat_colour: tuple[int, int, int], hover: str
                ) -> list[tuple[str, pygame.Rect]]:
    """The seat on the left, the hover line beside it; returns the hover line's lines
    as drawn, with their boxes."""
    surface.fill(PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.topright)
    seat = pygame.Rect(rect.x, rect.y, split, rect.h)
    dark = tuple(max(0, c * 45 // 100) for c in seat_colour)
    surface.fill(dark, seat)
    pygame.draw.rect(surface, seat_colour, (seat.x, seat.y, 8, seat.h))
    lines = text.wrap(seat_label, 12, split - 18, bold=True)[:2]
    lh = text.font(12, True).get_linesize()
    y0 = seat.centery - lh * len(lines) / 2
    for i, line in enumerate(lines):
        text.blit(surface, line, (seat.x + 14, y0 + i * lh), 12, TEXT, bold=True)
    lines = hover_lines(text, hover, rect.w - split - 16)
    lh = text.font(12).get_linesize()
    y0 = rect.centery - lh * len(lines) / 2
    return [(line, text.blit(surface, line, (split + 10, y0 + i * lh), 12, TEXT))
            for i, line in enumerate(lines)]
