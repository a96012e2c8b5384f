"""Reading a campaign file that may come from anywhere: opened without blocking (a FIFO
or a device is refused, never waited on), its kind and size checked before a byte is
read, then parsed as JSON with its nesting bounded — each problem one line
``FILE: ENTRY: PROBLEM``."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from skirmish.content.errors import Problem
from skirmish.content.limits import MAX_DEPTH

#: A campaign file (a 10-game campaign is about 200 KB, its log included).
MAX_BYTES = 64 << 20


def read_bytes(path: str | Path) -> tuple[bytes | None, list[Problem]]:
    """The file's bytes, or why not. Opened without blocking (a FIFO or a device is
    refused, never waited on), its kind and size checked before a byte is read."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None, [Problem(name, "", "file not found")]
    except OSError as err:
        return None, [Problem(name, "", f"cannot read the file: {err.strerror or err}")]
    try:
        st_ = os.fstat(fd)
        if stat.S_ISDIR(st_.st_mode):
            return None, [Problem(name, "", "is a folder, not a file")]
        if not stat.S_ISREG(st_.st_mode):
            return None, [Problem(name, "", "not a regular file")]
        too_big = [Problem(name, "", f"a campaign file may be at most {MAX_BYTES >> 20} MB")]
        if st_.st_size > MAX_BYTES:
            return None, too_big
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        return None, [Problem(name, "", f"cannot read the file: {err.strerror or err}")]
    finally:
        os.close(fd)
    return (None, too_big) if size > MAX_BYTES else (b"".join(chunks), [])


def parse_document(name: str, raw: bytes) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The JSON object of the bytes :func:`read_bytes` read from file ``name``, parsed with
    its nesting bounded, or why not."""
    try:
        data = json.loads(raw.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError as err:
        return None, [Problem(name, "", f"not UTF-8 text (offset {err.start})")]
    except json.JSONDecodeError as err:
        return None, [Problem(name, f"line {err.lineno}", f"not valid JSON: {err.msg}")]
    except RecursionError:
        return None, [Problem(name, "", f"arrays or objects nested more than {MAX_DEPTH} "
                                        "levels deep")]
    except ValueError as err:  # an integer of more than 4,300 digits
        return None, [Problem(name, "", f"not valid JSON: {err}")]
    if not isinstance(data, dict):
        return None, [Problem(name, "", "expected a JSON object (a Skirmish campaign)")]
    return data, []
