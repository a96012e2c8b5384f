"""RULESETS §4.d damage, KO and survival with forced deck orders: [K7-DAMAGE], [K7-KO-OK],
[K7-AGGRAVATION], [K7-SURVIVAL], [K7-CONSCIOUSNESS]; GAP-K7-13, GAP-K7-14, GAP-K7-15,
GAP-K7-17, GAP-K7-22, GAP-K7-26; the standing of §0.4 (S10, S11, S17)."""

from __future__ import annotations

from skirmish.content.models import Rank
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.dice import Dice
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.kart7 import harm
from skirmish.rules.kart7.cards import card_from
from skirmish.rules.kart7.events import StandingChanged, SurvivalSettled, WoundTaken
from skirmish.rules.kart7.options import K7Options
from skirmish.rules.kart7.piles import Piles
from skirmish.rules.kart7.play import Play
from skirmish.rules.kart7.profile import K7Weapon, profile_for
from skirmish.rules.kart7.state import Cards, K7Figure, WoundRecord

C = card_from
BOOK = load_rulebook()
SWORD = K7Weapon(lethality=2, bonus=0)
AXE = K7Weapon(lethality=3, bonus=1)


def _play(rank: str = "chef", pioche: tuple[str, ...] = (), general: tuple[str, ...] = (),
          equipment: tuple[str, ...] = (), **options) -> Play:
    """A figure ``v`` whose next pioche and general cards are those listed, in order."""
    spec = FigureSpec(id="v", name="V", rank=Rank(rank), equipment=equipment)
    band = Warband(id="b", name="B", race="none", figures=(spec,))
    profile = profile_for(BOOK, spec, figure_stats(BOOK, band, spec, {}))
    piles = Piles(general=[C(n) for n in reversed(general)],
                  pioches={"v": [C(n) for n in reversed(pioche)]},
                  pioche_gens={"v": [0] * len(pioche)})
    return Play(Cards(options=K7Options(**options), piles=piles,
                      figures={"v": K7Figure(profile=profile)}), Dice(1), turn=2)


def _hit(play: Play, card: str, quality: int, weapon: K7Weapon = SWORD, suit: int = 0,
         melee: bool = True) -> WoundTaken:
    play.k7.piles.tray.append(C(card))
    harm.damage(play, "v", "a:x", C(card), quality, weapon, suit, melee, "K7-DAMAGE")
    return next(e for e in play.events if isinstance(e, WoundTaken))


def test_ok_wound_has_no_effect_survival_stops_K7_KO_OK_K7_SURVIVAL() -> None:
    play = _play(pioche=("8S",))  # Chef: OK 5, KO 9, Carrure 8
    w = _hit(play, "4H", 4)
    assert (w.value, w.level, w.reading) == (4, 2, "none")
    f = play.own("v")
    assert (f.bonus, f.malus, f.ko) == (0, 0, False)
    settled = [e for e in play.events if isinstance(e, SurvivalSettled)]
    assert [s.outcome for s in settled] == ["stop"]  # 8 ≤ Carrure and ≥ 4
    assert f.wounds == [WoundRecord(card=C("4H"), value=4, level=2, by="a:x")]
    assert play.k7.piles.discard == [C("8S")]  # the survival card; the wound card is filed


def test_between_ok_and_ko_a_malus_marker_K7_KO_OK() -> None:
    play = _play(pioche=("8S",))
    assert _hit(play, "7H", 7).reading == "malus"
    assert play.own("v").malus == 1


def test_equal_to_ko_angry_bonus_marker_K7_KO_OK() -> None:
    play = _play(pioche=("8S", "10S"))
    assert _hit(play, "9H", 9).reading == "angry"
    assert play.own("v").bonus == 1


def test_above_ko_out_of_action_may_return_K7_KO_OK_GAP_K7_22() -> None:
    play = _play(pioche=("8S",))
    w = _hit(play, "10H", 10)
    assert w.reading == "ko" and play.own("v").ko
    assert harm.standing(play.own("v")) == "ko"
    assert StandingChanged(rule="K7-KO-OK", figure="v", standing="ko", by="a:x") in play.events


def test_weapon_bonus_pique_and_armour_make_v_GAP_K7_17_GAP_K7_13() -> None:
    play = _play(pioche=("KS",), equipment=("heavy_armour", "shield"))
    w = _hit(play, "6S", 6, AXE, suit=3, melee=True)
    assert (w.bonus, w.suit_bonus, w.armour, w.value) == (1, 3, 3, 7)
    play2 = _play(pioche=("KS",), equipment=("heavy_armour", "shield"))
    assert _hit(play2, "6S", 6, AXE, suit=3, melee=False).value == 8  # no shield vs shots


def test_armour_raises_thresholds_with_the_option_GAP_K7_13() -> None:
    play = _play(pioche=("KS",), equipment=("heavy_armour",), k7_armour="thresholds")
    w = _hit(play, "10H", 10)
    assert (w.value, w.armour, w.reading) == (10, 0, "malus")  # OK 7, KO 11


