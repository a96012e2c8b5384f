"""Where the shipped data lives: ``assets/`` (fonts, theme, translations) and
``scenarios/``.

In a source checkout or an editable install they sit beside the package, at the
repository root; a regular install copies them to ``<prefix>/share/skirmish`` (the
data files of ``pyproject.toml``).
"""

from __future__ import annotations

import sysconfig
from pathlib import Path


def data_root() -> Path:
    here = Path(__file__).resolve().parents[1]
    if (here / "assets").is_dir():
        return here
    return Path(sysconfig.get_path("data")) / "share" / "skirmish"


DATA = data_root()
ASSETS = DATA / "assets"
SCENARIOS = DATA / "scenarios"
