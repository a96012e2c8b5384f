"""Every rule ID the table cites shows its text: the dice tray's and the log's lines, a
morale test's panel, the replay viewer's tray and log — hovered or clicked, in the
window's language, from the rules reference shipped with the program."""

from __future__ import annotations

import pygame

from skirmish.app.rule_texts import rule_text
from skirmish.app.rule_tips import link_rects
from skirmish.rules.skirmish import preview
from tests.app.drive import (
    activate_first,
    click,
    drawn_texts,
    duel,
    key,
    motion,
    on_board,
    step,
    table_app,
    viewer,
)
from tests.app.test_battle import enemy_of


def shoot(app, dice: tuple[int, ...]) -> None:  # noqa: ANN001
    """The Reds' Chef shoots a Blue Sous-fifre with its pistol, the dice forced."""
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(e for e in enemy_of(screen, fid)
                  if screen.state.figures[e].rank == "sous_fifre"
                  and preview.shot_preview(screen.game, fid, "pistol", e).legal)
    key(app, pygame.K_s)
    screen.game.dice.force(*dice)
    at = on_board(app, screen.state.figures[target].pos)
    motion(app, at)
    click(app, at)
    step(app)


def test_the_tray_and_the_log_show_a_cited_rule_on_hover_and_pin_it_on_click_R_SHOOT_HIT(
        monkeypatch) -> None:
    app = table_app(duel(), size=(1920, 1080))  # wide enough that the tray and log stay pinned
    screen = app.screen
    shoot(app, (6, 1, 1))  # hits, no wound
    step(app)
    tray = [(r, rule) for r, rule in screen.tray.spots if rule == "R-SHOOT-HIT"]
    log = [(r, rule) for r, rule in screen.log.rule_spots() if rule == "R-SHOOT-HIT"]
    assert tray and log
    assert all(screen.tray.rect.contains(r) for r, _ in screen.tray.spots)
    assert all(screen.log.body.contains(r) for r, _ in screen.log.rule_spots())
    drawn = drawn_texts(monkeypatch)
    for rect, _ in (tray[0], log[-1]):
        drawn.clear()
        motion(app, rect.center)
        step(app)
        words = [t for t, _ in drawn]
        assert "[R-SHOOT-HIT]" in words  # the tip's heading
        assert rule_text("R-SHOOT-HIT", "en").split(" ")[0] in " ".join(words)
    # a click pins it while the pointer goes elsewhere; Esc takes it away, not the game
    click(app, log[-1][0].center)
    motion(app, screen.board_rect.center)
    drawn.clear()
    step(app)
    assert "[R-SHOOT-HIT]" in [t for t, _ in drawn]
    key(app, pygame.K_ESCAPE)
    assert screen.pause is None and screen.tips.pinned is None
    drawn.clear()
    step(app)
    assert "[R-SHOOT-HIT]" not in [t for t, _ in drawn]


def test_the_tip_is_in_the_window_s_language(monkeypatch) -> None:
    app = table_app(duel())
    shoot(app, (6, 1, 1))
    app.switch_language()
    step(app, n=2)
    rect, rule = next(s for s in app.screen.tray.spots if s[1] == "R-SHOOT-HIT")
    drawn = drawn_texts(monkeypatch)
    motion(app, rect.center)
    step(app)
    said = " ".join(t for t, _ in drawn)
    assert rule_text(rule, "fr") != rule_text(rule, "en")
    assert rule_text(rule, "fr").split(" ")[0] in said


def test_a_morale_panel_links_its_test_to_its_rule_R_MORALE_SHOT(monkeypatch) -> None:
    app = table_app(duel(passive=True, henchmen_pistols=False))
    screen = app.screen
    shoot(app, (2, 6, 6, 2))  # a miss (no jam); Subir un tir 6 + 6 fails
    assert screen.morale.open and screen.morale.box is not None
    step(app)
    links = [(r, h) for r, h in link_rects(screen.morale.box) if h == "R-MORALE-SHOT"]
    assert links and screen.morale.box in screen.tips.boxes
    drawn = drawn_texts(monkeypatch)
    motion(app, links[0][0].center)
    step(app, n=2)
    assert screen.tips.under(links[0][0].center) == "R-MORALE-SHOT"
    assert "[R-MORALE-SHOT]" in [t for t, _ in drawn]


def test_the_replay_viewer_s_tray_and_log_show_their_rules_R_SHOOT_HIT(tmp_path,
                                                                       monkeypatch) -> None:
    from skirmish.replay import record

    app = table_app(duel())
    shoot(app, (6, 1, 1))
    path = tmp_path / "duel.replay.json"
    record.save(record.from_game(app.screen.game), path)
    app = viewer(path)
    scr = app.screen
    scr.seek(scr.tl.length)
    step(app, n=10)
    found = [s for s in (*scr.tray.spots, *scr.log.rule_spots()) if s[1] == "R-SHOOT-HIT"]
    assert len(found) >= 2
    drawn = drawn_texts(monkeypatch)
    for rect, _ in found[:2]:
        drawn.clear()
        motion(app, rect.center)
        step(app)
        assert "[R-SHOOT-HIT]" in [t for t, _ in drawn]
