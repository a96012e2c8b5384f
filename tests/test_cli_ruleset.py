"""``play`` and ``simulate --ruleset``: an author tries a scenario under Les Clefs de l'Aube
(or back under Skirmish) without editing it (RULESETS §0.1); the summaries say which rules
and which options a run was played under, and ``--help`` says each default once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.cli import build_parser, main
from skirmish.locations import SCENARIOS
from skirmish.rules.registry import RULESETS
from tests.app.drive import make_app

SCENARIO = str(SCENARIOS / "tutorial.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def clefs_scenario(tmp_path: Path) -> Path:
    """The tutorial under Les Clefs de l'Aube, with one of its own options."""
    text = (SCENARIOS / "tutorial.toml").read_text(encoding="utf-8")
    path = tmp_path / "ca.toml"
    path.write_text('ruleset = "clefs_aube"\n' + text.replace(
        "[options]", '[options]\nca_combat = "surclassement"'), encoding="utf-8")
    return path


def test_simulate_under_another_ruleset_says_so(tmp_path, capsys):
    logs = tmp_path / "logs"
    code, out, _ = run(capsys, "simulate", SCENARIO, "--games", "1", "--ruleset", "clefs_aube",
                       "--log-dir", str(logs))
    assert code == 0
    assert out.splitlines()[1].startswith("  rules: clefs_aube, ")
    replay = json.loads((logs / "game-0000.replay.json").read_text(encoding="utf-8"))
    assert replay["ruleset"] == "clefs_aube"
    _, own, _ = run(capsys, "simulate", SCENARIO, "--games", "1", "--json")
    assert json.loads(own)["ruleset"] == "skirmish"


def test_the_other_rulesets_options_are_left_behind(tmp_path, capsys):
    """As the set-up screen's ruleset button does: Skirmish has no ``ca_combat``."""
    path = clefs_scenario(tmp_path)
    _, out, _ = run(capsys, "simulate", str(path), "--games", "1", "--json")
    assert json.loads(out)["options"].get("ca_combat") == "surclassement"
    code, out, err = run(capsys, "simulate", str(path), "--games", "1", "--json",
                         "--ruleset", "skirmish")
    summary = json.loads(out)
    assert (code, summary["ruleset"], err) == (0, "skirmish", "")
    assert "ca_combat" not in summary["options"]


def test_summary_md_names_the_rules(tmp_path, capsys):
    path = clefs_scenario(tmp_path)
    code, out, _ = run(capsys, "simulate", str(path), "--games", "1", "--report",
                       str(tmp_path / "rep"))
    lines = (tmp_path / "rep" / "summary.md").read_text(encoding="utf-8").splitlines()
    rules = next(line for line in lines if line.startswith("Rules: "))
    assert code == 0 and rules == "Rules: " + out.splitlines()[1].removeprefix("  rules: ")
    assert rules.startswith('Rules: clefs_aube, options ca_combat="surclassement"')


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_unknown_ruleset_is_a_usage_error(capsys, command):
    with pytest.raises(SystemExit) as exc:
        main([command, SCENARIO, "--ruleset", "clefs"])
    _, err = capsys.readouterr()
    assert exc.value.code == 2
    assert err.splitlines()[-1].endswith(
        "argument --ruleset: unknown ruleset 'clefs' (known: " + ", ".join(RULESETS) + ")")


def test_play_under_another_ruleset(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKIRMISH_SAVES", str(tmp_path / "saves"))
    app = make_app(scenario=SCENARIO, ruleset="clefs_aube")
    assert app.screen.session.game.ruleset.id == "clefs_aube"
    assert run(capsys, "play", SCENARIO, "--ruleset", "clefs_aube", "--frames", "1")[0] == 0
    with pytest.raises(SystemExit) as exc:
        main(["play", "--ruleset", "clefs_aube"])
    assert exc.value.code == 2
    assert "--ruleset needs a SCENARIO" in capsys.readouterr()[1]


def test_play_opens_cle_en_main_in_the_window(tmp_path, monkeypatch, capsys):
    """Clé en main plays in the window (RULESETS §0.1), named by ``--ruleset`` or by the
    scenario's own line; neither is refused as a command-line-only ruleset."""
    monkeypatch.setenv("SKIRMISH_SAVES", str(tmp_path / "saves"))
    own = tmp_path / "cm.toml"
    own.write_text('ruleset = "cle_en_main"\n' + (SCENARIOS / "tutorial.toml").read_text(
        encoding="utf-8"), encoding="utf-8")
    for argv in ([SCENARIO, "--ruleset", "cle_en_main"], [str(own)]):
        code, _, err = run(capsys, "play", *argv, "--frames", "1")
        assert (code, err) == (0, ""), argv
    app = make_app(scenario=SCENARIO, ruleset="cle_en_main")
    assert app.screen.session.game.ruleset.id == "cle_en_main"


def test_help_says_each_default_once_and_names_every_ruleset():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    text = " ".join(sub.choices["simulate"].format_help().split())
    assert ("--budget S hard level: seconds of search per activation, at most 60 (default: "
            "1.0)") in text
    assert "(default 1)" not in text
    for command in ("simulate", "play"):
        action = next(a for a in sub.choices[command]._actions if a.dest == "ruleset")
        assert all(name in action.help for name in RULESETS), command
