"""Words on the board placed so that no two overlap.

Everything the board writes (figure names, terrain captions, path costs, lines of sight,
range bands, the tape) goes through ``BoardText.blit``, which only records the label.
``flush`` then places them in order of priority: each at the spot asked for or, if that
is taken, at the first free nearby spot; a label with no free spot is left out (the
hover line and the figure card still say it). A label given ``within`` (a figure's name:
the part of the table on show) stays inside it, at the free spot nearest the one asked
for: a name once floated above the table's edge, a label's height off its figure. The
rectangles drawn are kept in ``placed`` so tests can check that none overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from skirmish.app.text import Colour, Text

#: Who wins a contested spot: higher first.
TOOL, TAPE, NAME, RANGE, TERRAIN, ZONE = 50, 40, 30, 20, 10, 5


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


class BoardText:
    """A ``Text`` look-alike for the board's drawing functions (see the module)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.scale = text.scale
        self.priority = NAME
        self.pending: list[_Label] = []
        self.placed: list[tuple[pygame.Rect, str]] = []
        self.reserved: list[pygame.Rect] = []
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
             within: pygame.Rect | None = None) -> pygame.Rect:
        """Record a label; returns where it would go if nothing were in the way."""
        self.pending.append(_Label(words, pos, size, colour, bold, anchor, backdrop,
                                   self.priority if priority is None else priority,
                                   len(self.pending), within))
        surf = self.text.render(words, size, colour, bold)
        return surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})

    def stamp(self, target: pygame.Surface, words: str, at: tuple[float, float], size: int,
              colour: Colour) -> None:
        """Draw a small mark (a badge on a figure) at once, centred on ``at``: marks belong
        to their figure and are not moved."""
        box = self._box(_Label(words, at, size, colour, True, "center", (0, 0, 0, 170), 0, 0))
        target.blit(box, box.get_rect(center=(round(at[0]), round(at[1]))))

    # placing
    def reserve(self, rect: pygame.Rect) -> None:
        """Keep this frame's labels off ``rect`` (a base or marker drawn on the board)."""
        self.reserved.append(pygame.Rect(rect))

    def flush(self, target: pygame.Surface, bounds: pygame.Rect) -> None:
        """Place and draw the recorded labels inside ``bounds``."""
        taken = self.reserved
        self.placed = [(r, "") for r in taken]
        self.reserved = []
        for lab in sorted(self.pending, key=lambda x: (-x.priority, x.order)):
            box = self._box(lab)
            rect = box.get_rect(**{lab.anchor: (round(lab.pos[0]), round(lab.pos[1]))})
            spot = self._free_spot(rect, taken, bounds) if lab.within is None else \
                self._free_spot(rect, taken, bounds.clip(lab.within), nearest=True)
            if spot is None:
                continue
            target.blit(box, spot)
            taken.append(spot)
            self.placed.append((spot, lab.text))
        self.pending.clear()

    @staticmethod
    def _free_spot(rect: pygame.Rect, taken: list[pygame.Rect], bounds: pygame.Rect,
                   nearest: bool = False) -> pygame.Rect | None:
        h, w = rect.h + 1, rect.w // 2 + 4
        moves = [(0, 0), (0, -h), (0, h), (0, -2 * h), (0, 2 * h), (w, 0), (-w, 0), (w, -h),
                 (-w, -h), (w, h), (-w, h)]
        if nearest:  # sideways before two lines up or down
            moves.sort(key=lambda m: m[0] * m[0] + m[1] * m[1])
        for dx, dy in moves:
            cand = rect.move(dx, dy)
            if not bounds.contains(cand):
                cand = cand.clamp(bounds)
            if cand.collidelist(taken) < 0 and bounds.contains(cand):
                return cand
        return None

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
