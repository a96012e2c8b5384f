"""A usability audit of the battle screen, driven through the real window: a Charge
button that did nothing, F3's hint unmarked with a tool in hand, the computer's last
plan left over the player's turn, range labels off the table, and reaction odds that
did not say who passes the test."""

from __future__ import annotations

import re

import pygame

from skirmish.app.screens import table_practice as practice
from skirmish.rules import events as ev
from tests.app.drive import (
    activate_first,
    bar_button,
    click,
    duel,
    key,
    motion,
    on_board,
    reds_first,
    step,
    table_app,
    take_seat,
)
from tests.app.spots import spot_scenario
from tests.app.test_tutorial_and_languages import marla_takes_up, open_tutorial


# -- 1. Charge with nobody in reach (R-ACT-CHARGE, R-ACT-CHARGE-FAIL) ----------------------
def test_charge_is_greyed_and_says_why_when_no_enemy_is_in_reach_R_ACT_CHARGE_FAIL():
    """Bob (Mvt 6: 9 pas of charge) has Cid and Dan in sight, both farther than a charge
    goes. The engine allows a charge that falls short (it becomes a Run), but the tool
    rings only the enemies a charge reaches, so C gave a tool with nothing to click. Now
    the button is greyed with the reason, and C says it."""
    for lang, words in (("en", "no enemy within reach of a charge (9 pas)"),
                        ("fr", "aucun ennemi à portée de charge (9 pas)")):
        app = table_app(duel(), lang=lang)
        screen = app.screen
        reds_first(app)
        activate_first(app, rank="sous_fifre")
        item = screen.bar.buttons[bar_button(app, "charge")]
        assert not item.enabled
        assert words in item.tip and "[R-ACT-CHARGE-FAIL]" in item.tip, item.tip
        key(app, pygame.K_c)
        assert screen.tool is None
        assert screen.toast is not None and words in screen.toast[0], screen.toast
        assert not any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
                       for e in screen.game.log)


def test_clicking_an_enemy_out_of_charge_reach_says_why_R_ACT_CHARGE_FAIL():
    """Ann's charge reaches Cid, not Dan 13.9 pas away: a click on Dan said nothing."""
    app = table_app(duel())
    screen = app.screen
    reds_first(app)
    activate_first(app, rank="chef")
    key(app, pygame.K_c)
    assert screen.tool.kind == "charge" and set(screen.tool.targets) == {"blues:cid"}
    click(app, on_board(app, screen.state.figures["blues:dan"].pos))
    assert screen.tool is not None and screen.tool.kind == "charge"
    said = screen.toast[0] if screen.toast else ""
    assert said.startswith("✗ Dan: out of reach") and "not offered" in said, said
    assert "contact 0%" not in said  # no odds for a charge that is not offered
    assert not any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
                   for e in screen.game.log)
    click(app, on_board(app, screen.state.figures["blues:cid"].pos))
    assert any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
               for e in screen.game.log)


# -- 2. F3 with a tool in hand --------------------------------------------------------------
def test_the_hint_marks_its_aim_with_a_tool_in_hand():
    """With Walk taken up, F3 said "moves to (22.2, 5.2)" and marked nothing; without a
    tool it marked the spot. Now both, and the tool's own preview stays."""
    app = table_app(duel())
    screen = app.screen
    fid = activate_first(app, rank="chef")
    key(app, pygame.K_w)
    assert screen.tool is not None and screen.tool.kind == "walk"
    key(app, pygame.K_F3)
    assert screen.hint is not None
    step(app, n=2)
    aim = practice.pointed(screen)
    assert aim is not None, "the hint is not marked with a tool in hand"
    plan = screen.hint[0]
    assert aim[0] == screen.state.figures[fid].pos
    if "x" in plan.params:
        assert aim[1] == (plan.params["x"], plan.params["y"])
    assert aim[2] in [w for _, w in screen.painter.labels.placed]
    assert screen.tool is not None and screen.tool.kind == "walk"
    step(app, n=130)  # the hint stays until put away, and its mark with it
    assert practice.pointed(screen) == aim
    key(app, pygame.K_ESCAPE)  # the tool is put down first
    assert screen.tool is None and practice.pointed(screen) == aim
    key(app, pygame.K_ESCAPE)
    assert screen.hint is None and practice.pointed(screen) is None