def test_over_13_aggravates_one_level_K7_AGGRAVATION() -> None:
    play = _play(pioche=("8S",))
    w = _hit(play, "KS", 13, AXE, suit=3)
    assert (w.value, w.steps, w.level) == (17, ("over_13",), 4)


def test_full_holders_aggravate_on_the_way_K7_AGGRAVATION() -> None:
    play = _play(rank="sous_fifre", pioche=("AS", "AS"))  # Carrure 4: 2/2/1/1/0
    play.own("v").wounds = [WoundRecord(card=C("2C"), value=2, level=2),
                            WoundRecord(card=C("3C"), value=2, level=3)]
    w = _hit(play, "2H", 2)
    # Moyenne full (1), Forte full (1), Énorme holds none: no level left, dead
    assert w.steps == ("full:moyenne", "full:forte", "full:enorme") and w.level is None
    assert w.reading == "dead" and play.own("v").dead
    assert harm.standing(play.own("v")) == "dead"


def test_survival_success_below_v_leaves_a_standing_malus_GAP_K7_14() -> None:
    play = _play(pioche=("3S",))  # Moyenne Carrure draw: 3 ≤ 8, below v 7
    _hit(play, "7H", 7)
    f = play.own("v")
    assert f.wounds[0].malus == 7 and f.standing_malus() == 7
    assert f.threshold(f.profile.contact) == 10 - 1 - 7  # the malus marker and the wound


def test_survival_malus_as_one_marker_with_the_option_GAP_K7_14() -> None:
    play = _play(pioche=("3S",), k7_wound_malus="marker")
    _hit(play, "7H", 7)
    assert play.own("v").wounds[0].malus == 1


def test_failed_survival_moves_the_card_up_and_waits_GAP_K7_15() -> None:
    play = _play(pioche=("QS",))  # 12 > Carrure 8: the Moyenne wound becomes Forte
    _hit(play, "5H", 5)
    rec = play.own("v").wounds[0]
    assert (rec.level, rec.pending, rec.due) == (3, True, None)  # Forte: end of the game
    play2 = _play(pioche=("QS", "QS"))
    _hit(play2, "5H", 5, K7Weapon(lethality=3, bonus=0))
    rec2 = play2.own("v").wounds[0]
    assert (rec2.level, rec2.pending, rec2.due) == (4, True, 12)  # Énorme: every 10 turns


def test_enorme_chain_draws_again_when_due_GAP_K7_15() -> None:
    play = _play(pioche=("QS", "2S"), general=("2C", "2H"))
    _hit(play, "5H", 5, K7Weapon(lethality=3, bonus=0))
    play.turn = 11
    harm.due_survivals(play)
    assert play.own("v").wounds[0].pending
    play.turn = 12
    harm.due_survivals(play)  # Très difficile: 2, 2, 2 (pioche then general) all ≤ 8
    assert not play.own("v").wounds[0].pending and not play.own("v").dead


def test_failed_survival_at_enorme_kills_K7_SURVIVAL() -> None:
    play = _play(pioche=("QS",))
    _hit(play, "5H", 5, K7Weapon(lethality=4, bonus=0))
    assert play.own("v").dead
    assert any(isinstance(e, SurvivalSettled) and e.outcome == "dead" for e in play.events)


def test_ko_figure_comes_back_with_its_wound_as_malus_GAP_K7_22() -> None:
    play = _play(pioche=("QS", "9S", "3S"))  # survival fails: the wound waits as Forte
    _hit(play, "10H", 10)
    f = play.own("v")
    harm.consciousness(play)  # Volonté 9 − 0: 9 ≤ 9
    assert not f.ko and harm.standing(f) == "in_play"
    assert f.wounds[0].malus == 10
    harm.settle(play, lambda fid: False)
    assert f.standing_malus() == 10  # survived below v later: still one malus of 10
    assert StandingChanged(rule="K7-CONSCIOUSNESS", figure="v", standing="back") in play.events


def test_ko_figure_stays_down_on_a_failed_draw_K7_CONSCIOUSNESS() -> None:
    play = _play(pioche=("QS", "KS"))
    _hit(play, "10H", 10)
    harm.consciousness(play)
    assert play.own("v").ko


def test_end_of_game_step_settles_every_chain_from_the_general_deck_S17_GAP_K7_26() -> None:
    play = _play(pioche=("QS", "AS"), general=("KH", "2C", "3C"))
    _hit(play, "5H", 5)  # Moyenne → Forte, pending
    harm.settle(play, lambda fid: True)  # Forte with a medikit: Moyenne, one general card
    rec = play.own("v").wounds[0]
    assert not rec.pending and not play.own("v").dead
    last = [e for e in play.events if isinstance(e, SurvivalSettled)][-1]
    assert last.outcome in ("stop", "malus", "worse")
    assert play.k7.piles.pioches["v"] == [C("AS")]  # no pioche card drawn after the game
