"""RULESETS §4.d–§4.e in play, with stacked decks: supports ([K7-SUPPORT], [GAP-K7-19]),
the enemy action aimed at a supporter first ([K7-MAIN]), consecutive actions
([K7-CHOICE]), Tactique and Ressource ([K7-MANOEUVRES], [K7-SUITS], [GAP-K7-18]), a flight
([GAP-K7-7]), medicine ([K7-MEDICINE], [GAP-K7-26]), an empty pioche and a rebuilt deck in a
game ([GAP-K7-4], [GAP-K7-2]), consciousness, rout by cards ([GAP-K7-24]) and the
end-of-game step (S17)."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import GameEnded, Moved, Reaction
from skirmish.rules.kart7.events import (
    CardReplaced,
    DeckShuffled,
    MarkersChanged,
    PiocheRefilled,
    StandingChanged,
    SurvivalSettled,
)
from skirmish.rules.kart7.state import WoundRecord
from skirmish.sim import play
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import (
    answer,
    cards,
    declare,
    decline,
    draws,
    k7_scenario,
    k7_start,
    resolve_turn,
    stack,
)


def _fight(**options):
    """Chef ca with a Sous-fifre fa at its side, both in contact with Chef cb; a shooter
    fb of b's side further off."""
    return k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["sword"]),
             fig("fa", "sous_fifre", (11, 11), ["sword", "bow"])),
        band("b", fig("cb", "chef", (11, 10), ["sword"]),
             fig("fb", "sous_fifre", (18, 16), ["pistol"])),
        **options)


def test_a_game_with_a_support_declared_copies_K7_SUPPORT_S1() -> None:
    """A support's declaration is part of the state: a copy (the round trip of a save and
    of a look-ahead) holds it."""
    game = k7_start(_fight(), first="a", hands=False)
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    declare(game, "a:fa", "support", kind="support", of=1, manoeuvre="P")
    copy = game.copy()
    assert copy.state.declarations[-1].action == "support"
    assert copy.state_hash() == game.state_hash()


