"""The board of a replay at one step, drawn with the battle board's own pieces (terrain
layer, figures, scale bar, legend from :mod:`skirmish.app.board`), so the viewer and
the PNG export show the same table the players saw. As on the battle screen, the ruler
and the legend go in a strip under the board, never over it."""

from __future__ import annotations

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.facing import facings
from skirmish.app.board.figures import FigureStyle, contact_pairs, draw_figures, looks_of
from skirmish.app.board.labels import BoardText
from skirmish.app.board.overlays import draw_scale_bar, scale_bar_width
from skirmish.app.board.terrain import (
    StaticLayer,
    legend_surface,
    objective_caption,
    objective_radius_px,
)
from skirmish.app.board.zones import label_zones
from skirmish.app.i18n import Translator
from skirmish.app.text import Text
from skirmish.app.theme import PANEL, PANEL_EDGE, TEXT, band_colours
from skirmish.rules.frame.context import table_ctx
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.game import Game


def styles_of(game: Game) -> dict[str, FigureStyle]:
    """Each band's colour (:func:`theme.band_colours`: two bands of one colour told apart)
    and outline: the battle screen's, the viewer's and an export's alike."""
    bands = game.state.bands
    colours = band_colours([b.colour for b in bands])
    return {b.id: FigureStyle(colours[i], i, b.race) for i, b in enumerate(bands)}


class BoardPainter:
    """Draws a game's board into a camera's rectangle; keeps the terrain layer and the
    legend between frames."""

    def __init__(self) -> None:
        self.static = StaticLayer()
        self.legend: pygame.Surface | None = None
        self.labels: BoardText | None = None  # the last frame's board labels
        self._engaged: tuple[object, set[str]] = (None, set())
        self._contacts: set[tuple[str, str]] = set()
        self._facings: dict[str, float] = {}

    def build(self, t: Translator, text: Text, width: int) -> None:
        """The terrain legend for a footer ``width`` pixels wide (beside the ruler)."""
        self.legend = legend_surface(t, text, max(120, width - scale_bar_width(text)))
        self.legend = self.legend.convert_alpha()

    def draw_footer(self, surface: pygame.Surface, cam: Camera, text: Text,
                    footer: pygame.Rect, legend: bool = True) -> None:
        """The ruler and the terrain legend in ``footer``, under the board."""
        if footer.h <= 0:
            return
        surface.fill(PANEL, footer)
        draw_scale_bar(surface, cam, text, (footer.x + 10, footer.y + 4),
                       scale_bar_width(text) - 20)
        if legend and self.legend is not None:
            surface.blit(self.legend, (footer.x + scale_bar_width(text), footer.y + 1))

    def engaged(self, game: Game, key: object) -> set[str]:
        """Figures in contact with an enemy, recomputed only when ``key`` changes."""
        self._per_step(game, key)
        return self._engaged[1]

    def _per_step(self, game: Game, key: object) -> None:
        """The pairs in contact and each miniature's facing, once per ``key``."""
        if self._engaged[0] != key:
            ctx = table_ctx(game)
            pairs = {f.id: [e.id for e in engaged_with(ctx, f)]
                     for f in game.state.figures.values() if f.status == "in_play"}
            self._engaged = (key, {f for f, foes in pairs.items() if foes})
            self._contacts = contact_pairs(game.state.figures, pairs)
            self._facings = facings(game.state.figures, game.log, pairs)

    def draw(self, surface: pygame.Surface, cam: Camera, game: Game,
             styles: dict[str, FigureStyle], t: Translator, text: Text, *, key: object,
             now: float = 0.0,
             selected: str | None = None, hovered: str | None = None,
             pulse: float = 0.0,
             positions: dict[str, tuple[float, float]] | None = None,
             highlight: dict[str, tuple[int, int, int]] | None = None,
             falling: dict[str, float] | None = None) -> None:
        s = game.state
        zones = [(b.zone, styles[b.id].colour, t("board.zone", band=t.name(b.name)))
                 for b in s.bands if b.zone] if s.phase == "deployment" else []
        surface.set_clip(cam.rect)
        self.static.draw(surface, cam, game.table.pieces, zones, s.objectives, True, now)
        labels = self.labels = BoardText(text)  # names placed so that none overlaps another
        draw_figures(surface, cam, labels, s.figures, styles, self.engaged(game, key),
                     positions=positions or {}, selected=selected, active=s.active,
                     hovered=hovered, ready=set(), acted=set(game.turn_view().acted),
                     looks=looks_of(game),
                     highlight=highlight or {}, pulse=pulse,
                     hidden=set(), contacts=self._contacts, facing=self._facings,
                     falling=falling)
        for obj in s.objectives:
            c = cam.to_screen(obj.at)
            r = objective_radius_px(obj, cam.scale)
            labels.blit(None, objective_caption(t, obj, t.name(obj.name)), (c[0], c[1] + r + 2), 11, TEXT,  # type: ignore[arg-type]
                        anchor="midtop", backdrop=(0, 0, 0, 150))
        label_zones(labels, cam, zones, cam.rect)
        labels.flush(surface, cam.rect)
        surface.set_clip(None)
        pygame.draw.rect(surface, PANEL_EDGE, cam.rect, 1)
