"""KART 7 (RULESETS.md §4): playing cards instead of dice, declare then resolve.

It replaces the Skirmish turn ([GAP-ALT-8]) and plays on the table's frame
(``rules/frame/``: positions, deployment, movement within an allowance, rout, VP).

- ``cards.py``, ``piles.py``: the cards and the card service (S3): three decks shuffled
  from the seed, the general deck, the discard pile, each figure's face-down pioche and
  face-up hand, deals, refills and the rebuilding of the general deck, each an event.
- ``draws.py``: a draw by difficulty level, any / all, the pioche card first, Carreau,
  an empty pioche, replacements (S8); each draw one ``CardDraw`` with the §0.6 fields.
- ``visibility.py``: the information boundary (S15) — what players know of face-down
  cards, and the determinization of a look-ahead copy; ``odds.py``: exact hypergeometric
  odds over the cards not yet seen (S14).
- ``profile.py`` (with ``content/data/kart7.toml``): the §4.b conversion and the
  ``native.kart7`` block (S2); ``options.py``: every GAP-K7 default of §4.f.
- ``harm.py``, ``standing.py``: damage, KO / OK, aggravation, survival, consciousness,
  the end-of-game step and the standing of §0.4 (S10, S11, S17).
- ``declare.py``, ``turn.py``, ``actions.py``: declarations and court-circuits, the
  resolution order, facing or ignoring, hand cards, supports, the end of the turn (S4,
  S5, S7, S9); ``morale.py``: rout by cards (§4.e, S12); ``legal.py``: what may be
  declared now; ``ruleset.py``: the ruleset behind the seam, registered here.
"""

from skirmish.rules.kart7 import messages as _messages  # noqa: F401 - adds its sentences
from skirmish.rules.kart7.ruleset import KART7
from skirmish.rules.registry import register

register(KART7)
