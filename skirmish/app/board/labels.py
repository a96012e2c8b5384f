"""Words on the board placed so that no two overlap.

Everything the board writes (figure names, terrain captions, path costs, lines of sight,
range bands, the tape) goes through ``BoardText.blit``, which only records the label.
``flush`` then places them in order of priority: each at the spot asked for or, if that
is taken, at the first free nearby spot; a label with no free spot is left out (the
hover line and the figure card still say it). A label given ``within`` (a figure's name:
the part of the table on show) stays inside it, at the free spot nearest the one asked
for: a name once floated above the table's edge, a label's height off its figure. A
label given its ``owner`` (a figure's name: the figure's base) also goes only where its
centre and its nearest edge are nearer that figure than any other base drawn (``base``),
above, beside or under it, or is left out unless ``keep`` (the figure in focus: then
the least misleading free spot): with two figures close at 1920 × 1080, a name sat
over the neighbour and was read as his. The rectangles drawn are kept in ``placed`` so
tests can check that none overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from skirmish.app.text import Colour, Text

#: Who wins a contested spot: higher first.
TOOL, TAPE, NAME, RANGE, TERRAIN, ZONE = 50, 40, 30, 20, 10, 5
#: A figure's base on the screen: its centre and radius in pixels.
Base = tuple[tuple[int, int], int]
#: How far a name stands off its base (pixels): above or beside it, and under it (past
#: the PV pips drawn there).
GAP, UNDER = 3, 8
#: A name plainly belongs to its figure when it is at most this part as far from another.
CLEAR = 0.8
#: Pixels kept between two labels: touching, two read as one ("M✓ Dutchel"), stacked.
APART = 3


@dataclass
class _Label:
    text: str
    pos: tuple[float, float]
    size: int
    colour: Colour
    bold: bool
    anchor: str
    backdrop: Colour | None
    priority: int
    order: int
    within: pygame.Rect | None = None
    owner: Base | None = None
    keep: bool = False


#: What a stretch of drawing told a ``BoardText``: how much it held before (``mark``),
#: then the labels, the boxes kept free and the bases it was given.
Told = tuple[tuple[int, int, int], tuple[_Label, ...], tuple[pygame.Rect, ...], tuple[Base, ...]]


class BoardText:
    """A ``Text`` look-alike for the board's drawing functions (see the module)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.scale = text.scale
        self.priority = NAME
        self.pending: list[_Label] = []
        self.placed: list[tuple[pygame.Rect, str]] = []
        self.reserved: list[pygame.Rect] = []
        self.bases: list[Base] = []
        self._boxes: dict[tuple[str, int, bool, Colour, Colour | None], pygame.Surface] = {}

    # the Text methods the board's drawers use
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.text.font(size, bold)

    def render(self, words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        return self.text.render(words, size, colour, bold)

    def wrap(self, words: str, size: int, width: int, bold: bool = False) -> list[str]:
        return self.text.wrap(words, size, width, bold)

    def blit(self, target: pygame.Surface, words: str, pos: tuple[float, float], size: int,
             colour: Colour, *, bold: bool = False, anchor: str = "topleft",
             backdrop: Colour | None = None, priority: int | None = None,
             within: pygame.Rect | None = None, owner: Base | None = None,
             keep: bool = False) -> pygame.Rect:
        """Record a label; returns where it would go if nothing were in the way. ``owner``:
        the base the label names; with no free spot nearer it than any other base, the
        label is left out unless ``keep`` (then it takes the nearest free spot)."""
        self.pending.append(_Label(words, pos, size, colour, bold, anchor, backdrop,
                                   self.priority if priority is None else priority,
                                   len(self.pending), within, owner, keep))
        surf = self.text.render(words, size, colour, bold)
        return surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})

    def stamp(self, target: pygame.Surface, words: str, at: tuple[float, float], size: int,
              colour: Colour) -> None:
        """Draw a small mark (a badge on a figure) at once, centred on ``at``: marks belong
        to their figure and are not moved."""
        box = self._box(_Label(words, at, size, colour, True, "center", (0, 0, 0, 170), 0, 0))
        target.blit(box, box.get_rect(center=(round(at[0]), round(at[1]))))

    # what a drawing told, told again
    def mark(self) -> tuple[int, int, int]:
        """How many labels, free boxes and bases this frame's words hold so far."""
        return len(self.pending), len(self.reserved), len(self.bases)

    def since(self, mark: tuple[int, int, int]) -> Told:
        """What the words were told since ``mark``."""
        return (mark, tuple(self.pending[mark[0]:]),
                tuple(pygame.Rect(r) for r in self.reserved[mark[1]:]),
                tuple(self.bases[mark[2]:]))

    def retell(self, told: Told) -> None:
        """Tell the words again what they were told (:meth:`since`), from the same mark:
        the labels keep their order."""
        _, pending, reserved, bases = told
        self.pending += pending
        self.reserved += [pygame.Rect(r) for r in reserved]
        self.bases += bases

    # placing
    def reserve(self, rect: pygame.Rect) -> None:
        """Keep this frame's labels off ``rect`` (a base or marker drawn on the board)."""
        self.reserved.append(pygame.Rect(rect))

    def base(self, centre: tuple[int, int], r: int) -> None:
        """A figure's base drawn this frame: labels keep off it, and a name goes nearer its
        own base than this one."""
        self.reserve(pygame.Rect(centre[0] - r + 2, centre[1] - r + 2, 2 * r - 4, 2 * r - 4))
        self.bases.append((centre, r))

    def flush(self, target: pygame.Surface, bounds: pygame.Rect) -> None:
        """Place and draw the recorded labels inside ``bounds``."""
        bases_taken = self.reserved  # bases and markers: a label may touch them, not cover
        apart: list[pygame.Rect] = []  # the labels placed, with the gap kept around them
        self.placed = [(r, "") for r in bases_taken]
        self.reserved = []
        bases, self.bases = self.bases, []
        for lab in sorted(self.pending, key=lambda x: (-x.priority, x.order)):
            box = self._box(lab)
            rect = box.get_rect(**{lab.anchor: (round(lab.pos[0]), round(lab.pos[1]))})
            inside = bounds if lab.within is None else bounds.clip(lab.within)
            spots = self._spots(rect, inside, nearest=lab.within is not None)
            if lab.owner is not None:  # nearest the spot asked for first
                spots = sorted(_around(rect, lab.owner, inside) + spots,
                               key=lambda r: math.dist(r.center, rect.center))
            free = [r for r in spots if r.collidelist(bases_taken) < 0
                    and r.collidelist(apart) < 0]
            if lab.owner is not None:  # its own figure's spots first, the plainest first
                near = _near(lab.owner, free, bases)
                scored = sorted((_whose(r, lab.owner, near), i, r) for i, r in enumerate(free))
                free = [r for whose, _, r in scored if lab.keep or whose < 1]
            if not free:
                continue
            target.blit(box, free[0])
            apart.append(free[0].inflate(2 * APART, 2 * APART))
            self.placed.append((free[0], lab.text))
        self.pending.clear()

    @staticmethod
    def _spots(rect: pygame.Rect, bounds: pygame.Rect, nearest: bool = False
               ) -> list[pygame.Rect]:
        """Where a label asked for at ``rect`` may go inside ``bounds``, best first: there,
        a line or two up or down, half its width aside (``nearest``: sideways before two
        lines up or down)."""
        h, w = rect.h + 1 + 2 * APART, rect.w // 2 + 4
        moves = [(0, 0), (0, -h), (0, h), (0, -2 * h), (0, 2 * h), (w, 0), (-w, 0), (w, -h),
                 (-w, -h), (w, h), (-w, h)]
        if nearest:
            moves.sort(key=lambda m: m[0] * m[0] + m[1] * m[1])
        return [r for r in (rect.move(dx, dy).clamp(bounds) for dx, dy in moves)
                if bounds.contains(r)]

    def _box(self, lab: _Label) -> pygame.Surface:
        """The label with its backdrop, rendered once."""
        key = (lab.text, lab.size, lab.bold, lab.colour, lab.backdrop)
        box = self._boxes.get(key)
        if box is None:
            surf = self.text.render(lab.text, lab.size, lab.colour, lab.bold)
            if lab.backdrop is None:
                box = surf
            else:
                box = pygame.Surface((surf.get_width() + 6, surf.get_height() + 2),
                                     pygame.SRCALPHA)
                box.fill(lab.backdrop)
                box.blit(surf, (3, 1))
            if len(self._boxes) > 512:
                self._boxes.clear()
            self._boxes[key] = box
        return box



