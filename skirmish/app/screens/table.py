"""The table: deployment and battle on one board, with the panels around it.

The screen turns clicks and keys into engine commands (through the session) and the
events that come back into the log, the dice tray, the morale panel and animations.
Its name is "deployment" or "battle" after the game's phase, the two states of the
window's state machine that share this board.

Its model (:mod:`table_model`) holds the session, what is shown, the engine's events and
the rule queries it caches. This module adds the widgets and the per-frame work; the
rest is split by concern into functions that take the model: the action bar
(:mod:`table_actions`), keys and buttons (:mod:`table_input`), the pointer on the board
(:mod:`table_pointer`), solo practice (:mod:`table_practice`) and drawing
(:mod:`table_drawing`, whose painter also keeps the surfaces reused between frames).
"""

from __future__ import annotations

from typing import Any

import pygame

from skirmish.app import routes
from skirmish.app.board.camera import Camera
from skirmish.app.board.terrain import footer_height
from skirmish.app.decision_cm import decision_context
from skirmish.app.describe import Describer
from skirmish.app.describe_k7 import declaration_list, k7_key
from skirmish.app.layout import px
from skirmish.app.panels.actions import ActionBar
from skirmish.app.panels.card import FigureCard
from skirmish.app.panels.decision import AnswerOdds
from skirmish.app.panels.dicetray import DiceTray
from skirmish.app.panels.log import GameLog
from skirmish.app.screen import Host
from skirmish.app.screens import table_actions as actions
from skirmish.app.screens import table_drawing as drawing
from skirmish.app.screens import table_hint as hints
from skirmish.app.screens import table_input
from skirmish.app.screens import table_pointer as pointer
from skirmish.app.screens import table_practice as practice
from skirmish.app.screens.table_model import TableModel
from skirmish.app.session import Session
from skirmish.rules import commands as c
from skirmish.rules.skirmish.context import on_engine

#: From this window width the dice tray and the game log stand pinned beside the board;
#: narrower, they fold away (the dice tray shows a moment after each roll) and the board
#: takes their room: at 1280 × 720 it had 55 % of the window.
PIN_WIDTH = 1600
#: The widgets the table's first build leaves to the next frame.
_LATE_WIDGETS = frozenset({"card", "bar", "top_buttons"})


