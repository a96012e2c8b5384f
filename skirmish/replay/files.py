"""Atomic JSON files (ARCHITECTURE convention 9): a save is never half-written."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from skirmish.content.errors import ContentError


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write to a temporary file in the same folder, then ``os.replace`` it into place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: str | Path) -> dict[str, Any]:
    """A JSON object from a file, or a :class:`ContentError` that names the file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(str(path), "", "file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError(str(path), "", f"cannot read the file ({e})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ContentError(str(path), f"line {e.lineno}", f"not valid JSON: {e.msg}") from None
    if not isinstance(data, dict):
        raise ContentError(str(path), "", "expected a JSON object")
    return data
