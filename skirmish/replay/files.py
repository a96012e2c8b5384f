"""Files the program writes: JSON written atomically (ARCHITECTURE convention 9: a save is
never half-written), file names made from ids that may hold anything, and the clean-up of
temporary files an interrupted write left behind.

Ids come from scenario and warband files, which anyone may write: ``slug`` turns one into
a short, safe file name part, so a save or a ``--log-dir`` file never lands outside its
folder, never fails on a long or strange name and never carries control characters.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

from skirmish.content.errors import ContentError

TMP_SUFFIX = ".tmp"
SLUG_MAX = 40
#: A temporary file older than this is an orphan, not another instance's write in progress.
ORPHAN_AGE_S = 60.0


def slug(text: str, fallback: str = "game", limit: int | None = SLUG_MAX,
         sep: str = "-") -> str:
    """Lower-case ASCII letters, digits and single ``sep``, at most ``limit`` long:
    ``"../../Rue d'Été\\x00"`` → ``"rue-d-ete"``; nothing usable → ``fallback``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9]+", sep, ascii_text.lower()).strip(sep)[:limit].strip(sep)
    return out or fallback


def numbered_path(folder: str | Path, stem: str, suffix: str = ".json") -> Path:
    """``folder/<slug(stem)>-<n>.json`` with ``n`` one more than any such file there."""
    base = slug(stem)
    pattern = re.compile(rf"{re.escape(base)}-(\d+){re.escape(suffix)}$")
    folder = Path(folder)
    taken = [int(m.group(1)) for p in (folder.iterdir() if folder.is_dir() else ())
             if (m := pattern.match(p.name))]
    return folder / f"{base}-{max(taken, default=0) + 1:03d}{suffix}"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def json_bytes(data: Any) -> bytes:
    """``data`` as the compact UTF-8 JSON every file of the program is written in."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class WriteFailed(OSError):
    """A file that could not be written (a read-only or full folder, a folder in the way);
    whatever was at that path before is left as it was. ``str`` is one line naming the file,
    the cause and that."""

    def __str__(self) -> str:
        return (f"{self.filename}: not written ({self.strerror}); "
                "any previous file there is unchanged")


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, fsync it, then ``os.replace`` it into
    place, with the permissions a plain ``open`` would give (the user's umask, not the
    0600 of a temporary file). Raises :class:`WriteFailed` (an ``OSError`` naming
    ``path``) or ``ValueError`` (a NUL in the name) and leaves any previous file at
    ``path`` untouched, and no temporary file behind."""
    target = Path(path)
    tmp: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TMP_SUFFIX,
                                   dir=target.parent)
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError) and not isinstance(e, WriteFailed):
            raise WriteFailed(e.errno, e.strerror or str(e), str(target)) from e
        raise


def clean_orphans(folder: str | Path, older_than_s: float = ORPHAN_AGE_S) -> list[Path]:
    """Delete the temporary files that interrupted writes left in ``folder`` (those of
    :func:`write_bytes_atomic`: ``.<name>.<random>.tmp``); returns what was removed."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    now = time.time()
    removed = []
    for p in folder.glob(f".*{TMP_SUFFIX}"):
        try:
            if p.is_file() and now - p.stat().st_mtime > older_than_s:
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    return removed


def read_json(path: str | Path) -> dict[str, Any]:
    """A JSON object from a file, or a :class:`ContentError` that names the file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(str(path), "", "file not found") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise ContentError(str(path), "", f"cannot read the file ({e})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ContentError(str(path), f"line {e.lineno}", f"not valid JSON: {e.msg}") from None
    if not isinstance(data, dict):
        raise ContentError(str(path), "", "expected a JSON object")
    return data
