"""Solo practice in the window, driven like a player: the level picker of the
set-up (kept in the save), the computer's activations shown with their plan and played
step by step or at full speed (and an all-computer game watched to its end), "retry
this activation" (marked in the log, the save, ``replay --verify`` and the replay
viewer), and the odds setting of the pause menu."""

from __future__ import annotations

import json
import time

import msgspec
import pygame
import pytest

from skirmish.ai.player import Plan
from skirmish.app.session import Session
from skirmish.app.tools import Tool
from skirmish.cli import main
from skirmish.replay import record
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.game import Retried, retry_seed
from skirmish.rules.skirmish import preview
from tests.app.drive import (
    activate_first,
    bar_button,
    click,
    duel,
    key,
    make_app,
    motion,
    on_board,
    press,
    step,
    table_app,
)


# -- 1. the level picker ------------------------------------------------------------------
def _setup(app):
    step(app)
    press(app, app.screen.buttons["new"])
    assert app.screen.name == "setup"
    app.screen.seed_entry.set_text("7")
    return app.screen


def test_setup_picks_human_or_a_computer_level_per_band_and_the_save_keeps_them(tmp_path):
    app = make_app(lang="en")
    setup = _setup(app)
    buttons = list(setup.controller_buttons)
    first, second = (setup.controller_buttons[b] for b in buttons[:2])
    seen = []
    for _ in range(4):  # human → easy → normal → hard → human
        press(app, buttons[0])
        seen.append((setup.controllers[first], buttons[0].text))
    assert seen == [("easy", "Computer · easy"), ("normal", "Computer · normal"),
                    ("hard", "Computer · hard"), ("human", "Human")]
    press(app, buttons[0])  # easy
    while setup.controllers[second] != "hard":
        press(app, buttons[1])
    press(app, setup.start)
    session = app.screen.session
    assert session.controllers[first] == session.controllers[second] == "computer"
    assert session.levels[first] == "easy" and session.levels[second] == "hard"
    assert type(session.ai[first].engine).__name__ == "SimplePlayer"  # the Skirmish engine's
    assert type(session.ai[second].engine).__name__ == "HardPlayer"
    path = tmp_path / "levels.json"
    session.save(path)
    assert json.loads(path.read_text())["meta"]["levels"] == {first: "easy", second: "hard"}
    again = Session.load(path)
    assert again.levels[first] == "easy" and again.levels[second] == "hard"
    assert again.controllers[first] == "computer"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_level_picker_words_are_whole(size, lang):
    from tests.app.screen_walk import problems, too_small_warnings

    found: list[str] = []
    with too_small_warnings() as warned:
        app = make_app(size=size, lang=lang)
        setup = _setup(app)
        for level in range(4):
            for b in list(setup.controller_buttons):
                press(app, b)
            step(app, n=2)
            found += problems(app, f"setup level {level}")
            assert not any(b.text.endswith("…") for b in setup.controller_buttons)
    assert found + warned == []


# -- 2. stepping through the computer's activations ------------------------------------------
def _to_computer_plan(app) -> None:
    """Play the human's activations (activate, end) until a computer plan is on screen."""
    screen = app.screen
    for _ in range(300):
        if screen.plan_banner.visible and screen.session.is_computer(screen.session.to_act):
            return
        if screen.human_turn():
            activate_first(app)
            key(app, pygame.K_RETURN)
        step(app)
    raise AssertionError("no computer plan shown")


def test_step_by_step_shows_the_plan_and_waits_for_next():
    app = table_app(duel(max_turns=3), controllers={"blues": "computer"}, step_computer=True)
    screen = app.screen
    _to_computer_plan(app)
    banner = screen.plan_banner
    assert banner.waiting and banner.button is not None and banner.button.visible
    plan = banner.plan
    assert isinstance(plan, Plan) and banner.words.startswith("Blues: ")
    before = len(screen.game.commands)
    step(app, n=130)  # nothing happens without Next (and the turn banner goes)
    assert len(screen.game.commands) == before and banner.waiting
    assert screen.idle_wait() >= 0.4  # waiting for Next, the window sleeps
    press(app, banner.button)
    step(app, n=3)
    assert len(screen.game.commands) > before
    acts = [e for e in screen.game.log if isinstance(e, ev.Activated)]
    assert acts[-1].figure == plan.figure  # the plan shown was the activation played
    assert plan in screen.game.log  # and it is logged too
    # the plan stays on screen a moment after, unless the human now has the move
    assert banner.visible == screen.session.is_computer(screen.session.to_act)
    # Space plays the next one the same way
    _to_computer_plan(app)
    if screen.plan_banner.waiting:
        before = len(screen.game.commands)
        key(app, pygame.K_SPACE)
        step(app, n=3)
        assert len(screen.game.commands) > before


