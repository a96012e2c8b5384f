"""Rules of §2.a that no other test names, each shown with forced dice in a whole game:
four d6 at most, the fourth a heroic die ([CM-DICE]); a medikit's +2, a good used on its
skill ([CM-GOODS]); a shield's modifier on the Défense in an opposition ([CM-MODS]);
armour's Protection off the damage ([CM-PROTECTION], [CM-EQUIP]); sous-fifres as the
undifferentiated figurants of a group ([CM-FIGURANTS]) that share its combat monitor
([CM-GROUP-MONITOR]); a failed shot tried again next round with no reload
([CM-RETRY-COMBAT], [CM-RELOAD]); elevation as a circumstance (GAP-CM-22), one range per
weapon (GAP-CM-28), no atouts (GAP-CM-25)."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.state import HERO_COST
from skirmish.rules.events import Contest, D6Roll, DamageSteps
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

A_HAND = (6, 6, 5, 1, 1, 2)
QUIET = {"charge": False, "charged": False, "spot": False, "shot": False}


def _duel(a_weapons=("sword",), b_weapons=("sword",), b_equipment=(), a_equipment=()):
    """a's Chef in contact with b's Chef; a holds the hand."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), list(a_weapons), list(a_equipment)),
             fig("f", "sous_fifre", (4, 5), ["club"], ["medikit"])),
        band("b", fig("chef", "chef", (6, 5), list(b_weapons), list(b_equipment)),
             fig("f", "sous_fifre", (40, 25), ["club"])), passive_actions=QUIET), *A_HAND)


def settle(g, **chosen: str) -> list:
    """Answer every decision waiting: ``chosen`` by kind (``cm_heroic_a_chef`` for
    ``cm_heroic:a:chef``), else no interrupt, no pair, no heroism; the events."""
    events: list = []
    while (p := g.state.pending) is not None:
        keys = [o.key for o in p.options]
        key = p.kind.replace(":", "_")
        events += choose(g, chosen.get(key, "no" if "no" in keys else
                                       "none" if "none" in keys else p.default))
    return events


def _strike(g, faces, **chosen: str) -> list:
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(*faces)
    return settle(g, **chosen)


def test_a_throw_is_three_d6_and_a_heroic_fourth_CM_DICE() -> None:
    g = _duel()
    events = _strike(g, (5, 4, 4, 2, 1, 1, 2), cm_heroic_a_chef="yes")
    rolls = {r.figure: r for r in of(events, D6Roll) if r.rule != "CM-DMG-BASE"}
    assert [(f.face, f.role) for f in rolls["a:chef"].faces] == [
        (5, "red"), (4, "white"), (4, "white"), (2, "heroic")]
    assert [f.face for f in rolls["b:chef"].faces] == [1, 1, 2]
    assert all(f.die == "d6" and 1 <= f.face <= 6 for r in of(events, D6Roll) for f in r.faces)


def test_a_medikit_gives_two_on_the_soins_test_CM_GOODS() -> None:
    g = _duel()
    cf = g.state.cm.figures["a:chef"]
    cf.vitality, cf.mal_en_point = 0, True
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.UseMedikit(figure="a:f", target="a:chef"))
    g.dice.force(3, 3, 3)
    test = of(settle(g), D6Roll)[0]
    assert test.rule == "CM-FIRSTAID" and test.inputs.get("medikit") == 2
    soins = g.state.cm.figures["a:f"].profile.skill("soins")
    assert test.total == 9 + soins + 2


def test_a_shield_modifies_the_defence_in_an_opposition_CM_MODS() -> None:
    plain, shielded = _duel(), _duel(b_equipment=("shield",))
    shield = shielded.state.cm.figures["b:chef"].profile.shield
    assert shield > 0
    totals = []
    for g in (plain, shielded):
        events = _strike(g, (5, 4, 4, 3, 3, 3))
        totals.append(of(events, Contest)[0].totals[1])
    assert totals[1] - totals[0] == shield


