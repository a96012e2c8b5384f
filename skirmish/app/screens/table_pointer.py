"""The pointer on the table's board: which figure is under it, and what its buttons do.

The left button clicks (select, activate, use the tool) or, held on a figure of the
deploying band, carries it to its place; dragging elsewhere pans, as the middle button
does; the right button measures with the tape; the wheel zooms.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from skirmish.app.board.figures import pick_radius
from skirmish.app.screens import table_actions as actions
from skirmish.rules import commands as c
from skirmish.rules.frame.deployment import deploying_band

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel

Point = tuple[float, float]

#: Pixels the pointer may wander while a button is down and still make a click.
DRAG_THRESHOLD = 5


# -- what is under the pointer ---------------------------------------------------------------
def hover_table(screen: TableModel) -> Point | None:
    """The table point under the pointer, if the board is open to it."""
    if not screen.board_rect.collidepoint(screen.hover_pos) or screen.blocked():
        return None
    p = screen.camera.to_table(screen.hover_pos)
    return p if screen.camera.on_table(p) else None


def figure_at(screen: TableModel, pos: tuple[int, int]) -> str | None:
    """The nearest figure whose base (with a little slack) covers ``pos``."""
    under = crowd_at(screen, pos)
    return under[0] if under else None


def crowd_at(screen: TableModel, pos: tuple[int, int]) -> list[str]:
    """:func:`figures_under` ``pos``; asked several times a frame (the board's key, its
    drawing, the list of names under the pointer), so remembered until the pointer, the
    view or the game changes."""
    key = (pos, screen.camera.version, screen._step_key(), screen.board_rect.topleft)
    if screen.pick_cache[0] != key:
        screen.pick_cache = (key, figures_under(screen, pos))
    return list(screen.pick_cache[1])


def figures_under(screen: TableModel, pos: tuple[int, int]) -> list[str]:
    """Every figure whose base (with a little slack) covers ``pos``, nearest first; more
    than one when bases crowd together, and the board then lists them."""
    if not screen.board_rect.collidepoint(pos):
        return []
    found = []
    for f in screen.state.figures.values():
        if f.status not in ("in_play", "out_of_action"):
            continue
        dist = math.dist(screen.camera.to_screen(f.pos), pos)
        if dist <= pick_radius(f.base, screen.camera.scale):
            found.append((dist, f.id))
    return [fid for _, fid in sorted(found)]


# -- events ----------------------------------------------------------------------------------
def move(screen: TableModel, event: pygame.event.Event) -> None:
    """Follow the pointer; with a button held past DRAG_THRESHOLD, pan or stretch the tape."""
    prev = screen.hover_pos
    screen.hover_pos = tuple(event.pos)
    drag = screen.drag
    if drag is None:
        return
    if math.dist(drag["start"], event.pos) > DRAG_THRESHOLD:
        drag["moved"] = True
    if drag["kind"] == "pan" and drag["moved"]:
        screen.camera.pan(event.pos[0] - prev[0], event.pos[1] - prev[1])
    elif drag["kind"] == "measure":
        screen.tape = (drag["from"], screen.camera.to_table(event.pos))


def wheel(screen: TableModel, event: pygame.event.Event) -> None:
    """Zoom about the pointer, so the point under it stays put."""
    if screen.board_rect.collidepoint(screen.hover_pos) and screen.pause is None:
        screen.camera.zoom(1.15 ** event.y, screen.hover_pos)


def press(screen: TableModel, event: pygame.event.Event) -> None:
    """A button goes down on the board: what it does is settled when it comes up."""
    if not screen.board_rect.collidepoint(event.pos) or screen.blocked():
        return
    screen.hover_pos = tuple(event.pos)
    if event.button == 1:
        fig = figure_at(screen, event.pos)
        kind = "pan"
        if screen.state.phase == "deployment" and screen.human_turn() and fig is not None \
                and screen.state.figures[fig].band == deploying_band(screen.state):
            kind = "deploy"
            screen.carrying = fig
        screen.drag = {"kind": kind, "start": event.pos, "moved": False, "figure": fig}
    elif event.button == 3:
        p = screen.camera.to_table(event.pos)
        screen.drag = {"kind": "measure", "start": event.pos, "moved": False, "from": p}
        screen.tape = None
    elif event.button == 2:
        screen.drag = {"kind": "pan", "start": event.pos, "moved": False, "figure": None}


def release(screen: TableModel, event: pygame.event.Event, consumed: bool) -> None:
    """A button comes up: the end of a drag, or a click if the pointer stayed put."""
    drag, screen.drag = screen.drag, None
    if drag is None:
        return
    if drag["kind"] == "measure":
        if not drag["moved"]:
            screen.tape = None
        return
    if drag["kind"] == "deploy":
        if drag["moved"] and screen.carrying:
            _deploy_at(screen, event.pos)
        return
    if not drag["moved"] and event.button == 1 and not consumed:
        _click(screen, event.pos)


def _deploy_at(screen: TableModel, pos: tuple[int, int]) -> None:
    """Place the carried figure there, then pick up the band's next one in reserve."""
    if screen.carrying is None:
        return
    p = screen.camera.to_table(pos)
    at = (round(p[0], 2), round(p[1], 2))
    if screen.submit(c.Deploy(figure=screen.carrying, at=at)):
        nxt = [f.id for f in screen.state.figures.values()
               if f.band == screen.state.figures[screen.carrying].band and f.status == "reserve"]
        screen.carrying = nxt[0] if nxt else None


def _click(screen: TableModel, pos: tuple[int, int]) -> None:
    """Deploy, use the tool, or select a figure (a second click on a ready one activates
    it)."""
    if not screen.board_rect.collidepoint(pos) or screen.blocked():
        return
    fig = figure_at(screen, pos)
    s = screen.state
    if s.phase == "deployment":
        if screen.human_turn() and screen.carrying is not None:
            _deploy_at(screen, pos)
        return
    if screen.tool is not None and screen.human_turn():
        cmd = screen.tool.click(screen.camera.to_table(pos), fig)
        if cmd is not None:
            screen.submit(cmd)
            return
        why = screen.tool.refuse(fig) if fig is not None else None
        if why:  # an enemy the tool does not offer: say why rather than select it
            screen.say(why, error=True)
            return
        if fig is None or fig == s.active:
            screen.say(screen.tool.info, error=True)
            return
    if fig is not None:
        if fig == screen.selected and fig in screen._ready():
            actions.press(screen, "activate")
        else:
            screen.selected = fig
    elif s.active is None:
        screen.selected = None
