"""The computer never sees another band's secret manoeuvre (RULESETS §0.5 S15, S7 hidden
choice): under surclassement ([CA-SURCLASSEMENT]) the attacker's choice sits in the game
while the defender chooses; a look-ahead copy made for the defender carries a sample
instead, so every level's answer — and the hard level's every rollout — is the same
whatever the attacker chose, while the real game still resolves the real choice."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.ai.hard import HardPlayer
from skirmish.ai.levels import make_player
from skirmish.ai.player import LEVELS, play_turn
from skirmish.replay import record
from skirmish.rules import commands as c
from skirmish.rules.events import DecisionTaken, Opposition
from skirmish.rules.game import Game
from skirmish.sim import play
from tests.ai.test_clefs_odds_vs_engine import duel
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario

SECRETS = ("MD", "MP", "MA")


def defending(secret: str) -> Game:
    """A Sous-chef strikes a Sous-fifre by surclassement and chooses ``secret``: the
    Sous-fifre's band is now to choose its own manoeuvre."""
    g = duel(ca_combat="surclassement", ca_multi_actions=False)
    g.apply(c.Strike(figure="a:x", target="b:y"))
    g.apply(c.Choose(option=secret))
    assert g.state.pending.kind == "ca_manoeuvre" and g.to_act == "b"
    return g


class Recording(HardPlayer):
    """The hard player, noting each rollout it plays: (answer tried, salt, value)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, rollouts=12, clock=False)
        self.rollouts_seen: list[tuple[str, int, float]] = []

    def rollout(self, game: Game, cmd: c.Command, band: str, salt: int) -> float:
        value = super().rollout(game, cmd, band, salt)
        self.rollouts_seen.append((getattr(cmd, "option", ""), salt, value))
        return value


def test_a_look_ahead_copy_carries_no_secret_CA_SURCLASSEMENT():
    """S15 at the seam: the same fork (same salt) of the three positions is the same game
    byte for byte, log included; the real games keep their three choices."""
    games = {m: defending(m) for m in SECRETS}
    forks = [g.copy(fork_dice=7) for g in games.values()]
    assert len({f.state_bytes() for f in forks}) == 1
    assert len({msgspec.json.encode(f.log) for f in forks}) == 1
    for m, g in games.items():
        assert g.state.pending.resume.data["attacker_choice"] == m
        taken = [e for e in g.log if isinstance(e, DecisionTaken)]
        assert taken[-1].option == m


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hard_defenders_answer_and_rollouts_ignore_the_secret_CA_SURCLASSEMENT_GAP_CA_6(
        seed):
    """[CA-SURCLASSEMENT] [GAP-CA-6] the hard player searches its answer on rollouts: the
    same seed gives the same rollouts, value for value, and the same answer whichever
    manoeuvre the attacker hid (before, each exchange resolved the real one)."""
    seen = {}
    for m in SECRETS:
        player = Recording(seed)
        cmd = player.choose(defending(m))
        seen[m] = (cmd, player.rollouts_seen)
    first = seen["MD"]
    assert len(first[1]) == 12
    assert all(s == first for s in seen.values()), {m: s[0] for m, s in seen.items()}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_the_same_whatever_was_hidden_then_the_real_choice_resolves_CA_SURCLASSEMENT(
        level):
    """Each level's answer is independent of the secret; played on the real game, the
    exchange ([CA-SURCLASSEMENT] step 1, the reveal) shows the attacker's real choice."""
    answers = set()
    for m in SECRETS:
        g = defending(m)
        events = play_turn(g, make_player(level, 5, rollouts=6, clock=False))
        (o,) = [e for e in events if isinstance(e, Opposition)]
        assert o.choices[0] == m
        answers.add(o.choices[1])
    assert len(answers) == 1


def test_games_with_hidden_choices_repeat_and_their_replays_verify_CA_SURCLASSEMENT(tmp_path):
    """Determinism holds with the secrets concealed: the same seed plays the same game
    byte for byte (hard against hard, so each defends with a look-ahead), and its replay,
    saved and loaded, verifies to the last hash."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ("sword",)), fig("w", "sous_fifre", (20, 10), ("sword",))),
        band("b", fig("y", "chef", (10, 11), ("axe",)), fig("z", "sous_fifre", (20, 11), ("sword",))),
        ca_combat="surclassement", max_turns=2)
    games = [play(scn, 1, None, ("hard", "hard"), rollouts=3) for _ in range(2)]
    g = games[0]
    assert g.over and sum(isinstance(e, Opposition) for e in g.log) >= 5
    assert games[1].commands == g.commands and games[1].state_bytes() == g.state_bytes()
    replay = record.from_game(g)
    assert replay.steps[-1].hash == g.state_hash()
    record.save(replay, tmp_path / "hidden.json")
    assert record.verify(record.load(tmp_path / "hidden.json")) is None