# -- 3. The computer's last plan -----------------------------------------------------------
def _play_until_the_human_has_the_move(app, step_mode: bool) -> bool:
    """Frames until the computer's turn hands over to the human; True if a plan was
    shown meanwhile. Step by step, Space lets each waiting activation go."""
    screen = app.screen
    shown = False
    for _ in range(900):
        step(app)
        take_seat(app)
        band = screen.session.to_act
        if screen.session.is_computer(band):
            shown |= screen.plan_banner.visible
            if step_mode and screen.plan_banner.waiting:
                assert screen.plan_banner.button is not None  # Next ▶ is there
                key(app, pygame.K_SPACE)
            continue
        if shown:
            return True
        if screen.human_turn() and screen.state.active is None:
            if screen._ready():
                activate_first(app)
                key(app, pygame.K_RETURN)
            else:
                key(app, pygame.K_n)
    return shown


def test_the_computer_plan_goes_once_the_human_has_the_move():
    """The computer's last plan stayed 3.5 s into the player's turn, under the wave
    banner or over figures at the board's foot; now it goes when the human has the
    move, at full speed and step by step (where Next still holds each activation)."""
    for step_mode in (False, True):
        app = table_app(duel(max_turns=3), controllers={"blues": "computer"},
                        step_computer=step_mode)
        screen = app.screen
        assert _play_until_the_human_has_the_move(app, step_mode)
        step(app, n=2)
        assert screen.human_turn()
        assert not screen.plan_banner.visible, screen.plan_banner.words
        assert screen.plan_banner.button is None
        assert practice.pointed(screen) is None


# -- 4. Range bands' words on the table ----------------------------------------------------
def test_range_labels_stay_on_the_shown_table_R_SHOOT_RANGE():
    """In the tutorial at 1280 × 720 Marla's PM and PL labels sat on the dark margin
    above the table, under the tutorial's box; each band's words now lie on the part of
    the table the board shows."""
    app = open_tutorial()
    screen = app.screen
    marla_takes_up(app, pygame.K_s)
    target = sorted(screen.tool.targets)[0]
    motion(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=2)
    cam = screen.camera
    a, b = cam.to_screen((0.0, 0.0)), cam.to_screen((cam.width, cam.height))
    shown = pygame.Rect(a, (b[0] - a[0], b[1] - a[1])).clip(screen.board_rect)
    placed = [(r, w) for r, w in screen.painter.labels.placed
              if w.split(" ")[0] in ("short", "medium", "long")]
    assert placed
    for rect, words in placed:
        assert shown.contains(rect), (words, rect, shown)


# -- 5. Who passes which test --------------------------------------------------------------
def test_reaction_odds_name_who_passes_the_test_R_MORALE_SHOT():
    """"'Subir un tir' test Grub 58%" is the chance that the target passes, which a
    shooter read as the chance of an effect: "passes 'Subir un tir': Grub 58%"."""
    for lang, right, wrong in (
            ("en", r"passes the Being-shot-at test: {name} \d+%", "'Subir un tir' test"),
            ("fr", "réussit « Subir un tir » : {name} \\d+\u00a0%", "test « Subir un tir »")):
        app = open_tutorial(lang)
        screen = app.screen
        marla_takes_up(app, pygame.K_s)
        target = sorted(screen.tool.targets)[0]
        motion(app, on_board(app, screen.state.figures[target].pos))
        info = screen.tool.info
        name = screen.state.figures[target].name
        assert re.search(right.format(name=name), info) and wrong not in info, info


def test_spot_odds_name_who_passes_the_test_R_MORALE_SPOT():
    """The walk's preview said "Spot test Dan 92%": now "passes the Spot test: Dan 92%",
    each test once however many figures take it."""
    for lang, words in (("en", "passes the Spot test: Dan "),
                        ("fr", "réussit « Apercevoir l'ennemi » : Dan ")):
        app = table_app(spot_scenario(), lang=lang)
        screen = app.screen
        reds_first(app)
        click(app, on_board(app, screen.state.figures["reds:ann"].pos))
        key(app, pygame.K_a)
        key(app, pygame.K_w)
        motion(app, on_board(app, (10.0, 19.0)))
        assert words in screen.tool.info, screen.tool.info
        assert screen.tool.info.count(words.split(":")[0]) == 1, screen.tool.info
