"""Every ruleset this program ships. Importing a ruleset package registers it (in
:mod:`skirmish.rules.registry`, and its hooks on the Skirmish engine); this is the one
module that imports them all, so the generic rules name none. The modules that build,
check or list games by ruleset id (``match``, ``validate``, the command line) import it."""

from skirmish.rules import (  # noqa: F401 - each registers itself
    cle_en_main,
    clefs_aube,
    kart7,
    skirmish,
    wfrp2,
)
