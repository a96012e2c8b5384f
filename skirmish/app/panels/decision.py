"""A decision owed by a player (``GameState.pending``): the prompt, one button per option,
and numbered markers on the board for options that name a point. The default answer
(``Pending.default``, what the computer answers) is starred, and a legend line under the
buttons says what the star means. Where the ruleset states the odds of an answer
(RULESETS S14 for a ``Choose``), its button says them after its words."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.manager import Manager
from skirmish.rules.skirmish.state import Pending


class DecisionPanel:
    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.buttons: dict[UIButton, str] = {}
        self.key: object = None
        #: The line saying what the ★ on the default answer means (None: no panel).
        self.legend: UILabel | None = None

    def show(self, manager: Manager, board: pygame.Rect, pending: Pending, t: Translator,
             title: str, scale: float, step: int = 0,
             odds: Callable[[str], str | None] = lambda _: None) -> None:
        """Show ``pending`` (a no-op if it is already shown). ``step`` is the number of
        commands played, so a new decision with the same prompt gets fresh buttons;
        ``odds`` says an option's odds in words (None: it has none), asked once per
        decision shown."""
        key = (step, pending.prompt, pending.band, t.lang)
        if self.panel is not None and key == self.key:
            return
        self.close()
        self.key = key
        bh = round(28 * scale)
        n = len(pending.options)
        legend = any(o.key == pending.default for o in pending.options)
        lh = round(22 * scale) if legend else 0  # "★ = the default answer"
        notes = {o.key: odds(o.key) for o in pending.options}
        wide = any(notes.values())
        w = min(board.w - 40, round((600 if wide else 440) * scale))
        prompt = t.engine(pending.prompt_key, pending.params, pending.prompt)
        html = f"<b>{escape(title)}</b><br>{escape(prompt)}"
        rect = pygame.Rect(board.centerx - w // 2, board.y + 12, w, board.h - 24)
        self.panel = UIPanel(rect, starting_height=5, manager=manager)
        # the question's box as tall as its words (-1): a fixed two lines cut it short
        box = UITextBox(html, pygame.Rect(4, 4, w - 14, -1), manager, container=self.panel)
        y = box.rect.h + 8
        h = y + n * (bh + 4) + lh + 8
        self.panel.set_dimensions((w, h))
        self.panel.set_relative_position((rect.x, board.bottom - h - 12))
        font = manager.get_theme().get_font(["button", "@action"])
        for i, opt in enumerate(pending.options, start=1):
            mark = f"{i}. " if opt.at is not None else ""
            default = " ★" if opt.key == pending.default else ""
            label = t.engine(opt.label_key, opt.params, opt.label)
            if notes[opt.key]:
                label = f"{label} — {notes[opt.key]}"
            # the number and the star stay whole; the words between give way ("…")
            room = w - 32 - font.size(f"{mark}{default}")[0]
            shown = fit_text(font, label, room)
            tip = "<br>".join(x for x in (label if shown != label else "",
                                          t("decision.default") if default else "") if x)
            b = UIButton(pygame.Rect(6, y, w - 20, bh), f"{mark}{shown}{default}", manager,
                         container=self.panel, object_id="@action",
                         tool_tip_text=tip or None)
            self.buttons[b] = opt.key
            y += bh + 4
        if legend:  # what the ★ on an option means, in the window's language
            self.legend = UILabel(pygame.Rect(6, y, w - 20, lh), t("decision.default"), manager,
                                  container=self.panel)

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
        self.panel = self.legend = None
        self.buttons.clear()
        self.key = None
