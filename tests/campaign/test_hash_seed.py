"""The campaign file's bytes do not depend on the interpreter's hash seed (PYTHONHASHSEED):
an advance's ``ranks`` is a set, written sorted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
import msgspec
from skirmish.campaign import files
from skirmish.content.models import StatChange
from tests.campaign.build import campaign, member

c = campaign()
grunt = member(c, "red:grunt")
grunt.spec = msgspec.structs.replace(grunt.spec, advances=(StatChange(stat="cd", op="add",
                                                                      value=1, rule="GAP-62"),))
files.save(c, sys.argv[1])
"""


def test_same_campaign_same_bytes_under_any_hash_seed_gap_62(tmp_path: Path) -> None:
    """Under hash seeds 1 and 3 the set of all ranks iterates in different orders."""
    root = Path(__file__).resolve().parents[2]
    runs = []
    for seed in ("1", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        runs.append(subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path / seed)],
                                     env=env, cwd=root))
    assert [p.wait(timeout=60) for p in runs] == [0, 0]
    one, three = (tmp_path / "1").read_bytes(), (tmp_path / "3").read_bytes()
    assert b'"ranks":["chef","sous_chef","sous_fifre"]' in one
    assert one == three