def test_armour_protection_comes_off_the_damage_CM_PROTECTION_CM_EQUIP() -> None:
    plain, armoured = _duel(), _duel(b_equipment=("heavy_armour",))
    protection = armoured.state.cm.figures["b:chef"].profile.protection
    assert protection > 0 and plain.state.cm.figures["b:chef"].profile.protection == 0
    damage = []
    for g in (plain, armoured):
        events = _strike(g, (6, 6, 5, 1, 1, 2))
        damage.append(of(events, DamageSteps)[0].damage)
    assert damage[0] - damage[1] == protection


def test_a_groups_danger_waits_on_every_figurant_CM_FIGURANTS_CM_GROUP_MONITOR() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (30, 25), ["sword"]), fig("f", "sous_fifre", (5, 5), ["club"]),
             fig("g", "sous_fifre", (7, 5), ["club"])),
        band("b", fig("chef", "chef", (6, 5), ["sword"]), fig("x", "sous_fifre", (40, 20), ["club"])),
        passive_actions=QUIET), *A_HAND)
    w = g.state.cm.figures
    assert w["a:f"].profile.tier == "figurant" and w["a:chef"].profile.tier != "figurant"
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Act(figure="a:f", action="together", target="b:chef"))
    g.dice.force(1, 1, 2, 6, 6, 5)  # the group misses
    settle(g, cm_group="a:g", cm_pair="efficacite+danger")
    assert g.state.tour is None or g.state.tour.figure != "a:f"
    assert (w["a:f"].danger, w["a:g"].danger, w["a:chef"].danger) == (1, 1, 0)


def test_a_failed_shot_is_tried_again_next_round_without_reloading_CM_RETRY_COMBAT_CM_RELOAD() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["pistol"])),
        band("b", fig("chef", "chef", (5, 15), ["sword"])),
        passive_actions=QUIET, max_turns=3), *A_HAND)
    shot = c.Shoot(figure="a:chef", weapon="pistol", target="b:chef")
    g.apply(c.Activate(figure="a:chef"))
    g.apply(shot)
    g.dice.force(1, 1, 2, 6, 6, 5)
    events = settle(g)
    assert of(events, Contest)[0].winner == "b:chef"
    g.apply(c.Activate(figure="b:chef"))  # b's response: it stays where it stands
    g.dice.force(6, 6, 5, 1, 1, 2)  # round 2: the hand to a again
    g.apply(c.EndActivation(figure="b:chef"))
    assert g.state.turn == 2 and g.state.pending is None
    g.apply(c.Activate(figure="a:chef"))
    assert shot in g.legal_commands(sample_moves=False)


def test_a_shot_from_higher_ground_has_the_elevation_circumstance_GAP_CM_22(monkeypatch) -> None:
    from skirmish.rules.cle_en_main.ctx import CmCtx

    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["pistol"])),
        band("b", fig("chef", "chef", (5, 12), ["sword"])), passive_actions=QUIET), *A_HAND)
    monkeypatch.setattr(CmCtx, "level", lambda self, f: 1 if f.id == "a:chef" else 0)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", weapon="pistol", target="b:chef"))
    g.dice.force(3, 3, 3, 3, 3, 3)
    events = settle(g)
    shot = next(r for r in of(events, D6Roll) if r.figure == "a:chef")
    defence = next(r for r in of(events, D6Roll) if r.figure == "b:chef")
    assert shot.inputs.get("elevation") == 2 and "elevation" not in defence.inputs


