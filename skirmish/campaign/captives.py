"""[R-CAMP-INJ-62] Captives between the bands (GAP-68 a), settled once every band has
converted this game's VP: the captor names a ransom — any whole number of band points —
or offers an exchange for one of its own members the owner holds; the owner accepts or
refuses. A captive not freed is lost to its band, its weapons and equipment go to the
captor."""

from __future__ import annotations

from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.injuries import fid, leave, strip
from skirmish.campaign.messages import said
from skirmish.campaign.progress import pay, receive
from skirmish.campaign.record import MAX_BAND_POINTS, AmountChoice, CampaignBand, Member
from skirmish.content.costs import figure_cost

RULE = "R-CAMP-INJ-62 GAP-68"
#: The captor's answer: ``ask:`` and the ransom, in band points.
ASK = "ask:"
EXCHANGE = "exchange:"


def ransoms(c: CampaignCore, step: st.Ransoms) -> None:
    """Every figure captured in this game, band by band."""
    out = []
    for band in c.state.bands:
        for m in band.members:
            if m.status == "captured" and m.captor is not None:
                out.append(st.RansomDemand(band=band.id, figure=m.id, captor=m.captor))
    c.push(*out)


def worth(c: CampaignCore, band: CampaignBand, m: Member) -> int:
    """What the figure is worth in band points: its profile and kit at catalogue cost."""
    return max(1, figure_cost(m.spec, c.book, band.setting or "medieval").total)


def held(owner: CampaignBand, captor: CampaignBand) -> list[Member]:
    """``captor``'s members that ``owner`` holds captive (what an exchange can give back)."""
    return [x for x in captor.members if x.status == "captured" and x.captor == owner.id]


def demand(c: CampaignCore, step: st.RansomDemand) -> None:
    band = c.band(step.band)
    captor = c.band(step.captor)
    m = band.member(step.figure)
    if m.status != "captured":
        return  # freed by an exchange already
    if step.choice is None:
        value = worth(c, band, m)
        swaps = [(f"{EXCHANGE}{x.id}", "opt_exchange", {"figure": x.spec.name})
                 for x in held(band, captor)]
        asks = [(f"{ASK}{a}", "opt_ask", {"amount": a})
                for a in sorted({max(1, value // 2), value, value * 2})]
        opts = swaps + asks
        default = swaps[0][0] if swaps else f"{ASK}{value}"
        c.ask(step, captor.id, "ransom_demand", "ask_ransom_demand", opts, default,
              figure=fid(band, m), number=AmountChoice(prefix=ASK, low=0, high=MAX_BAND_POINTS),
              captor=captor.name, name=m.spec.name)
        return
    if step.choice.startswith(EXCHANGE):
        c.push(st.RansomAnswer(band=band.id, figure=m.id, captor=captor.id, amount=0,
                               exchange=step.choice.removeprefix(EXCHANGE)))
    else:
        c.push(st.RansomAnswer(band=band.id, figure=m.id, captor=captor.id,
                               amount=int(step.choice.removeprefix(ASK))))


def answer(c: CampaignCore, step: st.RansomAnswer) -> None:
    band = c.band(step.band)
    captor = c.band(step.captor)
    m = band.member(step.figure)
    if m.status != "captured":
        return
    if step.choice is None:
        _ask_owner(c, step, band, captor, m)
        return
    if step.choice == "pay":
        pay(c, band, step.amount, "ransom", RULE)
        receive(c, captor, step.amount, "ransom", RULE)
        _free(c, band, m, "ransomed", step.amount)
    elif step.choice.startswith(EXCHANGE):
        other = captor.member(step.choice.removeprefix(EXCHANGE))
        _free(c, band, m, "exchanged", 0)
        _free(c, captor, other, "exchanged", 0)
    else:
        items = (*m.spec.weapons, *m.spec.equipment)
        c.emit(ce.Captive(figure=fid(band, m), captor=captor.id, outcome="lost", rule=RULE,
                          **said("lost", figure=m.spec.name, band=band.name)))
        leave(c, band, m, "lost", RULE)
        strip(c, band, m, items, RULE, stash=captor)


def _ask_owner(c: CampaignCore, step: st.RansomAnswer, band: CampaignBand,
               captor: CampaignBand, m: Member) -> None:
    """The owner's answer to the captor's offer: accept it (if it can) or let the figure go."""
    let_go = ("let_go", "opt_let_go", {})
    if step.exchange is not None:
        other = captor.member(step.exchange)
        opts = [(f"{EXCHANGE}{other.id}", "opt_accept_exchange",
                 {"other": other.spec.name, "name": m.spec.name}), let_go]
        c.ask(step, band.id, "ransom", "ask_exchange", opts, opts[0][0], figure=fid(band, m),
              captor=captor.name, name=m.spec.name, other=other.spec.name)
        return
    opts = [let_go]
    if band.band_points >= step.amount:
        opts.insert(0, ("pay", "opt_pay", {"amount": step.amount}))
    c.ask(step, band.id, "ransom", "ask_ransom", opts, opts[0][0], figure=fid(band, m),
          captor=captor.name, amount=step.amount, name=m.spec.name)


def _free(c: CampaignCore, band: CampaignBand, m: Member, outcome: str, amount: int) -> None:
    """Exchanged or ransomed captives keep their weapons and equipment."""
    captor = m.captor or ""
    m.status, m.captor = "active", None
    key = "ransomed" if outcome == "ransomed" else "exchanged"
    c.emit(ce.Captive(figure=fid(band, m), captor=captor, outcome=outcome, amount=amount,
                      rule=RULE, **said(key, figure=m.spec.name, amount=amount,
                                        band=band.name)))