def test_puissance_support_card_replaces_a_card_of_the_main_draw_K7_SUPPORT() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    stack(game, "a:fa", pioche=("3S",))
    stack(game, "a:ca", pioche=("QH",))
    stack(game, "b:cb", pioche=("2H",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    declare(game, "a:fa", "support", kind="support", of=1, manoeuvre="P")
    resolve_turn(game)
    sup, main = draws(game.log, "K7-SUPPORT")[0], draws(game.log, "K7-MAIN")[0]
    assert (sup.figure, sup.retained, sup.draw_need.threshold) == ("a:fa", "3S", 4)
    assert sup.number < main.number  # the support is drawn before the action it helps
    replaced = next(e for e in game.log if isinstance(e, CardReplaced))
    assert (replaced.removed, replaced.card.card, replaced.paid) == ("QH", "3S",
                                                                    {"support": "3S"})
    assert (replaced.replaces, replaced.quality) == (main.number, 3)


def test_tactique_support_gives_two_markers_four_with_a_trefle_K7_SUPPORT_K7_SUITS() -> None:
    for card, markers in (("3H", 2), ("3C", 4)):
        game = k7_start(_fight(), first="a", hands=False)
        stack(game, "a:fa", pioche=(card,))
        stack(game, "a:ca", pioche=("KH",))
        stack(game, "b:cb", pioche=("KC",))
        declare(game, "a:ca", "strike", target="b:cb")
        decline(game, "b")
        decline(game, "b")
        declare(game, "a:fa", "support", kind="support", of=1, manoeuvre="T")
        resolve_turn(game)
        given = [e for e in game.log if isinstance(e, MarkersChanged) and e.figure == "a:ca"]
        assert given[0].bonus == markers and given[0].reason == "tactique"
        main = draws(game.log, "K7-MAIN")[0]
        assert main.draw_need.threshold == 10 + markers  # every draw after ([GAP-K7-20])


def test_enemy_action_at_a_supporter_resolves_before_the_supported_K7_MAIN() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    stack(game, "b:fb", pioche=("KH",))  # the shot fails...
    stack(game, "a:fa", pioche=("2H", "3C"))  # ...fa faces it, then supports
    declare(game, "a:ca", "strike", target="b:cb")            # 1
    decline(game, "b")
    declare(game, "b:fb", "shoot", target="a:fa", weapon="pistol")  # 2, at the supporter
    decline(game, "a")
    declare(game, "a:fa", "support", kind="support", of=1, manoeuvre="T")  # 3
    resolve_turn(game)
    order = [d.figure for d in draws(game.log) if d.rule in ("K7-MAIN", "K7-SUPPORT")]
    assert order[:3] == ["b:fb", "a:fa", "a:ca"]


def test_consecutive_action_right_after_the_one_it_follows_K7_CHOICE() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    declare(game, "a:ca", "aim")                              # 1
    decline(game, "b")
    declare(game, "b:fb", "aim", weapon="pistol")             # 2
    decline(game, "a")
    declare(game, "a:fa", "aim", kind="consecutive", of=1)    # 3
    resolve_turn(game)
    order = [d.figure for d in draws(game.log, "K7-MANOEUVRES")]
    assert order == ["a:ca", "a:fa", "b:fb"]


def test_ressource_refills_the_pioche_by_the_quality_plus_coeur_GAP_K7_18() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    p = game.state.k7.piles
    p.general[:0] = p.pioches["a:ca"][:6]
    p.pioches["a:ca"], p.pioche_gens["a:ca"] = p.pioches["a:ca"][6:], [0]
    stack(game, "a:ca", hand=("2H",), general=("KS", "QS"))
    declare(game, "a:ca", "rest", card=cards("2H")[0])
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    rest = draws(game.log, "K7-MANOEUVRES")[0]
    assert (rest.cards[0].source, rest.draw_need.cards, rest.draw_need.rule) == ("hand", 3,
                                                                                 "any")
    assert rest.retained == "2H" and rest.quality == 2
    refill = next(e for e in game.log if isinstance(e, PiocheRefilled))
    assert (refill.added, refill.pioche) == (5, 6)  # 2 + 3 for the Cœur, under 7
    assert game.state.k7.figures["a:ca"].ressources == 1
    assert p.hands["a:ca"] == []


def test_a_later_ressource_is_one_level_harder_GAP_K7_18() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    game.state.k7.figures["a:ca"].ressources = 1
    stack(game, "a:ca", hand=("2C",))
    declare(game, "a:ca", "rest", card=cards("2C")[0])
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    rest = draws(game.log, "K7-MANOEUVRES")[0]
    assert rest.draw_need.cards == 2 and rest.inputs["ressources"] == 1


def test_flight_beats_the_enemy_that_faces_and_moves_away_GAP_K7_7() -> None:
    game = k7_start(_fight(), first="b", hands=False)
    stack(game, "a:fa", pioche=("4H",))
    stack(game, "b:cb", pioche=("3H",))
    decline(game, "b")
    declare(game, "a:fa", "flee", to=(13, 15))
    resolve_turn(game)
    moved = [e for e in game.log if isinstance(e, Moved) and e.figure == "a:fa"]
    assert moved and moved[-1].reason == "flee"
    assert game.state.figures["a:fa"].pos == (13, 15)


def test_failed_flight_stays_with_a_malus_marker_GAP_K7_7() -> None:
    game = k7_start(_fight(), first="b", hands=False)
    stack(game, "a:fa", pioche=("2H",))
    stack(game, "b:cb", pioche=("5H",))
    decline(game, "b")
    declare(game, "a:fa", "flee", to=(13, 15))
    resolve_turn(game)
    assert game.state.figures["a:fa"].pos == (11, 11)
    assert game.state.k7.figures["a:fa"].malus == 1


def test_medicine_redoes_a_survival_draw_one_level_easier_K7_MEDICINE_GAP_K7_26() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    game.state.figures["a:fa"].x, game.state.figures["a:fa"].y = 10, 11  # beside ca
    ca = game.state.k7.figures["a:ca"]
    ca.wounds = [WoundRecord(card=cards("3D")[0], value=3, level=2, malus=3)]
    stack(game, "a:fa", pioche=("2C",))  # Intellect 3, Moyenne + 1 without a medikit
    stack(game, "a:ca", pioche=("10S",), general=("3H", "4H"))
    declare(game, "a:fa", "heal", target="a:ca")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    heal = draws(game.log, "K7-MEDICINE")[0]
    assert heal.draw_need.cards == 2 and heal.inputs["medikit"] is False
    survival = draws(game.log, "K7-SURVIVAL")[0]
    assert survival.draw_need.cards == 2 and survival.draw_need.rule == "any"  # Facile
    assert survival.retained == "4H"  # under Carrure 8 − its malus 3, and ≥ v
    assert ca.wounds[0].malus == 0  # the malus is off


def test_empty_pioche_in_a_game_draws_from_the_general_deck_harder_GAP_K7_4() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    p = game.state.k7.piles
    p.general[:0] = p.pioches["a:ca"]
    p.pioches["a:ca"], p.pioche_gens["a:ca"] = [], []
    stack(game, "b:cb", pioche=("KH",), general=("5S", "4S"))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    resolve_turn(game)
    main = draws(game.log, "K7-MAIN")[0]
    assert [c.source for c in main.cards] == ["general", "general"]
    assert main.inputs["epuise"] is True and main.draw_need.rule == "all"


def test_general_deck_rebuilt_from_the_discard_in_a_game_GAP_K7_2() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    p = game.state.k7.piles
    p.discard, p.general = p.general[:-1] + p.pioches["a:fa"], p.general[-1:]
    p.pioches["a:fa"], p.pioche_gens["a:fa"] = [], []  # its draw: two general cards
    declare(game, "a:fa", "aim", weapon="bow")
    resolve_turn(game)
    aim = draws(game.log, "K7-MANOEUVRES")[0]
    shuffle = next(e for e in game.log if isinstance(e, DeckShuffled) and e.reason == "reshuffle")
    assert game.log.index(shuffle) < game.log.index(aim) and len(aim.cards) == 2
    assert shuffle.cards == len(p.general) + 1 and p.gen == 1


def test_ko_figure_wakes_at_the_end_of_the_turn_K7_CONSCIOUSNESS() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    cb = game.state.k7.figures["b:cb"]
    cb.ko, cb.ko_wound = True, 0
    cb.wounds = [WoundRecord(card=cards("10D")[0], value=10, level=3, pending=True)]
    game.state.figures["b:cb"].status = "out_of_action"
    stack(game, "b:cb", pioche=("4C",))
    decline(game, "a")
    decline(game, "b")
    back = [e for e in game.log if isinstance(e, StandingChanged) and e.standing == "back"]
    assert back and game.state.figures["b:cb"].status == "in_play"
    assert cb.wounds[0].malus == 10


def test_rout_test_is_a_volonte_draw_GAP_K7_24() -> None:
    game = k7_start(_fight(), first="a", hands=False)
    game.state.figures["b:fb"].status = "dead"  # half of b's side is down...
    game.state.figures["b:fb"].downed_by, game.state.figures["b:fb"].downed_by_band = (
        "a:ca", "a")
    game.state.figures["b:cb"].status = "in_play"
    game.state.bands[1].start_strength = 1
    game.state.k7.figures["b:fb"].dead = True
    stack(game, "b:cb", pioche=("QH",))  # Volonté 9: a Queen fails
    decline(game, "a")
    decline(game, "b")
    rout = [d for d in draws(game.log) if d.rule == "GAP-K7-24"]
    assert rout and rout[0].figure == "b:cb" and rout[0].draw_need.threshold == 9
    reaction = next(e for e in game.log if isinstance(e, Reaction) and e.test == "rout")
    assert not reaction.passed and game.state.figures["b:cb"].routing


def test_rout_test_by_skirmish_dice_with_the_option_GAP_K7_24() -> None:
    game = k7_start(_fight(morale="skirmish"), first="a", hands=False)
    game.state.figures["b:fb"].status = "dead"
    game.state.bands[1].start_strength = 1
    game.state.k7.figures["b:fb"].dead = True
    game.dice.force(6, 6)
    decline(game, "a")
    decline(game, "b")
    reaction = next(e for e in game.log if isinstance(e, Reaction) and e.test == "rout")
    assert not reaction.passed and reaction.need == 11 and reaction.dice == (6, 6)


def test_end_of_game_settles_the_survival_chains_before_the_vp_S17_GAP_K7_15() -> None:
    game = k7_start(_fight(max_turns=1), first="a", hands=False)
    cb = game.state.k7.figures["b:cb"]
    cb.wounds = [WoundRecord(card=cards("8D")[0], value=8, level=4, pending=True, by="a:ca")]
    stack(game, "b:cb", general=("KH", "KS", "KC", "QH"))
    decline(game, "a")
    decline(game, "b")
    settled = [e for e in game.log if isinstance(e, SurvivalSettled)]
    ended = next(i for i, e in enumerate(game.log) if isinstance(e, GameEnded))
    assert settled and game.log.index(settled[-1]) < ended
    assert game.state.figures["b:cb"].status == "dead"  # Énorme failed: no level left
    assert game.state.result["vp"]["a"] > 0


def test_a_blast_hits_every_figure_in_its_radius_with_one_value_GAP_K7_23() -> None:
    scn = k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["grenade"])),
        band("b", fig("cb", "chef", (10, 17), ["sword"]), fig("fb", "sous_fifre", (12, 17))))
    game = k7_start(scn, first="a", hands=False)
    stack(game, "a:ca", pioche=("5S",))
    declare(game, "a:ca", "shoot", target="b:cb", weapon="grenade")
    resolve_turn(game, "ignore")
    wounds = [e for e in game.log if type(e).__name__ == "WoundTaken"]
    assert {w.figure for w in wounds} == {"b:cb", "b:fb"}
    assert {w.card for w in wounds} == {"5S"}  # one card for all, each its own record
    assert {w.lethality for w in wounds} == {4} and wounds[0].bonus == 3


