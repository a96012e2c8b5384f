"""Every ruleset beside Skirmish's own, chosen in a scenario file (RULESETS §0.1, §0.5 S1),
goes through the same commands: ``validate``; ``simulate`` twice alike, its options stored
in the replay and its rolls logged with the fields of §0.6; ``replay --verify``;
``--ruleset`` over any scenario; and the games of each shipped scenario end by the rules,
twice byte for byte (every log and replay file), each replay verifying — one turn of
one game a scenario by default, 200 whole games under ``-m slow``. What belongs to one
ruleset (its GAP defaults, its native block, its sentences) is tested in its own folder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from skirmish.content.loading import load_scenario
from skirmish.replay import record
from skirmish.sim import run_games
from tests.rules.ruleset_files import SCENARIOS, SHIPPED, ruleset_copy, run
from tests.sizes import sizes


@dataclass(frozen=True)
class Case:
    #: An option line of the ruleset's own, and how the replay stores it.
    option: str
    stored: tuple[str, object]
    #: A roll event of the ruleset's kind and the §0.6 fields one of them carries (a
    #: WFRP d100 has a hit location where its initiative d10 has none).
    roll: str
    fields: frozenset[str]
    #: The computer levels of the long run of headless games (a normal player against an
    #: easy one where the ruleset's players have levels).
    levels: tuple[str, ...] = ("normal", "easy")


CASES = {
    "clefs_aube": Case('ca_combat = "surclassement"\n', ("ca_combat", "surclassement"),
                       "roll_d20", frozenset({"rule", "dice", "need", "window", "faces",
                                              "degree", "inputs"}), ("easy",)),
    "wfrp2": Case('wf_ulric = "as_written"\n', ("wf_ulric", "as_written"), "roll_dice",
                  frozenset({"rule", "dice", "need", "faces", "value", "roll", "replaces",
                             "paid", "inputs", "location", "ruleset"})),
    "cle_en_main": Case("cem_npc_11 = true\n", ("cem_npc_11", True), "roll_d6",
                        frozenset({"rule", "dice", "need", "faces", "total", "inputs",
                                   "serial"})),
    "kart7": Case("k7_cover = true\n", ("k7_cover", True), "k7_draw",
                  frozenset({"rule", "number", "cards", "draw_need", "level", "retained",
                             "quality", "ruleset"})),
}


@pytest.mark.parametrize("turns", sizes(1, 3))
@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_validate_simulate_and_replay_verify(tmp_path, capsys, ruleset: str, turns: int) -> None:
    """The street fight cut to one turn by default (its first turn already rolls the
    ruleset's dice or cards and stores its option), three under ``-m slow``."""
    case = CASES[ruleset]
    path = ruleset_copy(tmp_path, "street_fight", ruleset, case.option, turns=turns)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and "ok" in out
    runs = [run(capsys, "simulate", str(path), "--games", "1", "--seed", "2", "--json",
                "--log-dir", str(tmp_path / k)) for k in ("a", "b")]
    assert runs[0] == runs[1] and runs[0][0] == 0
    summary = json.loads(runs[0][1])
    assert summary["ruleset"] == ruleset
    assert sum(summary["wins"].values()) + summary["draws"] == 1
    logs = tmp_path / "a"
    assert [p.read_bytes() for p in sorted(logs.iterdir())] == [
        p.read_bytes() for p in sorted((tmp_path / "b").iterdir())]
    lines = [json.loads(x) for x in
             (logs / "game-0000.jsonl").read_text(encoding="utf-8").splitlines()]
    rolls = [x for x in lines if x["type"] == case.roll]
    assert any(case.fields <= set(r) for r in rolls), rolls[:1]
    code, out, _ = run(capsys, "replay", str(logs / "game-0000.replay.json"), "--verify")
    assert code == 0 and "reproduce exactly" in out
    rep = json.loads((logs / "game-0000.replay.json").read_text(encoding="utf-8"))
    key, value = case.stored
    assert rep["ruleset"] == ruleset and rep["options"][key] == value


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_the_ruleset_flag_plays_any_scenario(capsys, ruleset: str) -> None:
    code, out, _ = run(capsys, "simulate", str(SCENARIOS / "tutorial.toml"), "--ruleset",
                       ruleset, "--games", "1", "--json")
    assert code == 0 and json.loads(out)["ruleset"] == ruleset


@pytest.mark.parametrize("games", sizes(1, 200))
@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_headless_games_end_by_the_rules_twice_identical_and_verified(
        tmp_path: Path, ruleset: str, name: str, games: int) -> None:
    """By default one game by easy players, cut to one turn (the engine on each table
    and band is what is checked: deployment, every wave and the end by the turn limit);
    under ``-m slow``, 200 whole games of each shipped scenario under each ruleset with the
    ruleset's levels (tens of CPU-minutes a ruleset)."""
    scn = load_scenario(ruleset_copy(tmp_path, name, ruleset, turns=1 if games == 1 else None))
    runs = []
    for k in ("a", "b"):
        out = tmp_path / k
        out.mkdir()
        levels = CASES[ruleset].levels if games > 1 else ("easy",)
        results = run_games(scn, games, 1, log_dir=str(out), levels=levels)
        assert all(r["reason"] for r in results), name  # every game ended by a rule
        runs.append((results, {p.name: p.read_bytes() for p in sorted(out.iterdir())}))
    (ra, fa), (rb, fb) = runs
    assert ra == rb and len(fa) == 2 * games and fa == fb
    for path in sorted((tmp_path / "a").glob("*.replay.json")):
        assert record.verify(record.load(path), path.name) is None, path.name
