"""Les Clefs de l'Aube in the window (RULESETS §0.7, §3.g): choosing the ruleset on the
set-up screen with its GAP-CA options, the rules screen's GAP-CA defaults, the d20 tray."""

import msgspec
import numpy as np
import pygame

from skirmish.app.screens.options_form import RULESET_NAMES
from skirmish.app.theme import GOOD
from skirmish.rules.events import D20Roll
from tests.app.drive import (
    activate_first,
    bar_button,
    click,
    duel,
    key,
    motion,
    on_board,
    press,
    step,
    table_app,
)
from tests.app.test_roll_colours import colours, log_pieces

WINDOW = (60, 140, 90)  # the window band's green (panels/dicetray.py)


def _texts(app) -> str:  # noqa: ANN001 - App
    return " ".join(str(e.text) for e in app.manager.get_root_container().elements
                    if hasattr(e, "text"))


def test_setup_picks_clefs_aube_with_its_gap_ca_options(app_factory):
    """[CA-CRIT-DIE] GAP-CA-8 switched on at set-up; the game starts under clefs_aube."""
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    assert setup.ruleset == setup.scenario.ruleset == "skirmish"
    assert "GAP-CA" not in _texts(app)
    press(app, setup.ruleset_button)
    assert setup.ruleset == "clefs_aube"
    assert "GAP-CA-8" in _texts(app) and "GAP-47" in _texts(app)  # CA and frame options
    crit = next(b for b, (k, _) in setup.form.widgets.items() if k == "ca_critical_die")
    press(app, crit)
    assert setup.form.values["ca_critical_die"] == "attacks"
    press(app, setup.start)
    assert app.screen.name == "deployment"
    game = app.screen.session.game
    assert game.ruleset.id == "clefs_aube"
    assert game.ruleset.options_to_dict(game.options)["ca_critical_die"] == "attacks"
    # the rules screen of this game lists the CA options and every GAP-CA default
    key(app, pygame.K_F1)
    assert app.screen.name == "rules"
    html = app.screen.html()
    assert "Les Clefs de l'Aube" in html and "GAP-CA-23" in html and "GAP-CA-8" in html
    assert "<b>attacks and encaissements</b>" in html and "Evade — 1 PA  [GAP-CA-18]" in html


def test_setup_ruleset_cycles_back_to_skirmish(app_factory):
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    seen = []
    for _ in RULESET_NAMES:  # every ruleset once, then Skirmish again
        press(app, setup.ruleset_button)
        seen.append(setup.ruleset)
    assert seen == ["clefs_aube", "wfrp2", "cle_en_main", "kart7", "skirmish"]
    assert "ca_combat" not in setup.form.values and "wf_ulric" not in setup.form.values
    press(app, setup.start)
    assert app.screen.session.game.ruleset.id == "skirmish"


def _ca_shot(lang: str = "en"):
    """A CA duel (GAP-CA-8 critical die on): the Chef shoots, plans one attack, d20 8,
    critical d10 1 so an extra d20 14 is added; the encaissement d20 5, d10 5."""
    scn = duel()
    scn = msgspec.structs.replace(scn, ruleset="clefs_aube",
                                  options={**scn.options, "ca_critical_die": "attacks"})
    app = table_app(scn, seed=3, lang=lang)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank == "chef")
    key(app, pygame.K_s)
    screen.game.dice.force(8, 1, 14, 5, 5)
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    key(app, pygame.K_1)  # [CA-MULTI] GAP-CA-2: one attack planned
    step(app, n=40)
    return app


