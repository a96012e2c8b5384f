"""[R-CAMP-INJ-62] Captives between the bands (GAP-68 a): the captor names a ransom of its
choice; the owner pays it, exchanges one of its own captives, or lets the figure go — then
it is lost to its band and its weapons and equipment go to the captor."""

from __future__ import annotations

from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.injuries import fid, leave
from skirmish.campaign.messages import said
from skirmish.campaign.progress import pay, receive
from skirmish.content.costs import figure_cost

RULE = "R-CAMP-INJ-62 GAP-68"


def ransoms(c: CampaignCore, step: st.Ransoms) -> None:
    """Every figure captured in this game, band by band."""
    out = []
    for band in c.state.bands:
        for m in band.members:
            if m.status == "captured" and m.captor is not None:
                out.append(st.RansomDemand(band=band.id, figure=m.id, captor=m.captor))
    c.push(*out)


def demand(c: CampaignCore, step: st.RansomDemand) -> None:
    band = c.band(step.band)
    m = band.member(step.figure)
    if m.status != "captured":
        return  # freed by an exchange already
    if step.choice is None:
        value = max(1, figure_cost(m.spec, c.book, band.setting or "medieval").total)
        amounts = sorted({max(1, value // 2), value, value * 2})
        opts = [(f"ask:{a}", "opt_ask", {"amount": a}) for a in amounts]
        c.ask(step, step.captor, "ransom_demand", "ask_ransom_demand", opts, f"ask:{value}",
              figure=fid(band, m), captor=c.band(step.captor).name, name=m.spec.name)
        return
    amount = int(step.choice.split(":", 1)[1])
    c.push(st.RansomAnswer(band=band.id, figure=m.id, captor=step.captor, amount=amount))


def answer(c: CampaignCore, step: st.RansomAnswer) -> None:
    band = c.band(step.band)
    captor = c.band(step.captor)
    m = band.member(step.figure)
    if m.status != "captured":
        return
    if step.choice is None:
        held = [x for x in captor.members if x.status == "captured" and x.captor == band.id]
        opts = [(f"exchange:{x.id}", "opt_exchange", {"figure": x.spec.name}) for x in held]
        if band.band_points >= step.amount:
            opts.append(("pay", "opt_pay", {"amount": step.amount}))
        opts.append(("let_go", "opt_let_go", {}))
        c.ask(step, band.id, "ransom", "ask_ransom", opts, opts[0][0], figure=fid(band, m),
              captor=captor.name, amount=step.amount, name=m.spec.name)
        return
    if step.choice == "pay":
        pay(c, band, step.amount, "ransom", RULE)
        receive(c, captor, step.amount, "ransom", RULE)
        _free(c, band.id, m, "ransomed", step.amount)
    elif step.choice.startswith("exchange:"):
        other = captor.member(step.choice.split(":", 1)[1])
        _free(c, band.id, m, "exchanged", 0)
        _free(c, captor.id, other, "exchanged", 0)
    else:
        items = (*m.spec.weapons, *m.spec.equipment)
        c.emit(ce.Captive(figure=fid(band, m), captor=captor.id, outcome="lost", rule=RULE,
                          **said("lost", figure=m.spec.name, band=band.name)))
        leave(c, band, m, "lost", RULE)
        from skirmish.campaign.injuries import strip

        strip(c, band, m, items, RULE, stash=captor)


def _free(c: CampaignCore, band_id: str, m, outcome: str, amount: int) -> None:  # noqa: ANN001
    """Exchanged or ransomed captives keep their weapons and equipment."""
    band = c.band(band_id)
    captor = m.captor or ""
    m.status, m.captor = "active", None
    key = "ransomed" if outcome == "ransomed" else "exchanged"
    c.emit(ce.Captive(figure=fid(band, m), captor=captor, outcome=outcome, amount=amount,
                      rule=RULE, **said(key, figure=m.spec.name, amount=amount,
                                        band=band.name)))
