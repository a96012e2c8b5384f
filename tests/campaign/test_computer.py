"""The computer manages its band in every campaign, against people or not: it buys back
what its figures lost for good, replaces lost figures with the best recruit it can pay
for, and spends what is left on armour ([R-CAMP-VP])."""

from __future__ import annotations

from skirmish.campaign import computer
from skirmish.campaign.engine import Campaign
from tests.campaign.build import campaign, member, play


def computer_red(**states: object) -> Campaign:
    """Red (the computer) and Blue (a person) after a game; Blue shops first."""
    c = campaign()
    c.band("red").controller = "computer"
    play(c, **states)
    return c


def test_it_buys_back_a_jammed_weapon_against_a_person_r_camp_jam() -> None:
    """[R-CAMP-JAM] Red's grunt jammed its spear for good: the computer buys another."""
    c = computer_red(red__grunt=("in_play", None, ("spear",)))
    assert member(c, "red:grunt").lost == ["spear"]
    c.band("red").band_points = 5
    computer.settle(c)
    grunt = member(c, "red:grunt")
    assert sorted(grunt.spec.weapons) == ["dagger", "spear"] and grunt.lost == []
    assert c.band("red").band_points == 0


def test_a_band_of_10_to_14_points_rebuilds_with_a_dagger_recruit_r_camp_vp() -> None:
    """A recruit with a spear costs 15; with 12 points it hires one with the free dagger."""
    c = computer_red()
    for m in c.band("red").members:
        m.status = "dead"
    c.band("red").band_points = 12
    computer.settle(c)
    hired = [m for m in c.band("red").members if m.status == "active"]
    assert [(m.spec.rank, m.spec.weapons) for m in hired] == [("sous_fifre", ("dagger",))]
    assert c.band("red").band_points == 2


def test_it_refills_to_its_starting_strength_then_buys_armour_r_camp_vp() -> None:
    c = computer_red()
    member(c, "red:runt").status = "dead"
    c.band("red").band_points = 100
    computer.settle(c)
    red = c.band("red")
    active = [m for m in red.members if m.status == "active"]
    assert len(active) == 4 and active[-1].spec.weapons == ("spear", "dagger")
    armoured = [m.id for m in active if "light_armour" in m.spec.equipment]
    assert armoured == ["boss", "lieu"]  # in roster order, while it can pay
    assert red.band_points == 100 - 15 - 2 * 30
