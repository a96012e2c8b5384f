"""Motion on the table: a move slides along its path, a shot is traced from the shooter to
its target, a figure put out of action topples and lies down; any key skips them, the
pause menu plays them three times as fast, and the computer's moves play at the pace of
a player's (ARCHITECTURE convention 4: the engine never waits on them)."""

from __future__ import annotations

import math

import pygame

from skirmish.app.anim import FALL, TRACE
from skirmish.app.theme import SIGHT
from skirmish.rules.skirmish import preview
from tests.app.drive import activate_first, click, duel, key, on_board, press, step, table_app


def shot_at_bob(pv: int = 2):
    """Cid, the Blues' Chef, shoots Bob (hit, then the damage table's 6); Bob at ``pv``."""
    app = table_app(duel(), animate=True)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    assert fid == "blues:cid"
    bob = screen.state.figures["reds:bob"]
    assert preview.shot_preview(screen.game, fid, "pistol", bob.id).legal
    bob.pv = pv
    key(app, pygame.K_s)
    screen.game.dice.force(6, 6, 6)
    click(app, on_board(app, bob.pos))
    return app, screen, screen.state.figures[fid], bob


def base_pixels(app, fid: str) -> bytes:
    screen = app.screen
    f = screen.state.figures[fid]
    c = on_board(app, f.pos)
    r = round(f.base / 2 * screen.camera.scale)
    rect = pygame.Rect(c[0] - r + 2, c[1] - r + 2, 2 * r - 4, 2 * r - 4)
    return pygame.image.tobytes(app.window.subsurface(rect), "RGB")


def test_a_shot_is_traced_from_the_shooter_to_its_target_R_SHOOT_HIT() -> None:
    app, screen, cid, bob = shot_at_bob()
    trace = screen.animator.traces[0]
    assert (trace.a, trace.b, trace.hit) == (cid.pos, bob.pos, True)
    step(app, n=round(TRACE * 30 * 0.6))  # three fifths of its way
    a = on_board(app, cid.pos)
    head = on_board(app, trace.head())
    assert 0.3 < math.dist(a, head) / math.dist(a, on_board(app, bob.pos)) < 0.95
    mid = ((a[0] + head[0]) // 2, (a[1] + head[1]) // 2)
    near = [app.window.get_at((mid[0] + dx, mid[1] + dy))[:3]
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert tuple(SIGHT) in near, near  # the hit's line, drawn as it flies
    key(app, pygame.K_x)  # any key: the trace is done at once
    assert not screen.animator.busy


def test_a_figure_put_out_of_action_topples_and_lies_down_R_DMG_TABLE() -> None:
    """[R-DMG-TABLE] Bob at his last PV is put out of action: he falls after the shot's
    trace, drawn neither standing nor lying half-way down, then lies."""
    app, screen, _, bob = shot_at_bob(pv=1)
    assert bob.status == "out_of_action"
    assert screen.animator.falling() == {bob.id: 0.0}  # standing until the trace lands
    standing = base_pixels(app, bob.id)
    step(app, n=round(TRACE * 30) + 1)
    step(app, n=round(FALL * 30 / 2))
    assert 0.3 < screen.animator.falling()[bob.id] < 0.8
    halfway = base_pixels(app, bob.id)
    step(app, n=round(FALL * 30))
    assert not screen.animator.busy
    step(app)
    lying = base_pixels(app, bob.id)
    assert len({standing, halfway, lying}) == 3


def test_the_pause_menu_plays_the_motion_three_times_as_fast() -> None:
    app = table_app(duel(), animate=True)
    screen = app.screen
    key(app, pygame.K_ESCAPE)
    press(app, screen.pause.button("motion"))
    assert app.config.fast_motion and screen.animator.speed == 3.0
    assert screen.pause.button("motion").text == "Moves and shots: fast"
    key(app, pygame.K_ESCAPE)
    screen.animator.trace((1.0, 1.0), (20.0, 1.0), True)
    step(app, n=round(TRACE * 30 / 3) + 1)
    assert not screen.animator.traces


def test_the_computer_moves_at_a_readable_pace_R_TURN_WAVE() -> None:
    """The computer's Blues play: their move slides along its path over several frames,
    and their next command waits for it to end, then for ``ai_delay``."""
    app = table_app(duel(), controllers={"blues": "computer"}, animate=True, ai_delay=0.35)
    screen = app.screen
    seen: list[int] = []  # the commands played, each frame a computer's move slides
    for _ in range(600):
        step(app)
        slides = screen.animator.slides
        if slides and screen.session.is_computer(screen.state.figures[slides[0].figure].band):
            seen.append(len(screen.game.commands))
        elif seen:
            break
    assert len(seen) >= 5 and len(set(seen)) == 1, seen  # the game waits on the slide
    played = len(screen.game.commands)
    step(app, n=round(0.35 * 30) - 2)
    assert len(screen.game.commands) == played  # and then on the computer's delay
