"""Builders for Clé en main tests below the scheduler: figures converted from a rank
(RULESETS §2.b) and a :class:`Work` with forced dice."""

from __future__ import annotations

from functools import cache
from typing import Any

from skirmish.content.models import Rank, Rulebook
from skirmish.content.profiles import race_profile
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec
from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.cle_en_main.profile import CmProfile, profile_for
from skirmish.rules.cle_en_main.state import CmFigure, CmPart
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.dice import Dice


@cache
def book() -> Rulebook:
    return load_rulebook()


def spec(rank: str, weapons: tuple[str, ...] = (), equipment: tuple[str, ...] = (),
         native: dict[str, Any] | None = None) -> FigureSpec:
    return FigureSpec(id=rank, name=rank, rank=Rank(rank), weapons=weapons,
                      equipment=equipment, native={"cle_en_main": native} if native else {})


def profile(rank: str, weapons: tuple[str, ...] = (), equipment: tuple[str, ...] = (), *,
            race: str = "none", native: dict[str, Any] | None = None,
            options: CemOptions | None = None) -> CmProfile:
    s = spec(rank, weapons, equipment, native)
    return profile_for(book(), s, race_profile(book(), race, Rank(rank)), options or CemOptions())


def work(*faces: int, options: CemOptions | None = None, round_: int = 1,
         **figures: CmProfile) -> Work:
    """A :class:`Work` over ``figures`` (id → profile), at full vitality and heroism."""
    o = options or CemOptions()
    part = CmPart(options=o, figures={
        fid: CmFigure(profile=p, vitality=p.vitality, heroism=p.heroism)
        for fid, p in figures.items()})
    dice = Dice(7)
    dice.force(*faces)
    return Work(part, dice, round_, {fid: fid.capitalize() for fid in figures})


# -- whole games ---------------------------------------------------------------------------------
def cm_scenario(*bands: Any, **options: Any) -> Any:
    import msgspec

    from tests.rules.build import scenario

    return msgspec.structs.replace(scenario(*bands, **options), ruleset="cle_en_main")


def cm_start(scn: Any, *faces: int) -> Any:
    """A game whose first rolls are ``faces`` (the hand's Réflexes first: the first band's
    leader, then the second's)."""
    from tests.rules.build import start

    return start(scn, *faces)


def choose(game: Any, *options: str) -> list[Any]:
    """Answer the pending decisions in turn; the events of them all."""
    from skirmish.rules import commands as c

    out: list[Any] = []
    for o in options:
        out += game.apply(c.Choose(option=o))
    return out


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
