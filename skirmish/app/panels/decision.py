"""A decision owed by a player (``GameState.pending``): the prompt, one button per option,
and numbered markers on the board for options that name a point. The default answer
(``Pending.default``, what the computer answers) is starred, and a legend line under the
buttons says what the star means. A rule ID in the question is a link to its text. Where
the ruleset states the odds of an answer (RULESETS S14 for a ``Choose``), its button says
them after its words.

Options that each pair two choices (a prime with a pénalité, RULESETS §2.g) are laid out
as a table — one row per first choice, one column per second — whose cells give the
odds in numbers, a line above saying what the numbers are; any other option (none of
the pairs) stands above the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.rule_tips import linked
from skirmish.rules.skirmish.state import Pending

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

    from skirmish.app.manager import Manager

#: Fewer options than this stay a list even when they pair two choices.
GRID_FROM = 8


class AnswerOdds(NamedTuple):
    """An answer's odds: in words (a list's button), in numbers (a table's cell) and
    what those numbers are (the table's legend)."""

    words: str
    numbers: str
    legend: str


def pairing(options: Sequence[Any]) -> tuple[str, str] | None:
    """The two parameters every option but one names, when the options pair two choices
    (at least :data:`GRID_FROM` of them); None otherwise."""
    if len(options) < GRID_FROM:
        return None
    keyed = [tuple(o.params) for o in options if len(o.params) == 2]
    if len(keyed) < len(options) - 1 or len(set(keyed)) != 1:
        return None
    first, second = keyed[0]
    return first, second


class DecisionPanel:
    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        #: The question's words, whose rule IDs show their text (watched by the table).
        self.box: UITextBox | None = None
        self.buttons: dict[UIButton, str] = {}
        self.key: object = None
        #: The line saying what the ★ on the default answer means (None: no panel).
        self.legend: UILabel | None = None

    def show(self, manager: Manager, board: pygame.Rect, pending: Pending, t: Translator,
             title: str, scale: float, step: int = 0,
             odds: Callable[[str], AnswerOdds | None] = lambda _: None,
             context: str = "") -> None:
        """Show ``pending`` (a no-op if it is already shown). ``step`` is the number of
        commands played, so a new decision with the same prompt gets fresh buttons;
        ``odds`` gives an option's odds (None: it has none), asked once per decision
        shown; ``context``, what the ruleset says under the question."""
        from pygame_gui.elements import UILabel, UIPanel, UITextBox
        key = (step, pending.prompt, pending.band, t.lang)
        if self.panel is not None and key == self.key:
            return
        self.close()
        self.key = key
        notes = {o.key: odds(o.key) for o in pending.options}
        pair = pairing(pending.options)
        wide = pair is not None or any(notes.values())
        w = min(board.w - 40, round((680 if pair else 600 if wide else 440) * scale))
        prompt = t.engine(pending.prompt_key, pending.params, pending.prompt)
        html = f"<b>{escape(title)}</b><br>{escape(prompt)}" + (
            f"<br><i>{escape(context)}</i>" if context else "")
        rect = pygame.Rect(board.centerx - w // 2, board.y + 12, w, board.h - 24)
        self.panel = UIPanel(rect, starting_height=5, manager=manager)
        # the question's box as tall as its words (-1): a fixed two lines cut it short
        box = self.box = UITextBox(linked(html), pygame.Rect(4, 4, w - 14, -1), manager,
                                   container=self.panel)
        lay = _Lay(self, manager, t, pending, notes, round(28 * scale), w)
        if pair is None:
            y = lay.column(box.rect.h + 8, pending.options)
        else:
            y = lay.table(box.rect.h + 8, pair, round(22 * scale))
        if any(o.key == pending.default for o in pending.options):  # what the ★ means
            lh = round(22 * scale)
            self.legend = UILabel(pygame.Rect(6, y, w - 20, lh), t("decision.default"), manager,
                                  container=self.panel)
            y += lh
        h = y + 8
        self.panel.set_dimensions((w, h))
        self.panel.set_relative_position((rect.x, board.bottom - h - 12))

    def pressed(self, element: object) -> str | None:
        return self.buttons.get(element)  # type: ignore[call-overload]

    def hovered_option(self, pos: tuple[int, int]) -> str | None:
        for b, key in self.buttons.items():
            if b.rect.collidepoint(pos):
                return key
        return None

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.legend = self.box = None
        self.buttons.clear()
        self.key = None


class _Lay:
    """Puts one decision's buttons in its panel, as a list or as a table."""

    def __init__(self, panel: DecisionPanel, manager: Manager, t: Translator, pending: Pending,
                 notes: dict[str, AnswerOdds | None], bh: int, w: int) -> None:
        self.p, self.m, self.t, self.pending, self.notes = panel, manager, t, pending, notes
        self.bh, self.w = bh, w
        self.font = manager.get_theme().get_font(["button", "@action"])

    def _button(self, opt: Any, i: int, words: str, rect: pygame.Rect, tip: str = "") -> None:
        """The number and the star stay whole; the words between give way ("…")."""
        from pygame_gui.elements import UIButton
        mark = f"{i}. " if opt.at is not None else ""
        default = " ★" if opt.key == self.pending.default else ""
        shown = fit_text(self.font, words, rect.w - 12 - self.font.size(f"{mark}{default}")[0])
        tip = "<br>".join(x for x in (tip or (words if shown != words else ""),
                                      self.t("decision.default") if default else "") if x)
        b = UIButton(rect, f"{mark}{shown}{default}", self.m, container=self.p.panel,
                     object_id="@action", tool_tip_text=tip or None)
        self.p.buttons[b] = opt.key

    def _words(self, opt: Any) -> str:
        label = self.t.engine(opt.label_key, opt.params, opt.label)
        note = self.notes[opt.key]
        return f"{label} — {note.words}" if note else label

    def column(self, y: int, options: Sequence[Any], start: int = 1) -> int:
        for i, opt in enumerate(options, start=start):
            self._button(opt, i, self._words(opt), pygame.Rect(6, y, self.w - 20, self.bh))
            y += self.bh + 4
        return y

    def table(self, y: int, pair: tuple[str, str], lh: int) -> int:
        """The options outside the pairs first, then a row per first choice and a column
        per second; each cell its odds in numbers (its words in its tooltip)."""
        from pygame_gui.elements import UILabel
        options = self.pending.options
        cells = [o for o in options if tuple(o.params) == pair]
        y = self.column(y, [o for o in options if o not in cells])
        rows = list(dict.fromkeys(str(o.params[pair[0]]) for o in cells))
        cols = list(dict.fromkeys(str(o.params[pair[1]]) for o in cells))
        legend = next((n.legend for n in self.notes.values() if n), "")
        if legend:
            UILabel(pygame.Rect(6, y, self.w - 20, lh), legend, self.m, container=self.p.panel)
            y += lh
        head = min(self.w // 4, max(self.font.size(r)[0] for r in rows) + 12)
        cw = (self.w - 20 - head) // len(cols)
        for j, col in enumerate(cols):
            UILabel(pygame.Rect(6 + head + j * cw, y, cw, lh),
                    fit_text(self.font, col, cw - 4), self.m, container=self.p.panel)
        y += lh
        for row in rows:
            UILabel(pygame.Rect(6, y, head, self.bh), fit_text(self.font, row, head - 4), self.m,
                    container=self.p.panel)
            for opt in cells:
                if str(opt.params[pair[0]]) != row:
                    continue
                j = cols.index(str(opt.params[pair[1]]))
                note = self.notes[opt.key]
                words = note.numbers if note else self.t.engine(opt.label_key, opt.params,
                                                                opt.label)
                self._button(opt, 0, words, pygame.Rect(6 + head + j * cw, y, cw - 4, self.bh),
                             tip=self._words(opt))
            y += self.bh + 4
        return y
