"""The board's static layer — table, grid, deployment zones, terrain, objectives — drawn
into a Surface that covers the table at the current zoom, so that panning only blits it
(it is redrawn when the zoom settles, when the view leaves the drawn region, or when a
display switch changes). While a zoom is under way the previous drawing is stretched.
A tool's reach area, which stays put while the pointer moves or the board pans, is
blended into a copy of that layer once, instead of over the window every frame.

Terrain is textured by its look (``textures.piece_look``) and its rules are drawn on top:
difficult ground hatched, impassable pieces with a heavy edge, cover with a dashed edge,
and height as a shadow cast to the lower right."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.overlays import scale_bar_width
from skirmish.app.board.patterns import dashed_polygon, hatch
from skirmish.app.board.textures import piece_look, tiled
from skirmish.app.i18n import Translator
from skirmish.app.rows import odd_copy, odd_rows
from skirmish.app.solid import paint
from skirmish.app.text import Text
from skirmish.app.theme import GRID, TEXT

if TYPE_CHECKING:
    from skirmish.app.board.overlays import ReachOverlay

GRID_6 = (150, 156, 132)  # every sixth line, the length of the ruler
OUTSIDE = (18, 20, 24)
#: Seconds without a zoom step before the layer is drawn again at the new zoom.
ZOOM_SETTLE = 0.15
#: The whole table is drawn at once if it is at most this many times the board's area.
WHOLE_TABLE_AREAS = 4
#: Blended copies of the layer kept (one per pixel the reach may sit off it, each way).
BLENDS_KEPT = 4

Point = tuple[float, float]
#: A deployment zone: its outline, its band's colour and its name (drawn by ``zones``).
Zone = tuple[Sequence[Point], tuple[int, int, int], str]


def piece_caption(piece: Any, t: Translator, name: str | None = None) -> str:
    """"Bois (difficult, cover)": the name and what the piece does, in words."""
    bits = [t(f"terrain.{piece.kind}")] if piece.kind != "open" else []
    if piece.blocks_los:
        bits.append(t("terrain.blocks_los"))
    if piece.cover:
        bits.append(t("terrain.cover"))
    if getattr(piece, "raised", False):
        bits.append(f"{t('terrain.raised_short')} {t.num(piece.height)}")
    elif piece.height > 0:
        bits.append(f"h {t.num(piece.height)}")
    name = piece.name if name is None else name
    return f"{name} ({', '.join(bits)})" if bits else name


def fill_polygon(target: pygame.Surface, pts: Sequence[tuple[float, float]], look: str,
                 phase: tuple[int, int]) -> pygame.Rect | None:
    """Fill a polygon with the tile of ``look``, the pattern fixed to the table."""
    if len(pts) < 3:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    if not box.colliderect(target.get_rect()):
        return None
    tex = tiled(look, box.size, (phase[0] + box.x, phase[1] + box.y)).convert_alpha()
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    target.blit(tex, box)
    return box


def _overlay_polygon(target: pygame.Surface, pts: Sequence[tuple[float, float]],
                     draw: Any) -> None:
    """Run ``draw`` on a transparent surface over the polygon's box, clipped to it."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    if not box.colliderect(target.get_rect()):
        return
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    draw(tmp)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    target.blit(tmp, box)


def shadow_length(piece: Any, scale: float) -> int:
    """Pixels a piece's shadow reaches: grows with its height and the zoom, kept modest."""
    h = piece.height if piece.height > 0 else (1.5 if piece.blocks_los else 0)
    return min(round(h * scale * 0.25), round(scale * 1.2), 28)


def draw_piece(surf: pygame.Surface, pts: Sequence[tuple[float, float]], piece: Any,
               scale: float, phase: tuple[int, int]) -> None:
    """One terrain piece: shadow, texture, rule marks and edges."""
    look = piece_look(piece)
    if look == "hill":
        _hill(surf, pts, scale, phase)
    else:
        fill_polygon(surf, pts, look, phase)
    spacing = max(6, round(scale * 0.7))
    if piece.kind == "difficult":
        _overlay_polygon(surf, pts, lambda s: hatch(s, (250, 230, 150, 70), spacing, width=2))
    if piece.kind == "impassable":
        pygame.draw.polygon(surf, (20, 16, 16), pts, 3)
        pygame.draw.polygon(surf, (205, 200, 190), _shrink(pts, 0.04 if look != "wall" else 0),
                            1)
    elif piece.cover:
        pygame.draw.polygon(surf, (24, 24, 20), pts, 1)
    if piece.cover:
        dashed_polygon(surf, (240, 236, 200), pts, 2, 5)


