"""The morale panel: one per passive action or rout test — who tests, the Cd used and
the allies counted, the dice, the result and the move it causes. Its rule IDs are links
(:func:`~skirmish.app.rule_tips.linked`) to their text."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

import pygame

from skirmish.app.describe import Describer
from skirmish.app.layout import html_height
from skirmish.app.rule_tips import linked
from skirmish.app.ruleset_kinds import is_card_draw
from skirmish.rules import events as ev

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton, UIPanel, UITextBox

    from skirmish.app.manager import Manager


@dataclass
class MoraleEntry:
    reaction: ev.Reaction
    rolls: list[ev.Roll]
    move: ev.Moved | None


def _said(d: Describer, roll: ev.Roll) -> tuple[str, str, str]:
    """A test's roll as (faces, total, need): "3 + 4", " = 7", "(need 2d6 ≤ 8)"; a draw of
    cards (KART 7's rout by cards, [GAP-K7-24]) as its cards and "(need ≤ 8)"."""
    need = d.need(roll)
    if is_card_draw(roll):
        return d.faces(roll), "", f"({d.t('tray.need')} {need})" if need else ""
    faces = " + ".join(str(x) for x in roll.dice) or "—"
    total = f" = {sum(roll.dice)}" if len(roll.dice) > 1 else ""
    return faces, total, f"({d.t('tray.need')} {len(roll.dice)}d6 {need})" if need else ""


def _family(rule: str) -> str:
    """The first two parts of a rule's id: the rules of one kind of test (a rout test's
    and its failure's share theirs)."""
    return "-".join(rule.split("-")[:2])


def morale_entries(events: list[ev.Event]) -> list[MoraleEntry]:
    """Group each Reaction with the rolls of its test for that figure since the previous
    one (of its rule's family — a rout test's, a passive action's — not the figure's
    other rolls of the step, a wound's tests; with none of that family, its last draw of
    cards, KART 7's rout test under its own rule) and the move of that figure that
    follows it."""
    out: list[MoraleEntry] = []
    start = 0
    for i, e in enumerate(events):
        if not isinstance(e, ev.Reaction):
            continue
        family = _family(e.rule)
        own = [r for r in events[start:i] if isinstance(r, ev.Roll) and r.figure == e.figure]
        rolls = [r for r in own if _family(r.rule) == family]
        if not rolls and own and is_card_draw(own[-1]):  # KART 7's, by GAP-K7-24
            rolls = own[-1:]
        move = next((m for m in events[i + 1:] if isinstance(m, ev.Moved)
                     and m.figure == e.figure), None)
        out.append(MoraleEntry(e, rolls, move))
        start = i + 1
    return out


class MoralePanel:
    def __init__(self) -> None:
        self.queue: deque[MoraleEntry] = deque()
        self.panel: UIPanel | None = None
        #: The tests' words, whose rule IDs show their text (watched by the table).
        self.box: UITextBox | None = None
        self.next_button: UIButton | None = None
        self.skip_button: UIButton | None = None
        self.shown_for = 0.0
        #: How many tests of the queue the open panel lists, and the queue's length then.
        self.listed = 1
        self.built_for = 0

    @property
    def open(self) -> bool:
        return bool(self.queue)

    def html(self, entry: MoraleEntry, d: Describer) -> str:
        t = d.t
        r = entry.reaction
        f = d.s.figures.get(r.figure)
        test = t(f"test.{r.test}") if t.has(f"test.{r.test}") else r.test
        tag = d.tag(r.inputs)  # GAP-47: the 2d6 "Subir un tir" is a [DEVIATION]
        lines = [f"<b>{t('morale.title')} — {escape(test)}</b> [{r.rule}]"
                 + (f" <b>{escape(tag)}</b>" if tag else "")]
        who = escape(d.fig(r.figure))
        cards = any(is_card_draw(roll) for roll in entry.rolls)
        if f is not None:  # a draw of cards says the Volonté it is drawn under, not a Cd
            who += f" ({d.rank(f.rank)})" if cards else f" ({d.rank(f.rank)}, Cd {f.stats.cd})"
        if r.cause:
            who += f" — {t('morale.cause', name=escape(d.fig(r.cause)))}"
        lines.append(who)
        for roll in entry.rolls:
            inputs = d.inputs(roll)
            if inputs:
                lines.append(escape(inputs))
            faces, total, need_s = _said(d, roll)
            need_s = f" {need_s}" if need_s else ""
            said = t("morale.draw") if is_card_draw(roll) else t("morale.roll")
            lines.append(t.pair(said, f"{faces}{total}{escape(need_s)} → "
                                f"<b>{escape(d.outcome(roll))}</b>"))
        verdict = t("morale.passed") if r.passed else t("morale.failed")
        effect = t.engine(r.key, r.params, r.effect)
        lines.append(t.pair(f"<b>{'✓' if r.passed else '✗'} {verdict}</b>", escape(effect)))
        if entry.move is not None:
            reason = entry.move.reason
            why = t(f"why.{reason}") if t.has(f"why.{reason}") else reason
            lines.append(t("morale.moves", cost=t.num(entry.move.cost, 1), why=why))
        return "<br>".join(lines)

    def line(self, entry: MoraleEntry, d: Describer) -> str:
        """One test in one line, its roll included, for the list of a string of tests:
        "✓ Dan — Spot test [R-MORALE-SPOT]: 1 + 1 = 2 (need 2d6 ≤ 6): stands"."""
        t, r = d.t, entry.reaction
        test = t(f"test.{r.test}") if t.has(f"test.{r.test}") else r.test
        rolls = []
        for roll in entry.rolls:
            faces, total, need_s = _said(d, roll)
            rolls.append(f"{faces}{total}" + (f" {need_s}" if need_s else ""))
        effect = t.engine(r.key, r.params, r.effect)
        said = f"{'✓' if r.passed else '✗'} <b>{escape(d.fig(r.figure))}</b> — " \
               f"{escape(test)} [{r.rule}]"
        return t.pair(said, escape(", ".join(rolls) + (" · " if rolls else "") + effect))

    def show(self, manager: Manager, board: pygame.Rect, d: Describer, scale: float) -> None:
        """Open the panel for the head of the queue (no-op if already shown); a string of
        tests is listed together, a line each with its roll, under one Continue (every
        enemy move could raise five to ten panels one after another)."""
        from pygame_gui.elements import UIButton, UIPanel
        if self.panel is not None and self.built_for == len(self.queue) or not self.queue:
            return
        self.close()  # shown anew when tests joined the queue
        self.built_for = len(self.queue)
        w = min(board.w - 20, round(520 * scale))
        bh = round(30 * scale)
        font = manager.get_theme().get_font(["text_box"])
        room = board.h - 40 - bh - 28  # the text's height at most: the panel in the board
        if len(self.queue) > 1:
            lines = [f"<b>{d.t('morale.title')}</b>"]
            for e in self.queue:
                if html_height(font, [*lines, self.line(e, d)], w - 24) > room and len(lines) > 1:
                    break
                lines.append(self.line(e, d))
            self.listed = len(lines) - 1
        if len(self.queue) == 1 or self.listed == 1:
            self.listed = 1
            lines = [self.html(self.queue[0], d)]
        rect = pygame.Rect(0, 0, w, board.h - 20)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=5, manager=manager)
        box = self._words(manager, lines, w)
        while box.rect.h > room and self.listed > 1:  # the estimate fell short: one less
            box.kill()
            lines.pop()
            self.listed -= 1
            box = self._words(manager, lines, w)
        if box.rect.h > room:  # one test alone, taller than a small board: it scrolls
            box.set_dimensions((w - 14, room))
        self.box = box
        h = box.rect.h + bh + 22
        self.panel.set_dimensions((w, h))
        self.panel.set_relative_position((board.centerx - w // 2, board.centery - h // 2))
        more = len(self.queue) - self.listed
        label = d.t("morale.continue") + (f" (+{more})" if more else "")
        bw = w * 46 // 100
        self.next_button = UIButton(pygame.Rect(w - 14 - bw, h - bh - 10, bw, bh), label,
                                    manager, container=self.panel, object_id="@primary")
        self.skip_button = UIButton(pygame.Rect(6, h - bh - 10, w * 30 // 100, bh),
                                    d.t("morale.skip"), manager, container=self.panel)
        self.shown_for = 0.0
        if not more:
            self.skip_button.hide()

    def _words(self, manager: Manager, lines: list[str], w: int) -> UITextBox:
        """The panel's words in a box as tall as they are (the estimate of their height
        fell a line short, and a string of three tests scrolled)."""
        from pygame_gui.elements import UITextBox
        return UITextBox(linked("<br>".join(lines)), pygame.Rect(4, 4, w - 14, -1), manager,
                         container=self.panel)

    def advance(self, all_of_them: bool = False) -> None:
        if all_of_them:
            self.queue.clear()
        for _ in range(min(self.listed, len(self.queue))):
            self.queue.popleft()
        self.close()

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.box = self.next_button = self.skip_button = None

