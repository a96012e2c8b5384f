"""Return rolls and serious injuries ([R-CAMP-RET-SF], [R-CAMP-RET-HERO], §13.4), with
every sub-procedure: multiple injuries (GAP-64 b), arm wound and amputation (GAP-66 a),
the dodgy potion ([R-CAMP-POTION]), deep wound, judgement ([R-CAMP-JUDGE]) and capture."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.lasting import CAPPED, LASTING
from skirmish.campaign.messages import said
from skirmish.campaign.progress import award, pay
from skirmish.campaign.record import CampaignBand, Member, Note
from skirmish.content.band_rules import AMPUTATED_ARM
from skirmish.content.models import RangeResult, Rank

#: GAP-64 (b): results rerolled among the rolls of a Multiple injuries.
MULTIPLE_REROLLS = frozenset({"dead", "multiple_injuries", "full_recovery", "captured",
                              "reroll"})


def fid(band: CampaignBand, m: Member) -> str:
    return f"{band.id}:{m.id}"


def note(c: CampaignCore, m: Member, rule: str, key: str, text: str) -> None:
    index = c.state.current.index if c.state.current else 0
    m.notes.append(Note(game=index, rule=rule, key=key, text=text))


def leave(c: CampaignCore, band: CampaignBand, m: Member, status: str, rule: str) -> None:
    """The figure leaves the roster; what it carried is lost with it ([R-CAMP-INJ-11])."""
    m.status = status  # type: ignore[assignment]
    m.misses, m.absences = 0, []
    note(c, m, rule, status, status)
    c.emit(ce.Left(figure=fid(band, m), status=status, rule=rule,
                   **said(status, figure=m.spec.name, band=band.name)))


def strip(c: CampaignCore, band: CampaignBand, m: Member, items: Iterable[str], rule: str,
          stash: CampaignBand | None = None) -> None:
    """Take ``items`` from the figure; ``stash`` keeps them for that band."""
    items = list(items)
    if not items:
        return
    weapons, equipment = list(m.spec.weapons), list(m.spec.equipment)
    for item in items:
        if item in weapons:
            weapons.remove(item)
        elif item in equipment:
            equipment.remove(item)

    def change() -> None:
        m.spec = msgspec.structs.replace(m.spec, weapons=tuple(weapons),
                                         equipment=tuple(equipment))

    c.change_profile(band, m, rule, change)
    if stash is not None:
        stash.stash.extend(items)
    elif m.status == "active":  # it lives on without them: the band may buy them back
        m.lost += items
    key = "items_to_stash" if stash is band else "items_lost"
    names = [c.book.equipment[i].name_en if i in c.book.equipment else c.book.weapon(i).name_en
             for i in items]
    c.emit(ce.ItemsLost(figure=fid(band, m), items=tuple(items), to_stash=stash is not None,
                        rule=rule, **said(key, figure=m.spec.name, items=", ".join(names))))


def lose_weapons(c: CampaignCore, band: CampaignBand, m: Member, weapons: Iterable[str]) -> None:
    """[R-CAMP-JAM] (and GAP-35: exploded) weapons stay unusable: off the roster."""
    strip(c, band, m, [w for w in weapons if w in m.spec.weapons], "R-CAMP-JAM")


def misses(c: CampaignCore, band: CampaignBand, m: Member, games: int, rule: str) -> None:
    """The figure misses ``games`` more games, each absence citing ``rule`` (GAP-68)."""
    m.misses += games
    m.absences += [rule] * games
    note(c, m, rule, "misses", f"misses {games}")
    c.emit(ce.Misses(figure=fid(band, m), games=games, rule=rule,
                     **said("misses", figure=m.spec.name, games=games)))


def _injury(c: CampaignCore, band: CampaignBand, m: Member, row: RangeResult) -> None:
    note(c, m, row.rule, row.result, row.name_en)
    c.emit(ce.Injury(figure=fid(band, m), result=row.result, rule=row.rule,
                     **said("injury", figure=m.spec.name, result=row.name_en)))


def _add_lasting(c: CampaignCore, band: CampaignBand, m: Member, injury: str, rule: str,
                 **fields: object) -> None:
    """Keep ``injury`` on the figure. GAP-65: its cap applies when it is taken — one that
    would change nothing (a hand wound at CCC 6+, a trauma at Cd 4, a leg wound at Mvt 1)
    is not kept, so a later advance improves the capped value. A lost eye is kept even
    then: the second one blinds ([R-CAMP-INJ-31])."""
    after = msgspec.structs.replace(m.spec, injuries=(*m.spec.injuries, injury), **fields)
    if injury in CAPPED and c.profile(band, m) == c.profile(band, Member(spec=after)):
        note(c, m, "GAP-65", "capped", "no effect: at its cap")
        name = next(r.name_en for r in c.book.tables["serious_injury"].rows
                    if r.result == injury)
        c.emit(ce.Injury(figure=fid(band, m), result="capped", rule=f"{rule} GAP-65",
                         **said("injury_capped", figure=m.spec.name, result=name)))
        return

    def change() -> None:
        m.spec = after

    c.change_profile(band, m, rule, change)


# -- steps ----------------------------------------------------------------------------------
def return_step(c: CampaignCore, step: st.ReturnStep) -> None:
    """A figure that played: killed, out of action (return roll or D66), or unhurt."""
    band = c.band(step.band)
    m = band.member(step.figure)
    o = c.outcome(step.band, step.figure)
    state = o.status if o else "in_play"
    c.emit(ce.FigureTurn(figure=fid(band, m), state=state,
                         **said("figure_turn", figure=m.spec.name, state=state)))
    if state == "dead":
        leave(c, band, m, "dead", "R-WOUND-DEAD")
        return
    if state != "out_of_action":
        return
    table = c.book.tables[c.book.return_tables[Rank(m.spec.rank)]]
    if table.id == "serious_injury":
        c.push(st.InjuryRoll(band=band.id, figure=m.id))
        return
    (face,) = c.roll(1, rule=table.rule, key="roll_return", who=fid(band, m),
                     result=lambda f: table.lookup(f[0]).name_en, figure=m.spec.name)
    row = table.lookup(face)
    if row.result == "dead":
        leave(c, band, m, "dead", row.rule)
    else:
        note(c, m, row.rule, row.result, row.name_en)
        c.emit(ce.Injury(figure=fid(band, m), result=row.result, rule=row.rule,
                         **said("returns", figure=m.spec.name)))


def injury_roll(c: CampaignCore, step: st.InjuryRoll) -> None:
    """[R-CAMP-RET-HERO] One D66 on the serious injuries and its result applied."""
    band = c.band(step.band)
    m = band.member(step.figure)
    if m.status not in ("active", "captured"):
        return  # blinded by an earlier roll of the same Multiple injuries
    table = c.book.tables["serious_injury"]
    rule = "R-CAMP-INJ-16 GAP-64" if step.multiple else "R-CAMP-RET-HERO"
    key = "roll_injury_multiple" if step.multiple else "roll_injury"
    tens, units = c.roll(2, rule=rule, key=key, who=fid(band, m),
                         result=lambda f: table.lookup(10 * f[0] + f[1]).name_en,
                         inputs={"d66": "tens, units"}, figure=m.spec.name)
    row = table.lookup(10 * tens + units)
    if step.multiple and row.result in MULTIPLE_REROLLS:
        c.emit(ce.Injury(figure=fid(band, m), result="rerolled", rule="GAP-64",
                         **said("rerolled", figure=m.spec.name, result=row.name_en)))
        c.push(st.InjuryRoll(band=band.id, figure=m.id, multiple=True))
        return
    apply_injury(c, band, m, row, multiple=step.multiple)


def apply_injury(c: CampaignCore, band: CampaignBand, m: Member, row: RangeResult, *,
                 multiple: bool = False) -> None:
    r = row.result
    who = fid(band, m)
    if r == "dead":  # the roster notes it once, as it leaves
        c.emit(ce.Injury(figure=who, result=r, rule=row.rule,
                         **said("injury", figure=m.spec.name, result=row.name_en)))
        leave(c, band, m, "dead", row.rule)
        strip(c, band, m, (*m.spec.weapons, *m.spec.equipment), row.rule)
    elif r == "multiple_injuries":
        _injury(c, band, m, row)
        (n,) = c.roll(1, rule="R-CAMP-INJ-16 GAP-64", key="roll_injury_count", who=who,
                      result=lambda f: f"{f[0]} D66", figure=m.spec.name)
        c.push(*(st.InjuryRoll(band=band.id, figure=m.id, multiple=True) for _ in range(n)))
    elif r == "reroll":
        _injury(c, band, m, row)
        c.push(st.InjuryRoll(band=band.id, figure=m.id, multiple=multiple))
    elif r == "lose_an_eye" and "lose_an_eye" in m.spec.injuries:
        _injury(c, band, m, row)
        leave(c, band, m, "blind", row.rule)
    elif r == "bitter_hatred":
        _injury(c, band, m, row)
        o = c.outcome(band.id, m.id)
        hated = o.downed_by_band if o else None
        _add_lasting(c, band, m, r, row.rule, hates=hated)
        if hated:
            c.emit(ce.Injury(figure=who, result="hates", rule=row.rule,
                             **said("hates", figure=m.spec.name, band=c.band(hated).name)))
    elif r in LASTING:
        _injury(c, band, m, row)
        _add_lasting(c, band, m, r, row.rule)
    elif r == "arm_wound":
        _injury(c, band, m, row)
        c.push(st.ArmRoll(band=band.id, figure=m.id))
    elif r == "dodgy_potion_seller":
        _injury(c, band, m, row)
        c.push(st.PotionRoll(band=band.id, figure=m.id))
    elif r == "deep_wound":
        _injury(c, band, m, row)
        n = _d3(c, "R-CAMP-INJ-35", "roll_deep_wound", who, m)
        misses(c, band, m, n, row.rule)
    elif r == "robbed":
        _injury(c, band, m, row)
        strip(c, band, m, (*m.spec.weapons, *m.spec.equipment), row.rule)
    elif r == "captured":
        _injury(c, band, m, row)
        _capture(c, band, m, row.rule)
    elif r == "judged":
        _injury(c, band, m, row)
        c.push(st.JudgeRoll(band=band.id, figure=m.id))
    elif r == "survives_against_all_odds":
        _injury(c, band, m, row)
        award(c, band, m, "survives_against_all_odds")
    else:  # full_recovery
        _injury(c, band, m, row)


def _d3(c: CampaignCore, rule: str, key: str, who: str, m: Member) -> int:
    """[R-GEN-DICE] 1d3 read from a d6 (1–2 → 1, 3–4 → 2, 5–6 → 3)."""
    (face,) = c.roll(1, rule=rule, key=key, who=who, result=lambda f: str((f[0] + 1) // 2),
                     inputs={"d3": "d6: 1-2 → 1, 3-4 → 2, 5-6 → 3"}, figure=m.spec.name)
    return (face + 1) // 2


def _capture(c: CampaignCore, band: CampaignBand, m: Member, rule: str) -> None:
    """GAP-68 (a): the captor is the band that put the figure out of action (with two
    bands, the other one); with nobody to hold it, it escapes."""
    o = c.outcome(band.id, m.id)
    captor = o.downed_by_band if o else None
    others = [b.id for b in c.state.bands if b.id != band.id]
    if captor is None and len(others) == 1:
        captor = others[0]
    if captor is None:
        c.emit(ce.Injury(figure=fid(band, m), result="escaped", rule=rule,
                         **said("escaped", figure=m.spec.name)))
        return
    m.status, m.captor = "captured", captor
    c.emit(ce.Captive(figure=fid(band, m), captor=captor, outcome="captured", rule=rule,
                      **said("captured", figure=m.spec.name, captor=c.band(captor).name)))


def arm_roll(c: CampaignCore, step: st.ArmRoll) -> None:
    """[R-CAMP-INJ-23] 1: amputation (GAP-66 a); 2–6: light wound, misses the next game."""
    band = c.band(step.band)
    m = band.member(step.figure)
    who = fid(band, m)
    (face,) = c.roll(1, rule="R-CAMP-INJ-23", key="roll_arm", who=who,
                     result=lambda f: "amputation" if f[0] == 1 else "light wound",
                     figure=m.spec.name)
    if face == 1:
        _add_lasting(c, band, m, AMPUTATED_ARM, "R-CAMP-INJ-23 GAP-66")
        c.emit(ce.Injury(figure=who, result="amputated", rule="R-CAMP-INJ-23 GAP-66",
                         **said("amputated", figure=m.spec.name)))
        c.push(st.KeepWeapon(band=band.id, figure=m.id))
    else:
        c.emit(ce.Injury(figure=who, result="light_arm_wound", rule="R-CAMP-INJ-23",
                         **said("light_arm_wound", figure=m.spec.name)))
        misses(c, band, m, 1, "R-CAMP-INJ-23")


def one_handed(c: CampaignCore, m: Member) -> list[str]:
    """The figure's one-handed weapons, best (dearest) first, each once."""
    ids = sorted({w for w in m.spec.weapons if c.book.weapon(w).hands == 1},
                 key=lambda w: (-c.book.weapon(w).cost, w))
    return ids


