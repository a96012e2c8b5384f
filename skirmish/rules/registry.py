"""The rulesets this program can play, by id (RULESETS §0.5 S1).

Each ruleset package registers itself when it is imported, so the generic code (the
game, validation, the window) looks a ruleset up by the id a scenario, save or replay
names and imports none; :mod:`skirmish.rulesets` imports a shipped one when it is first needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}
#: The registered rulesets by id, in the order they registered.
RULESETS: Mapping[str, Ruleset] = MappingProxyType(_RULESETS)


def register(ruleset: Ruleset) -> None:
    _RULESETS[ruleset.id] = ruleset


def ruleset_for(ruleset_id: str) -> Ruleset:
    """The ruleset ``ruleset_id``; an id no imported package registered is refused with
    the ones that did."""
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise IllegalCommand(f"Unknown ruleset '{ruleset_id}' (registered: "
                             f"{', '.join(_RULESETS) or 'none'})") from None
