"""The campaign record: plain, serialisable data (the campaign file is this, as JSON).

Everything needed to resume a campaign at any step is here — rosters, band points, the
history of games, the queue of post-game steps still to run, the decision being waited
for and the dice state — so a save is this struct encoded and a load decodes it back.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.campaign.events import AnyCampaignEvent
from skirmish.campaign.report import GameReport
from skirmish.campaign.steps import AnyStep
from skirmish.content.warband import FigureSpec, Setting, Warband
from skirmish.rules.dice import DiceState

#: The campaign file format; a file of any other version is refused with one line.
VERSION = 1
#: The most band points a band may hold, and so the highest ransom (a bound on what a
#: file may say, far above any campaign's).
MAX_BAND_POINTS = 1_000_000

MemberStatus = Literal["active", "dead", "captured", "lost", "blind", "sentenced"]
Controller = Literal["human", "computer"]
Phase = Literal["ready", "in_game", "post_game", "over"]


class CampaignOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The readings a campaign uses (RULES.md §15); every one is shown where it applies.

    ``advancement`` is the [HOUSE] GAP-62 table (on by default); ``succession`` is the
    [HOUSE] rule that a band left without a Chef promotes one (the source has none);
    ``back_to_back`` marks games played without rest between them ([R-CAMP-AMMO], GAP-69).
    """

    band_points: int = 250
    vp_to_band_points: float = 1.0
    advancement: bool = True
    succession: bool = True
    back_to_back: bool = False
    scenario: str = "open_field.toml"


