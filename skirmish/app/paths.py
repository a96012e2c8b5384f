"""Where the window finds its assets, the shipped scenarios and the players' saves.

``assets/`` and ``scenarios/`` are found by :mod:`skirmish.locations` (the repository
root, or ``<prefix>/share/skirmish`` once installed); saves go to ``$SKIRMISH_SAVES`` or
``~/.local/share/skirmish/saves``.
"""

from __future__ import annotations

import os
from pathlib import Path

from skirmish.locations import ASSETS, SCENARIOS

ROOT = ASSETS.parent
FONTS = ASSETS / "fonts"
TRANSLATIONS = ASSETS / "translations"
THEME = ASSETS / "theme.json"
#: The rules reference's texts by rule ID, one file a language (``rule_texts``).
RULE_TEXTS = ASSETS / "rules"

FONT_REGULAR = FONTS / "DejaVuSans.ttf"
FONT_BOLD = FONTS / "DejaVuSans-Bold.ttf"


def saves_dir() -> Path:
    env = os.environ.get("SKIRMISH_SAVES")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "skirmish" / "saves"


def shipped_scenarios() -> list[Path]:
    return sorted(SCENARIOS.glob("*.toml"))


def campaigns_dir() -> Path:
    return saves_dir() / "campaigns"


def warbands_dir() -> Path:
    """Where the warband builder saves the players' bands."""
    return saves_dir() / "warbands"


def warband_files() -> list[Path]:
    """Every band a player may field: theirs (the builder's saves) first, then the shipped
    ones."""
    return [*sorted(warbands_dir().glob("*.toml")),
            *sorted((SCENARIOS / "warbands").glob("*.toml"))]


def own_warband(path: Path) -> bool:
    """``path`` is a band the player saved with the builder."""
    return path.parent == warbands_dir()
