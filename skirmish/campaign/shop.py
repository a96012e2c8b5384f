"""Spending band points ([R-CAMP-VP]): weapons, equipment and recruits, at catalogue cost.

An item costs what it adds to the figure's value ([R-BAND-COST]), so the free first dagger
or modern pistol ([R-BAND-FREE], GAP-4) stays free. Every purchase passes the same figure
check as a warband file (GAP-28: hands, one armour, shield and bucklers) and, for an
amputee, GAP-66 (a) — :mod:`skirmish.content.band_rules`); a refusal gives its reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.builder import Refused
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.messages import refuse, said
from skirmish.campaign.record import CampaignBand, Member, Pending
from skirmish.content.band_rules import BandProblem, figure_problems
from skirmish.content.costs import figure_cost
from skirmish.content.models import Rank
from skirmish.content.warband import FigureSpec
from skirmish.rules.errors import IllegalCommand

RULE = "R-CAMP-VP"
#: The key prefix of a band rule's refusal, in the band builder's words.
PROBLEM = "builder.problem."


def open_shop(c: CampaignCore, step: st.Shop) -> None:
    band = c.band(step.band)
    c.state.pending = Pending(band=band.id, kind="shop", prompt="", default="done",
                              params={"band": band.name, "points": band.band_points},
                              prompt_key="campaign.ask_shop")
    c.push(step)


def setting(band: CampaignBand) -> str:
    return band.setting or "medieval"


def problems(c: CampaignCore, band: CampaignBand, spec: FigureSpec) -> list[BandProblem]:
    """Why ``spec`` may not be fielded (empty when it may): the one shared band check
    (:mod:`skirmish.content.band_rules`: GAP-28, [R-EQ-SHIELD], [R-EQ-BUCKLER], GAP-66 a)."""
    return figure_problems(spec, band.race, c.book)


def check(c: CampaignCore, band: CampaignBand, spec: FigureSpec) -> None:
    """Refuse ``spec`` if the band check does, as the band builder refuses it: the key of
    its words (``builder.problem.<key>``, catalogue ids among the parameters) and the
    figure's name, so a window says it in its language; a problem without words keeps its
    English (``campaign.refused``)."""
    bad = problems(c, band, spec)
    if not bad:
        return
    why = Refused.of(bad[0], spec.name)
    if why.key:
        raise IllegalCommand(str(why), why.rule, key=f"{PROBLEM}{why.key}",
                             params={**dict(why.params), "figure": spec.name})
    raise IllegalCommand(str(why), why.rule, key="campaign.refused",
                         params={"problem": str(why)})


def price(c: CampaignCore, band: CampaignBand, before: FigureSpec, after: FigureSpec) -> int:
    s = setting(band)
    return figure_cost(after, c.book, s).total - figure_cost(before, c.book, s).total


def apply(c: CampaignCore, cmd: cc.Buy | cc.Hire | cc.Done) -> None:
    p = c.state.pending
    if p is None or p.kind != "shop" or p.band != cmd.band:
        raise refuse("not_shopping", band=cmd.band)
    band = c.band(cmd.band)
    if isinstance(cmd, cc.Done):
        c.state.pending = None
        c.state.queue.pop(0)
        return
    if isinstance(cmd, cc.Buy):
        buy(c, band, cmd.figure, cmd.item, stash=cmd.stash)
    else:
        try:
            rank = Rank(cmd.rank)
        except ValueError:
            raise refuse("unknown_rank", rank=cmd.rank) from None
        hire(c, band, cmd.name, rank, cmd.weapons, cmd.equipment)
    c.state.pending = msgspec.structs.replace(
        p, params={"band": band.name, "points": band.band_points})


def buy(c: CampaignCore, band: CampaignBand, figure: str, item: str, *, stash: bool = False) -> int:
    """Give ``item`` to ``figure``; returns what it cost. Refusals raise with the reason."""
    m = next((x for x in band.members if x.id == figure and x.status == "active"), None)
    if m is None:
        raise refuse("no_member", band=band.name, figure=figure)
    book = c.book
    if item in book.ranged_weapons or item in book.melee_weapons:
        after = msgspec.structs.replace(m.spec, weapons=(*m.spec.weapons, item))
        name = book.weapon(item).name_en
    elif item in book.equipment:
        after = msgspec.structs.replace(m.spec, equipment=(*m.spec.equipment, item))
        name = book.equipment[item].name_en
    else:
        raise refuse("unknown_item", item=item)
    if stash and item not in band.stash:
        raise refuse("not_in_stash", band=band.name, item=item)
    check(c, band, after)
    cost = 0 if stash else price(c, band, m.spec, after)
    if cost > band.band_points:
        raise refuse("too_dear", RULE, item=name, cost=cost, band=band.name,
                     points=band.band_points)
    if stash:
        band.stash.remove(item)
    if item in m.lost:  # bought back
        m.lost.remove(item)
    band.band_points -= cost
    key = "from_stash" if stash else "bought"
    # said before the profile it changes, which the panel shows under it
    c.emit(ce.Bought(band=band.id, figure=f"{band.id}:{m.id}", item=item, cost=cost,
                     from_stash=stash, rule=RULE,
                     **said(key, band=band.name, item=name, figure=m.spec.name, cost=cost)))
    _set(c, band, m, after)
    return cost


def _set(c: CampaignCore, band: CampaignBand, m: Member, spec: FigureSpec) -> None:
    def do() -> None:
        m.spec = spec

    c.change_profile(band, m, RULE, do)


def new_id(band: CampaignBand, name: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "recruit"
    taken = {m.id for m in band.members}
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def hire_cost(c: CampaignCore, band: CampaignBand, rank: Rank,
              weapons: Sequence[str] = ("dagger",), equipment: Sequence[str] = ()) -> int:
    """What :func:`hire` would charge for a recruit of ``rank`` with that kit, so the shop
    can show the price before the player commits."""
    spec = FigureSpec(id="recruit", name="Recruit", rank=rank, weapons=tuple(weapons),
                      equipment=tuple(equipment))
    return figure_cost(spec, c.book, setting(band)).total


def cheapest_recruit(c: CampaignCore, band: CampaignBand) -> int:
    """What the cheapest recruit the band may hire costs (D-10): a Sous-fifre with the
    first dagger, which is free ([R-BAND-FREE])."""
    return hire_cost(c, band, Rank.SOUS_FIFRE)


def hire(c: CampaignCore, band: CampaignBand, name: str, rank: Rank, weapons: Sequence[str],
         equipment: Sequence[str], rule: str = f"{RULE} R-BAND-COMP") -> Member:
    """[R-CAMP-VP] A recruit at its profile's cost plus its kit; [R-BAND-COMP] holds
    (``rule``: what the hiring cites, the [HOUSE] succession's D-11 when it hires a Chef)."""
    if not name.strip():
        raise refuse("no_name")
    roster = band.roster()
    if rank == Rank.CHEF and any(m.spec.rank == Rank.CHEF for m in roster):
        raise refuse("one_chef", "R-BAND-COMP")
    if rank == Rank.SOUS_CHEF and sum(m.spec.rank == Rank.SOUS_CHEF for m in roster) >= 2:
        raise refuse("two_sous_chefs", "R-BAND-COMP")
    for item in (*weapons, *equipment):
        if item not in c.book.ranged_weapons and item not in c.book.melee_weapons \
                and item not in c.book.equipment:
            raise refuse("unknown_item", item=item)
    spec = FigureSpec(id=new_id(band, name), name=name.strip(), rank=rank,
                      weapons=tuple(weapons), equipment=tuple(equipment))
    check(c, band, spec)
    cost = hire_cost(c, band, rank, weapons, equipment)
    if cost > band.band_points:
        raise refuse("too_dear", RULE, item=name, cost=cost, band=band.name,
                     points=band.band_points)
    index = c.state.current.index if c.state.current else len(c.state.games)
    m = Member(spec=spec, joined=index)
    band.members.append(m)
    band.band_points -= cost
    c.emit(ce.Hired(band=band.id, figure=f"{band.id}:{m.id}", rank=rank.value, cost=cost,
                    rule=rule,
                    **said("hired", band=band.name, figure=spec.name, rank=rank.value,
                           cost=cost)))
    return m
