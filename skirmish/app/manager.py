"""A pygame_gui manager that follows the mouse from the event stream.

pygame_gui asks ``pygame.mouse.get_pos()`` for hover and tool-tips; under a test's
dummy video driver synthetic events never move that cursor, so the manager uses the
position the app last saw in an event instead — the same under a real window.

pygame_gui also looks every text it is given up as a python-i18n key, and reads a full
stop in it as a namespace, which costs a directory listing per label ("Turn 2. Reds to
act."). The window's texts are already in the player's language (``skirmish.app.i18n``)
and none is a key, so the namespace separator is set to a character no text holds.

The theme is parsed once per set of font sizes and shared by the managers that follow
(one per window, and a new one when the UI scale changes): pygame_gui checks and parses
the default theme and ours each time, which cost more than drawing a page of widgets. A
shared theme is read only; a font it lacks loads at once through the started loader. It
remembers each widget kind's list of theme ids by the kind's ids themselves.

pygame_gui also adds its translations' folder to python-i18n's search path each time a
manager is made, and looks every text up in each folder on that path: the window makes a
new manager for each UI scale, so the path is kept to one entry per folder (with one per
manager ever made, each label's lookup grew with every change of scale).

A tooltip goes where it covers no other button (:func:`skirmish.app.layout.tip_spot`):
pygame_gui puts it under the pointer, over the buttons below the one it is about.

Its fonts load as :class:`skirmish.app.measured_font.MeasuredFont`, which measures a
text once instead of rendering it each time a widget is built, and its widgets draw each
look when first shown (:mod:`skirmish.app.lazy_states`); a text box too tall for itself
draws its text once, beside its scroll bar (:mod:`skirmish.app.text_box_passes`).
"""

from __future__ import annotations

import copy
import json
import sys
import warnings
from collections.abc import Callable
from typing import Any


def _i18n_without_yaml() -> Any:
    """python-i18n, imported without PyYAML: it loads YAML only to read ``.yml``
    translations, and pygame_gui's are JSON (it sets that format); importing YAML was
    about a twentieth of the window's start-up. YAML stays importable for anything else."""
    if "yaml" in sys.modules:
        import i18n  # type: ignore[import-untyped]

        return i18n
    sys.modules["yaml"] = None  # type: ignore[assignment]  # "import yaml" fails for now
    try:
        import i18n

        return i18n
    finally:
        del sys.modules["yaml"]


i18n = _i18n_without_yaml()  # python-i18n, pygame_gui's translator

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from pygame_gui.core.interfaces import IUIAppearanceThemeInterface  # noqa: E402
from pygame_gui.elements import UIButton  # noqa: E402

from skirmish.app import lazy_states, measured_font, text_box_passes  # noqa: E402
from skirmish.app.layout import tip_spot  # noqa: E402
from skirmish.app.menus import close_reselected  # noqa: E402

# pygame_gui warns when a bold or sized font is loaded on first use; that is expected.
warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)

measured_font.install()  # every font pygame_gui loads from here on measures each text once
lazy_states.install()  # widgets draw a look (hovered, pressed…) when first shown
text_box_passes.install()  # a text box too tall for itself draws its text once


#: Splits python-i18n keys into namespaces: a control character, never in a window text.
NO_NAMESPACE = "\x1f"

#: Parsed themes by their JSON text.
_THEMES: dict[str, IUIAppearanceThemeInterface] = {}


IdLists = list[str | None] | None


def _remembered_ids(build: Callable[[IdLists, IdLists, IdLists, IdLists], list[str]]
                    ) -> Callable[[IdLists, IdLists, IdLists, IdLists], list[str]]:
    """A theme's ``build_all_combined_ids`` that remembers its answer by the id lists
    themselves. pygame_gui remembers it too, but by a key it builds each time by joining
    the lists' texts character by character (about 2 % of the window tests' time)."""
    answers: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def combined(base: IdLists, elements: IdLists, classes: IdLists,
                 objects: IdLists) -> list[str]:
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (base, elements, classes, objects))
        found = answers.get(key)
        if found is None:
            found = answers[key] = build(base, elements, classes, objects)
        return found

    return combined


class Manager(pygame_gui.UIManager):
    def __init__(self, size: tuple[int, int], theme: dict[str, Any]) -> None:
        super().__init__(size, theme, enable_live_theme_updates=False)
        i18n.set("namespace_delimiter", NO_NAMESPACE)
        i18n.load_path[:] = dict.fromkeys(i18n.load_path)  # each folder once, in order
        self.tracked_pos: tuple[int, int] = (-1, -1)
        base = int(theme["defaults"]["font"]["size"])
        fonts = self.ui_theme.get_font_dictionary()
        if not fonts.check_font_preloaded(fonts.create_font_id(base, "dejavu", True, False)):
            self.preload_fonts([{"name": "dejavu", "point_size": base, "style": "bold"}])

    def create_new_theme(self, theme_path: Any = None) -> Any:
        if not isinstance(theme_path, dict):
            return super().create_new_theme(theme_path)
        key = json.dumps(theme_path, sort_keys=True)
        if key not in _THEMES:
            theme = super().create_new_theme(copy.deepcopy(theme_path))  # ours stays as is
            theme.build_all_combined_ids = _remembered_ids(theme.build_all_combined_ids)
            _THEMES[key] = theme
        return _THEMES[key]

    def process_events(self, event: pygame.event.Event) -> bool:
        consumed = super().process_events(event)
        if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION:
            close_reselected(self, event.ui_element)  # the choice clicked again: closed
        return consumed

    def _update_mouse_position(self) -> None:
        self.mouse_position = self.calculate_scaled_mouse_position(self.tracked_pos)

    def create_tool_tip(self, text: str, position: tuple[int, int],
                        hover_distance: tuple[int, int], parent_element: Any,
                        object_id: Any, **kw: Any) -> Any:
        tip = super().create_tool_tip(text, position, hover_distance, parent_element,
                                      object_id, **kw)
        others = [b.rect for b in self.get_sprite_group().sprites()
                  if isinstance(b, UIButton) and b.visible and b is not parent_element]
        anchor = getattr(parent_element, "rect", pygame.Rect(position, (1, 1)))
        spot = tip_spot(tip.rect.size, anchor, self.get_root_container().get_rect(), others,
                        first=tip.rect)
        if spot.topleft != tip.rect.topleft:
            tip.set_position(spot.topleft)
        return tip

