"""The replay viewer: the board at the timeline's position, with the dice tray, the log
and the figure card in step with it, the timeline bar, bookmarks beside it, exports and
continue-from-here.

The screen never plays the game itself: it moves a :class:`Timeline` (seek, one step
back or forward, jumps to turns, waves and activations, or play at a chosen speed) and
shows the game the timeline holds. Keys: Space play/pause, ←/→ one step, ↑/↓ one
activation, Page Up/Down one turn, Home/End, 1–9 turn n, +/− speed, B bookmark,
Esc back to the menu.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from skirmish.app import routes
from skirmish.app.anim import Animator
from skirmish.app.board.camera import Camera
from skirmish.app.board.replay import BoardPainter, styles_of
from skirmish.app.board.terrain import footer_height
from skirmish.app.describe import Describer, content_names, in_language
from skirmish.app.describe_cm import roll_marks
from skirmish.app.describe_k7 import k7_key
from skirmish.app.layout import fit_lines, px
from skirmish.app.panels.card import FigureCard
from skirmish.app.panels.dicetray import DiceTray
from skirmish.app.panels.log import GameLog
from skirmish.app.paths import saves_dir
from skirmish.app.rule_tips import RuleTips
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.replay_continue import ContinuePanel, recorded_seats
from skirmish.app.screens.replay_timebar import TimeBar
from skirmish.app.theme import BAD, PANEL, PANEL_EDGE, TEXT, WARN
from skirmish.replay import bookmarks as bm
from skirmish.replay.timeline import MarkKind, Timeline
from skirmish.rules import events as ev

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)  # steps per second
#: The log is a pygame_gui text box, which takes tens of milliseconds to lay out: it is
#: refilled once the position has rested this long, or this often while it moves, so
#: holding a key or playing fast stays smooth (board, tray and card follow at once).
LOG_REST_S = 0.12
LOG_EVERY_S = 0.5
ANIMATE_UP_TO = 4.0  # steps per second: faster play shows each step at once


def file_stem(path: Path) -> str:
    """``game-0003.replay.json`` → ``game-0003``: the name exports and branches share."""
    name = path.name
    for suffix in (".json", ".replay"):
        name = name.removesuffix(suffix)
    return name


class ReplayScreen(Screen):
    name = "replay"

    def __init__(self, app: Host, timeline: Timeline) -> None:
        super().__init__(app)
        self.tl = timeline
        self.path = Path(timeline.source)
        self.bookmarks = list(timeline.replay.bookmarks)
        self.playing = False
        self.speed_i = 2
        self.clock = 0.0
        #: The wall clock at the last frame played (None: play just started).
        self.wall: float | None = None
        self.selected: str | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.toast: tuple[str, float] | None = None
        self.painter = BoardPainter()
        self.animator = Animator(enabled=app.config.animate)
        self.pulse = 0.0
        self.styles = styles_of(timeline.game)
        app.t.names_fr, app.t.names_en = content_names(timeline.game.scenario,
                                                       timeline.game.book)
        self.continuer: ContinuePanel | None = None
        self.shown_at = -1  # the position the panels were last filled for
        self.log_at = -1  # the position the log was last filled for
        self.log_rest = 0.0  # seconds since the position last changed
        self.log_age = 0.0  # seconds since the log was last filled
        self._lines: tuple[str, list[str | None]] = ("", [])
        #: The rule IDs in the dice tray and the log, each showing its text.
        self.tips = RuleTips()

    @property
    def game(self) -> Any:
        return self.tl.game

    @property
    def position(self) -> int:
        return self.tl.position

    def describer(self) -> Describer:
        return Describer(self.game.state, self.game.book, self.t, self.game.scenario)

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        app, s, t = self.app, self.app.scale, self.t
        m = app.manager
        w, h = app.window.get_size()
        top, row = px(s, 34), px(s, 30)
        bar_h = px(s, 46)
        bottom = bar_h + row + 10
        side = max(250, min(w * 22 // 100, px(s, 300)))
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.left_rect = pygame.Rect(0, top, side, h - top - bottom)
        self.right_rect = pygame.Rect(w - side, top, side, h - top - bottom)
        foot = footer_height(t, app.text, w - 2 * side)
        self.board_rect = pygame.Rect(side, top, w - 2 * side, h - top - bottom - foot)
        self.footer_rect = pygame.Rect(side, self.board_rect.bottom, w - 2 * side, foot)
        self.timebar = TimeBar(pygame.Rect(4, h - bottom + 2, w - 8, bar_h), self.tl.length)
        old = getattr(self, "camera", None)
        self.camera = Camera(self.board_rect, self.game.state.width, self.game.state.height)
        if old is not None and old.rect.size == self.board_rect.size:
            self.camera.scale, self.camera.offset = old.scale, old.offset
        self.painter.build(t, app.text, self.footer_rect.w)
        # top bar: exports, continue, language, menu (right to left)
        self.top_buttons: dict[UIButton, str] = {}
        x = w
        for key in ("menu", "lang", "png", "jsonl", "report", "continue"):
            label = t(f"top.{key}" if key in ("menu", "lang") else f"replay.{key}")
            primary = key == "continue"
            bw = app.text.font(16 if primary else 14, bold=primary).size(label)[0] + px(s, 22)
            x -= bw + 4
            obj = "@primary" if primary else None
            self.top_buttons[UIButton(pygame.Rect(x, 4, bw, top - 8), label, m,
                                      object_id=obj)] = key
        self.title_w = x - 8
        # bottom row: navigation and speed
        self.nav: dict[UIButton, str] = {}
        y = h - row - 6
        bx = 8
        for key in ("turn_back", "wave_back", "act_back", "step_back", "play", "step_fwd",
                    "act_fwd", "wave_fwd", "turn_fwd", "slower", "faster"):
            label = t(f"replay.{key}")
            bw = app.text.font(13).size(label)[0] + px(s, 18)
            b = UIButton(pygame.Rect(bx, y, bw, row), label, m,
                         tool_tip_text=t(f"replay.{key}_tip"))
            self.nav[b] = key
            bx += bw + 4
            if key == "turn_fwd":
                bx += 12
        self.play_button = next(b for b, k in self.nav.items() if k == "play")
        self.speed_x = bx + 8
        # left: figure card, then the bookmarks
        L = self.left_rect
        card_h = L.h * 48 // 100  # a Chef's card whole, not scrolled, at 960 × 600
        self.card = FigureCard(m, pygame.Rect(L.x, L.y, L.w, card_h))
        by = L.y + card_h + 4
        UILabel(pygame.Rect(L.x + 4, by, L.w - 8, row), t("replay.bookmarks"), m)
        entries_h = 3 * (row + 4)
        self.marks_list = UISelectionList(
            pygame.Rect(L.x + 4, by + row, L.w - 8, L.bottom - by - row - entries_h - 4),
            self._bookmark_items(), m)
        ey = L.bottom - entries_h
        self.label_entry = UITextEntryLine(pygame.Rect(L.x + 4, ey, L.w - 8, row), m,
                                           placeholder_text=t("replay.label_hint"))
        self.note_entry = UITextEntryLine(pygame.Rect(L.x + 4, ey + row + 4, L.w - 8, row), m,
                                          placeholder_text=t("replay.note_hint"))
        half = (L.w - 12) // 2
        self.mark_button = UIButton(pygame.Rect(L.x + 4, ey + 2 * (row + 4), half, row),
                                    t("replay.mark"), m, tool_tip_text=t("replay.mark_tip"))
        self.unmark_button = UIButton(pygame.Rect(L.x + 8 + half, ey + 2 * (row + 4), half,
                                                  row), t("replay.unmark"), m)
        # right: dice tray and log
        R = self.right_rect
        tray_h = R.h * 46 // 100
        self.tray = DiceTray(pygame.Rect(R.x, R.y, R.w, tray_h),
                             t(k7_key(self.game.state.ruleset, "tray.title")))
        self.log = GameLog(self.app.text, pygame.Rect(R.x, R.y + tray_h, R.w, R.h - tray_h),
                           t("log.title"))
        if self.continuer is not None:
            self.continuer.show(m, self.board_rect, t, self.position, s)
        self.shown_at = self.log_at = -1
        self._sync()

    def _bookmark_items(self) -> list[str]:
        return [self._bookmark_text(b) for b in self.bookmarks] or [self.t("replay.no_marks")]

    def _bookmark_text(self, b: Any) -> str:
        return f"{self.t('report.step', n=b.step)} · {b.label or '—'}"

    # -- moving -------------------------------------------------------------------------------
    def seek(self, step: int) -> None:
        """Show ``step``; one step forward is animated (moves slide, dice tumble, wounds
        flash), any other move shows the new position at once."""
        one_forward = step == self.position + 1 and step <= self.tl.length
        self.tl.seek(step)
        self.animator.skip()
        if one_forward and (not self.playing or self.speed <= ANIMATE_UP_TO):
            self._animate(self.tl.events_of(self.position))
        self._sync()

    def _animate(self, events: list[ev.Event]) -> None:
        for e in events:
            if isinstance(e, ev.Moved):
                self.animator.add_slide(e.figure, e.path)
            elif isinstance(e, (ev.Wounded, ev.OutOfAction, ev.Killed)):
                self.animator.flash(e.figure)
                if not isinstance(e, ev.Wounded):
                    self.animator.fall(e.figure)
        if any(isinstance(e, ev.Roll) and e.dice for e in events):
            self.animator.tumble()

    def jump(self, kind: MarkKind, forward: bool) -> None:
        mark = self.tl.next_mark(kind, forward)
        if mark is not None:
            self.seek(mark.step)
        elif not forward:
            self.seek(0)
        else:
            self.seek(self.tl.length)

    def set_playing(self, on: bool) -> None:
        self.playing = on and self.position < self.tl.length
        self.clock = 0.0
        self.wall = None
        if hasattr(self, "play_button"):
            self.play_button.set_text(self.t("replay.pause" if self.playing else "replay.play"))

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def change_speed(self, by: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + by))

    # -- panels in step with the position ---------------------------------------------------
    def _log_lines(self) -> list[str | None]:
        """Every event of the game in words, once per language."""
        if self._lines[0] != self.t.lang:
            d = self.describer()
            self._lines = (self.t.lang, [d.line(e) for e in self.tl.log])
        return self._lines[1]

    def last_rolls(self) -> list[ev.Roll]:
        """The rolls of the latest step up to the position that rolled any (as the battle
        screen's tray shows the last action's dice)."""
        log = self.tl.events_until()
        for i in range(len(log) - 1, -1, -1):
            if isinstance(log[i], ev.Roll):
                step = self.tl.step_of[i]
                return [e for e in self.tl.events_of(step) if isinstance(e, ev.Roll)]
        return []

    def _sync(self) -> None:
        """Fill the log, the tray, the card and the bookmark fields for the position."""
        if not hasattr(self, "log"):
            return
        p = self.position
        d = self.describer()
        if p != self.shown_at:
            self.shown_at = p
            self.log_rest = 0.0
            if self.log_at < 0:
                self.refresh_log()
            rolls = self.last_rolls()
            marked, notes = roll_marks(self.game.state.ruleset, self.t, self.tl.events_until(),
                                       rolls)
            self.tray.set_rolls(rolls, d, self.app.text, marked, notes)
            here = bm.at(self.bookmarks, p)
            self.label_entry.set_text(here.label if here else "")
            self.note_entry.set_text(here.note if here else "")
        s = self.game.state
        fid = self.selected or s.active
        f = s.figures.get(fid) if fid else None
        pa_max = getattr(s.options.action_points, f.rank) if f is not None else 0
        engaged = f is not None and f.id in self.painter.engaged(self.game, p)
        self.card.show(f, d, engaged, pa_max, self.t("replay.card_hint"))

    def refresh_log(self) -> None:
        p = self.position
        lines = [x for x in self._log_lines()[:self.tl.log_len[p]] if x]
        self.log.set_lines(lines)
        self.log_at, self.log_age = p, 0.0

    # -- bookmarks ----------------------------------------------------------------------------
    def bookmark(self) -> None:
        label = self.label_entry.get_text().strip() or self.t("report.step", n=self.position)
        self._store(bm.put(self.bookmarks, self.position, label,
                           self.note_entry.get_text().strip()), "replay.marked")

    def unbookmark(self) -> None:
        if bm.at(self.bookmarks, self.position) is not None:
            self._store(bm.remove(self.bookmarks, self.position), "replay.unmarked")

    def _store(self, marks: list[Any], done_key: str) -> None:
        """Write the bookmarks into the replay file at once (only that entry changes)."""
        try:
            bm.save(self.path, marks)
        except (OSError, ValueError) as e:
            self.say(self.t("replay.write_failed", problem=str(e)), error=True)
            return
        except Exception as e:  # noqa: BLE001 - ContentError and kin: say it, never crash
            self.say(str(e), error=True)
            return
        self.bookmarks = marks
        self.tl.replay.bookmarks = marks
        self.marks_list.set_item_list(self._bookmark_items())
        self.say(self.t(done_key, step=self.position))

    # -- exports and continue -----------------------------------------------------------------
    def export(self, kind: str) -> Path | None:
        from skirmish.app import replay_export as x

        stem = file_stem(self.path)
        names = {"report": f"{stem}.report.md", "jsonl": f"{stem}.log.jsonl",
                 "png": f"{stem}.step-{self.position}.png"}
        out = self.path.with_name(names[kind])
        try:
            if kind == "report":
                x.write_report(self.tl, out, self.t)
            elif kind == "jsonl":
                x.write_jsonl(self.tl, out)
            else:
                x.write_png(self.tl, self.position, out, self.t)
        except OSError as e:
            self.say(self.t("replay.write_failed", problem=str(e)), error=True)
            return None
        self.say(self.t("replay.exported", path=str(out)))
        return out

    def open_continue(self) -> None:
        self.set_playing(False)
        s = self.game.state
        seats, levels = recorded_seats({b.id: b.controller for b in s.bands},
                                       self.tl.replay.meta)
        self.continuer = ContinuePanel([(b.id, b.name) for b in s.bands], seats, levels)
        self.continuer.show(self.app.manager, self.board_rect, self.t, self.position,
                            self.app.scale)

    def start_branch(self) -> Path:
        """The game at the position as a new game in its own file; the table takes over."""
        from skirmish.app.session import Session
        from skirmish.replay.branch import branch, free_path

        assert self.continuer is not None
        p = self.position
        folder = saves_dir()
        path = free_path(folder, file_stem(self.path), p)
        game = branch(self.tl, p, self.continuer.controllers, path)
        session = Session(game, ai_seed=self.tl.replay.seed + p, levels=self.continuer.levels)
        session.save(path)  # the branch file also remembers the computers' levels
        self.continuer.close()
        self.continuer = None
        self.app.open(routes.Table(session))
        return path

    # -- per frame ----------------------------------------------------------------------------
    def say(self, words: str, error: bool = False) -> None:
        self.toast = (("✗ " if error else "") + words, 4.0)

    def update(self, dt: float) -> None:
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        self.log_rest += dt
        self.log_age += dt
        if self.log_at != self.position and (self.log_rest >= LOG_REST_S
                                             or self.log_age >= LOG_EVERY_S):
            self.refresh_log()
        self.animator.update(dt)
        self.pulse += dt
        if self.playing:
            # the speed holds whatever the step shows: a step due cuts the last one's
            # animation short (``seek``), where play used to wait for it
            self.clock += self.play_time(dt) * self.speed
            while self.clock >= 1.0 and self.position < self.tl.length:
                self.clock -= 1.0
                self.seek(self.position + 1)
            if self.position >= self.tl.length:
                self.set_playing(False)

    def play_time(self, dt: float) -> float:
        """Seconds played since the last frame: the wall clock's, as the window caps a
        frame's step at 0.1 s (on a busy machine, slow frames made "1 step/s" play a
        fifth as fast); the window's own step where it runs at a fixed one (headless)."""
        if self.app.config.fixed_dt is not None:
            return dt
        now, last = time.perf_counter(), self.wall
        self.wall = now
        return dt if last is None else min(1.0, now - last)

    # -- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.tips.handle(event) or hasattr(self, "log") and self.log.handle(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._press(event.ui_element)
            return
        if event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION,
                          pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION) \
                and event.ui_element is self.marks_list:  # a second click jumps again
            for b in self.bookmarks:
                if self._bookmark_text(b) == event.text:
                    self.seek(b.step)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            if self.timebar.dragging:
                self.seek(self.timebar.step_at(event.pos[0]))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.timebar.dragging = False
            return
        if consumed or (self.continuer is not None and self.continuer.open):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._click(event)
        elif event.type == pygame.MOUSEWHEEL and self.board_rect.collidepoint(self.hover_pos):
            self.camera.zoom(1.15 if event.y > 0 else 1 / 1.15, self.hover_pos)
        elif event.type == pygame.KEYDOWN and not self._typing():
            self._key(event)

    def _typing(self) -> bool:
        return self.label_entry.is_focused or self.note_entry.is_focused

    def _click(self, event: pygame.event.Event) -> None:
        if event.button != 1:
            return
        if self.timebar.hit(event.pos):
            self.timebar.dragging = True
            self.seek(self.timebar.step_at(event.pos[0]))
        elif self.board_rect.collidepoint(event.pos):
            self.selected = self.figure_at(event.pos)
            self._sync()

    def figure_at(self, pos: tuple[int, int]) -> str | None:
        p = self.camera.to_table(pos)
        best, best_d = None, 1e9
        for f in self.game.state.figures.values():
            if f.status not in ("in_play", "out_of_action", "dead"):
                continue
            d = ((f.pos[0] - p[0]) ** 2 + (f.pos[1] - p[1]) ** 2) ** 0.5 - f.base / 2
            if d < best_d and d <= 0.6:
                best, best_d = f.id, d
        return best

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            self._back()
        elif k == pygame.K_SPACE:
            self.set_playing(not self.playing)
        elif k == pygame.K_RIGHT:
            self.seek(self.position + 1)
        elif k == pygame.K_LEFT:
            self.seek(self.position - 1)
        elif k == pygame.K_DOWN:
            self.jump("activation", True)
        elif k == pygame.K_UP:
            self.jump("activation", False)
        elif k == pygame.K_PAGEDOWN:
            self.jump("turn", True)
        elif k == pygame.K_PAGEUP:
            self.jump("turn", False)
        elif k == pygame.K_HOME:
            self.seek(0)
        elif k == pygame.K_END:
            self.seek(self.tl.length)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k == pygame.K_b:
            self.bookmark()
        elif pygame.K_1 <= k <= pygame.K_9:
            turn = k - pygame.K_0
            mark = next((m for m in self.tl.marks_of("turn") if m.turn == turn), None)
            if mark is not None:
                self.seek(mark.step)

    def _press(self, el: object) -> None:
        c = self.continuer
        if c is not None and c.open:
            if el is c.start:
                path = self.start_branch()
                self.app.screen.say(self.t("replay.branched", path=str(path)))  # type: ignore[attr-defined]
            elif el is c.cancel:
                c.close()
                self.continuer = None
            elif el in c.toggles:
                c.toggle(el, self.t)  # type: ignore[arg-type]
            return
        if el in self.top_buttons:
            key = self.top_buttons[el]  # type: ignore[index]
            if key == "menu":
                self._back()
            elif key == "lang":
                self.app.switch_language()
            elif key == "continue":
                self.open_continue()
            else:
                self.export(key)
        elif el in self.nav:
            self._nav(self.nav[el])  # type: ignore[index]
        elif el is self.mark_button:
            self.bookmark()
        elif el is self.unmark_button:
            self.unbookmark()

    def _nav(self, key: str) -> None:
        kinds: dict[str, MarkKind] = {"turn": "turn", "wave": "wave", "act": "activation"}
        what, _, way = key.partition("_")
        if key == "play":
            self.set_playing(not self.playing)
        elif key == "slower":
            self.change_speed(-1)
        elif key == "faster":
            self.change_speed(1)
        elif what == "step":
            self.seek(self.position + (1 if way == "fwd" else -1))
        else:
            self.jump(kinds[what], way == "fwd")

    def _back(self) -> None:
        if self.continuer is not None and self.continuer.open:
            self.continuer.close()
            self.continuer = None
            return
        self.app.open(routes.Menu())

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._sync()
        text, t = self.app.text, self.t
        hovered = self.figure_at(self.hover_pos) if self.board_rect.collidepoint(
            self.hover_pos) else None
        self.painter.draw(surface, self.camera, self.game, self.styles, t, text,
                          key=self.position, now=self.app.elapsed, selected=self.selected,
                          hovered=hovered, pulse=self.pulse, positions=self.animator.positions(),
                          highlight={f: BAD for f in self.animator.flashes},
                          falling=self.animator.falling())
        self.painter.draw_footer(surface, self.camera, text, self.footer_rect)
        surface.fill(PANEL, self.top_rect)
        pygame.draw.line(surface, PANEL_EDGE, self.top_rect.bottomleft,
                         self.top_rect.bottomright)
        words = self.title_line()
        for part in text.wrap(words, 14, self.title_w)[:1]:
            text.blit(surface, part, (10, self.top_rect.centery), 14, TEXT, anchor="midleft",
                      bold=True)
        self.tray.draw(surface, text, self.describer(), self.animator.dice_left > 0,
                       self.animator.face)
        self.log.draw(surface)
        self.tips.begin(self.card.box)
        for rect, rule in (*self.tray.spots, *self.log.rule_spots()):
            self.tips.add(rect, rule)
        self.timebar.draw(surface, text, self.position, self.tl.marks, self.bookmarks,
                          t("replay.turn_short"))
        h = self.play_button.rect
        text.blit(surface, t("replay.speed", x=t.num(self.speed)),
                  (self.speed_x, h.centery), 13, TEXT, anchor="midleft")

    def title_line(self) -> str:
        t, s = self.t, self.game.state
        d = self.describer()
        turn = self.tl.turn_at(self.position)
        parts = [in_language(self.game.scenario, "name", t.lang),
                 t("replay.position", step=self.position, of=self.tl.length),
                 t("report.turn", n=turn) if turn else t("report.deployment")]
        if s.active:
            parts.append(t("replay.active", name=d.fig(s.active)))
        if self.position == self.tl.length and s.result:
            parts.append(d.verdict(s.result.get("winner"), s.result.get("vp") or {}))
        return " · ".join(parts)

    def draw_over(self, surface: pygame.Surface) -> None:
        text, br = self.app.text, self.board_rect
        here = bm.at(self.bookmarks, self.position)
        if here is not None:
            words = f"⚑ {here.label}" + (f" — {here.note}" if here.note else "")
            size, lines = fit_lines(text, words, 13, br.w - 40, most=3, least=11)
            step = round(18 * text.scale * size / 13)
            for i, line in enumerate(lines):
                text.blit(surface, line, (br.centerx, br.y + 10 + i * step), size, WARN,
                          anchor="midtop", backdrop=(0, 0, 0, 210))
        if self.toast is not None:
            words = self.toast[0]
            colour = BAD if words.startswith("✗") else TEXT
            # every word, as the table's toasts (an export's failure named its file past
            # the third line, which was dropped)
            size, lines = fit_lines(text, words, 13, br.w - 40, most=3, least=11)
            step = round(18 * text.scale * size / 13)
            for i, line in enumerate(reversed(lines)):
                text.blit(surface, line, (br.centerx, br.bottom - 40 - i * step), size,
                          colour, anchor="midbottom", backdrop=(0, 0, 0, 210))
        self.tips.draw(surface, text, self.t.lang, self.hover_pos)