def test_p_and_the_top_button_switch_between_step_by_step_and_full_speed():
    app = table_app(duel(), controllers={"blues": "computer"})
    screen = app.screen
    assert app.config.step_computer is False
    key(app, pygame.K_p)
    assert app.config.step_computer is True
    top = next(b for b, k in app.screen.top_buttons.items() if k == "step")
    assert top.text == "P Step by step"
    press(app, top)
    assert app.config.step_computer is False
    top = next(b for b, k in app.screen.top_buttons.items() if k == "step")
    assert top.text == "P Full speed"
    assert screen.toast is not None and "full speed" in screen.toast[0]


def test_hot_seat_has_no_step_button():
    app = table_app(duel())
    assert "step" not in app.screen.top_buttons.values()
    key(app, pygame.K_p)
    assert app.config.step_computer is False



def test_the_computers_last_plan_goes_once_the_player_has_the_move():
    """The banner speaks of the computer's last activation; once the human has the move
    it no longer hangs over the board (it stayed 3.5 s, under the wave banner or over
    figures at the board's foot), nor when the human takes up a tool."""
    app = table_app(duel(max_turns=3), controllers={"blues": "computer"})
    screen = app.screen
    _to_computer_plan(app)
    for _ in range(600):
        if screen.human_turn() and not screen.animator.busy:
            break
        step(app)
    step(app)
    assert screen.human_turn() and not screen.plan_banner.visible
    fid = activate_first(app)
    # the tool in hand: walk, or strike if the computer's charge left the figure engaged
    engaged = any(isinstance(x, c.Strike) for x in screen.game.legal_commands())
    key(app, pygame.K_f if engaged else pygame.K_w)
    assert screen.tool is not None, fid
    step(app)
    assert not screen.plan_banner.visible

@pytest.mark.parametrize("stepping", [False, True])
def test_an_all_computer_game_can_be_watched_to_the_end(stepping):
    app = table_app(duel(max_turns=2), controllers={"reds": "computer", "blues": "computer"},
                    step_computer=stepping)
    shown = set()
    for _ in range(3000):
        if app.screen.name == "results":
            break
        banner = app.screen.plan_banner
        if banner.visible:
            shown.add(banner.words)
        if stepping and banner.waiting:
            key(app, pygame.K_SPACE)
        step(app)
    assert app.screen.name == "results"
    assert len(shown) >= 2



def test_the_window_keeps_drawing_while_the_computer_thinks_and_plays_the_same_game():
    """In real time the computer chooses on a worker thread, on a copy of the game: frames
    return while it is still thinking, and the game it plays is the one the frame-stepped
    window plays with the same seeds, command for command."""
    def watch(apart: bool) -> tuple[list[str], int]:
        app = table_app(duel(max_turns=2), controllers={"reds": "computer",
                                                         "blues": "computer"})
        app.screen.session.think_apart = apart
        drawn_while_thinking = 0
        for _ in range(20000):
            if app.screen.name == "results":
                break
            step(app)
            thinking = app.screen.session._thinking
            if thinking is not None and not thinking[1].done():
                drawn_while_thinking += 1
                time.sleep(0.001)  # let the worker run
        assert app.screen.name == "results"
        return [msgspec.json.encode(cmd).decode() for cmd in
                app.screen.session.game.commands], drawn_while_thinking

    apart, waited = watch(True)
    at_once, _ = watch(False)
    assert apart == at_once
    assert waited > 0


# -- 3. retry this activation ---------------------------------------------------------------
def _shoot_once(app) -> str:
    """The human's chef activates and shoots at a legal target; returns the chef's id."""
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    key(app, pygame.K_s)
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=3)
    assert any(isinstance(e, ev.Roll) and e.dice for e in screen.game.log[-12:])
    return fid


