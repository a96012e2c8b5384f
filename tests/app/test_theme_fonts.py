"""Bold labels are set in the shipped DejaVu Sans Bold at every size the theme asks for
(a bold size not loaded beforehand fell back to another, serif, face)."""

from __future__ import annotations

import json

import pygame

from skirmish.app.paths import FONT_BOLD, THEME
from tests.app.drive import make_app


def test_every_bold_label_is_dejavu_bold() -> None:
    app = make_app(size=(960, 600))
    theme = json.loads(THEME.read_text(encoding="utf-8"))
    bold = {key: int(block["font"]["size"]) for key, block in theme.items()
            if block.get("font", {}).get("bold") == "1"}
    assert {"@title", "@primary", "@heading"} <= set(bold)
    for key in bold:
        font = app.manager.get_theme().get_font([key])
        size = font.point_size
        shipped = pygame.font.Font(str(FONT_BOLD), size)
        words = "Créer la campagne Ag"
        assert font.size(words) == shipped.size(words), key  # another face: other widths
