"""Clé en main's own part of a scenario file (RULESETS §0.1, §0.5 S1): every GAP-CM default
of §2.f listed and its options parsed; native blocks and bad options refused by ``validate``
in one line; every sentence in both languages. The commands every ruleset shares are in
``tests/rules/test_every_ruleset_cli.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from skirmish.rules.cle_en_main.options import GAPS, OPTION_INFO, CemOptions, parse_options
from tests.rules.ruleset_files import militia_with_native, ruleset_copy, run


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


def test_a_sound_native_block_validates_S2(tmp_path, capsys) -> None:
    code, out, err = run(capsys, "validate", str(militia_with_native(
        tmp_path, "cle_en_main", "{ defence = 9, vitality = 20 }")))
    assert code == 0 and err == "", err


@pytest.mark.parametrize(("block", "entry", "problem"), [
    ("{ defence = 25 }", "defence", "expected int <= 20"),
    ("{ vitality = 0 }", "vitality", "expected int >= 1"),
    ("{ weapons = { bazooka = { dice = 2 } } }", "weapons.bazooka",
     "the figure does not carry this weapon"),
    ("{ trainings = [\"magic\"] }", "trainings[0]", "invalid enum value 'magic'")])
def test_native_problems_are_one_line_naming_the_field_S2(tmp_path, capsys, block: str,
                                                          entry: str, problem: str) -> None:
    code, _, err = run(capsys, "validate", str(militia_with_native(tmp_path, "cle_en_main", block)))
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert lines[0].startswith(f"{tmp_path / 'wb.toml'}: band.figures[0].native.cle_en_main.{entry}")
    assert problem in lines[0] and "Traceback" not in err


def test_a_bad_option_is_one_line(tmp_path, capsys) -> None:
    bad = ruleset_copy(tmp_path, "street_fight", "cle_en_main", options="cem_heroism_chef = 99\n")
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
