"""Experience ([R-CAMP-XP], GAP-62/63), the [HOUSE] advancement table, victory points
into band points ([R-CAMP-VP], GAP-61) and the [HOUSE] succession of a lost Chef."""

from __future__ import annotations

import math

import msgspec

from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.messages import said
from skirmish.campaign.record import CampaignBand, Member, XpLine
from skirmish.campaign.shop import hire
from skirmish.campaign.standing import won
from skirmish.content.models import Rank, StatChange
from skirmish.content.profiles import apply_change, figure_profile, race_profile
from skirmish.content.warband import FigureSpec

#: GAP-62: no characteristic more than 2 above the race profile; CT/CCC never below 2+;
#: Cd at most 12.
ADVANCE_ABOVE_RACE = 2
CD_MAX = 12
#: [HOUSE] D-11: a band whose Chef is gone gets one, so it fields the Chef [R-BAND-COMP] asks.
SUCCESSION = "R-BAND-COMP D-11 [HOUSE]"


def fid(band: CampaignBand, m: Member) -> str:
    return f"{band.id}:{m.id}"


def award(c: CampaignCore, band: CampaignBand, m: Member, award_id: str) -> None:
    """One XP award with its reason, as the rulebook's experience table words it."""
    a = c.book.experience[award_id]
    m.spec = msgspec.structs.replace(m.spec, xp=m.spec.xp + a.xp)
    index = c.state.current.index if c.state.current else 0
    m.xp_log.append(XpLine(game=index, xp=a.xp, award=award_id, text=a.text_en, rule=a.rule))
    c.emit(ce.XpGained(figure=fid(band, m), xp=a.xp, award=award_id, total=m.spec.xp,
                       rule=a.rule, **said("xp", figure=m.spec.name, xp=a.xp, reason=a.text_en)))


def experience(c: CampaignCore, step: st.Experience) -> None:
    """GAP-63 (a): one survival XP for every figure that played and is still with its band
    after the return rolls; feats count killing as putting out of action, and every figure
    that put the victim out of action earns its own (one award per figure per victim); the
    winner is the band with most VP. Then the [HOUSE] advances due (GAP-62), if the option is on."""
    report = c.state.report
    assert report is not None
    feats = [a for a in c.book.experience.values() if a.actor is not None]
    advances: list[st.AdvanceRoll] = []
    for band in c.state.bands:
        for m in band.members:
            o = c.outcome(band.id, m.id)
            if o is None or m.status != "active":
                continue
            award(c, band, m, "survived")
            me = fid(band, m)
            for v in report.figures:
                if me not in v.downed_by_each() or v.band == band.id:
                    continue
                for a in feats:
                    if a.actor == Rank(m.spec.rank) and a.victim == Rank(v.rank):
                        award(c, band, m, a.id)
            if won(c, band.id):
                award(c, band, m, "winning_band_survivor")
        for m in band.members:
            if m.status != "active" or not c.state.options.advancement:
                continue
            due = m.spec.xp // 3 - m.advance_rolls
            advances += [st.AdvanceRoll(band=band.id, figure=m.id)] * max(0, due)
    cur = c.state.current
    if cur is not None:  # every award of the game, injury 66's included ([R-CAMP-INJ-66])
        cur.xp = {b.id: sum(x.xp for m in b.members for x in m.xp_log if x.game == cur.index)
                  for b in c.state.bands}
    c.push(*advances)


def capped(c: CampaignCore, band: CampaignBand, spec: FigureSpec, change: StatChange) -> bool:
    base = race_profile(c.book, band.race, spec.rank, None, spec.alien_trade)
    now = figure_profile(c.book, band.warband(), spec)
    new = apply_change(now, change)
    stat = change.stat
    if change.op == "improve":
        return new.__getattribute__(stat) < 2 or (
            getattr(base, stat) - getattr(new, stat) > ADVANCE_ABOVE_RACE)
    if stat == "cd" and new.cd > CD_MAX:
        return True
    return getattr(new, stat) - getattr(base, stat) > ADVANCE_ABOVE_RACE


def advance_roll(c: CampaignCore, step: st.AdvanceRoll) -> None:
    """[HOUSE] GAP-62: 2d6 on the advancement table."""
    band = c.band(step.band)
    m = band.member(step.figure)
    table = c.book.tables["advancement"]
    faces = c.roll(2, rule="R-CAMP-XP GAP-62", key="roll_advance", who=fid(band, m),
                   result=lambda f: table.lookup(sum(f)).name_en, figure=m.spec.name)
    m.advance_rolls += 1
    row = table.lookup(sum(faces))
    sous_chefs = sum(1 for x in band.roster() if x.spec.rank == Rank.SOUS_CHEF)
    if row.result == "mvt" and m.spec.rank == Rank.SOUS_FIFRE and sous_chefs < 2:
        c.push(st.Promote(band=band.id, figure=m.id))
        return
    _advance(c, band, m, row.changes[0], row.name_en)


