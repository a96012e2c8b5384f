"""Small builders for rules tests: scenarios written in code, figures placed by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from skirmish.content.models import Rank
from skirmish.content.scenario import BandEntry, Objective, Scenario, TerrainPiece
from skirmish.content.warband import FigureSpec, Warband
from skirmish.match import new_game
from skirmish.rules import commands as c
from skirmish.rules.dice import Dice
from skirmish.rules.game import Game


def fig(fid: str, rank: str, at: tuple[float, float], weapons: Sequence[str] = (),
        equipment: Sequence[str] = (), **kw: Any) -> FigureSpec:
    return FigureSpec(id=fid, name=fid.capitalize(), rank=Rank(rank), position=at,
                      weapons=tuple(weapons), equipment=tuple(equipment), **kw)


def band(bid: str, *figures: FigureSpec, race: str = "none") -> BandEntry:
    return BandEntry(warband=Warband(id=bid, name=bid.capitalize(), race=race,
                                     figures=tuple(figures)))


def piece(pid: str, kind: str, poly: Sequence[tuple[float, float]], **kw: Any) -> TerrainPiece:
    return TerrainPiece(id=pid, name=pid.capitalize(), kind=kind, polygon=tuple(poly), **kw)


def scenario(*bands: BandEntry, terrain: Sequence[TerrainPiece] = (), width: float = 48,
             height: float = 32, **options: Any) -> Scenario:
    return Scenario(id="test", name="Test", width=width, height=height, terrain=tuple(terrain),
                    bands=tuple(bands), options=options)


def with_objective(scn: Scenario, at: tuple[float, float], vp: int = 10) -> Scenario:
    """``scn`` with one objective (GAP-13) of radius 1 at ``at``."""
    return msgspec.structs.replace(
        scn, objectives=(Objective(id="idol", name="Idol", at=at, radius=1.0, vp=vp),))


def start(scn: Scenario, *faces: int, seed: int = 1, **kw: Any) -> Game:
    """A game with ``faces`` forced for its first rolls (initiative first, then wave 1).

    Rules tests field lone figures on purpose, so the band rules are off unless asked."""
    dice = Dice(seed)
    dice.force(*faces)
    kw.setdefault("band_rules", False)
    return new_game(scn, seed, dice=dice, **kw)


def activate(game: Game, fid: str, *faces: int) -> None:
    game.dice.force(*faces)
    game.apply(c.Activate(figure=fid))


def roll_events(events: Sequence[object], rule: str | None = None) -> list[Any]:
    from skirmish.rules.events import Roll

    return [e for e in events if isinstance(e, Roll) and (rule is None or e.rule == rule)]


def pass_turn(game: Game, *faces: int) -> None:
    """Activate and end every remaining figure this turn; ``faces`` are forced just before
    the last activation, so they feed the end-of-turn rolls (rout tests)."""
    turn = game.state.turn
    forced = False
    while game.state.turn == turn and not game.over:
        s = game.state
        left = [f for f in s.figures.values() if f.status == "in_play" and not f.activated]
        last = len(left) == (0 if s.active is not None else 1)
        if last and not forced:
            game.dice.force(*faces)
            forced = True
        if s.active is not None:
            game.apply(c.EndActivation(figure=s.active))
        else:
            game.apply(next(cmd for cmd in game.legal_commands() if isinstance(cmd, c.Activate)))