def _around(rect: pygame.Rect, owner: Base, bounds: pygame.Rect) -> list[pygame.Rect]:
    """A label of ``rect``'s size right above, under, beside and at the corners of the
    base ``owner``, inside ``bounds``: two lines above its figure, a name is nearer a
    neighbour standing above it."""
    (x, y), r = owner
    d = round(r * 0.7) + GAP
    at = {"midbottom": (x, y - r - GAP), "midtop": (x, y + r + UNDER),
          "midleft": (x + r + GAP, y), "midright": (x - r - GAP, y),
          "bottomleft": (x + d, y - d), "bottomright": (x - d, y - d),
          "topleft": (x + d, y + d), "topright": (x - d, y + d)}
    spots = [pygame.Rect((0, 0), rect.size) for _ in at]
    for spot, (anchor, p) in zip(spots, at.items(), strict=True):
        setattr(spot, anchor, p)
    return [r for r in (spot.clamp(bounds) for spot in spots) if bounds.contains(r)]


def _near(owner: Base, spots: list[pygame.Rect], bases: list[Base]) -> list[Base]:
    """The other bases that can make any of ``spots`` read as theirs: one farther from
    ``owner`` than a spot's farthest corner, times ``1 + 1/CLEAR``, is at least ``1/CLEAR``
    times as far from the spot's centre and edge as ``owner`` is, so :func:`_whose` would
    find it clear. Dropping those gives the same answer at a fraction of the cost while
    the board pans (every name placed anew each frame)."""
    (x, y), _ = owner
    reach = max((math.hypot(max(abs(x - r.left), abs(x - r.right)),
                            max(abs(y - r.top), abs(y - r.bottom))) for r in spots), default=0.0)
    far = reach * (1 + 1 / CLEAR)
    return [b for b in bases if b[0] != owner[0] and math.dist(b[0], owner[0]) < far]