def keep_weapon(c: CampaignCore, step: st.KeepWeapon) -> None:
    """GAP-66 (a): one one-handed weapon; no two-handed weapon, no shield, one buckler.
    What it can no longer use stays with the band (its store)."""
    band = c.band(step.band)
    m = band.member(step.figure)
    choices = one_handed(c, m)
    if step.choice is None and len(choices) > 1:
        opts = [(w, "opt_keep", {"weapon": c.book.weapon(w).name_en}) for w in choices]
        c.ask(step, band.id, "keep_weapon", "ask_keep_weapon", opts, choices[0],
              figure=fid(band, m), name=m.spec.name)
        return
    keep = step.choice or (choices[0] if choices else None)
    drop = list(m.spec.weapons)
    if keep is not None:
        drop.remove(keep)
    shields = [e for e in m.spec.equipment if c.book.equipment[e].slot == "shield"]
    bucklers = [e for e in m.spec.equipment if c.book.equipment[e].slot == "buckler"]
    strip(c, band, m, drop + shields + bucklers[1:], "R-CAMP-INJ-23 GAP-66", stash=band)


def potion_roll(c: CampaignCore, step: st.PotionRoll) -> None:
    """[R-CAMP-POTION] 1–2 misses the next game; 3–5 full recovery; 6 full recovery and
    the first damage of the next game is ignored (GAP-65 a)."""
    band = c.band(step.band)
    m = band.member(step.figure)
    table = c.book.tables["potion"]
    (face,) = c.roll(1, rule="R-CAMP-POTION", key="roll_potion", who=fid(band, m),
                     result=lambda f: table.lookup(f[0]).name_en, figure=m.spec.name)
    row = table.lookup(face)
    _injury(c, band, m, row)
    if row.result == "worse":
        misses(c, band, m, 1, row.rule)
    elif row.result == "beneficial":
        m.spec = msgspec.structs.replace(m.spec, ignore_first_wound=True)
        c.emit(ce.Injury(figure=fid(band, m), result="potion_good", rule=row.rule,
                         **said("potion_good", figure=m.spec.name)))


