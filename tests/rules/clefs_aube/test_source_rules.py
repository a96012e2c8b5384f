"""The rest of RULESETS §3.a with forced d20 faces: [CA-COMBOS] [CA-HANDICAP]
[CA-HANDICAP-ND] [CA-CONFRONT] [CA-FACTORS] [CA-DMG-LEVEL] [CA-STUN] [CA-RECOVERY]
[CA-SURCL-BEGIN] [CA-HEROISM] [CA-GLOSSARY], the defaults GAP-CA-1, GAP-CA-11 and
GAP-CA-19, and how the rules the table leaves out ([CA-CREATE] [CA-XP]
[CA-DEPASSEMENT]) are stood in for."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube import totals as T
from skirmish.rules.clefs_aube.damage import encaisse
from skirmish.rules.clefs_aube.melee import MANOEUVRES
from skirmish.rules.clefs_aube.options import OUT_OF_SCOPE
from skirmish.rules.clefs_aube.profile import MOYENS, bc
from skirmish.rules.clefs_aube.roll import hit_chance, read
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import D20Roll, DecisionNeeded, Opposition, Roll, StatusChanged
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.morale import leadership_test
from tests.rules.build import band, fig, pass_turn
from tests.rules.clefs_aube.helpers import answer, ca_scenario, ca_start, d20s, damage


def _duel(a_rank: str = "sous_fifre", b_rank: str = "sous_fifre", a_weapons=("sword",),
          a_equipment=(), **options):
    """``a:x`` in contact with ``b:y`` (both swords), activated; bosses far away."""
    scn = ca_scenario(
        band("a", fig("x", a_rank, (10, 10), a_weapons, a_equipment),
             fig("boss", "chef" if a_rank != "chef" else "sous_chef", (40, 2))),
        band("b", fig("y", b_rank, (10, 11), ["sword"]),
             fig("boss", "chef" if b_rank != "chef" else "sous_chef", (40, 30))),
        **options)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    return g


def _ctx(g) -> Ctx:  # noqa: ANN001 - Game
    return Ctx(g.state, g.table, g.book, g.dice)


# -- Characters and resolution ----------------------------------------------------------------
def test_each_roll_uses_its_named_combination_CA_COMBOS_GAP_CA_15() -> None:
    """Ph × Pu (Force) for a Strike, Ph × Pr (Dextérité) for a Shot, Ph × Ré (Endurance)
    for the encaissement, Me × Ré (Volonté) for a native Leadership test: each d20's CA is
    that aspect + that moyen + the skill's BC."""
    scn = ca_scenario(
        band("a", fig("x", "sous_chef", (10, 10), ["pistol"]),
             fig("w", "sous_chef", (30, 10), ["sword"]), fig("boss", "chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (30, 11), ["sword"]), fig("z", "sous_fifre", (10, 19)),
             fig("boss", "chef", (40, 30))),
        ca_multi_actions=False, morale="native")
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    p = g.state.ca["a:x"].profile  # Ph 11, Pu 1, Ré 1, Pr 1, NC mêlée 15, tir 15
    w = g.state.ca["a:w"].profile  # the same Sous-chef, with a sword
    assert (w.ph, w.pu, w.nc_melee) == (p.ph, p.pu, p.nc_melee)
    g.dice.force(20)  # the shot misses; nothing else is rolled
    shot = d20s(g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:z")), "CA-SHOOT")[0]
    assert shot.need == p.ph + p.pr + bc(p.nc_tir) == 11 + 1 + 5
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.Activate(figure="a:w"))
    g.dice.force(20)
    (strike,) = d20s(g.apply(c.Strike(figure="a:w", target="b:y")))
    assert strike.need == w.ph + w.pu + bc(w.nc_melee) + w.melee["sword"].ba == 11 + 1 + 5 + 1
    ctx = _ctx(g)
    g.dice.force(1)
    encaisse(ctx, g.state.figures["a:x"], 5, None, inputs={})  # 5 − °R 1: étourdi, no PF
    assert d20s(ctx.events)[-1].need == p.ph + p.re == 12
    g.dice.force(10)
    assert leadership_test(ctx, g.state.figures["a:x"], rule="R-MORALE-SHOT",
                           key="lbl_test", params={"test": "Subir un tir"}, kind="passive")
    r = d20s(ctx.events)[-1]
    assert r.need == p.me + p.re + bc(p.nc_volonte) + r.inputs["bonus"] == 9 + 1 + 0 + 0


def test_handicaps_and_avantages_move_the_ca_CA_HANDICAP_GAP_CA_17() -> None:
    """A sighting device is an avantage of 3, each PF(Ph) a handicap of 1, étourdi a
    handicap of 1: the window's CA is CA tir + 3 − 2 − 1, and a face above it fails."""
    scn = ca_scenario(
        band("a", fig("x", "sous_fifre", (10, 10), ["pistol"], ["sight"]),
             fig("boss", "chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 14)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    cf = g.state.ca["a:x"]
    cf.pf["ph"], cf.etourdi = 2, True
    base = T.ca_tir(cf.profile) - cf.profile.tir_bonus
    g.dice.force(base + 1)
    shot = d20s(g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y")))[0]
    assert shot.window.ca == base + 3 - 2 - 1 == base
    assert (shot.inputs["etourdi"], shot.inputs["pf_ph"]) == (1, 2)
    assert (shot.success, shot.degree_kind, shot.degree) == (False, "E", 1)


def test_handicap_caps_the_degree_nd_does_not_CA_HANDICAP_ND() -> None:
    """A handicap of 5 and an ND of 5 give the same odds; under the handicap the best
    degree is CA − 5, under the ND it stays CA. The engine uses both: the attacker's
    fatigue lowers its CA (a handicap), the defender's parry is an ND."""
    ca = 15
    assert hit_chance(ca - 5, 0) == hit_chance(ca, 5) == Fraction(10, 20)
    assert max(d for f in range(1, 21) if (ok := read(f, ca - 5))[0] for d in [ok[1]]) == 10
    assert max(d for f in range(1, 21) if (ok := read(f, ca))[0] and ok[1] > 5
               for d in [ok[1]]) == 15
    g = _duel(ca_multi_actions=False)  # TA 12 against TP 2
    g.state.ca["a:x"].pf["ph"] = 1
    g.dice.force(12, 20)  # 12 > TA 12 − 1: the handicap cost the hit
    r = d20s(g.apply(c.Strike(figure="a:x", target="b:y")))[0]
    assert (r.window.ca, r.window.nd, r.success) == (11, 2, False)


@pytest.mark.parametrize(("faces", "winner", "effect", "tie"), [
    ((15, 14), None, 0, "both failed: banked points lost"),  # MD CA 11, MP CA 10: both fail
    ((15, 6), "b:y", 6, "one success"),  # only the defender succeeds: its whole °R
    ((9, 4), "a:x", 5, "higher raw °R"),  # both: the higher °R wins, by the difference
    ((7, 7), None, 0, "equal °R: no winner"),
])
def test_confrontation_outcomes_CA_CONFRONT_GAP_CA_6(faces, winner, effect, tie) -> None:
    g = _duel(ca_combat="surclassement", ca_multi_actions=False)
    g.apply(c.Strike(figure="a:x", target="b:y"))
    answer(g, "MD")
    g.dice.force(*faces, 20, 20)  # then a failed encaissement if anyone is hurt
    ev = answer(g, "MP")
    (o,) = [e for e in ev if isinstance(e, Opposition)]
    assert [r.dice[0] for r in d20s(ev, "CA-SURCLASSEMENT")] == list(faces)
    assert (o.winner, o.effect, o.tie_break) == (winner, effect, tie)
    hurt = damage(ev)
    assert bool(hurt) == (winner == "a:x")  # the defender's MP only stops the blow
    if hurt:
        assert hurt[0].dom == effect + 15 - 5


def test_attack_and_mortality_factors_as_options_CA_FACTORS_GAP_CA_4() -> None:
    """The facteur d'attaque (10) is taken from CA + BP for TP and Esq, the facteur de
    mortalité (0) from the encaissement; both are options."""
    g = _duel(ca_multi_actions=False)
    g.dice.force(20, 1)
    r = d20s(g.apply(c.Strike(figure="a:x", target="b:y")))[0]
    assert r.window.nd == 11 + 1 - 10  # TP with the source's factor
    g = _duel(ca_multi_actions=False, ca_attack_factor=5, ca_mortality_factor=3)
    g.dice.force(10, 7)  # °R 10 > TP 7: Dom 25; encaissement against Enc 10 − 3
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    strike, enc = d20s(ev)
    assert strike.window.nd == 11 + 1 - 5 and strike.success
    assert (enc.need, enc.degree) == (10 - 3, 7)
    assert damage(ev)[0].effective == 25 - 7


def test_a_damage_level_is_a_wound_plus_five_CA_DMG_LEVEL() -> None:
    """The source's average encaissement °R is about 5, so a level of "wound + 5" lands on
    that wound: Dom 16 (légère from 11) less an encaissement of 5 reads légère, Dom 26
    (grave from 21) reads grave. A successful Enc 10 roll averages °R 5.5."""
    g = _duel()
    ctx = _ctx(g)
    y = g.state.figures["b:y"]
    for dom, row in ((16, "legere"), (26, "grave")):
        g.dice.force(5)
        encaisse(ctx, y, dom, None, inputs={})
        d = damage(ctx.events)[-1]
        assert (d.resisted, d.effective, d.row) == (5, dom - 5, row)
    successes = [read(f, 10)[1] for f in range(1, 21) if read(f, 10)[0]]
    assert Fraction(sum(successes), len(successes)) == Fraction(11, 2)


def test_etourdi_from_table_and_a_fatal_blow_kills_CA_STUN_GAP_CA_10_GAP_CA_9() -> None:
    """Effective damage 1–5 stuns: −1 on the figure's next rolled action, then gone. A
    fatale wound kills at once: no survival chance on the table (GAP-CA-9)."""
    g = _duel(ca_multi_actions=False)
    ctx = _ctx(g)
    x = g.state.figures["a:x"]
    g.dice.force(3)
    encaisse(ctx, x, 7, None, inputs={})  # 7 − °R 3 = 4: étourdi
    assert damage(ctx.events)[-1].row == "etourdi"
    assert any(isinstance(e, StatusChanged) and e.status == "etourdi" for e in ctx.events)
    g.dice.force(12, 20)
    r = d20s(g.apply(c.Strike(figure="a:x", target="b:y")))[0]
    assert (r.window.ca, r.inputs["etourdi"], r.success) == (11, 1, False)  # 12 > 12 − 1
    g.dice.force(12, 20)
    r = d20s(g.apply(c.Strike(figure="a:x", target="b:y")))[0]
    assert r.window.ca == 12 and "etourdi" not in r.inputs  # used up
    y = g.state.figures["b:y"]
    g.dice.force(20)
    encaisse(ctx, y, 41, None, inputs={})
    assert damage(ctx.events)[-1].row == "fatale" and y.status == "dead"


def test_no_recovery_during_a_game_CA_RECOVERY_GAP_CA_11_GAP_ALT_2() -> None:
    """PF would come back at 1 per 10 minutes (100 rounds, a round being a turn); a game
    lasts a few turns, so they stay to the end, and keep handicapping the figure."""
    g = _duel(ca_multi_actions=False)
    g.dice.force(1)
    encaisse(_ctx(g), g.state.figures["a:x"], 21, None, inputs={})  # 21 − 1 = 20: légère
    assert g.state.ca["a:x"].pf["ph"] == 3
    pass_turn(g, 6, 6, 6, 6)
    pass_turn(g, 6, 6, 6, 6)
    assert g.state.turn == 3 and g.state.ca["a:x"].pf["ph"] == 3
    assert g.state.ca["a:x"].wounds["ph"]["legere"] == 1


def test_beginners_order_and_a_less_deadly_exchange_CA_SURCL_BEGIN() -> None:
    """The manoeuvres are offered MD, MP, MA (the order the source introduces them), and
    the same winning face deals less damage by surclassement (°R − the loser's °R + BD − 5)
    than in the simple system (°R + BD)."""
    assert list(MANOEUVRES) == ["MD", "MP", "MA"]
    simple = _duel(ca_multi_actions=False)
    simple.dice.force(9, 20)
    dom_simple = damage(simple.apply(c.Strike(figure="a:x", target="b:y")))[0].dom
    g = _duel(ca_combat="surclassement", ca_multi_actions=False)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    asked = [e for e in ev if isinstance(e, DecisionNeeded)][-1]
    assert [o.key for o in g.state.pending.options] == ["MD", "MP", "MA"]
    assert asked.kind == "ca_manoeuvre" and g.state.pending.default == "MD"
    answer(g, "MD")
    g.dice.force(9, 4, 20)
    dom_surcl = damage(answer(g, "MP"))[0].dom
    assert (dom_simple, dom_surcl) == (9 + 15, 9 - 4 + 15 - 5)


def test_heroism_off_a_ca_above_20_is_read_as_it_is_CA_HEROISM_GAP_CA_19() -> None:
    """With heroism levels, a CA above 20 could become CA − 20 with TH + 1 (+20 °R). Off
    by default: the Chef's CA tir 24 + 3 stays 27, a 19 succeeds with °R 19, a 20 fails
    with degree 20 − 27, and no roll carries a heroism total."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ["pistol"], ["sight"]), fig("s", "sous_fifre", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 14)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    assert T.ca_tir(g.state.ca["a:x"].profile) == 27  # Ph 13 + Pr 1 + BC 10 + sight 3
    g.dice.force(20)
    shot = d20s(g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y")), "CA-SHOOT")[0]
    assert (shot.window.ca, shot.success, shot.degree_kind, shot.degree) == (27, False, "E", -7)
    g.dice.force(19, 20)
    shot = d20s(g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y")), "CA-SHOOT")[0]
    assert (shot.degree, shot.success) == (19, True)  # not 19 + 20 with TH + 1
    assert not any("heroism" in k for r in d20s(g.log) for k in r.inputs)


def test_the_glossary_loses_to_the_body_CA_GLOSSARY_GAP_CA_3_GAP_CA_5_GAP_CA_7() -> None:
    """Where the glossary contradicts the chapters the body wins: compagnon is 15 (a
    Sous-chef's melee NC, BC +5); MA banks its effect + BA (L720, not "no bonus"); with
    CA 1 a 1 is rolled and succeeds with °R 1 (L334, not an automatic failure)."""
    g = _duel(a_rank="sous_chef", ca_combat="surclassement", ca_multi_actions=False)
    assert g.state.ca["a:x"].profile.nc_melee == 15
    g.apply(c.Strike(figure="a:x", target="b:y"))
    answer(g, "MA")  # MA CA = Ph 11 + Ex −1 + BC 5 = 15
    g.dice.force(12, 3)  # defender MP (CA 10) °R 3: effect 12 − 3
    ev = answer(g, "MP")
    assert d20s(ev)[0].need == 15
    assert g.state.ca["a:x"].banked_ma == 9 + 1
    assert read(1, 1) == (True, 1) and read(2, 1) == (False, 1)


# -- The frame kept from Skirmish ------------------------------------------------------------
def test_skirmish_initiative_waves_pa_and_moves_GAP_CA_1() -> None:
    """No turn order in the source: initiative and waves are the Skirmish d6 rolls, PA are
    3 / 3 / 2 (GAP-11), and a Walk is the Skirmish move at the figure's Mvt."""
    scn = ca_scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (20, 2))),
                      band("b", fig("y", "sous_fifre", (10, 30)), fig("boss", "chef", (20, 40))))
    g = ca_start(scn)
    frame = [r for r in g.log if isinstance(r, Roll)]
    assert [r.rule for r in frame] == ["R-TURN-INIT", "R-TURN-INIT", "R-TURN-WAVE"]
    assert not any(isinstance(r, D20Roll) for r in frame)
    g.apply(c.Activate(figure="a:boss"))
    assert g.state.figures["a:boss"].pa == 3
    g.apply(c.EndActivation(figure="a:boss"))
    g.apply(c.Activate(figure="a:x"))
    assert g.state.figures["a:x"].pa == 2
    mvt = g.state.figures["a:x"].stats.mvt
    g.apply(c.Walk(figure="a:x", to=(10, 10 + mvt)))
    assert g.state.figures["a:x"].pos == (10, 10 + mvt) and g.state.figures["a:x"].pa == 1
    with pytest.raises(IllegalCommand):
        g.apply(c.Walk(figure="a:x", to=(10, 10 + 2 * mvt + 1)))


# -- What the table leaves out ---------------------------------------------------------------
def test_conversion_stands_in_for_creation_CA_CREATE_CA_MOYENS() -> None:
    """No character is created on the table: every shipped figure is converted (§3.b), and
    the result keeps creation's bounds — moyens summing to 0 under the [CA-MOYENS]
    constraints, aspects within what 2d6 + 3 and 30 − sum allow, skills at named levels."""
    import glob

    import msgspec

    from skirmish.content.loading import load_scenario
    from skirmish.match import new_game

    for path in sorted(glob.glob("scenarios/*.toml")):
        scn = msgspec.structs.replace(load_scenario(path), ruleset="clefs_aube")
        for fid, cf in new_game(scn, 1).state.ca.items():
            p = cf.profile
            assert sum(getattr(p, m) for m in MOYENS) == 0, fid
            assert p.pu <= p.re + 5 and p.ma <= p.pr + 5 and p.ex <= p.pe + 5, fid
            assert all(0 <= a <= 20 for a in (p.ph, p.me, p.my)), fid
            assert {p.nc_melee, p.nc_tir, p.nc_evitement} <= {0, 5, 10, 15, 20}, fid
    assert "CA-CREATE" in OUT_OF_SCOPE


@pytest.mark.parametrize(("rule", "why"), [
    ("CA-CREATE", "§3.b"), ("CA-XP", "§0.8"), ("CA-DEPASSEMENT", "GAP-CA-23"),
    ("CA-HEROISM", "GAP-CA-19")])
def test_rules_left_out_of_a_battle_say_why_CA_XP_CA_DEPASSEMENT(rule: str, why: str) -> None:
    """Creation (the conversion stands in), progression between games ([CA-XP], a later
    issue by RULESETS §0.8), dépassement (GAP-CA-23) and heroism levels (GAP-CA-19: off,
    no figure has levels) are left out of one battle; the rules screen lists each with its
    reason in both languages (tests/app/test_clefs_ui.py shows it)."""
    en, fr = OUT_OF_SCOPE[rule]
    assert why in en and why in fr and en != fr
