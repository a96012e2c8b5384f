"""The allocator keeps what the route searches free (skirmish/allocator.py): a search
after the first faults no pages in, where glibc's defaults fault in a hundred per far path."""

from __future__ import annotations

import subprocess
import sys

import pytest

from skirmish.locations import SCENARIOS

SEARCHES = """
import resource, sys
from skirmish.allocator import keep_freed_memory
kept = keep_freed_memory() if sys.argv[1] == "kept" else None
from skirmish.bench.geometry import _far_pair
from skirmish.bench.report import deployed_discs
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table
scn = load_scenario(SCENARIOS / "three_band_brawl.toml")
table, discs = build_table(scn), deployed_discs(scn)
a, b = _far_pair(table, discs)
for _ in range(3):
    table.path(a, b, discs[1:], memo=False)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(10):
    table.path(a, b, discs[1:], memo=False)
print(kept, (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 10)
"""


def _faults_per_path(mode: str) -> tuple[str, float]:
    out = subprocess.run([sys.executable, "-c", SEARCHES, mode], capture_output=True, text=True,
                         check=True).stdout.split()
    return out[0], float(out[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator only")
def test_far_paths_fault_no_pages_in_once_the_allocator_keeps_freed_memory_GAP_15():
    """The same far path on the three-band brawl, ten times after three to warm up."""
    kept, faults = _faults_per_path("kept")
    assert kept == "True" and faults < 5
    _, default = _faults_per_path("default")
    assert default > 4 * max(faults, 1)


def test_every_command_keeps_freed_memory(monkeypatch: pytest.MonkeyPatch):
    import skirmish.cli as cli

    called = []
    monkeypatch.setattr(cli, "keep_freed_memory", lambda: called.append(True))
    assert cli.main(["validate", str(SCENARIOS / "open_field.toml")]) == 0
    assert called == [True]
