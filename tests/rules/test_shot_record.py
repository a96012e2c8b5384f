"""A shot's record says the distance its range band was read from and the weapon's band
limits, so the band can be read again from the record ([R-SHOOT-RANGE], GAP-25), under
either ruleset; the state hashes of recorded games do not change with it."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import Roll
from tests.rules.build import band, fig, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def _shot(gap: float, ruleset: str) -> Roll:
    """A pistol (short 6, medium 12, long 18) fired across ``gap`` pas, edge to edge."""
    scn = scenario(
        band("a", fig("s", "sous_fifre", (10, 5), ("pistol",)), fig("boss", "chef", (44, 2))),
        band("b", fig("t", "sous_fifre", (10, 5 + gap + 1)), fig("boss", "chef", (44, 30))))
    scn = msgspec.structs.replace(scn, ruleset=ruleset)
    g = start(scn, 6, 1, 6, options={**OFF, "ca_multi_actions": False}
              if ruleset == "clefs_aube" else OFF)
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 2)
    events = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    return next(e for e in events if isinstance(e, Roll) and e.rule in ("R-SHOOT-HIT",
                                                                          "CA-SHOOT"))


@pytest.mark.parametrize("ruleset", ["skirmish", "clefs_aube"])
@pytest.mark.parametrize(("gap", "expected"), [(6.004, "medium"), (12.003, "long"),
                                               (5.996, "short")])
def test_the_band_can_be_read_again_from_the_record_R_SHOOT_RANGE(
        ruleset: str, gap: float, expected: str) -> None:
    """Rounded, 6.004 pas read '6.0 pas: medium' and 12.003 '12.0 pas: long'."""
    roll = _shot(gap, ruleset)
    limits = roll.inputs["range_limits"]
    assert limits == {"short": 6, "medium": 12, "long": 18}
    assert roll.inputs["range_band"] == expected
    assert roll.inputs["distance"] == pytest.approx(gap, abs=1e-9)
    distance = roll.inputs["distance"]
    read_again = next(b for b in ("short", "medium", "long") if distance <= limits[b])
    assert read_again == expected
