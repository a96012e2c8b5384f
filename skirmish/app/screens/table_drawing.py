"""Drawing the table: the board with its figures and overlays, the top and bottom bars,
and what floats above the widgets (the carried figure, the damage table, banner, toast).

What changes rarely is drawn once and kept: the terrain in a static layer, the bars until
their words change, the damage table until its highlighted cell moves. The frame bench
(``skirmish.bench.frames``) watches the cost of a frame.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from skirmish.app.board.figures import MIN_RADIUS, draw_figures
from skirmish.app.board.overlays import draw_marker, draw_scale_bar, draw_tape
from skirmish.app.board.terrain import StaticLayer, legend_surface
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.panels.bars import draw_bottom, draw_top
from skirmish.app.panels.damage import DamagePanel
from skirmish.app.screens.table_pointer import figure_at, hover_table
from skirmish.app.text import Text
from skirmish.app.theme import BAD, PANEL_EDGE, TEXT, WARN
from skirmish.app.tools import ShootTool, StrikeTool
from skirmish.rules import events as ev
from skirmish.rules.skirmish import preview
from skirmish.rules.skirmish.damage import effective_r
from skirmish.rules.skirmish.deployment import point_in_polygon
from skirmish.rules.skirmish.queries import gap

if TYPE_CHECKING:
    from skirmish.app.screens.table import TableScreen


class TablePainter:
    """Draws a table screen, keeping the surfaces worth reusing from frame to frame."""

    def __init__(self) -> None:
        self.static = StaticLayer()
        self.damage_panel = DamagePanel()
        self.legend: pygame.Surface | None = None
        self._top: tuple[Any, pygame.Surface | None] = (None, None)
        self._bottom: tuple[Any, pygame.Surface | None] = (None, None)

    def build(self, t: Translator, text: Text) -> None:
        """New window size or language: the legend and bars are drawn anew."""
        self.legend = legend_surface(t, text).convert_alpha()
        self._top = self._bottom = (None, None)

    # -- under the widgets --------------------------------------------------------------------
    def draw(self, screen: TableScreen, surface: pygame.Surface) -> None:
        d = screen.describer()
        self._board(screen, surface)
        self._top_bar(screen, surface, d)
        screen.tray.draw(surface, screen.app.text, d, screen.animator.dice_left > 0,
                         screen.animator.face)
        self._bottom_bar(screen, surface, d)

    def _board(self, screen: TableScreen, surface: pygame.Surface) -> None:
        """Terrain, the tool's reach, figures, the tool's preview, decision markers, the
        tape, the scale bar and the legend, clipped to the board."""
        text, cam, s, tool = screen.app.text, screen.camera, screen.state, screen.tool
        zones = []
        if s.phase == "deployment":
            for b in s.bands:
                if b.zone:
                    zones.append((b.zone, screen.styles[b.id].colour,
                                  screen.t("board.zone", band=b.name)))
        layer = self.static.get(cam, screen.game.table.pieces, zones, s.objectives,
                                screen.show_grid, screen.t, text)
        surface.blit(layer, screen.board_rect)
        surface.set_clip(screen.board_rect)
        if tool is not None:
            tool.draw_under(surface, cam)
        highlight = dict(tool.targets) if tool is not None else {}
        for fid in screen.animator.flashes:
            highlight[fid] = BAD
        engaged = screen._engaged()
        draw_figures(surface, cam, text, s.figures, screen.styles, engaged,
                     positions=screen.animator.positions(), selected=screen.selected,
                     active=s.active, hovered=figure_at(screen, screen.hover_pos),
                     ready=screen._ready(), highlight=highlight, pulse=screen.pulse,
                     hidden=set())
        if tool is not None:
            tool.draw(surface, cam, text)
        if s.pending is not None and screen.human_turn():
            hot = screen.decision.hovered_option(screen.hover_pos)
            for i, opt in enumerate(s.pending.options, start=1):
                if opt.at is not None:
                    draw_marker(surface, cam, text, opt.at, str(i), opt.key == hot)
        if screen.tape is not None:
            a, b = screen.tape
            draw_tape(surface, cam, text, a, b, f"{math.dist(a, b):.1f} pas")
        br = screen.board_rect
        draw_scale_bar(surface, cam, text, (br.x + 14, br.bottom - 12))
        if screen.show_legend and self.legend is not None:
            surface.blit(self.legend, (br.right - self.legend.get_width() - 6,
                                       br.bottom - self.legend.get_height() - 6))
        surface.set_clip(None)
        pygame.draw.rect(surface, PANEL_EDGE, br, 1)

    def _top_bar(self, screen: TableScreen, surface: pygame.Surface, d: Describer) -> None:
        """Turn, initiative scores and whose turn it is; redrawn only when one changes."""
        key = (screen._step_key(), screen.t.lang, screen.top_rect.size, screen.session.to_act)
        if self._top[0] != key:
            scores = next((dict(e.scores) for e in reversed(screen.game.log)
                           if isinstance(e, ev.Initiative)), {})
            colours = {b: st.colour for b, st in screen.styles.items()}
            bar = pygame.Surface(screen.top_rect.size)
            draw_top(bar, bar.get_rect(), screen.app.text, d, colours, scores,
                     screen.session.to_act, screen.top_buttons_w)
            self._top = (key, bar.convert())
        surface.blit(self._top[1], screen.top_rect)

    def _bottom_bar(self, screen: TableScreen, surface: pygame.Surface, d: Describer) -> None:
        """Who holds the seat, and the hover line; redrawn only when either changes."""
        band = screen.session.to_act
        seat = screen.seat_label(d)
        hover = hover_line(screen, d)
        key = (seat, band, hover, screen.bottom_rect.size)
        if self._bottom[0] != key:
            bar = pygame.Surface(screen.bottom_rect.size)
            draw_bottom(bar, bar.get_rect(), screen.left_rect.w, screen.app.text, seat,
                        screen.styles[band].colour if band else (90, 90, 90), hover)
            self._bottom = (key, bar.convert())
        surface.blit(self._bottom[1], screen.bottom_rect)

    # -- above the widgets --------------------------------------------------------------------
    def draw_over(self, screen: TableScreen, surface: pygame.Surface) -> None:
        text = screen.app.text
        if screen.carrying is not None and screen.board_rect.collidepoint(screen.hover_pos):
            _carried(screen, surface)
        if screen.show_damage:
            f_r = damage_focus(screen)
            self.damage_panel.draw(surface, text, screen.board_rect.center,
                                   screen.game.book.damage, screen.t("damage.title"),
                                   screen.t("damage.note"), f_r)
        if screen.banner is not None and screen.toast is None:
            _banner(screen, surface, *screen.banner)
        if screen.toast is not None:
            _toast(screen, surface, screen.toast[0])


def _carried(screen: TableScreen, surface: pygame.Surface) -> None:
    """The figure being deployed, under the pointer, marked ✓ where its zone allows it."""
    text, pos = screen.app.text, screen.hover_pos
    f = screen.state.figures[screen.carrying]
    r = max(MIN_RADIUS, round(f.base / 2 * screen.camera.scale))
    zone = screen.state.band(f.band).zone
    ok = zone is None or point_in_polygon(screen.camera.to_table(pos), zone)
    colour = screen.styles[f.band].colour
    ghost = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(ghost, (*colour, 150), (r + 2, r + 2), r)
    surface.blit(ghost, (pos[0] - r - 2, pos[1] - r - 2))
    mark = "✓" if ok else "✗"
    text.blit(surface, f"{mark} {f.name}", (pos[0], pos[1] - r - 4),
              12, TEXT, anchor="midbottom", backdrop=(0, 0, 0, 180))


def _banner(screen: TableScreen, surface: pygame.Surface, words: str, left: float) -> None:
    """The turn banner at the top of the board, fading out over its last 0.4 s."""
    text, br = screen.app.text, screen.board_rect
    y = br.y + 8
    alpha = min(1.0, left / 0.4)
    surf = text.render(words, 18, TEXT, True)
    box = surf.get_rect(midtop=(br.centerx, y)).inflate(28, 14)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((12, 14, 18, round(220 * alpha)))
    surface.blit(panel, box)
    pygame.draw.rect(surface, WARN, box, 2)
    surf.set_alpha(round(255 * alpha))
    surface.blit(surf, surf.get_rect(center=box.center))


def _toast(screen: TableScreen, surface: pygame.Surface, words: str) -> None:
    """A message at the top of the board, red for a refusal, up to three lines."""
    text, br = screen.app.text, screen.board_rect
    colour = BAD if words.startswith("✗") else TEXT
    for i, line in enumerate(text.wrap(words, 13, br.w - 40)[:3]):
        text.blit(surface, line, (br.centerx, br.y + 10 + i * round(18 * text.scale)),
                  13, colour, anchor="midtop", backdrop=(0, 0, 0, 210))


# -- words and numbers the drawing shows -----------------------------------------------------
def hover_line(screen: TableScreen, d: Describer) -> str:
    """The bottom line: why a button is greyed, what the tool would do, or what is under
    the pointer."""
    t, s = screen.t, screen.state
    item = screen.bar.item_at(screen.hover_pos)
    if item is not None and not item.enabled and item.tip:
        return f"✗ {item.tip}"
    if screen.tool is not None and screen.board_rect.collidepoint(screen.hover_pos):
        return screen.tool.info
    fig = figure_at(screen, screen.hover_pos)
    ref = s.figures.get(screen.selected or s.active or "")
    if fig is not None:
        f = s.figures[fig]
        line = f"{f.name} — {d.rank(f.rank)}, {d.band(f.band)} · PV {f.pv}/{f.stats.pv}"
        if ref is not None and ref.id != fig:
            line += " · " + t("hover.from", d=f"{gap(ref, f):.1f}", name=ref.name)
        return line
    p = hover_table(screen)
    if p is None:
        return t("hover.help")
    table = screen.game.table
    kind = table.terrain_at(p)
    names = [pc.name for pc in table.pieces if point_in_polygon(p, pc.polygon)]
    line = f"{p[0]:.1f}, {p[1]:.1f} · {t('terrain.' + kind)}"
    if names:
        line += f" ({', '.join(names)})"
    if ref is not None and ref.status == "in_play":
        line += " · " + t("hover.from", d=f"{math.dist(ref.pos, p) - ref.radius:.1f}",
                          name=ref.name)
    return line + " · " + t("hover.help")


def damage_focus(screen: TableScreen) -> tuple[int, int] | None:
    """F and R of the attack being previewed, else of the last damage roll."""
    tool = screen.tool
    hovered = getattr(tool, "hovered", None)
    if isinstance(tool, ShootTool) and hovered and tool.preview is not None:
        return (tool.w.force, effective_r(screen.state.figures[hovered]))
    if isinstance(tool, StrikeTool) and hovered:
        pv = preview.strike_preview(screen.game, tool.figure, hovered, tool.weapon)
        return (pv.force, effective_r(screen.state.figures[hovered]))
    return screen.damage_focus
