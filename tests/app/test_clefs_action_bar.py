"""Les Clefs de l'Aube's action bar as a player meets it (RULESETS §0.7): the ruleset says
which actions are open and why not — its medikit heals fatigue (GAP-CA-23), Éviter forbids
Strike and Shoot (GAP-CA-18) and says what it costs before it is taken."""

import msgspec
import pygame

from tests.app.drive import (
    activate_first,
    bar_button,
    click,
    key,
    on_board,
    reds_first,
    step,
    table_app,
)
from tests.app.drive import duel as skirmish_duel


def _ca_duel(**options):
    scn = skirmish_duel()
    return msgspec.structs.replace(scn, ruleset="clefs_aube", options={**scn.options, **options})


def _item(app, kind: str):
    return next(i for i in app.screen.bar.items if i.key == kind)


def test_medikit_heals_a_figures_own_fatigue_from_the_bar_GAP_CA_23_R_EQ_MEDIKIT():
    """GAP-CA-23: a medikit removes 3 PF(Ph); with [R-EQ-MEDIKIT]'s who-may-heal-whom, Bob
    (5 PF, no PV lost: Clefs counts none) may use his on himself — the button is open, M
    takes up the tool and a click on Bob heals him."""
    app = table_app(_ca_duel())
    screen = app.screen
    screen.state.ca["reds:bob"].pf["ph"] = 5  # as after a serious wound's 5 PF ([CA-DMG-TABLE])
    reds_first(app)
    fid = activate_first(app, rank="sous_fifre")
    assert fid == "reds:bob"
    item = _item(app, "medikit")
    assert item.enabled, item.tip
    key(app, pygame.K_m)
    assert screen.tool is not None and screen.tool.kind == "medikit"
    click(app, on_board(app, screen.state.figures[fid].pos))
    step(app, n=3)
    assert screen.state.ca[fid].fatigue() == 2
    assert screen.state.figures[fid].medikit_left == 0


def test_medikit_greyed_says_nobody_is_tired_GAP_CA_23():
    """No fatigue on Bob nor on an ally in contact: greyed, with this ruleset's reason."""
    app = table_app(_ca_duel(), lang="fr")
    reds_first(app)
    activate_first(app, rank="sous_fifre")
    item = _item(app, "medikit")
    assert not item.enabled
    assert item.tip == ("personne à soigner : aucune fatigue sur cette figurine ni sur un "
                        "allié au contact [GAP-CA-23]")


def test_after_evade_strike_and_shoot_are_greyed_with_the_reason_GAP_CA_18():
    """GAP-CA-18: once Ann evades she may not Strike or Shoot this activation: both buttons
    are greyed with the engine's reason, and S says so instead of taking up an aiming
    tool with no target."""
    app = table_app(_ca_duel())
    screen = app.screen
    reds_first(app)
    fid = activate_first(app, rank="chef")
    assert _item(app, "shoot").enabled  # Cid stands in her pistol's range
    key(app, pygame.K_v)
    assert screen.state.ca[fid].evading
    for kind in ("shoot", "strike"):
        item = _item(app, kind)
        assert not item.enabled
        assert item.tip == "Ann is avoiding blows: no Strike or Shoot this activation [GAP-CA-18]"
    key(app, pygame.K_s)
    assert screen.tool is None
    assert screen.toast is not None and "avoiding blows" in screen.toast[0], screen.toast


def test_evade_button_says_what_it_does_before_it_is_taken_GAP_CA_18():
    """GAP-CA-18 with §3.b's Chef (TP 10 with her sword, Esq 4): Éviter's button tells the
    dodge attackers would face instead of the parry — lower, so easier to hit — and that
    she could not attack this activation, in both languages, on the button's tooltip."""
    for lang, words in (
        ("en", "Evade: dodge 4 instead of parry 10 against blows until its next activation "
               "— easier to hit; no Strike or Shoot this activation"),
        ("fr", "Éviter : esquive 4 au lieu de parade 10 contre les coups jusqu'à sa prochaine "
               "activation — plus facile à toucher ; ni Frapper ni Tirer pendant cette "
               "activation"),
    ):
        app = table_app(_ca_duel(), lang=lang)
        reds_first(app)
        activate_first(app, rank="chef")
        assert _item(app, "evade").enabled
        assert bar_button(app, "evade").tool_tip_text == words