def test_tray_draws_d20_and_critical_die_with_window_and_degree_CA_ND_GAP_CA_8():
    """[CA-ROLL] [CA-ND] [CA-CRIT-DIE] GAP-CA-8: the d20 roll is in the tray as drawn
    polygons (no d6 pips), its window band on 1–20, °R and ✓ in green; the log line names
    each die by kind and the window."""
    app = _ca_shot()
    screen = app.screen
    shot = next(r for r in screen.rolls if isinstance(r, D20Roll) and r.rule == "CA-SHOOT")
    assert [f.die for f in shot.faces] == ["d20", "d10", "d20"] and shot.degree == 22
    assert any(isinstance(r, D20Roll) for r, _, _, _ in screen.tray.lines)
    line = next(x for x in reversed(screen.log.lines) if x.startswith("[CA-SHOOT]"))
    nd, ca = shot.window.nd, shot.window.ca
    assert f"d20 8 · d10 1 · d20+ 14, window {nd} < d ≤ {ca} → ✓ °R 22" in line, line
    assert ("→ ✓ °R 22", GOOD, False) in log_pieces(app)
    assert "good" in colours(app, screen.tray.rect)
    px = pygame.surfarray.array3d(pygame.display.get_surface().subsurface(screen.tray.rect))
    assert (np.abs(px.astype(int) - np.array(WINDOW)).sum(axis=-1) < 6).any()  # the band


def test_d20_log_line_in_french_CA_ROLL():
    app = _ca_shot("fr")
    line = next(x for x in reversed(app.screen.log.lines) if x.startswith("[CA-SHOOT]"))
    assert "d20 8 · d10 1 · d20+ 14, fenêtre " in line and "°R 22" in line, line


def _ca_duel(**options):
    scn = duel()
    return msgspec.structs.replace(scn, ruleset="clefs_aube", options={**scn.options, **options})


def test_action_bar_offers_evade_and_greys_it_after_GAP_CA_18():
    """GAP-CA-18: Éviter is on the bar of a CA game (V), costs 1 PA, and is greyed with the
    engine's reason once taken; a Skirmish game has no such button."""
    app = table_app(duel())
    activate_first(app, rank="chef")
    assert "evade" not in [i.key for i in app.screen.bar.buttons.values()]
    app = table_app(_ca_duel())
    screen = app.screen
    fid = activate_first(app, rank="chef")
    pa = screen.state.figures[fid].pa
    press(app, bar_button(app, "evade"))
    step(app, n=3)
    assert screen.state.ca[fid].evading and screen.state.figures[fid].pa == pa - 1
    assert any("Evade" in x for x in screen.log.lines[-3:]), screen.log.lines[-3:]
    greyed = next(i for i in screen._menu() if i.kind == "evade")
    assert not greyed.enabled and greyed.rule == "GAP-CA-18"
    key(app, pygame.K_v)  # again: refused, nothing spent
    assert screen.state.figures[fid].pa == pa - 1


def test_surclassement_defender_choice_behind_the_hand_off_CA_SURCLASSEMENT():
    """[CA-SURCLASSEMENT] hot-seat: the attacker's secret manoeuvre is not in the log; the
    defender's choice waits behind the hand-off, then is asked of the defender's seat."""
    scn = _ca_duel(ca_combat="surclassement")
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))  # in contact with Ann
    scn = msgspec.structs.replace(scn, bands=(a, msgspec.structs.replace(
        b, warband=msgspec.structs.replace(wb, figures=(cid, *wb.figures[1:])))))
    app = table_app(scn, controllers={"reds": "human", "blues": "human"})
    screen = app.screen
    fid = activate_first(app, rank="chef")
    me = screen.state.figures[fid]
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != me.band and f.rank == "chef")
    key(app, pygame.K_f)
    click(app, on_board(app, screen.state.figures[target].pos))
    key(app, pygame.K_1)  # [CA-MULTI] one attack planned
    assert screen.state.pending.kind == "ca_manoeuvre" and screen.state.pending.band == me.band
    logged = len(screen.log.lines)
    key(app, pygame.K_3)  # MD, in secret
    step(app, n=3)
    pending = screen.state.pending
    assert pending.kind == "ca_manoeuvre" and pending.band != me.band
    assert screen.handoff.open and screen.handoff.band == pending.band
    assert screen.decision.panel is None  # nothing to click before the seat changes hands
    assert not any("MD" in x for x in screen.log.lines[logged:]), screen.log.lines[logged:]
    press(app, screen.handoff.button)
    step(app, n=3)
    assert screen.seat == pending.band and screen.decision.panel is not None
