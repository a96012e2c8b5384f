"""A band's name is no grammatical subject in a French line: "Les Pillards déploie ses
figurines" takes a singular verb after a plural name, and the window cannot know which a
player's band name is. The French tables put the name before a colon ("Les Pillards :
fin du déploiement") or after a preposition ("Au choix de Les Pillards", contracted to
"Au choix des Pillards")."""

from __future__ import annotations

import json
import re

from skirmish.app.i18n import Translator
from skirmish.app.paths import TRANSLATIONS

#: A band's name followed by a word, not after a preposition: that word's subject.
BAND_SUBJECT = re.compile(r"(?<!à )(?<!de )(?<!par )\{(band|captor|winner|loser)\} +[^\s:—·(−]")


def test_no_french_line_makes_a_band_name_the_subject_of_its_verb():
    bad = [f"{path.name}: {key}: {text}"
           for path in [TRANSLATIONS / "fr.json", *sorted((TRANSLATIONS / "fr").glob("*.json"))]
           for key, text in json.loads(path.read_text(encoding="utf-8")).items()
           if BAND_SUBJECT.search(text)]
    assert bad == [], "\n".join(bad)


def test_a_plural_band_name_reads_right_in_the_deployment_plan_and_a_decision():
    t = Translator("fr")
    assert t("ai.plan_auto_deploy", band="Les Pillards") == "Les Pillards : déploiement des figurines"
    assert t("log.decision", band="Les Pillards", prompt="une manœuvre") == \
        "Au choix des Pillards : une manœuvre"
