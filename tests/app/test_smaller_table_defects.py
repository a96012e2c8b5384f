"""Smaller defects of the table, each driven through the real window: a blast preview
that ended on a bare title, the seed of ``play --seed`` lost on the set-up screen, an undo
that emptied the dice tray, a finished game's card inviting to activate, a tooltip lying
on the buttons under its own, and Main menu leaving an unfinished game without a word."""

from __future__ import annotations

import msgspec
import pygame
from pygame_gui.elements import UITooltip

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
    reds_first,
    step,
    table_app,
)


def grenadier_duel():  # noqa: ANN201 - a Scenario
    """The duel with Ann carrying a grenade launcher (a blast, R-SHOOT-BLAST)."""
    scn = duel()
    reds = scn.bands[0]
    figs = tuple(msgspec.structs.replace(f, weapons=("grenade_launcher_fast", "sword"))
                 if f.id == "ann" else f for f in reds.warband.figures)
    reds = msgspec.structs.replace(reds, warband=msgspec.structs.replace(reds.warband,
                                                                         figures=figs))
    return msgspec.structs.replace(scn, bands=(reds, scn.bands[1]))


def test_blast_preview_says_how_many_may_be_taken_out_R_SHOOT_BLAST() -> None:
    """The preview of a blast gives the odds of taking figures out, or says none can be
    (it read "figures taken out" and nothing after)."""
    for lang, none_words in (("en", "no figure can be taken out"),
                             ("fr", "aucune figurine ne peut être mise hors de combat")):
        app = table_app(grenadier_duel(), lang=lang)
        reds_first(app)
        screen = app.screen
        click(app, on_board(app, screen.state.figures["reds:ann"].pos))
        key(app, pygame.K_a)
        key(app, pygame.K_s)
        motion(app, on_board(app, screen.state.figures["blues:dan"].pos))
        assert screen.tool.info.endswith(none_words), screen.tool.info
        screen.state.figures["blues:cid"].pv = 1  # Cid, a blow from out of action
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_s)
        motion(app, on_board(app, screen.state.figures["blues:cid"].pos))
        last = screen.tool.info.split(" · ")[-1]
        assert last.startswith("taken out: 1 figure " if lang == "en"
                               else "hors de combat : 1 figurine "), last
        assert last.endswith("%"), last


def test_play_seed_is_the_seed_the_setup_screen_offers() -> None:
    """``skirmish play --seed 11``, then New game: the set-up screen offers seed 11 (it
    offered a random one)."""
    app = make_app(seed=11)
    press(app, app.screen.buttons["new"])
    assert app.screen.name == "setup"
    assert app.screen.seed_entry.get_text() == "11"


def test_undo_keeps_the_wave_roll_in_the_dice_tray_R_TURN_WAVE() -> None:
    """A walk taken back with U: the tray still shows the wave's d6 (U emptied it)."""
    app = table_app(duel())
    reds_first(app)
    screen = app.screen
    assert any(r.rule == "R-TURN-WAVE" for r in screen.rolls), screen.rolls
    fid = activate_first(app)
    key(app, pygame.K_w)
    f = screen.state.figures[fid]
    click(app, on_board(app, (f.x + 2.0, f.y)))
    assert screen.state.figures[fid].pos != f.pos or screen.session.can_undo()
    key(app, pygame.K_u)
    rules = [r.rule for r in screen.rolls]
    assert "R-TURN-WAVE" in rules, rules


def test_a_finished_games_card_does_not_invite_to_activate() -> None:
    """The game over, its table's empty card says only how to look at a figure (it said
    "Ringed figures can be activated now")."""
    app = table_app(duel(max_turns=1))
    screen = app.screen
    screen.reviewing = True  # back from the results: the table of a finished game
    screen.game.state.phase = "over"
    step(app, n=2)
    words = screen.card.box.html_text
    assert "Ringed" not in words and "FIGURE CARD" in words, words


def test_next_wave_tooltip_leaves_undo_and_retry_in_view() -> None:
    """Pointing at N (end the first wave): its tooltip covers no other button (it lay on
    Undo and Retry last, under it)."""
    app = table_app(duel(), controllers={"blues": "normal"})
    screen = app.screen
    for _ in range(300):
        step(app)
        if screen._ready():
            break
    n = bar_button(app, "end_wave")
    motion(app, n.rect.center)
    step(app, n=60)
    tips = [s for s in app.manager.get_sprite_group().sprites() if isinstance(s, UITooltip)]
    assert tips, "no tooltip"
    others = [b.rect for b in screen.bar.buttons if b is not n]
    assert others and all(not tips[0].rect.colliderect(r) for r in others), \
        (tips[0].rect, others)


def test_main_menu_asks_before_leaving_an_unfinished_game() -> None:
    """Esc → Main menu in a game under way asks first, as Quit does: save then leave,
    leave, or stay (it left at once)."""
    app = table_app(duel())
    screen = app.screen
    key(app, pygame.K_ESCAPE)
    press(app, screen.pause.button("menu"))
    assert app.screen is screen and screen.pause.asking_menu
    press(app, screen.pause.button("cancel_quit"))
    assert app.screen is screen and not screen.pause.asking_menu
    press(app, screen.pause.button("menu"))
    press(app, screen.pause.button("save_menu"))
    assert app.screen.name == "menu"
