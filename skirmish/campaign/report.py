"""What a finished game tells the campaign: each figure's end state, who downed whom,
the weapons lost for good, the VP and the winner.

Built from the game's final state and log, so a game played in the window, by the
computer or replayed from its file gives the same report.
"""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.rules.events import WeaponLost

#: [R-CAMP-JAM] / GAP-35: reasons a weapon is lost for the rest of the campaign.
LASTING_LOSSES = frozenset({"jammed", "exploded"})


class FigureOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """``status``: in_play, out_of_action, dead, fled or reserve (never deployed)."""

    figure: str
    band: str
    rank: str
    status: str
    downed_by: str | None = None
    downed_by_band: str | None = None
    lost_weapons: tuple[str, ...] = ()


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
    result = s.result or {}
    figures = tuple(
        FigureOutcome(figure=f.id, band=f.band, rank=f.rank, status=f.status,
                      downed_by=f.downed_by, downed_by_band=f.downed_by_band,
                      lost_weapons=tuple(lasting.get(f.id, ())))
        for f in s.figures.values()
    )
    return GameReport(vp=dict(result.get("vp", {})), winner=result.get("winner"),
                      figures=figures, turns=s.turn, replay=replay, log=log,
                      seed=getattr(game, "seed", None))
