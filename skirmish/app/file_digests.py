"""What the window's memos of scenario and warband files are keyed on: a file's bytes, as
far as a loader reads them, so that an edited file is read and checked again."""

from __future__ import annotations

import hashlib
from pathlib import Path

from skirmish.content.limits import MAX_TOML_BYTES


def capped_bytes(path: Path) -> bytes | None:
    """A regular file's bytes up to one past the size a scenario or warband file may have
    (past it, the file is refused whatever it holds); None for a folder, a pipe or a file
    that cannot be read, which the loader refuses itself."""
    if not path.is_file():
        return None
    try:
        with path.open("rb") as fh:
            return fh.read(MAX_TOML_BYTES + 1)
    except OSError:
        return None


def digest(path: Path) -> bytes | None:
    """The digest of :func:`capped_bytes`, or None as it says."""
    data = capped_bytes(path)
    return None if data is None else hashlib.sha256(data).digest()
