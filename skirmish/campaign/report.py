"""What a finished game tells the campaign: each figure's end state, who downed whom,
the weapons lost for good, the VP and the winner.

Built from the game's final state and log, so a game played in the window, by the
computer or replayed from its file gives the same report.
"""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.rules.events import Killed, OutOfAction, Roll, WeaponLost

#: [R-CAMP-JAM] / GAP-35: reasons a weapon is lost for the rest of the campaign.
LASTING_LOSSES = frozenset({"jammed", "exploded"})
#: The damage roll of a firing accident (GAP-35): its victims are credited to nobody (D-7).
ACCIDENT = "lbl_explodes"


class FigureOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """``status``: in_play, out_of_action, dead, fled or reserve (never deployed).
    ``downed_by`` is the enemy figure credited with the final state (VP, D-7);
    ``downed_by_all`` every enemy figure that put it out of action or killed it during the
    game, in order, each once (GAP-63: each earns the feat)."""

    figure: str
    band: str
    rank: str
    status: str
    downed_by: str | None = None
    downed_by_band: str | None = None
    lost_weapons: tuple[str, ...] = ()
    downed_by_all: tuple[str, ...] = ()

    def downed_by_each(self) -> tuple[str, ...]:
        """Every figure that put this one out of action (a report written before the game
        kept them: the one credited)."""
        if self.downed_by_all:
            return self.downed_by_all
        return (self.downed_by,) if self.downed_by else ()


class GameReport(msgspec.Struct, frozen=True, kw_only=True):
    vp: dict[str, int]
    winner: str | None
    figures: tuple[FigureOutcome, ...]
    turns: int = 0
    replay: str = ""
    log: str = ""
    #: The game's dice seed: a report of another game is refused (None: not said).
    seed: int | None = None


def report_from_game(game: Any, *, replay: str = "", log: str = "") -> GameReport:
    """The report of a finished :class:`~skirmish.rules.game.Game` (any object with its
    ``state`` and ``log``)."""
    s = game.state
    lasting: dict[str, list[str]] = {}
    for e in game.log:
        if isinstance(e, WeaponLost) and e.reason in LASTING_LOSSES:
            lasting.setdefault(e.figure, []).append(e.weapon)
    downers = _downers(game.log, {f.id: f.band for f in s.figures.values()})
    result = s.result or {}
    figures = tuple(
        FigureOutcome(figure=f.id, band=f.band, rank=f.rank, status=f.status,
                      downed_by=f.downed_by, downed_by_band=f.downed_by_band,
                      lost_weapons=tuple(lasting.get(f.id, ())),
                      downed_by_all=tuple(downers.get(f.id, ())))
        for f in s.figures.values()
    )
    return GameReport(vp=dict(result.get("vp", {})), winner=result.get("winner"),
                      figures=figures, turns=s.turn, replay=replay, log=log,
                      seed=getattr(game, "seed", None))


def _downers(log: Any, bands: dict[str, str]) -> dict[str, list[str]]:
    """Each figure's enemies that put it out of action or killed it, from the game's log:
    GAP-63 awards the feat to each (one award per figure per victim), though the VP go to
    the last (GAP-57). Friendly fire and accidents are credited to nobody (D-7)."""
    out: dict[str, list[str]] = {}
    accident: dict[str, bool] = {}
    for e in log:
        if isinstance(e, Roll) and e.rule == "R-DMG-TABLE" and e.target is not None:
            accident[e.target] = e.key == ACCIDENT
        elif isinstance(e, OutOfAction | Killed) and e.by is not None:
            enemy = bands.get(e.by) not in (None, bands.get(e.figure))
            mine = out.setdefault(e.figure, [])
            if enemy and not accident.get(e.figure, False) and e.by not in mine:
                mine.append(e.by)
    return {k: v for k, v in out.items() if v}
