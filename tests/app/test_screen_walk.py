"""Every screen at 960 × 600, 1280 × 720 and 1920 × 1080, in English and in French: no
board label on another or on a figure, no text cut or scrolled out of sight, no floating
panel on a figure it names, no word of the other language outside brackets (a rule term
may keep its French name there), and no text under 12 px on any screen. The walk goes
through the menu, the set-up (every ruleset), the load and replay lists, a game against
the computer from its set-up (hand-off, deployment, every tool, the damage table, the
pause menu, the rules reference), a hot-seat duel's morale panel, a decision panel, Les
Clefs de l'Aube's table, the tutorial, the results, and the campaign: its home, the new
campaign form, the band builder, a post-game's pages, the shop, and the campaign's
history with its chart.

The quick test walks two of the six size and language pairs (the smallest window in
French, the largest in English); ``-m slow`` walks all six."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.campaign_new import NewCampaignScreen
from skirmish.app.screens.table_actions import choose_tool
from skirmish.app.text import MIN_PX, Text
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
    take_seat,
)
from tests.app.screen_walk import problems, too_small_warnings
from tests.app.spots import walk_into_spot
from tests.app.test_campaign_fit import action
from tests.app.test_campaign_screen import finished_session, new_campaign
from tests.app.test_clefs_language import _chefs, _contact_app
from tests.app.test_table_look import to_battle
from tests.app.test_tutorial_and_languages import open_tutorial

SIZES = ((960, 600), (1280, 720), (1920, 1080))


class Walk:
    """The problems found on each screen visited, with the texts drawn there."""

    def __init__(self, monkeypatch: Any) -> None:
        self.found: list[str] = []
        self.drawn: list[tuple[str, int]] = []  # words, pixels
        render = Text.render
        drawn = self.drawn

        def recorded(text: Text, words: str, size: int, *a: Any, **kw: Any) -> pygame.Surface:
            drawn.append((words, max(text.least, round(size * text.scale))))
            return render(text, words, size, *a, **kw)

        monkeypatch.setattr(Text, "render", recorded)

    def check(self, app: Any, where: str) -> None:
        step(app, n=2)
        words = [w for w, _ in self.drawn]
        # the rules reference is a long page that cites the rules' French names
        self.found += problems(app, where, None if where == "rules" else words)
        small = sorted({(px, w) for w, px in self.drawn if px < MIN_PX})
        self.found += [f"{where}: {px} px text {w!r}" for px, w in small]
        self.drawn.clear()


def _table_walk(app: Any, check: Any) -> None:
    """A game against the computer from the set-up screen: deployment with its list, the
    battle with every tool, the damage table, the pause menu and the rules reference."""
    press(app, app.screen.buttons["new"])
    check(app, "setup")
    first = app.screen.ruleset
    press(app, app.screen.ruleset_button)  # every other ruleset's set-up, then back
    while app.screen.ruleset != first:
        check(app, f"setup {app.screen.ruleset}")
        press(app, app.screen.ruleset_button)
    app.screen.seed_entry.set_text("7")
    press(app, app.screen.start)
    screen = app.screen
    check(app, "hand-off")
    take_seat(app)
    check(app, "deployment")
    press(app, bar_button(app, "pick:"))
    motion(app, screen.board_rect.center)
    check(app, "deployment carrying")
    key(app, pygame.K_ESCAPE)
    to_battle(app)
    for _ in range(600):  # the initiative is rolled, the computer may play a wave first
        take_seat(app)
        step(app)
        if screen._ready():
            break
    check(app, "battle")
    fid = activate_first(app)
    check(app, "activated")
    enemy = next(f for f in screen.state.figures.values()
                 if f.band != screen.state.figures[fid].band)
    for tool in ("walk", "run", "shoot", "charge"):
        try:
            choose_tool(screen, tool)
        except Exception:  # noqa: BLE001 - a tool the figure cannot use now
            continue
        motion(app, on_board(app, enemy.pos))
        check(app, f"tool {tool}")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_d)
    check(app, "damage table")
    key(app, pygame.K_d)
    key(app, pygame.K_ESCAPE)
    check(app, "pause")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)
    check(app, "rules")


def _campaign_walk(size: tuple[int, int], lang: str, check: Any) -> None:
    """The campaign's screens: its home and its list, the new campaign form, the band
    builder with a figure, a post-game page by page, the shop, and the history and chart."""
    new_campaign(warbands=("dwarf_throng.toml", "elf_rangers.toml"), file="walk.json")
    app = make_app(size=size, lang=lang, seed=4)
    press(app, app.screen.buttons["campaign"])
    check(app, "campaign home")
    press(app, action(app, "builder"))
    check(app, "band builder")
    press(app, action(app, "add_figure"))
    check(app, "band builder with a figure")
    app.go(lambda: NewCampaignScreen(app))
    check(app, "new campaign")
    app.go(lambda: CampaignScreen(app, finished_session(campaigns_dir() / "walk.json")))
    page = 0
    while app.screen.shop is None:
        check(app, f"post-game page {page}")
        press(app, action(app, "next") or action(app, "choose"))
        page += 1
    check(app, "campaign shop")
    while app.screen.shop is not None:  # each band shops in turn
        press(app, app.screen.shop.done)
    check(app, "post-game's last page")
    press(app, action(app, "close"))
    check(app, "campaign with its history and chart")


def walk_every_screen(size: tuple[int, int], lang: str, walk: Walk,
                      ui_scale: float = 1.0) -> list[str]:
    """Every screen (see the module) with the player's UI scale at ``ui_scale``."""

    def check(app: Any, where: str) -> None:
        if app.config.ui_scale != ui_scale:  # the setting as the player sets it: Ctrl +/-
            app.config.ui_scale = ui_scale
            app.rebuild()
        walk.check(app, where)

    with too_small_warnings() as warned:
        app = make_app(size=size, lang=lang, seed=4, ui_scale=ui_scale)
        check(app, "menu")
        for name in ("load", "replay"):
            press(app, app.screen.buttons[name])
            check(app, f"{name} list")
            key(app, pygame.K_ESCAPE)
        _table_walk(app, check)
        # a hot-seat duel: the hand-off, a shot and its morale panel
        duel_app = table_app(duel(passive=True, henchmen_pistols=False), size=size, lang=lang)
        check(duel_app, "duel hand-off")
        fid = activate_first(duel_app, rank="chef")
        key(duel_app, pygame.K_s)
        check(duel_app, "shoot with weapons")
        s = duel_app.screen
        target = next(f for f in s.state.figures.values()
                      if f.band != s.state.figures[fid].band
                      and preview.shot_preview(s.game, fid, "pistol", f.id).legal)
        s.game.dice.force(2, 6, 6, 2)
        click(duel_app, on_board(duel_app, target.pos))
        check(duel_app, "morale")
        # a decision: the spotted figure's free shot
        spot = walk_into_spot(lang=lang, size=size)
        while spot.screen.morale.open:
            key(spot, pygame.K_SPACE)
        take_seat(spot)
        check(spot, "decision")
        # Les Clefs de l'Aube: its card and a blow's preview
        clefs = _contact_app(lang, "surclassement", size=size)
        fid, other = _chefs(clefs)
        key(clefs, pygame.K_f)
        motion(clefs, on_board(clefs, clefs.screen.state.figures[other].pos))
        check(clefs, "clefs strike")
        # the hand-off of a scenario with long band names
        street = make_app(scenario="scenarios/street_fight.toml", size=size, lang=lang)
        step(street, n=3)
        assert street.screen.handoff.open
        check(street, "street fight hand-off")
        # the tutorial's first hint
        check(open_tutorial(lang, size), "tutorial")
        # the results of a game the computer plays to its end
        over = table_app(duel(max_turns=1), size=size, lang=lang,
                         controllers={"reds": "computer", "blues": "computer"})
        for _ in range(2000):
            if over.screen.name == "results":
                break
            step(over)
        assert over.screen.name == "results"
        check(over, "results")
        _campaign_walk(size, lang, check)
    return walk.found + warned


