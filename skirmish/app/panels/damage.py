"""The damage table (key D): the 10 × 10 table of [R-DMG-TABLE] with the strength and
resistance in question highlighted (row, column and cell, marked as well as tinted); under
Les Clefs de l'Aube its Table 3.1 with the last damage's row highlighted."""

from __future__ import annotations

import pygame

from skirmish.app.text import Text
from skirmish.app.theme import PANEL_EDGE, SIGHT, TEXT, TEXT_DIM
from skirmish.content.models import DamageTable


class DamagePanel:
    """The table drawn once per highlighted cell and language, then only blitted (by
    the caller, which may have it over the board already)."""

    def __init__(self) -> None:
        self.key: tuple = ()
        self.surface: pygame.Surface | None = None

    def picture(self, text: Text, centre: tuple[int, int], table: DamageTable, title: str,
                note: str, current: tuple[int, int] | None) -> tuple[pygame.Surface, pygame.Rect]:
        """The table and where it goes, centred on ``centre``."""
        key = (title, note, current, text.scale)
        if self.surface is None or key != self.key:
            self.surface = draw_damage_table(text, table, title, note, current).convert_alpha()
            self.key = key
        return self.surface, self.surface.get_rect(center=centre)

    def picture_ca(self, text: Text, centre: tuple[int, int], rows: list[tuple[str, str, str]],
                   title: str, note: str, current: int | None
                   ) -> tuple[pygame.Surface, pygame.Rect]:
        key = ("ca", title, note, current, text.scale, tuple(rows))
        if self.surface is None or key != self.key:
            self.surface = draw_ca_table(text, rows, title, note, current).convert_alpha()
            self.key = key
        return self.surface, self.surface.get_rect(center=centre)


def draw_damage_table(text: Text, table: DamageTable, title: str, note: str,
                      current: tuple[int, int] | None) -> pygame.Surface:
    """``current`` is (F, R); values beyond 1..10 are shown at the nearest edge."""
    cell = round(30 * text.scale)
    head = round(22 * text.scale)
    w = cell * 11 + 16
    titles = text.wrap(title, 13, w - 12, bold=True)
    notes = text.wrap(note, 11, w - 12)
    line = round(16 * text.scale)
    h = 8 + head * len(titles) + cell * 11 + line * len(notes) + 14
    rect = pygame.Rect(0, 0, w, h)
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    surface.fill((20, 23, 28, 240))
    pygame.draw.rect(surface, PANEL_EDGE, rect, 2)
    for i, part in enumerate(titles):
        text.blit(surface, part, (rect.centerx, 6 + i * head), 13, TEXT, bold=True,
                  anchor="midtop")
    x0, y0 = rect.x + 8, 6 + head * len(titles)
    f_cur = r_cur = None
    if current is not None:
        f_cur = min(10, max(1, current[0]))
        r_cur = min(10, max(1, current[1]))
    text.blit(surface, "R \\ F", (x0 + cell / 2, y0 + cell / 2), 11, TEXT_DIM, anchor="center")
    for f in range(1, 11):
        c = pygame.Rect(x0 + f * cell, y0, cell, cell)
        if f == f_cur:
            surface.fill((70, 66, 30), c)
        text.blit(surface, str(f), c.center, 12, SIGHT if f == f_cur else TEXT, bold=True,
                  anchor="center")
    for r in range(1, 11):
        rc = pygame.Rect(x0, y0 + r * cell, cell, cell)
        if r == r_cur:
            surface.fill((70, 66, 30), rc)
        text.blit(surface, str(r), rc.center, 12, SIGHT if r == r_cur else TEXT, bold=True,
                  anchor="center")
        for f in range(1, 11):
            c = pygame.Rect(x0 + f * cell, y0 + r * cell, cell, cell)
            need = table.rows[r - 1][f - 1]
            shade = 40 + need * 14
            bg = (shade, shade, shade + 8)
            if f == f_cur or r == r_cur:
                bg = (bg[0] + 30, bg[1] + 28, bg[2])
            surface.fill(bg, c.inflate(-2, -2))
            hot = f == f_cur and r == r_cur
            if not hot:
                text.blit(surface, f"{need}+", c.center, 12, TEXT, anchor="center")
            if hot:
                surface.fill(SIGHT, c)
                pygame.draw.rect(surface, (0, 0, 0), c.inflate(-4, -4), 2)
                text.blit(surface, f"{need}+", c.center, 13, (0, 0, 0), bold=True,
                          anchor="center")
    y = y0 + cell * 11 + 4
    for i, part in enumerate(notes):
        text.blit(surface, part, (rect.centerx, y + i * line), 11, TEXT_DIM, anchor="midtop")
    return surface


def draw_ca_table(text: Text, rows: list[tuple[str, str, str]], title: str, note: str,
                  current: int | None) -> pygame.Surface:
    """Les Clefs de l'Aube's Table 3.1 ([CA-DMG-TABLE], RULESETS §3.g): one line per row
    (effective damage, the row's name, its PF); ``current`` is the row of the last damage
    resolved, highlighted."""
    line = round(26 * text.scale)
    w = round(420 * text.scale)
    titles = text.wrap(title, 13, w - 12, bold=True)
    notes = text.wrap(note, 11, w - 12)
    small = round(16 * text.scale)
    head = round(22 * text.scale)
    h = 8 + head * len(titles) + line * len(rows) + small * len(notes) + 14
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    surface.fill((20, 23, 28, 240))
    pygame.draw.rect(surface, PANEL_EDGE, surface.get_rect(), 2)
    for i, part in enumerate(titles):
        text.blit(surface, part, (w // 2, 6 + i * head), 13, TEXT, bold=True, anchor="midtop")
    y = 6 + head * len(titles)
    cols = (8, w * 30 // 100, w * 80 // 100)
    for i, cells in enumerate(rows):
        r = pygame.Rect(4, y + i * line, w - 8, line - 2)
        hot = i == current
        surface.fill(SIGHT if hot else (40 + 12 * i, 40 + 12 * i, 48 + 12 * i), r)
        for x, cell in zip(cols, cells, strict=True):
            text.blit(surface, cell, (x, r.centery), 12, (0, 0, 0) if hot else TEXT,
                      bold=hot, anchor="midleft")
    y += line * len(rows) + 4
    for i, part in enumerate(notes):
        text.blit(surface, part, (w // 2, y + i * small), 11, TEXT_DIM, anchor="midtop")
    return surface
