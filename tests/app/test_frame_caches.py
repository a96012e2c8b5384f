"""What the window keeps from frame to frame, and that it is thrown away
when what it shows changes (zoom, pan, terrain, language, UI scale). Times are measured in
``skirmish bench`` (skirmish/bench/frames.py), never here."""

from __future__ import annotations

import pygame

from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.locations import SCENARIOS
from tests.app.drive import pixels

SCENARIO = str(SCENARIOS / "street_fight.toml")


def test_loading_screen_shows_its_first_frame_before_the_work_starts():
    """The scenario check runs in the loading screen's thread, started only once the first
    frame is drawn, so its imports do not hold up that frame."""
    app = App(AppConfig(scenario=SCENARIO, fixed_dt=1 / 30, animate=False))
    screen = app.screen
    assert screen.name == "loading" and screen.thread.ident is None
    app.step([])
    assert screen.drawn and app.frame == 1
    for _ in range(3000):
        app.step([])
        if app.screen is not screen:
            break
        pygame.time.wait(5)
    assert app.screen.name == "deployment"  # the table, set up for deployment


def _stale_pixels(app: App) -> int:
    """Pixels still magenta after one frame drawn over a magenta window."""
    import numpy as np

    app.window.fill((255, 0, 255))
    app.screen.painter.forget()  # drawn on from outside: the window is drawn anew
    app.step([])
    rgb = pixels(app.window)
    return int(np.count_nonzero((rgb[:, :, 0] == 255) & (rgb[:, :, 1] == 0)
                                & (rgb[:, :, 2] == 255)))


def test_table_frame_paints_every_pixel_though_the_board_is_not_cleared():
    """The app clears only the window around the board (``Screen.backdrop``): the board's
    layers cover the rest, whatever the zoom and pan, so nothing of an older frame shows."""
    from skirmish.bench.frames import battle_app

    for size in ((1280, 720), (1920, 1080)):
        app = battle_app(size=size)
        screen = app.screen
        assert screen.backdrop(app.window.get_rect()) and all(
            not r.colliderect(screen.board_rect) for r in screen.backdrop(app.window.get_rect()))
        assert _stale_pixels(app) == 0
        screen.camera.zoom(0.5)  # the table smaller than the board: dark margins around it
        for _ in range(12):  # the zoom settles and the layer is drawn at the new scale
            app.step([])
        assert _stale_pixels(app) == 0
        screen.camera.zoom(3.0)
        assert _stale_pixels(app) == 0  # while the zoom settles the old drawing is stretched
        screen.camera.pan(137, -61)
        assert _stale_pixels(app) == 0


def _board_pixels(app: App, blend: bool) -> bytes:
    """The board as drawn now, with the reach blended into the terrain layer or (as
    before) blitted over the window after it."""
    screen = app.screen
    static = screen.painter.static
    plain = static.draw
    if not blend:
        def unblended(*a: object, **kw: object) -> None:
            reach = kw.pop("reach", None)
            plain(*a, **kw)
            if reach is not None:
                reach.in_layer = False  # type: ignore[attr-defined]

        static.draw = unblended
    try:
        app.window.fill((255, 0, 255))
        screen.painter.memo.forget()  # drawn in full, not the board kept from the last frame
        screen.draw(app.window)
    finally:
        static.__dict__.pop("draw", None)
    return pygame.image.tobytes(app.window.subsurface(screen.board_rect), "RGB")


def test_reach_blended_into_the_terrain_layer_looks_the_same_and_follows_changes():
    """The Walk reach is blended into a copy of the terrain layer once; the board
    is pixel for pixel what blitting it every frame drew, after a pan, a zoom, a new tool,
    a language switch and a UI scale change (each one makes the copy again when needed)."""
    from skirmish.app.screens.table_actions import choose_tool
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen
    static = screen.painter.static

    def same() -> None:
        for _ in range(12):  # a zoom settles; the pulse of the active ring moves on
            app.step([])
        blended = _board_pixels(app, True)
        assert screen.tool.overlay.in_layer  # the tool did not draw it a second time
        assert blended == _board_pixels(app, False)

    same()
    blends = static.blends
    screen.camera.pan(40, -25)
    same()
    assert static.blends == blends  # a whole-pixel pan moves the layer, the blend stays
    screen.camera.zoom(1.4, screen.board_rect.center)
    same()
    assert static.blends == blends + 1
    choose_tool(screen, "run")  # a new tool, a new reach: blended anew
    same()
    assert static.blends == blends + 2
    app.switch_language()
    same()
    app.config.ui_scale = 1.3
    app.rebuild()
    same()
    screen.camera.zoom(0.4, screen.board_rect.center)  # the reach spills off the layer
    same()


