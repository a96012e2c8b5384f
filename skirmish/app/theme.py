"""The look: the pygame_gui theme (``assets/theme.json``, its font sizes scaled to the
window) and the colours the board and panels draw with.

Overlay colours come from the Okabe–Ito palette, which stays distinct under the common
colour-vision deficiencies; every overlay also carries a pattern or a label, so colour
is never the only signal.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from skirmish.app.paths import FONTS, THEME
from skirmish.app.text import MIN_PX

RGB = tuple[int, int, int]

BG: RGB = (24, 27, 33)
PANEL: RGB = (31, 35, 42)
PANEL_EDGE: RGB = (70, 76, 88)
TEXT: RGB = (232, 232, 232)
TEXT_DIM: RGB = (160, 166, 176)
GOOD: RGB = (0, 158, 115)  # Okabe–Ito bluish green
BAD: RGB = (213, 94, 0)  # Okabe–Ito vermillion
WARN: RGB = (240, 200, 96)
SIGHT: RGB = (240, 228, 66)  # Okabe–Ito yellow
REACH: RGB = (86, 180, 233)  # Okabe–Ito sky blue
PATH: RGB = (255, 255, 255)
SELECT: RGB = (255, 255, 255)

TERRAIN: dict[str, RGB] = {
    "open": (112, 114, 100),
    "difficult": (128, 116, 64),
    "impassable": (92, 74, 74),
    "raised": (150, 144, 112),
}
#: A neutral khaki-grey table, so that no band colour (green orks…) melts into it.
TABLE: RGB = (100, 104, 92)
GRID: RGB = (118, 122, 110)

#: Okabe–Ito orange, blue, green and purple for bands whose file gives no colour.
BAND_DEFAULTS: tuple[RGB, ...] = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (204, 121, 167))


#: Okabe–Ito colours a band takes when its own is too like an earlier band's.
BAND_SPARES: tuple[RGB, ...] = (*BAND_DEFAULTS, (213, 94, 0))
#: How far apart (:func:`colour_gap`) two bands' colours must be to be told apart at a
#: glance on the table: two ork bands in the same green, or the survivors' blue beside
#: the militia's, read as one band.
BAND_APART = 100.0


def band_colour(hex_colour: str | None, index: int) -> RGB:
    if hex_colour and hex_colour.startswith("#") and len(hex_colour) == 7:
        try:
            return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))
        except ValueError:
            pass
    return BAND_DEFAULTS[index % len(BAND_DEFAULTS)]


def band_colours(hex_colours: Sequence[str | None]) -> list[RGB]:
    """Each band's colour on the table, in the bands' order: its file's (or the default
    for its place), unless it is within ``BAND_APART`` of an earlier band's; then the
    spare farthest from every colour already taken. A warband's colour is chosen for the
    warband alone, and two bands of one colour on one table (a band against itself, or
    two ork bands) could not be told apart."""
    out: list[RGB] = []
    for i, hex_colour in enumerate(hex_colours):
        own = band_colour(hex_colour, i)
        if out and min(colour_gap(own, c) for c in out) < BAND_APART:
            own = max(BAND_SPARES, key=lambda s: min(colour_gap(s, c) for c in out))
        out.append(own)
    return out


def colour_gap(a: RGB, b: RGB) -> float:
    """How different two colours look: the distance in RGB weighted by the mean red
    ("redmean"), a cheap stand-in for a perceptual one (0 to about 765)."""
    mean = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db)


#: The player's UI scale setting: its smallest and largest value, and one step.
USER_SCALE_RANGE = (0.8, 1.5)
USER_SCALE_STEP = 0.1


#: The theme's body text (14 px at scale 1) reaches the 12 px floor at this scale: below
#: it the words stop shrinking while the boxes around them still would, so they no longer
#: fit (the set-up's description and the campaign's boxes scrolled at 960 × 600 × 0.8).
LEAST_SCALE = MIN_PX / 14
#: A window holds text up to its height over this many pixels and its width over
#: ``HELD_WIDTH``: past that the set-up's option rows get shorter than their words, the
#: figure card, the deployment hint and the action preview scroll, the turn banner reaches
#: the folded dice tray (measured by the screen walk, tests/app/test_screen_walk.py).
HELD_HEIGHT = 620
HELD_WIDTH = 1040


def window_scale(height: int) -> float:
    """Text grows with the window: 1.0 at 720 px high, about 1.3 at 1080."""
    return max(0.85, min(1.6, 0.55 + height / 1600))


def most_scale(size: tuple[int, int]) -> float:
    """The largest scale a window of ``size`` lays out whole (never less than its own)."""
    w, h = size
    return max(window_scale(h), min(h / HELD_HEIGHT, w / HELD_WIDTH))


def ui_scale(size: tuple[int, int], user: float = 1.0) -> float:
    """The window's own scale times the player's setting, kept between what 12 px text
    needs and what the window holds: a 960 × 600 window cannot show × 1.5 text in the
    same layout, and boxes shrunk under text that no longer shrinks cut it."""
    own = window_scale(size[1])
    return max(LEAST_SCALE, min(most_scale(size), 2.2, own * user))


def held_setting(size: tuple[int, int], user: float) -> tuple[float, int]:
    """The setting a window of ``size`` honours for the player's ``user`` setting (the
    scale it draws at over its own) and whether it was held down (1), up (-1) or not (0)
    by the window: what the Ctrl + / − notice says."""
    own = window_scale(size[1])
    shown = ui_scale(size, user) / own
    held = 1 if shown < user - 0.005 else -1 if shown > user + 0.005 else 0
    return round(shown, 2), held


def step_user_scale(current: float, direction: int, shown: float | None = None) -> float:
    """The UI scale setting one step larger (+1), smaller (-1) or back to 1 (0). A setting
    the window holds down steps from what it shows (``shown``), so one Ctrl − makes the
    text smaller at once, not after the steps the window could not honour."""
    if direction == 0:
        return 1.0
    lo, hi = USER_SCALE_RANGE
    step = USER_SCALE_STEP
    if shown is not None and shown < current:  # held down: from the step above it
        current = min(current, math.ceil(round(shown / step, 6)) * step)
    elif shown is not None and shown > current:  # held up
        current = max(current, math.floor(round(shown / step, 6)) * step)
    return round(max(lo, min(hi, current + direction * step)), 2)


#: pygame_gui elements that take their font from their own block, not from "defaults".
ELEMENTS = ("button", "label", "text_box", "tool_tip", "text_entry_line", "drop_down_menu",
            "selection_list", "window", "panel", "horizontal_slider", "check_box",
            "drop_down_menu.#selected_option", "drop_down_menu.#drop_down_options_list",
            "selection_list.@selection_list_item")


@cache
def theme_dict(scale: float) -> dict[str, Any]:
    """The theme file with the font folder filled in and every font size scaled: read
    and built once per scale, and shared read only (each window and each change of UI
    scale asks for it)."""
    raw = json.loads(THEME.read_text(encoding="utf-8").replace("{FONTS}", FONTS.as_posix()))
    out = copy.deepcopy(raw)
    paths = {k: v for k, v in raw["defaults"]["font"].items() if k.endswith("_path")}
    for element in ELEMENTS:
        block = out.setdefault(element, {})
        block.setdefault("font", dict(raw["defaults"]["font"]))
    for block in out.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font:
            for k, v in paths.items():
                font.setdefault(k, v)
        if font and "size" in font:
            font["size"] = str(max(MIN_PX, round(int(font["size"]) * scale)))
        misc = block.get("misc") if isinstance(block, dict) else None
        if misc and "title_bar_height" in misc:
            misc["title_bar_height"] = str(round(int(misc["title_bar_height"]) * scale))
    return out