def test_no_blast_at_a_target_within_its_radius_GAP_K7_23() -> None:
    scn = k7_scenario(band("a", fig("ca", "chef", (10, 10), ["grenade"])),
                      band("b", fig("cb", "chef", (10, 14), ["sword"])))
    game = k7_start(scn, first="a", hands=False)
    with pytest.raises(IllegalCommand, match="inside the 5-pas blast"):
        declare(game, "a:ca", "shoot", target="b:cb", weapon="grenade")


def test_the_pack_stays_whole_through_whole_games_S3() -> None:
    """Every card is in exactly one place — general deck, discard pile, a pioche, a hand,
    the tray or a wound holder (a blast's card in each of its records) — after every
    command of a game."""
    scn = msgspec.structs.replace(load_scenario(SCENARIOS / "open_field.toml"),
                                  ruleset="kart7")
    game = play(scn, 4, levels=("normal", "normal"))
    live = record.start(record.from_game(game))
    for cmd in game.commands:
        live.apply(cmd)
        s = live.state
        p = s.k7.piles
        places = [*p.general, *p.discard, *p.tray, *(c for x in p.pioches.values() for c in x),
                  *(c for x in p.hands.values() for c in x),
                  *(d for x in s.declarations for d in x.support_cards),
                  *{w.card for f in s.k7.figures.values() for w in f.wounds}]
        assert sorted(places) == list(range(156))


