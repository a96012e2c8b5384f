"""The battle table's look and feel: figures at their true size, contact marks and crowd
lists, labels that never overlap, panels beside what they ask about, words never cut,
the legend under the board (the walk through every screen is test_screen_walk.py)."""

from __future__ import annotations

import math

import msgspec
import pygame
import pytest

from skirmish.app.screens import table_drawing
from skirmish.app.screens.table_actions import choose_tool
from skirmish.app.screens.table_pointer import figures_under
from skirmish.content.scenario import TerrainPiece
from skirmish.rules import commands as c
from skirmish.rules.skirmish import preview
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    make_app,
    motion,
    on_board,
    pixels,
    reds_first,
    step,
    table_app,
    take_seat,
)
from tests.app.screen_walk import overlapping_labels, problems, too_small_warnings

SIZES = ((1280, 720), (1920, 1080))


def placed(scn, moves: dict[str, tuple[float, float]]):
    """``scn`` with figures moved to new starting points."""
    bands = []
    for entry in scn.bands:
        figs = tuple(msgspec.structs.replace(f, position=moves.get(f.id, f.position))
                     for f in entry.warband.figures)
        bands.append(msgspec.structs.replace(entry, warband=msgspec.structs.replace(
            entry.warband, figures=figs)))
    return msgspec.structs.replace(scn, bands=tuple(bands))


def to_battle(app) -> None:
    """Deploy every band automatically and take the seat of the band to act."""
    screen = app.screen
    session = screen.session
    for band in list(screen.state.deploy_order):
        session.submit(c.AutoDeploy(band=band))
        session.submit(c.EndDeployment(band=band))
    step(app, n=2)
    take_seat(app)
    step(app)


def footprint(app, fid: str) -> pygame.Rect:
    """The screen pixels a figure's drawing changes (figure shown vs. taken away)."""
    screen = app.screen
    motion(app, (2, 2))
    step(app)
    with_fig = app.window.copy()
    f = screen.state.figures[fid]
    f.status = "reserve"
    step(app)
    without = app.window.copy()
    f.status = "in_play"
    step(app)
    a = pixels(with_fig).astype(int)
    b = pixels(without).astype(int)
    diff = (abs(a - b).sum(axis=2) > 24)
    xs, ys = diff.nonzero()
    assert len(xs), "the figure draws nothing"
    return pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)


# -- defect 5: figures at their true size, in contact, crowded --------------------------------
def test_figure_base_is_its_true_size_and_grows_with_zoom_GAP_21():
    """A 1-pas base on a big table is drawn about 1 pas wide (the old tokens were at
    least 22 px whatever the zoom), and twice as wide at twice the zoom."""
    big = msgspec.structs.replace(duel(), width=72.0, height=48.0)
    app = table_app(big)
    screen = app.screen
    to_battle(app)
    fid = "blues:dan"
    f = screen.state.figures[fid]
    scale = screen.camera.scale
    box = footprint(app, fid)
    assert box.w <= f.base * scale + 8, (box, f.base * scale)
    screen.camera.zoom(2.0, screen.camera.to_screen(f.pos))
    step(app)
    box2 = footprint(app, fid)
    assert f.base * screen.camera.scale - 2 <= box2.w <= f.base * screen.camera.scale + 8
    assert box2.w > box.w + 6


def test_figures_in_contact_get_a_contact_mark_and_a_list_on_hover_GAP_16():
    """Two enemies base to base: the pair is marked where the bases touch, and pointing
    at the contact point lists both figures."""
    scn = placed(duel(), {"ann": (10.0, 12.0), "cid": (11.0, 12.0)})
    app = table_app(scn)
    screen = app.screen
    to_battle(app)
    assert ("blues:cid", "reds:ann") in screen.painter.contacts(screen)
    spot = on_board(app, (10.5, 12.0))
    motion(app, spot)
    step(app)
    assert figures_under(screen, spot)[:2] and len(figures_under(screen, spot)) == 2
    assert sorted(screen.painter.crowd) == ["Ann", "Cid"]
    # the mark itself: the contact point's pixels change when the pair is engaged
    assert {"reds:ann", "blues:cid"} <= screen._engaged()


