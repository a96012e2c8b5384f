"""The warband builder: the shared band check refuses with reasons; the file validates."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.campaign.builder import Builder, Refused
from skirmish.locations import SCENARIOS
from skirmish.validate import validate_file


def test_build_price_and_save_a_band_that_validates(tmp_path: Path) -> None:
    """[R-BAND-COMP] [R-BAND-COST] [R-BAND-FREE]: running total, modified profile, file."""
    b = Builder()
    b.set_band(id="ork_test", name="Les Testeurs", race="ork", setting="modern")
    boss = b.add_figure("chef", "Grok")
    b.add_item(boss.id, "pistol")
    b.add_item(boss.id, "dagger")
    b.add_item(boss.id, "light_armour")
    grunt = b.add_figure("sous_fifre", "Snag")
    b.add_item(grunt.id, "spear")
    assert b.cost().total == 50 + 0 + 0 + 30 + 10 + 5
    p = b.profile(b.band.figures[0])
    assert (p["r"], p["ccc"], p["cd"]) == (4 + 1 + 1, 3, 10)  # ork R+1, CCC 3+, Cd −1; armour
    path = tmp_path / "ork_test.toml"
    b.save(path)
    assert validate_file(path) == []
    again = Builder.load(path)
    assert again.band == b.band


def test_refusals_name_the_reason_and_rule() -> None:
    b = Builder(budget=150)
    b.add_figure("chef", "Boss")
    with pytest.raises(Refused, match="at most 1 Chef") as err:
        b.add_figure("chef", "Other")
    assert err.value.rule == "R-BAND-COMP"
    b.add_figure("sous_chef", "A")
    b.add_figure("sous_chef", "B")
    with pytest.raises(Refused, match="at most 2 Sous-chefs"):
        b.add_figure("sous_chef", "C")
    b.add_item("boss", "halberd")
    with pytest.raises(Refused, match="shield") as err:
        b.add_item("boss", "shield")
    assert "R-EQ-SHIELD" in err.value.rule
    b.add_item("boss", "light_armour")
    with pytest.raises(Refused, match="armour"):
        b.add_item("boss", "heavy_armour")
    with pytest.raises(Refused, match="over the 150-point budget") as err:
        b.add_item("a", "bazooka")
    assert err.value.rule.startswith("R-BAND-COST")
    assert [p.problem for p in b.problems()] == ["a band needs at least 1 Sous-fifre, has 0"]
    with pytest.raises(Refused, match="Sous-fifre"):
        b.save("/nonexistent/never.toml")


def test_a_renamed_shipped_band_loses_its_french_name_R_BAND_COMP() -> None:
    """A band loaded from a shipped warband and renamed is the player's band: a French
    window must show the new name, not the shipped band's French one; another change (the
    race) keeps it."""
    b = Builder.load(SCENARIOS / "warbands" / "ork_boyz.toml")
    assert b.band.name_fr == "Les Boyz à Gorgutz"
    b.set_band(setting="modern")
    assert b.band.name_fr == "Les Boyz à Gorgutz"
    b.set_band(name="Da Krew")
    assert (b.band.name, b.band.name_fr) == ("Da Krew", None)


def test_a_band_with_an_unknown_injury_is_not_saved(tmp_path: Path) -> None:
    """A band loaded with an injury no campaign knows is listed as a problem and not saved;
    the lasting injuries of §13.4 (and GAP-66's amputation) are kept."""
    import msgspec

    b = Builder()
    b.set_band(id="hurt", name="Hurt")
    boss = b.add_figure("chef", "Boss")
    b.add_figure("sous_fifre", "Grunt")
    figures = (msgspec.structs.replace(b.band.figures[0], injuries=("leg_wound", "gout")),
               b.band.figures[1])
    b.band = msgspec.structs.replace(b.band, figures=figures)
    assert [str(p) for p in b.problems()] == ["figures[0].injuries: unknown injury 'gout'"]
    with pytest.raises(Refused, match="unknown injury 'gout'"):
        b.save(tmp_path / "hurt.toml")
    assert not (tmp_path / "hurt.toml").exists()
    b.band = msgspec.structs.replace(b.band, figures=(msgspec.structs.replace(
        figures[0], injuries=("leg_wound", "amputated_arm")), figures[1]))
    assert b.problems() == [] and boss.id == "boss"
    b.save(tmp_path / "hurt.toml")
