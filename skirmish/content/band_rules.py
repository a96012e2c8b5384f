"""The one check of a band's legality: [R-BAND-COMP], [R-BAND-COST] and the §12 limits.

Every place that accepts a band asks this module, so they refuse the same bands with the
same reasons: the band-rules check every scenario and warband file goes through
(:func:`check_band_rules`, for ``validate``, ``play`` and the loaders alike),
``match.new_game`` (a game never starts with an illegal band) and the campaign's warband
builder.

API::

    from skirmish.content.band_rules import band_problems, BandProblem

    problems = band_problems(warband, book, budget=250, setting="modern")
    for p in problems:                     # every problem, not only the first
        print(p.entry, p.problem, p.rule)  # "figures[2].equipment", "at most 1 armour…"

``entry`` is relative to the warband (``""`` = the band as a whole, e.g. its budget);
callers prefix it with where the band sits (``bands[1].warband``). ``budget=None`` skips
the budget (GAP-2); ``setting=None`` uses the band's own setting, else medieval (GAP-4:
the first modern pistol of a character is free in a modern or post-apocalyptic setting,
the first dagger always is — :mod:`skirmish.content.costs` prices that). The budget is
only priced when every id is known, so an unknown weapon is reported once, not as a
crash of the pricing.

Rules checked (RULES.md §2, §12, §15 rows 2, 4, 7, 28, 66):

- [R-BAND-COMP] exactly 1 Chef, at most 2 Sous-chefs, at least 1 Sous-fifre;
- [R-BAND-COST] / GAP-2 the band's value within the budget;
- known race, weapons, equipment and alien trade (GAP-7: alien bands only);
- unique figure ids;
- GAP-28 per-item and per-slot counts (one armour, one sighting device, two arms…);
- [R-EQ-SHIELD] a shield needs a one-handed melee weapon and no two-handed weapon;
- [R-EQ-BUCKLER] no buckler with a two-handed melee weapon, at most one buckler per arm,
  and a shield and bucklers share the same two arms (GAP-28 a);
- GAP-66 an amputated arm (injury :data:`AMPUTATED_ARM`): one one-handed weapon, no
  two-handed weapon, bucklers and shield on the remaining arm only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from skirmish.content.costs import band_cost, cost_breakdown, setting_hint
from skirmish.content.document import Document
from skirmish.content.errors import Problem, join_entry, quote
from skirmish.content.models import Equipment, MeleeWeapon, RangedWeapon, Rank, Rulebook
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import DEFAULT_BAND_POINTS, Scenario
from skirmish.content.warband import FigureSpec, Warband

__all__ = ["AMPUTATED_ARM", "ARMS", "BandProblem", "band_problems", "check_band_rules",
           "figure_problems", "scenario_band_problems"]

#: A figure has two arms: shields and bucklers share them (GAP-28 a, R-EQ-BUCKLER).
ARMS = 2
#: The lasting injury of [R-CAMP-INJ-23] on a 1: the arm is amputated (GAP-66 a).
AMPUTATED_ARM = "amputated_arm"
#: [R-BAND-COMP] how many Sous-chefs a band may have.
MAX_SOUS_CHEFS = 2


@dataclass(frozen=True)
class BandProblem:
    """One reason a band is illegal: where in the band, what, and the rule it breaks.
    ``key`` and ``params`` (when given) let a window say it in its own language: the
    window's text ``builder.problem.<key>`` filled with ``params``."""

    entry: str
    problem: str
    rule: str
    key: str = field(default="", compare=False)
    params: tuple[tuple[str, int | str], ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{self.entry or 'band'}: {self.problem}"


def figure_problems(figure: FigureSpec, race: str, book: Rulebook,
                    entry: str = "") -> list[BandProblem]:
    """Catalogue ids, the alien trade, equipment counts and hands for one figure."""
    out: list[BandProblem] = []

    def fail(where: str, problem: str, rule: str, key: str = "",
             **params: int | str) -> None:
        out.append(BandProblem(f"{entry}.{where}" if entry else where, problem, rule, key,
                               tuple(params.items())))

    weapons: list[RangedWeapon | MeleeWeapon] = []
    for wid in figure.weapons:
        if wid in book.ranged_weapons:
            weapons.append(book.ranged_weapons[wid])
        elif wid in book.melee_weapons:
            weapons.append(book.melee_weapons[wid])
        else:
            fail("weapons", f"unknown weapon {quote(wid)}", "R-WPN-RANGED R-WPN-MELEE")
    items: list[Equipment] = []
    for eid in figure.equipment:
        if eid in book.equipment:
            items.append(book.equipment[eid])
        else:
            fail("equipment", f"unknown equipment {quote(eid)}", "R-EQ-GEN")
    if figure.alien_trade is not None:
        if figure.alien_trade not in book.alien_trades:
            fail("alien_trade", f"unknown alien trade {quote(figure.alien_trade)}", "GAP-7")
        elif race != "alien":
            fail("alien_trade", f"alien trade {quote(figure.alien_trade)} on a non-alien band "
                                f"(race {quote(race)})", "GAP-7")
    # GAP-28: per item, then per slot (one armour, one sighting device, two arms, …).
    for eq_id, n in Counter(eq.id for eq in items).items():
        eq = book.equipment[eq_id]
        if n > eq.max_count:
            fail("equipment", f"at most {eq.max_count} {quote(eq_id)} per figure, has {n}",
                 _with_gap28(eq.rule), "at_most_item", max=eq.max_count, item=eq_id, n=n)
    by_slot: dict[str, list[str]] = {}
    for eq in items:
        by_slot.setdefault(eq.slot, []).append(eq.id)
    for slot, ids in by_slot.items():
        limit = book.equipment_slots.get(slot)
        if limit is not None and len(ids) > limit.max_count and len(set(ids)) > 1:
            fail("equipment", f"at most {limit.max_count} {limit.name_en} per figure, has "
                              f"{len(ids)}: " + ", ".join(quote(i) for i in ids), limit.rule,
                 "slot_limit", max=limit.max_count, slot=slot, n=len(ids))
    # Hands (GAP-28 a, R-EQ-SHIELD, R-EQ-BUCKLER, GAP-66 a).
    two_handed = [w.id for w in weapons if w.hands == 2]
    two_handed_melee = [w.id for w in weapons if w.hands == 2 and w.id in book.melee_weapons]
    one_handed_melee = [w.id for w in weapons if w.hands == 1 and w.id in book.melee_weapons]
    shields = [eq for eq in items if eq.slot == "shield"]
    bucklers = [eq for eq in items if eq.slot == "buckler"]
    arms = ARMS - (1 if AMPUTATED_ARM in figure.injuries else 0)
    if shields:
        if two_handed:
            fail("equipment", f"a shield cannot be used with the two-handed weapon "
                              f"{quote(two_handed[0])}", "R-EQ-SHIELD GAP-28",
                 "shield_two_handed", item=two_handed[0])
        elif not one_handed_melee:
            fail("equipment", "a shield needs a one-handed melee weapon", "R-EQ-SHIELD",
                 "shield_needs_melee")
    if bucklers and two_handed_melee:
        fail("equipment", f"a buckler cannot be used with the two-handed melee weapon "
                          f"{quote(two_handed_melee[0])}", "R-EQ-BUCKLER", "buckler_two_handed",
             item=two_handed_melee[0])
    if len(shields) + len(bucklers) > arms:
        fail("equipment", f"{_shield_words(len(shields), len(bucklers))} need "
                          f"{len(shields) + len(bucklers)} arms, "
                          + (f"a figure has {ARMS}" if arms == ARMS else f"it has {arms} left"),
             "R-EQ-BUCKLER GAP-28" if arms == ARMS else "R-EQ-BUCKLER GAP-66", "arms",
             n=len(shields) + len(bucklers), arms=arms)
    if arms < ARMS:
        if len(weapons) > 1:
            fail("weapons", f"an amputated arm leaves one weapon, has {len(weapons)}",
                 "R-CAMP-INJ-23 GAP-66", "amputated_weapons", n=len(weapons))
        if two_handed:
            fail("weapons", f"an amputated arm cannot hold the two-handed weapon "
                            f"{quote(two_handed[0])}", "R-CAMP-INJ-23 GAP-66",
                 "amputated_two_handed", item=two_handed[0])
    return out


def _with_gap28(rule: str) -> str:
    """An item's own rule with GAP-28 (the per-item count) once, whether or not the
    catalogue already names it."""
    return rule if "GAP-28" in rule.split() else f"{rule} GAP-28"


def _shield_words(shields: int, bucklers: int) -> str:
    parts = []
    if shields:
        parts.append("a shield" if shields == 1 else f"{shields} shields")
    if bucklers:
        parts.append("a buckler" if bucklers == 1 else f"{bucklers} bucklers")
    return " and ".join(parts)


def composition_problems(warband: Warband) -> list[BandProblem]:
    """[R-BAND-COMP]'s counts: one Chef, at most two Sous-chefs, at least one Sous-fifre."""
    out = []
    ranks = Counter(f.rank for f in warband.figures)
    if ranks[Rank.CHEF] != 1:
        out.append(BandProblem("figures", f"a band needs exactly 1 Chef, has {ranks[Rank.CHEF]}",
                               "R-BAND-COMP", "chef", (("n", ranks[Rank.CHEF]),)))
    if ranks[Rank.SOUS_CHEF] > MAX_SOUS_CHEFS:
        out.append(BandProblem("figures", f"a band may have at most {MAX_SOUS_CHEFS} "
                                          f"Sous-chefs, has {ranks[Rank.SOUS_CHEF]}",
                               "R-BAND-COMP", "sous_chefs",
                               (("max", MAX_SOUS_CHEFS), ("n", ranks[Rank.SOUS_CHEF]))))
    if ranks[Rank.SOUS_FIFRE] < 1:
        out.append(BandProblem("figures", "a band needs at least 1 Sous-fifre, has 0",
                               "R-BAND-COMP", "sous_fifre"))
    return out


def band_problems(warband: Warband, book: Rulebook, *, budget: int | None,
                  setting: str | None, campaign: bool = False) -> list[BandProblem]:
    """Every reason ``warband`` may not take the field (empty: the band is legal).
    ``campaign``: a roster between games, whose rank counts losses and promotions change,
    so only each figure's kit and the ids are checked."""
    out: list[BandProblem] = []
    if warband.race not in book.races:
        out.append(BandProblem("race", f"unknown race {quote(warband.race)}", "R-RACE-OPT"))
    seen: dict[str, int] = {}
    for i, fig in enumerate(warband.figures):
        fentry = f"figures[{i}]"
        if fig.id in seen:
            out.append(BandProblem(f"{fentry}.id", f"duplicate figure id {quote(fig.id)} "
                                                   f"(also figures[{seen[fig.id]}])", "R-BAND-COMP"))
        else:
            seen[fig.id] = i
        out.extend(figure_problems(fig, warband.race, book, fentry))
    if not campaign:
        out.extend(composition_problems(warband))
    priceable = all(w in book.ranged_weapons or w in book.melee_weapons
                    for f in warband.figures for w in f.weapons) and all(
        e in book.equipment for f in warband.figures for e in f.equipment)
    if budget is not None and priceable:
        out.extend(_budget_problem(warband, book, budget, setting))
    return out


def _budget_problem(warband: Warband, book: Rulebook, budget: int,
                    setting: str | None) -> list[BandProblem]:
    """[R-BAND-COST] GAP-2: over budget, with what the points are made of and the setting
    they were priced in (GAP-4: the same band costs less in a modern game), so an author
    sees why a band passes in one scenario and not on its own."""
    used = setting or warband.setting or "medieval"
    cost = band_cost(warband, book, used)
    if cost.total <= budget:
        return []
    source = ("the game's setting" if setting else "the band's setting" if warband.setting
              else "the default, as the band sets none")
    hint = setting_hint(cost, book)
    return [BandProblem("", f"band {quote(warband.id)} is worth {cost.total} points, over the "
                            f"{budget}-point budget, at {used} prices ({source}"
                            + (f"; {hint}" if hint else "") + f"): {cost_breakdown(cost)}",
                        "R-BAND-COST GAP-2", "budget",
                        (("value", cost.total), ("budget", budget)))]


def scenario_band_problems(scenario: Scenario, book: Rulebook, file: str, *, budget: int | None,
                           band_files: Mapping[int, str] | None = None) -> list[Problem]:
    """Every band rule the scenario's bands break, as ``FILE: bands[i].warband…`` lines.

    A band read from its own file (``band_files``: band index → file) is reported against
    that file as a band on its own ([R-BAND-COMP] binds it, whatever the scenario); its
    price against the scenario's budget, at the scenario's setting, only once the band
    itself is sound, so one mistake is not said twice.
    """
    band_files = band_files or {}
    out: list[Problem] = []
    for i, entry in enumerate(scenario.bands):
        if i not in band_files:
            out.extend(Problem(file, join_entry(f"bands[{i}].warband", bp.entry), bp.problem)
                       for bp in band_problems(entry.warband, book, budget=budget,
                                               setting=scenario.setting,
                                               campaign=scenario.campaign))
            continue
        found = band_problems(entry.warband, book, budget=budget, setting=scenario.setting)
        own = [bp for bp in found if bp.entry]  # the band's own; "" is its price
        out.extend(Problem(band_files[i], join_entry("band", bp.entry), bp.problem) for bp in own)
        if not own:
            out.extend(Problem(file, f"bands[{i}]", bp.problem) for bp in found)
    return out


def _scenario_budget(scenario: Scenario) -> int:
    """The band points a scenario's bands are priced against (GAP-2): its ``band_points``
    option, else the default, which also stands in for a budget that is no whole number of
    at least 1 (the ranges check reports that one)."""
    budget = scenario.options.get("band_points", DEFAULT_BAND_POINTS)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        return DEFAULT_BAND_POINTS
    return budget


def check_band_rules(doc: Document, found: Problems) -> None:
    """A warband file on its own is priced against ``doc.budget`` in ``doc.setting`` (the
    band's own when None); a scenario's bands against the scenario's budget."""
    if isinstance(doc.record, Warband):
        found.extend(Problem(doc.file, join_entry("band", bp.entry), bp.problem)
                     for bp in band_problems(doc.record, doc.book, budget=doc.budget,
                                             setting=doc.setting))
    elif isinstance(doc.record, Scenario):
        found.extend(scenario_band_problems(doc.record, doc.book, doc.file,
                                            budget=_scenario_budget(doc.record),
                                            band_files=doc.band_files))
