"""French puts a space before a colon ("jet de déploiement : 6"): every French table and
every line the window builds around a colon (the log's rolls, the tools' readouts) says
it so; English keeps "label: value"."""

from __future__ import annotations

import json
import re

from skirmish.app.i18n import Translator
from skirmish.app.paths import TRANSLATIONS
from skirmish.rules.cle_en_main import options as cm_options
from skirmish.rules.clefs_aube import options as ca_options
from skirmish.rules.frame.options import OPTION_INFO
from tests.app.golden_logs import golden_games, log_lines

#: A colon right after a letter or a closing mark, then a space or the end: "déploiement: 6".
BARE_COLON = re.compile(r"\S:(\s|$)")


def french_texts() -> dict[str, str]:
    """Every French sentence the program holds in a table: the JSON translation files and
    the rulesets' French option labels, GAP summaries and out-of-scope notes."""
    out: dict[str, str] = {}
    for path in [TRANSLATIONS / "fr.json", *sorted((TRANSLATIONS / "fr").glob("*.json"))]:
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            out[f"{path.name}: {key}"] = text
    for key, info in (*OPTION_INFO.items(), *ca_options.OPTION_INFO.items(),
                      *cm_options.OPTION_INFO.items()):
        out[f"option: {key}"] = info.label_fr
    for gap, (_, fr, _key) in (*ca_options.GAPS.items(), *cm_options.GAPS.items()):
        out[f"GAPS: {gap}"] = fr
    for rule, (_, fr) in (*ca_options.OUT_OF_SCOPE.items(), *cm_options.OUT_OF_SCOPE.items()):
        out[f"OUT_OF_SCOPE: {rule}"] = fr
    return out


def test_every_french_table_puts_a_space_before_its_colons():
    bad = {k: v for k, v in french_texts().items() if BARE_COLON.search(v)}
    assert not bad, bad


def test_the_french_log_of_whole_games_puts_a_space_before_its_colons_R_DEPLOY():
    """The stored Skirmish games' logs (deployment roll-offs [R-DEPLOY], initiative,
    tests, hits…) in French: no "label: value" left; in English, the rolls keep it."""
    lines = []
    for game in golden_games():
        lines += log_lines(game, "fr")
        assert any(re.search(r"deployment roll-off: \d", x) for x in log_lines(game, "en"))
    assert any("jet de déploiement : " in x for x in lines)
    bad = [x for x in lines if BARE_COLON.search(x)]
    assert not bad, bad[:5]


def test_a_pair_is_said_as_the_language_writes_it():
    assert Translator("fr").pair("Armes", "Épée") == "Armes : Épée"
    assert Translator("en").pair("Weapons", "Sword") == "Weapons: Sword"
