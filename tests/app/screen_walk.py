"""Checks that every screen shows its words whole and in one language: no pygame_gui
"too small for text" warning, no button whose text is wider than the button, no text
box that must scroll, no two board labels on top of each other nor a label on a figure,
no floating panel on a figure it names, no word of the other language outside
brackets."""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextBox


def cut_buttons(app: Any) -> list[str]:
    """Texts of visible buttons too narrow for them (pygame_gui clips those silently); a
    left-aligned action button's words start after its border and padding (7 pixels) and
    must end 3 before its right edge (``ActionBar``'s ``TEXT_ROOM``)."""
    from skirmish.app.panels.actions import TEXT_ROOM

    out = []
    for el in app.manager.get_sprite_group().sprites():
        if not isinstance(el, UIButton) or not el.visible or not el.text or el.font is None:
            continue
        room = el.rect.w - (TEXT_ROOM if "@action" in el.object_ids else 4)
        if el.font.size(el.text)[0] > room:
            out.append(f"{el.text!r} ({el.font.size(el.text)[0]} px in {el.rect.w})")
    return out


def overlapping_labels(app: Any) -> list[tuple[str, str]]:
    """Pairs of board labels whose rectangles overlap on the table screen."""
    labels = getattr(app.screen, "painter", None)
    if labels is None:
        return []
    placed = [(r, t) for r, t in app.screen.painter.labels.placed if t]
    return [(a[1], b[1]) for a, b in itertools.combinations(placed, 2) if a[0].colliderect(b[0])]


@contextmanager
def too_small_warnings() -> Iterator[list[str]]:
    """Collect pygame_gui's "Label Rect is too small for text" style warnings."""
    found: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield found
    found.extend(str(w.message) for w in caught if "too small" in str(w.message))


def scrolled_boxes(app: Any) -> list[str]:
    """Visible text boxes whose words need a scroll bar (a figure card, a panel); a
    campaign band's roster, as long as the band, may scroll."""
    return [el.html_text[:60] for el in app.manager.get_sprite_group().sprites()
            if isinstance(el, UITextBox) and el.visible and getattr(el, "scroll_bar", None)
            is not None and "#roster" not in el.object_ids]


def labels_on_figures(app: Any) -> list[tuple[str, str]]:
    """Board labels lying on a figure's base (a label of its own may touch it)."""
    screen = app.screen
    painter = getattr(screen, "painter", None)
    if painter is None or painter.labels is None or not hasattr(screen, "camera"):
        return []
    state = screen.state if hasattr(screen, "state") else screen.game.state  # the viewer's
    cam, out = screen.camera, []
    for rect, words in painter.labels.placed:
        if not words:
            continue
        for f in state.figures.values():
            if f.status not in ("in_play", "out_of_action"):
                continue
            c = cam.to_screen(f.pos)
            r = round(f.base / 2 * cam.scale)  # as drawn; a label may touch its rim
            near = (min(max(c[0], rect.left), rect.right), min(max(c[1], rect.top), rect.bottom))
            if math.dist(near, c) < r - 2:
                out.append((words, f.name))
    return out


def labels_under_panels(app: Any) -> list[str]:
    """Board labels half hidden under an open decision or morale panel."""
    screen = app.screen
    painter = getattr(screen, "painter", None)
    if painter is None or painter.labels is None or not hasattr(screen, "decision"):
        return []
    panels = [p.rect for p in (screen.decision.panel, screen.morale.panel) if p is not None]
    return [words for rect, words in painter.labels.placed
            if words and rect.collidelist(panels) >= 0]


def panels_on_each_other(app: Any) -> list[tuple[str, str]]:
    """Floating boxes over the board lying on each other: the toast or turn banner, the
    computer's plan line, the folded dice tray, the tutorial's hint, a morale or decision
    panel."""
    from skirmish.app.screens import table_tutorial as tutorial
    from skirmish.app.screens.table_drawing import top_boxes

    screen = app.screen
    if not hasattr(screen, "decision"):
        return []
    boxes = [("banner", r) for r in top_boxes(screen)]
    if screen.plan_banner.visible:
        boxes.append(("plan", pygame.Rect(screen.plan_banner.box)))
    if screen.tray_over_board:
        boxes.append(("dice tray", screen.tray.rect))
    boxes += [(name, p.rect) for name, p in (("morale", screen.morale.panel),
                                            ("decision", screen.decision.panel)) if p is not None]
    hint = tutorial.box(screen, [r for _, r in boxes]) if tutorial.active_in(screen) else None
    if hint is not None:
        boxes.append(("hint", hint))
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(boxes, 2)
            if a != b and ra.colliderect(rb)]