def test_several_targets_one_draw_each_the_later_from_the_general_deck_GAP_K7_23() -> None:
    scn = k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["machine_pistol"])),
        band("b", fig("cb", "chef", (10, 16), ["sword"]), fig("fb", "sous_fifre", (11.5, 16)),
             fig("gb", "sous_fifre", (30, 30))))
    game = k7_start(scn, first="a", hands=False)
    stack(game, "a:ca", pioche=("4S",), general=("3H", "KD"))
    declare(game, "a:ca", "shoot", target="b:cb", weapon="machine_pistol")
    resolve_turn(game, "ignore")
    shots = draws(game.log, "K7-MAIN")
    assert [s.target for s in shots] == ["b:cb", "b:fb"]  # gb is not within 1 pas
    assert shots[0].cards[0].source == "pioche"
    # short range and ignored: Très facile, three cards, none from the pioche after the first
    assert [c.source for c in shots[1].cards] == ["general"] * 3
    assert shots[1].inputs["link"] == "b:fb"
    asked = [e for e in game.log if type(e).__name__ == "DecisionNeeded"]
    assert [e.params["figure"] for e in asked] == [  # each faces apart, said by name
        game.state.figures[f].name for f in ("b:cb", "b:fb")]


def test_a_lost_target_changes_plan_one_level_harder_or_just_moves_GAP_K7_6() -> None:
    scn = k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["pistol"])),
        band("b", fig("cb", "chef", (15, 10), ["sword"]), fig("fb", "sous_fifre", (10, 25))),
        height=48)
    for answer_with, drawn in (("b:cb", 1), ("keep", 0)):
        game = k7_start(scn, first="b", hands=False)
        stack(game, "a:ca", pioche=("7D",), general=("2H",))
        declare(game, "b:fb", "move", to=(10, 36))
        decline(game, "a")
        declare(game, "a:ca", "shoot", target="b:fb", weapon="pistol")
        decline(game, "b")
        decline(game, "b")
        assert game.state.pending.kind == "replan" and game.to_act == "a"
        assert [o.key for o in game.state.pending.options] == ["b:cb", "keep"]
        answer(game, answer_with)
        resolve_turn(game, "ignore")
        shots = draws(game.log, "K7-MAIN")
        assert len(shots) == drawn
        if drawn:
            # short range, ignored, one level for the change of plan; the Diamond cancels it
            assert shots[0].target == "b:cb" and shots[0].inputs["change_of_plan"] == 1
            assert shots[0].inputs["carreau"] == 1 and shots[0].level == -2