def _my_turn(app) -> None:
    """Let the computer play until the human can activate a figure."""
    for _ in range(200):
        if app.screen.human_turn() and app.screen._ready():
            return
        step(app)
    raise AssertionError("the human never got to act")


def _retry_game(tmp_path, name: str):
    """Shoot, retry with F4, shoot again, end the activation, save (seed 1: the reds,
    human, win the initiative, so their chef is free to shoot)."""
    app = table_app(duel(passive=False), seed=1, controllers={"blues": "computer"})
    screen = app.screen
    _my_turn(app)
    kept = len(screen.game.commands)
    before_state = msgspec.json.encode(screen.state)
    fid = _shoot_once(app)
    assert screen.session.can_retry()
    key(app, pygame.K_F4)
    assert len(screen.game.commands) == kept
    assert msgspec.json.encode(screen.state) == before_state  # the position before
    assert screen.game.dice.snapshot().seed == retry_seed(screen.game.seed, 1)
    _shoot_once(app)
    press(app, bar_button(app, "end"))
    step(app, n=2)
    path = tmp_path / f"{name}.json"
    screen.save_game(path)
    return app, fid, kept, path


_PLAYED: list[tuple] = []


def _the_retry_game(tmp_path, name: str):
    """The retry game of :func:`_retry_game` played once per process for the tests that
    only read its window and its save; each gets the save written into its own folder."""
    if not _PLAYED:
        app, fid, kept, path = _retry_game(tmp_path, name)
        _PLAYED.append((app, fid, kept, path.read_bytes()))
    app, fid, kept, raw = _PLAYED[0]
    path = tmp_path / f"{name}.json"
    path.write_bytes(raw)
    return app, fid, kept, path


def test_retry_goes_back_before_the_activation_with_new_dice_and_says_so(tmp_path):
    app, fid, kept, path = _the_retry_game(tmp_path, "retry")
    screen = app.screen
    name = screen.state.figures[fid].name
    assert f"↺ Retry: activation of {name} replayed with new dice (retry 1)" in screen.log_lines
    markers = [e for e in screen.game.log if isinstance(e, Retried)]
    assert len(markers) == 1 and markers[0].kept == kept and markers[0].figure == fid
    saved = record.load(path)
    assert [(r.step, r.n, r.figure) for r in saved.retries] == [(kept, 1, fid)]
    assert saved.retries[0].discarded[0].command["type"] == "activate"
    assert record.verify(saved, str(path)) is None
    # the hashes kept as the game was played are the ones a re-run derives
    assert record.from_game(screen.game).retries == saved.retries
    loaded = Session.load(path)
    assert loaded.game.state_hash() == screen.game.state_hash()
    assert [ev.encode(e) for e in loaded.game.log if not isinstance(e, Plan)] == \
        [ev.encode(e) for e in screen.game.log if not isinstance(e, Plan)]


def test_same_commands_and_retries_make_the_same_game_byte_for_byte(tmp_path):
    a = _the_retry_game(tmp_path, "a")[3].read_bytes()  # perhaps played by another test
    b = _retry_game(tmp_path, "b")[3].read_bytes()
    strip = lambda raw: {k: v for k, v in json.loads(raw).items() if k != "meta"}  # noqa: E731
    assert strip(a) == strip(b)


def test_replay_verify_and_the_viewer_show_the_retry(tmp_path, capsys):
    from skirmish.app.screens.replay_view import ReplayScreen
    from skirmish.replay.timeline import Timeline

    path = _the_retry_game(tmp_path, "viewed")[3]
    assert main(["replay", "--verify", str(path)]) == 0
    assert "1 retried activations" in capsys.readouterr().out
    hidden = json.loads(path.read_text())
    hidden["retries"] = []
    (tmp_path / "hidden.json").write_text(json.dumps(hidden))
    assert main(["replay", "--verify", str(tmp_path / "hidden.json")]) == 1
    viewer = make_app()
    tl = Timeline.load(str(path))
    viewer.go(lambda: ReplayScreen(viewer, tl))
    step(viewer)
    mark = tl.marks_of("retry")[0]
    viewer.screen.seek(mark.step)
    step(viewer, n=20)
    assert any(line.startswith("↺ Retry: activation of") for line in viewer.screen.log.lines)


