"""Every ruleset this program ships, loaded when first needed. Importing a ruleset package
registers it (in :mod:`skirmish.rules.registry`, and its hooks on the Skirmish engine);
this is the one module that names them all, so the generic rules name none.

A ruleset is a few dozen modules and their tables: the window opens a game of one of them
without reading the others (its first frame waits for what is imported). So a game loads
its own (``match.new_game``), a file's checks load the rulesets it names
(:func:`load_named`), and what lists or offers every ruleset (the set-up screen, the
command line's other commands) loads them all first (:func:`load_all`)."""

from __future__ import annotations

from collections.abc import Iterable

#: The shipped rulesets by id, each the package ``skirmish.rules.<id>``, in the order
#: :func:`load_all` imports them.
SHIPPED = ("cle_en_main", "clefs_aube", "kart7", "skirmish", "wfrp2")


def load(ruleset_id: str) -> None:
    """Register the shipped ruleset ``ruleset_id`` (nothing for an id this program does
    not ship: the registry's lookup refuses it by name). Each import is written out, so
    that the layer contracts see what this module depends on."""
    match ruleset_id:
        case "cle_en_main":
            from skirmish.rules import cle_en_main  # noqa: F401 - registers itself
        case "clefs_aube":
            from skirmish.rules import clefs_aube  # noqa: F401
        case "kart7":
            from skirmish.rules import kart7  # noqa: F401
        case "skirmish":
            from skirmish.rules import skirmish  # noqa: F401
        case "wfrp2":
            from skirmish.rules import wfrp2  # noqa: F401


def load_all() -> None:
    """Register every shipped ruleset."""
    for ruleset_id in SHIPPED:
        load(ruleset_id)


def load_named(ids: Iterable[str]) -> None:
    """Register the rulesets ``ids`` names; should one not be shipped, every ruleset, so
    that its refusal lists all those known."""
    ids = set(ids)
    if ids - set(SHIPPED):
        load_all()
        return
    for ruleset_id in sorted(ids):
        load(ruleset_id)
