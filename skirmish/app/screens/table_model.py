"""The table's model: what the table screen and the modules that work on it share.

The session, who sits at the screen, what is in hand and what is shown, the engine's
events turned into the log, the dice tray, banners and animations, the saves, and the
rule queries cached per game step. The screen (:mod:`table`) adds the widgets' layout,
the per-frame work, input and drawing, done by functions that take this model
(:mod:`table_actions`, :mod:`table_input`, :mod:`table_pointer`, :mod:`table_practice`,
:mod:`table_drawing`, and the tutorial's hints in :mod:`table_tutorial`), so none of them
imports the screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from skirmish.app.anim import FAST, Animator
from skirmish.app.board.camera import Camera
from skirmish.app.board.replay import styles_of
from skirmish.app.describe import Describer, content_names
from skirmish.app.describe_cm import roll_marks
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
from skirmish.app.rule_tips import RuleTips
from skirmish.app.screen import Host, Screen
from skirmish.app.session import Session, Undone
from skirmish.app.tools import Tool
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.frame.context import table_ctx
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.skirmish import preview
from skirmish.rules.skirmish.context import on_engine

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton

Point = tuple[float, float]
#: Seconds the folded dice tray shows after a roll.
PEEK_SECONDS = 4.0


class TableModel(Screen):
    """The table screen but for its widgets' layout, per-frame work, input and drawing."""

    # made by the screen's ``build`` for the window's size and language
    camera: Camera
    top_rect: pygame.Rect
    bottom_rect: pygame.Rect
    left_rect: pygame.Rect
    right_rect: pygame.Rect
    board_rect: pygame.Rect
    card: FigureCard
    bar: ActionBar
    tray: DiceTray
    log: GameLog
    top_buttons: dict[UIButton, str]
    top_buttons_w: int
    #: The card, the bar and the top buttons are not made yet (the table's first frame).
    widgets_due: bool

    def __init__(self, app: Host, session: Session, reviewing: bool = False,
                 warning: str = "") -> None:
        super().__init__(app)
        self.session = session
        #: Back from the results to look at the final position: no jump to the results.
        self.reviewing = reviewing
        cfg = app.config
        Tool.show_odds = cfg.show_odds
        session.think_apart = cfg.fixed_dt is None  # real time: keep drawing while it thinks
        self.animator = Animator(enabled=cfg.animate, speed=FAST if cfg.fast_motion else 1.0)
        self.morale = MoralePanel()
        self.decision = DecisionPanel()
        #: The rule IDs on show (log, dice tray, panels, card, preview, hover line), each
        #: showing its text on hover or click.
        self.tips = RuleTips()
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
        #: The dice tray and game log pinned beside the board (None: as the window's
        #: width suits), and the seconds the folded tray still shows after a roll.
        self.log_pinned: bool | None = None
        self.peek = 0.0
        self.damage_focus: tuple[int, int] | None = None
        self.toast: tuple[str, float] | None = None
        self.banner: tuple[str, float] | None = None
        #: The turn banner's box and what it was placed for (table_drawing.banner_box).
        self.banner_memo: tuple[object, pygame.Rect] | None = None
        self.ai_timer = 0.0
        self.plan_banner = PlanBanner()  # the computer's plan; step by step, its Next
        self.hint: tuple[Any, str] | None = None  # F3's plan and its words, until put away
        #: Each F3 plan asked, with the game log's length then: its line's place in the log.
        self.hint_notes: list[tuple[int, Any]] = []
        self.step_go = False  # Next was pressed: the waiting computer activation may go
        self.engine_ms = 0.0  # this frame's time in the computer players and the engine
        self.pulse = 0.0
        self._engaged_cache: tuple[Any, set[str]] = (None, set())
        self.pick_cache: tuple[Any, list[str]] = (None, [])  # see pointer.crowd_at
        self.log_lines: list[str] = []
        self.rolls: list[ev.Roll] = []
        #: Each batch of rolls the tray showed, with the game log's length once it came:
        #: an undo goes back to the batch still standing (the wave's d6), not to nothing.
        self.roll_batches: list[tuple[int, list[ev.Roll]]] = []
        self.menu_cache: tuple[Any, list[Any]] = (None, [])
        self.bar_key: Any = None
        self.over_for = 0.0
        self.moments: list[str] = []  # things worth a screenshot (autoplay)
        self.styles = styles_of(self.session.game)
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

    # -- events from the engine ---------------------------------------------------------------
    @property
    def tray_over_board(self) -> bool:
        """The folded dice tray shows over the board: a moment after a roll, but not while
        a morale or decision panel is open (the panel gives the rolls, and the two left
        the figures they speak of no room at 960 × 600)."""
        return not self.log_pinned and self.peek > 0 and not self.morale.open \
            and self.decision.panel is None

    def _ingest(self, events: list[ev.Event], animate: bool = True) -> None:
        if not events:
            return
        d = self.describer()
        if any(isinstance(e, Undone) for e in events):
            self.log_lines = self.logged_lines(d)
            kept = len(self.game.log)
            self.roll_batches = [b for b in self.roll_batches if b[0] <= kept]
            self.rolls = self.roll_batches[-1][1] if self.roll_batches else []
            if hasattr(self, "log"):
                self.log.set_lines(self.log_lines)
                self.show_rolls(d)
            self.tool = None
            return
        lines = [x for x in (d.line(e) for e in events) if x]
        self.log_lines.extend(lines)
        if hasattr(self, "log"):
            self.log.add(lines)
        rolls = [e for e in events if isinstance(e, ev.Roll)]
        if rolls and not on_engine(self.game.ruleset.id):
            rolls = self._action_rolls()  # an attack's throws, its decisions between them
        if rolls:
            self.rolls = rolls
            self.roll_batches.append((len(self.game.log), rolls))
        if hasattr(self, "tray") and (rolls or any(isinstance(e, ev.DamageSteps) for e in events)):
            self.show_rolls(d)  # a damage read later from the dice shown marks them
        if rolls:
            if animate:
                self.animator.tumble()
                self.peek = PEEK_SECONDS
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
            elif isinstance(e, ev.ShotResolved) and animate and e.figure in self.state.figures \
                    and e.target in self.state.figures:
                self.animator.trace(self.state.figures[e.figure].pos,
                                    self.state.figures[e.target].pos, e.hit)
            elif isinstance(e, (ev.Wounded, ev.OutOfAction, ev.Killed)) and animate:
                self.animator.flash(e.figure)
                if not isinstance(e, ev.Wounded):
                    self.animator.fall(e.figure)
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

    def logged_lines(self, d: Describer) -> list[str]:
        """The log's lines: the game's events, and each F3 hint where it was asked (a hint
        asked in a position since undone goes with it)."""
        log = self.game.log
        self.hint_notes = sorted(((at, plan) for at, plan in self.hint_notes if at <= len(log)),
                                 key=lambda n: n[0])
        lines: list[str] = []
        notes = iter(self.hint_notes)
        note = next(notes, None)
        for i, e in enumerate([*log, None]):
            while note is not None and note[0] == i:
                lines.append(self.hint_line(note[1]))
                note = next(notes, None)
            line = d.line(e) if e is not None else ""
            if line:
                lines.append(line)
        return lines

    def hint_words(self, plan: Any) -> str:
        """F3's words, "The computer would play: …", in the window's language; an answer to
        a question in the words of the option its panel showed."""
        if plan.key == "ai.hint_answer":
            p = plan.params
            said = self.t.engine(str(p.get("label_key", "")), p.get("label_params", {}),
                                 plan.text)
        else:
            said = self.describer().plan(plan)
        return self.t("ai.hint", plan=said)

    def hint_line(self, plan: Any) -> str:
        """F3's hint as the game log says it."""
        return self.t("ai.hint_logged", hint=self.hint_words(plan))

    def _action_rolls(self) -> list[ev.Roll]:
        """Every roll since the last action was declared (or the round began): under a
        ruleset whose resolution waits for decisions (S7), one attack's rolls come in
        several steps, and the tray keeps them together."""
        log = self.game.log
        since = next((i for i in range(len(log) - 1, -1, -1)
                      if isinstance(log[i], (ev.ActionDeclared, ev.TurnStarted))), 0)
        return [e for e in log[since:] if isinstance(e, ev.Roll)]

    def show_rolls(self, d: Describer) -> None:
        """The tray with the last rolls (a Clé en main throw's damage dice marked)."""
        marked, notes = roll_marks(self.state.ruleset, self.t, self.game.log, self.rolls)
        self.tray.set_rolls(self.rolls, d, self.app.text, marked, notes)

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
        """After every activation: the newest few autosaves stay (a failure only says so).
        A campaign's game keeps the same file in its own save too, made once for both."""
        from skirmish.app.saves import autosave_path, prune_autosaves

        data = self.session.save_bytes()
        try:
            self.session.save(autosave_path(), data)
            prune_autosaves()
        except (OSError, ValueError) as e:
            self.say(self.t("save.autosave_failed", why=f"{type(e).__name__}: {e}"), error=True)
        self.keep_campaign_game(data)

    def keep_campaign_game(self, data: bytes | None = None) -> None:
        """A campaign game is also kept in its own save beside the campaign file, which
        "Resume game N" continues (the autosaves above are shared and pruned); ``data``:
        that save's bytes, when already made."""
        from skirmish.app.campaign_games import game_save_path

        s = self.session
        if s.campaign_path is None or s.campaign_game is None:
            return
        try:
            s.save(game_save_path(s.campaign_path, s.campaign_game), data)
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

    def take_seat(self) -> None:
        if self.handoff.open:
            self.seat = self.handoff.band
            self.handoff.close()
            self.selected = self.state.active
            self.bar_key = None

    # -- rule queries -------------------------------------------------------------------------
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
        return set(self.game.turn_view().choose)

    def _step_key(self) -> tuple[int, int]:
        """Changes whenever the game state may have changed (a command or an undo)."""
        return (len(self.game.log), len(self.game.commands))

    def _engaged(self) -> set[str]:
        key = self._step_key()
        if self._engaged_cache[0] != key:
            ctx = table_ctx(self.game)
            self._engaged_cache = (key, {f.id for f in self.state.figures.values()
                                         if f.status == "in_play" and engaged_with(ctx, f)})
        return self._engaged_cache[1]
