"""A band rule's problems and refusals in the window's language, said one way by every
screen that checks a band (the band builder, the campaign's shop, the set-up's choice of
band): catalogue ids and slots by their names ("au plus 1 Armure légère", not
'light_armour'), the figure it is about first, then the rule. And the warband files as
those screens list them."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path

from skirmish.app.file_digests import digest
from skirmish.app.i18n import Translator
from skirmish.app.paths import own_warband
from skirmish.campaign.builder import Refused
from skirmish.content.band_rules import BandProblem
from skirmish.content.errors import ContentError
from skirmish.content.loading import load_warband
from skirmish.content.models import Rulebook


def free_name(base: str, taken: set[str]) -> str:
    """The name offered for the next recruit: ``base`` ("Recruit"), then "Recruit 2",
    "Recruit 3"… — the first the band does not have, so twenty recruits are not twenty
    figures of one name (the builder and the campaign's shop alike)."""
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


def item_name(book: Rulebook, item: str, lang: str) -> str:
    """A weapon or piece of equipment by its name in the window's language."""
    x = book.equipment.get(item) or book.weapon(item)
    return x.name_fr if lang == "fr" else x.name_en


def band_problem(t: Translator, book: Rulebook, key: str, params: Mapping[str, object],
                 figure: str = "") -> str:
    """A band rule's refusal (``builder.problem.<key>``) in the window's language, as the
    band builder and the shop both say it: catalogue ids and slots by their names
    ("au plus 1 Armure légère", not 'light_armour'), the figure it is about first."""
    words = dict(params)
    if "item" in words:
        words["item"] = item_name(book, str(words["item"]), t.lang)
    if "slot" in words:
        words["slot"] = t(f"builder.slot.{words['slot']}")
    text = t(f"builder.problem.{key}", **words)
    return t.pair(figure, text) if figure else text


def say_problem(t: Translator, book: Rulebook, why: Refused | BandProblem) -> str:
    """A problem or a refusal in the window's language, with its rule (the builder's
    refusals, and the set-up's for a band that may not play): :func:`band_problem`'s
    words, or the plain text of a problem that has none."""
    if not why.key:
        return f"{why.problem if isinstance(why, BandProblem) else why} [{why.rule}]"
    text = band_problem(t, book, why.key, dict(why.params), getattr(why, "figure", ""))
    return f"{text} [{why.rule}]"


#: A warband file's names (English, French), or None when it cannot be read, by the digest
#: of the file's bytes: the set-up and the builder list every band file each time they are
#: built, and reading and checking each was most of their labels' cost. A file's names
#: depend on its bytes alone (the rulebook it is checked against does not change while
#: the window runs).
_NAMES: OrderedDict[bytes, tuple[str, str] | None] = OrderedDict()
#: Files remembered; the least recently listed goes first.
NAMES_KEPT = 256


def _read(path: Path) -> tuple[str, str] | None:
    try:
        wb = load_warband(path, band_points=None)
    except ContentError:
        return None
    return wb.name, wb.name_fr


def _names(path: Path) -> tuple[str, str] | None:
    """The names in the warband file at ``path``; a file without a digest (a folder, a
    pipe) is left to the loader, which refuses it without reading it."""
    key = digest(path)
    if key is None:
        return _read(path)
    if key not in _NAMES:
        _NAMES[key] = _read(path)
        if len(_NAMES) > NAMES_KEPT:
            _NAMES.popitem(last=False)
    _NAMES.move_to_end(key)
    return _NAMES[key]


def warband_labels(paths: list[Path], lang: str,
                   own: Callable[[str], str] | None = None) -> list[str]:
    """The warband files as a player knows them: each band's name in the window's language
    (the file's stem if it cannot be read, or beside a name two files share); ``own``
    marks the bands the player saved with the builder."""
    names = []
    for p in paths:
        found = _names(p)
        if found is None:
            name = p.stem
        else:
            name = found[1] if lang == "fr" and found[1] else found[0]
        names.append(own(name) if own is not None and own_warband(p) else name)
    return [f"{n} ({p.stem})" if names.count(n) > 1 else n for n, p in zip(names, paths,
                                                                           strict=True)]
