"""Campaign events: what happened between games, in order (the campaign's JSON Lines log).

Rolls are the rules' own :class:`~skirmish.rules.events.Roll` (rule ID, faces, result), and
decisions the rules' ``DecisionNeeded``/``DecisionTaken``, so the dice tray and the log
read a campaign exactly as they read a game. Figure ids are ``"band:figure"``. ``text`` is
English; ``key``/``params`` say it in any language (``assets/translations/*/campaign.json``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.rules.events import DecisionNeeded, DecisionTaken, Event, Roll


class CampaignEvent(Event, kw_only=True):
    """Base of the campaign's own events."""

    rule: str = ""
    text: str = ""
    key: str = ""
    params: dict[str, Any] = {}


class GameBegun(CampaignEvent, tag="camp_game_begun", kw_only=True):
    index: int
    scenario: str
    seed: int
    back_to_back: bool = False


class Absent(CampaignEvent, tag="camp_absent", kw_only=True):
    """A figure misses this game (a wound, prison, an old war wound)."""

    figure: str


class GameRecorded(CampaignEvent, tag="camp_game_recorded", kw_only=True):
    index: int
    vp: dict[str, int]
    winner: str | None


class FigureTurn(CampaignEvent, tag="camp_figure", kw_only=True):
    """The post-game procedure turns to this figure (the panel walks them one by one)."""

    figure: str
    state: str


class Injury(CampaignEvent, tag="camp_injury", kw_only=True):
    """A result of the serious-injury table, a sub-table or a return roll, applied."""

    figure: str
    result: str


class ProfileChanged(CampaignEvent, tag="camp_profile", kw_only=True):
    """The figure's next-game profile before and after a lasting change."""

    figure: str
    before: dict[str, Any]
    after: dict[str, Any]


class Left(CampaignEvent, tag="camp_left", kw_only=True):
    """The figure leaves the roster: ``status`` is dead, blind, sentenced or lost."""

    figure: str
    status: str


class ItemsLost(CampaignEvent, tag="camp_items_lost", kw_only=True):
    figure: str
    items: tuple[str, ...]
    to_stash: bool = False


class Misses(CampaignEvent, tag="camp_misses", kw_only=True):
    figure: str
    games: int


class Captive(CampaignEvent, tag="camp_captive", kw_only=True):
    """[R-CAMP-INJ-62] A captive's fate: ``outcome`` captured, ransomed, exchanged, lost."""

    figure: str
    captor: str
    outcome: str
    amount: int = 0


class XpGained(CampaignEvent, tag="camp_xp", kw_only=True):
    figure: str
    xp: int
    award: str
    total: int


class Promoted(CampaignEvent, tag="camp_promoted", kw_only=True):
    figure: str
    rank: str


class BandPoints(CampaignEvent, tag="camp_band_points", kw_only=True):
    band: str
    change: int
    total: int
    reason: str


class Bought(CampaignEvent, tag="camp_bought", kw_only=True):
    band: str
    figure: str
    item: str
    cost: int
    from_stash: bool = False


class Hired(CampaignEvent, tag="camp_hired", kw_only=True):
    band: str
    figure: str
    rank: str
    cost: int


class PhaseChanged(CampaignEvent, tag="camp_phase", kw_only=True):
    phase: str


class Forfeited(CampaignEvent, tag="camp_forfeit", kw_only=True):
    """D-10: ``band`` can field no figure: it forfeits game ``index``, which is not played."""

    band: str
    index: int


class BandLeft(CampaignEvent, tag="camp_band_left", kw_only=True):
    """D-10: ``band`` has no figure and too few band points for the cheapest recruit."""

    band: str
    index: int


class CampaignOver(CampaignEvent, tag="camp_over", kw_only=True):
    """D-10: one band is left (``winner``; None if the last ones left together)."""

    winner: str | None
    games: int


AnyCampaignEvent = (
    Roll | DecisionNeeded | DecisionTaken | GameBegun | Absent | GameRecorded | FigureTurn
    | Injury | ProfileChanged | Left | ItemsLost | Misses | Captive | XpGained | Promoted
    | BandPoints | Bought | Hired | PhaseChanged | Forfeited | BandLeft | CampaignOver
)

_encoder = msgspec.json.Encoder(order="deterministic")
_decoder = msgspec.json.Decoder(AnyCampaignEvent)


def encode(event: Event) -> bytes:
    return _encoder.encode(event)


def decode(data: bytes | str) -> AnyCampaignEvent:
    return _decoder.decode(data)