@pytest.mark.parametrize(("size", "lang"), [((960, 600), "fr"), ((1920, 1080), "en")])
def test_every_screen_reads_whole_and_in_one_language(size, lang, monkeypatch) -> None:
    found = walk_every_screen(size, lang, Walk(monkeypatch))
    assert found == [], "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_every_screen_at_every_size_in_both_languages(size, lang, monkeypatch) -> None:
    found = walk_every_screen(size, lang, Walk(monkeypatch))
    assert found == [], "\n".join(found)


def _cell(size: tuple[int, int], lang: str, ui_scale: float) -> Any:
    return pytest.param(size, lang, ui_scale, id=f"{size[0]}x{size[1]}-{lang}-{ui_scale}")


@pytest.mark.slow
@pytest.mark.parametrize(("size", "lang", "ui_scale"), [
    _cell((1280, 720), "fr", 1.2), _cell((1920, 1080), "en", 1.4), _cell((960, 600), "en", 1.2),
    # the ends of the setting's range (0.8 to 1.5) at each size, in both languages: the
    # window holds the setting between what 12 px text needs and what its layout holds
    *(_cell(size, lang, ui_scale) for size in SIZES for lang in ("en", "fr")
      for ui_scale in (0.8, 1.5)),
])
def test_every_screen_with_the_ui_scale_set(size, lang, ui_scale, monkeypatch) -> None:
    """The UI scale setting (Ctrl + / −) on every screen: larger or smaller, nothing is
    cut, stacked or scrolled out of sight."""
    found = walk_every_screen(size, lang, Walk(monkeypatch), ui_scale)
    assert found == [], "\n".join(found)
