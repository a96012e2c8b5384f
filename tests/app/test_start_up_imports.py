"""``skirmish play SCENARIO`` shows its first board having imported only the ruleset the
game is played under (RULESETS §0.5 S1: a ruleset registers itself when imported): the
other rulesets' modules are a good part of what the first frame would wait for. Nor does
it import PyYAML, which pygame_gui's translator would load for nothing
(``app/manager.py``), nor the modules only some games, screens or commands use
(:data:`LEFT_OUT`): each is imported where it is used. Each run is a fresh interpreter,
as a player's is."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from skirmish.locations import SCENARIOS
from skirmish.rulesets import SHIPPED

#: Modules a table of humans playing Skirmish has no use for before its first board, and
#: what uses them.
LEFT_OUT = {
    "concurrent.futures": "the computer's thinking thread (app/session.py)",
    "skirmish.cluster": "simulate --cluster (cli.py)",
    "skirmish.campaign_cli": "the campaign command's options (cli.py builds play's alone)",
    "socket": "pulled in by skirmish.cluster",
}

#: ``skirmish play`` as the command line runs it, stopped at its first frame with the
#: board; then the ruleset packages imported by then, those registered, and which of
#: :data:`LEFT_OUT` were imported.
_PLAY = """
import json, sys
from skirmish.app.app import App
step = App.step
def watched(self, *a, **k):
    out = step(self, *a, **k)
    if hasattr(self.screen, "board_rect"):
        self.running = False
    return out
App.step = watched
from skirmish.cli import main
status = main(["play", *sys.argv[1:]])
from skirmish.rules.registry import RULESETS
loaded = sorted(set(m.split(".")[2] for m in sys.modules if m.count(".") >= 2
                    and m.startswith("skirmish.rules.") and m.split(".")[2] in {shipped!r}))
print(json.dumps({{"status": status, "loaded": loaded, "registered": sorted(RULESETS),
                  "yaml": "yaml" in sys.modules,
                  "left_out": sorted(m for m in {left_out!r} if m in sys.modules)}}))
"""


def _play(*args: str) -> dict[str, object]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    script = _PLAY.format(shipped=set(SHIPPED), left_out=sorted(LEFT_OUT))
    out = subprocess.run([sys.executable, "-c", script, *args],
                         capture_output=True, text=True, env=env, check=True, timeout=120,
                         cwd=SCENARIOS.parent)
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.parametrize(("ruleset", "expected"), [
    (None, ["skirmish"]),
    ("kart7", ["kart7", "skirmish"]),  # the window's own table reads Skirmish's state
])
def test_first_board_imports_only_the_games_ruleset(ruleset: str | None,
                                                    expected: list[str]) -> None:
    args = [str(SCENARIOS / "street_fight.toml"), *(("--ruleset", ruleset) if ruleset else ())]
    seen = _play(*args)
    assert seen["status"] == 0
    assert seen["loaded"] == expected
    assert seen["registered"] == expected
    assert not seen["yaml"]  # python-i18n's YAML reader: pygame_gui's texts are JSON


def test_first_board_leaves_out_what_only_some_games_use() -> None:
    seen = _play(str(SCENARIOS / "street_fight.toml"))
    assert seen["status"] == 0
    assert seen["left_out"] == [], {m: LEFT_OUT[m] for m in seen["left_out"]}