def test_footer_ruler_and_legend_kept_until_the_zoom_language_or_scale_changes():
    """The strip under the board (scale ruler, terrain legend) is drawn once and blitted;
    a zoom redraws the ruler, a language switch or a UI scale change the legend."""
    from skirmish.app.screens.table_drawing import footer_rect
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen
    painter = screen.painter

    def strip() -> bytes:
        app.step([])
        return pygame.image.tobytes(app.window.subsurface(footer_rect(screen)), "RGB")

    first = strip()
    kept = painter._foot[1]
    assert strip() == first and painter._foot[1] is kept  # nothing changed: reused
    screen.camera.zoom(2.0, screen.board_rect.center)
    zoomed = strip()
    assert painter._foot[1] is not kept and zoomed != first  # a longer or shorter ruler
    kept = painter._foot[1]
    app.switch_language()
    screen = app.screen
    assert strip() != zoomed and painter._foot[1] is not kept  # "Ouvert", "Difficile"...
    kept = painter._foot[1]
    app.config.ui_scale = 1.3
    app.rebuild()
    legend_on = strip()
    assert painter._foot[1] is not kept
    screen.show_legend = False
    assert strip() != legend_on and painter._foot[0][2] is None  # the key off: ruler only


def _kept_board_is_a_full_drawing(app: App, what: str) -> None:
    """The next frames keep the board, and what they show is what drawing it gives."""
    memo = app.screen.painter.memo
    app.step([], dt=0.0)  # the change is drawn
    app.step([], dt=0.2)  # a zoom settles: the terrain is drawn at the new scale,
    for _ in range(3):  # then the board, twice the same: it is kept
        app.step([], dt=0.0)
    reused = memo.reused
    app.step([], dt=0.0)
    assert memo.reused == reused + 1, f"{what}: the board was drawn again"
    kept = pygame.image.tobytes(app.window, "RGB")
    memo.forget()
    app.step([], dt=0.0)
    assert memo.reused == reused + 1
    assert kept == pygame.image.tobytes(app.window, "RGB"), f"{what}: stale board"


def test_board_kept_from_the_last_frame_matches_a_full_drawing_after_each_change():
    """While nothing the board shows changes, the frame keeps the board
    the last one drew and only takes off what was drawn over it (widgets, the damage
    table). After each change — the pointer, a pan, a zoom, another tool, the damage
    table closed, a panel over the board, the language, the UI scale, a command — the
    kept board is, pixel for pixel, what drawing it anew gives."""
    from skirmish.app.screens.table_actions import choose_tool
    from skirmish.app.screens.table_input import _toggle_pause
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen

    def check(what: str) -> None:
        _kept_board_is_a_full_drawing(app, what)

    check("steady")
    me = screen.state.figures[screen.state.active]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=screen.camera.to_screen(
        (me.x - 2.0, me.y + 1.0)), rel=(0, 0), buttons=(0, 0, 0))
    app.step([motion], dt=0.0)
    check("pointer moved")
    screen.camera.pan(23, -17)
    check("pan")
    screen.camera.zoom(1.3, screen.board_rect.center)
    check("zoom")
    choose_tool(screen, "run")
    check("run tool")
    screen.show_damage = False
    check("damage table closed")
    _toggle_pause(screen)
    assert screen.pause is not None  # the pause panel, widgets over the board
    check("pause panel")
    _toggle_pause(screen)
    check("pause panel closed")
    app.switch_language()
    check("language")
    app.config.ui_scale = 0.8
    app.rebuild()
    check("UI scale")
    choose_tool(screen, "walk")
    assert screen.submit(screen.tool.click((me.x + 1.0, me.y), None))
    check("walked")
    screen.plan_banner.show(None, "Grishnak walks to the well", (200, 60, 60))
    check("a computer activation's banner, drawn by the table after the board")