# -- defect 6: no text collides on the board --------------------------------------------------
def test_board_labels_never_overlap_and_terrain_names_show_on_hover_or_zoom():
    app = make_app(scenario="scenarios/street_fight.toml", seed=2)
    screen = app.screen
    to_battle(app)
    cam = screen.camera
    motion(app, (screen.board_rect.x + 2, screen.board_rect.y + 2))
    step(app)
    names = [t for _, t in screen.painter.labels.placed if t]
    pieces = screen.game.table.pieces
    assert not any(p.name in n for p in pieces for n in names)  # no captions at rest
    piece = next(p for p in pieces if p.name == "Low wall")
    inside = (sum(q[0] for q in piece.polygon) / len(piece.polygon),
              sum(q[1] for q in piece.polygon) / len(piece.polygon))
    motion(app, on_board(app, inside))
    step(app)
    names = [t for _, t in screen.painter.labels.placed if t]
    assert any(n.startswith("Low wall") for n in names)
    # crowd the board: tape over the houses, the shoot tool on, zoomed in, names shown
    fid = sorted(screen._ready())[0]
    screen.selected = fid
    screen.session.submit(c.Activate(figure=fid))
    step(app)
    screen.tape = ((4.0, 8.0), (30.0, 16.0))
    cam.zoom(1.8, cam.to_screen(screen.state.figures[fid].pos))
    choose_tool(screen, "shoot")
    if screen.tool is None:
        choose_tool(screen, "walk")
    for enemy in (f for f in screen.state.figures.values() if f.band != screen.state.figures[fid].band):
        motion(app, on_board(app, enemy.pos))
        step(app)
        assert overlapping_labels(app) == []
    assert len([t for _, t in screen.painter.labels.placed if t]) >= 4


# -- defect 7: panels beside what they ask about ----------------------------------------------
def _covered(rect: pygame.Rect, app, points) -> list:
    return [p for p in points if rect.inflate(8, 8).collidepoint(on_board(app, p))]


@pytest.mark.parametrize("size", SIZES)
def test_morale_panel_leaves_the_figures_concerned_in_view_R_MORALE_SHOT(size):
    scn = placed(duel(passive=True, henchmen_pistols=False),
                 {"ann": (16.0, 9.0), "bob": (20.0, 9.0), "cid": (17.0, 15.0),
                  "dan": (20.0, 15.0)})
    app = table_app(scn, size=size)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank == "sous_fifre"
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    key(app, pygame.K_s)
    screen.game.dice.force(2, 6, 6, 2)  # miss; Subir un tir 6 + 6 fails; moves 1d3
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=2)
    assert screen.morale.panel is not None
    entry = screen.morale.queue[0]
    pts = [screen.state.figures[fid].pos, screen.state.figures[target].pos]
    if entry.move is not None:
        pts.append(entry.move.path[-1])
    rect = screen.morale.panel.rect
    assert _covered(rect, app, pts) == []
    assert all(screen.board_rect.collidepoint(on_board(app, p)) for p in pts)


def test_decision_panel_leaves_its_numbered_points_and_figure_in_view_R_MORALE_SPOT():
    wall = TerrainPiece(id="wall", name="Wall", kind="impassable", blocks_los=True,
                        height=3.0, polygon=((14.0, 0.0), (16.0, 0.0), (16.0, 16.0),
                                             (14.0, 16.0)))
    scn = placed(duel(passive=True, terrain=(wall,)),
                 {"ann": (10.0, 12.0), "bob": (4.0, 2.0), "dan": (26.0, 22.5),
                  "cid": (34.0, 2.0)})
    app = table_app(scn)
    screen = app.screen
    reds_first(app)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    key(app, pygame.K_a)
    key(app, pygame.K_w)
    screen.game.dice.force(1, 1)
    click(app, on_board(app, (10.0, 19.0)))
    step(app, n=3)
    while screen.morale.open:
        key(app, pygame.K_SPACE)
    step(app)
    take_seat(app)
    step(app, n=2)
    pending = screen.state.pending
    assert screen.decision.panel is not None and pending is not None
    pts = [o.at for o in pending.options if o.at is not None]
    if pending.figure:
        pts.append(screen.state.figures[pending.figure].pos)
    assert pts
    assert _covered(screen.decision.panel.rect, app, pts) == []


# -- defect 12: the legend is under the board, not on it ---------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_legend_does_not_cover_the_board(size):
    app = make_app(scenario="scenarios/street_fight.toml", size=size)
    step(app)
    screen = app.screen
    foot = table_drawing.footer_rect(screen)
    assert foot.h > 0 and not foot.colliderect(screen.board_rect)
    assert screen.painter.legend is not None
    assert screen.painter.legend.get_width() <= foot.w


def test_figure_names_never_overlap_when_zoomed_in_GAP_21():
    """At a zoom where every name shows, crowded figures keep their labels apart."""
    app = make_app(scenario="scenarios/street_fight.toml", seed=2)
    screen = app.screen
    to_battle(app)
    band = next(iter(screen.styles))
    figs = [f for f in screen.state.figures.values() if f.band == band]
    cx = sum(f.x for f in figs) / len(figs)
    cy = sum(f.y for f in figs) / len(figs)
    screen.camera.zoom(3.0, screen.camera.to_screen((cx, cy)))
    motion(app, screen.camera.to_screen(figs[0].pos))
    step(app)
    shown = [t for _, t in screen.painter.labels.placed if t]
    assert len(shown) >= 3
    assert overlapping_labels(app) == []
    assert math.isfinite(screen.camera.scale)