def _whose(rect: pygame.Rect, owner: Base, bases: list[Base]) -> float:
    """How a label at ``rect`` reads as the base ``owner``'s, the smaller the plainer: 0,
    both its centre and its nearest edge are much nearer it than any other base
    (``CLEAR``); 0.5, nearer; above 1, as near another, by how much (the least
    misleading spot for a name that must be shown). Its edge counts as much as its
    centre: a long name's centre is far from its figure, its end by a neighbour's base
    reads as his. Among spots alike, the sort keeps the nearest the one asked for first."""
    worst = 0.0
    centre, own = rect.center, owner[0]
    mine, mine_off = math.dist(centre, own), _off(rect, own)  # the same for every base
    for c, _ in bases:
        if c != own:
            worst = max(worst, _ratio(mine, math.dist(centre, c)), _ratio(mine_off, _off(rect, c)))
    return 0.0 if worst <= CLEAR else 0.5 if worst < 1 else 1 + worst


def _ratio(mine: float, other: float) -> float:
    return mine / other if other > 0 else math.inf


def _off(rect: pygame.Rect, p: tuple[int, int]) -> float:
    """How far ``p`` lies from ``rect`` (0 inside it)."""
    return math.hypot(max(rect.left - p[0], 0, p[0] - rect.right),
                      max(rect.top - p[1], 0, p[1] - rect.bottom))
