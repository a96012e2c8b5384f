"""The dice tray and the log colour a roll by whether it went the roller's way
(``Roll.outcome``), not by ``success``, and label the 2d6 "Subir un
tir" as the [DEVIATION] of RULES.md §15 GAP-47. Driven through the
real app with forced dice."""

import msgspec
import numpy as np
import pygame

from skirmish.app.panels import log as log_panel
from skirmish.app.theme import BAD, GOOD
from skirmish.rules.skirmish import preview
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    motion,
    on_board,
    pin_log,
    step,
    table_app,
)


def target_for(app, fid, weapon, rank=None):
    game = app.screen.game
    me = game.state.figures[fid]
    return next(e.id for e in sorted(game.state.figures.values(), key=lambda f: f.id)
                if e.band != me.band and rank in (None, e.rank)
                and preview.shot_preview(game, fid, weapon, e.id).legal)


def shoot(app, fid, target, *faces):
    screen = app.screen
    key(app, pygame.K_s)
    screen.game.dice.force(*faces)
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app)


def colours(app, rect):
    """Which of the good and bad colours are drawn in ``rect`` of the window."""
    step(app)
    px = pygame.surfarray.array3d(pygame.display.get_surface().subsurface(rect)).astype(int)
    return {name for name, rgb in (("good", GOOD), ("bad", BAD))
            if (np.abs(px - np.array(rgb)).sum(axis=-1) < 24).any()}


def log_pieces(app):
    """Every coloured piece of the log's lines, as the panel draws them."""
    return [piece for line in app.screen.log.lines for piece in log_panel._fmt(line)]


def black_powder_chefs(scn):
    """``scn`` with each band's Chef (its first figure) armed with a black-powder pistol."""
    bands = []
    for entry in scn.bands:
        wb = entry.warband
        chef = msgspec.structs.replace(wb.figures[0], weapons=("black_powder_pistol", "sword"))
        wb = msgspec.structs.replace(wb, figures=(chef, *wb.figures[1:]))
        bands.append(msgspec.structs.replace(entry, warband=wb))
    return msgspec.structs.replace(scn, bands=tuple(bands))


def log_line(app, rule):
    """The last log line of a roll under ``rule``."""
    return next(x for x in reversed(app.screen.log.lines) if x.startswith(f"[{rule}]"))


def test_jam_die_that_spares_the_weapon_reads_good_R_SHOOT_JAM_GAP_37():
    """[R-SHOOT-JAM] a jam die of 4 misses its "need" of 6: the weapon works again, which
    is good for the shooter: ✓ in green, and the need is shown as what is bad."""
    app = table_app(duel())
    pin_log(app)  # the log's colours too
    fid = activate_first(app, rank="chef")
    shoot(app, fid, target_for(app, fid, "pistol"), 1, 4)
    jam = next(r for r in app.screen.rolls if r.rule == "R-SHOOT-JAM")
    assert (jam.success, jam.outcome) == (False, "good")
    line = log_line(app, "R-SHOOT-JAM")
    assert line.endswith("bad on 6+ → ✓ works again"), line
    assert ("→ ✓ works again", GOOD, False) in log_pieces(app)
    assert colours(app, app.screen.tray.rect) == {"good", "bad"}  # to-hit 1 bad, jam die good
    assert colours(app, app.screen.log.rect) == {"good", "bad"}


def test_exploding_weapon_damage_on_its_bearer_reads_bad_R_SHOOT_BP_GAP_35():
    """[R-SHOOT-BP] the accident die meets its need of 1 (the weapon explodes) and the
    damage roll against the bearer succeeds: both are bad for the shooter, so nothing in
    the tray is green (the damage die used to be, as a "success")."""
    app = table_app(black_powder_chefs(duel()))
    pin_log(app)  # the log's colours too
    fid = activate_first(app, rank="chef")
    shoot(app, fid, target_for(app, fid, "black_powder_pistol"), 1, 1, 6)  # 1; explodes; 6
    dmg = next(r for r in app.screen.rolls if r.rule == "R-DMG-TABLE")
    assert (dmg.target, dmg.success, dmg.outcome) == (fid, True, "bad")
    assert any(t.startswith("→ ✗") and c == BAD for t, c, _ in log_pieces(app))
    assert log_line(app, "R-SHOOT-BP").endswith("bad on ≤ 1 → ✗ EXPLODES")
    assert colours(app, app.screen.tray.rect) == {"bad"}
    assert colours(app, app.screen.log.rect) == {"bad"}


def test_two_dice_subir_un_tir_is_labelled_deviation_R_MORALE_SHOT_GAP_47():
    """[R-MORALE-SHOT] GAP-47: the 2d6 test overrides the text's 1d6; the morale panel,
    the dice tray and the log say [DEVIATION GAP-47]."""
    app = table_app(duel(passive=True, henchmen_pistols=False))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = target_for(app, fid, "pistol", rank="sous_fifre")  # no ranged weapon: it tests
    shoot(app, fid, target, 2, 6, 6, 2)  # miss; Subir un tir 12 fails; 1d3
    assert screen.morale.open
    html = screen.morale.html(screen.morale.queue[0], screen.describer())
    assert "[DEVIATION GAP-47]" in html
    test = next(r for r in screen.rolls if r.rule == "R-MORALE-SHOT" and len(r.dice) == 2)
    assert "[DEVIATION GAP-47]" in screen.describer().label(test)
    assert any("[DEVIATION GAP-47]" in " ".join(head) for _, head, _, _ in screen.tray.lines)
    assert any(x.startswith("[R-MORALE-SHOT] Being shot at (Subir un tir) [DEVIATION GAP-47]")
               for x in screen.log.lines)
