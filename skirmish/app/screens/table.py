"""The table: deployment and battle on one board, with the panels around it.

The screen turns clicks and keys into engine commands (through the session) and the
events that come back into the log, the dice tray, the morale panel and animations.
Its name is "deployment" or "battle" after the game's phase, the two states of the
window's state machine that share this board.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from skirmish.app.anim import Animator
from skirmish.app.board.camera import Camera
from skirmish.app.board.figures import MIN_RADIUS, FigureStyle, draw_figures
from skirmish.app.board.overlays import draw_marker, draw_scale_bar, draw_tape
from skirmish.app.board.terrain import StaticLayer, legend_surface
from skirmish.app.describe import Describer
from skirmish.app.layout import px
from skirmish.app.panels.actions import ActionBar, BarItem
from skirmish.app.panels.bars import draw_bottom, draw_top
from skirmish.app.panels.card import FigureCard
from skirmish.app.panels.damage import DamagePanel
from skirmish.app.panels.decision import DecisionPanel
from skirmish.app.panels.dicetray import DiceTray
from skirmish.app.panels.handoff import HandOff
from skirmish.app.panels.log import GameLog
from skirmish.app.panels.morale import MoralePanel, morale_entries
from skirmish.app.panels.pause import PauseMenu
from skirmish.app.paths import saves_dir
from skirmish.app.screen import Screen
from skirmish.app.session import Session, Undone
from skirmish.app.theme import BAD, PANEL_EDGE, TEXT, WARN, band_colour
from skirmish.app.tools import ChargeTool, MedikitTool, MoveTool, ShootTool, StrikeTool, Tool
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.skirmish import preview
from skirmish.rules.skirmish.damage import effective_r
from skirmish.rules.skirmish.deployment import deploying_band, point_in_polygon
from skirmish.rules.skirmish.queries import engaged_with
from skirmish.rules.skirmish.turns import activatable

Point = tuple[float, float]

#: Keyboard shortcuts of the action bar (letters from the French names where they differ).
ACTION_KEYS = {"walk": pygame.K_w, "run": pygame.K_r, "shoot": pygame.K_s, "charge": pygame.K_c,
               "strike": pygame.K_f, "flee": pygame.K_e, "medikit": pygame.K_m,
               "climb": pygame.K_k, "end": pygame.K_RETURN}
KEY_NAMES = {"walk": "W", "run": "R", "shoot": "S", "charge": "C", "strike": "F", "flee": "E",
             "medikit": "M", "climb": "K", "end": "↵"}
DRAG_THRESHOLD = 5


class TableScreen(Screen):
    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        cfg = app.config
        self.animator = Animator(enabled=cfg.animate)
        self.morale = MoralePanel()
        self.decision = DecisionPanel()
        self.handoff = HandOff()
        self.pause: PauseMenu | None = None
        humans = session.humans
        self.seat: str | None = humans[0] if len(humans) == 1 else None
        self.selected: str | None = None
        self.tool: Tool | None = None
        self.carrying: str | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.drag: dict[str, Any] | None = None
        self.tape: tuple[Point, Point] | None = None
        self.show_grid = True
        self.show_legend = True
        self.show_damage = False
        self.damage_focus: tuple[int, int] | None = None
        self.toast: tuple[str, float] | None = None
        self.banner: tuple[str, float] | None = None
        self.ai_timer = 0.0
        self.engine_ms = 0.0  # this frame's time in the computer players and the engine
        self.pulse = 0.0
        self.static = StaticLayer()
        self.damage_panel = DamagePanel()
        self._engaged_cache: tuple[Any, set[str]] = (None, set())
        self._hover_cache: tuple[Any, str | None] = (None, None)
        self._top_cache: tuple[Any, pygame.Surface | None] = (None, None)
        self._bottom_cache: tuple[Any, pygame.Surface | None] = (None, None)
        self.log_lines: list[str] = []
        self.rolls: list[ev.Roll] = []
        self.menu_cache: tuple[Any, list[Any]] = (None, [])
        self.bar_key: Any = None
        self.over_for = 0.0
        self.moments: list[str] = []  # things worth a screenshot (autoplay)
        self.styles = {b.id: FigureStyle(band_colour(b.colour, i), i)
                       for i, b in enumerate(self.state.bands)}
        self._ingest(session.drain(), animate=False)

    # -- shortcuts ----------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def state(self) -> Any:
        return self.session.game.state

    @property
    def name(self) -> str:  # type: ignore[override]
        return "deployment" if self.state.phase == "deployment" else "battle"

    def describer(self) -> Describer:
        return Describer(self.state, self.game.book, self.t)

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        app, s = self.app, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        top, bottom = px(s, 34), px(s, 40)
        side = max(250, min(w * 22 // 100, px(s, 300)))
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.bottom_rect = pygame.Rect(0, h - bottom, w, bottom)
        self.left_rect = pygame.Rect(0, top, side, h - top - bottom)
        self.right_rect = pygame.Rect(w - side, top, side, h - top - bottom)
        self.board_rect = pygame.Rect(side, top, w - 2 * side, h - top - bottom)
        old = getattr(self, "camera", None)
        self.camera = Camera(self.board_rect, self.state.width, self.state.height)
        if old is not None and old.rect.size == self.board_rect.size:
            self.camera.scale, self.camera.offset = old.scale, old.offset
        card_h = self.left_rect.h * 47 // 100
        self.card = FigureCard(m, pygame.Rect(self.left_rect.x, self.left_rect.y,
                                              side, card_h))
        self.bar = ActionBar(m, pygame.Rect(self.left_rect.x + 4, self.left_rect.y + card_h + 4,
                                            side - 8, self.left_rect.h - card_h - 8), px(s, 27))
        tray_h = self.right_rect.h * 46 // 100
        self.tray = DiceTray(pygame.Rect(self.right_rect.x, self.right_rect.y, side, tray_h),
                             self.t("tray.title"))
        d = self.describer()
        self.tray.set_rolls(self.rolls, d, app.text)
        self.log_lines = [x for x in (d.line(e) for e in self.game.log) if x]
        self.log = GameLog(m, pygame.Rect(self.right_rect.x, self.right_rect.y + tray_h, side,
                                          self.right_rect.h - tray_h), self.t("log.title"))
        self.log.set_lines(self.log_lines)
        bh = top - 8
        self.top_buttons: dict[UIButton, str] = {}
        labels = [("menu", self.t("top.menu")), ("lang", self.t("top.lang")),
                  ("rules", self.t("top.rules")), ("damage", self.t("top.damage"))]
        x = w
        for key, label in labels:
            bw = app.text.font(14).size(label)[0] + px(s, 22)
            x -= bw + 4
            b = UIButton(pygame.Rect(x, 4, bw, bh), label, m)
            self.top_buttons[b] = key
        self.top_buttons_w = w - x
        self.legend = legend_surface(self.t, app.text).convert_alpha()
        self.bar_key = None
        self._top_cache = self._bottom_cache = (None, None)
        if self.tool is not None:  # the same tool, its words in the new language
            kind, weapon = self.tool.kind, getattr(self.tool, "weapon", None)
            self.tool = None
            if kind == "shoot" and weapon:
                self._bar(f"weapon:{weapon}")
            elif kind == "strike":
                self._bar(f"sweapon:{weapon or ''}")
            else:
                self._choose_tool(kind)
        self.morale.close()
        self.decision.close()
        self.handoff.close()
        if self.pause is not None:
            self.pause.build(m, self.board_rect, self.t, s)

    # -- events from the engine ---------------------------------------------------------------
    def _ingest(self, events: list[ev.Event], animate: bool = True) -> None:
        if not events:
            return
        d = self.describer()
        if any(isinstance(e, Undone) for e in events):
            self.log_lines = [x for x in (d.line(e) for e in self.game.log) if x]
            self.rolls = []
            if hasattr(self, "log"):
                self.log.set_lines(self.log_lines)
                self.tray.set_rolls(self.rolls, d, self.app.text)
            self.tool = None
            return
        lines = [x for x in (d.line(e) for e in events) if x]
        self.log_lines.extend(lines)
        if hasattr(self, "log"):
            self.log.add(lines)
        rolls = [e for e in events if isinstance(e, ev.Roll)]
        if rolls:
            self.rolls = rolls
            if hasattr(self, "tray"):
                self.tray.set_rolls(rolls, d, self.app.text)
            if animate:
                self.animator.tumble()
            dmg = [r for r in rolls if r.rule == "R-DMG-TABLE"]
            if dmg:
                ins = dmg[-1].inputs
                self.damage_focus = (int(ins.get("force", 0)), int(ins.get("resistance_used", 0)))
        if animate:
            self.morale.queue.extend(morale_entries(events))
        for e in events:
            if isinstance(e, (ev.Initiative, ev.WaveStarted, ev.DeploymentOrder)) and animate:
                self.banner = (self._banner_text(e, d), 2.2)
            if isinstance(e, ev.Moved) and animate:
                self.animator.add_slide(e.figure, e.path)
            elif isinstance(e, (ev.Wounded, ev.OutOfAction, ev.Killed)) and animate:
                self.animator.flash(e.figure)
            kind = type(e).__name__
            if kind in ("Reaction", "OutOfAction", "Killed", "TurnStarted", "DeploymentEnded",
                        "GameEnded", "ShotResolved"):
                self.moments.append(kind)
        self.tool = None
        self.bar_key = None
        if self.state.active is not None:
            self.selected = self.state.active

    def _banner_text(self, e: ev.Event, d: Describer) -> str:
        """The turn banner: the initiative order, then each wave's d6."""
        t = self.t
        if isinstance(e, ev.Initiative):
            order = " → ".join(f"{d.band(b)} {e.scores.get(b, '')}" for b in e.order)
            return f"{t('top.turn', n=self.state.turn, of=self.state.options.max_turns)} · " \
                   f"{t('banner.initiative', order=order)}"
        if isinstance(e, ev.WaveStarted):
            cap = t("log.wave_cap", n=e.cap) if e.cap is not None else t("log.wave_all")
            return t("log.wave", band=d.band(e.band), wave=e.wave, cap=cap)
        assert isinstance(e, ev.DeploymentOrder)
        return t("log.deploy_order", order=" → ".join(d.band(b) for b in e.order))

    def submit(self, cmd: c.Command) -> bool:
        ok = self.session.submit(cmd)
        if not ok and self.session.error is not None:
            err = self.session.error
            msg = self.t.engine(err.key, err.params, str(err))
            self.say(f"{msg} [{err.rule}]" if err.rule else msg, error=True)
        self._ingest(self.session.drain())
        return ok

    def say(self, text: str, error: bool = False) -> None:
        self.toast = (("✗ " if error else "") + text, 4.0)

    # -- who is at the screen -----------------------------------------------------------------
    def human_turn(self) -> bool:
        """The next decision belongs to a human who has taken the seat."""
        band = self.session.to_act
        return (band is not None and not self.session.is_computer(band) and band == self.seat
                and not self.handoff.open)

    def blocked(self) -> bool:
        return self.handoff.open or self.morale.open or self.pause is not None

    # -- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        cfg = self.app.config
        self.engine_ms = 0.0
        self.pulse += dt
        self.animator.update(dt)
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        if self.banner is not None:
            self.banner = (self.banner[0], self.banner[1] - dt) if self.banner[1] > dt else None
        self._ingest(self.session.drain())
        m, s = self.app.manager, self.app.scale
        d = self.describer()
        if self.morale.open:
            self.morale.show(m, self.board_rect, d, s)
            self.morale.shown_for += dt
            limit = 0.6 if cfg.autoplay else 2.5
            if self.morale.shown_for > limit and self._nobody_watching():
                self.morale.advance()
        if self.game.over:
            self.over_for += dt
            if not self.animator.busy and not self.morale.open and self.over_for > 0.8:
                from skirmish.app.screens.results import ResultsScreen

                self.app.go(lambda: ResultsScreen(self.app, self.session))
                return
        band = self.session.to_act
        if band is not None and not self.session.is_computer(band) and band != self.seat \
                and not self.morale.open and not self.animator.busy:
            self._offer_seat(band)
        pending = self.state.pending
        if pending is not None and self.human_turn() and not self.morale.open \
                and not self.animator.busy:
            self.decision.show(m, self.board_rect, pending, self.t,
                               self.t("decision.title", band=d.band(pending.band)), s)
        elif self.decision.panel is not None and (pending is None or not self.human_turn()):
            self.decision.close()
        if self.session.is_computer(band) and not self.animator.busy and not self.morale.open \
                and self.pause is None:
            self.ai_timer += dt
            if self.ai_timer >= cfg.ai_delay:
                self.ai_timer = 0.0
                t0 = time.perf_counter()
                self.session.ai_step()
                self._ingest(self.session.drain())
                self.engine_ms = (time.perf_counter() - t0) * 1000
        self._refresh_panels(d)
        if self.tool is not None:
            self.tool.hover(self._hover_table(), self._figure_at(self.hover_pos))

    def _nobody_watching(self) -> bool:
        """Morale panels close by themselves only when no human seat is involved."""
        return not self.session.humans or self.app.config.autoplay

    def _offer_seat(self, band: str) -> None:
        if len(self.session.humans) <= 1:
            self.seat = band
            return
        d = self.describer()
        if self.handoff.open and self.handoff.band == band:
            return
        self.handoff.close()
        s = self.state
        if s.pending is not None:
            prompt = self.t.engine(s.pending.prompt_key, s.pending.params, s.pending.prompt)
            why = self.t("handoff.decide", prompt=prompt)
        elif s.phase == "deployment":
            why = self.t("handoff.deploy", band=d.band(band))
        else:
            why = self.t("handoff.activate")
        self.handoff.show(self.app.manager, self.board_rect, band,
                          self.t("handoff.title", band=d.band(band)), why,
                          self.t("handoff.ready", band=d.band(band)), self.styles[band].colour,
                          self.app.scale)

    def take_seat(self) -> None:
        if self.handoff.open:
            self.seat = self.handoff.band
            self.handoff.close()
            self.selected = self.state.active
            self.bar_key = None

    # -- panels -------------------------------------------------------------------------------
    def _menu(self) -> list[Any]:
        """The engine's action menu for the active figure, cached per game step."""
        key = (len(self.game.log), self.state.active, len(self.game.commands))
        if self.menu_cache[0] != key:
            items = preview.menu(self.game, self.state.active) if self.state.active else []
            self.menu_cache = (key, items)
        return self.menu_cache[1]

    def _refresh_panels(self, d: Describer) -> None:
        fid = self.selected or self.state.active or self.carrying
        hovered = self._figure_at(self.hover_pos)
        shown = fid or hovered
        f = self.state.figures.get(shown) if shown else None
        engaged = f is not None and f.id in self._engaged()
        pa_max = getattr(self.state.options.action_points, f.rank) if f is not None else 0
        self.card.show(f, d, engaged, pa_max, self.t("card.hint"))
        key = (len(self.game.log), len(self.game.commands), self.state.active, self.selected,
               self.tool.kind if self.tool else None, getattr(self.tool, "weapon", None),
               self.seat, self.handoff.open, self.carrying, self.t.lang, self.game.can_undo())
        if key != self.bar_key:
            self.bar_key = key
            self.bar.set_items(self._bar_items(d))
        self.bar.set_preview(self._preview_text(d))

    def _bar_items(self, d: Describer) -> list[BarItem]:
        t, s = self.t, self.state
        if not self.human_turn() or s.pending is not None or s.phase == "over":
            return []
        undo = BarItem("undo", t("bar.undo"), self.game.can_undo(),
                       None if self.game.can_undo() else t("bar.undo_no"), wide=True)
        if s.phase == "deployment":
            band = deploying_band(s)
            items = [BarItem(f"pick:{f.id}", f"{d.rank_mark(f.rank)} · {f.name}",
                             selected=f.id == self.carrying)
                     for f in s.figures.values() if f.band == band and f.status == "reserve"]
            left = bool(items)
            items.append(BarItem("auto", t("bar.auto_deploy"), left, wide=True))
            items.append(BarItem("end_deploy", t("bar.end_deploy"), not left,
                                 t("bar.end_deploy_no") if left else None, wide=True))
            items.append(undo)
            return items
        if s.active is None:
            items = []
            sel = s.figures.get(self.selected) if self.selected else None
            ready = self._ready()
            if sel is not None and sel.id in ready:
                items.append(BarItem("activate", t("bar.activate", name=sel.name), wide=True))
            if s.wave == 1:
                items.append(BarItem("end_wave", t("bar.end_wave"), wide=True,
                                     tip=t("bar.end_wave_tip")))
            items.append(undo)
            return items
        items = []
        tool_kind = self.tool.kind if self.tool else None
        for info in self._menu():
            label = f"{KEY_NAMES.get(info.kind, '')}  {t('action.' + info.kind)}"
            if info.kind != "end":
                label += f" · {info.cost} PA"
            reason = self.t.engine(info.reason_key, info.reason_params, info.reason)
            tip = f"{reason} [{info.rule}]" if not info.enabled and info.reason else None
            items.append(BarItem(info.kind, label, info.enabled, tip,
                                 selected=info.kind == tool_kind, wide=info.kind == "end"))
        me = s.figures[s.active]
        if tool_kind == "shoot":
            for w in me.ranged:
                if w in me.lost_weapons:
                    continue
                cost = self.game.book.ranged_weapons[w].pa_cost
                items.append(BarItem(f"weapon:{w}", f"• {d.weapon(w)} ({cost} PA)",
                                     cost <= me.pa, selected=getattr(self.tool, "weapon", 0) == w,
                                     wide=True))
        if tool_kind == "strike":
            for w in me.melee or [None]:
                items.append(BarItem(f"sweapon:{w or ''}", f"• {d.weapon(w)}",
                                     selected=getattr(self.tool, "weapon", 0) == w, wide=True))
        if tool_kind == "climb":
            for cmd in self.game.legal_commands(sample_moves=False):
                if isinstance(cmd, c.Climb):
                    name = self.game.table.piece_name(cmd.piece)
                    how = t("action.run") if cmd.run else t("action.walk")
                    items.append(BarItem(f"climb:{cmd.piece}:{int(cmd.run)}",
                                         f"{name} ({how}, {2 if cmd.run else 1} PA)", wide=True))
        items.append(undo)
        return items

    def _ready(self) -> set[str]:
        """Figures the player at the screen may activate now."""
        s = self.state
        if s.phase != "battle" or s.active is not None or s.pending is not None:
            return set()
        band = self.session.to_act
        if band is None or band != self.seat:
            return set()
        return {f.id for f in activatable(preview.ctx_of(self.game), band)}

    def _preview_text(self, d: Describer) -> str:
        t, s = self.t, self.state
        band = self.session.to_act
        if s.phase == "over":
            return t("preview.over")
        if self.session.is_computer(band):
            return t("preview.computer", band=d.band(band))
        if not self.human_turn():
            return t("preview.waiting", band=d.band(band)) if band else ""
        if s.pending is not None:
            return t("preview.decide")
        if self.tool is not None:
            return self.tool.info
        if s.phase == "deployment":
            zone = t("preview.deploy_carry", name=d.fig(self.carrying)) if self.carrying \
                else t("preview.deploy")
            return zone
        if s.active is None:
            return t("preview.pick")
        return t("preview.choose", name=d.fig(s.active))

    # -- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.animator.busy:
            self.animator.skip()  # any key or click finishes the animations at once
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.board_rect.collidepoint(self.hover_pos) and self.pause is None:
                self.camera.zoom(1.15 ** event.y, self.hover_pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(event, consumed)
        elif event.type == pygame.KEYDOWN and not consumed:
            self._key(event)

    def _button(self, el: object) -> None:
        if self.pause is not None:
            self._pause_button(self.pause.pressed(el))
            return
        if el is self.handoff.button:
            self.take_seat()
            return
        if el is self.morale.next_button:
            self.morale.advance()
            return
        if el is self.morale.skip_button:
            self.morale.advance(all_of_them=True)
            return
        opt = self.decision.pressed(el)
        if opt is not None:
            self.submit(c.Choose(option=opt))
            return
        key = self.top_buttons.get(el)  # type: ignore[call-overload]
        if key is not None:
            self._top(key)
            return
        item = self.bar.pressed(el)
        if item is not None and item.enabled:
            self._bar(item.key)

    def _top(self, key: str) -> None:
        if key == "damage":
            self.show_damage = not self.show_damage
        elif key == "rules":
            self._open_rules()
        elif key == "lang":
            self.app.switch_language()
        elif key == "menu":
            self._toggle_pause()

    def _open_rules(self) -> None:
        from skirmish.app.screens.rules import RulesScreen

        opts = self.game.ruleset.options_to_dict(self.game.options)
        self.app.go(lambda: RulesScreen(self.app, back=lambda: self, options=opts))

    def _toggle_pause(self) -> None:
        if self.pause is None:
            self.pause = PauseMenu()
            self.pause.build(self.app.manager, self.board_rect, self.t, self.app.scale)
        else:
            self.pause.close()
            self.pause = None

    def _pause_button(self, key: str | None) -> None:
        if key is None:
            return
        if key == "resume":
            self._toggle_pause()
        elif key == "save":
            path = self.quick_save()
            self._toggle_pause()
            self.say(self.t("pause.saved", path=str(path)))
        elif key == "load":
            from skirmish.app.screens.loadgame import LoadScreen

            self.app.go(lambda: LoadScreen(self.app))
        elif key == "rules":
            self._toggle_pause()
            self._open_rules()
        elif key == "menu":
            from skirmish.app.screens.menu import MenuScreen

            self.app.go(lambda: MenuScreen(self.app))
        elif key == "quit":
            self.app.running = False

    def quick_save(self) -> Any:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = saves_dir() / f"{self.game.scenario.id}-{stamp}.json"
        self.session.save(path)
        return path

    def _bar(self, key: str) -> None:
        s = self.state
        d = self.describer()
        if key == "undo":
            if self.session.undo():
                self._ingest(self.session.drain())
                self.say(self.t("bar.undone"))
            return
        if key.startswith("pick:"):
            fid = key[5:]
            self.carrying = None if self.carrying == fid else fid
            return
        if key == "auto":
            self.carrying = None
            self.submit(c.AutoDeploy(band=deploying_band(s)))
        elif key == "end_deploy":
            self.submit(c.EndDeployment(band=deploying_band(s)))
        elif key == "activate" and self.selected:
            self.submit(c.Activate(figure=self.selected))
        elif key == "end_wave":
            self.submit(c.EndWave(band=self.session.to_act))
        elif key == "end" and s.active:
            self.submit(c.EndActivation(figure=s.active))
        elif key == "flee" and s.active:
            self.submit(c.Flee(figure=s.active))
        elif key.startswith("weapon:") and s.active:
            self.tool = ShootTool(self.game, s.active, self.t, d, key[7:])
        elif key.startswith("sweapon:") and s.active:
            self.tool = StrikeTool(self.game, s.active, self.t, d, key[8:] or None)
        elif key.startswith("climb:") and s.active:
            _, piece, run = key.split(":")
            self.submit(c.Climb(figure=s.active, piece=piece, run=run == "1"))
        elif s.active:
            self._choose_tool(key)

    def _choose_tool(self, kind: str) -> None:
        s, d = self.state, self.describer()
        fid = s.active
        if fid is None:
            return
        if self.tool is not None and self.tool.kind == kind:
            self.tool = None
            return
        me = s.figures[fid]
        if kind in ("walk", "run"):
            self.tool = MoveTool(self.game, fid, self.t, d, kind)
        elif kind == "charge":
            self.tool = ChargeTool(self.game, fid, self.t, d)
        elif kind == "shoot":
            usable = [w for w in me.ranged if w not in me.lost_weapons
                      and self.game.book.ranged_weapons[w].pa_cost <= me.pa]
            if usable:
                best = max(usable, key=lambda w: self.game.book.ranged_weapons[w].force)
                self.tool = ShootTool(self.game, fid, self.t, d, best)
        elif kind == "strike":
            strikes = [cmd for cmd in self.game.legal_commands(sample_moves=False)
                       if isinstance(cmd, c.Strike)]
            if strikes:
                self.tool = StrikeTool(self.game, fid, self.t, d, strikes[0].weapon)
        elif kind == "medikit":
            self.tool = MedikitTool(self.game, fid, self.t, d)
        elif kind == "climb":
            self.tool = Tool(self.game, fid, self.t, d)
            self.tool.kind = "climb"
            self.tool.info = self.t("tool.climb_hint")
        elif kind == "flee":
            self.submit(c.Flee(figure=fid))
        elif kind == "end":
            self.submit(c.EndActivation(figure=fid))

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_SPACE:
            if self.animator.busy:
                self.animator.skip()
            elif self.morale.open:
                self.morale.advance()
            elif self.handoff.open:
                self.take_seat()
            return
        if k == pygame.K_ESCAPE:
            if self.tool is not None:
                self.tool = None
            elif self.carrying is not None:
                self.carrying = None
            elif self.tape is not None:
                self.tape = None
            else:
                self._toggle_pause()
            return
        if self.pause is not None:
            return
        if k == pygame.K_RETURN:
            if self.morale.open:
                self.morale.advance()
            elif self.handoff.open:
                self.take_seat()
            elif self.human_turn() and self.state.phase == "deployment":
                self._bar("end_deploy")
            elif self.human_turn() and self.state.active:
                self._bar("end")
            elif self.human_turn() and self.selected in self._ready():
                self._bar("activate")
            return
        if self.morale.open or self.handoff.open:
            return
        if k == pygame.K_d:
            self.show_damage = not self.show_damage
        elif k == pygame.K_g:
            self.show_grid = not self.show_grid
        elif k == pygame.K_l:
            self.show_legend = not self.show_legend
        elif k in (pygame.K_QUESTION, pygame.K_h, pygame.K_F1):
            self._open_rules()
        elif k == pygame.K_F5:
            self.say(self.t("pause.saved", path=str(self.quick_save())))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 40
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
            self.camera.pan(dx, dy)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1.2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(1 / 1.2)
        elif k in (pygame.K_0, pygame.K_HOME):
            self.camera.fit()
        elif not self.human_turn():
            return
        elif k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._bar("undo")
        elif self.state.pending is not None and pygame.K_1 <= k <= pygame.K_9:
            opts = self.state.pending.options
            i = k - pygame.K_1
            if i < len(opts):
                self.submit(c.Choose(option=opts[i].key))
        elif k == pygame.K_a and self.state.phase == "deployment":
            self._bar("auto")
        elif k == pygame.K_a and self.selected in self._ready():
            self._bar("activate")
        elif k == pygame.K_n and self.state.active is None and self.state.phase == "battle":
            self._bar("end_wave")
        elif k == pygame.K_TAB and self.tool is not None and self.tool.kind in ("shoot", "strike"):
            self._cycle_weapon()
        elif self.state.active is not None:
            for kind, key in ACTION_KEYS.items():
                if key == k and any(i.kind == kind and i.enabled for i in self._menu()):
                    self._bar(kind)
                    break

    def _cycle_weapon(self) -> None:
        keys = [i.key for i in self.bar.items if i.key.startswith(("weapon:", "sweapon:"))
                and i.enabled]
        if not keys:
            return
        cur = [i.key for i in self.bar.items if i.selected and i.key in keys]
        nxt = keys[(keys.index(cur[0]) + 1) % len(keys)] if cur else keys[0]
        self._bar(nxt)

    # -- mouse ----------------------------------------------------------------------------------
    def _hover_table(self) -> Point | None:
        if not self.board_rect.collidepoint(self.hover_pos) or self.blocked():
            return None
        p = self.camera.to_table(self.hover_pos)
        return p if self.camera.on_table(p) else None

    def _figure_at(self, pos: tuple[int, int]) -> str | None:
        key = (pos, self.camera.version, self._step_key(), self.board_rect.topleft)
        if self._hover_cache[0] != key:
            self._hover_cache = (key, self._find_figure(pos))
        return self._hover_cache[1]

    def _find_figure(self, pos: tuple[int, int]) -> str | None:
        if not self.board_rect.collidepoint(pos):
            return None
        best, best_d = None, 1e9
        for f in self.state.figures.values():
            if f.status not in ("in_play", "out_of_action"):
                continue
            sp = self.camera.to_screen(f.pos)
            r = max(MIN_RADIUS, f.base / 2 * self.camera.scale) + 3
            dist = math.dist(sp, pos)
            if dist <= r and dist < best_d:
                best, best_d = f.id, dist
        return best

    def _motion(self, event: pygame.event.Event) -> None:
        prev = self.hover_pos
        self.hover_pos = tuple(event.pos)
        drag = self.drag
        if drag is None:
            return
        if math.dist(drag["start"], event.pos) > DRAG_THRESHOLD:
            drag["moved"] = True
        if drag["kind"] == "pan" and drag["moved"]:
            self.camera.pan(event.pos[0] - prev[0], event.pos[1] - prev[1])
        elif drag["kind"] == "measure":
            self.tape = (drag["from"], self.camera.to_table(event.pos))

    def _press(self, event: pygame.event.Event) -> None:
        if not self.board_rect.collidepoint(event.pos) or self.blocked():
            return
        self.hover_pos = tuple(event.pos)
        if event.button == 1:
            fig = self._figure_at(event.pos)
            kind = "pan"
            if self.state.phase == "deployment" and self.human_turn() and fig is not None \
                    and self.state.figures[fig].band == deploying_band(self.state):
                kind = "deploy"
                self.carrying = fig
            self.drag = {"kind": kind, "start": event.pos, "moved": False, "figure": fig}
        elif event.button == 3:
            p = self.camera.to_table(event.pos)
            self.drag = {"kind": "measure", "start": event.pos, "moved": False, "from": p}
            self.tape = None
        elif event.button == 2:
            self.drag = {"kind": "pan", "start": event.pos, "moved": False, "figure": None}

    def _release(self, event: pygame.event.Event, consumed: bool) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag["kind"] == "measure":
            if not drag["moved"]:
                self.tape = None
            return
        if drag["kind"] == "deploy":
            if drag["moved"] and self.carrying:
                self._deploy_at(event.pos)
            return
        if not drag["moved"] and event.button == 1 and not consumed:
            self._click(event.pos)

    def _deploy_at(self, pos: tuple[int, int]) -> None:
        if self.carrying is None:
            return
        p = self.camera.to_table(pos)
        at = (round(p[0], 2), round(p[1], 2))
        if self.submit(c.Deploy(figure=self.carrying, at=at)):
            nxt = [f.id for f in self.state.figures.values()
                   if f.band == self.state.figures[self.carrying].band and f.status == "reserve"]
            self.carrying = nxt[0] if nxt else None

    def _click(self, pos: tuple[int, int]) -> None:
        if not self.board_rect.collidepoint(pos) or self.blocked():
            return
        fig = self._figure_at(pos)
        s = self.state
        if s.phase == "deployment":
            if self.human_turn() and self.carrying is not None:
                self._deploy_at(pos)
            return
        if self.tool is not None and self.human_turn():
            cmd = self.tool.click(self.camera.to_table(pos), fig)
            if cmd is not None:
                self.submit(cmd)
                return
            if fig is None or fig == s.active:
                self.say(self.tool.info, error=True)
                return
        if fig is not None:
            if fig == self.selected and fig in self._ready():
                self._bar("activate")
            else:
                self.selected = fig
        elif s.active is None:
            self.selected = None

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        text, cam = self.app.text, self.camera
        d = self.describer()
        s = self.state
        zones = []
        if s.phase == "deployment":
            for b in s.bands:
                if b.zone:
                    zones.append((b.zone, self.styles[b.id].colour,
                                  self.t("board.zone", band=b.name)))
        layer = self.static.get(cam, self.game.table.pieces, zones, s.objectives,
                                self.show_grid, self.t, text)
        surface.blit(layer, self.board_rect)
        surface.set_clip(self.board_rect)
        if self.tool is not None:
            self.tool.draw_under(surface, cam)
        highlight = dict(self.tool.targets) if self.tool is not None else {}
        for fid in self.animator.flashes:
            highlight[fid] = BAD
        engaged = self._engaged()
        draw_figures(surface, cam, text, s.figures, self.styles, engaged,
                     positions=self.animator.positions(), selected=self.selected,
                     active=s.active, hovered=self._figure_at(self.hover_pos),
                     ready=self._ready(), highlight=highlight, pulse=self.pulse,
                     hidden=set())
        if self.tool is not None:
            self.tool.draw(surface, cam, text)
        if s.pending is not None and self.human_turn():
            hot = self.decision.hovered_option(self.hover_pos)
            for i, opt in enumerate(s.pending.options, start=1):
                if opt.at is not None:
                    draw_marker(surface, cam, text, opt.at, str(i), opt.key == hot)
        if self.tape is not None:
            a, b = self.tape
            draw_tape(surface, cam, text, a, b, f"{math.dist(a, b):.1f} pas")
        br = self.board_rect
        draw_scale_bar(surface, cam, text, (br.x + 14, br.bottom - 12))
        if self.show_legend:
            surface.blit(self.legend, (br.right - self.legend.get_width() - 6,
                                       br.bottom - self.legend.get_height() - 6))
        surface.set_clip(None)
        pygame.draw.rect(surface, PANEL_EDGE, br, 1)
        key = (self._step_key(), self.t.lang, self.top_rect.size, self.session.to_act)
        if self._top_cache[0] != key:
            scores = next((dict(e.scores) for e in reversed(self.game.log)
                           if isinstance(e, ev.Initiative)), {})
            colours = {b: st.colour for b, st in self.styles.items()}
            bar = pygame.Surface(self.top_rect.size)
            draw_top(bar, bar.get_rect(), text, d, colours, scores, self.session.to_act,
                     self.top_buttons_w)
            self._top_cache = (key, bar.convert())
        surface.blit(self._top_cache[1], self.top_rect)
        self.tray.draw(surface, text, d, self.animator.dice_left > 0, self.animator.face)
        band = self.session.to_act
        seat = self.t("seat.none") if band is None else self.t(
            "seat.computer" if self.session.is_computer(band) else "seat.human",
            band=d.band(band))
        hover = self.hover_line(d)
        key = (seat, band, hover, self.bottom_rect.size)
        if self._bottom_cache[0] != key:
            bar = pygame.Surface(self.bottom_rect.size)
            draw_bottom(bar, bar.get_rect(), self.left_rect.w, text, seat,
                        self.styles[band].colour if band else (90, 90, 90), hover)
            self._bottom_cache = (key, bar.convert())
        surface.blit(self._bottom_cache[1], self.bottom_rect)

    def _step_key(self) -> tuple[int, int]:
        """Changes whenever the game state may have changed (a command or an undo)."""
        return (len(self.game.log), len(self.game.commands))

    def _engaged(self) -> set[str]:
        key = self._step_key()
        if self._engaged_cache[0] != key:
            ctx = preview.ctx_of(self.game)
            self._engaged_cache = (key, {f.id for f in self.state.figures.values()
                                         if f.status == "in_play" and engaged_with(ctx, f)})
        return self._engaged_cache[1]

    def hover_line(self, d: Describer) -> str:
        """The bottom line: why a button is greyed, what the tool would do, or what is
        under the pointer."""
        t = self.t
        item = self.bar.item_at(self.hover_pos)
        if item is not None and not item.enabled and item.tip:
            return f"✗ {item.tip}"
        if self.tool is not None and self.board_rect.collidepoint(self.hover_pos):
            return self.tool.info
        fig = self._figure_at(self.hover_pos)
        ref = self.state.figures.get(self.selected or self.state.active or "")
        if fig is not None:
            f = self.state.figures[fig]
            line = f"{f.name} — {d.rank(f.rank)}, {d.band(f.band)} · PV {f.pv}/{f.stats.pv}"
            if ref is not None and ref.id != fig:
                gap = math.dist(ref.pos, f.pos) - ref.radius - f.radius
                line += " · " + t("hover.from", d=f"{gap:.1f}", name=ref.name)
            return line
        p = self._hover_table()
        if p is None:
            return t("hover.help")
        kind = self.game.table.terrain_at(p)
        names = [pc.name for pc in self.game.table.pieces if point_in_polygon(p, pc.polygon)]
        line = f"{p[0]:.1f}, {p[1]:.1f} · {t('terrain.' + kind)}"
        if names:
            line += f" ({', '.join(names)})"
        if ref is not None and ref.status == "in_play":
            line += " · " + t("hover.from", d=f"{math.dist(ref.pos, p) - ref.radius:.1f}",
                              name=ref.name)
        return line + " · " + t("hover.help")

    def draw_over(self, surface: pygame.Surface) -> None:
        text = self.app.text
        if self.carrying is not None and self.board_rect.collidepoint(self.hover_pos):
            f = self.state.figures[self.carrying]
            r = max(MIN_RADIUS, round(f.base / 2 * self.camera.scale))
            ok = self._zone_ok(self.camera.to_table(self.hover_pos), f.band)
            colour = self.styles[f.band].colour
            ghost = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(ghost, (*colour, 150), (r + 2, r + 2), r)
            surface.blit(ghost, (self.hover_pos[0] - r - 2, self.hover_pos[1] - r - 2))
            mark = "✓" if ok else "✗"
            text.blit(surface, f"{mark} {f.name}", (self.hover_pos[0], self.hover_pos[1] - r - 4),
                      12, TEXT, anchor="midbottom", backdrop=(0, 0, 0, 180))
        if self.show_damage:
            f_r = self._damage_focus()
            self.damage_panel.draw(surface, text, self.board_rect.center, self.game.book.damage,
                                   self.t("damage.title"), self.t("damage.note"), f_r)
        if self.banner is not None and self.toast is None:
            br = self.board_rect
            y = br.y + 8
            alpha = min(1.0, self.banner[1] / 0.4)
            surf = text.render(self.banner[0], 18, TEXT, True)
            box = surf.get_rect(midtop=(br.centerx, y)).inflate(28, 14)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((12, 14, 18, round(220 * alpha)))
            surface.blit(panel, box)
            pygame.draw.rect(surface, WARN, box, 2)
            surf.set_alpha(round(255 * alpha))
            surface.blit(surf, surf.get_rect(center=box.center))
        if self.toast is not None:
            colour = BAD if self.toast[0].startswith("✗") else TEXT
            for i, line in enumerate(text.wrap(self.toast[0], 13, self.board_rect.w - 40)[:3]):
                text.blit(surface, line, (self.board_rect.centerx,
                                          self.board_rect.y + 10 + i * round(18 * text.scale)),
                          13, colour, anchor="midtop", backdrop=(0, 0, 0, 210))

    def _zone_ok(self, p: Point, band: str) -> bool:
        zone = self.state.band(band).zone
        return zone is None or point_in_polygon(p, zone)

    def _damage_focus(self) -> tuple[int, int] | None:
        """F and R of the attack being previewed, else of the last damage roll."""
        tool = self.tool
        hovered = getattr(tool, "hovered", None)
        if isinstance(tool, ShootTool) and hovered and tool.preview is not None:
            return (tool.w.force, effective_r(self.state.figures[hovered]))
        if isinstance(tool, StrikeTool) and hovered:
            pv = preview.strike_preview(self.game, tool.figure, hovered, tool.weapon)
            return (pv.force, effective_r(self.state.figures[hovered]))
        return self.damage_focus
