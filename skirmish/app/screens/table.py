"""The table: deployment and battle on one board, with the panels around it.

The screen turns clicks and keys into engine commands (through the session) and the
events that come back into the log, the dice tray, the morale panel and animations.
Its name is "deployment" or "battle" after the game's phase, the two states of the
window's state machine that share this board.

This module holds the screen's model: its widgets, the engine's events, the per-frame
work and the rule queries it caches. The rest is split by concern into functions that
take the screen: the action bar (:mod:`table_actions`), keys and buttons
(:mod:`table_input`), the pointer on the board (:mod:`table_pointer`) and drawing
(:mod:`table_drawing`, whose painter also keeps the surfaces reused between frames).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from skirmish.app import routes
from skirmish.app.anim import Animator
from skirmish.app.board.camera import Camera
from skirmish.app.board.figures import FigureStyle
from skirmish.app.board.terrain import footer_height, rects_around
from skirmish.app.describe import Describer, content_names
from skirmish.app.layout import px
from skirmish.app.panels.actions import ActionBar
from skirmish.app.panels.card import FigureCard
from skirmish.app.panels.decision import DecisionPanel
from skirmish.app.panels.dicetray import DiceTray
from skirmish.app.panels.handoff import HandOff
from skirmish.app.panels.log import GameLog
from skirmish.app.panels.morale import MoralePanel, morale_entries
from skirmish.app.panels.pause import PauseMenu
from skirmish.app.panels.plan_banner import PlanBanner
from skirmish.app.panels.saveas import SaveAs
from skirmish.app.screen import Host, Screen
from skirmish.app.screens import table_actions as actions
from skirmish.app.screens import table_drawing as drawing
from skirmish.app.screens import table_input
from skirmish.app.screens import table_pointer as pointer
from skirmish.app.screens import table_practice as practice
from skirmish.app.session import Session, Undone
from skirmish.app.theme import band_colour
from skirmish.app.tools import Tool
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.skirmish import preview
from skirmish.rules.skirmish.queries import engaged_with
from skirmish.rules.skirmish.turns import activatable

Point = tuple[float, float]


class TableScreen(Screen):
    def __init__(self, app: Host, session: Session, reviewing: bool = False,
                 warning: str = "") -> None:
        super().__init__(app)
        self.session = session
        #: Back from the results to look at the final position: no jump to the results.
        self.reviewing = reviewing
        cfg = app.config
        Tool.show_odds = cfg.show_odds
        session.think_apart = cfg.fixed_dt is None  # real time: keep drawing while it thinks
        self.animator = Animator(enabled=cfg.animate)
        self.morale = MoralePanel()
        self.decision = DecisionPanel()
        self.handoff = HandOff()
        app.t.names_fr, app.t.names_en = content_names(session.game.scenario, session.game.book)
        self.pause: PauseMenu | None = None
        self.save_as: SaveAs | None = None  # a failed save offering another place
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
        self.plan_banner = PlanBanner()  # the computer's plan; step by step, its Next
        self.hint: tuple[Any, str] | None = None  # F3's plan and the words saying it
        self.step_go = False  # Next was pressed: the waiting computer activation may go
        self.engine_ms = 0.0  # this frame's time in the computer players and the engine
        self.pulse = 0.0
        self.painter = drawing.TablePainter()
        self._engaged_cache: tuple[Any, set[str]] = (None, set())
        self.pick_cache: tuple[Any, str | None] = (None, None)  # see pointer.figure_at
        self.log_lines: list[str] = []
        self.rolls: list[ev.Roll] = []
        self.menu_cache: tuple[Any, list[Any]] = (None, [])
        self.bar_key: Any = None
        self.over_for = 0.0
        self.moments: list[str] = []  # things worth a screenshot (autoplay)
        self.styles = {b.id: FigureStyle(band_colour(b.colour, i), i)
                       for i, b in enumerate(self.state.bands)}
        self._ingest(session.drain(), animate=False)
        if warning:
            self.say(warning, error=True, seconds=15.0)

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
        return Describer(self.state, self.game.book, self.t, self.game.scenario,
                         odds=self.app.config.show_odds)

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
        foot = footer_height(self.t, app.text, w - 2 * side)
        self.board_rect = pygame.Rect(side, top, w - 2 * side, h - top - bottom - foot)
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
        b = self.plan_banner
        if b.plan is not None and b.words:  # the computer's plan on show: in today's words
            b.words = practice.plan_words(self, b.plan)  # (language, odds on or off)
        table_input.reword_hint(self)  # and F3's
        self.log = GameLog(app.text, pygame.Rect(self.right_rect.x, self.right_rect.y + tray_h, side,
                                          self.right_rect.h - tray_h), self.t("log.title"))
        self.log.set_lines(self.log_lines)
        bh = top - 8
        self.top_buttons: dict[UIButton, str] = {}
        labels = [("menu", self.t("top.menu")), ("lang", self.t("top.lang")),
                  ("rules", self.t("top.rules")), ("damage", self.t("top.damage"))]
        if practice.has_computer(self):
            on = app.config.step_computer
            labels.append(("step", self.t("practice.step_on" if on else "practice.step_off")))
        if self.reviewing:
            labels.insert(0, ("results", self.t("results.to_results")))
        x = w
        for key, label in labels:
            bw = app.text.font(14).size(label)[0] + px(s, 22)
            x -= bw + 4
            b = UIButton(pygame.Rect(x, 4, bw, bh), label, m)
            self.top_buttons[b] = key
        self.top_buttons_w = w - x
        self.painter.build(self.t, app.text, drawing.footer_rect(self))
        self.bar_key = None
        actions.renew_tool(self)
        self.morale.close()
        self.decision.close()
        self.handoff.close()
        self.plan_banner.forget()
        if self.pause is not None:
            self.pause.build(m, self.board_rect, self.t, s)
        if self.save_as is not None:
            self.save_as.build(m, self.board_rect, self.t, s)

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
        # a new turn's initiative and its first wave come together: one banner says both
        # (the wave's replaced the initiative's at once, so nobody saw who won it)
        said = [self._banner_text(e, d) for e in events
                if isinstance(e, (ev.Initiative, ev.WaveStarted, ev.DeploymentOrder))]
        if said and animate:
            self.banner = ("\n".join(said), 2.2 + 0.8 * (len(said) - 1))
        for e in events:
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
        if any(isinstance(e, ev.TurnStarted) for e in events):
            self.tape = None  # a ruler belongs to the turn it was drawn in
        if animate and any(isinstance(e, (ev.ActivationEnded, ev.GameEnded)) for e in events):
            self.autosave()

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
        return d.deploy_banner(e)

    def submit(self, cmd: c.Command) -> bool:
        ok = self.session.submit(cmd)
        if not ok and self.session.error is not None:
            err = self.session.error
            msg = self.t.engine(err.key, err.params, str(err))
            self.say(f"{msg} [{err.rule}]" if err.rule else msg, error=True)
        self._ingest(self.session.drain())
        return ok

    def say(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        self.toast = (("✗ " if error else "") + text, seconds)

    def save_game(self, path: str | Path | None = None) -> Path | None:
        """Save (F5, Ctrl+S, pause menu) to ``path`` or a new numbered file in the saves
        folder. A failure says why and offers another place; the game goes on."""
        from skirmish.app.saves import new_save_path

        target: Path | None = None
        try:
            target = Path(path) if path is not None else new_save_path(self.game.scenario.id)
            self.session.save(target)
        except (OSError, ValueError) as e:
            self._save_failed(target, e)
            return None
        if self.save_as is not None:
            self.save_as.close()
            self.save_as = None
        self.say(self.t("pause.saved", path=str(target)))
        self.keep_campaign_game()
        return target

    def _save_failed(self, target: Path | None, e: Exception) -> None:
        from skirmish.app.saves import fallback_path

        where = repr(str(target)) if target is not None else ""
        problem = self.t("save.failed", path=where, why=f"{type(e).__name__}: {e}")
        self.say(problem, error=True)
        if self.save_as is None:
            self.save_as = SaveAs(problem, str(fallback_path(self.game.scenario.id)))
        else:
            self.save_as.problem = problem
        self.save_as.build(self.app.manager, self.board_rect, self.t, self.app.scale)

    def autosave(self) -> None:
        """After every activation: the newest few autosaves stay (a failure only says so)."""
        from skirmish.app.saves import autosave_path, prune_autosaves

        try:
            self.session.save(autosave_path())
            prune_autosaves()
        except (OSError, ValueError) as e:
            self.say(self.t("save.autosave_failed", why=f"{type(e).__name__}: {e}"), error=True)
        self.keep_campaign_game()

    def keep_campaign_game(self) -> None:
        """A campaign game is also kept in its own save beside the campaign file, which
        "Resume game N" continues (the autosaves above are shared and pruned)."""
        from skirmish.app.campaign_games import game_save_path

        s = self.session
        if s.campaign_path is None or s.campaign_game is None:
            return
        try:
            s.save(game_save_path(s.campaign_path, s.campaign_game))
        except (OSError, ValueError) as e:
            self.say(self.t("save.autosave_failed", why=f"{type(e).__name__}: {e}"), error=True)

    # -- who is at the screen -----------------------------------------------------------------
    def human_turn(self) -> bool:
        """The next decision belongs to a human who has taken the seat."""
        band = self.session.to_act
        return (band is not None and not self.session.is_computer(band) and band == self.seat
                and not self.handoff.open)

    def seat_label(self, d: Describer) -> str:
        """Who plays now; "HOT-SEAT" only when several humans share the screen."""
        band = self.session.to_act
        if band is None:
            return self.t("seat.none")
        if self.session.is_computer(band):
            return self.t("seat.computer", band=d.band(band))
        key = "seat.hotseat" if len(self.session.humans) > 1 else "seat.you"
        return self.t(key, band=d.band(band))

    def blocked(self) -> bool:
        return self.handoff.open or self.morale.open or self.pause is not None \
            or self.save_as is not None

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
        if self.game.over and not self.reviewing:
            self.over_for += dt
            if not self.animator.busy and not self.morale.open and self.over_for > 0.8:
                self.app.open(routes.Results(self.session))
                return
        band = self.session.to_act
        if band is not None and not self.session.is_computer(band) and band != self.seat \
                and not self.morale.open and not self.animator.busy:
            self._offer_seat(band)
        pending = self.state.pending
        if pending is not None and self.human_turn() and not self.morale.open \
                and not self.animator.busy and self.pause is None:
            self.decision.show(m, self.board_rect, pending, self.t,
                               self.t("decision.title", band=d.band(pending.band)), s,
                               step=len(self.game.commands))
        elif self.decision.panel is not None:
            self.decision.close()  # answered, or waiting behind a morale panel: no live buttons
        if self.session.is_computer(band) and not self.animator.busy and not self.morale.open \
                and self.pause is None:
            practice.computer_turn(self, dt)
        practice.banner(self, dt)
        self._refresh_panels(d)
        if self.tool is not None:
            self.tool.hover(pointer.hover_table(self), pointer.figure_at(self, self.hover_pos))

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
        self.selected = None  # the last player's pick is not the next one's (nor their card)
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

    # -- panels and rule queries --------------------------------------------------------------
    def _menu(self) -> list[Any]:
        """The engine's action menu for the active figure, cached per game step."""
        key = (len(self.game.log), self.state.active, len(self.game.commands))
        if self.menu_cache[0] != key:
            items = preview.menu(self.game, self.state.active) if self.state.active else []
            self.menu_cache = (key, items)
        return self.menu_cache[1]

    def _ready(self) -> set[str]:
        """Figures the player at the screen may activate now."""
        s = self.state
        if s.phase != "battle" or s.active is not None or s.pending is not None:
            return set()
        band = self.session.to_act
        if band is None or band != self.seat:
            return set()
        return {f.id for f in activatable(preview.ctx_of(self.game), band)}

    def _refresh_panels(self, d: Describer) -> None:
        fid = self.selected or self.state.active or self.carrying
        hovered = pointer.figure_at(self, self.hover_pos)
        shown = None if self.handoff.open else fid or hovered  # the next player starts clean
        f = self.state.figures.get(shown) if shown else None
        engaged = f is not None and f.id in self._engaged()
        pa_max = getattr(self.state.options.action_points, f.rank) if f is not None else 0
        deploying = self.state.phase == "deployment"  # no ringed figures to activate yet
        self.card.show(f, d, engaged, pa_max, self.t("card.hint_deploy" if deploying else "card.hint"))
        key = (len(self.game.log), len(self.game.commands), self.state.active, self.selected,
               self.tool.kind if self.tool else None, getattr(self.tool, "weapon", None),
               self.seat, self.handoff.open, self.carrying, self.t.lang, self.session.can_undo(),
               self.session.can_retry())
        if key != self.bar_key:
            self.bar_key = key
            self.bar.set_items(actions.bar_items(self, d))
        self.bar.set_preview(actions.bar_preview(self, d))

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

    # -- input and drawing, done by table_input, table_pointer and table_drawing --------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        table_input.handle(self, event, consumed)

    def backdrop(self, window: pygame.Rect) -> list[pygame.Rect]:
        return rects_around(window, self.board_rect)  # the board is painted every frame

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(self, surface)
        self.plan_banner.draw(surface, self.app.text)  # under its Next button

    def draw_over(self, surface: pygame.Surface) -> None:
        self.painter.draw_over(self, surface)  # the tutorial's hint too

    def idle_wait(self) -> float:
        if self.plan_banner.waiting and not self.animator.busy and self.toast is None \
                and self.banner is None and not self.morale.open:
            return 0.5  # a computer activation waiting for Next: sleep until input
        return drawing.idle_wait(self)

    def hover_line(self, d: Describer) -> str:
        """The bottom line's words (see table_drawing.hover_line)."""
        return drawing.hover_line(self, d)

    def _damage_focus(self) -> tuple[int, int] | None:
        """The damage table's highlighted cell (see table_drawing.damage_focus)."""
        return drawing.damage_focus(self)
