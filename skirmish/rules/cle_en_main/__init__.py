"""Clé en main (RULESETS.md §2): 3d6 + skill oppositions on the Skirmish table.

- ``options.py``: every GAP-CM default, typed, with the option that switches it.
- ``content.py``: the tables of ``content/data/cle_en_main.toml`` (weapons, armour,
  trainings by rank, difficulties).
- ``profile.py``: each figure's profile (§2.b), converted from its race-modified Skirmish
  one, or overridden by its ``native.cle_en_main`` block.
- ``throws.py``, ``rolls.py``, ``odds.py``: the 3d6 test with its red, white and heroic
  dice, the opposition with its tie rules, the events that record them, and their exact
  odds.
- ``harm.py``, ``timers.py``, ``state.py``: damage read from the winning roll, vitality,
  mal en point with its death and unconsciousness timers, the standings of §0.4, and the
  end-of-game step.
"""

from skirmish.rules.cle_en_main.ruleset import CLE_EN_MAIN
from skirmish.rules.registry import register

register(CLE_EN_MAIN)
