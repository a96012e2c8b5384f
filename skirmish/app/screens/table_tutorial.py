"""The tutorial's hints: one short sentence at a time, above the board, for the step the
new player is at — activation, walking, a charge and the strike it leads to, shooting, a
morale test.

The step is read from the game itself (the player's declared actions in the log, the
active figure and its PA, the actions its bar offers, the morale panel), so undoing,
skipping or doing things in another order always shows the hint that fits, and a lesson
is offered only when the active figure can do it now: a charge only with 2 PA or more,
so that the strike it leads to fits in the same activation (Walk, Shoot and Charge once
took all of a Chef's 3 PA and the strike lesson never came, [R-TURN-PA]). The figures a
hint names are named on the board too. Shown only in the scenario whose id is
``tutorial``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from skirmish.app.board.figures import MIN_RADIUS
from skirmish.app.board.labels import GAP, NAME, BoardText
from skirmish.app.theme import TEXT
from skirmish.rules import events as ev
from skirmish.rules.frame.context import table_ctx
from skirmish.rules.frame.queries import engaged_with

if TYPE_CHECKING:
    from skirmish.app.board.camera import Camera
    from skirmish.app.screens.table_model import TableModel

SCENARIO_ID = "tutorial"
#: The lessons of an activation, in the order they are offered (the strike comes when the
#: figure is in contact, right after its charge).
LESSONS = ("walk", "charge", "shoot")
#: The tools with a hint of their own while in hand.
TOOL_HINTS = ("walk", "shoot", "charge", "strike")


@dataclass(frozen=True)
class Hint:
    """A hint: its translation key, the words it is filled with, and the figures it names
    (tagged on the board)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    named: tuple[str, ...] = ()


def active_in(screen: TableModel) -> bool:
    return screen.game.scenario.id == SCENARIO_ID


_memo: list[tuple[object, Hint | None]] = []


def hint(screen: TableModel) -> Hint | None:
    """The hint for this moment (None: nothing to say now); worked out once per state of
    the game and the screen, as the frame asks for it several times."""
    tool = screen.tool.kind if screen.tool is not None else None
    key = (screen, screen.game, screen._step_key(), tool, screen.morale.open, screen.pause is None,
           screen.save_as is None, screen.session.to_act, screen.seat, screen.handoff.open)
    if not _memo or _memo[0][0] != key:
        _memo[:] = [(key, _hint(screen))]
    return _memo[0][1]


def hint_key(screen: TableModel) -> str | None:
    """The translation key of the hint for this moment (None: nothing to say now)."""
    h = hint(screen)
    return h.key if h is not None else None


def named(screen: TableModel) -> tuple[str, ...]:
    """The figures the hint names now (tagged on the board: part of what the board shows)."""
    h = hint(screen) if active_in(screen) else None
    return h.named if h is not None else ()


def words(screen: TableModel, h: Hint) -> str:
    return screen.t(h.key, **h.params)


def _hint(screen: TableModel) -> Hint | None:
    s = screen.state
    if screen.pause is not None or screen.save_as is not None:
        return None
    if screen.morale.open:
        return Hint("tutorial.morale")
    if s.phase == "over":
        return Hint("tutorial.over")
    if screen.session.is_computer(screen.session.to_act):
        return Hint("tutorial.computer")
    if s.pending is not None:
        return Hint("tutorial.decide")
    human = set(screen.session.humans)
    done = {e.action for e in screen.game.log
            if isinstance(e, ev.ActionDeclared) and s.figures[e.figure].band in human}
    if s.active is None:
        return _whom(screen, bool(done))
    return _lesson(screen, done)


def _whom(screen: TableModel, begun: bool) -> Hint | None:
    """Which figure to activate: the first ready one, named; after one of the player's
    own activations, that it is over (and why, when its PA ran out: it ends by itself)."""
    s = screen.state
    ready = [f for f in s.figures if f in screen._ready()]  # in the band's own order
    if not ready:
        return None
    name = s.figures[ready[0]].name
    if not begun:
        return Hint("tutorial.activate", {"name": name}, (ready[0],))
    last = _last_activation(screen)
    if last is None:
        return Hint("tutorial.again", {"name": name}, (ready[0],))
    key = "tutorial.next_spent" if last.pa_lost == 0 else "tutorial.next"
    return Hint(key, {"last": s.figures[last.figure].name, "name": name}, (ready[0],))


def _last_activation(screen: TableModel) -> ev.ActivationEnded | None:
    """The activation that ended last this turn, if it was the player's (another band's
    since, or a new turn: None)."""
    for e in reversed(screen.game.log):
        if isinstance(e, ev.TurnStarted):
            return None
        if isinstance(e, ev.ActivationEnded):
            return e if screen.state.figures[e.figure].band == screen.session.to_act else None
    return None


