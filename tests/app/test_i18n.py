"""English and French text: every key in both files, engine sentences by key."""

import json

from skirmish.app.i18n import Translator
from skirmish.app.paths import TRANSLATIONS


def test_both_languages_have_the_same_keys_and_placeholders():
    en = json.loads((TRANSLATIONS / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((TRANSLATIONS / "fr.json").read_text(encoding="utf-8"))
    ui = {k for k in en if not k.startswith("engine.")}
    assert ui == {k for k in fr if not k.startswith("engine.")}
    for k in ui:
        for name in ("{n}", "{band}", "{name}", "{path}", "{prompt}"):
            assert (name in en[k]) == (name in fr[k]), k


def test_rule_terms_stay_french_in_english():
    t = Translator("en")
    # a passive action's name keeps its French, in brackets
    assert t("test.shot") == "Being shot at (Subir un tir)"
    assert t("test.charged") == "Being charged (Être chargé)"
    assert "PA" in t("card.pa", pips="●", n=1, of=2)


def test_engine_sentences_by_key_with_fallback():
    params = {"action": "Run", "cost": 2, "figure": "Grok", "left": 1}
    english = "Run costs 2 PA; Grok has 1 left"
    assert Translator("fr").engine("pa_short", params, english) == \
        "Run coûte 2 PA ; il reste 1 PA à Grok"
    assert Translator("en").engine("pa_short", params, english) == english
    assert Translator("fr").engine("", {}, "as said") == "as said"


def test_every_engine_message_has_a_french_sentence_with_its_placeholders():
    import string

    from skirmish.rules.frame.messages import TEXT

    fr: dict[str, str] = {}  # fr.json and the features' fr/*.json, merged as the app does
    for path in (TRANSLATIONS / "fr.json", *sorted((TRANSLATIONS / "fr").glob("*.json"))):
        fr.update(json.loads(path.read_text(encoding="utf-8")))
    for key, english in TEXT.items():
        assert f"engine.{key}" in fr, key
        names = {n for _, n, _, _ in string.Formatter().parse(english) if n}
        assert names == {n for _, n, _, _ in string.Formatter().parse(fr[f"engine.{key}"])
                         if n}, key


def test_texts_with_placeholders_are_given_their_values():
    """A call like ``t("handoff.deploy")`` for "{band} deploys now." would show the braces."""
    import re
    from pathlib import Path

    en = json.loads((TRANSLATIONS / "en.json").read_text(encoding="utf-8"))
    bare = set()
    for path in Path("skirmish/app").rglob("*.py"):
        for key in re.findall(r'\bt\(\s*"([\w.]+)"\s*\)', path.read_text(encoding="utf-8")):
            if "{" in en.get(key, ""):
                bare.add(f"{path}: {key}")
    assert bare == set()


def test_every_fixed_roll_result_of_the_rules_has_a_french_word():
    """Roll results the rules write as fixed words are shown in the player's language."""
    import re
    from pathlib import Path

    fr = json.loads((TRANSLATIONS / "fr.json").read_text(encoding="utf-8"))
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in Path("skirmish/rules/skirmish").glob("*.py"))
    words = set()
    for a, b in re.findall(r'result="([^"]+)" if \w+ else "([^"]+)"', source):
        words |= {a, b}
    assert words and {w for w in words if f"result.{w}" not in fr} == set()
