"""Every sentence the rules say has a key, and every key is used (for translations)."""

import re
import string
from pathlib import Path

from skirmish import rulesets  # noqa: F401 - every ruleset adds its keys to TEXT
from skirmish.rules.frame.messages import TEXT

#: The rulesets that say things: Skirmish and those that add keys to its table.
SOURCE = "\n".join(p.read_text(encoding="utf-8")
                   for p in Path("skirmish/rules").glob("*/*.py") if p.name != "messages.py")
CALLED = set(re.findall(r'(?:illegal|say)\(\s*"(\w+)"', SOURCE))
CALLED |= set(re.findall(r'\b(?:key|prompt)="(\w+)"', SOURCE))
LITERALS = set(re.findall(r'"(\w+)"', SOURCE))

def test_every_key_said_exists():
    assert CALLED - set(TEXT) == set()


def test_every_key_is_used():
    assert set(TEXT) - LITERALS == set()


def test_templates_name_their_parameters():
    for key, text in TEXT.items():
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        assert all(f.isidentifier() for f in fields), key


def test_a_decision_and_its_rolls_carry_key_and_ids_R_MORALE_CHARGED_GAP_45():
    """[R-MORALE-CHARGED] GAP-45: the log's ``DecisionNeeded`` says the step-back question
    by key with the figure's id (the window names it in its language, nothing parses the
    English back); the pending decision kept in the state still holds the name (so saved
    states hash as before); the rolls' labels carry the band's and the weapon's ids."""
    from skirmish.rules import commands as c
    from skirmish.rules.events import DecisionNeeded
    from tests.rules.build import band, fig, roll_events, scenario, start

    opts = {"passive_actions": {"charge": True, "charged": True, "spot": False, "shot": False}}
    scn = scenario(band("a", fig("x", "chef", (10, 5)), fig("boss", "sous_chef", (44, 2))),
                   band("b", fig("y", "sous_fifre", (10, 13)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=opts)
    assert [r.params for r in roll_events(g.log, "R-TURN-INIT")] == [{"band": "a"}, {"band": "b"}]
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6, 5, 2)  # y fails "Être chargé", 5 → may step back, d3 → 1 pas
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    need = next(e for e in ev if isinstance(e, DecisionNeeded))
    assert (need.key, need.params) == ("ask_step_back", {"figure": "b:y", "distance": "1.0"})
    assert need.prompt == "Y failed its 'Être chargé' test: step back 1.0 pas?"
    assert g.state.pending.params == {"figure": "Y", "distance": "1.0"}
    g.apply(c.Choose(option="stay"))
    g.dice.force(6, 6)
    hit = roll_events(g.apply(c.Strike(figure="a:x", target="b:y")), "R-MELEE-HIT")[0]
    weapon = hit.inputs["weapon"]
    assert hit.params == {"weapon": "" if weapon == "unarmed" else weapon}