# -- comfort: the UI scale setting and an idle window that sleeps -----------------------------
def test_ui_scale_setting_makes_text_and_panels_larger_and_smaller():
    app = make_app(scenario="scenarios/street_fight.toml")
    step(app)
    before_scale = app.scale
    with too_small_warnings() as warned:
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
        step(app, n=2)
        assert app.config.ui_scale == 1.2
        assert app.scale > before_scale * 1.15 and app.text.scale == app.scale
        assert app.screen.top_rect.h > round(34 * before_scale)
        assert problems(app, "larger") == []
        key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
        for _ in range(6):
            key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
        step(app, n=2)
        assert app.config.ui_scale == 0.8 and app.scale < before_scale
        assert problems(app, "smaller") == []
        key(app, pygame.K_0, pygame.KMOD_CTRL)
        assert app.config.ui_scale == 1.0 and app.scale == before_scale
    assert warned == []


def test_idle_menu_and_table_wait_for_input_instead_of_spinning(monkeypatch):
    """The main loop sleeps in pygame.event.wait when nothing moves."""
    from skirmish.app.app import App
    from skirmish.app.config import AppConfig

    waits: list[int] = []

    def fake_wait(timeout: int = 0):
        waits.append(timeout)
        app.running = len(waits) < 3
        return pygame.event.Event(pygame.NOEVENT)

    app = App(AppConfig())  # a real clock: as a player runs it
    monkeypatch.setattr(pygame.event, "wait", fake_wait)
    real_step = app.step
    frames = []

    def step_a_few(*a, **kw):  # a loop that never sleeps still ends
        frames.append(1)
        app.running = app.running and len(frames) < 5
        return real_step(*a, **kw)

    monkeypatch.setattr(app, "step", step_a_few)
    app.run()
    assert waits and all(w >= 400 for w in waits)  # the menu sleeps half a second at most
    table = table_app(duel())
    screen = table.screen
    to_battle(table)
    step(table, n=90)  # the banner fades
    assert screen.idle_wait() >= 0.4
    activate_first(table)
    step(table, n=90)
    assert 0 < screen.idle_wait() <= 0.05  # only the active ring pulses: 20 frames a second
    screen.say("hello")
    assert screen.idle_wait() == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dice_tray_words_stay_inside_the_tray_R_SHOOT_HIT(lang, monkeypatch):
    """Every word the tray draws lies inside it: long outcomes wrap under the dice and
    the inputs wrap instead of being cut at the edge ("…if contacte")."""
    app = table_app(duel(passive=True, henchmen_pistols=False), lang=lang)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    key(app, pygame.K_s)
    screen.game.dice.force(5, 1, 6, 6, 2)
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=3)
    assert screen.tray.lines
    drawn: list[pygame.Rect] = []
    real = type(app.text).blit

    def spy(self, target, words, pos, *a, **kw):
        r = real(self, target, words, pos, *a, **kw)
        drawn.append(r)
        return r

    monkeypatch.setattr(type(app.text), "blit", spy)
    surf = pygame.Surface(app.window.get_size())
    screen.tray.cache = None
    screen.tray.draw(surf, app.text, screen.describer(), False, lambda: 1)
    assert len(drawn) > 3
    inside = pygame.Rect((0, 0), screen.tray.rect.size)  # settled dice are drawn in a cache
    assert [r for r in drawn if not inside.contains(r)] == []


def test_camera_panned_for_a_morale_panel_comes_back_when_it_closes_R_MORALE_SHOT():
    """A panel that had to pan the camera to keep its figures in view gives the player's
    view back once it closes (the board does not stay pushed into a corner)."""
    scn = placed(duel(passive=True, henchmen_pistols=False),
                 {"ann": (16.0, 9.0), "bob": (20.0, 9.0), "cid": (17.0, 15.0),
                  "dan": (20.0, 15.0)})
    app = table_app(scn, size=(1280, 720))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank == "sous_fifre"
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    view = (screen.camera.offset, screen.camera.scale)
    key(app, pygame.K_s)
    screen.game.dice.force(2, 6, 6, 2)  # miss; Subir un tir 6 + 6 fails; moves 1d3
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=2)
    assert screen.morale.panel is not None
    assert (screen.camera.offset, screen.camera.scale) != view  # it had to pan here
    for _ in range(10):
        if screen.morale.panel is None:
            break
        key(app, pygame.K_SPACE)
        step(app, n=3)
    step(app, n=2)
    assert screen.morale.panel is None
    assert (screen.camera.offset, screen.camera.scale) == view
