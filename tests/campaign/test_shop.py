"""Buying weapons and equipment and hiring with band points ([R-CAMP-VP], [R-BAND-COST])."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.campaign import commands as cc
from skirmish.rules.errors import IllegalCommand
from tests.campaign.build import campaign, member, play


def shopping(points: int = 100):  # noqa: ANN201
    c = campaign()
    play(c)
    assert c.pending.kind == "shop" and c.pending.band == "red"
    c.band("red").band_points = points
    return c


def test_buy_at_catalogue_cost_r_camp_vp() -> None:
    c = shopping()
    c.apply(cc.Buy(band="red", figure="runt", item="sword"))
    assert member(c, "red:runt").spec.weapons == ("dagger", "sword")
    assert c.band("red").band_points == 95


def test_first_dagger_free_r_band_free() -> None:
    c = shopping()
    c.apply(cc.Buy(band="red", figure="lieu", item="dagger"))
    assert c.band("red").band_points == 100


def test_refusals_give_their_reason() -> None:
    c = shopping(20)
    with pytest.raises(IllegalCommand, match="costs 30 band points"):
        c.apply(cc.Buy(band="red", figure="runt", item="light_armour"))
    with pytest.raises(IllegalCommand, match="shield"):
        c.apply(cc.Buy(band="red", figure="lieu", item="shield"))
    with pytest.raises(IllegalCommand, match="Unknown"):
        c.apply(cc.Buy(band="red", figure="runt", item="laser_cannon"))
    with pytest.raises(IllegalCommand, match="not shopping"):
        c.apply(cc.Buy(band="blue", figure="runt", item="dagger"))
    assert c.band("red").band_points == 20


def test_hire_r_band_comp() -> None:
    c = shopping()
    c.apply(cc.Hire(band="red", name="Bob", rank="sous_fifre", weapons=("spear", "dagger")))
    assert member(c, "red:bob").spec.rank == "sous_fifre"
    assert c.band("red").band_points == 85
    with pytest.raises(IllegalCommand, match="exactly one Chef"):
        c.apply(cc.Hire(band="red", name="Big", rank="chef"))
    c.apply(cc.Hire(band="red", name="Sub", rank="sous_chef"))
    with pytest.raises(IllegalCommand, match="at most 2 Sous-chefs"):
        c.apply(cc.Hire(band="red", name="Sub2", rank="sous_chef"))


def test_amputee_cannot_take_a_second_weapon_gap_66() -> None:
    c = shopping()
    runt = member(c, "red:runt")
    runt.spec = msgspec.structs.replace(runt.spec, injuries=("amputated_arm",))
    with pytest.raises(IllegalCommand, match="amputated arm"):
        c.apply(cc.Buy(band="red", figure="runt", item="sword"))


def test_done_moves_to_the_next_band_then_ready() -> None:
    c = shopping()
    c.apply(cc.Done(band="red"))
    assert c.pending.band == "blue"
    c.apply(cc.Done(band="blue"))
    assert c.pending is None and c.state.phase == "ready"
    assert len(c.state.games) == 1


def test_computer_names_its_recruits_in_the_callers_language_r_band_comp(tmp_path) -> None:  # noqa: ANN001
    """[R-BAND-COMP]: the computer hires Sous-fifres named "<word> N", the word given by
    whoever runs it (English by default); a campaign saved with French names loads as it was."""
    from skirmish.campaign import computer, files

    for word in ("Recruit", "Recrue"):
        c = shopping()
        c.band("red").controller = "computer"
        member(c, "red:runt").status = "dead"  # a loss to replace
        if word == "Recruit":
            computer.settle(c, {"red"})
        else:
            computer.settle(c, {"red"}, recruit=word)
        names = [m.spec.name for m in c.band("red").members][4:]
        assert names and all(n.startswith(f"{word} ") for n in names)
    files.save(c, tmp_path / "c.json")
    assert [m.spec.name for m in files.load(tmp_path / "c.json").band("red").members][4:] == names
