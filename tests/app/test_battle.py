"""A turn on the table with synthetic input: activate, walk, shoot, charge, strike,
undo, decisions, morale panels, the damage table, hand-off, save/load, the end."""

import math
import os

import pygame

from skirmish.app.session import Session
from skirmish.rules import events as ev
from skirmish.rules.skirmish import preview
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
    take_seat,
)


def enemy_of(screen, fid):
    me = screen.state.figures[fid]
    return sorted(f.id for f in screen.state.figures.values()
                  if f.band != me.band and f.status == "in_play")


def test_walk_shows_reach_path_and_moves_R_ACT_WALK():
    app = table_app(duel())
    screen = app.screen
    assert screen.name == "battle"
    fid = activate_first(app)
    me = screen.state.figures[fid]
    start = me.pos
    key(app, pygame.K_w)
    assert screen.tool is not None and screen.tool.kind == "walk"
    goal = (start[0] + 4, start[1])
    motion(app, on_board(app, goal))
    assert screen.tool.path is not None
    assert "4.0" in screen.tool.info  # path length in pas under the pointer
    click(app, on_board(app, goal))
    assert math.dist(me.pos, goal) < 0.2
    assert me.pa == 2  # a Chef: 3 PA, Walk costs 1
    assert "PA ●●○ (2/3 left)" in screen.card.box.html_text
    assert any(isinstance(e, ev.Moved) for e in screen.game.log)
    # undo (no dice were rolled)
    key(app, pygame.K_u)
    assert math.dist(me.pos, start) < 1e-6 if (me := screen.state.figures[fid]) else False


def test_shoot_preview_numbers_match_engine_and_dice_tray_R_SHOOT_HIT():
    app = table_app(duel())
    screen = app.screen
    fid = activate_first(app)
    target = next(e for e in enemy_of(screen, fid)
                  if preview.shot_preview(screen.game, fid, "pistol", e).legal)
    key(app, pygame.K_s)
    assert screen.tool.kind == "shoot" and target in screen.tool.targets
    motion(app, on_board(app, screen.state.figures[target].pos))
    pv = preview.shot_preview(screen.game, fid, "pistol", target)
    info = screen.tool.info
    assert f"to hit {pv.need}+" in info and f"damage {pv.damage_need}+" in info
    assert f"{round(pv.p_hit * 100)}%" in info
    assert screen.hover_line(screen.describer()) == info
    key(app, pygame.K_d)  # the damage table highlights F and R of this shot
    assert screen.show_damage
    assert screen._damage_focus()[0] == screen.game.book.ranged_weapons["pistol"].force
    key(app, pygame.K_d)
    click(app, on_board(app, screen.state.figures[target].pos))
    hit = [r for r in screen.rolls if r.rule == "R-SHOOT-HIT"]
    assert hit and hit[0].need == pv.need and hit[0].target == target
    assert any("[R-SHOOT-HIT]" in line for line in screen.log.lines)
    assert not screen.game.can_undo()  # dice make the action final


def test_charge_then_strike_R_ACT_CHARGE_R_ACT_STRIKE():
    """[R-ACT-CHARGE]"""
    app = table_app(duel())
    screen = app.screen
    fid = activate_first(app)
    key(app, pygame.K_c)
    target = sorted(screen.tool.targets)[0]
    motion(app, on_board(app, screen.state.figures[target].pos))
    assert screen.tool.preview is not None and screen.tool.preview.reaches
    click(app, on_board(app, screen.state.figures[target].pos))
    assert any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
               for e in screen.game.log)
    assert target in screen._engaged() and fid in screen._engaged()
    menu = {i.kind: i for i in screen._menu()}
    assert not menu["walk"].enabled and menu["walk"].rule  # greyed, with the rule
    assert menu["strike"].enabled
    key(app, pygame.K_f)
    assert screen.tool.kind == "strike" and target in screen.tool.targets
    motion(app, on_board(app, screen.state.figures[target].pos))
    assert "to hit" in screen.tool.info
    click(app, on_board(app, screen.state.figures[target].pos))
    assert any(r.rule == "R-MELEE-HIT" for r in screen.rolls)


def test_disabled_action_says_why_on_hover():
    app = table_app(duel())
    screen = app.screen
    activate_first(app)
    f = screen.state.figures[screen.state.active]
    while f.pa > 1:
        press(app, bar_button(app, "walk"))
        click(app, on_board(app, (f.x + 1.5, f.y)))
    run = bar_button(app, "run")  # Run needs 2 PA; one is left
    assert not run.is_enabled
    motion(app, run.rect.center)
    line = screen.hover_line(screen.describer())
    assert line.startswith("✗") and "[R-TURN-PA]" in line


