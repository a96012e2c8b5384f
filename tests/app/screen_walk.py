"""Checks that every screen shows its words whole: no pygame_gui "too small for text"
warning, no button whose text is wider than the button, no two board labels on top of
each other."""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pygame_gui.elements import UIButton


def cut_buttons(app: Any) -> list[str]:
    """Texts of visible buttons too narrow for them (pygame_gui clips those silently)."""
    out = []
    for el in app.manager.get_sprite_group().sprites():
        if not isinstance(el, UIButton) or not el.visible or not el.text or el.font is None:
            continue
        if el.font.size(el.text)[0] > el.rect.w - 4:
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


def problems(app: Any, where: str) -> list[str]:
    """What is wrong with the words on the current screen."""
    out = [f"{where}: cut button {b}" for b in cut_buttons(app)]
    out += [f"{where}: labels overlap {a!r} / {b!r}" for a, b in overlapping_labels(app)]
    return out
