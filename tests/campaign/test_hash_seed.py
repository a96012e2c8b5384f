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
    root = Path(__file__).resolve().parents[2]
    out = []
    for seed in ("1", "2", "3", "4"):
        path = tmp_path / f"c{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        subprocess.run([sys.executable, "-c", SCRIPT, str(path)], check=True, env=env,
                       cwd=root, timeout=60)
        out.append(path.read_bytes())
    assert b'"ranks":["chef","sous_chef","sous_fifre"]' in out[0]
    assert all(o == out[0] for o in out)
