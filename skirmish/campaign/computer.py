"""The computer's answers for its bands between games, in every campaign (against people
or not).

Decisions: captives by their worth (the captor asks what the captive is worth or takes
back its own member in exchange; the owner accepts an exchange and pays a ransom no
dearer than the figure's worth); every other decision takes the default the procedure
offers (keep the best weapon, pay a fine it can afford, promote on a 12, hire a Chef if
it can).

In the shop it manages its band, one purchase at a time: it takes back what its store
holds, buys back the weapons and equipment its figures lost ([R-CAMP-JAM], robbed),
brings its roster back to its starting strength with recruits — each with the best kit
it can pay for, a spear if it can, else the free dagger alone — and then gives light
armour to the figures without armour, while it can pay. Recruits are named
"``recruit`` N" (the word in the player's language: the caller's, as a campaign holds no
language).
"""

from __future__ import annotations

import msgspec

from skirmish.campaign import commands as cc
from skirmish.campaign.captives import ASK, EXCHANGE, worth
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import CampaignBand, Member, Pending
from skirmish.campaign.shop import hire_cost, price, problems
from skirmish.content.models import Rank
from skirmish.content.warband import FigureSpec
from skirmish.rules.errors import IllegalCommand

#: Recruits' kits, best first: the first the band can pay for is hired.
RECRUIT_KITS = (("spear", "dagger"), ("dagger",))
#: What the computer buys with what is left once its band is whole.
UPGRADE = "light_armour"
RECRUIT = "Recruit"


def answer(c: Campaign, *, recruit: str = RECRUIT) -> cc.CampaignCommand:
    """The computer's command for the pending decision."""
    p = c.pending
    assert p is not None
    if p.kind == "shop":
        return shop_command(c, p.band, recruit=recruit)
    if p.kind in ("ransom_demand", "ransom"):
        return cc.Choose(option=_ransom(c, p))
    return cc.Choose(option=p.default)


def _ransom(c: Campaign, p: Pending) -> str:
    keys = [o.key for o in p.options]
    swaps = [k for k in keys if k.startswith(EXCHANGE)]
    assert p.figure is not None
    band_id, figure = p.figure.split(":", 1)
    captive_band = c.band(band_id)
    value = worth(c, captive_band, captive_band.member(figure))
    if p.kind == "ransom_demand":  # the captor
        if swaps:
            mine = c.band(p.band)
            return max(swaps, key=lambda k: (worth(c, mine, mine.member(k[len(EXCHANGE):])),
                                             k))
        return f"{ASK}{value}"
    if swaps:  # the owner
        return swaps[0]
    return "pay" if "pay" in keys and int(p.params.get("amount", 0)) <= value else "let_go"


def shop_command(c: Campaign, band_id: str, *, recruit: str = RECRUIT) -> cc.CampaignCommand:
    """The band's next purchase, or ``Done``."""
    band = c.band(band_id)
    active = [m for m in band.members if m.status == "active"]
    for item in sorted(set(band.stash)):
        for m in active:
            if _fits(c, band, m, item):
                return cc.Buy(band=band.id, figure=m.id, item=item, stash=True)
    for m in active:
        for item in sorted(set(m.lost)):
            if _fits(c, band, m, item) and _cost(c, band, m, item) <= band.band_points:
                return cc.Buy(band=band.id, figure=m.id, item=item)
    start = sum(1 for m in band.members if m.joined == 0)
    if len(active) < start:
        for kit in RECRUIT_KITS:
            if hire_cost(c, band, Rank.SOUS_FIFRE, kit) <= band.band_points:
                return cc.Hire(band=band.id, name=f"{recruit} {len(band.members) + 1}",
                               rank="sous_fifre", weapons=kit)
    for m in active:
        armoured = any(c.book.equipment[e].slot == "armour" for e in m.spec.equipment)
        if not armoured and _fits(c, band, m, UPGRADE) \
                and _cost(c, band, m, UPGRADE) <= band.band_points:
            return cc.Buy(band=band.id, figure=m.id, item=UPGRADE)
    return cc.Done(band=band.id)


def _with(c: Campaign, spec: FigureSpec, item: str) -> FigureSpec:
    if item in c.book.equipment:
        return msgspec.structs.replace(spec, equipment=(*spec.equipment, item))
    return msgspec.structs.replace(spec, weapons=(*spec.weapons, item))


def _fits(c: Campaign, band: CampaignBand, m: Member, item: str) -> bool:
    """``item`` is a catalogue item the figure may carry on top of its kit."""
    known = item in c.book.equipment or item in c.book.melee_weapons \
        or item in c.book.ranged_weapons
    return known and not problems(c, band, _with(c, m.spec, item))


def _cost(c: Campaign, band: CampaignBand, m: Member, item: str) -> int:
    return price(c, band, m.spec, _with(c, m.spec, item))


def settle(c: Campaign, bands: set[str] | None = None, *, recruit: str = RECRUIT) -> int:
    """Answer every decision owed by a computer band (or by ``bands``); returns how many.
    ``recruit``: the word that names the figures hired, in the player's language."""
    n = 0
    while c.pending is not None:
        band = c.band(c.pending.band)
        if bands is None and band.controller != "computer":
            break
        if bands is not None and band.id not in bands:
            break
        try:
            c.apply(answer(c, recruit=recruit))
        except IllegalCommand:
            c.apply(cc.Done(band=band.id) if c.pending.kind == "shop"
                    else cc.Choose(option=c.pending.options[0].key))
        n += 1
    return n
