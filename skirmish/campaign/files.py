"""The campaign file: versioned JSON, written atomically (temporary file in the same folder,
fsync, rename — ``skirmish.replay.files``), so killing the program while it saves never
loses the previous state. A file is checked when it is read (:mod:`skirmish.campaign.checks`):
a broken, tampered or unknown one is one line per problem naming the file, the entry and
the problem (a :class:`ContentError`), never a traceback.

Two programs playing one campaign would each play on from the state they read, and the
last to save would lose the other's games. ``campaign play`` holds the campaign's lock
(:func:`locked`); and a campaign is never saved over a file that changed since it read
or last wrote it (:func:`save`: the window, which takes no lock, reads it again). A file written before
bands kept their French names takes them from the shipped warbands on load (and keeps
them from its next save): :func:`shipped_name_fr`.

Beside it, ``<name>.log.jsonl`` holds the campaign's events, one JSON object per line.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import weakref
from collections.abc import Iterator
from pathlib import Path

import msgspec

from skirmish.campaign.checks import state_problems
from skirmish.campaign.engine import Campaign
from skirmish.campaign.events import encode
from skirmish.campaign.reading import parse_document, read_bytes
from skirmish.campaign.record import VERSION, CampaignBand, CampaignState
from skirmish.content.errors import ContentError, escape, from_validation_error
from skirmish.content.limits import MAX_NAME, document_problems
from skirmish.content.loading import load_warband
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.locations import SCENARIOS
from skirmish.replay.files import WriteFailed, json_bytes, write_bytes_atomic


def lock_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_name(f".{p.name}.lock")


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the campaign's lock (``.<name>.lock`` beside it) while playing it: two runs
    on one file would each play on from the same state, and the last to save would lose
    the other's games. A second holder is refused at once, with one line."""
    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as e:
        raise ContentError(str(path), "", f"cannot lock the campaign ({lock.name}: "
                                          f"{e.strerror or e})") from None
    try:
        if not _try_lock(fd):
            raise ContentError(str(path), "", "in use by another Skirmish (a campaign play "
                                              "or the window): try again when it is done")
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def log_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_name(f"{p.stem}.log.jsonl")


#: Each campaign's file as it last read or wrote it: the file's absolute path and the
#: digest of its bytes.
_seen: weakref.WeakKeyDictionary[Campaign, tuple[str, bytes]] = weakref.WeakKeyDictionary()


def _digest(raw: bytes) -> bytes:
    return hashlib.sha256(raw).digest()


def save(campaign: Campaign, path: str | Path) -> None:
    """Write the campaign, then its log (both atomically; the file is the reference).

    Sets (the ranks of an advance) and dicts are written sorted, so the same campaign gives
    the same bytes whatever the interpreter's hash seed. A campaign read from ``path`` (or
    last written there) is not written over what another program saved there since: that
    is a :class:`WriteFailed` naming the file, which is left as the other program wrote it."""
    where = os.path.abspath(path)
    seen = _seen.get(campaign)
    if seen is not None and seen[0] == where:
        now, _ = read_bytes(where)
        if now is not None and _digest(now) != seen[1]:
            raise WriteFailed(0, "changed by another Skirmish since this one read it: open "
                                 "it again", str(path))
    state = campaign.snapshot()
    raw = json_bytes(msgspec.to_builtins(state, order="deterministic"))
    write_bytes_atomic(path, raw)
    _seen[campaign] = (where, _digest(raw))
    lines = b"".join(encode(e) + b"\n" for e in state.log)
    write_bytes_atomic(log_path(path), lines)


def played(games: int, phase: str) -> int:
    """How many games the campaign has played: in the post-game the game just played
    counts, though it joins ``games`` only when the procedure ends (``flow.finish``)."""
    return games + (phase == "post_game")


class Summary(msgspec.Struct, frozen=True):
    """What the campaign list shows of a file, read without loading the campaign: its
    name (escaped, elided past :data:`~skirmish.content.limits.MAX_NAME`), games played
    and whether it is over (D-10), or the file's problem."""

    name: str
    played: int
    problem: str = ""
    over: bool = False