def test_morale_panel_for_a_failed_shot_test_R_MORALE_SHOT():
    app = table_app(duel(passive=True, henchmen_pistols=False))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(e for e in enemy_of(screen, fid)  # a Sous-fifre with no ranged weapon
                  if screen.state.figures[e].rank == "sous_fifre"
                  and preview.shot_preview(screen.game, fid, "pistol", e).legal)
    key(app, pygame.K_s)
    screen.game.dice.force(2, 6, 6, 2)  # miss (no jam); Subir un tir 6 + 6 fails; 1d3
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app)
    assert screen.morale.open and screen.morale.panel is not None
    html = screen.morale.html(screen.morale.queue[0], screen.describer())
    assert "Subir un tir" in html and "6 + 6 = 12" in html and "R-MORALE-SHOT" in html
    key(app, pygame.K_SPACE)
    assert not screen.morale.open


def test_hand_off_between_two_humans():
    app = table_app(duel())
    screen = app.screen
    step(app, n=2)
    assert screen.handoff.open
    band = screen.session.to_act
    assert screen.describer().band(band) in screen.handoff.panel.get_container().elements[0].html_text
    take_seat(app)
    assert screen.seat == band and not screen.handoff.open
    fid = activate_first(app)
    key(app, pygame.K_RETURN)  # end the activation
    assert screen.state.figures[fid].activated
    step(app, n=2)
    if screen.session.to_act != band:
        assert screen.handoff.open


def test_save_and_load_reproduce_the_game(tmp_path):
    app = table_app(duel())
    screen = app.screen
    activate_first(app)
    key(app, pygame.K_w)
    f = screen.state.figures[screen.state.active]
    click(app, on_board(app, (f.x + 3, f.y)))
    key(app, pygame.K_F5)
    saves = list((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1
    again = Session.load(saves[0])
    assert again.game.state_hash() == screen.game.state_hash()


def test_a_short_game_to_the_results_screen():
    app = table_app(duel(max_turns=1))
    screen = app.screen
    for _ in range(200):
        if app.screen is not screen:
            break
        take_seat(app)
        s = screen.state
        if s.pending is not None:
            key(app, pygame.K_1)
        elif s.active is None and screen._ready():
            activate_first(app)
        elif s.active is not None:
            key(app, pygame.K_RETURN)
        else:
            step(app)
    step(app, n=40)
    assert app.screen.name == "results"
    assert "VP" in app.screen.box.html_text
    assert app.screen.campaign is None  # GAP-61/62: a single game has no post-game
    press(app, app.screen.table)  # back to the table: the final position and the log
    step(app, n=60)
    assert app.screen.name == "battle" and app.screen.game.over and app.screen.log.lines
    back = next(b for b, k in app.screen.top_buttons.items() if k == "results")
    press(app, back)
    assert app.screen.name == "results"


def test_computer_band_plays_by_itself():
    app = table_app(duel(max_turns=1), controllers={"reds": "computer", "blues": "computer"})
    for _ in range(600):
        step(app)
        if app.screen.name == "results":
            break
    assert app.screen.name == "results"


def test_decision_owed_by_the_other_player_hands_off_and_answers_R_MORALE_SPOT():
    from skirmish.content.scenario import TerrainPiece

    wall = TerrainPiece(id="wall", name="Wall", kind="impassable", blocks_los=True,
                        height=3.0, polygon=((14.0, 0.0), (16.0, 0.0), (16.0, 16.0),
                                             (14.0, 16.0)))
    scn = duel(passive=True, terrain=(wall,))
    bands = scn.bands
    import msgspec

    def moved(entry, fid, at):
        figs = tuple(msgspec.structs.replace(f, position=at) if f.id == fid else f
                     for f in entry.warband.figures)
        return msgspec.structs.replace(entry, warband=msgspec.structs.replace(
            entry.warband, figures=figs))

    reds = moved(moved(bands[0], "ann", (10.0, 12.0)), "bob", (4.0, 2.0))
    blues = moved(moved(bands[1], "dan", (26.0, 20.0)), "cid", (34.0, 2.0))
    scn = msgspec.structs.replace(scn, bands=(reds, blues))
    app = table_app(scn)
    screen = app.screen
    for _ in range(4):  # let the blues end their first wave if they won the initiative
        take_seat(app)
        if screen.session.to_act == "blues" and screen.state.active is None:
            key(app, pygame.K_n)
    assert screen.session.to_act == "reds"
    take_seat(app)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    key(app, pygame.K_a)
    key(app, pygame.K_w)
    screen.game.dice.force(1, 1)  # Dan's Spot test passes: a free shot is offered
    click(app, on_board(app, (10.0, 19.0)))
    step(app, n=3)
    assert screen.state.pending is not None and screen.state.pending.band == "blues"
    assert screen.morale.open  # the Spot test is shown first
    while screen.morale.open:
        key(app, pygame.K_SPACE)
    step(app)
    assert screen.handoff.open  # the Blues' player must take the seat to answer
    take_seat(app)
    step(app, n=2)
    assert screen.decision.panel is not None and screen.decision.buttons
    if os.environ.get("SKIRMISH_SHOTS"):
        pygame.image.save(app.window, os.path.join(os.environ["SKIRMISH_SHOTS"], "decision.png"))
    hold = next(b for b, k in screen.decision.buttons.items() if k == "hold")
    press(app, hold)
    assert screen.state.pending is None
