"""The tools of a ruleset with its own scheduler (WFRP…), built on the seam alone: the
ruleset's legal commands say what may be pointed at, its exact odds (``Game.odds``,
RULESETS S14) what a command may do, and the engine's own refusal why a point will not
do. A point tool sends a move (Mouvement, Course); a target tool any action aimed at a
figure; an action with nothing to point at is sent at once by the bar."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.overlays import draw_path
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.text import Text
from skirmish.app.theme import BAD, GOOD
from skirmish.app.tools import Point, Tool, refusal
from skirmish.rules import commands as c
from skirmish.rules.game import Game

#: The seam's command for each action aimed at a point or a figure (a KART 7 move is a
#: declaration, made now and resolved after every side has spoken).
MOVES: dict[str, Callable[..., c.Command]] = {"walk": c.Walk, "run": c.Run,
                                              "move": partial(c.Declare, action="move")}
AIMED = {"strike": c.Strike, "shoot": c.Shoot, "charge": c.Charge, "medikit": c.UseMedikit,
         "first_aid": c.UseMedikit}


def is_action(cmd: c.Command, kind: str) -> bool:
    """``cmd`` does the bar's action ``kind`` (a ruleset's ``Act`` or ``Declare``, or the
    seam's command for it: first aid is a ``UseMedikit`` as the medikit is)."""
    if isinstance(cmd, (c.Act, c.Declare)):
        return cmd.action == kind
    known = AIMED.get(kind) or {"walk": c.Walk, "run": c.Run}.get(kind)
    return known is not None and isinstance(cmd, known)


class SeamPointTool(Tool):
    """Mouvement or Course: the straight way to the pointer, or the engine's refusal."""

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer, kind: str) -> None:
        super().__init__(game, figure, t, d)
        self.kind = kind
        self.point: Point | None = None
        self.ok = False
        self.info = t("tool.wf_point", name=d.fig(figure))

    def _cmd(self, p: Point) -> c.Command:
        return MOVES[self.kind](figure=self.figure, to=(round(p[0], 2), round(p[1], 2)))

    def hover(self, p: Point | None, fig: str | None) -> None:
        if p is None or p == self.point:
            return
        self.point = p
        why = refusal(self.game, self._cmd(p))
        self.ok = why is None
        self.info = why or self.t("tool.wf_point", name=self.d.fig(self.figure))

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        self.hover(p, fig)
        return self._cmd(p) if self.ok else None

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        if self.ok and self.point is not None:
            me = self.me
            draw_path(surface, cam, text, (me.pos, self.point), "")  # type: ignore[arg-type]


class SeamTargetTool(Tool):
    """An action at a figure: every legal target ringed; hovered, its exact odds."""

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer, kind: str,
                 weapon: str | None = None) -> None:
        super().__init__(game, figure, t, d)
        self.kind = kind
        self.weapon = weapon
        self.cmds = {cmd.target: cmd for cmd in game.legal_commands(sample_moves=False)  # type: ignore[attr-defined]
                     if is_action(cmd, kind) and getattr(cmd, "target", None)
                     and getattr(cmd, "figure", figure) == figure
                     and (weapon is None or getattr(cmd, "weapon", None) in (None, weapon))}
        colour = GOOD if kind in ("medikit", "first_aid") else BAD
        self.targets = dict.fromkeys(self.cmds, colour)
        self.info = t("tool.wf_target", name=d.fig(figure))

    def hover(self, p: Point | None, fig: str | None) -> None:
        cmd = self.cmds.get(fig or "")
        if cmd is None:
            self.info = self.t("tool.wf_target", name=self.d.fig(self.figure))
            return
        o = self.game.odds(cmd)
        bits = [self.d.fig(fig)]
        if o is not None and self.show_odds:
            harm = o.harms[0] if o.harms else None
            bits.append(self.t("tool.odds", hit=self.t.pct(o.p_success),
                               dmg=self.t.pct(harm.p_wound if harm else 0.0),
                               ooa=self.t.pct(harm.p_out if harm else 0.0)))
            if o.joined:  # the group the odds count on ([CM-GROUP])
                bits.append(self.t("tool.joined", names=", ".join(map(self.d.fig, o.joined)),
                                   n=len(o.joined)))
        self.info = " · ".join(bits)

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        return self.cmds.get(fig or "")
