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
- ``monitor.py``: primes and pénalités, the Prudence and Danger of the combat monitor.
- ``hand.py``, ``flow.py``, ``flow_state.py``, ``view.py``: the round by the hand, its
  responses and ceded activations, interrupts at declaration, the tour de jeu and its
  one action (§2.c), the end of a round and of the game, and the turn view (S4, S5).
- ``actions.py``, ``attack.py``, ``ask.py``: each action's checks and resolution (§2.d),
  the attack's stages with the decisions either player owes inside it (S7, S8).
- ``leadership.py``: Cd = Volonté + 2 for the Skirmish rout, or Volonté/15 (§2.e).
- ``preview.py``, ``legal.py``: the odds of an attack before it is made (S14), the legal
  commands and the action bar.
- ``messages.py``: its sentences (translated in ``assets/translations/*/cle_en_main.json``).
"""

from skirmish.rules.cle_en_main.ruleset import CLE_EN_MAIN
from skirmish.rules.registry import register

register(CLE_EN_MAIN)
