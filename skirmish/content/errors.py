"""Content errors: one line naming the file, the entry and the problem.

Players edit TOML by hand, so a bad file must say *where* and *what* in one line
(``scenarios/x.toml: bands[1].warband.figures[2].weapons: unknown weapon 'lazer'``),
never with a traceback. :class:`Problem` is that line as data (``validate`` returns a
list of them); :class:`ContentError` raises the first one found and carries them all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

#: The entry used when a problem concerns the whole file rather than one of its entries.
TOP_LEVEL = "(top level)"


#: Longest id or name echoed in a message; the rest is elided (a 1 MB name stays one line).
MAX_ECHO = 80


def escape(text: str) -> str:
    """Control characters (newline, ESC of ANSI sequences, bidi overrides…) as ``\\n``,
    ``\\x1b``, ``\\u202e``: a message is always one line and never drives the terminal."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        printable = ch.isprintable() or ch == " "
        out.append(ch if printable else ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def quote(text: object, limit: int = MAX_ECHO) -> str:
    """An id or name as shown in a message: escaped, elided past ``limit``, in quotes."""
    s = escape(str(text))
    if len(s) > limit:
        s = f"{s[:limit]}… ({len(str(text))} characters)"
    return f"'{s}'"


class Problem(msgspec.Struct, frozen=True):
    """One content problem: ``str()`` is the one-line ``FILE: ENTRY: PROBLEM`` form, its
    control characters escaped (an id holding a newline cannot forge a second line)."""

    file: str
    entry: str
    problem: str

    def __str__(self) -> str:
        return escape(f"{self.file}: {self.entry or TOP_LEVEL}: {self.problem}")


class ContentError(Exception):
    """Bad content data. ``file``, ``entry`` and ``problem`` describe the first problem;
    ``problems`` lists every problem found (at least that one)."""

    def __init__(
        self, file: str, entry: str, problem: str, problems: Sequence[Problem] = ()
    ) -> None:
        self.file = file
        self.entry = entry or TOP_LEVEL
        self.problem = problem
        first = Problem(file, self.entry, problem)
        self.problems: tuple[Problem, ...] = tuple(problems) or (first,)
        super().__init__(str(first))

    @classmethod
    def from_problems(cls, problems: Sequence[Problem]) -> ContentError:
        """Raise-ready error for a non-empty list of problems (the first one is the message)."""
        first = problems[0]
        return cls(first.file, first.entry, first.problem, problems)


def join_entry(prefix: str, path: str) -> str:
    """``join_entry("bands[1]", "warband.id")`` → ``bands[1].warband.id``; handles ``[i]``."""
    if not prefix:
        return path
    if not path:
        return prefix
    return prefix + path if path.startswith("[") else f"{prefix}.{path}"


_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<f>[^`]*)`$")
_MISSING = re.compile(r"^Object missing required field `(?P<f>[^`]*)`$")


def from_validation_error(err: msgspec.ValidationError, file: str, prefix: str = "") -> Problem:
    """Translate msgspec's ``Expected `int`, got `str` - at `$.bands[1].width` `` into a Problem.

    The ``$`` path becomes the entry (joined to ``prefix``, the position of the converted
    object inside its file); the message is reworded in lower case with quotes, e.g.
    ``unknown field 'colr'``, ``missing required field 'name'``, ``expected int, got str``
    (never ``int | null``: a TOML file has no null, an optional field is left out).
    """
    m = _AT.match(str(err))
    assert m is not None  # the pattern matches any string
    msg, path = m.group("msg"), (m.group("path") or "").lstrip(".")
    if mm := _UNKNOWN.match(msg):
        text = f"unknown field '{mm.group('f')}'"
    elif mm := _MISSING.match(msg):
        text = f"missing required field '{mm.group('f')}'"
    else:
        text = msg.replace("`", "").replace(" | null", "")
        text = text[:1].lower() + text[1:]
    return Problem(file, join_entry(prefix, path) or TOP_LEVEL, text)


def toml_syntax_problem(err: Exception, file: str) -> Problem:
    """``tomllib.TOMLDecodeError`` → ``FILE: line N: invalid TOML: … (column C)``."""
    text = str(err)
    m = re.search(r"\(at line (\d+), column (\d+)\)", text)
    if m:
        text = text[: m.start()].rstrip()
        return Problem(file, f"line {m.group(1)}", f"invalid TOML: {text} (column {m.group(2)})")
    m = re.search(r"\(at end of document\)", text)
    if m:
        return Problem(file, "end of file", f"invalid TOML: {text[: m.start()].rstrip()}")
    return Problem(file, TOP_LEVEL, f"invalid TOML: {text}")
