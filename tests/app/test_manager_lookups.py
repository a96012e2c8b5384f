"""The window's pygame_gui manager (:mod:`skirmish.app.manager`): texts are looked up in
each translations folder once, however many managers the window has made (one per UI
scale), and they still show as given; the theme is built once per scale and each widget
kind's theme ids looked up once."""

from __future__ import annotations

import json

import pygame

from skirmish.app.manager import i18n
from skirmish.app.theme import theme_dict
from tests.app.drive import key, make_app


def test_the_translations_path_holds_each_folder_once_after_scale_changes() -> None:
    app = make_app()
    managers = {id(app.manager)}
    for k in (pygame.K_EQUALS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_0):
        key(app, k, pygame.KMOD_CTRL)  # a new manager for each new UI scale
        managers.add(id(app.manager))
    make_app()
    assert len(managers) == 5  # scales 1.0, 1.1, 1.2, 1.1, 1.0: a new manager each
    assert len(i18n.load_path) == len(set(i18n.load_path)) >= 1
    buttons = app.screen.buttons  # the menu's buttons still read their words
    assert buttons["new"].text == app.t("menu.new_game")
    assert buttons["tutorial"].tool_tip_text == app.t("menu.tutorial_tip")


def test_a_widget_s_theme_ids_are_pygame_gui_s_and_looked_up_once() -> None:
    app = make_app()
    theme = app.manager.ui_theme
    button = app.screen.buttons["new"]  # "@primary", in the root container
    asked = ([None, None], ["root_container", "button"], [None, "@primary"],
             ["#root_container", None])
    ids = theme.build_all_combined_ids(*asked)
    assert ids == type(theme).build_all_combined_ids(theme, *asked)
    assert "button" in ids and theme.build_all_combined_ids(*asked) is ids
    assert button.combined_element_ids == theme.build_all_combined_ids(
        button.element_base_ids, button.element_ids, button.class_ids, button.object_ids)


def test_the_theme_is_built_once_per_scale_and_left_as_built() -> None:
    built = json.dumps(theme_dict(1.0), sort_keys=True)
    app = make_app()
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)  # another scale: another theme
    assert theme_dict(1.0) is theme_dict(1.0) and theme_dict(1.1) is not theme_dict(1.0)
    assert json.dumps(theme_dict(1.0), sort_keys=True) == built
    assert theme_dict(1.1)["button"]["font"]["size"] != theme_dict(1.0)["button"]["font"]["size"]
