"""The battle screen's banners and toasts keep every word inside the board at 960 × 600,
in French with long band and figure names: the turn banner ran out of the window, the
computer's plan lost its end past two lines, a toast lost its fourth line and its path
ran out of the board, the plan lay under a toast, and the order's chips under the top
bar's buttons."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.screens.table_drawing import banner_box, toast_lines
from skirmish.content.models import Rank
from skirmish.content.scenario import BandEntry, Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import events as ev
from tests.app.drive import (
    bar_button,
    motion,
    press,
    step,
    table_app,
    take_seat,
    wait_for_plan,
)

SMALL = (960, 600)
SAVE_FAILED = ("Impossible d'enregistrer « /home/joueur/.local/share/skirmish/saves/"
               "une-partie-au-nom-bien-trop-long-pour-une-seule-ligne-de-la-table.json »\u00a0: "
               "PermissionError: [Errno 13] Permission non accordée, et la partie continue "
               "malgré tout, comme elle le doit, sans que rien ne soit perdu de ce message")


def _fig(fid: str, name: str, rank: str, at: tuple[float, float] | None) -> FigureSpec:
    return FigureSpec(id=fid, name=name, rank=Rank(rank), position=at,
                      weapons=("pistol", "sword"))


def long_names(placed: bool = True) -> Scenario:
    """Two bands whose names, and their chiefs', are as long as a file may make them
    shown (40 characters); not ``placed``: deployed by the players."""
    def at(x: float, y: float) -> tuple[float, float] | None:
        return (x, y) if placed else None

    a = Warband(id="orks", name="Les Boyz à Gorgutz d'la Grande Mâchoire", colour="#d55e00",
                figures=(_fig("zog", "Zogwort l'Arracheur de Dents", "chef", at(10.0, 8.0)),
                         _fig("grub", "Grubnatz le Teigneux", "sous_fifre", at(14.0, 8.0))))
    b = Warband(id="tanneurs", name="Les Survivants du Quartier des Tanneurs",
                colour="#56b4e9",
                figures=(_fig("ber", "Mademoiselle Bérénice Vasquez", "chef", at(10.0, 19.0)),
                         _fig("dan", "Dan l'Infatigable", "sous_fifre", at(20.0, 19.0))))
    return Scenario(id="long", name="Long", width=36.0, height=24.0, terrain=(),
                    bands=(BandEntry(warband=a, zone=((0.0, 0.0), (36.0, 0.0), (36.0, 10.0),
                                                      (0.0, 10.0))),
                           BandEntry(warband=b, zone=((0.0, 17.0), (36.0, 17.0), (36.0, 24.0),
                                                      (0.0, 24.0)))),
                    options={"max_turns": 2})


def _letters(words: str) -> str:
    """The words without their spaces: what was laid out, wherever the lines broke."""
    return words.replace(" ", "")


def _drawn(app: object, words: str) -> list[tuple[str, int]]:
    """The parts of ``words`` the next frame renders, in order, with their widths."""
    text = app.text  # type: ignore[attr-defined]
    out: list[tuple[str, int]] = []
    render = text.render

    def recording(part: str, *args: object, **kw: object) -> pygame.Surface:
        surf = render(part, *args, **kw)
        if part.strip() and part in words:
            out.append((part, surf.get_width()))
        return surf

    text.render = recording
    try:
        step(app)  # type: ignore[arg-type]
    finally:
        del text.render
    return out


def _whole(app: object, words: str) -> list[tuple[str, int]]:
    """Every letter of ``words`` drawn in this frame, in order (none left out)."""
    parts = _drawn(app, words)
    assert _letters(words) in _letters("".join(p for p, _ in parts)), (words, parts)
    return parts


def _computers(lang: str = "fr", size: tuple[int, int] = SMALL, step_by_step: bool = True
               ) -> object:
    return table_app(long_names(), controllers={"orks": "computer", "tanneurs": "computer"},
                     lang=lang, size=size, step_computer=step_by_step)


def _inside(screen: object, box: pygame.Rect) -> None:
    window = pygame.Rect((0, 0), pygame.display.get_surface().get_size())
    assert window.contains(box) and screen.board_rect.contains(box), \
        (box, screen.board_rect, window)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_the_computers_long_plan_is_drawn_whole_inside_the_board(size: tuple[int, int]) -> None:
    app = _computers(size=size)
    screen = app.screen
    wait_for_plan(app)
    b = screen.plan_banner
    assert "Les Survivants du Quartier des Tanneurs" in b.words \
        or "Les Boyz à Gorgutz d'la Grande Mâchoire" in b.words, b.words
    parts = _whole(app, b.words)
    _inside(screen, b.box)
    assert all(w <= b.box.w for _, w in parts), (parts, b.box)
    assert b.box.contains(b.button.rect)  # Next within its banner


def test_a_long_toast_is_laid_out_whole_inside_the_board_above_the_plan() -> None:
    app = _computers()
    screen = app.screen
    wait_for_plan(app)
    screen.say(SAVE_FAILED, error=True)
    step(app)
    _whole(app, "✗ " + SAVE_FAILED)
    lines = toast_lines(screen, screen.toast[0])
    for _, box in lines:
        _inside(screen, box)
    b = screen.plan_banner
    _inside(screen, b.box)
    if b.box.top < screen.board_rect.centery:  # at the top: under the toast, not on it
        assert b.box.collidelist([box for _, box in lines]) < 0, (b.box, lines)


def test_the_turn_banner_with_a_long_band_name_stays_inside_the_board() -> None:
    app = _computers(step_by_step=False)  # on to a wave's banner (turn 1's are not shown)
    screen = app.screen
    for _ in range(2000):
        step(app)
        if screen.banner is not None:
            break
    assert screen.banner is not None and "Les " in screen.banner[0], screen.banner
    words = screen.banner[0]
    parts = _whole(app, words)
    box = banner_box(screen, words)
    _inside(screen, box)
    assert all(w <= box.w for _, w in parts), (parts, box)
    b = screen.plan_banner
    if b.visible and b.box.top < screen.board_rect.centery:
        assert not b.box.colliderect(box), (b.box, box)


def test_the_orders_chips_end_before_the_top_bars_buttons() -> None:
    """The band to act's chip ran under "P Pas à pas"; now its name ends in "…" between
    two words, with its initiative score, before the buttons."""
    app = _computers()
    screen = app.screen
    wait_for_plan(app)
    chips = screen.painter.order_drawn
    assert chips and chips[0][0].startswith("▶ "), chips
    buttons = min(b.rect.left for b in screen.top_buttons)
    assert all(box.right <= buttons for _, box in chips), (chips, buttons)
    name = screen.describer().band(screen.session.to_act)
    shown = chips[0][0].removeprefix("▶ ").rsplit(" ", 1)[0]  # without its score
    assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1])
                             and name[len(shown) - 1] == " "), (shown, name)


def test_a_carried_figures_name_stays_on_the_board_by_its_edge_R_DEPLOY() -> None:
    """Deploying by the board's left edge, "✓ Mademoiselle Bérénice Vasquez" ran half over
    the figure card."""
    app = table_app(long_names(placed=False), lang="fr", size=SMALL)
    screen = app.screen
    take_seat(app)
    press(app, bar_button(app, "pick:"))
    assert screen.carrying is not None
    drawn = []
    for x in (screen.board_rect.left + 2, screen.board_rect.right - 3):
        motion(app, (x, screen.board_rect.centery))
        drawn += [(w, r) for r, w in screen.painter.labels.placed if w.startswith(("✓ ", "✗ "))]
    assert len(drawn) == 2, drawn
    for words, rect in drawn:
        assert screen.state.figures[screen.carrying].name in words
        assert screen.board_rect.contains(rect), (words, rect, screen.board_rect)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_new_turns_banner_says_the_initiative_and_the_first_wave_R_TURN_INIT(lang):
    """[R-TURN-INIT] [R-TURN-WAVE]: a turn's initiative and its first wave arrive together;
    the wave's banner replaced the initiative's at once, so who won it was never shown.
    One banner now says both, on two lines, whole inside the board."""
    app = _computers(lang=lang, step_by_step=False)
    screen = app.screen
    t = screen.t
    for _ in range(4000):
        step(app)
        if screen.banner is not None and screen.state.turn >= 2:
            break
    assert screen.banner is not None and screen.state.turn >= 2
    words = screen.banner[0]
    d = screen.describer()
    said = [screen._banner_text(next(e for e in reversed(screen.game.log) if isinstance(e, kind)), d)
            for kind in (ev.Initiative, ev.WaveStarted)]
    assert words.split("\n") == said, words
    assert said[0].startswith(t("top.turn", n=2, of=screen.state.options.max_turns))
    _whole(app, words.replace("\n", " "))
    _inside(screen, banner_box(screen, words))