def test_kept_board_under_the_tutorial_hint_and_a_toast():
    """The tutorial's translucent hint and a toast are drawn over the kept board each
    frame without darkening it frame after frame, and leave nothing when they go."""
    from tests.app.test_tutorial_and_languages import open_tutorial

    app = open_tutorial()
    screen = app.screen
    for _ in range(200):  # the opening banner fades
        app.step([])
    _kept_board_is_a_full_drawing(app, "tutorial hint")
    screen.say("✗ not now", error=True)
    _kept_board_is_a_full_drawing(app, "toast")
    screen.toast = None
    _kept_board_is_a_full_drawing(app, "toast gone")


def test_pulsing_rim_swaps_kept_pictures_that_a_move_or_zoom_throws_away():
    """The active figure's rim pulses about once a second: the board kept for each of its
    two widths is put back as the pulse goes, never drawn again, and is pixel for pixel
    what drawing the board gives at that moment; a walk or a zoom throws the pictures
    away and the board is drawn anew."""
    from skirmish.app.board.figures import ring_glow
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen
    memo = screen.painter.memo
    quarter = 0.26  # seconds: more than a quarter of the pulse, so the width changes

    def settle() -> None:
        for _ in range(20):  # the tray shown after the walk's rolls folds away
            app.step([], dt=quarter)
        for _ in range(4):  # each width drawn twice: then kept
            app.step([], dt=quarter)
            app.step([], dt=0.0)
            app.step([], dt=0.0)

    def drawn_now() -> bytes:
        """The board as drawing it in full gives, on a copy of the window."""
        scratch = app.window.copy()
        screen.painter._board(screen, scratch)
        return pygame.image.tobytes(scratch.subsurface(screen.board_rect), "RGB")

    def pulse_is_reused(what: str) -> None:
        settle()
        assert set(memo.pictures) == {0, 1}, f"{what}: a picture per width"
        for _ in range(6):
            width = ring_glow(screen.pulse + quarter)
            reused = memo.reused
            app.step([], dt=quarter)
            assert memo.reused == reused + 1, f"{what}: the board was drawn for the pulse"
            assert memo.shown == width
            kept = pygame.image.tobytes(memo.pictures[width], "RGB")
            assert kept == drawn_now(), f"{what}: a stale rim"

    pulse_is_reused("at rest")
    me = screen.state.figures[screen.state.active]
    assert screen.submit(screen.tool.click((me.x + 1.0, me.y), None))  # the Walk tool in hand
    app.step([], dt=0.0)
    walked = memo.key
    assert walked is not None and walked == screen.painter.board_key(screen, app.window), \
        "the walk threw the pictures away: those kept are of the board walked"
    pulse_is_reused("walked")
    screen.camera.zoom(1.3, screen.board_rect.center)
    app.step([], dt=0.0)
    assert not memo.pictures, "the zoom threw the pictures away"
    app.step([], dt=0.2)  # the zoom settles and the terrain is drawn at the new scale
    pulse_is_reused("zoomed")


def test_a_pan_goes_between_a_few_kept_blends_of_the_reach():
    """With the view offset by half a pixel, the reach and the terrain layer round apart
    and the reach sits one pixel either way on the layer as the board pans: the blended
    copies for those places are kept (they were made again in four frames of ten), the
    board is still what blitting the reach over the layer draws, and a new reach drops
    them."""
    from skirmish.app.board.terrain import BLENDS_KEPT
    from skirmish.app.screens.table_actions import choose_tool
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1920, 1080))
    screen = app.screen
    static, cam = screen.painter.static, screen.camera
    cam.pan(0.5, 0.5)
    app.step([])
    made = static.blends
    for step in [(1, 0), (0, 1), (-1, 0), (0, -1), (3, 2), (-3, -2)] * 4:
        cam.pan(*step)
        app.step([])
        assert len(static._with) <= BLENDS_KEPT
    assert static.blends - made <= BLENDS_KEPT - 1, "a blend was made again"
    cam.pan(1, 1)
    app.step([])
    assert _board_pixels(app, True) == _board_pixels(app, False)
    choose_tool(screen, "run")  # another reach: the walk's copies go
    app.step([])
    assert len(static._with) == 1


