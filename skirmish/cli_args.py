"""The command line's arguments, each checked before any work starts.

A bad number, a folder that cannot be written, an unknown level or ruleset, a malformed
cluster address is a usage error (status 2) saying what is expected; the outputs of a
replay export are checked against the replay they read and against what they would
replace. A run is never started to fail at its end, and no file is written over by
mistake.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from skirmish.content.errors import quote

#: Seeds on the command line: simulate derives game seeds from it (seed × 1,000,003 + n),
#: which must stay below 2^63.
MAX_CLI_SEED = (1 << 32) - 1
#: Games one ``simulate`` may play: about a day on one core at the fastest, and a list of
#: results that fits in memory (10^12 ran out of it after 49 s).
MAX_GAMES = 100_000
#: The hard level's search: at most a minute per activation, as a time budget or as the
#: count of rollouts that budget buys (``ai.hard.ROLLOUTS_PER_S``).
MAX_BUDGET_S = 60.0
#: A path is said whole (up to the system's longest): it is the user's own, not a file's id.
PATH_ECHO = 4096


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``low..high``, or a usage error saying so."""
    bound = f">= {low}" if high is None else f"from {low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"expected a whole number {bound}, got "
                                             f"{quote(text, 40)}")
        return value
    return parse


def budget(text: str) -> float:
    """Seconds of search: a finite number above 0, at most :data:`MAX_BUDGET_S`."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_BUDGET_S:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"expected seconds above 0 and at most "
                                         f"{MAX_BUDGET_S:g}, got {quote(text, 40)}")
    return value


def rollouts(text: str) -> int:
    """0 (the budget decides) or a count the budget's limit could buy."""
    from skirmish.ai.hard import ROLLOUTS_PER_S

    return whole(0, round(MAX_BUDGET_S * ROLLOUTS_PER_S))(text)


class Help(argparse.HelpFormatter):
    """Shows a flag's default when it has one worth saying (not None, False or [])."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if default in (None, False, [], argparse.SUPPRESS) or isinstance(default, tuple):
            return text
        return f"{text} (default: {default})"


def folder(text: str) -> str:
    """A folder that is, or can be made, and takes new files: nothing on its way may be a
    regular file, and the nearest folder that exists must let a file be created in it
    (tried, not read from its mode, which root and read-only disks ignore)."""
    path = Path(text)
    for part in (path, *path.parents):
        if part.exists():
            if not part.is_dir():
                raise argparse.ArgumentTypeError(
                    f"{quote(text, PATH_ECHO)} cannot be a folder: "
                    f"{quote(str(part), PATH_ECHO)} is a file")
            try:
                fd, probe = tempfile.mkstemp(prefix=".skirmish-", dir=part)
            except OSError:
                raise argparse.ArgumentTypeError(f"{quote(str(part), PATH_ECHO)} is not "
                                                 "writable") \
                    from None
            os.close(fd)
            os.unlink(probe)
            break
    return text


def ruleset(text: str) -> str:
    """``--ruleset``: a known ruleset id, or a usage error naming them."""
    from skirmish.rules.registry import RULESETS
    from skirmish.rulesets import load_named

    load_named([text])

    if text not in RULESETS:
        raise argparse.ArgumentTypeError(f"unknown ruleset {quote(text, 40)} (known: "
                                         + ", ".join(RULESETS) + ")")
    return text


def levels(text: str) -> str:
    from skirmish.ai.player import LEVELS

    bad = [lv for lv in text.split(",") if lv not in LEVELS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown level {bad[0]!r} (expected {', '.join(LEVELS)})")
    return text


def cluster(text: str) -> str:
    """A Dask scheduler's address as ``tcp://HOST:PORT`` (whether one answers there is
    checked before the games, :func:`skirmish.cluster.probe`)."""
    from skirmish.cluster import ClusterError, parse

    try:
        return str(parse(text))
    except ClusterError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def window_size(text: str) -> tuple[int, int]:
    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1920x1080, got "
                                         f"{quote(text)}")
    size = int(w), int(h)
    if not (320 <= size[0] <= 16384 and 240 <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(f"a window from 320x240 to 16384x16384, got {text}")
    return size


# -- the outputs of a replay export ------------------------------------------------------------
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _report_titles() -> tuple[str, ...]:
    from skirmish.app.i18n import Translator

    return tuple(f"# {Translator(lang)('report.title', name='')}" for lang in ("en", "fr"))


def _is_report(head: bytes) -> bool:
    first = head.split(b"\n", 1)[0].decode("utf-8", "replace")
    return first.startswith(_report_titles())


def _is_jsonl(head: bytes) -> bool:
    try:
        event = json.loads(head.split(b"\n", 1)[0])
    except ValueError:
        return False
    return isinstance(event, dict) and {"step", "type"} <= event.keys()


#: Each export and how a file it wrote earlier starts (such a file may be written over).
EXPORTS: dict[str, tuple[str, Callable[[bytes], bool]]] = {
    "--report": ("a battle report", _is_report),
    "--jsonl": ("a JSON Lines log", _is_jsonl),
    "--png": ("a PNG picture", lambda head: head.startswith(PNG_SIGNATURE)),
}


def export_refusal(source: str, outputs: Mapping[str, str]) -> str | None:
    """Why an export of ``source`` may not write where ``outputs`` (flag → path) say, or
    None: not over the replay it reads, not twice to one file, and over an existing file
    only if it is empty or that export written earlier (a scenario, a save or notes named
    by mistake are left as they are)."""
    seen: dict[Path, str] = {}
    for flag, path in outputs.items():
        target, said = Path(path), quote(path, PATH_ECHO)
        if _same(target, Path(source)):
            return f"{flag}: {said} is the replay being read; write to another file"
        where = target.resolve()
        if where in seen:
            return f"{flag}: {said} is also the file of {seen[where]}"
        seen[where] = flag
        if target.is_dir():
            return f"{flag}: {said} is a folder; name a file in it"
        if not target.exists() or target.stat().st_size == 0:
            continue
        what, written_earlier = EXPORTS[flag]
        try:
            with target.open("rb") as fh:
                head = fh.read(4096)
        except OSError as e:
            return f"{flag}: {said} cannot be read ({e.strerror or e})"
        if not written_earlier(head):
            return (f"{flag}: {said} exists and is not {what} written earlier; it is left "
                    "as it is (name another file)")
    return None


def _same(a: Path, b: Path) -> bool:
    """One file, by its path or through a link."""
    return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
