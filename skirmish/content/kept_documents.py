"""The shipped rulebook's TOML files, parsed once and kept beside them.

:mod:`tomllib` parses in Python: the rulebook's files took most of the time its loading
costs, and they are the same at every start. So the parsed documents are kept in a
:mod:`marshal` file in a ``__pycache__`` folder beside the data, as Python keeps its
bytecode, with a digest of the texts: a file changed in any way is parsed afresh (and
the kept file replaced), and a kept file that cannot be read is ignored. It is written
only where Python would write its own caches (not under ``sys.dont_write_bytecode``, nor
in a folder that cannot be written), in one step (a temporary file renamed), so a
reader never sees half of one.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

#: The folder the parsed documents are kept in, inside the data folder.
KEPT = "__pycache__"


def _kept_file(folder: Path, names: list[str]) -> Path:
    """The file the documents ``names`` are kept in, named by them (another set of the
    folder's files is kept apart) and by the interpreter (marshal's format is its own)."""
    which = hashlib.blake2b("\0".join(sorted(names)).encode(), digest_size=4).hexdigest()
    tag = sys.implementation.cache_tag or "python"
    return folder / KEPT / f"documents.{which}.{tag}.marshal"


def _digest(texts: dict[str, str]) -> str:
    """What the kept documents were parsed from: the files' names and texts."""
    digest = hashlib.blake2b(digest_size=16)
    for name, text in sorted(texts.items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()


def _read_texts(folder: Path, names: list[str]) -> dict[str, str] | None:
    try:
        return {name: (folder / name).read_text(encoding="utf-8") for name in names}
    except (OSError, UnicodeDecodeError):
        return None  # the rulebook's reader reports the file, in its words


def parsed_documents(folder: Path, names: list[str]) -> dict[str, dict[str, Any]]:
    """Each of the TOML files ``names`` in ``folder``, parsed (the kept documents when
    their texts are unchanged); empty when one cannot be read or parsed, which the
    caller then reads itself and reports."""
    texts = _read_texts(folder, names)
    if texts is None:
        return {}
    kept, digest = _kept_file(folder, names), _digest(texts)
    try:
        found = marshal.loads(kept.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        found = None
    if isinstance(found, tuple) and len(found) == 2 and found[0] == digest:
        return found[1]
    try:
        docs = {name: tomllib.loads(text) for name, text in texts.items()}
    except tomllib.TOMLDecodeError:
        return {}
    _keep(kept, digest, docs)
    return docs


def _keep(path: Path, digest: str, docs: dict[str, dict[str, Any]]) -> None:
    """Write the kept documents, where Python would write its bytecode; a folder that
    cannot be written, or a value marshal cannot hold (a TOML date), leaves them unkept."""
    if sys.dont_write_bytecode:
        return
    try:
        data = marshal.dumps((digest, docs))
        path.parent.mkdir(exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), 0o644)  # readable by all, as Python's bytecode
            out.write(data)
        os.replace(temp, path)
    except OSError:
        Path(temp).unlink(missing_ok=True)
