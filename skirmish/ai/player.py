"""One interface for every computer level, and the one-line plan each activation logs
(the levels themselves are made by :mod:`skirmish.ai.levels`).

A player is anything with ``choose(game) -> Command`` (it may read the game and its
copies, never change it) and ``take_plan() -> Plan | None``. Drivers — ``simulate``, the
window — apply the command and append the plan to ``game.log``: a log note only, never
part of the state, so replays and state hashes are the same with or without plans.
"""

from __future__ import annotations

import random
from typing import Protocol

from skirmish.percent import percent
from skirmish.rules import commands as c
from skirmish.rules.events import Event
from skirmish.rules.game import Game

LEVELS = ("easy", "normal", "hard")


class Plan(Event, tag="plan", kw_only=True):
    """What a computer activation means to do and its headline chance, said in one line
    (``text`` in English; ``key``/``params`` for the window's translations)."""

    band: str
    figure: str
    text: str
    key: str = ""
    params: dict[str, object] = {}


#: The plan line of a command that names neither a target nor a point, the same at every
#: level; anything else with none (ending the activation) "holds". A flight said "holds".
DOES: dict[type[c.Command], tuple[str, str]] = {
    c.Flee: ("flees the melee", "ai.plan_flee"),
    c.Climb: ("climbs", "ai.plan_climb"),
    c.Evade: ("avoids blows", "ai.plan_evade"),
}


def plain_plan(game: Game, figure: str, cmd: c.Command) -> Plan:
    """What ``figure`` does with ``cmd``, a command of :data:`DOES` or one that holds."""
    fig = game.state.figures[figure]
    verb, key = DOES.get(type(cmd), ("holds", "ai.plan_hold"))
    return Plan(band=fig.band, figure=figure, text=f"{fig.name} {verb}", key=key,
                params={"figure": fig.name})


def odds_plan(game: Game, fid: str, cmd: c.Command) -> Plan:
    """An activation's line from the seam's odds (``Game.odds``, RULESETS S14), worded as
    the Skirmish levels word theirs: an attack's chance to take its target out of action,
    else what :func:`plain_plan` says."""
    o = game.odds(cmd)
    target = getattr(cmd, "target", None)
    if o is None or not o.harms or target is None:
        return plain_plan(game, fid, cmd)
    f, t = game.state.figures[fid], game.state.figures[target]
    verb, key = (("charges", "charge") if isinstance(cmd, c.Charge) else
                 ("shoots at", "shoot") if o.harms and getattr(cmd, "weapon", None) in f.ranged
                 else ("strikes", "strike"))
    # a chain of targets names the first one once per shot at it
    first = sum(h.p_out for h in o.harms if h.figure == target) * o.attacks
    pct = percent(first)
    return Plan(band=f.band, figure=fid,
                text=f"{f.name} {verb} {t.name}: {pct}% to take them out of action",
                key=f"ai.plan_{key}", params={"figure": f.name, "target": t.name, "pct": pct})


#: The line for a command of the whole band, which no figure's plan says: F3 in the
#: deployment said "The computer would play: AutoDeploy", in English in either language.
BAND_DOES: dict[type[c.Command], tuple[str, str]] = {
    c.AutoDeploy: ("deploys its figures", "ai.plan_auto_deploy"),
    c.EndDeployment: ("ends its deployment", "ai.plan_end_deployment"),
}


def band_plan(game: Game, band: str, cmd: c.Command) -> Plan | None:
    """What ``band`` does with ``cmd``, a command of :data:`BAND_DOES`; else None."""
    said = BAND_DOES.get(type(cmd))
    if said is None:
        return None
    verb, key = said
    return Plan(band=band, figure="", text=f"{game.state.band(band).name} {verb}", key=key)


def finishing(game: Game, target: str) -> bool:
    """A blow at ``target`` finishes it off: it is already down (GAP-51), so the plan says
    so (:func:`finish_plan`), not a chance to take out of action one that already is."""
    return game.state.figures[target].status == "out_of_action"


def finish_plan(game: Game, figure: str, target: str, p: float | None = None) -> Plan:
    """A blow at a fallen figure: it "finishes off" the figure, or "tries to" with ``p``,
    its chance to kill, when the blow may fail; never "100 % to take them out of action"
    (playing blind, the window says "finishes off" either way)."""
    fig, tname = game.state.figures[figure], game.state.figures[target].name
    params: dict[str, object] = {"figure": fig.name, "target": tname}
    pct = 100 if p is None else percent(p)
    if pct >= 100:
        return Plan(band=fig.band, figure=figure, text=f"{fig.name} finishes off {tname}",
                    key="ai.plan_finish_plain", params=params)
    return Plan(band=fig.band, figure=figure,
                text=f"{fig.name} tries to finish off {tname}: {pct} % to kill them",
                key="ai.plan_finish", params={**params, "pct": pct})


class Planner:
    """What every computer level shares: the one-line plan of the activation it has just
    begun (``_plan``, noted once per ``(turn, figure)`` in ``_planned``), taken once."""

    def __init__(self) -> None:
        self._plan: Plan | None = None
        self._planned: tuple[int, str] | None = None

    def take_plan(self) -> Plan | None:
        plan, self._plan = self._plan, None
        return plan


class Player(Protocol):
    def choose(self, game: Game) -> c.Command: ...

    def take_plan(self) -> Plan | None: ...


def play_turn(game: Game, player: Player) -> list[Event]:
    """Ask ``player`` for the next command, log its plan (if it made one) before the
    events it leads to, and apply it."""
    cmd = player.choose(game)
    plan = player.take_plan()
    if plan is not None:
        game.log.append(plan)
    events = game.apply(cmd)
    return [plan, *events] if plan is not None else events


def default_answer(game: Game) -> c.Command | None:
    """A pending decision's default answer, or the deployment step, or None (free choice)."""
    state = game.state
    pending = getattr(state, "pending", None)
    if pending is not None:
        return c.Choose(option=pending.default)
    return None


def pick(rng: random.Random, items: list, weights: list[float]):  # noqa: ANN201 - item
    """A weighted random choice, reproducible from ``rng``."""
    return rng.choices(items, weights=weights, k=1)[0]
