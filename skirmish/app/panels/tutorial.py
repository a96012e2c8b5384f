"""The tutorial's hints: one short sentence at a time, above the board, for the step the
new player is at — activation, walking, shooting, a charge, a strike, a morale test.

The step is read from the game itself (the player's declared actions in the log, the
active figure, the morale panel), so undoing, skipping or doing things in another order
always shows the hint that fits. Shown only in the scenario whose id is ``tutorial``.
"""

from __future__ import annotations

from collections.abc import Sequence
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


SIZE, PAD = 14, 10
EDGE = (240, 190, 80)
_wrapped: dict[tuple[object, ...], list[str]] = {}


def panels(screen: TableScreen, without: object = None) -> list[pygame.Rect]:
    """The open floating panels the hint must keep off: a decision, a morale test, the
    computer's plan (``without`` the one being placed)."""
    out = [pygame.Rect(p.rect) for p in (screen.decision.panel, screen.morale.panel)
           if p is not None and p is not without and p.visible]
    if screen.plan_banner.visible:
        out.append(pygame.Rect(screen.plan_banner.box))
    return out


def layout(screen: TableScreen, keep_off: Sequence[pygame.Rect] = (),
           without: object = None) -> tuple[pygame.Rect, list[str]] | None:
    """The hint's box and lines (None: nothing to say now). Along the top of the board,
    under whatever else floats there (a toast, the turn banner, the computer's plan); if
    an open panel is in the way, along the bottom or in a free corner: no floating box
    hides another (the hint once covered a morale test's title at 1920 × 1080, and the
    turn banner). ``keep_off``: the toast and banners, which the table works out."""
    key = hint_key(screen)
    if key is None:
        return None
    text, board = screen.app.text, screen.board_rect
    width = min(board.w - 40, round(620 * screen.app.scale))
    words = screen.t(key)
    memo = (words, width, text)
    lines = _wrapped.get(memo)
    if lines is None:
        if len(_wrapped) > 64:
            _wrapped.clear()
        lines = _wrapped[memo] = text.wrap(words, SIZE, width - 2 * PAD)
    box = pygame.Rect(0, 0, width, len(lines) * text.font(SIZE).get_linesize() + 2 * PAD)
    taken = [*panels(screen, without), *keep_off]
    tops = sorted({board.y + 8, *(r.bottom + 4 for r in taken if r.top < board.centery)})
    bottom = board.bottom - 8 - box.h
    middle, left, right = board.centerx - width // 2, board.x + 8, board.right - 8 - width
    spots = [box.move(middle, y) for y in tops] + [box.move(middle, bottom)] + \
        [box.move(x, y) for y in (tops[0], bottom) for x in (left, right)]
    spots = [r for r in spots if board.contains(r)] or [box.move(middle, tops[0])]
    return min(spots, key=lambda r: sum(r.clip(o).w * r.clip(o).h for o in taken)), lines


def box(screen: TableScreen, keep_off: Sequence[pygame.Rect] = (),
        without: object = None) -> pygame.Rect | None:
    """Where the hint goes (``without`` a panel: where it would go without it)."""
    laid = layout(screen, keep_off, without)
    return laid[0] if laid is not None else None


def draw(screen: TableScreen, surface: pygame.Surface,
         keep_off: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The hint in a dark box (see :func:`layout`); returns the box."""
    laid = layout(screen, keep_off)
    if laid is None:
        return pygame.Rect(0, 0, 0, 0)
    box, lines = laid
    text = screen.app.text
    lh = text.font(SIZE).get_linesize()
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((12, 18, 30, 225))
    surface.blit(shade, box)
    pygame.draw.rect(surface, EDGE, box, 2, border_radius=4)
    for i, line in enumerate(lines):
        text.blit(surface, line, (box.x + PAD, box.y + PAD + i * lh), SIZE, TEXT)
    return box