class _Head(msgspec.Struct):
    version: int = 0
    name: str = ""
    phase: str = "ready"
    games: list[msgspec.Raw] = []


#: Files beside the campaigns that are not campaigns: a game's replay, a game's save.
NOT_CAMPAIGNS = (".replay.json", ".save.json")


def summary(path: str | Path) -> Summary:
    """The campaign's name and games played (a broken file: its file name and why). Never
    blocks on a special file, never reads more than a campaign may hold."""
    p = Path(path)
    raw, problems = read_bytes(p)
    if raw is None:
        return Summary(name=_shown(p.stem), played=0, problem=problems[0].problem)
    try:
        head = msgspec.json.decode(raw, type=_Head)
    except (msgspec.DecodeError, RecursionError) as e:
        problem = "nested too deeply" if isinstance(e, RecursionError) else str(e)
        return Summary(name=_shown(p.stem), played=0, problem=problem.splitlines()[0][:80])
    if head.version != VERSION:
        return Summary(name=_shown(head.name or p.stem), played=0,
                       problem=f"unknown campaign file version {head.version!r}")
    return Summary(name=_shown(head.name or p.stem), played=played(len(head.games), head.phase),
                   over=head.phase == "over")


def _shown(name: str) -> str:
    text = escape(name[:MAX_NAME + 1])
    return f"{text[:MAX_NAME]}…" if len(text) > MAX_NAME else text


def listing(folder: str | Path) -> list[tuple[Path, Summary]]:
    """The campaign files of ``folder`` (``*.json`` but replays and game saves), newest
    first, each with its :func:`summary`: what the window's campaign list shows. A special
    file, a link to nothing or a file that cannot be read is listed with its problem, last;
    none is opened in a way that could block."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for e in entries:
        if not e.name.endswith(".json") or e.name.endswith(NOT_CAMPAIGNS):
            continue
        try:
            when = e.stat().st_mtime
        except OSError:
            when = -math.inf
        found.append((-when, e.name, Path(e.path)))
    found.sort()
    return [(p, summary(p)) for _, _, p in found]


def load(path: str | Path) -> Campaign:
    """A campaign from its file, checked as a scenario is (:mod:`~skirmish.campaign.checks`):
    every problem one line ``FILE: ENTRY: PROBLEM`` in a :class:`ContentError`."""
    name = str(path)
    raw, problems = read_bytes(path)
    if raw is None:
        raise ContentError.from_problems(problems)
    data, problems = parse_document(name, raw)
    if data is None:
        raise ContentError.from_problems(problems)
    if data.get("format") == "skirmish-replay":
        raise ContentError(name, "format", "a replay or a save, not a campaign file")
    version = data.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and version > VERSION
        raise ContentError(name, "version",
                           f"unknown campaign file version {version!r} (this program reads "
                           f"version {VERSION})" + (": was it written by a newer Skirmish?"
                                                    if newer else ""))
    problems = document_problems(data, name)
    if problems:
        raise ContentError.from_problems(problems)
    try:
        state = msgspec.convert(data, CampaignState)
    except msgspec.ValidationError as err:
        raise ContentError.from_problems([from_validation_error(err, name)]) from None
    book = load_rulebook()
    problems = state_problems(state, name, book)
    if problems:
        raise ContentError.from_problems(problems)
    campaign = Campaign(state, book=book)
    _seen[campaign] = (os.path.abspath(path), _digest(raw))
    for band in state.bands:
        if band.name_fr is None:  # a file from before bands kept it: in memory only
            band.name_fr = shipped_name_fr(band, campaign.book)
    return campaign


def shipped_name_fr(band: CampaignBand, book: Rulebook) -> str | None:
    """The French name of the shipped warband ``band`` was made from (its ``source``, the
    file's name or path as the campaign was created with it), for a campaign written
    before bands kept theirs; None unless that band bears the shipped band's name — one
    the player built or renamed, from a file of the same name, keeps its own."""
    if not band.source:
        return None
    path = SCENARIOS / "warbands" / Path(band.source).name
    if not path.is_file():
        return None
    try:
        shipped = load_warband(path, rulebook=book, band_points=None)
    except ContentError:
        return None
    return shipped.name_fr if shipped.name == band.name else None
