"""What the seam's computer player weighs, in victory points, for any ruleset with its own
scheduler — read through the seam alone (RULESETS §0.5): the VP table by rank and each
figure's standing (§0.4), its health track from its panel (S16), the cost of an action
in its budget and the resources it spends from the action bar (§0.7), and the odds of a
command (S14). Nothing here names a ruleset's action or resource."""

from __future__ import annotations

from collections.abc import Mapping

from skirmish.content.models import Rank
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.outcome import Outcome

#: What one unit of a figure's resource (a Fortune or Destin point…) is worth kept: about
#: what a reroll of an even attack roll is expected to take from a henchman, so a point is
#: spent where the odds say it buys more than that.
RESERVE_VP = 0.5
#: A budget's cost words (the action bar's ``cost``) in units of the smallest action.
COST_WORDS = {"free": 0, "half": 1, "full": 2}
#: The standings that score (§0.4); a figure that fled is lost to its band like one out.
LOST = ("out_of_action", "dead", "fled")


class Costs:
    """Each action's cost in the budget and its price in resources, by the action bar's
    kind (``Ruleset.action_menu``), remembered per ruleset: a catalogue's costs do not
    change during a game."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], tuple[int, Mapping[str, int]]] = {}

    def of(self, game: Game, figure: str, cmd: c.Command) -> tuple[int, Mapping[str, int]]:
        """(budget units, resources paid) of ``cmd``: nothing for a command outside the
        catalogue (the end of an activation), one unit for a kind this figure's bar does
        not show."""
        kind = c.action_kind(cmd)
        if not kind:
            return 0, {}
        key = (game.ruleset.id, kind)
        if key not in self._known:
            menu = game.ruleset.action_menu(game.state, game.table, game.book, game.dice, figure)
            for item in menu:
                units = COST_WORDS.get(item.cost, int(item.cost) if item.cost.isdigit() else 1)
                self._known[(game.ruleset.id, item.kind)] = (units, item.paid)
        return self._known.get(key, (1, {}))


def price(paid: Mapping[str, int] | object) -> float:
    """The VP that spending ``paid`` (resource → units) gives up."""
    if not isinstance(paid, Mapping):
        return 0.0
    return RESERVE_VP * sum(int(v) for v in paid.values())


def harm_worth(game: Game, o: Outcome) -> float:
    """The VP one command's odds expect it to take: out of action, dead, and the share of
    the health track lost, summed over its harms and attacks."""
    vp = game.book.victory_points
    worth = 0.0
    for h in o.harms:
        rank = Rank(game.state.figures[h.figure].rank)
        worth += h.p_out * vp.out_of_action[rank] \
            + h.p_dead * (vp.dead[rank] - vp.out_of_action[rank]) + h.loss
    return o.attacks * worth


def material(game: Game, band: str) -> float:
    """What ``band`` has taken from the others less what it has lost, in VP: each figure's
    standing by the VP table and the share of its health track gone."""
    vp = game.book.victory_points
    s = game.state
    total = 0.0
    for fid, f in s.figures.items():
        if f.status == "reserve":
            continue
        rank = Rank(f.rank)
        if f.status == "dead":
            lost = float(vp.dead[rank])
        elif f.status in LOST:
            lost = float(vp.out_of_action[rank])
        else:
            left, whole = game.ruleset.figure_panel(s, fid).health
            lost = 1 - left / whole if whole else 0.0
        total += -lost if f.band == band else lost
    return total
