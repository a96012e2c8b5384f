"""The shipped scenarios as the set-up screen offers them, each checked once for what it
is: the check (``skirmish validate``'s) reads and checks the scenario and the warband
files it names, which was most of the set-up screen's cost each time it opened. A check
is remembered by everything it reads — the ruleset asked for and those registered, the
scenario file's bytes and the bytes of each warband file it names (the rulebook does not
change while the window runs) — so an edited file is checked again.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections import OrderedDict
from pathlib import Path

from skirmish.app.file_digests import capped_bytes, digest
from skirmish.content.errors import ContentError
from skirmish.content.limits import MAX_TOML_BYTES
from skirmish.content.scenario import Scenario
from skirmish.rules.registry import RULESETS
from skirmish.validate import checked_scenario

#: Checks remembered; the least recently asked goes first.
KEPT = 64

_Key = tuple[str, str | None, tuple[str, ...], bytes, tuple[tuple[str, bytes | None], ...]]
_CHECKED: OrderedDict[_Key, Scenario | ContentError] = OrderedDict()


def _named_warbands(text: bytes) -> list[str] | None:
    """The warband files the scenario names (``bands[].warband``), or None when it cannot
    be read as TOML here (then it is checked each time: the check says why)."""
    try:
        data = tomllib.loads(text.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    bands = data.get("bands")
    if not isinstance(bands, list):
        return []
    return [b["warband"] for b in bands if isinstance(b, dict) and isinstance(b.get("warband"), str)]


def _key(path: Path, ruleset: str | None) -> _Key | None:
    """What the check of ``path`` reads, or None for a file the check refuses unread (a
    folder, a pipe, one too large) or that is not TOML: then the check runs each time."""
    text = capped_bytes(path)
    if text is None or len(text) > MAX_TOML_BYTES:
        return None
    refs = _named_warbands(text)
    if refs is None:
        return None
    base = path.parent
    return (str(path), ruleset, tuple(RULESETS), hashlib.sha256(text).digest(),
            tuple((ref, digest(base / ref)) for ref in refs))


def checked(path: Path, ruleset: str | None = None) -> Scenario:
    """:func:`skirmish.validate.checked_scenario`, remembered (see the module)."""
    key = _key(path, ruleset)
    if key is None:
        return checked_scenario(path, ruleset)
    if key not in _CHECKED:
        try:
            _CHECKED[key] = checked_scenario(path, ruleset)
        except ContentError as e:
            _CHECKED[key] = e
        if len(_CHECKED) > KEPT:
            _CHECKED.popitem(last=False)
    _CHECKED.move_to_end(key)
    found = _CHECKED[key]
    if isinstance(found, ContentError):
        raise found.with_traceback(None)
    return found
