"""One band check: ``skirmish validate`` and ``new_game`` refuse the same
illegal bands with the same reasons — [R-BAND-COMP], [R-BAND-COST] (GAP-2, GAP-4) and the
§12 equipment limits (GAP-28, R-EQ-SHIELD, R-EQ-BUCKLER, GAP-66)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from skirmish.content.band_rules import AMPUTATED_ARM, band_problems
from skirmish.content.errors import ContentError
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import Warband
from skirmish.match import new_game
from skirmish.validate import validate_file

RB = load_rulebook()


def _fig(fid: str, rank: str, weapons: list[str] | None = None,
         equipment: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid.capitalize(), "rank": rank, "weapons": weapons or [],
            "equipment": equipment or [], **kw}


LEGAL = [_fig("boss", "chef", ["sword"]), _fig("grunt", "sous_fifre", ["dagger"])]
#: The other band: 60 points, legal under every budget used here.
OTHER = [_fig("boss", "chef"), _fig("grunt", "sous_fifre")]


def _toml_value(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return str(v).lower() if isinstance(v, bool) else str(v)


def _scenario_toml(figures: list[dict[str, Any]], *, setting: str = "medieval",
                   budget: int = 250, race: str = "none") -> str:
    lines = ['id = "bands"', 'name = "Bands"', f'setting = "{setting}"', "width = 48",
             "height = 36", "[options]", f"band_points = {budget}"]
    for bid, figs, brace in (("a", figures, race), ("b", OTHER, "none")):
        lines += ["[[bands]]", "[bands.warband]", f'id = "{bid}"', f'name = "{bid.upper()}"',
                  f'race = "{brace}"']
        for f in figs:
            lines.append("[[bands.warband.figures]]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in f.items()]
    return "\n".join(lines) + "\n"


def both_verdicts(tmp_path: Path, figures: list[dict[str, Any]], **kw: Any
                  ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(entry, problem) pairs from ``validate`` on a file and from ``new_game`` on its record."""
    text = _scenario_toml(figures, **kw)
    path = tmp_path / "bands.toml"
    path.write_text(text, encoding="utf-8")
    from_file = [(p.entry, p.problem) for p in validate_file(path)]
    scenario = msgspec.convert(tomllib.loads(text), Scenario, strict=True)
    try:
        new_game(scenario, 1)
        from_game: list[tuple[str, str]] = []
    except ContentError as e:
        from_game = [(p.entry, p.problem) for p in e.problems]
    return from_file, from_game


def refused_alike(tmp_path: Path, figures: list[dict[str, Any]], *expected: str,
                  **kw: Any) -> list[tuple[str, str]]:
    from_file, from_game = both_verdicts(tmp_path, figures, **kw)
    assert from_file == from_game
    assert len(from_file) == len(expected), from_file
    for (_, problem), want in zip(from_file, expected, strict=True):
        assert want in problem
    return from_file


def test_legal_band_is_accepted_by_both(tmp_path: Path) -> None:
    assert both_verdicts(tmp_path, LEGAL) == ([], [])


def test_two_chefs_R_BAND_COMP(tmp_path: Path) -> None:
    got = refused_alike(tmp_path, [*LEGAL, _fig("boss2", "chef")],
                        "a band needs exactly 1 Chef, has 2")
    assert got[0][0] == "bands[0].warband.figures"


def test_three_sous_chefs_R_BAND_COMP(tmp_path: Path) -> None:
    refused_alike(tmp_path, [*LEGAL, *(_fig(f"sc{i}", "sous_chef") for i in range(3))],
                  "at most 2 Sous-chefs, has 3")


def test_no_sous_fifre_R_BAND_COMP(tmp_path: Path) -> None:
    refused_alike(tmp_path, [_fig("boss", "chef")], "at least 1 Sous-fifre, has 0")


def test_campaign_roster_is_not_held_to_the_counts_R_BAND_COMP(tmp_path: Path) -> None:
    """A campaign's game fields what is left after losses (RULES.md §13): a band with no
    Sous-fifre passes validate and new_game alike, its kit still checked."""
    text = _scenario_toml([_fig("boss", "chef")]).replace('[options]', 'campaign = true\n[options]')
    path = tmp_path / "camp.toml"
    path.write_text(text, encoding="utf-8")
    assert validate_file(path) == []
    new_game(msgspec.convert(tomllib.loads(text), Scenario, strict=True), 1)
    armoured = text.replace('equipment = []', 'equipment = ["light_armour", "heavy_armour"]', 1)
    path.write_text(armoured, encoding="utf-8")
    (problem,) = validate_file(path)
    assert "at most 1 armour (light or heavy) per figure, has 2" in problem.problem


def test_duplicate_figure_id_R_BAND_COMP(tmp_path: Path) -> None:
    got = refused_alike(tmp_path, [*LEGAL, _fig("grunt", "sous_fifre")],
                        "duplicate figure id 'grunt' (also figures[1])")
    assert got[0][0] == "bands[0].warband.figures[2].id"


