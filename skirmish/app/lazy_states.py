"""pygame_gui's widgets draw their other looks when first shown, not all in advance.

A pygame_gui shape (a button's, a text box's) has a picture per look — normal, hovered,
selected, pressed, disabled — and draws them all each time it is built or its text
changes: the first at once, the others one per frame after. Most are never shown (a
button is built anew when a screen or page changes, and few are hovered before), and
they cost about as much as the first. pygame_gui already draws a look it has not drawn
when the widget takes it on (``DrawableShape.set_active_state``), so each rebuild here
draws the normal look and the one on show, and marks the others to be drawn when taken
on. What is on screen is the same picture, drawn at the frame it is needed.
"""

from __future__ import annotations

from collections import deque

from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape


def _redraw_shown_states(self: DrawableShape, force_full_redraw: bool = False) -> None:
    """Every look out of date; the first (normal) and the one on show drawn now."""
    del force_full_redraw  # every look is redrawn before it is shown, disabled too
    for state in self.states.values():
        state.generated = False
    self.states_to_redraw_queue = deque()
    first = next(iter(self.states))
    self.redraw_state(first)
    shown = self.active_state
    if shown is not None and not shown.generated:
        self.redraw_state(shown.state_id)


def install() -> None:
    """Make every pygame_gui shape redraw its looks this way (a class attribute of the
    shapes' common base)."""
    DrawableShape.redraw_all_states = _redraw_shown_states  # type: ignore[method-assign]
