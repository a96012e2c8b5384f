"""The campaign file: versioned JSON, written atomically (temporary file in the same folder,
fsync, rename — ``skirmish.replay.files``), so killing the program while it saves never
loses the previous state. A broken file or an unknown version is one line naming the file
and the problem (a :class:`ContentError`), never a traceback. A file written before
bands kept their French names takes them from the shipped warbands on load (and keeps
them from its next save): :func:`shipped_name_fr`.

Beside it, ``<name>.log.jsonl`` holds the campaign's events, one JSON object per line.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from skirmish.campaign.engine import Campaign
from skirmish.campaign.events import encode
from skirmish.campaign.record import VERSION, CampaignBand, CampaignState
from skirmish.content.errors import ContentError, from_validation_error
from skirmish.content.loading import load_warband
from skirmish.content.models import Rulebook
from skirmish.locations import SCENARIOS
from skirmish.replay.files import read_json, write_bytes_atomic, write_json_atomic


def log_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_name(f"{p.stem}.log.jsonl")


def save(campaign: Campaign, path: str | Path) -> None:
    """Write the campaign, then its log (both atomically; the file is the reference).

    Sets (the ranks of an advance) and dicts are written sorted, so the same campaign gives
    the same bytes whatever the interpreter's hash seed."""
    state = campaign.snapshot()
    write_json_atomic(path, msgspec.to_builtins(state, order="deterministic"))
    lines = b"".join(encode(e) + b"\n" for e in state.log)
    write_bytes_atomic(log_path(path), lines)


def played(games: int, phase: str) -> int:
    """How many games the campaign has played: in the post-game the game just played
    counts, though it joins ``games`` only when the procedure ends (``flow.finish``)."""
    return games + (phase == "post_game")


class Summary(msgspec.Struct, frozen=True):
    """What the campaign list shows of a file, read without loading the campaign."""

    name: str
    played: int
    problem: str = ""


class _Head(msgspec.Struct):
    version: int = 0
    name: str = ""
    phase: str = "ready"
    games: list[msgspec.Raw] = []


def summary(path: str | Path) -> Summary:
    """The campaign's name and games played (a broken file: its file name and why)."""
    p = Path(path)
    try:
        head = msgspec.json.decode(p.read_bytes(), type=_Head)
    except (OSError, msgspec.DecodeError) as e:
        return Summary(name=p.stem, played=0, problem=str(e).splitlines()[0][:80])
    if head.version != VERSION:
        return Summary(name=head.name or p.stem, played=0,
                       problem=f"unknown campaign file version {head.version!r}")
    return Summary(name=head.name or p.stem, played=played(len(head.games), head.phase))


def load(path: str | Path) -> Campaign:
    """A campaign from its file; one-line :class:`ContentError` if it cannot be used."""
    data = read_json(path)
    if data.get("format") == "skirmish-replay":
        raise ContentError(str(path), "format", "a replay or a save, not a campaign file")
    version = data.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and version > VERSION
        raise ContentError(str(path), "version",
                           f"unknown campaign file version {version!r} (this program reads "
                           f"version {VERSION})" + (": was it written by a newer Skirmish?"
                                                    if newer else ""))
    try:
        state = msgspec.convert(data, CampaignState)
    except msgspec.ValidationError as err:
        raise ContentError.from_problems([from_validation_error(err, str(path))]) from None
    campaign = Campaign(state)
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