def judge_roll(c: CampaignCore, step: st.JudgeRoll) -> None:
    """[R-CAMP-JUDGE] 1 sentenced to death; 2–5 a fine of D6 band points; 6 acquitted."""
    band = c.band(step.band)
    m = band.member(step.figure)
    who = fid(band, m)
    table = c.book.tables["judgement"]
    (face,) = c.roll(1, rule="R-CAMP-JUDGE", key="roll_judge", who=who,
                     result=lambda f: table.lookup(f[0]).name_en, figure=m.spec.name)
    row = table.lookup(face)
    _injury(c, band, m, row)
    if row.result == "merciless_judge":
        leave(c, band, m, "sentenced", row.rule)
    elif row.result == "fine":
        (amount,) = c.roll(1, rule="R-CAMP-JUDGE", key="roll_fine", who=who,
                           result=lambda f: f"{f[0]} band points", figure=m.spec.name)
        c.settle_later(st.PayFine(band=band.id, figure=m.id, amount=amount))


def pay_fine(c: CampaignCore, step: st.PayFine) -> None:
    """The band pays (if it can) or the figure misses D3 games in prison (GAP-68 a)."""
    band = c.band(step.band)
    m = band.member(step.figure)
    if step.choice is None:
        opts = [("refuse", "opt_refuse", {})]
        if band.band_points >= step.amount:
            opts.insert(0, ("pay", "opt_pay", {"amount": step.amount}))
        c.ask(step, band.id, "fine", "ask_fine", opts, opts[0][0], figure=fid(band, m),
              amount=step.amount, name=m.spec.name)
        return
    if step.choice == "pay":
        pay(c, band, step.amount, "fine", "R-CAMP-JUDGE")
        return
    n = _d3(c, "R-CAMP-JUDGE", "roll_prison", fid(band, m), m)
    misses(c, band, m, n, "R-CAMP-JUDGE")