def _hill(surf: pygame.Surface, pts: Sequence[tuple[float, float]], scale: float,
          phase: tuple[int, int]) -> None:
    """Raised ground: its texture in rings that lighten towards the top, lit from the upper
    left, so height reads as shading."""
    fill_polygon(surf, pts, "hill", phase)
    for k, alpha in ((0.3, 30), (0.55, 45), (0.78, 55)):
        inner = _shrink(pts, k)
        _overlay_polygon(surf, inner, lambda s, a=alpha: s.fill((255, 250, 220, a)))
        pygame.draw.polygon(surf, (120, 112, 76), inner, 1)
    pygame.draw.lines(surf, (70, 64, 40), True, pts, 2)


def _cast_shadow(surf: pygame.Surface, pts: Sequence[tuple[float, float]], length: int) -> None:
    """The piece swept ``length`` pixels to the lower right, as one soft shape."""
    if length <= 0:
        return
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + length + 3,
                      int(max(ys) - min(ys)) + length + 3)
    if not box.colliderect(surf.get_rect()):
        return
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    local = [(x - box.x, y - box.y) for x, y in pts]
    for k, alpha in ((length, 45), (length * 0.5, 75)):
        moved = [(x + k, y + k) for x, y in local]
        shade = (0, 0, 0, alpha)
        pygame.draw.polygon(tmp, shade, moved)
        for a, b, c, d in zip(local, local[1:] + local[:1], moved[1:] + moved[:1], moved,
                              strict=True):
            pygame.draw.polygon(tmp, shade, (a, b, c, d))
    surf.blit(tmp, box)


