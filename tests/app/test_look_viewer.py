"""The replay viewer's look: as on the battle screen, the ruler and the terrain
legend sit in a strip under the board, never over it (defect 12 for the viewer), and the
board's names come in the window's language."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.i18n import Translator
from skirmish.app.replay_export import write_png
from skirmish.replay.timeline import Timeline
from tests.app.drive import make_app, press, step, viewer
from tests.app.screen_walk import problems, too_small_warnings
from tests.replay.games import replay_file


@pytest.fixture(scope="module")
def brawl(tmp_path_factory):
    """A three-band game (the shipped brawl: its idol is an objective), loaded once: the
    viewer is put back at its start for each test, and nothing here writes to it."""
    return Timeline.load(str(replay_file(tmp_path_factory.mktemp("src"), 3, seed=5)))


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_viewer_legend_and_ruler_under_the_board_not_over_it(brawl, size):
    """Defect 12 in the viewer: the board's pixels are the same with and without the
    legend; the legend is drawn in the footer between the board and the time bar."""
    app = viewer(brawl, size=size)
    scr = app.screen
    scr.seek(scr.tl.length // 2)
    step(app, n=2)
    foot, board = scr.footer_rect, scr.board_rect
    assert foot.top == board.bottom and foot.h > 0 and foot.w == board.w
    assert foot.bottom <= scr.timebar.rect.top
    with_legend = app.window.copy()
    legend, scr.painter.legend = scr.painter.legend, None
    step(app)
    without = app.window.copy()
    scr.painter.legend = legend
    assert pixels(with_legend, board) == pixels(without, board)
    assert pixels(with_legend, foot) != pixels(without, foot)  # it is drawn, below


@pytest.mark.parametrize(("lang", "idol", "other"), [("en", "The idol", "L'idole"),
                                                     ("fr", "L'idole", "The idol")])
def test_viewer_names_the_objective_in_the_windows_language(brawl, lang, idol, other):
    app = viewer(brawl, lang=lang)
    scr = app.screen
    scr.seek(1)
    step(app)
    captions = [x for _, x in scr.painter.labels.placed if x and x.startswith("⚑")]
    assert any(idol in x for x in captions) and not any(other in x for x in captions)


def test_png_export_puts_the_legend_under_the_board(brawl, tmp_path):
    """The exported picture: caption, the board in the table's proportions, then the
    footer strip (no legend over the board)."""
    out = tmp_path / "b.png"
    write_png(brawl, 10, out, Translator("en"), width=1000)
    img = pygame.image.load(str(out))
    board_h = round(1000 * brawl.game.state.height / brawl.game.state.width)
    assert img.get_width() == 1000 and img.get_height() > 32 + board_h


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (960, 600)])
def test_viewer_shows_its_words_whole(brawl, size, lang):
    """The screen walk for the viewer: no pygame_gui "too small for text" warning, no cut
    button, no two board labels on top of each other, at the start, in the middle, at the
    end and with the continue panel open; the replay list from the menu too."""
    found: list[str] = []
    with too_small_warnings() as warned:
        app = viewer(brawl, size=size, lang=lang)
        scr = app.screen
        for at in (0, 1, scr.tl.length // 3, scr.tl.length // 2, scr.tl.length):
            scr.seek(at)
            step(app, n=2)
            found.extend(problems(app, f"viewer at {at}"))
        press(app, next(b for b, k in scr.top_buttons.items() if k == "continue"))
        step(app, n=2)
        found.extend(problems(app, "continue panel"))
        menu = make_app(size=size, lang=lang)
        press(menu, menu.screen.buttons["replay"])
        step(menu, n=2)
        found.extend(problems(menu, "replay list"))
    assert found + warned == [], "\n".join(found + warned)


@pytest.mark.parametrize(("lang", "mine", "other"), [
    ("en", ["Three-band brawl", "Gitz's Rabble", "Pistol (modern"], ["Pistolet", "La Racaille"]),
    ("fr", ["Mêlée à trois", "La Racaille de Gitz", "Pistolet (moderne"],
     ["Three-band brawl", "Gitz's Rabble", "Pistol (modern"])])
def test_report_and_viewer_title_in_one_language(brawl, lang, mine, other):
    """Defect 14 in the exports: the battle report and the viewer's title line name the
    scenario, the bands and the weapons in the language asked for."""
    from skirmish.app.replay_export import report_markdown

    md = report_markdown(brawl, Translator(lang))
    assert all(x in md for x in mine), [x for x in mine if x not in md]
    assert not any(x in md for x in other), [x for x in other if x in md]
    app = viewer(brawl, lang=lang)
    assert app.screen.title_line().startswith(mine[0])
    press(app, next(b for b, k in app.screen.top_buttons.items() if k == "continue"))
    words = " ".join(b.text for b in app.screen.continuer.toggles)
    assert mine[1] in words and other[1] not in words  # who plays each band, by its name
