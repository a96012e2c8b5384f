"""The computer's activation in one line at the foot of the board: whose plan
and what it means to do, shown on screen and not only in the log. In step-by-step mode
the banner holds the activation back until the player presses Next (or Space)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skirmish.app.layout import fit_lines
from skirmish.app.text import Text
from skirmish.app.theme import TEXT, TEXT_DIM

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton

    from skirmish.app.manager import Manager

#: Seconds a plan stays on screen once its activation has been let go.
SHOWN_FOR = 3.5
#: The plan's words at this size, down to ``LEAST`` to keep to two lines; the hint's.
SIZE, LEAST, HINT = 14, 12, 11


class PlanBanner:
    def __init__(self) -> None:
        self.words = ""
        self.colour: tuple[int, int, int] = TEXT
        self.left = 0.0
        self.waiting = False  # step by step: the activation waits for Next
        self.plan: object = None  # the plan shown (a new one replaces it)
        self.button: UIButton | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self._size = SIZE
        self.lines: tuple[str, ...] = ()
        self._hint: tuple[str, ...] = ()
        self._key: tuple[object, ...] | None = None

    @property
    def visible(self) -> bool:
        return bool(self.words) and (self.waiting or self.left > 0)

    def show(self, plan: object, words: str, colour: tuple[int, int, int]) -> None:
        self.plan, self.words, self.colour, self.left = plan, words, colour, SHOWN_FOR

    def tick(self, dt: float) -> None:
        if not self.waiting and self.left > 0:
            self.left = max(0.0, self.left - dt)

    def sync(self, manager: Manager, board: pygame.Rect, text: Text, next_label: str,
             next_tip: str, hint: str, scale: float, top: bool = False,
             under: int = 0) -> None:
        """Lay the banner out again when its words, its waiting or the board change; the
        Next button exists only while an activation waits for it. ``top``: under the
        board's top edge (below the turn banner or toast, which end at ``under``) instead
        of at its foot. Every word is laid out inside the board, in smaller letters or on
        more lines if need be: long band and figure names in French lost the plan's end."""
        key = (self.words, self.waiting, self.visible, board.size, board.topleft, next_label,
               id(manager), scale, top, under, hint)
        if key == self._key:
            return
        self._key = key
        self.close_button()
        if not self.visible:
            return
        pad = round(10 * scale)
        bw = round(110 * scale)
        bh = round(30 * scale)
        room = board.w - 4 * pad - (bw + pad if self.waiting else 0)
        self._size, self.lines = fit_lines(text, self.words, SIZE, room, bold=True,
                                            least=LEAST)
        self._hint = fit_lines(text, hint, HINT, room)[1] \
            if self.waiting else ()
        font, small = text.font(self._size, True), text.font(HINT)
        widths = [font.size(x)[0] for x in self.lines] + [small.size(x)[0] for x in self._hint]
        h = len(self.lines) * font.get_linesize() + len(self._hint) * small.get_linesize() + pad
        h = max(h, bh + pad) if self.waiting else h
        w = max(widths) + 2 * pad + (bw + pad if self.waiting else 0) + 6
        self.box = self.spot(board, (w, h), scale, top, under)
        if self.waiting:
            rect = pygame.Rect(self.box.right - pad - bw, self.box.centery - bh // 2, bw, bh)
            from pygame_gui.elements import UIButton
            self.button = UIButton(rect, next_label, manager, tool_tip_text=next_tip,
                                   object_id="@primary", starting_height=5)

    @staticmethod
    def spot(board: pygame.Rect, size: tuple[int, int], scale: float, top: bool,
             under: int = 0) -> pygame.Rect:
        """The banner's box: under the board's top edge (below the turn banner or the
        toast, which end at ``under``), or at its foot."""
        box = pygame.Rect((0, 0), size)
        if top:
            box.midtop = (board.centerx, max(board.y + round(48 * scale), under + 4))
        else:
            box.midbottom = (board.centerx, board.bottom - round(10 * scale))
        return box.clamp(board)  # a toast of many lines above it: still on the board

    def draw(self, surface: pygame.Surface, text: Text) -> None:
        if not self.visible or not self.lines:
            return
        alpha = 1.0 if self.waiting else min(1.0, self.left / 0.4)
        panel = pygame.Surface(self.box.size, pygame.SRCALPHA)
        panel.fill((12, 14, 18, round(225 * alpha)))
        surface.blit(panel, self.box)
        pygame.draw.rect(surface, self.colour, self.box, 2)
        stripe = self.box.inflate(0, -4)
        stripe.w = 6
        pygame.draw.rect(surface, self.colour, stripe)
        pad = round(10 * text.scale)
        y = self.box.y + pad // 2
        for line in self.lines:
            text.blit(surface, line, (self.box.x + pad + 6, y), self._size, TEXT, bold=True)
            y += text.font(self._size, True).get_linesize()
        for line in self._hint:
            text.blit(surface, line, (self.box.x + pad + 6, y), HINT, TEXT_DIM)
            y += text.font(HINT).get_linesize()

    def close_button(self) -> None:
        if self.button is not None:
            self.button.kill()
        self.button = None

    def forget(self) -> None:
        """A new widget tree (rebuild): lay out again on the next frame."""
        self.button = None
        self._key = None
