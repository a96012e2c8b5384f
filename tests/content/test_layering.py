"""ARCHITECTURE.md: the content layer imports only the stdlib and msgspec."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_content_imports_no_engine_ui_or_geometry():
    code = (
        "import sys\n"
        "import skirmish.content.costs, skirmish.content.errors, skirmish.content.loading\n"
        "import skirmish.content.profiles, skirmish.content.rulebook\n"
        "skirmish.content.rulebook.load_rulebook()\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "{'pygame', 'pymunk', 'numpy', 'shapely', 'scipy'} or m.startswith('skirmish.rules')"
        " or m.startswith('skirmish.geometry')]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""
