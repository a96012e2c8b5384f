"""The computer's answers for its bands between games.

Decisions take the default the procedure offers (it is chosen to be a sensible answer:
keep the best weapon, pay a fine it can afford, ask the figure's value as ransom, exchange
captives, else pay, else let go; promote on a 12; hire a Chef if it can). In the shop it
takes back what its store holds, keeps at least one Sous-fifre, then hires Sous-fifres
with a spear while it can pay and has fewer than ten figures, named "``recruit`` N" (the
word in the player's language: the caller's, as a campaign holds no language).
"""

from __future__ import annotations

from skirmish.campaign import commands as cc
from skirmish.campaign.captives import ASK, EXCHANGE, worth
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import Pending
from skirmish.campaign.shop import problems
from skirmish.content.costs import figure_cost
from skirmish.content.models import Rank
from skirmish.content.warband import FigureSpec
from skirmish.rules.errors import IllegalCommand

MAX_FIGURES = 10
RECRUIT_KIT = ("spear", "dagger")
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
    """Captives by their worth (:func:`~skirmish.campaign.captives.worth`): as the captor,
    take back its most valuable member in exchange, else ask what the captive is worth;
    as the owner, take an exchange, and pay a ransom no dearer than the figure's worth."""
    keys = [o.key for o in p.options]
    swaps = [k for k in keys if k.startswith(EXCHANGE)]
    if p.kind == "ransom_demand":
        if swaps:
            mine = c.band(p.band)
            return max(swaps, key=lambda k: (worth(c, mine, mine.member(k[len(EXCHANGE):])),
                                             k))
        assert p.figure is not None
        band_id, figure = p.figure.split(":", 1)
        band = c.band(band_id)
        return f"{ASK}{worth(c, band, band.member(figure))}"
    if swaps:
        return swaps[0]
    assert p.figure is not None
    band = c.band(p.band)
    value = worth(c, band, band.member(p.figure.split(":", 1)[1]))
    return "pay" if "pay" in keys and int(p.params.get("amount", 0)) <= value else "let_go"


def shop_command(c: Campaign, band_id: str, *, recruit: str = RECRUIT) -> cc.CampaignCommand:
    band = c.band(band_id)
    active = [m for m in band.members if m.status == "active"]
    for item in sorted(set(band.stash)):
        for m in active:
            cmd = cc.Buy(band=band.id, figure=m.id, item=item, stash=True)
            after = _with(c, m.spec, item)
            if not problems(c, band, after):
                return cmd
    spec = FigureSpec(id="r", name="r", rank=Rank.SOUS_FIFRE, weapons=RECRUIT_KIT)
    cost = figure_cost(spec, c.book, band.setting or "medieval").total
    if len(band.roster()) < MAX_FIGURES and band.band_points >= cost:
        n = sum(1 for m in band.members) + 1
        return cc.Hire(band=band.id, name=f"{recruit} {n}", rank="sous_fifre", weapons=RECRUIT_KIT)
    return cc.Done(band=band.id)


def _with(c: Campaign, spec: FigureSpec, item: str) -> FigureSpec:
    import msgspec

    if item in c.book.equipment:
        return msgspec.structs.replace(spec, equipment=(*spec.equipment, item))
    return msgspec.structs.replace(spec, weapons=(*spec.weapons, item))


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
