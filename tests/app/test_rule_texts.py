"""Players can read every rule the program cites: each rule ID written in the engine, the
campaign, the data tables and the window has its text in English and French, shipped in
``assets/rules``."""

from __future__ import annotations

import re
from pathlib import Path

from skirmish.app.paths import RULE_TEXTS
from skirmish.app.rule_texts import RULE_ID, cited, glossary, rule_text, sections

ROOT = Path(__file__).resolve().parents[2]


def ids_in_the_program() -> set[str]:
    """Every whole rule ID in the package's code and data (a prefix such as
    ``R-RACE-{race}`` or ``[R-EQ-*]`` is not one)."""
    found: set[str] = set()
    for path in (*ROOT.glob("skirmish/**/*.py"), *ROOT.glob("skirmish/**/*.toml"),
                 *ROOT.glob("assets/translations/**/*.json")):
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            if not re.match(r"-?[{*]", text[m.end():m.end() + 2]):
                found.add(m[0])
    return found


def test_every_cited_rule_has_a_text_in_both_languages_GAP_68_D_10() -> None:
    ids = ids_in_the_program()
    assert {"R-CAMP-RET-HERO", "GAP-63", "D-10", "R-CAMP-INJ-25"} <= ids
    missing = {lang: sorted(i for i in ids if rule_text(i, lang) is None) for lang in ("en", "fr")}
    assert missing == {"en": [], "fr": []}
    for i in ids:  # French is French, not the English again
        assert rule_text(i, "fr") != rule_text(i, "en") or i.startswith("GAP-CA"), i


def test_the_reference_has_a_campaign_section_and_a_glossary_R_CAMP_DEF() -> None:
    for lang, campaign in (("en", "Campaign"), ("fr", "Campagne")):
        titles = {t: ids for t, ids in sections(lang)}
        camp = next(ids for t, ids in titles.items() if campaign in t)
        assert {"R-CAMP-XP", "R-CAMP-RET-SF", "R-CAMP-INJ-62"} <= set(camp)
        abbrs = {a for a, _, _ in glossary(lang)}
        assert {"Mvt", "Cd", "CT", "CCC", "F", "R", "PV"} <= abbrs
    assert "2d6" in rule_text("R-CAMP-XP", "en") or "+1" in rule_text("R-CAMP-XP", "en")
    assert "minimum 4" in rule_text("R-CAMP-INJ-25", "fr")
    assert cited("a [R-CAMP-INJ-25] b GAP-63 c R-NOT-A-RULE") == ["R-CAMP-INJ-25", "GAP-63"]


def test_the_texts_ship_with_the_program() -> None:
    """The files are data of the installed program (pyproject's data-files), not the
    rules document of the repository's shared folder."""
    assert sorted(p.name for p in RULE_TEXTS.glob("*.json")) == ["en.json", "fr.json"]
    assert '"share/skirmish/assets/rules" = ["assets/rules/*.json"]' in \
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_spots_say_where_each_cited_id_is_drawn() -> None:
    """What a panel drawn into a cache keeps to show its IDs' texts (rule_tips.spots)."""
    import pygame

    from skirmish.app.rule_tips import spots
    from skirmish.app.text import Text

    pygame.font.init()
    font = Text().font(12)
    line = "[R-CAMP-RET-SF] Return roll GAP-63"
    found = spots(font, line, (10, 20))
    assert [r for _, r in found] == ["R-CAMP-RET-SF", "GAP-63"]
    first, second = (rect for rect, _ in found)
    assert first.x == 10 + font.size("[")[0] and first.y == 20
    assert first.right < second.x and second.w == font.size("GAP-63")[0]


def test_a_link_holds_the_brackets_around_its_rule_D_10() -> None:
    """A line broke between "(" and "D-10)": the link now holds them."""
    from skirmish.app.rule_tips import linked

    assert linked("after game 1 (D-10) and [R-CAMP-VP GAP-61]; R-NOT-ONE") == (
        "after game 1 <a href='D-10'>(D-10)</a> and <a href='R-CAMP-VP'>[R-CAMP-VP</a> "
        "<a href='GAP-61'>GAP-61]</a>; R-NOT-ONE")