def test_over_budget_R_BAND_COST_GAP_2(tmp_path: Path) -> None:
    # Chef 50 + sword 5 + Sous-fifre 10 (first dagger free) = 65.
    got = refused_alike(tmp_path, LEGAL, "band 'a' is worth 65 points, over the 64-point budget",
                        budget=64)
    assert got[0][0] == "bands[0].warband"
    assert both_verdicts(tmp_path, LEGAL, budget=65) == ([], [])


def test_first_dagger_free_second_paid_GAP_4(tmp_path: Path) -> None:
    two = [LEGAL[0], _fig("grunt", "sous_fifre", ["dagger", "dagger"])]
    refused_alike(tmp_path, two, "worth 67 points, over the 65-point budget", budget=65)


def test_first_pistol_free_in_modern_setting_only_GAP_4(tmp_path: Path) -> None:
    gun = [LEGAL[0], _fig("grunt", "sous_fifre", ["dagger", "pistol"])]
    assert both_verdicts(tmp_path, gun, budget=65, setting="modern") == ([], [])
    refused_alike(tmp_path, gun, "worth 75 points, over the 65-point budget", budget=65,
                  setting="medieval")


def test_one_armour_GAP_28(tmp_path: Path) -> None:
    got = refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["sword"],
                                                  ["light_armour", "heavy_armour"])],
                        "at most 1 armour (light or heavy) per figure, has 2")
    assert got[0][0] == "bands[0].warband.figures[1].equipment"


def test_per_item_count_GAP_28(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", [], ["sight", "sight"])],
                  "at most 1 'sight' per figure, has 2")


def test_shield_with_two_handed_weapon_R_EQ_SHIELD(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["sword", "rifle"],
                                            ["shield"])],
                  "a shield cannot be used with the two-handed weapon 'rifle'")


def test_shield_needs_one_handed_melee_weapon_R_EQ_SHIELD(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["pistol"], ["shield"])],
                  "a shield needs a one-handed melee weapon")


def test_buckler_with_two_handed_melee_weapon_R_EQ_BUCKLER(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["halberd"], ["buckler"])],
                  "a buckler cannot be used with the two-handed melee weapon 'halberd'")


def test_shield_and_bucklers_share_two_arms_R_EQ_BUCKLER_GAP_28(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["sword"],
                                            ["shield", "buckler", "buckler"])],
                  "a shield and 2 bucklers need 3 arms, a figure has 2")


def test_amputated_arm_one_one_handed_weapon_GAP_66(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["sword", "rifle"],
                                            ["buckler", "buckler"], injuries=[AMPUTATED_ARM])],
                  "2 bucklers need 2 arms, it has 1 left",
                  "an amputated arm leaves one weapon, has 2",
                  "an amputated arm cannot hold the two-handed weapon 'rifle'")


def test_unknown_weapon_and_alien_trade_R_WPN_GAP_7(tmp_path: Path) -> None:
    refused_alike(tmp_path, [LEGAL[0], _fig("grunt", "sous_fifre", ["lazer"],
                                            alien_trade="a")],
                  "unknown weapon 'lazer'", "alien trade 'a' on a non-alien band")


def test_issue_example_every_problem_listed(tmp_path: Path) -> None:
    """A Sous-fifre with halberd, buckler, shield and both armours, in a
    band with two Chefs — every reason, from both, in the same order."""
    figures = [*LEGAL, _fig("boss2", "chef"),
               _fig("grunt2", "sous_fifre", ["halberd"],
                    ["buckler", "shield", "light_armour", "heavy_armour"])]
    refused_alike(tmp_path, figures, "at most 1 armour (light or heavy) per figure",
                  "a shield cannot be used with the two-handed weapon 'halberd'",
                  "a buckler cannot be used with the two-handed melee weapon 'halberd'",
                  "a band needs exactly 1 Chef, has 2", "worth 255 points, over the 250")


def test_band_problems_api_for_the_builder() -> None:
    """The campaign builder's call: no file, entries relative to the band, a rule id each."""
    wb = msgspec.convert({"id": "w", "name": "W", "figures": [_fig("boss", "chef")]},
                         Warband)
    (problem,) = band_problems(wb, RB, budget=None, setting=None)
    assert (problem.entry, problem.rule) == ("figures", "R-BAND-COMP")
    assert str(problem) == "figures: a band needs at least 1 Sous-fifre, has 0"


@pytest.mark.parametrize("budget", [None, 10])
def test_budget_none_skips_the_price_GAP_2(budget: int | None) -> None:
    wb = msgspec.convert({"id": "w", "name": "W", "figures": LEGAL}, Warband)
    problems = band_problems(wb, RB, budget=budget, setting="medieval")
    assert [p.rule for p in problems] == ([] if budget is None else ["R-BAND-COST GAP-2"])
