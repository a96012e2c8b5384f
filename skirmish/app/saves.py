"""The players' saves: where they go, what they say about themselves, the autosaves.

A save is a replay file (:mod:`skirmish.replay.record`) with a ``meta`` table the load
screen lists without re-running anything: scenario, turn, bands, date, and the program
and rules-data versions that wrote it, so a save from another version can say why it no
longer reproduces. File names come from :func:`skirmish.replay.files.slug` plus a
counter, never from a raw id.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import time
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from skirmish.ai.player import LEVELS
from skirmish.app.paths import campaigns_dir, saves_dir
from skirmish.content.errors import ContentError
from skirmish.replay.files import numbered_path, read_json

AUTOSAVE = "autosave"
#: A campaign game's save and its finished game's replay, beside the campaign's file.
CAMPAIGN_SAVE, CAMPAIGN_REPLAY = ".save.json", ".replay.json"
AUTOSAVES_KEPT = 3
DATA = Path(__file__).resolve().parent.parent / "content" / "data"


@cache
def program_version() -> str:
    try:
        return importlib.metadata.version("skirmish")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


@cache
def rules_data_version() -> str:
    """A short digest of the rules tables (content/data/*.toml): two saves with the same
    digest were played with the same profiles, weapons and damage tables."""
    h = hashlib.blake2b(digest_size=6)
    for p in sorted(DATA.glob("*.toml")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def meta(game: Any) -> dict[str, Any]:
    """What a save says about itself (read by the load screen and by version checks)."""
    s = game.state
    return {
        "program": program_version(), "rules_data": rules_data_version(),
        "scenario": game.scenario.name, "scenario_fr": game.scenario.name_fr,
        "scenario_id": game.scenario.id,
        "turn": int(getattr(s, "turn", 0)), "phase": str(getattr(s, "phase", "")),
        "bands": [b.name for b in getattr(s, "bands", ())],
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
    }


def link_meta(campaign_file: str, index: int) -> dict[str, Any]:
    """What a save says about its campaign (``meta["campaign"]``)."""
    return {"file": str(Path(campaign_file).resolve()), "game": index}


def link_from_meta(meta: dict[str, Any] | None) -> tuple[str, int] | None:
    """The campaign file and game number a save names, or None (an older save, a single
    game, or a link that is not one: the save then loads as a single game)."""
    link = (meta or {}).get("campaign")
    if not isinstance(link, dict):
        return None
    file, index = link.get("file"), link.get("game")
    if not isinstance(file, str) or not file or type(index) is not int or index < 1:
        return None
    return file, index


def new_save_path(scenario_id: str, folder: Path | None = None) -> Path:
    return numbered_path(folder or saves_dir(), scenario_id)


def autosave_path(folder: Path | None = None) -> Path:
    return numbered_path(folder or saves_dir(), AUTOSAVE)


def prune_autosaves(folder: Path | None = None, keep: int = AUTOSAVES_KEPT) -> None:
    """Keep the ``keep`` newest autosaves."""
    folder = folder or saves_dir()
    old = sorted(folder.glob(f"{AUTOSAVE}-*.json"), key=lambda p: p.name)[:-keep]
    for p in old:
        p.unlink(missing_ok=True)


class SaveInfo(msgspec.Struct, frozen=True):
    """One row of the load screen."""

    path: str
    scenario: str
    turn: int
    bands: tuple[str, ...]
    date: str
    autosave: bool
    problem: str = ""
    scenario_fr: str = ""
    #: The game was played to its end (a replay with a result): no turn to resume at.
    over: bool = False
    #: The ruleset's id ("skirmish", "clefs_aube"): two saves of one scenario differ by it.
    ruleset: str = ""
    #: The bands' French names (the English where a band has none), for a French window.
    bands_fr: tuple[str, ...] = ()


def describe(path: Path) -> SaveInfo:
    """A save's row, from its ``meta`` (older saves: from the embedded scenario)."""
    auto = path.name.startswith(AUTOSAVE + "-")
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    try:
        data = read_json(path)
    except ContentError as e:
        return SaveInfo(str(path), path.name, 0, (), date, auto, e.problems[0].problem)
    m = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    sc = data.get("scenario") if isinstance(data.get("scenario"), dict) else {}
    name = str(m.get("scenario") or sc.get("name") or path.stem)
    bands = m.get("bands")
    if not isinstance(bands, list):
        bands = [str(b.get("warband", {}).get("name", "?")) for b in sc.get("bands", ())
                 if isinstance(b, dict) and isinstance(b.get("warband"), dict)]
    turn = m.get("turn") if isinstance(m.get("turn"), int) else 0
    when = str(m.get("date", date))[:16]
    problem = "" if data.get("format") == "skirmish-replay" else "not a Skirmish save"
    name_fr = str(m.get("scenario_fr") or sc.get("name_fr") or "")
    over = isinstance(data.get("result"), dict)
    bands_fr = [str(w.get("name_fr") or w.get("name") or "?") for w in
                (b.get("warband") for b in sc.get("bands", ()) if isinstance(b, dict))
                if isinstance(w, dict)]
    return SaveInfo(str(path), name[:60], turn, tuple(str(b)[:30] for b in bands), when, auto,
                    problem, name_fr[:60], over, str(data.get("ruleset") or ""),
                    tuple(b[:30] for b in bands_fr))


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """The saves in ``folder``, newest first."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(p) for p in files]


def list_replays(folder: Path | None = None) -> list[SaveInfo]:
    """Every file the replay viewer can show, newest first: the saves folder's and the
    campaigns' games (each game's replay and the save of one under way; not the campaign
    files themselves, nor their logs)."""
    folder = folder or saves_dir()
    files = [p for p in folder.glob("*.json") if p.is_file()] if folder.is_dir() else []
    camp = campaigns_dir() if folder == saves_dir() else folder / "campaigns"
    if camp.is_dir():
        files += [p for p in camp.glob("*.json")
                  if p.name.endswith((CAMPAIGN_SAVE, CAMPAIGN_REPLAY)) and p.is_file()]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(p) for p in files]


def version_note(data_meta: dict[str, Any] | None) -> str:
    """Why a save may not reproduce: the versions it was written with, if not ours."""
    if not data_meta:
        return ""
    prog, rules = data_meta.get("program"), data_meta.get("rules_data")
    if prog == program_version() and rules == rules_data_version():
        return ""
    return (f" (saved by Skirmish {prog} with rules data {rules}; this is "
            f"{program_version()} with {rules_data_version()})")



def fallback_path(scenario_id: str) -> Path:
    """Another place to offer when the saves folder fails: the home folder if it is a
    writable folder, else the temporary folder."""
    import os
    import tempfile

    home = Path.home()
    folder = home if home.is_dir() and os.access(home, os.W_OK) else Path(tempfile.gettempdir())
    return numbered_path(folder, f"skirmish-{scenario_id}")


def recorded_levels(meta: dict[str, Any] | None) -> dict[str, str]:
    """The computer level of each band a save or replay records (``meta["levels"]``, as
    the window's saves and ``skirmish simulate`` write it); anything else is ignored."""
    raw = (meta or {}).get("levels")
    return {str(b): str(lv) for b, lv in raw.items() if lv in LEVELS} \
        if isinstance(raw, dict) else {}