def _advance(c: CampaignCore, band: CampaignBand, m: Member, change: StatChange, name: str) -> None:
    who = fid(band, m)
    if capped(c, band, m.spec, change):
        c.emit(ce.Injury(figure=who, result="advance_capped", rule="GAP-62",
                         **said("advance_capped", figure=m.spec.name, result=name)))
        return

    def do() -> None:
        m.spec = msgspec.structs.replace(m.spec, advances=(*m.spec.advances, change))

    c.change_profile(band, m, "GAP-62", do, **said("advance", figure=m.spec.name,
                                                    result=name))


def promote(c: CampaignCore, step: st.Promote) -> None:
    band = c.band(step.band)
    m = band.member(step.figure)
    if step.choice is None:
        opts = [("promote", "opt_promote", {}), ("mvt", "opt_mvt", {})]
        c.ask(step, band.id, "promote", "ask_promote", opts, "promote", figure=fid(band, m),
              name=m.spec.name)
        return
    if step.choice == "promote":
        _promote(c, band, m, Rank.SOUS_CHEF, "GAP-62")
    else:
        row = c.book.tables["advancement"].lookup(12)
        _advance(c, band, m, row.changes[0], row.name_en)


def _promote(c: CampaignCore, band: CampaignBand, m: Member, rank: Rank, rule: str) -> None:
    def do() -> None:
        m.spec = msgspec.structs.replace(m.spec, rank=rank)

    c.change_profile(band, m, rule, do)
    c.emit(ce.Promoted(figure=fid(band, m), rank=rank.value, rule=rule,
                       **said("promoted", figure=m.spec.name, rank=rank.value)))


def pay(c: CampaignCore, band: CampaignBand, points: int, why: str, rule: str) -> None:
    band.band_points -= points
    c.emit(ce.BandPoints(band=band.id, change=-points, total=band.band_points, reason=why,
                         rule=rule, **said("band_points_paid", band=band.name, points=points,
                                           why=why)))


def receive(c: CampaignCore, band: CampaignBand, points: int, why: str, rule: str) -> None:
    band.band_points += points
    c.emit(ce.BandPoints(band=band.id, change=points, total=band.band_points, reason=why,
                         rule=rule, **said("band_points_received", band=band.name,
                                           points=points, why=why)))


def convert_vp(c: CampaignCore, step: st.ConvertVp) -> None:
    """[R-CAMP-VP] GAP-61: band points = VP × the rate (1 by default), rounded half up."""
    report = c.state.report
    assert report is not None
    rate = c.state.options.vp_to_band_points
    cur = c.state.current
    for band in c.state.bands:
        vp = report.vp.get(band.id, 0)
        points = math.floor(vp * rate + 0.5)
        band.band_points += points
        if cur is not None:
            cur.band_points[band.id] = points
        c.emit(ce.BandPoints(band=band.id, change=points, total=band.band_points, reason="vp",
                             rule="R-CAMP-VP GAP-61",
                             **said("band_points_vp", band=band.name, vp=vp, points=points)))


def succession(c: CampaignCore, step: st.Succession) -> None:
    """[HOUSE] D-11 (option ``succession``): a band whose Chef is gone hires a new one (if
    it can pay) or promotes its Sous-chef with the most XP — or a Sous-fifre if it has
    none — so it can field the one Chef of [R-BAND-COMP]."""
    band = c.band(step.band)
    if not c.state.options.succession:
        return
    active = [m for m in band.members if m.status == "active"]
    if not active or any(m.spec.rank == Rank.CHEF for m in band.roster()):
        return
    cost = c.book.profiles[Rank.CHEF].cost
    heirs = [m for m in active if m.spec.rank == Rank.SOUS_CHEF] or active
    heirs.sort(key=lambda m: (-m.spec.xp, band.members.index(m)))
    if step.choice is None:
        opts = [(f"promote:{m.id}", "opt_promote_chef", {"figure": m.spec.name}) for m in heirs]
        if band.band_points >= cost:
            opts.insert(0, ("hire", "opt_hire_chef", {"cost": cost}))
        c.ask(step, band.id, "succession", "ask_succession", opts, opts[0][0], band=band.name)
        return
    if step.choice == "hire":
        hire(c, band, "Chef", Rank.CHEF, ("dagger",), (), rule=f"R-CAMP-VP {SUCCESSION}")
        return
    _promote(c, band, band.member(step.choice.split(":", 1)[1]), Rank.CHEF, SUCCESSION)