def _lesson(screen: TableModel, done: set[str]) -> Hint:
    """The hint for the active figure: its tool in hand, the strike when in contact, the
    next lesson it can do now, else what is left to it."""
    s = screen.state
    me = s.figures[s.active]
    mine = {"name": me.name, "pa": me.pa}
    tool = screen.tool.kind if screen.tool is not None else None
    can = {i.kind for i in screen._menu() if i.enabled}
    foes = [f.id for f in engaged_with(table_ctx(screen.game), me)]
    if foes and "strike" in can:
        foe = {"foe": s.figures[foes[0]].name}
        if tool == "strike":
            return Hint("tutorial.tool_strike", {**mine, **foe}, (foes[0],))
        key = "tutorial.strike_last" if me.pa == 1 else "tutorial.strike"
        return Hint(key, {**mine, **foe}, (me.id, foes[0]))
    if tool in TOOL_HINTS:
        return Hint(f"tutorial.tool_{tool}", mine, (me.id,))
    for step in LESSONS:
        if step in done or step == "walk" and "run" in done or step not in can:
            continue
        if step == "charge" and me.pa < 2:
            continue  # its strike would not fit: the charge waits for a figure with 2 PA
        return Hint(f"tutorial.{step}", {**mine, "left": me.pa - 1}, (me.id,))
    return Hint("tutorial.free", mine, (me.id,))


def tag_named(screen: TableModel, cam: Camera, labels: BoardText,
              focus: set[str | None]) -> None:
    """The figures the hint names, named on the board (seen by ``cam``) in the hint's
    colour (the first hint said "Click Marla" over figures unnamed until hovered); those
    in ``focus`` (hovered, selected, active) are named already."""
    h = hint(screen)
    if h is None:
        return
    s = screen.state
    for fid in h.named:
        f = s.figures[fid]
        if fid in focus or f.status != "in_play":
            continue
        c = cam.to_screen(screen.animator.positions().get(fid, f.pos))
        r = max(MIN_RADIUS, round(f.base / 2 * cam.scale))
        labels.blit(None, f.name, (c[0], c[1] - r - GAP), 12, EDGE,  # type: ignore[arg-type]
                    anchor="midbottom", backdrop=(0, 0, 0, 200), priority=NAME + 5,
                    owner=(c, r), keep=True)


SIZE, PAD = 14, 10
EDGE = (240, 190, 80)
_wrapped: dict[tuple[object, ...], list[str]] = {}


def panels(screen: TableModel, without: object = None) -> list[pygame.Rect]:
    """The open floating panels the hint must keep off: a decision, a morale test, the
    computer's plan (``without`` the one being placed)."""
    out = [pygame.Rect(p.rect) for p in (screen.decision.panel, screen.morale.panel)
           if p is not None and p is not without and p.visible]
    if screen.plan_banner.visible:
        out.append(pygame.Rect(screen.plan_banner.box))
    return out


def layout(screen: TableModel, keep_off: Sequence[pygame.Rect] = (),
           without: object = None) -> tuple[pygame.Rect, list[str]] | None:
    """The hint's box and lines (None: nothing to say now). Along the top of the board,
    under whatever else floats there (a toast, the turn banner, the computer's plan); if
    an open panel is in the way, along the bottom or in a free corner: no floating box
    hides another (the hint once covered a morale test's title at 1920 × 1080, and the
    turn banner). ``keep_off``: the toast and banners, which the table works out."""
    h = hint(screen)
    if h is None:
        return None
    text, board = screen.app.text, screen.board_rect
    width = min(board.w - 40, round(620 * screen.app.scale))
    said = words(screen, h)
    memo = (said, width, text)
    lines = _wrapped.get(memo)
    if lines is None:
        if len(_wrapped) > 64:
            _wrapped.clear()
        lines = _wrapped[memo] = text.wrap(said, SIZE, width - 2 * PAD)
    box = pygame.Rect(0, 0, width, len(lines) * text.font(SIZE).get_linesize() + 2 * PAD)
    taken = [*panels(screen, without), *keep_off]
    # the top, under what floats there, or just above or under a panel lower down (a
    # morale panel filling the middle of a small board left no free spot otherwise)
    tops = sorted({board.y + 8, *(r.bottom + 4 for r in taken),
                   *(r.top - 4 - box.h for r in taken if r.top >= board.centery)})
    bottom = board.bottom - 8 - box.h
    middle, left, right = board.centerx - width // 2, board.x + 8, board.right - 8 - width
    spots = [box.move(middle, y) for y in tops] + [box.move(middle, bottom)] + \
        [box.move(x, y) for y in (tops[0], bottom) for x in (left, right)]
    spots = [r for r in spots if board.contains(r)] or [box.move(middle, tops[0])]
    return min(spots, key=lambda r: sum(r.clip(o).w * r.clip(o).h for o in taken)), lines


def box(screen: TableModel, keep_off: Sequence[pygame.Rect] = (),
        without: object = None) -> pygame.Rect | None:
    """Where the hint goes (``without`` a panel: where it would go without it)."""
    laid = layout(screen, keep_off, without)
    return laid[0] if laid is not None else None


def draw(screen: TableModel, surface: pygame.Surface,
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
