"""Drop-down menus that open where their choices can be read, and close on Esc.

A pygame_gui drop-down opens downwards by default: one on the bottom row of a screen
(the campaign's scenario list, the builder's band list) opened off the window and showed
a sliver of one row. :func:`drop_down` opens a menu upwards when the room below it is too
small for its choices and the room above is larger, and caps the list to the room it has,
so it scrolls. Esc first closes an open menu (:func:`close_open`); only a second Esc
leaves the screen. A click on the choice already made closes the list as any choice does
(:func:`close_reselected`: pygame_gui took it as dropping the choice and left the list
open, over the widgets under it).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame_gui.core.interfaces import IContainerLikeInterface, IUIManagerInterface
from pygame_gui.elements import UIDropDownMenu

#: The theme's object id of a menu that opens upwards (``assets/theme.json``).
OPENS_UP = "@drop_up"
#: Choices a menu should show at once before it is worth opening the other way.
ROWS_WANTED = 6


def drop_down(options: Sequence[str], chosen: str, rect: pygame.Rect,
              manager: IUIManagerInterface, *, bottom: int | None = None) -> UIDropDownMenu:
    """A drop-down at ``rect`` whose list stays inside the window (above ``bottom``, by
    default the window's foot): downwards if the room below holds its choices (or
    :data:`ROWS_WANTED` of them) or is the larger room, else upwards."""
    foot = manager.get_root_container().get_rect().bottom if bottom is None else bottom
    below = foot - rect.bottom - 4
    above = rect.top - 4
    wanted = min(len(options), ROWS_WANTED) * rect.h
    up = below < wanted and above > below
    return UIDropDownMenu(list(options), chosen, rect, manager,
                          object_id=OPENS_UP if up else None,
                          expansion_height_limit=max(rect.h, above if up else below))


def is_open(menu: UIDropDownMenu) -> bool:
    """The menu shows its list of choices."""
    return menu.alive() and menu.current_state is menu.menu_states.get("expanded")


def open_menus(manager: IUIManagerInterface) -> list[UIDropDownMenu]:
    """Every drop-down of the screen whose list is open."""
    found: list[UIDropDownMenu] = []
    todo = list(manager.get_root_container().elements)
    while todo:
        e = todo.pop()
        if isinstance(e, UIDropDownMenu):
            if is_open(e):
                found.append(e)
        elif isinstance(e, IContainerLikeInterface):
            todo.extend(e.get_container().elements)
    return found


def close_open(manager: IUIManagerInterface) -> bool:
    """Close every open drop-down of the screen (on the next frame); True if there was
    one, so that the Esc that closed it does nothing more."""
    menus = open_menus(manager)
    for menu in menus:
        menu.current_state.should_transition = True
    return bool(menus)


def close_reselected(manager: IUIManagerInterface, selection_list: object) -> bool:
    """The open drop-down whose list is ``selection_list`` closes on the choice it keeps
    (its list dropped the choice clicked again); True if there was one."""
    menus = [m for m in open_menus(manager)
             if getattr(m.current_state, "options_selection_list", None) is selection_list]
    for menu in menus:
        menu.current_state.should_transition = True
    return bool(menus)
