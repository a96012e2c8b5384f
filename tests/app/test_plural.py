"""Count phrases agree with their number (``skirmish.plural``): French is singular for 0
and 1 ("1 PV restant", "0 PA perdu"), English for 1 only ("1 band point", "0 band
points"), in every table, the campaign's English sentences and the log of whole games."""

from __future__ import annotations

import json
import re
import string

import pytest

from skirmish.app.i18n import Translator
from skirmish.app.paths import TRANSLATIONS
from skirmish.campaign import messages as campaign
from skirmish.plural import fill, singular
from skirmish.rules.frame.messages import TEXT as RULES_TEXT
from tests.app.golden_logs import golden_games, log_lines

#: A number followed by a counted word written in one form only: "{n} tours", "{pv} PV
#: restants", "{points} band points", "activation(s)". Counted words go in the number's
#: field instead ("{n} {n:tour|tours}").
FIXED_COUNT = re.compile(
    r"\{\w+\} (?:PV |PA |MA |band )?(?:restants?|perdus?|points?|cibles?|figurines?|alliés?|"
    r"all(?:y|ies)|tours?|turns?|parties?|games?|targets?|figures?|enem(?:y|ies)|ennemis?|"
    r"relances?|rerolls?|activations?|arms?|Sous-fifres?|prévues?)\b|\(s\)")
TWO_FORMS = re.compile(r"\{\w+:[^{}|]*(?:\{\w+\}[^{}|]*)*\|[^{}]*(?:\{\w+\}[^{}]*)*\}")


def tables() -> dict[str, str]:
    """Every template the program formats with numbers: both languages' JSON tables, the
    rules' and the campaign's English sentences."""
    out = {f"rules: {k}": v for k, v in RULES_TEXT.items()}
    out |= {f"campaign: {k}": v for k, v in campaign.TEXT.items()}
    for lang in ("en", "fr"):
        for path in [TRANSLATIONS / f"{lang}.json", *sorted((TRANSLATIONS / lang).glob("*.json"))]:
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                out[f"{lang}/{path.name}: {key}"] = text
    return out


def test_the_languages_rules_for_one_and_many():
    assert [singular("fr", n) for n in (0, 1, 1.5, "1.0", 2, -1)] == [True] * 4 + [False, True]
    assert [singular("en", n) for n in (0, 1, "1", "1.0", 2, -1)] == [
        False, True, True, False, False, True]
    assert not singular("fr", "two") and not singular("en", None)


def test_no_table_writes_a_counted_word_in_one_form_only():
    bad = {k: v for k, v in tables().items() if FIXED_COUNT.search(TWO_FORMS.sub("", v))}
    assert not bad, bad


def test_every_count_phrase_formats_for_0_1_and_2():
    """Each field with two forms gives one of them, with the number where the spec holds
    it; no brace or bar is left over."""
    checked = 0
    for name, text in tables().items():
        counted = {f for _, f, spec, _ in string.Formatter().parse(text) if spec and "|" in spec}
        if not counted:
            continue
        lang = "fr" if name.startswith("fr") else "en"
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        for n in (0, 1, 2):
            said = fill(text, lang, {f: n if f in counted else f"<{f}>" for f in fields})
            assert not re.search(r"[{}|]", said), (name, said)
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("lang,key,params,said", [
    ("fr", "log.wounded", {"name": "Marla", "pv": 1}, "Marla blessé : 1 PV restant"),
    ("fr", "log.wounded", {"name": "Marla", "pv": 0}, "Marla blessé : 0 PV restant"),
    ("fr", "log.wounded", {"name": "Marla", "pv": 2}, "Marla blessé : 2 PV restants"),
    ("en", "log.wounded", {"name": "Marla", "pv": 1}, "Marla wounded: 1 PV left"),
    ("fr", "log.activation_ended", {"name": "Tik", "n": 1}, "Tik termine, 1 PA perdu"),
    ("en", "log.wave_cap", {"n": 1}, "up to 1 activation"),
    ("en", "log.wave_cap", {"n": 0}, "up to 0 activations"),
    ("fr", "log.wave_cap", {"n": 0}, "jusqu'à 0 activation"),
    ("en", "setup.turns", {"n": 1}, "1 turn"),
    ("en", "input.allies", {"n": 1}, "+1 ally < 3 pas"),
    ("fr", "input.allies", {"n": 2}, "+2 alliés < 3 pas"),
    ("fr", "tool.shoot_hint", {"weapon": "fusil", "n": 1},
     "Tir au fusil : 1 cible (entourée). Survolez un ennemi pour la vue et les chances ; "
     "Tab : autre arme."),
    ("en", "campaign.points", {"points": 1}, "1 band point"),
    ("en", "campaign.points", {"points": 0}, "0 band points"),
    ("fr", "campaign.points", {"points": 0}, "0 point de bande"),
    ("fr", "campaign.misses", {"figure": "Lina", "games": 1}, "Lina manque la prochaine partie"),
    ("fr", "campaign.misses", {"figure": "Lina", "games": 3},
     "Lina manque les 3 prochaines parties"),
    ("en", "campaign.band_points_vp", {"band": "Boyz", "vp": 1, "points": 1},
     "Boyz: 1 VP becomes 1 band point"),
])
def test_the_window_says_count_phrases_in_agreement(lang, key, params, said):
    assert Translator(lang)(key, **params) == said


def test_the_campaign_english_sentences_agree():
    assert campaign.say("misses", figure="Lina", games=1) == "Lina misses the next game"
    assert campaign.say("misses", figure="Lina", games=2) == "Lina misses the next 2 games"
    assert campaign.say("opt_pay", amount=1) == "Pay 1 point"


def test_the_french_log_of_whole_games_agrees_with_its_numbers_R_WOUND_OOA_R_TURN_WAVE():
    """The stored Skirmish games in French: a figure wounded down to 1 or 0 PV
    ([R-WOUND-OOA]) has "1 PV restant", an activation ending with 1 PA unspent "1 PA
    perdu", a first wave of 1 ([R-TURN-WAVE]) "jusqu'à 1 activation"."""
    lines = [x for game in golden_games() for x in log_lines(game, "fr")]
    text = "\n".join(lines)
    for good in ("1 PV restant\n", "0 PV restant\n", "2 PV restants", "1 PA perdu\n",
                 "3 PA perdus", "jusqu'à 1 activation\n", "jusqu'à 4 activations"):
        assert good in text + "\n", good
    assert not re.search(r"\b[01] (PV restants|PA perdus|activations)\b", text)
