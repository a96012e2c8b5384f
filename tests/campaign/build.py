"""Small builders for campaign tests: two bands written in code, game reports by hand."""

from __future__ import annotations

from typing import Any

from skirmish.campaign import commands as cc
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import CampaignOptions, Member
from skirmish.campaign.report import FigureOutcome, GameReport
from skirmish.content.models import Rank
from skirmish.content.warband import FigureSpec, Warband

SCENARIO = "open_field.toml"


def spec(fid: str, rank: str, weapons: tuple[str, ...] = ("dagger",),
         equipment: tuple[str, ...] = (), **kw: Any) -> FigureSpec:
    return FigureSpec(id=fid, name=fid.capitalize(), rank=Rank(rank), weapons=weapons,
                      equipment=equipment, **kw)


def warband(bid: str, race: str = "none") -> Warband:
    return Warband(id=bid, name=bid.capitalize(), race=race, setting="medieval", figures=(
        spec("boss", "chef", ("sword", "dagger"), ("shield",)),
        spec("lieu", "sous_chef", ("halberd",)),
        spec("grunt", "sous_fifre", ("spear", "dagger")),
        spec("runt", "sous_fifre", ("dagger",)),
    ))


def campaign(controller: str = "human", seed: int = 5, **options: Any) -> Campaign:
    return Campaign.new("Test", [(warband("red"), controller, ""),
                                 (warband("blue"), controller, "")], seed,
                        CampaignOptions(**options))


def member(c: Campaign, fid: str) -> Member:
    band, figure = fid.split(":")
    return c.band(band).member(figure)


def report(c: Campaign, vp: dict[str, int] | None = None, winner: str | None = None,
           **states: Any) -> GameReport:
    """Every figure of the game in play unless ``states`` says otherwise:
    ``red__boss=("out_of_action", "blue:grunt")`` or ``red__grunt=("in_play", None, ("spear",))``
    (the third item: weapons lost for good)."""
    scn = c.game_scenario()
    figures = []
    for entry in scn.bands:
        for f in entry.warband.figures:
            key = f"{entry.warband.id}__{f.id}"
            st = states.get(key, ("in_play", None))
            by = st[1]
            figures.append(FigureOutcome(
                figure=f"{entry.warband.id}:{f.id}", band=entry.warband.id, rank=f.rank.value,
                status=st[0], downed_by=by, downed_by_band=by.split(":")[0] if by else None,
                lost_weapons=tuple(st[2]) if len(st) > 2 else ()))
    return GameReport(vp=vp or {"red": 0, "blue": 0}, winner=winner, figures=tuple(figures))


def play(c: Campaign, *faces: int, vp: dict[str, int] | None = None, winner: str | None = None,
         **states: Any) -> None:
    """Begin a game, force ``faces`` for the post-game rolls and record the outcome."""
    c.apply(cc.BeginGame(scenario=SCENARIO))
    c.dice.force(*faces)
    c.apply(cc.RecordGame(report=report(c, vp, winner, **states)))


def finish_shopping(c: Campaign) -> None:
    while c.pending is not None and c.pending.kind == "shop":
        c.apply(cc.Done(band=c.pending.band))


def rolls(c: Campaign, rule: str | None = None) -> list[Any]:
    from skirmish.rules.events import Roll

    return [e for e in c.log if isinstance(e, Roll) and (rule is None or rule in e.rule)]
