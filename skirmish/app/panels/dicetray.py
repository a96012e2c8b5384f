"""The dice tray: the rolls of the last action, each with its rule ID, the dice, the
number needed, the modifiers it came from and the outcome, coloured and marked ✓/✗ by
whether it went the roller's way (``Roll.outcome``). A d20 roll (RULESETS §3.g) shows its
d20 and critical die by their shapes with their numbers, and its window ND < d ≤ CA as a
band on 1–20. A d6 roll with roles (RULESETS §2.g) shows each die in its role's colour —
red, white, the heroic die gold — and underlines the dice that gave the damage. Each rule
ID shown is a spot (:attr:`DiceTray.spots`) whose text a hover or a click shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from skirmish.app.describe import Describer
from skirmish.app.rows import odd_rows
from skirmish.app.rule_tips import spots
from skirmish.app.ruleset_kinds import is_card_draw
from skirmish.app.text import Text
from skirmish.app.theme import BAD, GOOD, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from skirmish.rules.events import D6Roll, D20Roll, DiceRoll, Face, Roll
from skirmish.rules.registry import ruleset_for

if TYPE_CHECKING:
    from skirmish.rules.kart7.events import CardDraw, CardEntry

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


#: A d6's body and pips by its role (RULESETS §0.6): red, white, heroic; any other white.
ROLE_COLOURS = {"red": ((196, 40, 40), (250, 250, 250)), "heroic": ((232, 186, 60), (30, 20, 0))}
WHITE = ((245, 245, 240), (20, 20, 20))
DAMAGE_MARK = (250, 200, 60)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, good: bool | None,
             role: str = "") -> None:
    body, pip = ROLE_COLOURS.get(role, WHITE)
    edge = _edge(good)
    pygame.draw.rect(surface, body, rect, border_radius=4)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=4)
    q = rect.w / 4
    for dx, dy in PIPS.get(face, []):
        pygame.draw.circle(surface, pip, (rect.centerx + dx * q, rect.centery + dy * q),
                           max(2, rect.w // 9))


def _edge(good: bool | None) -> tuple[int, int, int]:
    return GOOD if good else BAD if good is False else (200, 200, 200)


def die_width(face: Face, size: int) -> int:
    """A die's width in the tray: a d100's tens die, which reads two digits ("90"), half as
    wide again as the others, so its number stays inside its diamond."""
    return round(size * 1.5) if face.role == "tens" else size


def draw_polydie(surface: pygame.Surface, rect: pygame.Rect, face: Face, text: Text,
                 good: bool | None) -> None:
    """A d20 as a hexagon with its inner triangle, any other kind (the critical die) as a
    diamond as wide as ``rect``, the number in the middle; the critical die and its extra
    d20s tinted amber."""
    cx, cy, r, rx = rect.centerx, rect.centery, rect.h / 2, rect.w / 2
    if face.die == "d20":
        pts = [(cx + r * dx, cy + r * dy) for dx, dy in
               ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5))]
    else:
        pts = [(cx, cy - r), (cx + rx * 0.8, cy), (cx, cy + r), (cx - rx * 0.8, cy)]
    fill = (250, 226, 170) if face.role == "critical" else (245, 245, 240)
    pygame.draw.polygon(surface, fill, pts)
    if face.die == "d20":
        pygame.draw.polygon(surface, (190, 190, 185), [pts[5], pts[1], pts[3]], 1)
    pygame.draw.polygon(surface, _edge(good), pts, 2)
    # a d100's tens die reads 00–90 (RULESETS §1.g: d100 as tens and units dice)
    words = f"{face.face * 10:02d}" if face.role == "tens" else str(face.face)
    text.blit(surface, words, (cx, cy + 1), 10 if len(words) > 1 else 11,
              (20, 20, 20), bold=True, anchor="center")


#: The red suits (RULESETS §4.g: cards face up in the tray).
RED_SUITS = ("H", "D")
RETAINED = (240, 200, 80)


def card_size(size: int) -> tuple[int, int]:
    """A card's width and height beside a die of ``size``: taller than a die, so its rank
    and suit read at a glance."""
    return round(size * 1.1), round(size * 1.55)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: CardEntry | None, text: Text,
              retained: bool) -> None:
    """A playing card face up: its rank over its suit's sign, red or black, edged green
    when it is at most the threshold and red above it; the retained card (the draw's
    quality) stands a little higher, edged gold. ``card`` None: its back, while the
    draw is being made."""
    if card is None:
        pygame.draw.rect(surface, (60, 80, 150), rect, border_radius=3)
        pygame.draw.rect(surface, (230, 230, 240), rect.inflate(-4, -4), 1, border_radius=2)
        return
    if retained:
        rect = rect.move(0, -3)
    pygame.draw.rect(surface, (250, 250, 246), rect, border_radius=3)
    edge = RETAINED if retained else _edge(card.success)
    pygame.draw.rect(surface, edge, rect, 3 if retained else 2, border_radius=3)
    suit = card.card[-1]
    ink = (200, 30, 30) if suit in RED_SUITS else (20, 20, 20)
    rank = card.card[:-1]
    text.blit(surface, rank, (rect.centerx, rect.y + rect.h * 0.3), 11 if len(rank) > 1
              else 12, ink, bold=True, anchor="center")
    from skirmish.rules.kart7.panel import SUIT_SIGNS  # a KART 7 game's

    text.blit(surface, SUIT_SIGNS.get(suit, suit), (rect.centerx, rect.y + rect.h * 0.7), 13,
              ink, anchor="center")


def _retained_index(roll: CardDraw) -> int | None:
    """Which card is the retained one: the first of its name among the cards drawn."""
    if roll.retained is None:
        return None
    return next((i for i, c in enumerate(roll.cards) if c.card == roll.retained), None)


#: [WF-LOC] the body diagram's boxes, in a 3 × 4 grid: (column, row, columns, rows).
BODY = {"head": (1, 0, 1, 1), "right_arm": (0, 1, 1, 1), "body": (1, 1, 1, 2),
        "left_arm": (2, 1, 1, 1), "right_leg": (0.5, 3, 1, 1), "left_leg": (1.5, 3, 1, 1)}


def draw_body(surface: pygame.Surface, rect: pygame.Rect, hit: str, armour: dict[str, int],
              text: Text) -> None:
    """RULESETS §1.g: the location hit on a body diagram, each location with its AP (the
    figure's right arm on the diagram's left, as it faces the player)."""
    cw, rh = rect.w / 3, rect.h / 4
    for where, (col, row, cols, rows) in BODY.items():
        box = pygame.Rect(round(rect.x + col * cw) + 1, round(rect.y + row * rh) + 1,
                          round(cols * cw) - 2, round(rows * rh) - 2)
        on = where == hit
        pygame.draw.rect(surface, BAD if on else (70, 74, 84), box, border_radius=3)
        text.blit(surface, str(armour.get(where, 0)), box.center, 10,
                  (255, 255, 255) if on else TEXT_DIM, bold=on, anchor="center")


def draw_window(surface: pygame.Surface, rect: pygame.Rect, roll: D20Roll) -> None:
    """[CA-ND] the 1–20 band: the window ND < d ≤ CA in green, the d20's face marked."""
    cell = rect.w / 20
    for n in range(1, 21):
        inside = roll.window.nd < n <= roll.window.ca
        colour = (60, 140, 90) if inside else (70, 74, 84)
        pygame.draw.rect(surface, colour, (rect.x + (n - 1) * cell, rect.y,
                                           max(1, cell - 1), rect.h))
    d20 = next((f.face for f in roll.faces if f.die == "d20"), None)
    if d20 is not None:
        x = rect.x + (d20 - 0.5) * cell
        pygame.draw.line(surface, (250, 250, 250), (x, rect.y - 2), (x, rect.bottom + 1), 2)


