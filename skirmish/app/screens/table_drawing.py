"""Drawing the table: the board with its figures and overlays, the top and bottom bars,
and what floats above the widgets (the carried figure, the damage table, banner, toast).

What changes rarely is drawn once and kept: the terrain in a static layer, the bars until
their words change, the damage table until its highlighted cell moves, and the whole
board while nothing it shows changes (:mod:`skirmish.app.board.memo`; every input of
``_board`` must be in ``board_key``), and while a drag pans it, a picture of it larger
than the board (:mod:`skirmish.app.board.pan`). What is kept and put on the window each
frame (the bars, the footer) is laid out for fast copies (:mod:`skirmish.app.rows`).
While nothing round the board changes, a frame draws the board alone and the window keeps
the rest (``TablePainter.region``). The frame bench (``skirmish.bench.frames``) watches the cost of a frame.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from skirmish.app.abbreviations import explain
from skirmish.app.board.camera import Camera
from skirmish.app.board.facing import facings
from skirmish.app.board.figures import (
    LYING,
    MIN_RADIUS,
    PULSE_OF_GLOW,
    contact_pairs,
    draw_figures,
    drawn_radius,
    looks_of,
    ring_glow,
)
from skirmish.app.board.labels import NAME, TAPE, TERRAIN, TOOL, BoardText
from skirmish.app.board.memo import BoardMemo, widget_rects
from skirmish.app.board.overlays import (
    ReachOverlay,
    draw_aim,
    draw_marker,
    draw_scale_bar,
    draw_tape,
    scale_bar_width,
)
from skirmish.app.board.pan import PanPicture
from skirmish.app.board.terrain import (
    StaticLayer,
    legend_surface,
    objective_caption,
    objective_radius_px,
    piece_caption,
)
from skirmish.app.board.under import UnderLayer
from skirmish.app.board.zones import label_zones
from skirmish.app.describe import Describer
from skirmish.app.describe_ca import ca_damage_rows
from skirmish.app.i18n import Translator
from skirmish.app.layout import Point, fit_lines, place_beside
from skirmish.app.panels.bars import draw_bottom, draw_top, order_chips, order_words
from skirmish.app.panels.damage import DamagePanel
from skirmish.app.rows import odd_copy, odd_rows
from skirmish.app.screens import table_hint as hints
from skirmish.app.screens import table_practice as practice
from skirmish.app.screens import table_tutorial as tutorial
from skirmish.app.screens.options_form import RULESET_NAMES, house_rules
from skirmish.app.screens.table_pointer import crowd_at, figure_at, hover_table
from skirmish.app.screens.table_tray import place_tray
from skirmish.app.solid import paint
from skirmish.app.text import Text
from skirmish.app.theme import BAD, PANEL, PANEL_EDGE, SIGHT, TEXT, WARN
from skirmish.app.tools import ShootTool, StrikeTool
from skirmish.rules import events as ev
from skirmish.rules.frame.context import table_ctx
from skirmish.rules.frame.deployment import point_in_polygon
from skirmish.rules.frame.queries import engaged_with, gap
from skirmish.rules.skirmish import preview
from skirmish.rules.skirmish.context import on_engine
from skirmish.rules.skirmish.damage import effective_r

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel
    from skirmish.rules.panel import FigurePanel


class BoardView(NamedTuple):
    """Where ``_board`` draws: the camera and the board's rectangle on the surface, the
    pointer there, and how a window position moves onto the surface (a pan picture's,
    :mod:`skirmish.app.board.pan`, is not the window); the boxes there the labels keep
    off (None: the floating panels' of the moment), and a part of the board to draw
    alone (None: all of it; the labels are placed for all of it all the same)."""

    cam: Camera
    rect: pygame.Rect
    hover: tuple[int, int]
    shift: tuple[int, int] = (0, 0)
    keep_off: list[pygame.Rect] | None = None
    clip: pygame.Rect | None = None


class TablePainter:
    """Draws a table screen, keeping the surfaces worth reusing from frame to frame."""

    def __init__(self) -> None:
        self.static = StaticLayer()
        self.memo = BoardMemo()
        self.pan = PanPicture()
        self.under = UnderLayer()
        self._key: tuple | None = None  # this frame's ``board_key``, for ``_under_key``
        self.damage_panel = DamagePanel()
        self.legend: pygame.Surface | None = None
        self.labels: BoardText | None = None
        self._top: tuple[Any, pygame.Surface | None] = (None, None)
        self._bottom: tuple[Any, pygame.Surface | None] = (None, None)
        #: The hover line's lines as last drawn, with their boxes on the window.
        self.hover_drawn: list[tuple[str, pygame.Rect]] = []
        #: The top bar's order chips as last drawn, with their boxes on the window.
        self.order_drawn: list[tuple[str, pygame.Rect]] = []
        #: The whole order in words when the top bar had to cut a name (shown on hover).
        self.order_tip = ""
        #: The top bar's ruleset words on the window, and the house rules they show on hover.
        self.rules_drawn = pygame.Rect(0, 0, 0, 0)
        self.rules_tip = ""
        self._foot: tuple[Any, pygame.Surface | None] = (None, None)
        self._placed: dict[str, object] = {}
        self._contacts: tuple[Any, set[tuple[str, str]]] = (None, set())
        self._facings: dict[str, float] = {}
        self._looks: dict[str, FigurePanel] = {}
        self.crowd: list[str] = []  # names listed under the pointer this frame
        self.glossary: list[str] = []  # the abbreviations' words shown by the pointer
        self._covers: list[pygame.Rect] = []  # drawn over the board after it, this frame
        self._tray_key: object = None  # what the folded tray was last placed for
        #: What the last frame drew round the board while a drag panned it (None: not a
        #: panning frame, or one drawn in full for a reason of its own): see ``region``.
        self._around: tuple | None = None
        self.kept_around = 0  # frames that drew the board alone (tests)
        self._region: pygame.Rect | None = None  # this frame's, when not the whole window
        self._beside_drawn: dict[str, object] = {}  # see ``_beside``
        #: The pan picture's key, when ``region`` worked it out for the frame it was asked
        #: about: ``draw`` takes it rather than work it out again.
        self._asked: dict[str, Any] = {}

    def build(self, t: Translator, text: Text, footer: pygame.Rect | None = None) -> None:
        """New window size or language: the legend, bars and label boxes are drawn anew."""
        width = footer.w - scale_bar_width(text) if footer is not None else 400
        self.legend = legend_surface(t, text, max(120, width)).convert_alpha()
        self.labels = BoardText(text)
        self.forget()
        self._top = self._bottom = self._foot = (None, None)
        self._placed = {}
        self._tray_key = None  # the tray is made anew, where it folds from

    def forget(self) -> None:
        """The window was drawn on elsewhere (another screen, say): the next frame draws
        all of it, the board in full."""
        self.memo.forget()
        self.under.forget()
        self._around = None
        self._beside_drawn = {}

    # -- under the widgets --------------------------------------------------------------------
    def region(self, screen: TableModel) -> pygame.Rect | None:
        """What a frame draws (``Screen.redraw_region``): while nothing round the board
        would be drawn otherwise than in the last frame, the board alone; the top bar, the
        side column and its widgets and the footer stay on the window as they are
        (drawing them again was a quarter of a frame at 1920 × 1080, panning or pointing).
        The bottom bar, whose hover line follows the pointer, and the pinned log and tray,
        which a new line or roll changes, are put past the region when they change
        (``_beside``). Else None: all of it."""
        self._asked = {}
        around = self._around_key(screen)
        kept = around is not None and around == self._around
        self._around = around
        self._region = pygame.Rect(screen.board_rect) if kept else None
        self.kept_around += kept
        return self._region

    def _around_key(self, screen: TableModel) -> tuple | None:
        """Everything the frame draws outside the board from, with the pointer on the
        board, off the widgets and the rule IDs (which it could light up or show the text
        of); None otherwise, and while something moves on its own or a tutorial runs. The
        widgets are known by the pictures they show, which pygame_gui replaces when one
        changes. What is drawn over the board (banner, toast, damage table, plan) is
        drawn inside the region: ``draw_over`` checks that it lies inside the board, else
        the next frame is drawn whole."""
        br, pos = screen.board_rect, screen.hover_pos
        if not br.collidepoint(pos) or screen.tips.under(pos) or tutorial.active_in(screen) \
                or screen.animator.busy or screen.carrying is not None:
            return None
        if _dragging(screen):  # the pan picture's key, which ``draw`` takes
            self._asked["pan"] = self.board_key(screen, screen.app.window, moved=True)
        if self._asked.get("pan", ()) is None or not screen.app.has_manager:
            return None  # (no manager: the first frame, drawn whole)
        manager = screen.app.manager
        widgets = tuple((image, tuple(rect), area and tuple(area), mode)
                        for image, rect, area, mode in manager.get_sprite_group().visible)
        if manager.get_hovering_any_element() or manager.get_focus_set() or \
                pygame.Rect(pos, (1, 1)).collidelist(widget_rects(manager)) >= 0:
            return None
        return (screen.app.window, tuple(br), screen.game, screen._step_key(), screen.t.lang,
                screen.app.text, _top_key(screen), self._foot_key(screen), widgets,
                screen.log_pinned, screen.tray_over_board, screen.show_damage,
                damage_focus(screen))

    def draw(self, screen: TableModel, surface: pygame.Surface) -> None:
        d = screen.describer()
        place_panels(screen, self._placed)
        if screen.tray_over_board:  # the folded tray, shown after a roll
            boxes = [b for b in floating_boxes(screen) if b != screen.tray.rect]
            key = (len(screen.game.log), screen.board_rect.size, tuple(map(tuple, boxes)))
            if key != self._tray_key:
                place_tray(screen, boxes)
                self._tray_key = key
        asked, self._asked = self._asked, {}
        phase, dragging = self.board_phase(screen), _dragging(screen)
        if not dragging:
            self.pan.forget()
        pan = (asked["pan"] if "pan" in asked and surface is screen.app.window else
               self.board_key(screen, surface, moved=True)) if dragging else None
        key = self._key = None if dragging else self.board_key(screen, surface)
        if pan is not None:
            self._panned(screen, surface, phase, pan)
        elif not self.memo.reuse(surface, screen.board_rect, key, phase):
            self._board(screen, surface)
            self.memo.keep(surface, screen.board_rect, key, phase)
            if screen.state.active:  # the rim's other width, while the board rests
                self.memo.fill(surface, screen.board_rect, PULSE_OF_GLOW,
                               lambda glow: self._board_at(screen, surface, glow))
        self._footer(screen, surface)
        self._top_bar(screen, surface, d)
        # panels drawn after the board: should one lie over it, the kept board is cleaned
        self._covers = []
        tray, log = screen.tray, screen.log
        if screen.log_pinned or screen.tray_over_board:  # folded: a moment after a roll
            self._beside(screen, surface, "tray", (tuple(tray.rect), tray.cache),
                         lambda: tray.draw(surface, screen.app.text, d,
                                           screen.animator.dice_left > 0, screen.animator.face))
            self._covers.append(tray.rect)
        if screen.log_pinned:
            self._beside(screen, surface, "log", (tuple(log.rect), log.version, log.back),
                         lambda: log.draw(surface))
            self._covers.append(log.rect)
        self._bottom_bar(screen, surface, d)
        self._rule_spots(screen)

    def _rule_spots(self, screen: TableModel) -> None:
        """Every rule ID on show this frame, so that a hover or a click shows its text:
        the dice tray's and the log's when drawn (folded, their IDs would catch clicks on
        the board under them), the hover line's, and the links of the panels' text boxes
        (a morale test's, a decision's, the figure card, the preview)."""
        tips = screen.tips
        widgets = () if screen.widgets_due else (screen.card.box, screen.bar.preview)
        tips.begin(screen.morale.box, screen.decision.box, *widgets)
        shown = [*(screen.tray.spots if screen.tray.rect in self._covers else ()),
                 *(screen.log.rule_spots() if screen.log_pinned else ())]
        for rect, rule in shown:
            tips.add(rect, rule)
        font = screen.app.text.font(12)
        for line, rect in self.hover_drawn:
            tips.scan(font, line, rect.topleft)

    def board_key(self, screen: TableModel, surface: pygame.Surface,
                  moved: bool = False) -> tuple | None:
        """Everything ``_board`` draws from but the pulse (``board_phase``); None while
        something moves on its own (an animation, a zoom settling), so that the board is
        drawn every frame then. ``moved``: the key of a pan picture, without what a drag
        moves — the view's offset and the pointer (together), the place of the reach's
        blend on the terrain, and the floating panels the labels keep off (a banner
        goes where it hides least of the board as it pans). The pointer and what the tool
        says of it (a path's cost) come last: the board under the tool's drawing has the
        key without them (``_under_key``)."""
        s, cam, tool, static = screen.state, screen.camera, screen.tool, self.static
        if screen.animator.busy or screen.carrying is not None or static.surface is None \
                or cam.scale != static.scale:
            return None
        hot = screen.decision.hovered_option(screen.hover_pos) if s.pending else None
        offset, hover, blend, boxes = (None, None, None, None) if moved else (
            cam.offset, screen.hover_pos, static.blend_key,
            tuple(tuple(r) for r in floating_boxes(screen) + tutorial.panels(screen)))
        return (surface, tuple(screen.board_rect), tuple(cam.rect), offset, cam.scale,
                None if moved else cam.version, screen.game, screen._step_key(),
                screen.t.lang, screen.app.text, self.labels, screen.styles, screen.show_grid,
                tool, figure_at(screen, screen.hover_pos),
                screen.selected, s.active,
                screen.seat, screen.session.to_act, screen.human_turn(),
                frozenset(screen._ready()), tuple(sorted(screen.animator.flashes)),
                screen.tape, hot, static.redraws, blend, practice.pointed(screen), boxes,
                tutorial.named(screen), screen.blocked(),  # a panel takes the pointer off
                getattr(tool, "info", None), hover)

    @staticmethod
    def board_phase(screen: TableModel) -> int:
        """The active figure's pulsing rim as drawn now: with the key, what the board
        shows (the memo keeps a picture per phase)."""
        return ring_glow(screen.pulse) if screen.state.active else 0

    def contacts(self, screen: TableModel) -> set[tuple[str, str]]:
        """Pairs of enemies in base contact, worked out once per game step."""
        self._per_step(screen)
        return self._contacts[1]

    def facings(self, screen: TableModel) -> dict[str, float]:
        """Where each miniature looks (:mod:`skirmish.app.board.facing`), once per step."""
        self._per_step(screen)
        return self._facings

    def looks(self, screen: TableModel) -> dict[str, FigurePanel]:
        """Every figure's health and marks from its ruleset (``looks_of``), once per step:
        a pan draws the figures every frame."""
        self._per_step(screen)
        return self._looks

    def _per_step(self, screen: TableModel) -> None:
        key = screen._step_key()
        if self._contacts[0] != key:
            ctx = table_ctx(screen.game)
            pairs = {f.id: [e.id for e in engaged_with(ctx, f)]
                     for f in screen.state.figures.values() if f.status == "in_play"}
            self._contacts = (key, contact_pairs(screen.state.figures, pairs))
            self._facings = facings(screen.state.figures, screen.game.log, pairs)
            self._looks = looks_of(screen.game)

    def _panned(self, screen: TableModel, surface: pygame.Surface, phase: int,
                key: tuple) -> None:
        """A frame of a drag: the board from the pan picture of ``key``, then its edge."""
        br, cam = screen.board_rect, screen.camera

        def draw(picture: pygame.Surface, at: tuple[float, float],
                 shift: tuple[int, int]) -> tuple[Callable[[pygame.Rect], None],
                                                  pygame.Rect | None]:
            view = copy.copy(cam)
            view.rect, view.offset = picture.get_rect(), at
            hover = (screen.hover_pos[0] + shift[0], screen.hover_pos[1] + shift[1])
            board = BoardView(view, picture.get_rect(), hover, shift, _keep_off(screen, shift))
            self._board(screen, picture, board)
            return (lambda spot, glow: self._board_at(screen, picture, glow,
                                                      board._replace(clip=spot)),
                    _rim_spot(screen, view))

        self.pan.show(surface, br, cam.offset, key, phase, draw,
                      PULSE_OF_GLOW if screen.state.active else ())
        for edge in (br.x, br.y, br.w, 1), (br.x, br.bottom - 1, br.w, 1), \
                (br.x, br.y, 1, br.h), (br.right - 1, br.y, 1, br.h):
            paint(surface, PANEL_EDGE, pygame.Rect(edge))  # draw.rect's pixels, blitted
        self.memo.keep(surface, br, None, phase)  # nothing kept while the board moves

    def _board_at(self, screen: TableModel, surface: pygame.Surface, glow: int,
                  view: BoardView | None = None) -> None:
        """The board drawn with the active figure's rim at width ``glow``."""
        pulse = screen.pulse
        screen.pulse = PULSE_OF_GLOW[glow]
        try:
            self._board(screen, surface, view)
        finally:
            screen.pulse = pulse

    def _board(self, screen: TableModel, surface: pygame.Surface,
               view: BoardView | None = None) -> None:
        """Terrain, the tool's reach, figures, the tool's preview, decision markers, the
        tape, then every label placed so that none overlaps another; clipped to the board
        (``view``: where, by default the board on the window)."""
        window = view is None  # the window's board: what is under the tool may be kept
        if view is None:
            view = BoardView(screen.camera, screen.board_rect, screen.hover_pos)
        text, cam, s, tool = screen.app.text, view.cam, screen.state, screen.tool
        labels = self.labels if self.labels is not None else BoardText(text)
        zones = []
        if s.phase == "deployment":
            for b in s.bands:
                if b.zone:
                    zones.append((b.zone, screen.styles[b.id].colour,
                                  screen.t("board.zone", band=screen.describer().band(b.id))))
        br = view.rect
        found = surface.get_clip()  # a frame's region, on the window
        surface.set_clip(br.clip(found) if view.clip is None else br.clip(view.clip))
        highlight = dict(tool.targets) if tool is not None else {}
        for fid in screen.animator.flashes:
            highlight[fid] = BAD
        hovered = figure_at(screen, screen.hover_pos)
        under = self._under_key(screen, surface, window, highlight, hovered)
        if not self.under.put(surface, br, under, labels):
            mark = labels.mark()
            reach = getattr(tool, "overlay", None)
            self.static.draw(surface, cam, screen.game.table.pieces, zones, s.objectives,
                             screen.show_grid, screen.app.elapsed,
                             reach=reach if isinstance(reach, ReachOverlay) else None)
            if tool is not None:
                tool.draw_under(surface, cam)
            draw_figures(surface, cam, labels, s.figures, screen.styles, screen._engaged(),
                         positions=screen.animator.positions(), selected=screen.selected,
                         active=s.active, hovered=hovered, ready=screen._ready(),
                         acted=set(screen.game.turn_view().acted), looks=self.looks(screen),
                         highlight=highlight, pulse=screen.pulse, hidden=set(),
                         contacts=self.contacts(screen), facing=self.facings(screen),
                         falling=screen.animator.falling())
            self.under.keep(surface, br, under, labels.since(mark))
        if screen.animator.traces and not screen.animator.slides:
            _trace(surface, cam, screen.animator.traces[0])
        if screen.carrying is not None and br.collidepoint(view.hover):
            _carried(screen, surface, labels)
        if tutorial.active_in(screen):
            tutorial.tag_named(screen, cam, labels, {hovered, screen.selected, s.active})
        aim = practice.pointed(screen)
        if aim is not None:
            labels.priority = TOOL
            draw_aim(surface, cam, labels, *aim)  # type: ignore[arg-type]
        if tool is not None:
            labels.priority = TOOL
            tool.draw(surface, cam, labels)  # type: ignore[arg-type]
        if s.pending is not None and screen.human_turn():
            hot = screen.decision.hovered_option(screen.hover_pos)
            for i, opt in enumerate(s.pending.options, start=1):
                if opt.at is not None:
                    labels.reserve(draw_marker(surface, cam, text, opt.at, str(i),
                                               opt.key == hot))
        if screen.tape is not None:
            a, b = screen.tape
            labels.priority = TAPE
            draw_tape(surface, cam, labels, a, b, f"{screen.t.num(math.dist(a, b), 1)} pas")  # type: ignore[arg-type]
        _terrain_labels(screen, labels, view)
        label_zones(labels, cam, zones, br)
        for box in _keep_off(screen, view.shift) if view.keep_off is None else view.keep_off:
            labels.reserve(box)
        labels.flush(surface, br)
        labels.priority = NAME
        surface.set_clip(found)
        pygame.draw.rect(surface, PANEL_EDGE, br, 1)

    def _under_key(self, screen: TableModel, surface: pygame.Surface, window: bool,
                   highlight: dict[str, tuple[int, int, int]], hovered: str | None
                   ) -> tuple | None:
        """What the board under the tool's drawing shows (:mod:`skirmish.app.board.under`):
        the frame's board key but for the pointer, with the figure under it, the rings
        and the rim's width; None when it is not the window's board drawn whole."""
        if not window or self._key is None or self._key[0] is not surface \
                or surface.get_clip().clip(screen.board_rect) != screen.board_rect:
            return None
        return (self._key[:-2], hovered, tuple(highlight.items()), self.board_phase(screen))

    def _footer(self, screen: TableModel, surface: pygame.Surface) -> None:
        """Under the board, never over it: the scale ruler and the terrain legend; drawn
        again only when the zoom (the ruler) or the legend changes."""
        foot = footer_rect(screen)
        if foot.h <= 0:
            return
        text = screen.app.text
        legend = self.legend if screen.show_legend else None
        key = self._foot_key(screen)
        if self._foot[0] != key:
            strip = odd_rows(foot.size, pygame.display.get_surface())
            strip.fill(PANEL)
            draw_scale_bar(strip, screen.camera, text, (10, 4), scale_bar_width(text) - 20)
            if legend is not None:
                strip.blit(legend, (scale_bar_width(text), 1))
            self._foot = (key, strip)
        surface.blit(self._foot[1], foot)

    def _foot_key(self, screen: TableModel) -> tuple:
        legend = self.legend if screen.show_legend else None
        return (footer_rect(screen).size, screen.camera.scale, legend, screen.app.text)

    def _top_bar(self, screen: TableModel, surface: pygame.Surface, d: Describer) -> None:
        """The ruleset, turn, initiative scores and whose turn it is; redrawn only when one
        changes."""
        key = _top_key(screen)
        if self._top[0] != key:
            scores = next((dict(e.scores) for e in reversed(screen.game.log)
                           if isinstance(e, ev.Initiative)), {})
            colours = {b: st.colour for b, st in screen.styles.items()}
            view = screen.game.turn_view()
            chips = order_chips(d, view, scores)
            bar = pygame.Surface(screen.top_rect.size)
            drawn = draw_top(bar, bar.get_rect(), screen.app.text, d, view, colours, chips,
                             RULESET_NAMES[screen.game.ruleset.id], screen.top_buttons_w)
            self.order_drawn = [(words, r.move(screen.top_rect.topleft))
                                for words, r in drawn.chips]
            self.order_tip = order_words(screen.t, chips) if drawn.cut else ""
            self.rules_drawn = drawn.rules.move(screen.top_rect.topleft)
            rules = screen.game.ruleset
            self.rules_tip = house_rules(screen.t, rules.id, rules.options_to_dict(
                screen.game.options))
            self._top = (key, odd_copy(bar.convert()))
        surface.blit(self._top[1], screen.top_rect)

    def _bottom_bar(self, screen: TableModel, surface: pygame.Surface, d: Describer) -> None:
        """Who holds the seat, and the hover line; redrawn only when either changes, and
        then put on the window past this frame's region (it is opaque, and nothing else
        is drawn on it while the pointer is on the board)."""
        key = _bottom_key(screen, d)
        seat, band, hover, _ = key
        if self._bottom[0] != key:
            bar = pygame.Surface(screen.bottom_rect.size)
            drawn = draw_bottom(bar, bar.get_rect(), screen.left_rect.w, screen.app.text, seat,
                                screen.styles[band].colour if band else (90, 90, 90), hover)
            self.hover_drawn = [(line, r.move(screen.bottom_rect.topleft)) for line, r in drawn]
            self._bottom = (key, odd_copy(bar.convert()))
        self._beside(screen, surface, "bottom", key,
                     lambda: surface.blit(self._bottom[1], screen.bottom_rect))

    def _beside(self, screen: TableModel, surface: pygame.Surface, part: str, key: object,
                draw: Callable[[], None]) -> None:
        """``draw`` a ``part`` of the window beside the board, showing ``key``: in a frame
        that draws the board alone (``region``), past it when what the part shows changed
        since it was last drawn. Such a part (the bottom bar, the pinned log and tray) is
        opaque, and nothing else is drawn on it while the pointer is on the board."""
        clip = surface.get_clip()
        if self._beside_drawn.get(part) != key:
            self._beside_drawn[part] = key
            if self._region is not None and surface is screen.app.window:
                surface.set_clip(None)
        draw()
        surface.set_clip(clip)

    # -- above the widgets --------------------------------------------------------------------
    def draw_over(self, screen: TableModel, surface: pygame.Surface) -> None:
        """Everything above the widgets. Whatever is drawn over the board goes into
        ``covers``, so that a frame keeping the board can take it off again: a new thing
        drawn over the board must be drawn here and add its box."""
        text = screen.app.text
        covers = self._covers + (widget_rects(screen.app.manager) if screen.app.has_manager
                                 else [])
        if screen.plan_banner.visible:  # drawn by the table after the board
            covers.append(pygame.Rect(screen.plan_banner.box))
        own = len(covers)  # what this method draws from here
        self.crowd = _crowd_list(screen, surface, covers) if screen.carrying is None \
            and not screen.blocked() else []
        if screen.show_damage:
            if screen.game.ruleset.id == "clefs_aube":
                rows, current = ca_damage_rows(screen.t, screen.game.log)
                image, rect = self.damage_panel.picture_ca(
                    text, screen.board_rect.center, rows,
                    screen.t("rules.ca_damage") + "  [CA-DMG-TABLE]", screen.t("damage.ca_note"),
                    current)
            else:
                image, rect = self.damage_panel.picture(
                    text, screen.board_rect.center, screen.game.book.damage,
                    screen.t("damage.title"), screen.t("damage.note"), damage_focus(screen))
            if not self.memo.put_over(surface, screen.board_rect, image, rect, covers):
                surface.blit(image, rect)
            covers.append(rect)
        if screen.banner is not None and screen.toast is None:
            covers.append(_banner(screen, surface, *screen.banner))
        if screen.toast is not None:
            covers += _toast(screen, surface, screen.toast[0])
        elif hints.up(screen):
            covers += _toast(screen, surface, hints.shown(screen))
        if tutorial.active_in(screen):
            covers.append(tutorial.draw(screen, surface, floating_boxes(screen, False)))
        # on a rule ID, its text is what the pointer asks for, not the words' abbreviations
        words = self.glossary = [] if screen.tips.under(screen.hover_pos) else \
            glossary_lines(screen, self.hover_drawn)
        if words:
            covers.append(_glossary_tip(screen, surface, words))
        elif self.rules_drawn.collidepoint(screen.hover_pos):  # RULESETS §0.7
            covers.append(_top_tip(screen, surface, self.rules_tip))
        elif self.order_tip and screen.top_rect.collidepoint(screen.hover_pos) and \
                screen.hover_pos[0] < screen.top_rect.right - screen.top_buttons_w:
            covers.append(_top_tip(screen, surface, self.order_tip))
        tip = screen.tips.draw(surface, text, screen.t.lang, screen.hover_pos)
        if tip is not None:
            covers.append(tip)
        if any(not screen.board_rect.contains(r) for r in covers[own:]):
            self._around = None  # drawn past the board: the next frame draws every part
        self.memo.covered(screen.board_rect, covers)


def _top_key(screen: TableModel) -> tuple:
    """What the top bar shows."""
    return (screen._step_key(), screen.t.lang, screen.top_rect.size, screen.session.to_act)


def _bottom_key(screen: TableModel, d: Describer) -> tuple[str, str | None, str, tuple]:
    """What the bottom bar shows: the seat's words, its band, the hover line."""
    return (screen.seat_label(d), screen.session.to_act, hover_line(screen, d),
            tuple(screen.bottom_rect.size))


def _trace(surface: pygame.Surface, cam: Any, trace: Any) -> None:
    """A shot in flight: its line from the shooter to where it has reached, a bright head;
    yellow if it hits, grey if it misses."""
    a, head = cam.to_screen(trace.a), cam.to_screen(trace.head())
    colour = SIGHT if trace.hit else (190, 190, 190)
    pygame.draw.line(surface, (0, 0, 0), a, head, 4)
    pygame.draw.line(surface, colour, a, head, 2)
    pygame.draw.circle(surface, (255, 255, 255), head, 4)
    pygame.draw.circle(surface, colour, head, 3)


def _carried(screen: TableModel, surface: pygame.Surface, labels: BoardText) -> None:
    """The figure being deployed, under the pointer, marked ✓ where its zone allows it.
    Its base and name are part of the board's label pass like any figure's (its name
    drawn apart ran into a placed figure's, "M✓ Dutchel"), kept on the board."""
    pos = screen.hover_pos
    f = screen.state.figures[screen.carrying]
    r = max(MIN_RADIUS, round(f.base / 2 * screen.camera.scale))
    zone = screen.state.band(f.band).zone
    ok = zone is None or point_in_polygon(screen.camera.to_table(pos), zone)
    colour = screen.styles[f.band].colour
    ghost = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(ghost, (*colour, 150), (r + 2, r + 2), r)
    surface.blit(ghost, (pos[0] - r - 2, pos[1] - r - 2))
    labels.base(pos, r)
    labels.blit(surface, f"{'✓' if ok else '✗'} {f.name}", (pos[0], pos[1] - r - 3), 12, TEXT,
                anchor="midbottom", backdrop=(0, 0, 0, 180), priority=TOOL + 5,
                within=screen.board_rect, owner=(pos, r), keep=True)


def glossary_lines(screen: TableModel, hover_drawn: Sequence[tuple[str, pygame.Rect]]
                   ) -> list[str]:
    """The words of each abbreviation in what the pointer is on: the hover line, the
    figure card, the action preview or the dice tray ("Dom — damage level")."""
    pos = screen.hover_pos
    said = " ".join(line for line, r in hover_drawn if r.collidepoint(pos))
    if not said and not screen.widgets_due and screen.card.box.rect.collidepoint(pos):
        said = screen.card.box.html_text
    if not said and not screen.widgets_due and screen.bar.preview.rect.collidepoint(pos):
        said = screen.bar.preview_text
    if not said and screen.tray.rect.collidepoint(pos):
        said = " ".join(" ".join(head) + f" {inputs} {outcome}"
                        for _, head, inputs, outcome in screen.tray.lines)
    return explain(screen.t, said) if said else []


def _glossary_tip(screen: TableModel, surface: pygame.Surface, lines: list[str]
                  ) -> pygame.Rect:
    """The abbreviations' words in a box by the pointer, inside the window."""
    text, pos = screen.app.text, screen.hover_pos
    lh = text.font(12).get_linesize()
    box = pygame.Rect(0, 0, max(text.font(12).size(x)[0] for x in lines) + 16,
                      lh * len(lines) + 10)
    box.bottomleft = (pos[0] + 14, pos[1] - 8)
    box.clamp_ip(surface.get_rect())
    if box.collidepoint(pos):
        box.top = pos[1] + 16
        box.clamp_ip(surface.get_rect())
    surface.fill((12, 14, 18), box)
    pygame.draw.rect(surface, PANEL_EDGE, box, 1)
    for i, line in enumerate(lines):
        text.blit(surface, line, (box.x + 8, box.y + 5 + i * lh), 12, TEXT)
    return box


def _top_tip(screen: TableModel, surface: pygame.Surface, words: str) -> pygame.Rect:
    """Words under the top bar, by the pointer: the whole order when the bar cut a name,
    the house rules in force under the ruleset's name."""
    text, pos = screen.app.text, screen.hover_pos
    lines = text.wrap(words, 12, screen.board_rect.w - 20)
    lh = text.font(12).get_linesize()
    box = pygame.Rect(0, 0, max(text.font(12).size(x)[0] for x in lines) + 16,
                      lh * len(lines) + 10)
    box.topleft = (pos[0] - 20, screen.top_rect.bottom + 2)
    box.clamp_ip(surface.get_rect())
    surface.fill((12, 14, 18), box)
    pygame.draw.rect(surface, PANEL_EDGE, box, 1)
    for i, line in enumerate(lines):
        text.blit(surface, line, (box.x + 8, box.y + 5 + i * lh), 12, TEXT)
    return box


def _crowd_list(screen: TableModel, surface: pygame.Surface,
                covers: list[pygame.Rect]) -> list[str]:
    """Several bases under the pointer: their names in a list beside it (its box goes to
    ``covers``)."""
    names = crowd_at(screen, screen.hover_pos)
    if len(names) < 2:
        return []
    text, pos = screen.app.text, screen.hover_pos
    figures = screen.state.figures
    rows = [(LYING, f"✗ {figures[f].name}") if figures[f].status == "out_of_action"
            else (screen.styles[figures[f].band].colour, figures[f].name) for f in names]
    line = text.font(12).get_linesize()
    w = max(text.font(12).size(n)[0] for _, n in rows) + 26
    box = pygame.Rect(pos[0] + 16, pos[1] + 12, w, line * len(rows) + 8)
    box.clamp_ip(screen.board_rect)
    if box.collidepoint(pos):
        box.right = pos[0] - 12
    surface.fill((12, 14, 18), box)
    covers.append(pygame.Rect(box))
    pygame.draw.rect(surface, PANEL_EDGE, box, 1)
    for i, (colour, name) in enumerate(rows):
        y = box.y + 4 + i * line
        pygame.draw.rect(surface, colour, (box.x + 6, y + line // 2 - 5, 10, 10))
        text.blit(surface, name, (box.x + 22, y), 12, TEXT)
    return [name for _, name in rows]


def _keep_off(screen: TableModel, shift: tuple[int, int]) -> list[pygame.Rect]:
    """What the board's labels keep off, moved by ``shift``: the floating boxes over the
    board and the open panels, with a little room."""
    return [box.inflate(6, 2).move(shift)
            for box in floating_boxes(screen) + tutorial.panels(screen)]


def _rim_spot(screen: TableModel, cam: Camera) -> pygame.Rect | None:
    """Where on ``cam``'s surface the active figure's pulsing rim lies, with room: all
    that differs between the board's phases (None: no figure is active)."""
    f = screen.state.figures.get(screen.state.active or "")
    if f is None:
        return None
    c = cam.to_screen(screen.animator.positions().get(f.id, f.pos))
    r = drawn_radius(f.base, cam.scale) + 2
    return pygame.Rect(c[0] - r, c[1] - r, 2 * r + 1, 2 * r + 1)


def _dragging(screen: TableModel) -> bool:
    """Whether a drag is panning the board (:mod:`skirmish.app.board.pan`)."""
    drag = screen.drag
    return drag is not None and drag["kind"] == "pan" and drag["moved"]


def _terrain_labels(screen: TableModel, labels: BoardText, view: BoardView) -> None:
    """Terrain captions: for the piece under the pointer, or all when zoomed in."""
    cam = view.cam
    zoomed = cam.scale >= cam.fit_scale * 1.6
    p = cam.to_table(view.hover) if view.rect.collidepoint(view.hover) else None
    labels.priority = TERRAIN
    d = screen.describer()
    for piece in screen.game.table.pieces:
        hot = p is not None and point_in_polygon(p, piece.polygon)
        if not (zoomed or hot):
            continue
        xs = [q[0] for q in piece.polygon]
        top = cam.to_screen(((min(xs) + max(xs)) / 2, min(q[1] for q in piece.polygon)))
        caption = piece_caption(piece, screen.t, d.terrain(piece.id, piece.name))
        labels.blit(None, caption, (top[0], top[1] + 2), 11, TEXT,  # type: ignore[arg-type]
                    anchor="midtop", backdrop=(0, 0, 0, 150),
                    priority=TERRAIN + (15 if hot else 0))
    for obj in screen.state.objectives:
        c = cam.to_screen(obj.at)
        r = objective_radius_px(obj, cam.scale)
        labels.blit(None, objective_caption(screen.t, obj, d.objective(obj)), (c[0], c[1] + r + 2), 11, TEXT,  # type: ignore[arg-type]
                    anchor="midtop", backdrop=(0, 0, 0, 150))


def backdrop(screen: TableModel) -> list[pygame.Rect]:
    """What a frame clears before drawing: the side column of the figure card and the
    action bar, whose widgets draw their text with soft edges over what lies under them.
    The board, its footer, the top and bottom bars and a pinned tray and log are opaque
    pictures painted whole every frame: clearing them first was work thrown away."""
    return [screen.left_rect]


def footer_rect(screen: TableModel) -> pygame.Rect:
    """The strip between the board and the bottom bar."""
    br = screen.board_rect
    return pygame.Rect(br.x, br.bottom, br.w, screen.bottom_rect.top - br.bottom)


def place_panels(screen: TableModel, placed: dict[str, object]) -> None:
    """Move a newly opened decision or morale panel beside the figures and points it is
    about (panning the camera if nothing else works), off the other floating boxes (the
    tutorial's hint, banners, the other panel); once per panel. A view the panels panned
    away from is given back when they have all closed, unless the player has moved the
    camera since."""
    s, cam = screen.state, screen.camera
    before = (cam.offset, cam.scale)
    panel = screen.decision.panel
    if panel is not None and placed.get("decision") is not panel and s.pending is not None:
        pts = decision_points(s, screen.game.log)
        panel.set_position(place_beside(screen.board_rect, panel.rect.size, cam, pts,
                                        avoid=_keep_off(screen, panel)).topleft)
        placed["decision"] = panel
    panel = screen.morale.panel
    if panel is not None and placed.get("morale") is not panel and screen.morale.queue:
        entry = screen.morale.queue[0]
        pts = [s.figures[f].pos for f in (entry.reaction.figure, entry.reaction.cause)
               if f in s.figures]
        if entry.move is not None and entry.move.path:
            pts.append(tuple(entry.move.path[-1]))
            pts.append(tuple(entry.move.path[0]))
        panel.set_position(place_beside(screen.board_rect, panel.rect.size, cam, pts,
                                        avoid=_keep_off(screen, panel)).topleft)
        placed["morale"] = panel
    if (cam.offset, cam.scale) != before:
        placed.setdefault("view", before)
        placed["panned"] = (cam.offset, cam.scale)
    elif screen.decision.panel is None and screen.morale.panel is None and "view" in placed:
        view, panned = placed.pop("view"), placed.pop("panned")
        if panned == (cam.offset, cam.scale):
            cam.offset, cam.scale = view  # type: ignore[misc]
            cam.version += 1


def decision_points(s: Any, log: Sequence[ev.Event]) -> list[Point]:
    """What a pending decision is about on the table, for its panel to leave in view: the
    points its options name, the figure it asks about and, when that figure has just
    declared an action at another figure, that target ([CA-MULTI] GAP-CA-2 asks how many
    attacks at the first one, after the shot or blow is declared); under KART 7, the
    figure whose declared action is resolving and its target (facing or ignoring it)."""
    p = s.pending
    pts: list[Point] = [o.at for o in p.options if o.at is not None]
    about = [p.figure] if p.figure is not None else []
    if s.active is not None:  # the figure whose move or action raised it (the one spotted)
        about.append(s.active)
    about += [v for v in p.params.values() if isinstance(v, str) and v in s.figures]
    exchange = getattr(s, "exchange", None)  # KART 7: the declared action being resolved
    if exchange is not None:
        d = s.declaration(exchange.number)  # its figure and the one it is aimed at now
        about += [f for f in (d.figure, exchange.target or d.target) if f is not None]
    for e in reversed(log):  # back to the action that led here, within the activation
        if isinstance(e, ev.ActionDeclared):
            if e.figure == p.figure and e.target is not None:
                about.append(e.target)
            break
        if isinstance(e, ev.Activated | ev.ActivationEnded | ev.TurnStarted):
            break
    return pts + [s.figures[f].pos for f in about if f in s.figures]


def _keep_off(screen: TableModel, panel: object) -> list[pygame.Rect]:
    """What a panel being placed must not cover: the toast, banners, the other open panel
    and the tutorial's hint where it goes without this panel."""
    boxes = floating_boxes(screen, tutorial_hint=False)
    hint = tutorial.box(screen, boxes, without=panel) if tutorial.active_in(screen) else None
    boxes += tutorial.panels(screen, without=panel)
    return boxes + ([hint.inflate(8, 8)] if hint is not None else [])


def floating_boxes(screen: TableModel, tutorial_hint: bool = True) -> list[pygame.Rect]:
    """Where the toast, the turn banner, the plan banner and the tutorial's hint lie over
    the board: the board's labels keep off them (a range band's label hid under a toast),
    and so do the decision and morale panels when they open."""
    boxes = top_boxes(screen)
    if screen.plan_banner.visible:
        boxes.append(pygame.Rect(screen.plan_banner.box))
    if screen.tray_over_board:  # the folded dice tray, showing a roll
        boxes.append(pygame.Rect(screen.tray.rect))
    hint = tutorial.box(screen, list(boxes)) if tutorial_hint and tutorial.active_in(screen) \
        else None
    return boxes + [hint] if hint is not None else boxes


def top_boxes(screen: TableModel) -> list[pygame.Rect]:
    """What lies along the board's top edge: the toast's lines, else the turn banner (the
    computer's plan, when it goes at the top, goes under them)."""
    if screen.toast is not None:
        return [box for _, box in toast_lines(screen, screen.toast[0])]
    if hints.up(screen):
        return hint_boxes(screen)
    return [banner_box(screen, screen.banner[0])] if screen.banner is not None else []


def place_plan_banner(screen: TableModel, dt: float) -> None:
    """Keep the plan banner's time and layout: at the board's foot, or at its top when
    that hides less of what the plan speaks of (its figure, and the point or target it
    aims at: a band deployed along the top edge hid under it); gone once the human has
    the move (the last plan stayed up to 3.5 s into the player's turn, stacked under
    the wave banner or over figures at the table's foot). At the top, it goes under the
    turn banner or the toast, which lay on it at 960 × 600."""
    b = screen.plan_banner
    b.tick(dt)
    if b.left > 0 and not b.waiting and practice.plan_done(screen):  # waiting: Next still holds it
        b.left = 0.0
    # hidden, it has no place to find (the turn banner's box, asked for here, was worked
    # out again every frame of a pan)
    under = max((r.bottom for r in top_boxes(screen) if r.centery < screen.board_rect.centery),
                default=0) if b.visible else 0
    f = screen.state.figures.get(getattr(b.plan, "figure", "")) \
        if b.plan is not None and b.visible else None
    top = False
    if f is not None:
        cam, br, scale = screen.camera, screen.board_rect, screen.app.scale
        aim = practice.pointed(screen)
        spots = [cam.to_screen(f.pos)] + ([cam.to_screen(aim[1])] if aim is not None else [])
        size = b.box.size if b.box.h else (br.w, round(60 * scale))  # laid out before, or about
        room = round(max(12.0, f.radius * cam.scale) + 6)

        def hidden(at_top: bool) -> tuple[int, int]:
            box = b.spot(br, size, scale, at_top, under).inflate(2 * room, 2 * room)
            return (int(box.collidepoint(spots[0])), sum(box.collidepoint(p) for p in spots))

        first = spots[0][1] > br.centery  # the figure in the lower half: the top first
        top = (not first) if hidden(not first) < hidden(first) else first
        panels = [p.rect for p in (screen.morale.panel, screen.decision.panel) if p is not None]
        panels += [r for r in top_boxes(screen) if r.centery > br.centery]  # a banner below
        if b.spot(br, size, scale, top, under).collidelist(panels) >= 0 and \
                b.spot(br, size, scale, not top, under).collidelist(panels) < 0:
            top = not top  # a morale panel lay on the computer's plan line
    b.sync(screen.app.manager, screen.board_rect, screen.app.text, screen.t("practice.next"),
           screen.t("practice.next_tip"), screen.t("practice.waiting"), screen.app.scale,
           top=top, under=under)


#: The turn banner's words: this size, down to ``BANNER_LEAST`` to keep to two lines.
BANNER_SIZE, BANNER_LEAST, BANNER_PAD = 18, 14, 14


def banner_lines(screen: TableModel, words: str) -> tuple[int, tuple[str, ...]]:
    """The turn banner's size and lines, inside the board (the initiative's order with
    two long band names in French ran out of the window at 960 × 600)."""
    width = screen.board_rect.w - 2 * BANNER_PAD - 16
    return fit_lines(screen.app.text, words, BANNER_SIZE, width, bold=True, least=BANNER_LEAST)


def banner_box(screen: TableModel, words: str) -> pygame.Rect:
    """The turn banner's box: along the board's top, else its foot, else its middle,
    whichever lies on no open morale or decision panel (it hid a morale test's title)
    and hides fewest figures (at the top it lay on a whole band deployed there)."""
    text, br, cam = screen.app.text, screen.board_rect, screen.camera
    panels = [p.rect for p in (screen.morale.panel, screen.decision.panel) if p is not None]
    # asked several times a frame (the labels, the panels, the board's key): worked out once
    key = (words, tuple(br), text, cam.offset, cam.scale, cam.version, screen._step_key(),
           tuple(tuple(p) for p in panels))
    if screen.banner_memo is not None and screen.banner_memo[0] == key:
        return pygame.Rect(screen.banner_memo[1])
    w, h = _banner_extent(text, *banner_lines(screen, words))
    spots = [pygame.Rect(br.centerx - w // 2, y, w, h).inflate(2 * BANNER_PAD, 14)
             for y in (br.y + 8, br.bottom - 8 - h - 14, br.centery - h // 2)]
    bases = _bases(screen)
    best: tuple[tuple[bool, int, int], pygame.Rect] | None = None
    for i, spot in enumerate(spots):
        rank = (spot.collidelist(panels) >= 0, figures_under_box(bases, spot), i)
        if best is None or rank < best[0]:
            best = rank, spot
        if rank[:2] == (False, 0):  # on no panel and no figure: no later spot does better
            break  # (worked out every frame of a pan, the board's view in the key)
    assert best is not None
    box = best[1]
    screen.banner_memo = (key, box)
    return pygame.Rect(box)


@lru_cache(maxsize=8)
def _banner_extent(text: Text, size: int, lines: tuple[str, ...]) -> tuple[int, int]:
    """The banner's words' width and height, measured once (the font read its glyphs'
    metrics from the file again each time, every frame of a pan)."""
    font = text.font(size, True)
    return max(font.size(x)[0] for x in lines), font.get_linesize() * len(lines)


def _bases(screen: TableModel) -> list[tuple[tuple[int, int], float]]:
    """Where each figure on the table lies on the window, and its radius there."""
    cam = screen.camera
    return [(cam.to_screen(f.pos), f.radius * cam.scale) for f in screen.state.figures.values()
            if f.status in ("in_play", "out_of_action")]


def figures_under_box(bases: list[tuple[tuple[int, int], float]], box: pygame.Rect) -> int:
    """How many of ``bases`` (:func:`_bases`) a box on the board lies on."""
    return sum(box.inflate(2 * r, 2 * r).collidepoint(c) for c, r in bases)


def _banner(screen: TableModel, surface: pygame.Surface, words: str,
            left: float) -> pygame.Rect:
    """The turn banner at the top of the board, fading out over its last 0.4 s; returns
    its box."""
    text = screen.app.text
    alpha = min(1.0, left / 0.4)
    box = banner_box(screen, words)
    surface.blit(_banner_panel(box.size, round(220 * alpha)), box)
    pygame.draw.rect(surface, WARN, box, 2)
    size, lines = banner_lines(screen, words)
    lh = text.font(size, True).get_linesize()
    for i, line in enumerate(lines):
        surf = _faded(text.render(line, size, TEXT, True), round(255 * alpha))
        surface.blit(surf, surf.get_rect(midtop=(box.centerx, box.y + 7 + i * lh)))
    return box


@lru_cache(maxsize=4)
def _banner_panel(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """The banner's dark glass, made once while it shows at full strength (it was made
    anew every frame, each frame of a pan too)."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    panel.fill((12, 14, 18, alpha))
    return panel


@lru_cache(maxsize=8)
def _faded(words: pygame.Surface, alpha: int) -> pygame.Surface:
    """A copy of rendered ``words`` drawn at ``alpha``, made once per strength."""
    surf = words.copy()
    surf.set_alpha(alpha)
    return surf


def _toast(screen: TableModel, surface: pygame.Surface, words: str) -> list[pygame.Rect]:
    """A message at the top of the board, red for a refusal; returns its lines' boxes."""
    text = screen.app.text
    colour = BAD if words.startswith("✗") else TEXT
    size, _ = toast_fit(screen, words)
    return [text.blit(surface, line, box.midtop, size, colour, anchor="midtop",
                      backdrop=(0, 0, 0, 210)).inflate(6, 2)
            for line, box in toast_lines(screen, words)]


def toast_fit(screen: TableModel, words: str) -> tuple[int, tuple[str, ...]]:
    """The toast's size and lines: every word inside the board, in three lines when a
    smaller size allows it, else in as many as it takes (a long save failure lost its end
    past the third line, and its path ran out of the board)."""
    return fit_lines(screen.app.text, words, 13, screen.board_rect.w - 40, most=3, least=11)


def toast_lines(screen: TableModel, words: str) -> list[tuple[str, pygame.Rect]]:
    """The toast's lines and the box of each, its words' rectangle."""
    text, br = screen.app.text, screen.board_rect
    size, lines = toast_fit(screen, words)
    font = text.font(size)
    step = round(18 * text.scale * size / 13)  # 18 px apart at 13 pt, as they always were
    out = []
    for i, line in enumerate(lines):
        w, h = font.size(line)
        out.append((line, pygame.Rect(br.centerx - w // 2, br.y + 10 + i * step, w, h)))
    return out


def hint_boxes(screen: TableModel) -> list[pygame.Rect]:
    """Where F3's hint lies on the board, in the toast's place (none while not on show)."""
    return [box for _, box in toast_lines(screen, hints.shown(screen))] if hints.up(screen) \
        else []


def idle_wait(screen: TableModel) -> float:
    """The table sleeps between inputs when nothing moves; while only the active figure's
    ring pulses, it draws 20 frames a second."""
    if (screen.animator.busy or screen.toast is not None or screen.banner is not None
            or screen.tray_over_board
            or screen.morale.open or screen.drag is not None or screen.game.over
            or screen.session.is_computer(screen.session.to_act)):
        return 0.0
    return 0.05 if screen.state.active is not None else 0.5


# -- words and numbers the drawing shows -----------------------------------------------------
def hover_line(screen: TableModel, d: Describer) -> str:
    """The bottom line: why a button is greyed, what the tool would do, or what is under
    the pointer."""
    t, s = screen.t, screen.state
    item = None if screen.widgets_due else screen.bar.item_at(screen.hover_pos)
    if item is not None and not item.enabled and item.tip:
        return f"✗ {item.tip}"
    if screen.tool is not None and screen.board_rect.collidepoint(screen.hover_pos):
        return screen.tool.info
    fig = figure_at(screen, screen.hover_pos)
    ref = s.figures.get(screen.selected or s.active or "")
    if fig is not None:
        f = s.figures[fig]
        look = screen.game.ruleset.figure_panel(s, fig)
        if s.ruleset == "clefs_aube":
            from skirmish.rules.clefs_aube.panel import health  # the game's ruleset

            hp = health(s, fig, t.lang)
        else:
            hp = f"{look.health_label} {look.health[0]}/{look.health[1]}"
        line = f"{f.name} — {d.rank(f.rank)}, {d.band(f.band)} · {hp}"
        if ref is not None and ref.id != fig:
            line += " · " + t("hover.from", d=t.num(gap(ref, f), 1), name=ref.name)
        return line
    p = hover_table(screen)
    helps = t("hover.help") if on_engine(s.ruleset) else t("hover.help_seam")  # no D table
    if p is None:
        return helps
    table = screen.game.table
    kind = table.terrain_at(p)
    names = [d.terrain(pc.id, pc.name) for pc in table.pieces
             if point_in_polygon(p, pc.polygon)]
    line = f"{t.point(p)} · {t('terrain.' + kind)}"
    if names:
        line += f" ({', '.join(names)})"
    if ref is not None and ref.status == "in_play":
        line += " · " + t("hover.from", d=t.num(math.dist(ref.pos, p) - ref.radius, 1),
                          name=ref.name)
    return line + " · " + helps


def damage_focus(screen: TableModel) -> tuple[int, int] | None:
    """F and R of the attack being previewed, else of the last damage roll."""
    tool = screen.tool
    hovered = getattr(tool, "hovered", None)
    if isinstance(tool, ShootTool) and hovered and tool.preview is not None:
        return (tool.w.force, effective_r(screen.state.figures[hovered]))
    if isinstance(tool, StrikeTool) and hovered:
        pv = preview.strike_preview(screen.game, tool.figure, hovered, tool.weapon)
        return (pv.force, effective_r(screen.state.figures[hovered]))
    return screen.damage_focus
