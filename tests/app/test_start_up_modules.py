"""``skirmish play SCENARIO`` shows its first board without the modules only some games,
screens or commands use: each is imported where it is used, so the first frame with the
board does not wait for it. Each run is a fresh interpreter, as a player's is."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from skirmish.locations import SCENARIOS

#: Modules a table of humans playing Skirmish has no use for before its first board, and
#: what uses them.
LEFT_OUT = {
    "concurrent.futures": "the computer's thinking thread (app/session.py)",
    "skirmish.cluster": "simulate --cluster (cli.py)",
    "socket": "pulled in by skirmish.cluster",
}

#: ``skirmish play`` as the command line runs it, stopped at its first frame with the
#: board; then which of the modules asked for were imported by then.
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
print(json.dumps({{"status": status, "loaded": sorted(m for m in {names!r} if m in sys.modules)}}))
"""


def test_first_board_leaves_out_what_only_some_games_use() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    script = _PLAY.format(names=sorted(LEFT_OUT))
    out = subprocess.run([sys.executable, "-c", script, str(SCENARIOS / "street_fight.toml")],
                         capture_output=True, text=True, env=env, check=True, timeout=120,
                         cwd=SCENARIOS.parent)
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["status"] == 0
    assert seen["loaded"] == [], {m: LEFT_OUT[m] for m in seen["loaded"]}
