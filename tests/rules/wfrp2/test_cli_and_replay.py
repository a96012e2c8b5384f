"""WFRP's own part of a scenario file (RULESETS §0.1, §0.5 S1): every GAP-WF default of §1.f
listed and the switchable ones options; native blocks and bad options refused by
``validate`` in one line; every sentence in both languages. The commands every ruleset
shares are in ``tests/rules/test_every_ruleset_cli.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from skirmish.rules.wfrp2.options import GAPS, OPTION_INFO, WfOptions, parse_options
from tests.rules.ruleset_files import militia_with_native, ruleset_copy, run


def test_every_gap_default_is_listed_and_the_switchable_ones_are_options() -> None:
    """§1.f: GAP-WF-1…23 each listed with its words and its option (if any); the options
    parse, round-trip and refuse a bad value naming it; [HOUSE] is labelled."""
    assert set(GAPS) == {f"GAP-WF-{i}" for i in range(1, 24)}
    assert set(OPTION_INFO) == set(WfOptions.__struct_fields__)
    for gap, (_, _, option) in GAPS.items():
        assert option is None or OPTION_INFO[option].gap == gap, gap
    assert OPTION_INFO["wf_critical"].tag == "HOUSE"
    opts = parse_options({"max_turns": 4, "wf_ulric": "as_written"})
    assert opts.frame.max_turns == 4 and opts.wf.wf_ulric == "as_written"
    assert opts.wf.wf_critical == "house" and not opts.wf.wf_initiative_each_round
    with pytest.raises(msgspec.ValidationError, match="wf_critical"):
        parse_options({"wf_critical": "deadly"})


def test_bad_option_and_bad_native_block_are_one_line(tmp_path, capsys) -> None:
    bad = ruleset_copy(tmp_path, "street_fight", "wfrp2", options="wf_destin = 3\n")
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 1 and err.strip().startswith(f"{bad}: options.wf_destin")
    wb = militia_with_native(tmp_path, "wfrp2", "{ cc = 120, zz = 1 }")
    code, _, err = run(capsys, "validate", str(wb))
    lines = err.strip().splitlines()
    assert code == 1 and "Traceback" not in err
    assert lines == [f"{wb}: band.figures[0].native.wfrp2.cc: expected int <= 99",
                     f"{wb}: band.figures[0].native.wfrp2: unknown field 'zz'"], err


def test_every_sentence_in_both_languages() -> None:
    from skirmish.rules.wfrp2.messages import TEXT

    for lang in ("en", "fr"):
        table = json.loads(Path(f"assets/translations/{lang}/wfrp2.json").read_text(encoding="utf-8"))
        assert set(table) == {f"engine.{k}" for k in TEXT}, lang
        for key, text in TEXT.items():
            assert set(re.findall(r"{(\w+)}", table[f"engine.{key}"])) == set(
                re.findall(r"{(\w+)}", text)), (lang, key)