def panels_on_named_figures(app: Any) -> list[tuple[str, str]]:
    """A decision or morale panel, the computer's plan line or the folded dice tray lying
    on a figure it is about."""
    from skirmish.app.screens.table_drawing import decision_points

    screen = app.screen
    if not hasattr(screen, "decision"):
        return []
    cam, s, out = screen.camera, screen.state, []
    named: list[tuple[str, Any, list[Any]]] = []
    if screen.decision.panel is not None and s.pending is not None:
        named.append(("decision", screen.decision.panel,
                      decision_points(s, screen.game.log)))
    if screen.morale.panel is not None and screen.morale.queue:
        e = screen.morale.queue[0].reaction
        named.append(("morale", screen.morale.panel,
                      [s.figures[f].pos for f in (e.figure, e.cause) if f in s.figures]))
    rects = [(name, panel.rect, points) for name, panel, points in named]
    plan = screen.plan_banner.plan if screen.plan_banner.visible else None
    if plan is not None and plan.figure in s.figures:  # the computer's plan line
        rects.append(("plan", pygame.Rect(screen.plan_banner.box), [s.figures[plan.figure].pos]))
    if screen.tray_over_board:  # the folded tray, showing its rolls
        rolled = {r.figure for r in screen.tray.rolls} | {r.target for r in screen.tray.rolls}
        rects.append(("dice tray", screen.tray.rect,
                      [s.figures[f].pos for f in rolled if f in s.figures
                       and s.figures[f].status in ("in_play", "out_of_action")]))
    for name, rect, points in rects:
        for p in points:
            if rect.collidepoint(cam.to_screen(p)):
                out.append((name, str(p)))
    return out


def shown_words(app: Any) -> list[str]:
    """The words of every visible widget and board label."""
    out = []
    for el in app.manager.get_sprite_group().sprites():
        if not getattr(el, "visible", True):
            continue
        for attr in ("text", "html_text"):
            v = getattr(el, attr, None)
            if isinstance(v, str) and v:
                out.append(v)
    painter = getattr(app.screen, "painter", None)
    if painter is not None and getattr(painter, "labels", None) is not None:
        out += [w for _, w in painter.labels.placed if w]
    return out


def other_language(app: Any, drawn: list[str]) -> list[str]:
    """Words of the other language in what the screen shows and ``drawn`` (texts drawn
    since the last check)."""
    from tests.app.languages import foreign_words, game_names

    lang = app.t.lang
    names = game_names(app.screen)
    out = []
    for words in {*shown_words(app), *drawn}:
        bad = foreign_words(words, lang, names)
        if bad:
            out.append(f"{bad} in {words[:80]!r}")
    return out


def problems(app: Any, where: str, drawn: list[str] | None = None) -> list[str]:
    """What is wrong with the words on the current screen; with ``drawn`` (the texts
    drawn since the last check), words of the other language too."""
    out = [f"{where}: cut button {b}" for b in cut_buttons(app)]
    out += [f"{where}: labels overlap {a!r} / {b!r}" for a, b in overlapping_labels(app)]
    if where != "rules":  # the rules reference is a long page that scrolls
        out += [f"{where}: text box scrolls {b!r}" for b in scrolled_boxes(app)]
    out += [f"{where}: label {a!r} on {b}" for a, b in labels_on_figures(app)]
    out += [f"{where}: {a} panel on {b}" for a, b in panels_on_named_figures(app)]
    out += [f"{where}: label {a!r} under a panel" for a in labels_under_panels(app)]
    out += [f"{where}: {a} on {b}" for a, b in panels_on_each_other(app)]
    if drawn is not None:
        out += [f"{where}: {x}" for x in other_language(app, drawn)]
    return out
