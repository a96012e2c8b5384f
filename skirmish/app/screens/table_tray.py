"""The folded dice tray's place over the board.

Narrower than :data:`~skirmish.app.screens.table.PIN_WIDTH`, the dice tray and the game log
fold away and the board takes their room; after each roll the tray shows for a moment
over the board, as tall as its newest rolls, in the board's corner where it hides none of
the figures its rolls name, the fewest others, and no floating panel (a morale or decision
panel, a banner, the tutorial's hint)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel

#: Pixels kept between the tray and the board's edge.
MARGIN = 4


def tray_spots(board: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    """The board's corners for a tray of ``size``, top right (where it folded from) first."""
    w, h = size
    xs = (board.right - MARGIN - w, board.left + MARGIN)
    ys = (board.top + MARGIN, board.bottom - MARGIN - h)
    return [pygame.Rect(x, y, w, h) for y in ys for x in xs]


def hidden(spot: pygame.Rect, bases: Sequence[tuple[tuple[int, int], int, bool]],
           boxes: Sequence[pygame.Rect]) -> tuple[int, int, int]:
    """What a tray at ``spot`` would hide: figures its rolls name, the area of floating
    boxes under it (the computer's plan, a banner), other figures (the fewer the better,
    in that order: at 960 × 600 it lay on the plan's line to spare an unnamed figure)."""
    named = others = 0
    for (x, y), r, is_named in bases:
        if spot.inflate(2 * r, 2 * r).collidepoint(x, y):
            named += is_named
            others += not is_named
    return named, sum(spot.clip(b).w * spot.clip(b).h for b in boxes), others


def place_tray(screen: TableModel, boxes: Sequence[pygame.Rect]) -> None:
    """Size and place the folded tray for its newest rolls (see the module), off
    ``boxes``."""
    tray, cam = screen.tray, screen.camera
    most = screen.right_rect.h * 46 // 100
    size = (tray.rect.w, tray.height_for(screen.app.text, screen.describer(), most))
    named = {r.figure for r in tray.rolls} | {r.target for r in tray.rolls}
    bases = [(cam.to_screen(f.pos), round(f.base / 2 * cam.scale), f.id in named)
             for f in screen.state.figures.values() if f.status in ("in_play", "out_of_action")]
    others = [b for b in boxes if b != tray.rect]
    best = min(tray_spots(screen.board_rect, size), key=lambda r: hidden(r, bases, others))
    if best.size != tray.rect.size:
        tray.cache = None
    tray.rect = best
