"""The action bar keeps a button whose place, words and tooltip stay the same from one set
of actions to the next, and sets its state (chosen, allowed or not) as the new actions
say; a button whose words or tooltip change, or that moves, is built anew."""

from __future__ import annotations

import pygame

from skirmish.app.panels.actions import ActionBar, BarItem
from tests.app.drive import make_app

WALK = BarItem("walk", "W  Walk · 1 AP", tip="Walk up to your Movement [R-MOVE]")
RUN = BarItem("run", "R  Run · 2 AP")
SHOOT = BarItem("shoot", "S  Shoot · 1 AP")


def _bar() -> ActionBar:
    app = make_app()
    return ActionBar(app.manager, pygame.Rect(20, 20, 300, 400), 30)


def _by_key(bar: ActionBar) -> dict[str, object]:
    return {item.key: b for b, item in bar.buttons.items()}


def test_a_button_is_kept_and_its_state_follows_its_action() -> None:
    bar = _bar()
    bar.set_items([WALK, RUN])
    first = _by_key(bar)
    bar.set_items([BarItem(**{**WALK.__dict__, "selected": True}),
                   BarItem(**{**RUN.__dict__, "enabled": False, "tip": None})])
    kept = _by_key(bar)
    assert kept["walk"] is first["walk"] and kept["walk"].is_selected
    assert kept["run"] is first["run"] and not kept["run"].is_enabled
    bar.set_items([WALK, RUN])
    assert _by_key(bar) == first
    assert first["run"].is_enabled and not first["walk"].is_selected
    assert all(b.alive() for b in first.values())


def test_a_button_whose_words_tip_or_place_change_is_built_anew() -> None:
    bar = _bar()
    bar.set_items([WALK, RUN])
    first = _by_key(bar)
    bar.set_items([BarItem(**{**WALK.__dict__, "tip": "Walk [R-MOVE-2]"}), SHOOT])
    second = _by_key(bar)
    assert second["walk"] is not first["walk"] and second["walk"].tool_tip_text == \
        "Walk [R-MOVE-2]"
    assert second["shoot"].text == SHOOT.label
    assert not first["walk"].alive() and not first["run"].alive()
    bar.set_items([SHOOT, WALK])  # the shot now stands where the walk stood
    third = _by_key(bar)
    assert third["shoot"] is not second["shoot"] and not second["shoot"].alive()
    assert [b.text for b in bar.buttons] == [SHOOT.label, WALK.label]
    assert len([b for b in bar.manager.get_sprite_group().sprites()
                if getattr(b, "text", None) in (WALK.label, RUN.label, SHOOT.label)]) == 2
