"""The tutorial's hints: one short sentence at a time, above the board, for the step the
new player is at — activation, walking, shooting, a charge, a strike, a morale test.

The step is read from the game itself (the player's declared actions in the log, the
active figure, the morale panel), so undoing, skipping or doing things in another order
always shows the hint that fits. Shown only in the scenario whose id is ``tutorial``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skirmish.app.theme import TEXT
from skirmish.rules import events as ev

if TYPE_CHECKING:
    from skirmish.app.screens.table import TableScreen

SCENARIO_ID = "tutorial"
STEPS = ("walk", "shoot", "charge", "strike")


def active_in(screen: TableScreen) -> bool:
    return screen.game.scenario.id == SCENARIO_ID


def hint_key(screen: TableScreen) -> str | None:
    """The translation key of the hint for this moment (None: nothing to say now)."""
    s = screen.state
    if screen.pause is not None or screen.save_as is not None:
        return None
    if screen.morale.open:
        return "tutorial.morale"
    if s.phase == "over":
        return "tutorial.over"
    if screen.session.is_computer(screen.session.to_act):
        return "tutorial.computer"
    if s.pending is not None:
        return "tutorial.decide"
    human = set(screen.session.humans)
    done = {e.action for e in screen.game.log
            if isinstance(e, ev.ActionDeclared) and s.figures[e.figure].band in human}
    if s.active is None:
        return "tutorial.activate" if not done else "tutorial.next"
    me = s.figures[s.active]
    if me.pa <= 0:
        return "tutorial.end"
    if screen.tool is not None and f"tutorial.tool_{screen.tool.kind}" in _TOOL_HINTS:
        return f"tutorial.tool_{screen.tool.kind}"
    if s.active in screen._engaged():
        return "tutorial.strike"
    for step in STEPS[:-1]:
        if step not in done and not (step == "walk" and "run" in done):
            return f"tutorial.{step}"
    return "tutorial.free"


_TOOL_HINTS = {"tutorial.tool_walk", "tutorial.tool_shoot", "tutorial.tool_charge"}


def draw(screen: TableScreen, surface: pygame.Surface) -> pygame.Rect:
    """The hint in a dark box along the top of the board; returns the box."""
    key = hint_key(screen)
    if key is None:
        return pygame.Rect(0, 0, 0, 0)
    text = screen.app.text
    board = screen.board_rect
    size = 14
    pad = 10
    width = min(board.w - 40, round(620 * screen.app.scale))
    lines = text.wrap(screen.t(key), size, width - 2 * pad)
    lh = text.font(size).get_linesize()
    box = pygame.Rect(0, 0, width, len(lines) * lh + 2 * pad)
    toast = round(30 * screen.app.scale) if screen.toast is not None else 0
    box.midtop = (board.centerx, board.y + 8 + toast)  # under a toast, never over it
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((12, 18, 30, 225))
    surface.blit(shade, box)
    pygame.draw.rect(surface, (240, 190, 80), box, 2, border_radius=4)
    for i, line in enumerate(lines):
        text.blit(surface, line, (box.x + pad, box.y + pad + i * lh), size, TEXT)
    return box
