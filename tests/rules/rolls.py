"""What every roll record must say about itself.

``success`` is the roll's own comparison, ``sum(dice) compare need``; ``outcome`` is what
it means for the figure that rolled. A jam die of 6 meets its need (``success``) and is
bad for the shooter; a damage roll is good for the roller when it hurts an enemy.
"""

from __future__ import annotations

from collections.abc import Callable

from skirmish.rules.events import D20Roll, Roll, good_if

#: Every rule whose resolution rolls dice (the engine's ``Roll`` events).
ROLLING_RULES = frozenset({
    "R-DEPLOY", "R-TURN-INIT", "R-TURN-INIT-TIE", "R-TURN-WAVE",
    "R-SHOOT-HIT", "R-SHOOT-JAM", "R-SHOOT-BP", "R-DMG-TABLE", "GAP-33",
    "R-MELEE-HIT", "R-EQ-BUCKLER", "R-EQ-ROPE",
    "R-MORALE-CHARGE", "R-MORALE-CHARGED", "R-MORALE-SPOT", "R-MORALE-SHOT",
    "R-END-ROUT-TEST", "R-END-ROUT-RETEST",
    "R-CAMP-INJ-24", "R-CAMP-INJ-61", "R-CAMP-INJ-63", "R-CAMP-AMMO",
})
#: Rolls whose need names the bad event (the weapon lost, the explosion, the fall).
BAD_WHEN_MET = frozenset({"R-SHOOT-JAM", "R-SHOOT-BP", "R-EQ-ROPE"})


#: Rules whose resolution rolls a d20 (Les Clefs de l'Aube, RULESETS §3).
D20_RULES = frozenset({"CA-MELEE", "CA-SHOOT", "CA-DMG", "CA-SURCLASSEMENT"})


def check_d20(roll: D20Roll) -> None:
    """A d20 roll (RULESETS §0.6): its faces are its dice, ``need`` is the window's CA,
    the degree is read from the d20 (and the critical rerolls), ``success`` is °R > ND."""
    from skirmish.rules.clefs_aube.roll import read

    assert roll.rule in D20_RULES or roll.rule in ROLLING_RULES, roll.rule
    assert roll.dice == tuple(f.face for f in roll.faces) and roll.need == roll.window.ca
    ok, degree = read(roll.faces[0].face, roll.window.ca)
    if len(roll.faces) > 1 and roll.faces[1].face == 1:
        degree += sum(f.face for f in roll.faces[2:])
    assert (roll.degree, roll.degree_kind) == (degree, "R" if ok else "E"), roll
    assert roll.success == (ok and degree > roll.window.nd), roll
    assert roll.outcome == good_if(bool(roll.success)), roll


def check_roll(roll: Roll, band_of: Callable[[str], str]) -> None:
    """Assert that ``roll`` is self-consistent; ``band_of`` gives a figure's band."""
    if isinstance(roll, D20Roll):
        check_d20(roll)
        return
    assert roll.rule in ROLLING_RULES, f"{roll.rule} rolls but is not in ROLLING_RULES"
    if roll.need is None:
        # No comparison: a distance, a score, a table read, or an automatic pass.
        assert roll.success is None or (roll.dice == () and roll.success), roll
        assert roll.outcome is None or roll.dice == (), roll
        return
    total = sum(roll.dice)
    assert roll.compare in (">=", "<="), roll
    met = total >= roll.need if roll.compare == ">=" else total <= roll.need
    assert roll.success == met, f"success {roll.success} but {total} {roll.compare} {roll.need}: {roll}"
    if roll.rule in BAD_WHEN_MET:
        expected = good_if(not met)
    elif roll.rule == "R-DMG-TABLE":
        assert roll.figure is not None and roll.target is not None, roll
        expected = good_if(met == (band_of(roll.figure) != band_of(roll.target)))
    else:
        expected = good_if(met)
    assert roll.outcome == expected, f"outcome {roll.outcome}, expected {expected}: {roll}"