def test_no_shot_beyond_the_weapons_one_range_GAP_CM_28() -> None:
    from skirmish.rules.errors import IllegalCommand

    probe = cm_start(cm_scenario(band("a", fig("chef", "chef", (5, 5), ["pistol"])),
                                 band("b", fig("chef", "chef", (5, 12), ["sword"]))), *A_HAND)
    reach = probe.state.cm.figures["a:chef"].profile.weapons["pistol"].range
    assert reach is not None
    for gap, legal in ((reach - 1, True), (reach + 2, False)):
        g = cm_start(cm_scenario(
            band("a", fig("chef", "chef", (2, 2), ["pistol"])),
            band("b", fig("chef", "chef", (2, 3 + gap), ["sword"])), passive_actions=QUIET),
            *A_HAND)
        g.apply(c.Activate(figure="a:chef"))
        shot = c.Shoot(figure="a:chef", weapon="pistol", target="b:chef")
        assert (shot in g.legal_commands(sample_moves=False)) == legal
        if not legal:
            try:
                g.apply(shot)
            except IllegalCommand as e:
                assert e.rule == "GAP-CM-28"
            else:
                raise AssertionError("a shot beyond range was allowed")


def test_no_atouts_so_heroism_offers_no_third_effect_GAP_CM_25() -> None:
    g = _duel()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(6, 6, 5, 1, 1, 2)
    while (p := g.state.pending) is not None and p.kind != "cm_damage":
        choose(g, "no" if "no" in [o.key for o in p.options] else "none")
    assert g.state.pending is not None
    keys = {o.key for o in g.state.pending.options}
    assert "cancel" in keys and keys <= {"none", "cancel"} | {k for k in keys if k.startswith("take:")}
    assert set(HERO_COST) == {"four_dice", "reroll", "cancel_damage", "take_for_ally"}


def _gang(lead: str, faces: tuple[int, ...]) -> tuple[list, object]:
    """a's Chef and Sous-chef both in contact with b's Chef; ``lead`` declares the attack
    made together and the other joins it; ``faces``: the lead's throw, the other's, then
    the defender's Défense."""
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"]), fig("s", "sous_chef", (7.1, 5), ["sword"]),
             fig("f", "sous_fifre", (30, 25), ["club"])),
        band("b", fig("chef", "chef", (6.05, 5), ["sword"]), fig("x", "sous_fifre", (40, 20), ["club"])),
        passive_actions=QUIET), *A_HAND)
    other = "a:s" if lead == "a:chef" else "a:chef"
    g.apply(c.Activate(figure=lead))
    g.apply(c.Act(figure=lead, action="together", target="b:chef"))
    choose(g, "no", other, "none")  # no interrupt; the other joins; no pair
    g.dice.force(*faces)
    return settle(g), g


def test_two_attackers_of_one_target_cooperate_the_best_throw_helped_or_hindered_CM_GANG(
) -> None:
    """[CM-GANG] [CM-COOP] a Chef and a Sous-chef attack one Chef together: both throw;
    the best is used, +1 for the other's 15 or more, −1 for one under 10, and the sword's
    2d6 are read from the best throw's whites."""
    # the Sous-chef leads: 6,6,4 + 6 = 22 (the best); the Chef 3,3,3 + 8 = 17 helps;
    # b's Chef 1,1,2 + 8 = 12
    events, g = _gang("a:s", (6, 6, 4, 3, 3, 3, 1, 1, 2))
    used = next(r for r in of(events, D6Roll) if r.rule == "CM-ATTACK" and r.figure == "a:s")
    helper = next(r for r in of(events, D6Roll) if r.rule == "CM-COOP")
    assert (helper.figure, helper.total, helper.success) == ("a:chef", 17, True)
    assert used.inputs["cooperation"] == 1 and used.total == 22 + 1
    hit = of(events, DamageSteps)[0]
    assert (hit.figure, hit.read, hit.weapon_dice) == ("b:chef", "whites", (6, 4))
    assert all(g.state.cm.figures[f].acted for f in ("a:s", "a:chef"))  # one tour for both
    # the Chef leads: 5,5,4 + 8 = 22 (the best); the Sous-chef's 1,1,1 + 6 = 9 hinders
    events, _ = _gang("a:chef", (5, 5, 4, 1, 1, 1, 1, 1, 2))
    used = next(r for r in of(events, D6Roll) if r.rule == "CM-ATTACK" and r.figure == "a:chef")
    assert used.inputs["cooperation"] == -1 and used.total == 22 - 1
