"""The board's static layer — table, grid, deployment zones, terrain, objectives — drawn
once into a Surface and redrawn only when the camera or a display switch changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.patterns import dashed_polygon, polygon_fill
from skirmish.app.i18n import Translator
from skirmish.app.text import Text
from skirmish.app.theme import GRID, TABLE, TERRAIN, TEXT

GRID_6 = (140, 146, 130)  # every sixth line, the length of the ruler

Point = tuple[float, float]


def piece_style(piece: Any) -> tuple[tuple[int, int, int], str | None]:
    """Fill colour and pattern for a terrain piece (see the legend)."""
    if piece.kind == "impassable":
        return TERRAIN["impassable"], "cross"
    if piece.kind == "difficult":
        return TERRAIN["difficult"], "hatch"
    if getattr(piece, "raised", False):
        return TERRAIN["raised"], None
    return TERRAIN["open"], "dots" if piece.cover else None


def piece_caption(piece: Any, t: Translator) -> str:
    """"Bois (difficult, cover)": the name and what the piece does, in words."""
    bits = [t(f"terrain.{piece.kind}")] if piece.kind != "open" else []
    if piece.blocks_los:
        bits.append(t("terrain.blocks_los"))
    if piece.cover:
        bits.append(t("terrain.cover"))
    if getattr(piece, "raised", False):
        bits.append(f"{t('terrain.raised_short')} {piece.height:g}")
    elif piece.height > 0:
        bits.append(f"h {piece.height:g}")
    return f"{piece.name} ({', '.join(bits)})" if bits else piece.name


class StaticLayer:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple = ()

    def get(self, camera: Camera, pieces: Sequence[Any], zones: Sequence[tuple[Sequence[Point],
            tuple[int, int, int], str]], objectives: Sequence[Any], grid: bool, t: Translator,
            text: Text) -> pygame.Surface:
        key = (camera.version, camera.rect.size, grid, tuple(z[2] for z in zones), t.lang,
               len(pieces))
        if self.surface is None or key != self.key:
            self.surface = self._draw(camera, pieces, zones, objectives, grid, t,
                                      text).convert()
            self.key = key
        return self.surface

    def _draw(self, cam: Camera, pieces: Sequence[Any], zones: Sequence[tuple[Sequence[Point],
              tuple[int, int, int], str]], objectives: Sequence[Any], grid: bool,
              t: Translator, text: Text) -> pygame.Surface:
        surf = pygame.Surface(cam.rect.size)
        surf.fill((18, 20, 24))
        ox, oy = cam.rect.topleft

        def px(p: Point) -> tuple[float, float]:
            x, y = cam.to_screen(p)
            return (x - ox, y - oy)

        table = pygame.Rect(px((0, 0)), (round(cam.width * cam.scale),
                                         round(cam.height * cam.scale)))
        surf.fill(TABLE, table)
        if grid and cam.scale >= 5:
            for i in range(int(cam.width) + 1):
                x = px((i, 0))[0]
                pygame.draw.line(surf, GRID if i % 6 else GRID_6, (x, table.top),
                                 (x, table.bottom))
            for j in range(int(cam.height) + 1):
                y = px((0, j))[1]
                pygame.draw.line(surf, GRID if j % 6 else GRID_6, (table.left, y),
                                 (table.right, y))
        spacing = max(5, round(cam.scale * 0.6))
        for poly, colour, label in zones:
            pts = [px(p) for p in poly]
            polygon_fill(surf, pts, (*colour, 45), "hatch", (*colour, 90), spacing * 2)
            dashed_polygon(surf, colour, pts, 2)
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            text.blit(surf, label, (cx, cy), 12, TEXT, anchor="center", backdrop=(0, 0, 0, 110))
        for piece in pieces:
            fill, pattern = piece_style(piece)
            pts = [px(p) for p in piece.polygon]
            shade = tuple(max(0, c - 35) for c in fill)
            polygon_fill(surf, pts, fill, pattern, shade, spacing)
            edge = (220, 220, 220) if piece.kind == "impassable" else (30, 30, 30)
            if piece.cover:
                dashed_polygon(surf, (235, 235, 200), pts, 2, 5)
            else:
                pygame.draw.polygon(surf, edge, pts, 1)
            if getattr(piece, "raised", False) and piece.kind != "impassable":
                inner = _shrink(pts, 0.12)
                pygame.draw.polygon(surf, (190, 186, 140), inner, 1)
        for piece in pieces:
            pts = [px(p) for p in piece.polygon]
            cx = sum(p[0] for p in pts) / len(pts)
            top = min(p[1] for p in pts)
            label = text.render(piece_caption(piece, t), 11, TEXT)
            half = label.get_width() / 2 + 4
            cx = min(max(cx, half), surf.get_width() - half)
            text.blit(surf, piece_caption(piece, t), (cx, top + 2), 11, TEXT, anchor="midtop",
                      backdrop=(0, 0, 0, 120))
        for obj in objectives:
            c = px(obj.at)
            r = round(min(max(obj.radius * cam.scale, 4), 4000)) if obj.radius == obj.radius else 4
            pygame.draw.circle(surf, (250, 250, 250), c, r, 2)
            pygame.draw.line(surf, (250, 250, 250), (c[0] - r, c[1]), (c[0] + r, c[1]), 1)
            pygame.draw.line(surf, (250, 250, 250), (c[0], c[1] - r), (c[0], c[1] + r), 1)
            text.blit(surf, f"⚑ {obj.name} ({obj.vp} VP)", (c[0], c[1] + r + 2), 11, TEXT,
                      anchor="midtop", backdrop=(0, 0, 0, 120))
        pygame.draw.rect(surf, (200, 200, 200), table, 1)
        return surf


def _shrink(pts: Sequence[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    """The polygon pulled towards its centroid: a contour line for raised ground."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(x + (cx - x) * k, y + (cy - y) * k) for x, y in pts]


LEGEND = (("open", None), ("difficult", "hatch"), ("impassable", "cross"), ("raised", None),
          ("cover", "dots"))


def legend_surface(t: Translator, text: Text) -> pygame.Surface:
    """The key to the terrain drawing, same colours and patterns as the board."""
    rows = [(t(f"legend.{k}"), k, p) for k, p in LEGEND]
    sw = round(22 * text.scale)
    line = round(18 * text.scale)
    width = max(text.font(11).size(r[0])[0] for r in rows) + sw + 16
    surf = pygame.Surface((width, line * len(rows) + 8), pygame.SRCALPHA)
    surf.fill((16, 18, 22, 215))
    for i, (label, kind, pattern) in enumerate(rows):
        y = 4 + i * line
        box = pygame.Rect(4, y + 2, sw, line - 4)
        fill = TABLE if kind == "cover" else TERRAIN[kind]
        pts = [box.topleft, box.topright, box.bottomright, box.bottomleft]
        polygon_fill(surf, pts, fill, pattern, tuple(max(0, c - 35) for c in fill), 5)
        if kind == "cover":
            dashed_polygon(surf, (235, 235, 200), pts, 1, 3)
        elif kind == "raised":
            pygame.draw.rect(surf, (190, 186, 140), box.inflate(-6, -4), 1)
        text.blit(surf, label, (box.right + 6, y + line / 2), 11, TEXT, anchor="midleft")
    return surf