class Note(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a figure's history (an injury, a missed game, an advance)."""

    game: int
    rule: str
    key: str
    text: str


class XpLine(msgspec.Struct, frozen=True, kw_only=True):
    """[R-CAMP-XP] One award and its reason."""

    game: int
    xp: int
    award: str
    text: str
    rule: str


class Member(msgspec.Struct, kw_only=True):
    """A figure on a band's roster. ``spec`` is what a game reads (weapons, equipment, XP,
    lasting injuries, advances, hatred); the rest is campaign bookkeeping."""

    spec: FigureSpec
    status: MemberStatus = "active"
    misses: int = 0
    #: The rule that keeps the figure out of each of its ``misses`` next games, in order
    #: (GAP-68: an absence cites its cause); a file without them cites [R-CAMP-INJ-35].
    absences: list[str] = []
    captor: str | None = None
    joined: int = 0
    games: int = 0
    advance_rolls: int = 0
    #: Weapons and equipment the figure lost for good ([R-CAMP-JAM], robbed
    #: [R-CAMP-INJ-36]): what buying them back replaces (the computer does).
    lost: list[str] = []
    notes: list[Note] = []
    xp_log: list[XpLine] = []

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def on_roster(self) -> bool:
        """Still the band's (captives awaiting ransom count: they may come back)."""
        return self.status in ("active", "captured")


class CampaignBand(msgspec.Struct, kw_only=True):
    """One band of the campaign: its roster, its band points and the items it keeps."""

    id: str
    name: str
    #: The warband file's French name, for a window speaking French (None: ``name``).
    name_fr: str | None = None
    race: str = "none"
    colour: str | None = None
    setting: Setting | None = None
    controller: Controller = "human"
    band_points: int = 0
    members: list[Member] = []
    stash: list[str] = []
    source: str = ""
    #: D-10: the game after which the band left the campaign (no figure and too few band
    #: points for the cheapest recruit); None while it plays on.
    left: int | None = None

    def member(self, fid: str) -> Member:
        for m in self.members:
            if m.id == fid:
                return m
        raise KeyError(fid)

    def roster(self) -> list[Member]:
        return [m for m in self.members if m.on_roster]

    def warband(self, members: list[Member] | None = None) -> Warband:
        """The band as a game fields it: ``members`` (default: every active member)."""
        chosen = members if members is not None else [m for m in self.members
                                                      if m.status == "active"]
        return Warband(id=self.id, name=self.name, name_fr=self.name_fr, race=self.race,
                       colour=self.colour, setting=self.setting,
                       figures=tuple(m.spec for m in chosen))


class GameRecord(msgspec.Struct, kw_only=True):
    """One game of the campaign: where it was played, its files and what it gave."""

    index: int
    scenario: str
    seed: int
    replay: str = ""
    log: str = ""
    back_to_back: bool = False
    absent: dict[str, list[str]] = {}
    vp: dict[str, int] = {}
    winner: str | None = None
    band_points: dict[str, int] = {}
    xp: dict[str, int] = {}
    after: dict[str, int] = {}
    roster_xp: dict[str, int] = {}
    #: The bands still in the campaign when the game began (empty: every band).
    bands: list[str] = []
    #: D-10: the bands that could field no figure; the game was not played and every other
    #: band won it.
    forfeit: list[str] = []

    def winners(self) -> list[str]:
        """The bands that won this game: every band that did not forfeit a forfeited game,
        else the one with most VP (none on a draw)."""
        if self.forfeit:
            return [b for b in self.bands if b not in self.forfeit]
        return [self.winner] if self.winner else []


class DecisionOption(msgspec.Struct, frozen=True, kw_only=True):
    """One answer: ``label`` in English, ``label_key``/``params`` in any language."""

    key: str
    label: str
    label_key: str = ""
    params: dict[str, Any] = {}


class AmountChoice(msgspec.Struct, frozen=True, kw_only=True):
    """A decision that also takes any whole number from ``low`` to ``high``, answered as
    ``prefix`` followed by the number (``ask:37``: a ransom of 37 band points, GAP-68);
    the decision's options are suggestions."""

    prefix: str
    low: int
    high: int

    def accepts(self, option: str) -> bool:
        digits = option.removeprefix(self.prefix)
        return (option.startswith(self.prefix) and digits.isascii() and digits.isdigit()
                and len(digits) <= len(str(self.high)) and self.low <= int(digits) <= self.high)


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """A decision owed by ``band`` (like a game's): answered by a ``Choose`` command, or,
    for ``kind == "shop"``, by purchases and ``Done``."""

    band: str
    kind: str
    prompt: str
    figure: str | None = None
    options: tuple[DecisionOption, ...] = ()
    default: str = ""
    params: dict[str, Any] = {}
    prompt_key: str = ""
    amount: AmountChoice | None = None

    def accepts(self, option: str) -> bool:
        """``option`` answers this decision: one of its options, or a number it takes."""
        return any(o.key == option for o in self.options) or (
            self.amount is not None and self.amount.accepts(option))


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """One band's place when the campaign is over (D-10): the band left in first, then the
    bands that left, the later the higher (bands that left together share a place)."""

    band: str
    place: int
    left: int | None
    games: int
    won: int
    vp: int
    band_points: int
    figures: int
    xp: int


class CampaignResult(msgspec.Struct, frozen=True, kw_only=True):
    """How the campaign ended (D-10): after game ``games``, won by the one band left
    (None if the last bands left together)."""

    games: int
    winner: str | None
    standing: tuple[Standing, ...]


class CampaignState(msgspec.Struct, kw_only=True):
    version: int = VERSION
    name: str
    seed: int
    options: CampaignOptions = CampaignOptions()
    bands: list[CampaignBand]
    games: list[GameRecord] = []
    phase: Phase = "ready"
    current: GameRecord | None = None
    current_scenario: dict[str, Any] | None = None
    report: GameReport | None = None
    queue: list[AnyStep] = []
    pending: Pending | None = None
    dice: DiceState
    log: list[AnyCampaignEvent] = []
    commands: list[dict[str, Any]] = []
    #: Set when the phase is ``over`` (D-10): the final standing.
    result: CampaignResult | None = None

    def playing(self) -> list[CampaignBand]:
        """The bands still in the campaign (D-10), in their order."""
        return [b for b in self.bands if b.left is None]

    def band(self, band_id: str) -> CampaignBand:
        for b in self.bands:
            if b.id == band_id:
                return b
        raise KeyError(band_id)
