"""End of game: VP per band and what scored them (``GameEnded.breakdown``), casualties,
the winner, and the ways on: back to the table (the final position and the whole log),
save the replay, the main menu — and, for a campaign game, its post-game."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from skirmish.app import routes
from skirmish.app.describe import Describer
from skirmish.app.layout import px
from skirmish.app.rule_tips import RuleTips, linked
from skirmish.app.screen import Host, Screen
from skirmish.app.theme import BAD, TEXT_DIM
from skirmish.rules import events as ev

if TYPE_CHECKING:
    from skirmish.app.session import Session


class ResultsScreen(Screen):
    name = "results"

    def __init__(self, app: Host, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.ended = next((e for e in reversed(session.game.log)
                           if isinstance(e, ev.GameEnded)), None)
        self.saved = ""
        self.error = ""

    def html(self) -> str:
        t = self.t
        g = self.session.game
        d = Describer(g.state, g.book, t, g.scenario)
        e = self.ended
        if e is None:
            return t("results.none")
        out = [f"<font size=5><b>{escape(d.verdict(e.winner, e.vp))}</b></font>",
               escape(t("results.reason", why=t.engine(e.key, e.params, e.reason))), ""]
        # most VP first (GAP-13: the most VP wins); level bands keep the scenario's order
        for b in sorted(g.state.bands, key=lambda b: -e.vp.get(b.id, 0)):
            vp = e.vp.get(b.id, 0)
            out.append(f"<b>{escape(t('results.band_vp', band=d.band(b.id), vp=vp))}</b>")
            for line in e.breakdown.get(b.id, ()):
                out.append(f"   • {escape(t.engine(line.key, line.params, line.text))}")
            lost = [f for f in g.state.figures.values()
                    if f.band == b.id and f.status in ("out_of_action", "dead", "fled")]
            if lost:
                names = ", ".join(f"{escape(f.name)} ({t('state.' + f.status)})" for f in lost)
                out.append(f"   {t('results.casualties_list', names=names)}")
            else:
                out.append(f"   {t('results.no_casualties')}")
            out.append("")
        return "<br>".join(out)

    def build(self) -> None:
        app, s = self.app, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 40)
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, row), self.t("results.title"), m,
                object_id="@title")
        self.box = UITextBox(linked(self.html()), pygame.Rect(
            margin, margin + row + 8, w - 2 * margin, h - 3 * margin - 2 * row - 8), m)
        self.tips = RuleTips()
        self.tips.watch(self.box)
        bw = px(s, 270)
        y = h - margin - row
        in_campaign = self.session.campaign_path is not None
        n = 4 if in_campaign else 3
        gap = (w - 2 * margin - n * bw) // (n - 1)
        xs = [margin + i * (bw + gap) for i in range(n)]
        # a campaign game goes on to its post-game: that is the way on to highlight
        self.table = UIButton(pygame.Rect(xs[0], y, bw, row), self.t("results.table"), m,
                              object_id=None if in_campaign else "@primary")
        self.save = UIButton(pygame.Rect(xs[1], y, bw, row), self.t("results.save"), m)
        self.menu = UIButton(pygame.Rect(xs[2], y, bw, row), self.t("results.menu"), m)
        self.campaign: UIButton | None = None
        if in_campaign:  # a single game has no post-game: nothing that would not work
            self.campaign = UIButton(pygame.Rect(xs[-1], y, bw, row),
                                     self.t("results.campaign"), m, object_id="@primary")

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.tips.handle(event) or event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.menu:
            self.app.open(routes.Menu())
        elif event.ui_element is self.table:
            self.app.open(routes.Table(self.session, reviewing=True))
        elif self.campaign is not None and event.ui_element is self.campaign:
            self.app.open(routes.Campaign(self.session))
        elif event.ui_element is self.save:
            self._save()

    def _save(self) -> None:
        """The finished game as a replay; a failure is said on the button, nothing lost."""
        from skirmish.app.saves import new_save_path

        try:
            path = new_save_path(f"{self.session.game.scenario.id}-final")
            self.session.save(path)
        except (OSError, ValueError) as e:
            self.save.set_text(self.t("results.save"))
            self.saved = ""
            self.error = self.t("save.failed", path="", why=f"{type(e).__name__}: {e}")
            return
        self.error = ""
        self.save.set_text(self.t("results.saved"))
        self.saved = str(path)  # drawn on one line under the buttons (a tool-tip hyphenates)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.tips.draw(surface, self.app.text, self.t.lang, self.app.manager.tracked_pos)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = h - px(self.app.scale, 70)
        if self.error:
            self.app.text.blit(surface, self.error[:200], (w // 2, y), 13, BAD,
                               anchor="midbottom")
        elif self.saved:
            self.app.text.blit(surface, self.t("pause.saved", path=self.saved), (w // 2, y), 13,
                               TEXT_DIM, anchor="midbottom")