class TableScreen(TableModel):
    def __init__(self, app: Host, session: Session, reviewing: bool = False,
                 warning: str = "") -> None:
        super().__init__(app, session, reviewing, warning)
        self.painter = drawing.TablePainter()
        self.built = False  # built once: a new build makes its widgets at once
        #: The widgets are left to the next frame (see ``build``).
        self.widgets_due = False
        self._top_labels: list[tuple[pygame.Rect, str, str, str]] = []

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        """Lay the table out for the window's size and language. The first build leaves
        the pygame_gui widgets (the figure card, the action bar, the top bar's buttons,
        about half of it) to the next frame, so the board shows a frame sooner: the
        next frame makes them before its input (:meth:`begin_frame`), and so does
        anything asking for one before."""
        app, s = self.app, self.app.scale
        w, h = app.window.get_size()
        top, bottom = max(36, px(s, 34)), max(38, px(s, 40))  # two rows of 12 px
        # a Clefs card whole at 960 × 600; as much wider as the player's UI scale asks
        side = max(270, min(round(w * 0.22 * app.user_scale), px(s, 300)))
        if self.log_pinned is None:  # the dice tray and log stand beside a wide board
            self.log_pinned = w >= PIN_WIDTH
        right = side if self.log_pinned else 0
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.bottom_rect = pygame.Rect(0, h - bottom, w, bottom)
        self.left_rect = pygame.Rect(0, top, side, h - top - bottom)
        # unpinned, the tray and log lie over the board's right side when shown
        self.right_rect = pygame.Rect(w - side, top, side, h - top - bottom)
        foot = footer_height(self.t, app.text, w - side - right)
        self.board_rect = pygame.Rect(side, top, w - side - right, h - top - bottom - foot)
        old = getattr(self, "camera", None)
        self.camera = Camera(self.board_rect, self.state.width, self.state.height)
        if old is not None and old.rect.size == self.board_rect.size:
            self.camera.scale, self.camera.offset = old.scale, old.offset
        tray_h = self.right_rect.h * 46 // 100
        self.tray = DiceTray(pygame.Rect(self.right_rect.x, self.right_rect.y, side, tray_h),
                             self.t(k7_key(self.game.ruleset.id, "tray.title")))
        d = self.describer()
        self.show_rolls(d)
        self.log_lines = self.logged_lines(d)
        b = self.plan_banner
        if b.plan is not None and b.words:  # the computer's plan on show: in today's words
            b.words = practice.plan_words(self, b.plan)  # (language, odds on or off)
        hints.reword(self)  # and F3's
        self.log = GameLog(app.text, pygame.Rect(self.right_rect.x, self.right_rect.y + tray_h, side,
                                          self.right_rect.h - tray_h), self.t("log.title"))
        self.log.set_lines(self.log_lines)
        self._top_labels = self._lay_out_top_buttons(top - 8)
        self.painter.build(self.t, app.text, drawing.footer_rect(self))
        self.bar_key = None
        if self.built:
            self._build_widgets()
        else:  # a fresh screen: no tool, pause menu or save panel stands on them yet
            self.widgets_due = self.built = True
        self.morale.close()
        self.decision.close()
        self.handoff.close()
        self.plan_banner.forget()
        if self.pause is not None:
            self.pause.build(app.manager, self.board_rect, self.t, s)
        if self.save_as is not None:
            self.save_as.build(app.manager, self.board_rect, self.t, s)

    def _lay_out_top_buttons(self, height: int) -> list[tuple[pygame.Rect, str, str, str]]:
        """The top bar's buttons, right to left: each one's box, words shown, full label
        and key; sets how wide they are together (``top_buttons_w``)."""
        app, s = self.app, self.app.scale
        w = app.window.get_width()
        labels = [("menu", self.t("top.menu")), ("lang", self.t("top.lang")),
                  ("rules", self.t("top.rules"))]
        if on_engine(self.game.ruleset.id):  # the Skirmish damage table, or Les Clefs' own
            labels.append(("damage", self.t("top.damage")))
        labels.append(("log", self.t(k7_key(self.game.ruleset.id, "top.log_hide"
                                             if self.log_pinned else "top.log_show"))))
        if practice.has_computer(self):
            on = app.config.step_computer
            labels.append(("step", self.t("practice.step_on" if on else "practice.step_off")))
        if self.reviewing:
            labels.insert(0, ("results", self.t("results.to_results")))
        font = app.text.font(14)
        # in a narrow window the buttons show their keys, the words on hover, so that the
        # bar keeps room for the turn and every band's name
        short = sum(font.size(label)[0] + px(s, 22) + 4 for _, label in labels) > w * 48 // 100
        x = w
        laid = []
        for key, label in labels:
            shown = label.split(" ")[0] if short and key != "results" else label
            bw = font.size(shown)[0] + px(s, 22)
            x -= bw + 4
            laid.append((pygame.Rect(x, 4, bw, height), shown, label, key))
        self.top_buttons_w = w - x
        return laid

    def _build_widgets(self) -> None:
        """The figure card, the action bar and the top bar's buttons, where :meth:`build`
        laid them out, and the tool's words on them."""
        from pygame_gui.elements import UIButton

        self.widgets_due = False
        app, s, m = self.app, self.app.scale, self.app.manager
        h = app.window.get_height()
        side = self.left_rect.w
        # Les Clefs de l'Aube's card is the longest (its profile, wounds and PF)
        card_h = self.left_rect.h * (52 if self.state.ruleset == "clefs_aube" else 47) // 100
        self.card = FigureCard(m, pygame.Rect(self.left_rect.x, self.left_rect.y,
                                              side, card_h))
        self.bar = ActionBar(m, pygame.Rect(self.left_rect.x + 4, self.left_rect.y + card_h + 4,
                                            side - 8, self.left_rect.h - card_h - 8),
                            px(s, 27 if h >= 700 else 26))  # small: rows of 12 px text
        self.top_buttons = {
            UIButton(rect, shown, m, tool_tip_text=label if shown != label else None): key
            for rect, shown, label, key in self._top_labels}
        actions.renew_tool(self)

    def __getattr__(self, name: str) -> Any:
        """A widget the first build left to the next frame, made when asked for first."""
        if name in _LATE_WIDGETS and self.__dict__.get("widgets_due"):
            self._build_widgets()
            return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- per frame ----------------------------------------------------------------------------
    def begin_frame(self) -> None:
        if self.widgets_due:  # the frame after the board's first, before its input
            self._build_widgets()

    def update(self, dt: float) -> None:
        cfg = self.app.config
        self.engine_ms = 0.0
        self.pulse += dt
        if not self.morale.open and self.decision.panel is None:  # the tray waits for them
            self.peek = max(0.0, self.peek - dt)
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
            context = decision_context(d, self.state, self.game.log) \
                if self.state.ruleset == "cle_en_main" else ""  # type: ignore[arg-type]
            self.decision.show(m, self.board_rect, pending, self.t,
                               self.t("decision.title", band=d.band(pending.band)), s,
                               step=len(self.game.commands), odds=self._answer_odds,
                               context=context)
        elif self.decision.panel is not None:
            self.decision.close()  # answered, or waiting behind a morale panel: no live buttons
        # the computer answers a question raised in the middle of a move (where a figure
        # that failed its test steps) with the tests' panel up, so the tests that move
        # raises come in one panel, not one panel, one answer, one panel…
        answering = self.state.pending is not None and self.state.active is not None \
            and not self.session.is_computer(self.state.figures[self.state.active].band)
        if self.session.is_computer(band) and not self.animator.busy and self.pause is None \
                and (not self.morale.open or answering):
            practice.computer_turn(self, dt)
        drawing.place_plan_banner(self, dt)
        self._refresh_panels(d)
        if self.tool is not None and self.board_rect.collidepoint(self.hover_pos):
            # off the board, the last preview stays: the pointer goes to read it, and its
            # abbreviations' words (its box explains them on hover)
            self.tool.hover(pointer.hover_table(self), pointer.figure_at(self, self.hover_pos))

    def _answer_odds(self, option: str) -> AnswerOdds | None:
        """S14 for an answer to the decision shown, in words and in numbers (off when the
        player plays without odds)."""
        if not self.app.config.show_odds:
            return None
        o = self.game.odds(c.Choose(option=option))
        if o is None:
            return None
        t = self.t
        if not o.harms:
            p = t.pct(o.p_success)
            return AnswerOdds(t("decision.odds_win", p=p), p, t("decision.odds_win_legend"))
        harm = o.harms[0]
        hit, wound, out = t.pct(o.p_success), t.pct(harm.p_wound), t.pct(harm.p_out)
        said = [t("decision.odds_hit", hit=hit)]
        if wound != hit:  # a hit may do no damage (protection, halving)
            said.append(t("decision.odds_wound", dmg=wound))
        said.append(t("decision.odds_out", out=out))
        if self._death_at_stake():
            said.append(t("decision.odds_dead", dead=t.pct(harm.p_dead)))
        return AnswerOdds(" · ".join(said), f"{hit} · {out}", t("decision.odds_hit_legend"))

    def _death_at_stake(self) -> bool:
        """Whether the decision shown only decides a death: some answer puts the figure
        out of action for certain and may still spare its life (WFRP's Destin, GAP-WF-12).
        Its answers then say their odds of death too; "out 100 %" on both told them
        apart by nothing."""
        p = self.state.pending
        for opt in p.options if p is not None else ():
            o = self.game.odds(c.Choose(option=opt.key))
            if o is not None and any(h.p_out >= 1 and h.p_dead < 1 for h in o.harms):
                return True
        return False

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

    # -- panels -------------------------------------------------------------------------------
    def _refresh_panels(self, d: Describer) -> None:
        fid = self.selected or self.state.active or self.carrying
        pending = self.state.pending
        if pending is not None and self.human_turn() and not on_engine(self.game.ruleset.id):
            fid = getattr(pending, "figure", None) or fid  # whose decision it is, its card
        hovered = pointer.figure_at(self, self.hover_pos)
        shown = None if self.handoff.open else fid or hovered  # the next player starts clean
        f = self.state.figures.get(shown) if shown else None
        engaged = f is not None and f.id in self._engaged()
        pa_max = getattr(self.state.options.action_points, f.rank) if f is not None else 0
        listed = declaration_list(d)  # KART 7: the turn's declarations while none is shown
        hint = self.t(self._card_hint())
        self.card.show(f, d, engaged, pa_max, f"{listed}<br><br>{hint}" if listed else hint)
        key = (len(self.game.log), len(self.game.commands), self.state.active, self.selected,
               self.tool.kind if self.tool else None, getattr(self.tool, "weapon", None),
               getattr(self.tool, "manoeuvre", None),  # a KART 7 support's, chosen in the bar
               self.seat, self.handoff.open, self.carrying, self.t.lang, self.session.can_undo(),
               self.session.can_retry())
        if key != self.bar_key:
            self.bar_key = key
            self.bar.set_items(actions.bar_items(self, d))
        self.bar.set_preview(actions.bar_preview(self, d))

    def _card_hint(self) -> str:
        """The empty card's words: how to deploy, that ringed figures may be activated (or
        declare, KART 7) — only when some are: the finished game's table said so too — or
        just how to look."""
        if self.state.phase == "deployment":
            return "card.hint_deploy"
        if self._ready() and actions.declaring(self):  # KART 7: ringed figures declare
            return "card.k7_hint_declare"
        return "card.hint" if self._ready() else "card.hint_look"

    # -- input and drawing, done by table_input, table_pointer and table_drawing --------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        table_input.handle(self, event, consumed)

    def backdrop(self, window: pygame.Rect) -> list[pygame.Rect]:
        return drawing.backdrop(self)

    def redraw_region(self) -> pygame.Rect | None:
        return self.painter.region(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(self, surface)
        self.plan_banner.draw(surface, self.app.text)  # under its Next button

    def draw_over(self, surface: pygame.Surface) -> None:
        self.painter.draw_over(self, surface)  # the tutorial's hint too

    def idle_wait(self) -> float:
        if self.widgets_due:
            return 0.0  # the widgets come the next frame, without waiting for input
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
