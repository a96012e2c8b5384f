"""The computer's one-line plan says what the figure does: a flight from a melee
([R-ACT-FLEE], GAP-55) is not "holds", a blow at a fallen figure (GAP-51) "finishes off"
rather than "100 % to take them out of action"; and F3's "The computer would play…",
on show when the language changes (F2), is said again in the new language, as the plan
banner is. Every level, Skirmish and Les Clefs de l'Aube, in English and French."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from skirmish.app.app import App
from skirmish.app.screens import table_practice as practice
from skirmish.app.screens.table import TableScreen
from skirmish.app.session import Session
from skirmish.app.tools import Tool
from tests.app.drive import (
    activate_first,
    duel,
    key,
    make_app,
    reds_first,
    step,
    table_app,
    take_seat,
)

CASES = [("skirmish", "en"), ("clefs_aube", "fr")]


def hinted(ruleset: str, lang: str, level: str, *, fallen: bool = False,
           routing: bool = False) -> App:
    """Ann (the Reds' Chef) in contact with Cid (the Blues'), activated; F3 pressed.
    ``fallen``: Cid is already out of action; ``routing``: Ann is routing, so she must
    flee the melee (GAP-55)."""
    scn = duel()
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))  # touching Ann
    scn = msgspec.structs.replace(scn, ruleset=ruleset, bands=(a, msgspec.structs.replace(
        b, warband=msgspec.structs.replace(wb, figures=(cid, *wb.figures[1:])))))
    app = make_app(lang=lang)
    session = Session.new(scn, 3, None, {}, level=level)
    app.go(lambda: TableScreen(app, session))
    step(app)
    reds_first(app)
    figures = app.screen.state.figures
    if fallen:
        figures["blues:cid"].status, figures["blues:cid"].pv = "out_of_action", 0
    figures["reds:ann"].routing = routing
    assert activate_first(app, rank="chef") == "reds:ann"
    key(app, pygame.K_F3)
    return app


def said(app: App) -> str:
    """F3's hint, on show until put away."""
    hint = app.screen.hint
    assert hint is not None
    return hint[1]


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_flight_from_a_melee_is_said_not_holds_R_ACT_FLEE_GAP_55(ruleset, lang, level):
    app = hinted(ruleset, lang, level, routing=True)
    t = app.t
    assert said(app) == t("ai.hint", plan=t("ai.plan_flee", figure="Ann")), said(app)


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_blow_at_a_fallen_figure_finishes_it_off_GAP_51(ruleset, lang, level):
    """Under the Clefs a fallen figure is hit without a roll and any wound kills (GAP-51,
    [CA-MELEE]): certain. A Skirmish blow may still fail to kill: the line says it tries,
    with that chance, and never the chance to take out of action one already down."""
    app = hinted(ruleset, lang, level, fallen=True)
    t = app.t
    sure = t("ai.hint", plan=t("ai.plan_finish_plain", figure="Ann", target="Cid"))
    tries = {t("ai.hint", plan=t("ai.plan_finish", figure="Ann", target="Cid", pct=n))
             for n in range(100)}
    if ruleset == "clefs_aube" or level == "easy":  # the easy level quotes no chance
        assert said(app) == sure, said(app)
    else:
        assert said(app) in tries, said(app)


@pytest.mark.parametrize("ruleset", ["skirmish", "clefs_aube"])
def test_f2_says_the_f3_hint_on_show_in_the_new_language(ruleset):
    """F3, then F2: the hint's words change language with the window (they stayed in
    English under a French window), and again on the way back."""
    app = hinted(ruleset, "en", "normal", routing=True)
    t = app.t
    assert said(app) == t("ai.hint", plan=t("ai.plan_flee", figure="Ann"))
    key(app, pygame.K_F2)
    step(app)
    assert t.lang == "fr"
    assert said(app) == t("ai.hint", plan=t("ai.plan_flee", figure="Ann")), said(app)
    assert said(app).startswith("L'ordinateur jouerait")
    key(app, pygame.K_F2)
    step(app)
    assert said(app) == "The computer would play: Ann flees the melee", said(app)


def test_turning_the_odds_off_hides_them_in_the_f3_hint_on_show_GAP_51():
    """Playing blind from the pause menu while F3's hint is up: its chance goes at once."""
    app = hinted("skirmish", "en", "normal", fallen=True)
    assert "%" in said(app)
    try:
        practice.toggle_odds(app.screen)
        t = app.t
        assert said(app) == t("ai.hint", plan=t("ai.plan_finish_plain", figure="Ann",
                                                  target="Cid")), said(app)
    finally:
        Tool.show_odds = True  # a class-wide setting: the next tests play with odds


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_f3_in_the_deployment_says_what_the_band_would_do_R_DEPLOY(lang):
    """[R-DEPLOY] F3 while a band deploys named the bare command, "AutoDeploy", in
    English in a French window; now the band deploys its figures, then ends its
    deployment, in the window's language."""
    app = table_app(duel(placed=False), lang=lang)
    t = app.t
    take_seat(app)
    key(app, pygame.K_F3)
    assert said(app) == t("ai.hint", plan=t("ai.plan_auto_deploy", band="Reds")), said(app)
    key(app, pygame.K_a)  # the Reds deploy automatically
    take_seat(app)
    key(app, pygame.K_F3)
    assert app.screen.state.phase == "deployment" and app.screen.session.to_act == "reds"
    assert said(app) == t("ai.hint", plan=t("ai.plan_end_deployment", band="Reds")), said(app)
