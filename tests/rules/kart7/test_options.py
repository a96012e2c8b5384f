"""RULESETS §4.f: every GAP-K7 default is listed with its reading in both languages, the
switchable ones as typed options kept with the scenario, the game and the replay (S1)."""

from __future__ import annotations

import msgspec
import pytest

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.rules.kart7.options import (
    GAPS,
    OPTION_INFO,
    UNUSED_FRAME_OPTIONS,
    K7Options,
    options_to_dict,
    parse_options,
)
from skirmish.rules.registry import RULESETS


def test_every_gap_of_the_table_is_listed_GAP_K7_1_to_29() -> None:
    assert list(GAPS) == [f"GAP-K7-{n}" for n in range(1, 30)]
    for info in GAPS.values():
        assert info.en and info.fr


def test_each_switchable_default_is_an_option_with_its_gap() -> None:
    switched = {g: info.option for g, info in GAPS.items() if info.option}
    assert set(switched.values()) == set(K7Options.__struct_fields__) == set(OPTION_INFO)
    for gap, option in switched.items():
        assert OPTION_INFO[option].gap == gap


def test_house_defaults_are_labelled_HOUSE() -> None:
    house = {g for g, info in GAPS.items() if info.house}
    tagged = {OPTION_INFO[o].gap for o in OPTION_INFO if OPTION_INFO[o].tag == "HOUSE"}
    assert tagged <= house and {"GAP-K7-4", "GAP-K7-13", "GAP-K7-24"} <= tagged


def test_defaults_are_those_of_the_table_S1() -> None:
    options = parse_options({})
    assert parse_options(options_to_dict(options)) == options
    k7 = options.k7
    assert (k7.k7_ace, k7.k7_decks, k7.k7_empty_pioche, k7.k7_cover, k7.k7_armour,
            k7.k7_wound_malus, k7.morale) == (1, 3, "harder", False, "value", "value", "native")


def test_options_round_trip_and_refuse_bad_values_S1() -> None:
    rules = RULESETS["kart7"]
    raw = {"k7_decks": 2, "morale": "skirmish", "max_turns": 4}
    options = rules.parse_options(raw)
    assert rules.options_to_dict(options)["k7_decks"] == 2
    assert options.frame.max_turns == 4
    with pytest.raises(msgspec.ValidationError, match="k7_decks"):
        rules.parse_options({"k7_decks": 5})
    with pytest.raises(msgspec.ValidationError, match="k7_luck"):
        rules.parse_options({"k7_luck": 1})


def test_table_options_a_kart7_game_never_reads_GAP_K7_27() -> None:
    assert {"action_points", "passive_actions"} <= UNUSED_FRAME_OPTIONS
