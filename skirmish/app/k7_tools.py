"""KART 7's declarations that need more than a target from the bar (RULESETS §4.c step 3,
§4.g), each showing its exact odds (S14) before it is declared.

- :class:`SupportTool` ([K7-SUPPORT], [GAP-K7-19]): the allies whose declared drawing
  action the figure may support are ringed; the bar picks the manoeuvre (Puissance: its
  success card goes to the supported draw; Tactique: two bonus markers) and, for a
  support at range, the weapon; hovering an ally shows the support's own chance and the
  supported action's chance without it and with it; a click declares it.
- :class:`FleeTool` ([GAP-K7-7]): the way out drawn, the chance to get away from the
  enemies it is engaged with when they face it and when they ignore it ([K7-IGNORE]);
  Flee again, or a click on the board, declares it.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.overlays import draw_path
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.panels.actions import BarItem
from skirmish.app.text import Text
from skirmish.app.theme import BAD, GOOD
from skirmish.app.tools import Point, Tool
from skirmish.rules import commands as c
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.game import Game
from skirmish.rules.kart7 import declare, preview
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.panel import SUPPORT_MANOEUVRES

#: The manoeuvres a support is offered with, first the default ([K7-SUPPORT]).
MANOEUVRES = ("P", "T")


class SupportTool(Tool):
    """Ringed: the allies whose declared action ``figure`` may support with the chosen
    manoeuvre and weapon (None: in contact)."""

    kind = "support"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        super().__init__(game, figure, t, d)
        self.offered = [cmd for cmd in game.legal_commands(sample_moves=False)
                        if isinstance(cmd, c.Declare) and cmd.figure == figure
                        and cmd.kind == "support"]
        self.weapons = list(dict.fromkeys(cmd.weapon for cmd in self.offered))
        self.manoeuvre = next((m for m in MANOEUVRES
                               if any(cmd.manoeuvre == m for cmd in self.offered)), "P")
        self.weapon = self.weapons[0] if self.weapons else None
        self.hovered: str | None = None
        #: The words said of each support hovered, by ally, manoeuvre and weapon: the
        #: pointer is over a figure for many frames, its odds worked out once.
        self.said: dict[tuple[str, str, str | None], str] = {}
        self.choose(self.manoeuvre, self.weapon)

    def choose(self, manoeuvre: str, weapon: str | None) -> None:
        """The manoeuvre and weapon of the support to declare: the allies it may help."""
        self.manoeuvre, self.weapon = manoeuvre, weapon
        state = self.game.state
        self.cmds = {state.declaration(cmd.of).figure: cmd for cmd in self.offered
                     if cmd.manoeuvre == manoeuvre and cmd.weapon == weapon
                     and cmd.of is not None}
        self.targets = dict.fromkeys(self.cmds, GOOD)
        self.hover(None, self.hovered)

    def _ask(self) -> str:
        return self.t("tool.k7_support", name=self.d.fig(self.figure),
                      manoeuvre=SUPPORT_MANOEUVRES[self.manoeuvre])

    def hover(self, p: Point | None, fig: str | None) -> None:
        self.hovered = fig
        cmd = self.cmds.get(fig or "")
        if fig is None or cmd is None:
            self.info = self._ask()
            return
        key = (fig, self.manoeuvre, self.weapon)
        if key not in self.said:
            self.said[key] = self.odds_words(cmd)
        self.info = self.said[key]

    def odds_words(self, cmd: c.Declare) -> str:
        """``Bo supports #1 Cid: succeeds 31% · #1 47% → 51%`` (a Tactique adds the
        chance with a Trèfle's four markers); without the odds shown, who and what."""
        game, t = self.game, self.t
        ctx = K7Ctx(game.state, game.table, game.book, game.dice)
        d = declare.check(ctx, cmd, game.state.figures[self.figure].band)
        other = game.state.declaration(cmd.of or 0)
        said = t("tool.k7_support_who", name=self.d.fig(self.figure), number=other.number,
                 ally=self.d.fig(other.figure),
                 manoeuvre=SUPPORT_MANOEUVRES[self.manoeuvre])
        if not self.show_odds:
            return said
        b = preview.backing(ctx, d)
        odds = t("tool.k7_support_odds", p=t.pct(b.success), number=other.number,
                 before=t.pct(b.unhelped), after=t.pct(b.helped))
        if t.pct(b.trefle) != t.pct(b.helped):  # markers past every card's value add nothing
            odds += t("tool.k7_support_trefle", pct=t.pct(b.trefle))
        return f"{said} · {odds}"

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        return self.cmds.get(fig or "")


def support_items(tool: SupportTool, t: Translator, names: Mapping[str | None, str]
                  ) -> list[BarItem]:
    """The bar's choices under Support: each manoeuvre offered, then each way to reach
    (contact, a ranged weapon by its name in ``names``) when there is more than one."""
    items = [BarItem(f"k7sup:{m}", f"• {SUPPORT_MANOEUVRES[m]}", tip=t(f"bar.k7_support_{m}_tip"),
                     selected=tool.manoeuvre == m, wide=True)
             for m in MANOEUVRES if any(cmd.manoeuvre == m for cmd in tool.offered)]
    if len(tool.weapons) > 1:
        items += [BarItem(f"k7supw:{w or ''}",
                          f"• {names[w] if w else t('bar.k7_support_contact')}",
                          tip=t("bar.k7_support_reach_tip"), selected=tool.weapon == w,
                          wide=True) for w in tool.weapons]
    return items


def press_support(tool: SupportTool, key: str) -> None:
    """A manoeuvre or a weapon picked in the bar."""
    if key.startswith("k7sup:"):
        tool.choose(key[6:], tool.weapon)
    elif key.startswith("k7supw:"):
        tool.choose(tool.manoeuvre, key[7:] or None)


class FleeTool(Tool):
    """A flight declared from the bar: its way and its odds first."""

    kind = "flee"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        super().__init__(game, figure, t, d)
        self.cmd = next((cmd for cmd in game.legal_commands(sample_moves=False)
                         if isinstance(cmd, c.Declare) and cmd.figure == figure
                         and cmd.action == "flee"), None)
        ctx = K7Ctx(game.state, game.table, game.book, game.dice)
        enemies = sorted(engaged_with(ctx, ctx.fig(figure)), key=lambda e: e.id)
        name = d.fig(figure)
        if self.cmd is None or not self.show_odds:
            self.info = t("tool.k7_flee_blind", name=name,
                          enemies=", ".join(d.fig(e.id) for e in enemies))
            return
        flight = declare.check(ctx, self.cmd, game.state.figures[figure].band)
        self.info = t("tool.k7_flee", name=name, p=t.pct(preview.flight(ctx, flight)),
                      q=t.pct(preview.flight(ctx, flight, faces=False)))

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        return self.cmd

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        if self.cmd is not None and self.cmd.to is not None:
            draw_path(surface, cam, text, [self.me.pos, self.cmd.to], "", BAD)