def _armour(roll: Roll, d: Describer) -> dict[str, int] | None:
    """The AP by location of the figure a located roll hit, when its ruleset has them."""
    if not isinstance(roll, DiceRoll) or not roll.location or not roll.target \
            or roll.target not in d.s.figures:
        return None
    return ruleset_for(d.s.ruleset).figure_panel(d.s, roll.target).armour or None


#: The colour of a roll's head: its rule and what was rolled.
HEAD = (156, 195, 255)


class DiceTray:
    def __init__(self, rect: pygame.Rect, title: str) -> None:
        self.rect = rect
        self.title = title
        self.rolls: list[Roll] = []
        self.lines: list[tuple[Roll, list[str], str, str]] = []
        #: Per line, the dice to underline: those that gave the damage.
        self.marked: list[tuple[int, ...]] = []
        self.cache: pygame.Surface | None = None
        #: The rule IDs drawn, each with its box from the tray's top left.
        self._spots: list[tuple[pygame.Rect, str]] = []

    @property
    def spots(self) -> list[tuple[pygame.Rect, str]]:
        """Each rule ID shown ("[R-SHOOT-HIT]") and its box on the window."""
        return [(r.move(self.rect.topleft), rule) for r, rule in self._spots]

    def set_rolls(self, rolls: list[Roll], d: Describer, text: Text,
                  marked: dict[int, tuple[int, ...]] | None = None,
                  notes: dict[int, str] | None = None) -> None:
        """Show the last of ``rolls``; ``marked`` the dice to underline and ``notes`` words
        to add under a roll's inputs, each by the roll's place in ``rolls``."""
        first = max(0, len(rolls) - 8)
        self.rolls = rolls[first:]
        marked, notes = marked or {}, notes or {}
        width = self.rect.w - 12
        self.lines = []
        self.marked = []
        for i, r in enumerate(self.rolls, start=first):
            label = d.label(r)
            names = [d.fig(x) for x in (r.figure, r.target) if x]
            # who rolled, and against whom, unless the label already says it (Clé en
            # main's "Aelindra: Combat (tir) against Oin"), or only its target when it names
            # the roller ("Cid: Fortune reroll → Ann")
            who = "" if all(n in label for n in names) else " → ".join(names)
            if who and r.target and names[0] in label:
                head = f"[{r.rule}] {label} → {d.fig(r.target)}"
            else:
                head = f"[{r.rule}] {label}" + (f" — {who}" if who else "")
            inputs = " · ".join(x for x in (d.inputs(r), notes.get(i, "")) if x)
            self.lines.append((r, text.wrap(head, 11, width), inputs, d.outcome(r)))
            self.marked.append(marked.get(i, ()))
        self.cache = None

    def draw(self, surface: pygame.Surface, text: Text, d: Describer, tumbling: bool,
             face: Callable[[], int]) -> None:
        """Settled dice are drawn once and reused; tumbling ones every frame."""
        if tumbling:
            self._draw(surface, self.rect, text, d, True, face)
            return
        if self.cache is None:
            # rows an odd number of pixels apart: blitted every frame, fast (skirmish.app.rows)
            self.cache = odd_rows(self.rect.size, pygame.display.get_surface())
            self._draw(self.cache, self.cache.get_rect(), text, d, False, face)
        surface.blit(self.cache, self.rect)

    @staticmethod
    def _result_lines(entry: tuple[Roll, list[str], str, str], d: Describer, text: Text,
                      size: int, width: int) -> list[str]:
        """The words after the dice (total, need, outcome), wrapped under them when they
        do not fit beside them, so no word is cut at the panel's edge."""
        roll, _, _, outcome = entry
        total_s = f"= {sum(roll.dice)} " if len(roll.dice) > 1 and \
            not isinstance(roll, (D20Roll, DiceRoll, D6Roll)) and not is_card_draw(roll) else ""
        if isinstance(roll, D6Roll) and roll.need is not None:  # the total, modifiers in
            total_s = f"= {roll.total} "
        if isinstance(roll, DiceRoll) and len(roll.faces) > 1:  # a d100: its value, reversed
            total_s = f"= {roll.value} "
            if roll.location:
                total_s += f"({d.location(roll.value, roll.location)}) "
        need = d.need_phrase(roll)
        if isinstance(roll, D20Roll):  # keep "14 < d ≤ 24" and "°R 22" whole when wrapped
            need = need.replace(" < d ≤ ", "\u00a0<\u00a0d\u00a0≤\u00a0")
            outcome = outcome.replace("°R ", "°R\u00a0").replace("°É ", "°É\u00a0")
        need_s = f"{need} " if need else ""
        # the mark keeps its word when wrapped: "✓ l'emporte", never "✓" at a line's end
        said = "\u00a0".join(w for w in (d.mark(roll), outcome) if w)
        tail = f"→ {said}" if outcome else ""
        words = f"{total_s}{need_s}{tail}"
        if isinstance(roll, (D20Roll, DiceRoll)):
            dice_w = sum(die_width(f, size) + 4 for f in roll.faces)
        else:
            each = card_size(size)[0] if is_card_draw(roll) else size
            dice_w = (each + 4) * max(1, len(roll.dice))
        beside = width - dice_w - 8
        if text.font(12, True).size(words)[0] <= beside:
            return [words]
        first = text.wrap(words, 12, beside, bold=True)[0]
        rest = words[len(first):].strip()
        return [first, *text.wrap(rest, 12, width - 6, bold=True)] if rest else [first]

    @staticmethod
    def _sizes(text: Text) -> tuple[int, int, int]:
        """A die's size, a line's height and a d20 window band's height, in pixels."""
        return round(18 * text.scale), round(14 * text.scale), round(9 * text.scale)

    def _laid(self, text: Text, d: Describer) -> list[tuple[tuple[Roll, list[str], str, str],
                                                            list[str], list[str], int]]:
        """Each roll's lines: its result's and its inputs' wrapped, and its height."""
        size, line_h, band_h = self._sizes(text)
        width = self.rect.w - 14
        out = []
        for entry in self.lines:
            result = self._result_lines(entry, d, text, size, width)
            inputs = text.wrap(entry[2], 10, width) if entry[2] else []
            h = line_h * (len(entry[1]) + len(inputs) + max(0, len(result) - 1)) + size + 8
            if isinstance(entry[0], D20Roll):
                h += band_h
            if is_card_draw(entry[0]):
                h += card_size(size)[1] - size + 4
            if _armour(entry[0], d) is not None:  # the body diagram with its AP
                h += round(64 * text.scale) + 4
            out.append((entry, result, inputs, h))
        return out

    def height_for(self, text: Text, d: Describer, most: int) -> int:
        """The tray's height to show its newest rolls whole, ``most`` pixels at most (the
        folded tray shows over the board as small as its rolls allow)."""
        h = 4 + round(18 * text.scale) + 4
        for *_, roll_h in reversed(self._laid(text, d)):
            if h + roll_h > most:
                break
            h += roll_h
        return min(most, max(h, 4 + round(18 * text.scale) * 3))

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect, text: Text, d: Describer,
              tumbling: bool, face: Callable[[], int]) -> None:
        surface.fill(PANEL, rect)
        pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
        x, y = rect.x + 6, rect.y + 4
        self._spots = []
        text.blit(surface, self.title, (x, y), 12, TEXT, bold=True)
        y += round(18 * text.scale)
        size, line_h, band_h = self._sizes(text)
        width = rect.w - 14
        shown = []
        total = 0
        for entry, result, inputs, h in reversed(self._laid(text, d)):
            if total + h > rect.bottom - y:
                break
            shown.append((entry, result, inputs))
            total += h
        marks = {id(entry[0]): m for entry, m in zip(self.lines, self.marked, strict=True)}
        for (roll, head, _, _), result, inputs in reversed(shown):
            for part in head:  # a head wrapped on two lines reads as one, in one colour
                text.blit(surface, part, (x, y), 11, HEAD)
                self._spots += spots(text.font(11), part, (x - rect.x, y - rect.y))
                y += line_h
            dx = x
            if is_card_draw(roll):
                kept = _retained_index(roll)
                card_w, card_h = card_size(size)
                for i, c in enumerate(roll.cards):
                    draw_card(surface, pygame.Rect(dx, y + 2, card_w, card_h),
                              None if tumbling else c, text, not tumbling and i == kept)
                    dx += card_w + 4
                lift = (card_h - size) // 2 + 2  # the words beside the cards, at their middle
                y += lift
            elif isinstance(roll, (D20Roll, DiceRoll)):
                for f in roll.faces:
                    sides = int(f.die[1:])
                    shown = Face(die=f.die, face=face() * 7 % sides + 1, role="") \
                        if tumbling else f
                    w = die_width(f, size)
                    draw_polydie(surface, pygame.Rect(dx, y, w, size), shown, text,
                                 None if tumbling else d.good(roll))
                    dx += w + 4
            else:
                roles = [f.role for f in roll.faces] if isinstance(roll, D6Roll) \
                    else [""] * len(roll.dice)
                underline = () if tumbling else marks.get(id(roll), ())
                for i, (v, role) in enumerate(zip(roll.dice, roles, strict=True)):
                    shown_face = face() if tumbling else v
                    box = pygame.Rect(dx, y, size, size)
                    draw_die(surface, box, shown_face, None if tumbling else d.good(roll), role)
                    if i in underline:
                        pygame.draw.line(surface, DAMAGE_MARK, (box.x, box.bottom + 1),
                                         (box.right - 1, box.bottom + 1), 3)
                    dx += size + 4
            if not roll.dice:
                text.blit(surface, "—", (dx, y + size / 2), 12, TEXT, anchor="midleft")
                dx += 16
            if not tumbling:
                good = d.good(roll)  # good for the roller, not the roll's own comparison
                colour = GOOD if good else BAD if good is False else TEXT
                for i, part in enumerate(result):
                    at = (dx + 4, y + size / 2) if i == 0 else (x + 4, y + size + line_h * i - 4)
                    text.blit(surface, part, at, 12, colour, anchor="midleft", bold=True)
            y += size + 2 + line_h * max(0, len(result) - 1)
            if is_card_draw(roll):
                y += card_size(size)[1] - size + 4 - lift
            if isinstance(roll, D20Roll):
                draw_window(surface, pygame.Rect(x + 2, y + 2, min(width - 4, round(160 * text.scale)),
                                                 band_h - 5), roll)
                y += band_h
            armour = _armour(roll, d)
            if armour is not None:
                body = round(64 * text.scale)
                draw_body(surface, pygame.Rect(x + 2, y + 2, body * 3 // 4, body),
                          str(roll.location), armour, text)  # type: ignore[attr-defined]
                text.blit(surface, d.t("tray.ap"), (x + body, y + body // 2), 10, TEXT_DIM,
                          anchor="midleft")
                y += body + 4
            for part in inputs:
                text.blit(surface, part, (x + 4, y), 10, TEXT_DIM)
                y += line_h
            y += 6
