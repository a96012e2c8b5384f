"""Les Clefs de l'Aube's own part of a scenario file (RULESETS §0.1, §0.5 S1): every GAP-CA
default of §3.f listed and its options parsed; native blocks and bad options refused by
``validate`` in one line; every sentence in both languages. The commands every ruleset
shares are in ``tests/rules/test_every_ruleset_cli.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from skirmish.rules.clefs_aube.options import GAPS, OPTION_INFO, CaOptions, parse_options
from tests.rules.ruleset_files import militia_with_native, ruleset_copy, run


def test_options_every_gap_default_and_round_trip() -> None:
    opts = parse_options({"max_turns": 4, "ca_combat": "surclassement"})
    assert opts.frame.max_turns == 4 and opts.ca.ca_combat == "surclassement"
    assert opts.ca.ca_critical_die == "off" and opts.ca.ca_multi_actions  # GAP-CA-8, -2
    assert set(GAPS) == {f"GAP-CA-{i}" for i in range(1, 26)}
    assert set(OPTION_INFO) == set(CaOptions.__struct_fields__)
    for key, gap, _ in ((k, v.gap, v) for k, v in OPTION_INFO.items()):
        assert gap.startswith(("GAP-CA-", "CA-")), key
    with pytest.raises(msgspec.ValidationError, match="ca_combat"):
        parse_options({"ca_combat": "wild"})


def test_bad_option_and_bad_native_block_are_one_line(tmp_path, capsys) -> None:
    bad = ruleset_copy(tmp_path, "street_fight", "clefs_aube", options="ca_critical_die = 3\n")
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 1 and err.strip().startswith(f"{bad}: options.ca_critical_die")
    wb = militia_with_native(tmp_path, "clefs_aube", "{ pu = 4 }")
    code, _, err = run(capsys, "validate", str(wb))
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert lines[0].startswith(f"{wb}: band.figures[0].native.clefs_aube.moyens")
    assert "sum to 0" in lines[0] and "Traceback" not in err



@pytest.mark.parametrize(("block", "entry", "problem"), [
    ("{ ph = -5 }", "ph", "expected int >= 1"),
    ("{ me = 31 }", "me", "expected int <= 30"),
    ("{ nc_tir = 25 }", "nc_tir", "expected int <= 20"),
    ("{ be = -1 }", "be", "expected int >= 0"),
    ("{ weapons = { pistol = { bd = -3 } } }", "weapons.pistol.bd", "expected int >= 0")])
def test_native_values_out_of_their_range_are_refused_CA_ASPECTS_CA_NC(
        tmp_path, capsys, block: str, entry: str, problem: str) -> None:
    """A Ph of −5 would put the figure out of action before it moved (GAP-CA-9); each
    native value has the range of its kind, said in one line naming the field."""
    wb = militia_with_native(tmp_path, "clefs_aube", block)
    code, _, err = run(capsys, "validate", str(wb))
    assert code == 1 and err.strip() == (
        f"{wb}: band.figures[0].native.clefs_aube.{entry}: {problem}"), err

def test_every_sentence_in_both_languages() -> None:
    from skirmish.rules.clefs_aube.messages import TEXT

    for lang in ("en", "fr"):
        table = json.loads(Path(f"assets/translations/{lang}/clefs_aube.json")
                           .read_text(encoding="utf-8"))
        assert set(table) == {f"engine.{k}" for k in TEXT}, lang
        for key, text in TEXT.items():
            assert set(re.findall(r"{(\w+)}", table[f"engine.{key}"])) == set(
                re.findall(r"{(\w+)}", text)), (lang, key)