def test_figures_health_and_marks_read_once_per_game_step():
    """The figures' health and marks (the ruleset's figure panels) are read once per game
    step, not every frame of a pan, and read again after any command: they always equal
    what the ruleset says now."""
    from skirmish.app.board.figures import looks_of
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen
    painter = screen.painter
    kept = painter.looks(screen)
    screen.camera.pan(30, 20)
    app.step([])
    assert painter.looks(screen) is kept and kept == looks_of(screen.game)
    me = screen.state.figures[screen.state.active]
    assert screen.submit(screen.tool.click((me.x + 1.0, me.y), None))  # the Walk tool in hand
    app.step([])
    assert painter.looks(screen) is not kept
    assert painter.looks(screen) == looks_of(screen.game)


def test_damage_table_over_the_kept_board_is_blended_once_and_looks_the_same():
    """The translucent damage table over a kept board is put back from a copy of the board
    with the table blended in once; the window is pixel for pixel what blending it anew
    over a board drawn in full gives, after the pulse, a pan and a pointer move,
    and with the pause panel's widgets lying on it (then it is blended as usual)."""
    from skirmish.app.screens.table_input import _toggle_pause
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1920, 1080))
    screen = app.screen
    memo = screen.painter.memo
    used: list[bool] = []
    put_over = memo.put_over

    def watched(*a: object) -> bool:
        used.append(put_over(*a))  # type: ignore[arg-type]
        return used[-1]

    memo.put_over = watched  # type: ignore[method-assign]

    def same(what: str, copied: bool) -> None:
        for _ in range(4):
            app.step([], dt=0.26)  # the pulse moves on: each rim width kept
            app.step([], dt=0.0)
        used.clear()
        app.step([], dt=0.0)
        assert used == [copied], what
        kept = pygame.image.tobytes(app.window, "RGB")
        memo.forget()  # board drawn in full, the table blended over it
        app.step([], dt=0.0)
        assert used[-1] is False and kept == pygame.image.tobytes(app.window, "RGB"), what

    same("at rest", True)
    screen.camera.pan(40, -30)
    same("panned", True)
    me = screen.state.figures[screen.state.active]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=screen.camera.to_screen(
        (me.x + 6.0, me.y)), rel=(0, 0), buttons=(0, 0, 0))])
    same("pointer on another spot", True)
    _toggle_pause(screen)
    assert screen.pause is not None
    same("pause panel over the table", False)


def test_a_board_at_rest_that_changes_keeps_both_rim_widths_at_once():
    """When a board at rest changes (the measuring tape moved, a banner gone), the frame
    that draws it keeps it with both widths of the active figure's pulsing rim, each pixel
    for pixel what drawing the board at that width gives: the pulse then never draws the
    board, and the window shows the width of the moment."""
    from skirmish.app.board.figures import PULSE_OF_GLOW, ring_glow
    from skirmish.bench.frames import battle_app

    app = battle_app(size=(1280, 720))
    screen = app.screen
    memo = screen.painter.memo
    for _ in range(30):  # at rest: the tray folds away, the board is kept
        app.step([], dt=0.26)
    drawn: list[int] = []
    board = screen.painter._board

    def counted(*a: object) -> None:
        drawn.append(ring_glow(screen.pulse))
        board(*a)  # type: ignore[arg-type]

    screen.painter._board = counted  # type: ignore[method-assign]
    screen.tape = ((3.0, 3.0), (12.0, 9.0))
    app.step([], dt=0.0)
    now = ring_glow(screen.pulse)
    assert sorted(drawn) == [0, 1] and drawn[0] == now  # the width shown, then the other
    assert set(memo.pictures) == {0, 1} and memo.shown == now
    for glow, pulse in PULSE_OF_GLOW.items():
        assert ring_glow(pulse) == glow
        scratch = app.window.copy()
        screen.painter._board_at(screen, scratch, glow)
        assert pygame.image.tobytes(scratch.subsurface(screen.board_rect), "RGB") == \
            pygame.image.tobytes(memo.pictures[glow], "RGB"), f"width {glow}: not as drawn"
    drawn.clear()
    for _ in range(8):
        app.step([], dt=0.26)
    assert not drawn and len({ring_glow(screen.pulse + k * 0.26) for k in range(8)}) == 2
    screen.tape = None
    app.step([], dt=0.0)
    assert sorted(drawn) == [0, 1], "the tape put away: the kept widths drawn anew"
