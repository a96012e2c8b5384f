"""F5 and Ctrl+S save at any moment, as the README promises ("even mid-decision"): with
a morale panel open they did nothing."""

from __future__ import annotations

import json

import pygame

from skirmish.rules.skirmish import preview
from tests.app.drive import activate_first, click, duel, key, on_board, step, table_app
from tests.app.test_table_look import placed


def test_f5_and_ctrl_s_save_while_a_morale_panel_is_open_R_MORALE_SHOT(tmp_path) -> None:
    """A shot misses Dan, whose "Subir un tir" test fails: the morale panel is up, and
    F5 then Ctrl+S each write a save holding every command played."""
    scn = placed(duel(passive=True, henchmen_pistols=False),
                 {"ann": (16.0, 9.0), "bob": (20.0, 9.0), "cid": (17.0, 15.0),
                  "dan": (20.0, 15.0)})
    app = table_app(scn)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank == "sous_fifre"
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    key(app, pygame.K_s)
    screen.game.dice.force(2, 6, 6, 2)  # miss; Subir un tir 6 + 6 fails; moves 1d3
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=2)
    assert screen.morale.open
    key(app, pygame.K_F5)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert screen.morale.open  # the panel is still there to read
    saves = sorted((tmp_path / "saves").glob("*.json"))
    saves = [p for p in saves if "autosave" not in p.name]
    assert len(saves) == 2, saves
    for p in saves:  # every command played so far, up to the shot that raised the panel
        assert len(json.loads(p.read_text())["steps"]) == len(screen.game.commands)
