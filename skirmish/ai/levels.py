"""The computer levels by name: the one module that knows them all, so each level builds
on the shared interface of :mod:`skirmish.ai.player` and none on the factory."""

from __future__ import annotations

from skirmish.ai.cle_en_main import CleEnMainPlayer
from skirmish.ai.cle_en_main_hard import CleEnMainHardPlayer
from skirmish.ai.hard import HardPlayer
from skirmish.ai.kart7 import K7Player
from skirmish.ai.kart7_hard import K7HardPlayer
from skirmish.ai.normal import NormalPlayer
from skirmish.ai.player import LEVELS, Plan, Player
from skirmish.ai.seam import SeamPlayer
from skirmish.ai.simple import SimplePlayer
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.profile import RULESET as CLE_EN_MAIN
from skirmish.rules.game import Game
from skirmish.rules.skirmish.context import on_engine


class ByRuleset:
    """A level's player for the game's ruleset: the Skirmish engine's players for the
    rulesets on that engine, a ruleset's own player where it has one (Clé en main's hand,
    interrupts and heroism at each level: :mod:`skirmish.ai.cle_en_main`; KART 7's declarations over
    hidden piles: :mod:`skirmish.ai.kart7`), :class:`SeamPlayer` for the others with their
    own scheduler."""

    def __init__(self, engine: Player, seam: SeamPlayer, own: dict[str, Player]) -> None:
        self.engine, self.seam, self.own = engine, seam, own
        self._last: Player = engine

    def choose(self, game: Game) -> c.Command:
        rid = game.ruleset.id
        self._last = self.engine if on_engine(rid) else self.own.get(rid, self.seam)
        return self._last.choose(game)

    def take_plan(self) -> Plan | None:
        return self._last.take_plan()


def make_player(level: str, seed: int, *, budget: float = 1.0, rollouts: int = 0,
                clock: bool = True) -> Player:
    """A computer player of ``level`` (easy, normal or hard) with its own seeded choices.
    ``budget`` is the hard level's time per activation in seconds, turned into a fixed
    count of rollouts; ``rollouts`` > 0 sets that count instead; ``clock=False`` drops the
    wall-clock safety, so the choice never depends on the machine (batch runs, tests)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (expected one of "
                         f"{', '.join(LEVELS)})")
    engine: Player
    if level == "easy":
        engine = SimplePlayer(seed)
    elif level == "normal":
        engine = NormalPlayer(seed)
    else:
        engine = HardPlayer(seed, budget=budget, rollouts=rollouts, clock=clock)
    cem: Player = CleEnMainHardPlayer(seed) if level == "hard" else CleEnMainPlayer(seed, level)
    k7: Player = K7HardPlayer(seed) if level == "hard" else K7Player(level, seed)
    own: dict[str, Player] = {CLE_EN_MAIN: cem, "kart7": k7}
    return ByRuleset(engine, SeamPlayer(seed, level), own)
