"""Choosing Clé en main from a scenario file (RULESETS §0.1, §0.5 S1): ``validate``,
``simulate`` (twice identical, ending by the rules), ``replay --verify``; options parsed
and stored (every GAP-CM default of §2.f); native blocks checked by ``validate``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from skirmish.cli import main
from skirmish.content.loading import load_scenario
from skirmish.replay import record
from skirmish.rules.cle_en_main.options import GAPS, OPTION_INFO, CemOptions, parse_options
from tests.sizes import sizes

SCENARIOS = Path("scenarios")


def cm_copy(tmp_path: Path, name: str, options: str = "") -> Path:
    """A shipped scenario under ``ruleset = "cle_en_main"`` (warband paths made absolute)."""
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    text = re.sub(r'warband = "([^"]+)"',
                  lambda m: f'warband = "{(SCENARIOS / m.group(1)).resolve().as_posix()}"', text)
    text = 'ruleset = "cle_en_main"\n' + text.replace("[options]\n", "[options]\n" + options, 1)
    path = tmp_path / f"{name}_cm.toml"
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_options_every_gap_default_and_round_trip() -> None:
    opts = parse_options({"max_turns": 4, "cem_order": "alternate", "morale": "native"})
    assert opts.frame.max_turns == 4 and opts.cm.cem_order == "alternate"
    assert opts.cm.cem_heroism_chef == 4 and not opts.cm.cem_npc_11  # GAP-CM-3, GAP-CM-26
    assert set(GAPS) == {f"GAP-CM-{i}" for i in range(1, 30)}
    assert set(OPTION_INFO) == set(CemOptions.__struct_fields__)
    switched = {key for _, _, key in GAPS.values() if key is not None}
    assert switched <= set(CemOptions.__struct_fields__)
    for key, info in OPTION_INFO.items():
        assert info.gap.startswith(("GAP-CM-", "GAP-ALT-")), key
    with pytest.raises(msgspec.ValidationError, match="cem_order"):
        parse_options({"cem_order": "random"})


def test_validate_simulate_and_replay_verify(tmp_path, capsys) -> None:
    path = cm_copy(tmp_path, "street_fight", options='cem_npc_11 = true\n')
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and "ok" in out
    runs = [run(capsys, "simulate", str(path), "--games", "2", "--seed", "2", "--json")
            for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0
    summary = json.loads(runs[0][1])
    assert sum(summary["wins"].values()) + summary["draws"] == 2
    logs = tmp_path / "logs"
    assert run(capsys, "simulate", str(path), "--games", "1", "--log-dir", str(logs))[0] == 0
    lines = [json.loads(x) for x in
             (logs / "game-0000.jsonl").read_text(encoding="utf-8").splitlines()]
    rolls = [x for x in lines if x["type"] == "roll_d6"]
    assert rolls and {"rule", "dice", "need", "faces", "total", "inputs", "serial"} <= set(rolls[0])
    contests = [x for x in lines if x["type"] == "contest"]
    assert contests and {"figures", "totals", "winner", "tie_break"} <= set(contests[0])
    code, out, _ = run(capsys, "replay", str(logs / "game-0000.replay.json"), "--verify")
    assert code == 0 and "reproduce exactly" in out
    rep = json.loads((logs / "game-0000.replay.json").read_text(encoding="utf-8"))
    assert rep["ruleset"] == "cle_en_main" and rep["options"]["cem_npc_11"] is True


def _warband(tmp_path: Path, block: str) -> Path:
    wb = tmp_path / "wb.toml"
    wb.write_text((SCENARIOS / "warbands/human_militia.toml").read_text(encoding="utf-8")
                  .replace('equipment = ["sight"]\n',
                           f'equipment = ["sight"]\nnative.cle_en_main = {block}\n', 1),
                  encoding="utf-8")
    return wb


def test_a_sound_native_block_validates_S2(tmp_path, capsys) -> None:
    code, out, err = run(capsys, "validate", str(_warband(tmp_path, "{ defence = 9, vitality = 20 }")))
    assert code == 0 and err == "", err


@pytest.mark.parametrize(("block", "entry", "problem"), [
    ("{ defence = 25 }", "defence", "expected int <= 20"),
    ("{ vitality = 0 }", "vitality", "expected int >= 1"),
    ("{ weapons = { bazooka = { dice = 2 } } }", "weapons.bazooka",
     "the figure does not carry this weapon"),
    ("{ trainings = [\"magic\"] }", "trainings[0]", "invalid enum value 'magic'")])
def test_native_problems_are_one_line_naming_the_field_S2(tmp_path, capsys, block: str,
                                                          entry: str, problem: str) -> None:
    code, _, err = run(capsys, "validate", str(_warband(tmp_path, block)))
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert lines[0].startswith(f"{tmp_path / 'wb.toml'}: band.figures[0].native.cle_en_main.{entry}")
    assert problem in lines[0] and "Traceback" not in err


def test_a_bad_option_is_one_line(tmp_path, capsys) -> None:
    bad = cm_copy(tmp_path, "street_fight", options="cem_heroism_chef = 99\n")
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 1 and err.strip().startswith(f"{bad}: options.cem_heroism_chef")


def test_every_sentence_in_both_languages() -> None:
    from skirmish.rules.cle_en_main.messages import TEXT

    for lang in ("en", "fr"):
        table = json.loads(Path(f"assets/translations/{lang}/cle_en_main.json")
                           .read_text(encoding="utf-8"))
        assert {k for k in table if k.startswith("engine.")} == {f"engine.{k}" for k in TEXT}
        for key, text in TEXT.items():
            assert set(re.findall(r"{(\w+)}", table[f"engine.{key}"])) == set(
                re.findall(r"{(\w+)}", text)), (lang, key)


@pytest.mark.parametrize("games", sizes(1, 200))
@pytest.mark.parametrize("name", sorted(p.stem for p in SCENARIOS.glob("*.toml")))
def test_headless_games_twice_identical_and_verified(tmp_path, name, games: int) -> None:
    """Headless games of each shipped scenario under ``cle_en_main`` end by the rules,
    twice byte-identical (every log and replay file), and every replay verifies: one game
    each by default, 200 under ``pytest -m slow`` (minutes a scenario)."""
    from skirmish.sim import run_games

    scn = load_scenario(cm_copy(tmp_path, name))
    runs = []
    for k in ("a", "b"):
        out = tmp_path / k
        out.mkdir()
        results = run_games(scn, games, 1, log_dir=str(out))
        assert all(r["reason"] for r in results), name
        runs.append((results, {p.name: p.read_bytes() for p in sorted(out.iterdir())}))
    (ra, fa), (rb, fb) = runs
    assert ra == rb and len(fa) == 2 * games and fa == fb
    for path in sorted((tmp_path / "a").glob("*.replay.json")):
        assert record.verify(record.load(path), path.name) is None, path.name
