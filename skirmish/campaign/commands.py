"""Campaign commands: the only way anything changes a campaign (like a game's commands).

``BeginGame`` and ``RecordGame`` frame each game; every decision a player owns between
games is answered by ``Choose`` — or, in the shop, by purchases and ``Done`` — whether a
person clicks it, the computer picks it or a headless run sends it.
"""

from __future__ import annotations

import msgspec

from skirmish.campaign.report import GameReport


class CampaignCommand(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of the campaign commands."""


class BeginGame(CampaignCommand, tag="begin_game", kw_only=True):
    """Start the next game on ``scenario`` (a scenario file; its bands are replaced)."""

    scenario: str


class RecordGame(CampaignCommand, tag="record_game", kw_only=True):
    """The game is over: what happened in it starts the post-game procedure."""

    report: GameReport


class Choose(CampaignCommand, tag="choose", kw_only=True):
    option: str


class Buy(CampaignCommand, tag="buy", kw_only=True):
    """Buy ``item`` (a weapon or equipment id) for ``figure``; ``stash`` takes it from the
    band's kept items for free."""

    band: str
    figure: str
    item: str
    stash: bool = False


class Hire(CampaignCommand, tag="hire", kw_only=True):
    """A new recruit of ``rank`` with ``weapons`` and ``equipment``."""

    band: str
    name: str
    rank: str
    weapons: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()


class Done(CampaignCommand, tag="done", kw_only=True):
    """The band has finished shopping."""

    band: str


AnyCampaignCommand = BeginGame | RecordGame | Choose | Buy | Hire | Done

_decoder = msgspec.json.Decoder(AnyCampaignCommand)
_encoder = msgspec.json.Encoder()


def encode(cmd: CampaignCommand) -> bytes:
    return _encoder.encode(cmd)


def decode(data: bytes | str) -> AnyCampaignCommand:
    return _decoder.decode(data)
