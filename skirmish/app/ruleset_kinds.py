"""Is this object one of a ruleset's own kinds (a KART 7 card draw, a Clé en main state)?
Asked without loading that ruleset: no object of a class exists before its module is
imported, so a ruleset no game has loaded owns nothing on show. The window imports only
the rulesets of the games it shows (its first frame waits for every module it imports),
so what it draws for any ruleset asks here instead of importing the others' classes."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from skirmish.rules.kart7.events import CardDraw


def is_kind(obj: object, module: str, name: str) -> bool:
    """``isinstance(obj, module.name)``, False while ``module`` is not loaded."""
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(obj, getattr(loaded, name))


def is_card_draw(obj: object) -> TypeGuard[CardDraw]:
    """A KART 7 draw of cards (``kart7.events.CardDraw``)."""
    return is_kind(obj, "skirmish.rules.kart7.events", "CardDraw")
