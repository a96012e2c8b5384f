"""The in-game rules reference covers the campaign and has a glossary, every cited ID in
it shows its text on hover or click, in the window's language; nothing in the window
points a player to a file the program does not ship."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from skirmish.app import routes
from skirmish.app.paths import TRANSLATIONS
from skirmish.app.rule_texts import rule_text
from skirmish.app.rule_tips import link_rects
from tests.app.drive import drawn_texts, key, motion, step


def open_page(app, title_part: str) -> None:  # noqa: ANN001
    screen = app.screen
    screen.page = next(i for i, t in enumerate(screen.titles()) if title_part in t)
    app.rebuild()
    step(app)


def test_the_reference_has_the_campaign_and_a_glossary_R_CAMP_XP(app_factory) -> None:
    for lang, campaign, word in (("en", "Campaign", "Leadership"), ("fr", "Campagne", "2d6")):
        app = app_factory(size=(960, 600), lang=lang)
        app.open(routes.Rules())
        step(app)
        open_page(app, campaign)
        html = app.screen.box.html_text
        assert "[R-CAMP-RET-SF]" in html and "[R-CAMP-INJ-25]" in html
        assert rule_text("R-CAMP-INJ-25", lang).split(" ")[1] in html
        open_page(app, app.t("rules.glossary"))
        html = app.screen.box.html_text
        for abbr in ("Mvt", "Cd", "CT", "CCC", "F", "R", "PV"):
            assert f"<b>{abbr}</b>" in html, abbr
        assert word in html


def test_hovering_a_cited_id_shows_its_text_in_the_window_language_GAP_62(
        app_factory, monkeypatch) -> None:
    app = app_factory(size=(960, 600), lang="fr")
    app.open(routes.Rules())
    step(app)
    open_page(app, "Campagne")
    rect, rule = next((r, h) for r, h in link_rects(app.screen.box) if h.startswith("GAP-"))
    drawn = drawn_texts(monkeypatch)
    motion(app, rect.center)
    step(app)
    shown = " ".join(t for t, _ in drawn)
    assert f"[{rule}]" in shown
    assert rule_text(rule, "fr").split("\n")[0].split(" ")[0] in shown
    # a click pins it; Esc takes the text away before it leaves the screen
    app.step([pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target=rule,
                                 ui_element=app.screen.box)])
    motion(app, (5, 5))
    drawn.clear()
    step(app)
    assert any(t == f"[{rule}]" for t, _ in drawn)
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "rules"
    drawn.clear()
    step(app)
    assert not any(t == f"[{rule}]" for t, _ in drawn)


def test_no_window_text_points_to_a_file_the_player_does_not_have() -> None:
    for path in (TRANSLATIONS / "en.json", TRANSLATIONS / "fr.json",
                 *TRANSLATIONS.glob("*/*.json")):
        texts = json.loads(path.read_text(encoding="utf-8"))
        assert not [k for k, v in texts.items() if "RULES.md" in v or "RULESETS" in v], path


def test_cited_ids_in_the_builder_and_the_new_campaign_show_their_text_R_BAND_COMP(
        app_factory, monkeypatch) -> None:
    from skirmish.app.screens.builder import BuilderScreen
    from skirmish.app.screens.campaign_new import NewCampaignScreen

    app = app_factory(size=(960, 600), lang="fr")
    app.go(lambda: BuilderScreen(app))
    step(app)
    box = app.screen.tips.boxes[0]
    rect, rule = next((r, h) for r, h in link_rects(box) if h == "R-BAND-COMP")
    drawn = drawn_texts(monkeypatch)
    motion(app, rect.center)
    step(app)
    assert "[R-BAND-COMP]" in [t for t, _ in drawn]
    app.go(lambda: NewCampaignScreen(app))
    step(app)
    tips = [b.tool_tip_text for b in app.screen.toggles]
    assert any(t and "[GAP-62]" in t and rule_text("GAP-62", "fr").split("\n")[0] in t
               for t in tips), tips


def test_a_long_section_title_ends_in_an_ellipsis_and_still_opens_its_page(app_factory) -> None:
    """At 960 × 600 '7. Passive actions (Actions Passives, AP) — optional' ran past its
    row; it ends in '…' there, a click opens it and its page shows it whole."""
    from tests.app.drive import click

    app = app_factory(size=(960, 600))
    app.open(routes.Rules())
    step(app)
    screen = app.screen
    full = next(t for t in screen.titles() if t.startswith("7. "))
    shown = screen.listed[screen.titles().index(full)]
    assert shown != full and shown.endswith("…")
    row = next(i["button_element"] for i in screen.pages.item_list if i["text"] == shown)
    click(app, row.rect.center)
    step(app, pygame.event.get())
    assert full in app.screen.box.html_text


@pytest.mark.parametrize(("ruleset", "first", "switched"), [
    ("clefs_aube", "GAP-CA-1", "ca_combat"), ("wfrp2", "GAP-WF-1", "wf_ulric"),
    ("cle_en_main", "GAP-CM-1", "cem_order"), ("kart7", "GAP-K7-1", "k7_cover")])
def test_each_ruleset_lists_its_gap_defaults_and_their_switches(app_factory, ruleset: str,
                                                               first: str, switched: str) -> None:
    """RULESETS §0.1: the rules screen of a game under another ruleset lists every GAP
    default of that ruleset, and beside a switchable one the option's value now."""
    from skirmish.app.screens.rules import RulesScreen

    app = app_factory(lang="en")
    app.go(lambda: RulesScreen(app, None, ruleset))
    step(app)
    html = app.screen.html()
    assert first in html and app.t("rules.ca_switch") in html
    assert switched in app.screen.options


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Incantation — not played on this table  [GAP-WF-22]"),
    ("fr", "Dégainer — non jouée sur cette table  [GAP-WF-6]")])
def test_wfrp_rules_list_the_actions_this_table_does_not_play_GAP_WF_22(
        app_factory, lang: str, line: str) -> None:
    """[WF-A-INCANTATION] [WF-A-DEGAINER]: the rules screen lists every action of §1.a's
    table, the four this table refuses with their reason's GAP beside the others' costs."""
    from skirmish.app.screens.rules import RulesScreen

    app = app_factory(lang=lang)
    app.go(lambda: RulesScreen(app, None, "wfrp2"))
    step(app)
    html = app.screen.html()
    assert line in html, html[:2000]
    refused = [ln for ln in html.split("<br>") if app.t("rules.wf_not_played") in ln]
    assert len(refused) == 4, refused  # Incantation, Saut, Se lever, Dégainer
