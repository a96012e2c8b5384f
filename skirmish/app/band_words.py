"""A band rule's problems and refusals in the window's language, said one way by every
screen that checks a band (the band builder, the campaign's shop, the set-up's choice of
band): catalogue ids and slots by their names ("au plus 1 Armure légère", not
'light_armour'), the figure it is about first, then the rule."""

from __future__ import annotations

from collections.abc import Mapping

from skirmish.app.i18n import Translator
from skirmish.campaign.builder import Refused
from skirmish.content.band_rules import BandProblem
from skirmish.content.models import Rulebook


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
