"""A band rule's problems in the window's language (the builder, the shop and the set-up say
them through ``band_words``): every problem a figure's kit can have is worded in both
languages, with its rule cited once ([R-EQ-BUCKLER], GAP-28, GAP-66, [R-CAMP-INJ-23])."""

from __future__ import annotations

import pytest

from skirmish.app.band_words import say_problem
from skirmish.app.i18n import Translator
from skirmish.campaign.builder import Refused
from skirmish.content.band_rules import AMPUTATED_ARM, figure_problems
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec

BOOK = load_rulebook()


def said(lang: str, spec: FigureSpec) -> list[str]:
    return [say_problem(Translator(lang), BOOK, Refused.of(p, spec.name))
            for p in figure_problems(spec, "none", BOOK)]


def test_an_amputated_arm_said_in_french_R_CAMP_INJ_23_GAP_66() -> None:
    grunt = FigureSpec(id="g", name="Grunt", rank="sous_fifre", weapons=("sword", "rifle"),
                       equipment=("buckler", "buckler"), injuries=(AMPUTATED_ARM,))
    assert said("fr", grunt) == [
        "Grunt : boucliers et rondaches prennent un bras chacun : celle-ci en porte 2 pour "
        "1 bras [R-EQ-BUCKLER GAP-66]",
        "Grunt : un bras amputé ne laisse qu'une arme, celle-ci en a 2 [R-CAMP-INJ-23 GAP-66]",
        "Grunt : un bras amputé ne peut tenir une arme à deux mains (Fusil) "
        "[R-CAMP-INJ-23 GAP-66]",
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_second_armour_and_a_third_arm_cite_gap_28_once_R_EQ_ARMOUR_R_EQ_BUCKLER(
        lang: str) -> None:
    grunt = FigureSpec(id="g", name="Grunt", rank="sous_fifre", weapons=("sword",),
                       equipment=("light_armour", "light_armour", "shield", "buckler",
                                  "buckler"))
    lines = said(lang, grunt)
    assert [line[line.index("["):] for line in lines] == ["[R-EQ-ARMOUR GAP-28]",
                                                          "[R-EQ-BUCKLER GAP-28]"]
    assert ("3 for 2 arms" if lang == "en" else "en porte 3 pour 2 bras") in lines[1]
