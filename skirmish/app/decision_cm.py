"""What a Clé en main decision needs said under its question (RULESETS §2.g), in the
window's language: the action an interrupt would cut into, the Réflexes opposition an
interrupter just won, whose odds a defender's answers show, who attacks together, and
a target that cannot defend, being surprised.

The engine's prompts stay as they are (they are part of the saved state); these words
are read from the state and the log when the panel is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.app.describe_cm import Names, contest_line
from skirmish.rules import commands as c
from skirmish.rules import events as ev

if TYPE_CHECKING:
    from skirmish.rules.cle_en_main.flow_state import CmState


def decision_context(d: Names, s: CmState, log: list[ev.Event]) -> str:
    """The line under the pending decision's question, or "" when it says enough."""
    p = s.pending
    if p is None:
        return ""
    kind, _, who = p.kind.partition(":")
    if kind == "cm_interrupt":
        held = s.tour.held if s.tour is not None else None
        return _declared(d, held) if held is not None else ""
    if kind == "cm_interrupt_penalty":
        won = _last(log, ev.Contest, lambda e: e.rule == "CM-INTERRUPT")
        return contest_line(d, won) if won is not None else ""
    a = s.tour.attack if s.tour is not None else None
    if a is None:
        return ""
    t = d.t
    if kind == "cm_heroic" and who != a.attacker:  # the odds shown are the attack's
        return t("cm.ctx.defence_odds", attacker=d.fig(a.attacker), name=d.fig(who))
    said = []
    if kind in ("cm_group", "cm_pair", "cm_free", "cm_heroic") and a.together:
        names = ", ".join(d.fig(f) for f in (a.attacker, *a.together))
        if kind == "cm_group":  # the question says the bonus: who is in it so far
            said.append(t("cm.ctx.members", names=names))
        elif s.cm.figures[a.attacker].profile.tier == "figurant":
            said.append(t("cm.ctx.group", names=names, n=len(a.together)))
        else:
            said.append(t("cm.ctx.coop", names=names))
    from skirmish.rules.cle_en_main.state import surprised  # loaded with the game

    if kind in ("cm_pair", "cm_free", "cm_heroic") and surprised(s.cm.figures[a.target], s.turn):
        said.append(t("cm.ctx.surprised", name=d.fig(a.target)))
    return " · ".join(said)


#: The action a declaring command names, in the action bar's words (``action.<key>``).
ACTIONS: dict[type, str] = {c.Walk: "walk", c.Run: "run", c.Strike: "strike", c.Shoot: "shoot",
                            c.Charge: "charge", c.UseMedikit: "first_aid"}


def _declared(d: Names, cmd: c.Command) -> str:
    """[CM-INTERRUPT] what the held command declared: "Ann has declared: Strike → Cid"."""
    action = cmd.action if isinstance(cmd, c.Act) else ACTIONS.get(type(cmd), "")
    target, weapon = getattr(cmd, "target", None), getattr(cmd, "weapon", None)
    said = d.t("cm.ctx.declared", name=d.fig(getattr(cmd, "figure", None)),
               action=d.action_name(action) if action else "")
    return said + (f" → {d.fig(target)}" if target else "") + (
        f" ({d.weapon(weapon)})" if weapon else "")


def _last(log: list[ev.Event], kind: type, match: Any) -> Any:
    """The latest event of ``kind`` that ``match`` accepts, or None."""
    return next((e for e in reversed(log) if isinstance(e, kind) and match(e)), None)
