"""Solo practice on the table: the computer's turns shown one activation at a
time with their plans (step by step, or at full speed), "retry this activation", and the
odds and step settings. Functions that take the table screen, like table_actions."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from skirmish.app.anim import FAST
from skirmish.app.screens import table_hint as hints
from skirmish.app.tools import Tool

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel


def computer_turn(screen: TableModel, dt: float) -> None:
    """The computer is to act: show the plan of the activation it begins; step by step,
    wait for Next before playing it; else play one command every ``ai_delay``."""
    cfg = screen.app.config
    t0 = time.perf_counter()
    chosen = screen.session.ai_peek()
    if chosen is None:
        return
    plan = chosen[1]
    if plan is not None and screen.plan_banner.plan is not plan:
        screen.plan_banner.show(plan, plan_words(screen, plan), screen.styles[plan.band].colour)
    screen.plan_banner.waiting = cfg.step_computer and plan is not None and not screen.step_go
    if not screen.plan_banner.waiting:
        screen.ai_timer += dt
        if screen.ai_timer >= cfg.ai_delay:
            screen.ai_timer = 0.0
            screen.step_go = False
            screen.session.ai_step()
            screen._ingest(screen.session.drain())
    screen.engine_ms = (time.perf_counter() - t0) * 1000


def plan_words(screen: TableModel, plan: Any) -> str:
    """The plan banner's line: the band and what its figure means to do (with its chance
    unless the player plays blind)."""
    d = screen.describer()
    words = d.plan(plan)
    return screen.t("practice.plan", band=d.band(plan.band), plan=words) \
        if plan.figure else words  # a band-wide plan names its band itself


def plan_done(screen: TableModel) -> bool:
    """The computer's plan has said its piece: a human has the move and the activation
    it spoke of is over (not while a human answers a question in the middle of it, nor
    while its moves are drawn or its morale tests shown)."""
    session = screen.session
    band = session.to_act
    if band is None or session.is_computer(band) or screen.animator.busy or screen.morale.open:
        return False
    active = screen.state.figures.get(screen.state.active or "")
    return active is None or not session.is_computer(active.band)


#: What a plan points at on the board: from, to, the words at its end, the band's colour.
Pointer = tuple[tuple[float, float], tuple[float, float], str, tuple[int, int, int]]


def pointed(screen: TableModel) -> Pointer | None:
    """The shown plan's aim on the board (the banner's, else F3's while its words are
    up, a tool in hand or not): a plan says "walks into cover by the barn" or "shoots at
    Moss", and the player should not have to hunt for that place or that figure among
    the others. A place is named by the figure going there while it is not there yet
    (the banner has the words; a point's co-ordinates tell a player nothing), and left
    unnamed once the figure stands on it, whose own name is beside it then."""
    plan: Any = screen.plan_banner.plan if screen.plan_banner.visible else None
    if plan is None and screen.hint is not None and hints.up(screen):
        plan = screen.hint[0]
    figures = screen.state.figures
    me = figures.get(getattr(plan, "figure", ""))
    if plan is None or me is None:
        return None
    params = plan.params
    colour = screen.styles[me.band].colour
    if "x" in params and "y" in params:
        to = (float(params["x"]), float(params["y"]))
        there = math.dist(me.pos, to) <= 2 * me.radius
        return me.pos, to, "" if there else me.name, colour
    named = [f for f in figures.values()
             if f.name == params.get("target") and f.id != me.id and f.status == "in_play"]
    if not named:
        return None
    target = min(named, key=lambda f: math.dist(f.pos, me.pos))
    return me.pos, target.pos, target.name, colour


def next_activation(screen: TableModel) -> bool:
    """Next (button or Space): let the waiting computer activation happen."""
    if not screen.plan_banner.waiting:
        return False
    screen.step_go = True
    screen.plan_banner.waiting = False
    screen.ai_timer = screen.app.config.ai_delay  # at once
    return True


def has_computer(screen: TableModel) -> bool:
    return any(screen.session.is_computer(b) for b in screen.session.controllers)


def settings(screen: TableModel) -> dict[str, bool]:
    """The pause menu's on/off settings: the odds, step by step if a computer plays, and
    fast motion."""
    cfg = screen.app.config
    out = {"odds": cfg.show_odds}
    if has_computer(screen):
        out["step"] = cfg.step_computer
    out["motion"] = cfg.fast_motion
    return out


def toggle_motion(screen: TableModel) -> None:
    """The pause menu: moves, shots and falls at normal speed ↔ three times as fast."""
    cfg = screen.app.config
    cfg.fast_motion = not cfg.fast_motion
    screen.animator.speed = FAST if cfg.fast_motion else 1.0


def toggle_step(screen: TableModel) -> None:
    """P, the top bar's button or the pause menu: step by step ↔ full speed."""
    cfg = screen.app.config
    cfg.step_computer = not cfg.step_computer
    if not cfg.step_computer:
        screen.plan_banner.waiting = False
    screen.say(screen.t("practice.step_now_on" if cfg.step_computer else "practice.step_now_off"))
    screen.app.rebuild()  # the top bar's label follows


def toggle_odds(screen: TableModel) -> None:
    """The pause menu's odds setting (the window's twin of ``play --no-odds``)."""
    cfg = screen.app.config
    cfg.show_odds = not cfg.show_odds
    Tool.show_odds = cfg.show_odds
    # the rebuild renews a tool in hand, which says its odds, or not, at once; the log's
    # plans and the plan banner say theirs, or not
    screen.app.rebuild()


def retry(screen: TableModel) -> bool:
    """F4 or the action bar: back before the human's activation with new dice."""
    marker = screen.session.retry()
    if marker is None:
        screen.say(screen.t("practice.retry_no"), error=True)
        return False
    screen.animator.skip()
    screen.morale.advance(all_of_them=True)  # the discarded attempt's tests are gone
    screen.tool = None
    screen.carrying = None
    screen.selected = None
    screen.plan_banner.waiting = False
    screen.plan_banner.left = 0.0
    screen.step_go = False
    screen.rolls = []
    screen._ingest(screen.session.drain())
    d = screen.describer()
    screen.tray.set_rolls([], d, screen.app.text)
    screen.say(screen.t("practice.retried", name=d.fig(marker.figure)))
    return True