def test_retry_refused_when_there_is_nothing_to_retry_or_in_hot_seat():
    app = table_app(duel(), controllers={"blues": "computer"})
    screen = app.screen
    key(app, pygame.K_F4)
    assert screen.toast is not None and screen.toast[0].startswith("✗ Nothing to retry")
    assert screen.game.retries == []
    hot = table_app(duel())
    activate_first(hot)
    assert not hot.screen.session.can_retry()
    assert not any(i.key == "retry" for i in hot.screen.bar.items)


def test_retry_item_on_the_action_bar():
    app = table_app(duel(), seed=1, controllers={"blues": "computer"})  # the reds act first
    screen = app.screen
    _my_turn(app)
    item = next(i for i in screen.bar.items if i.key == "retry")
    assert not item.enabled and "Nothing to retry" in item.tip  # no activation of theirs yet
    fid = activate_first(app, rank="chef")
    kept = len(screen.game.commands) - 1
    key(app, pygame.K_w)
    me = screen.state.figures[fid]
    click(app, on_board(app, (me.x + 2, me.y)))
    assert len(screen.game.commands) == kept + 2 and screen.session.can_retry()
    press(app, bar_button(app, "retry"))
    assert len(screen.game.retries) == 1 and len(screen.game.commands) == kept
    assert screen.state.active is None and screen.toast is not None
    assert screen.toast[0].startswith("Back before")


# -- 4. the odds setting --------------------------------------------------------------------
def test_pause_menu_hides_and_shows_the_odds():
    app = table_app(duel(), seed=1, controllers={"blues": "computer"})  # the reds act first
    screen = app.screen
    try:
        _my_turn(app)
        activate_first(app)
        key(app, pygame.K_ESCAPE)
        assert screen.pause is not None
        odds = screen.pause.button("odds")
        assert odds.text == "Odds in previews: shown"
        press(app, odds)
        assert app.config.show_odds is False and Tool.show_odds is False
        assert screen.pause.button("odds").text == "Odds in previews: hidden"
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_c)
        target = sorted(screen.tool.targets)[0]
        motion(app, on_board(app, screen.state.figures[target].pos))
        assert "reaches contact" in screen.tool.info and "%" not in screen.tool.info
        key(app, pygame.K_ESCAPE)  # put the tool down
        key(app, pygame.K_ESCAPE)
        press(app, screen.pause.button("odds"))
        assert app.config.show_odds is True
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_c)
        motion(app, on_board(app, screen.state.figures[target].pos))
        assert "%" in screen.tool.info
    finally:
        Tool.show_odds = True


def test_pause_menu_step_setting():
    app = table_app(duel(), controllers={"blues": "computer"})
    screen = app.screen
    key(app, pygame.K_ESCAPE)
    press(app, screen.pause.button("step"))
    assert app.config.step_computer is True
    assert screen.pause.button("step").text == "Computer turns: step by step"


def test_play_step_and_no_odds_flags_reach_the_window(monkeypatch):
    import skirmish.app

    seen = []
    monkeypatch.setattr(skirmish.app, "main", lambda config: seen.append(config) or 0)
    assert main(["play", "scenarios/street_fight.toml", "--step", "--no-odds",
                 "--computer", "survivors", "--ai", "easy"]) == 0
    cfg = seen[0]
    assert cfg.step_computer and not cfg.show_odds and cfg.ai_level == "easy"
    assert cfg.controllers == {"survivors": "computer"}


def test_retry_while_the_computer_waits_for_next_goes_back_to_the_human():
    """Step by step, the human's finished activation can still be retried while the
    computer's next one waits (the computer has not played since)."""
    app = table_app(duel(max_turns=3), controllers={"blues": "computer"}, step_computer=True)
    screen = app.screen
    for _ in range(300):
        if screen.plan_banner.waiting and screen.session.can_retry():
            break
        if screen.plan_banner.waiting:
            key(app, pygame.K_SPACE)
        elif screen.human_turn() and screen._ready():
            activate_first(app)
            key(app, pygame.K_RETURN)
        step(app)
    assert screen.plan_banner.waiting and screen.session.can_retry()
    fid = screen.session.retry_from[2]
    key(app, pygame.K_F4)
    step(app, n=2)
    assert not screen.plan_banner.waiting
    assert screen.human_turn() and fid in screen._ready()
    assert screen.game.retries[-1][0].figure == fid