def _shrink(pts: Sequence[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    """The polygon pulled towards its centroid: a contour line for raised ground."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(x + (cx - x) * k, y + (cy - y) * k) for x, y in pts]


def rects_around(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """``outer`` but for ``inner``, as up to four rectangles (above, below, left, right)."""
    inner = inner.clip(outer)
    if inner.w <= 0 or inner.h <= 0:
        return [pygame.Rect(outer)]
    parts = (pygame.Rect(outer.x, outer.y, outer.w, inner.top - outer.top),
             pygame.Rect(outer.x, inner.bottom, outer.w, outer.bottom - inner.bottom),
             pygame.Rect(outer.x, inner.top, inner.left - outer.left, inner.h),
             pygame.Rect(inner.right, inner.top, outer.right - inner.right, inner.h))
    return [r for r in parts if r.w > 0 and r.h > 0]


def _fill_around(target: pygame.Surface, outer: pygame.Rect, inner: pygame.Rect) -> None:
    """Fill ``outer`` but for ``inner`` (the table covers that part anyway)."""
    for r in rects_around(outer, inner):
        paint(target, OUTSIDE, r)


class StaticLayer:
    """The terrain drawing, kept between frames (see the module's docstring)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.region = pygame.Rect(0, 0, 0, 0)  # what it covers, in table pixels
        self.key: tuple = ()
        self.scale = 0.0
        self.zoomed_at = -1.0
        self.seen_version = -1
        self.redraws = 0  # how many times the terrain was drawn (tests and bench)
        #: Copies of the layer with a reach blended in, by what they were made from: a pan
        #: that moves the layer by a fractional offset puts the reach one pixel either way
        #: of it (the two are rounded apart), so a pan goes between a few of them.
        self._with: dict[tuple, pygame.Surface] = {}
        self.blend_key: tuple = ()  # the copy the last frame showed
        self.blends = 0  # how many times a reach was blended into a copy (tests)

    def draw(self, target: pygame.Surface, cam: Camera, pieces: Sequence[Any],
             zones: Sequence[Zone], objectives: Sequence[Any], grid: bool,
             now: float, reach: ReachOverlay | None = None) -> None:
        """Blit the table's part under ``cam.rect``, drawing it again only when needed;
        with ``reach``, that area shaded on it (and ``reach.in_layer`` says if the layer
        holds it, so that the tool does not draw it again). ``now`` is the window's time
        in seconds, which a zoom settles by."""
        if reach is not None:
            reach.in_layer = False
        # not the board's size: what the layer holds does not depend on it, and a pan
        # picture (``skirmish.app.board.pan``), larger than the board, shares the layer
        key = (grid, tuple((tuple(map(tuple, z[0])), z[1]) for z in zones),
               tuple(p.id for p in pieces))
        view = pygame.Rect(round(cam.rect.x - cam.offset[0]), round(cam.rect.y - cam.offset[1]),
                           cam.rect.w, cam.rect.h)
        table = pygame.Rect(0, 0, round(cam.width * cam.scale), round(cam.height * cam.scale))
        shown = pygame.Rect(cam.rect.x - view.x, cam.rect.y - view.y, table.w,
                            table.h).clip(cam.rect)
        _fill_around(target, cam.rect, shown)
        if self.surface is not None and key == self.key and cam.scale != self.scale:
            if cam.version != self.seen_version:
                self.seen_version = cam.version
                self.zoomed_at = now
            if now - self.zoomed_at < ZOOM_SETTLE:
                self._stretched(target, cam, view)
                return
        needed = view.clip(table)
        if (self.surface is None or key != self.key or cam.scale != self.scale
                or not self.region.contains(needed)):
            if table.w * table.h <= WHOLE_TABLE_AREAS * view.w * view.h:
                region = table
            else:
                region = view.inflate(view.w, view.h).clip(table)
            self.surface = self._draw(cam, region, pieces, zones, objectives, grid)
            self.region = region
            self.key = key
            self.scale = cam.scale
            self.redraws += 1
        dest = (cam.rect.x + self.region.x - view.x, cam.rect.y + self.region.y - view.y)
        area = needed.move(-self.region.x, -self.region.y)
        layer = self.surface if reach is None else self._blended(reach, cam, dest)
        target.blit(layer, (dest[0] + area.x, dest[1] + area.y), area)
        if layer is not self.surface and reach is not None:
            self._reach_outside(target, reach, cam, dest)

    def _blended(self, reach: ReachOverlay, cam: Camera,
                 dest: tuple[int, int]) -> pygame.Surface:
        """The layer with ``reach`` blended in where it will show on screen; made again
        when the layer, the reach or its place on the layer changes."""
        assert self.surface is not None
        surf, at = reach.drawing(cam)
        if surf is None:
            return self.surface
        at = (at[0] - dest[0], at[1] - dest[1])
        key = (self.surface, self.redraws, surf, at)  # the surfaces themselves: ids recur
        copy = self._with.get(key)
        if copy is None:
            if any(k[:3] != key[:3] for k in self._with):  # another layer or reach
                self._with.clear()
            elif len(self._with) >= BLENDS_KEPT:
                del self._with[next(iter(self._with))]
            copy = self._with[key] = odd_copy(self.surface)
            copy.blit(surf, at)
            self.blends += 1
        self.blend_key = key
        reach.in_layer = True
        return copy

    def _reach_outside(self, target: pygame.Surface, reach: ReachOverlay, cam: Camera,
                       dest: tuple[int, int]) -> None:
        """What of the reach lies off the layer (off the table's edge) is drawn as before."""
        surf, at = reach.drawing(cam)
        assert surf is not None
        inside = pygame.Rect(dest, self.region.size)
        spill = surf.get_rect(topleft=at)
        if inside.contains(spill):
            return
        prev = target.get_clip()
        for part in rects_around(spill, inside):
            part = part.clip(prev)
            if part.w > 0 and part.h > 0:
                target.set_clip(part)
                target.blit(surf, at)
        target.set_clip(prev)

    def _stretched(self, target: pygame.Surface, cam: Camera, view: pygame.Rect) -> None:
        """The previous drawing scaled to the new zoom (quick, a little blurred)."""
        assert self.surface is not None
        k = self.scale / cam.scale  # old pixels per new pixel
        old_view = pygame.Rect(round(view.x * k), round(view.y * k), max(1, round(view.w * k)),
                               max(1, round(view.h * k)))
        part = old_view.clip(self.region)
        if part.w <= 0 or part.h <= 0:
            return
        src = self.surface.subsurface(part.move(-self.region.x, -self.region.y))
        size = (max(1, round(part.w / k)), max(1, round(part.h / k)))
        dest = (cam.rect.x + round(part.x / k) - view.x, cam.rect.y + round(part.y / k) - view.y)
        prev = target.get_clip()
        target.set_clip(cam.rect)
        target.fill(OUTSIDE, cam.rect)  # rounding may leave a line the stretch misses
        target.blit(pygame.transform.scale(src, size), dest)
        target.set_clip(prev)

    def _draw(self, cam: Camera, region: pygame.Rect, pieces: Sequence[Any],
              zones: Sequence[Zone], objectives: Sequence[Any], grid: bool) -> pygame.Surface:
        surf = odd_rows(region.size, pygame.display.get_surface())
        s = cam.scale
        phase = (region.x, region.y)

        def px(p: Point) -> tuple[float, float]:
            return (p[0] * s - region.x, p[1] * s - region.y)

        surf.blit(tiled("ground", region.size, phase), (0, 0))
        table = pygame.Rect(-region.x, -region.y, round(cam.width * s), round(cam.height * s))
        if grid and s >= 5:
            for i in range(int(cam.width) + 1):
                x = px((i, 0))[0]
                if -1 <= x <= region.w:
                    pygame.draw.line(surf, GRID if i % 6 else GRID_6, (x, 0), (x, region.h))
            for j in range(int(cam.height) + 1):
                y = px((0, j))[1]
                if -1 <= y <= region.h:
                    pygame.draw.line(surf, GRID if j % 6 else GRID_6, (0, y), (region.w, y))
        spacing = max(5, round(s * 0.6))
        for poly, colour, _name in zones:  # the names go over the figures (``zones``)
            pts = [px(p) for p in poly]
            _overlay_polygon(surf, pts, lambda t, c=colour: (t.fill((*c, 40)),
                                                             hatch(t, (*c, 90), spacing * 2)))
            dashed_polygon(surf, colour, pts, 2)
        polys = [[px(p) for p in piece.polygon] for piece in pieces]
        for piece, pts in zip(pieces, polys, strict=True):
            if piece_look(piece) != "hill":
                _cast_shadow(surf, pts, shadow_length(piece, s))
        order = sorted(range(len(pieces)), key=lambda i: (not getattr(pieces[i], "raised", False),
                                                          pieces[i].height))
        for i in order:
            draw_piece(surf, polys[i], pieces[i], s, phase)
        for obj in objectives:
            c = px(obj.at)
            r = objective_radius_px(obj, s)
            pygame.draw.circle(surf, (250, 250, 250), c, r, 2)
            pygame.draw.line(surf, (250, 250, 250), (c[0] - r, c[1]), (c[0] + r, c[1]), 1)
            pygame.draw.line(surf, (250, 250, 250), (c[0], c[1] - r), (c[0], c[1] + r), 1)
        pygame.draw.rect(surf, (200, 200, 200), table, 1)
        return surf


def objective_radius_px(obj: Any, scale: float) -> int:
    """An objective's ring in pixels; a radius a file gave as NaN or huge still draws (a
    small or bounded ring) instead of raising."""
    r = obj.radius * scale
    return round(min(max(r, 4), 4000)) if r == r else 4


def objective_caption(t: Translator, obj: Any, name: str | None = None) -> str:
    """The flag, ``name`` (the objective's in the window's language) and its victory
    points in the window's words (French said "VP")."""
    return f"⚑ {name or obj.name} ({t('board.objective_vp', vp=obj.vp)})"


# -- the legend, drawn under the board, never over it ----------------------------------------
LEGEND = (("open", "ground"), ("difficult", "rubble"), ("impassable", "building"),
          ("raised", "hill"), ("cover", "ground"))


def legend_surface(t: Translator, text: Text, width: int) -> pygame.Surface:
    """The key to the terrain drawing in one or two rows ``width`` pixels wide: the same
    textures and marks as the board."""
    sw = round(22 * text.scale)
    line = round(18 * text.scale)
    items = []
    for kind, look in LEGEND:
        label = text.render(t(f"legend.{kind}"), 11, TEXT)
        items.append((kind, look, label, sw + 6 + label.get_width() + 14))
    rows: list[list[Any]] = [[]]
    x = 0
    for it in items:
        if x + it[3] > width and rows[-1]:
            rows.append([])
            x = 0
        rows[-1].append(it)
        x += it[3]
    surf = pygame.Surface((width, line * len(rows) + 4), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        x = 0
        y = 2 + r * line
        for kind, look, label, w in row:
            box = pygame.Rect(x, y + 2, sw, line - 4)
            pts = [box.topleft, box.topright, box.bottomright, box.bottomleft]
            fill_polygon(surf, pts, look, (box.x * 3, box.y * 3))
            if kind == "difficult":
                _overlay_polygon(surf, pts, lambda s: hatch(s, (250, 230, 150, 110), 5, width=2))
            if kind == "impassable":
                pygame.draw.rect(surf, (20, 16, 16), box, 2)
            elif kind == "cover":
                dashed_polygon(surf, (240, 236, 200), pts, 1, 3)
            elif kind == "raised":
                pygame.draw.rect(surf, (255, 250, 220), box.inflate(-8, -6), 1)
            surf.blit(label, label.get_rect(midleft=(box.right + 6, y + line // 2)))
            x += w
    return surf


def footer_height(t: Translator, text: Text, board_w: int) -> int:
    """Pixels under the board for the ruler and the legend (one or two rows)."""
    legend = legend_surface(t, text, max(120, board_w - scale_bar_width(text)))
    return max(legend.get_height(), round(24 * text.scale)) + 2


def legend_height(text: Text, t: Translator, width: int) -> int:
    return legend_surface(t, text, width).get_height()

