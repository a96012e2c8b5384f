"""Board tools: what hovering and clicking mean while an action is chosen.

Each tool turns the pointer into a preview (a path and its cost, a line of sight with
its odds…) and a click into one engine command. Previews come from
``skirmish.rules.skirmish.preview`` and are computed only when the hovered point or
figure changes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.figures import MIN_RADIUS
from skirmish.app.board.overlays import (
    ReachOverlay,
    draw_blast,
    draw_path,
    draw_rings,
    draw_sight,
    polyline,
)
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.text import Text
from skirmish.app.theme import BAD, GOOD, SIGHT
from skirmish.rules import commands as c
from skirmish.rules.frame.queries import gap
from skirmish.rules.game import Game
from skirmish.rules.skirmish import preview

Point = tuple[float, float]
HOVER_STEP = 0.1  # pas: hovered points are snapped so previews are reused
#: Points whose path and words a move tool keeps: the pointer goes back and forth over
#: the same few, and a path's planning and its spot checks cost a frame or more.
PATHS_KEPT = 64


def is_ca(game: Game) -> bool:
    """A Les Clefs de l'Aube game, whose previews are its d20 windows (app/preview_ca)."""
    return game.ruleset.id == "clefs_aube"


def counted(t: Translator, key: str, n: int, **kw: Any) -> str:
    """``key`` with ``n``, in its singular form (``key_one``) when ``n`` is 1."""
    return t(f"{key}_one" if n == 1 else key, n=n, **kw)


def taken_out_words(t: Translator, taken_out: dict[int, float]) -> str:
    """The odds of a shot at several figures (a blast, a chain of targets) putting one,
    two… of them out of action: "taken out: 1 figure 30 %, 2 figures 4 %", or that none
    can be, when the shot cannot take anyone out (the line once ended on its bare title)."""
    odds = [t("tool.taken_out_n", n=k, pct=t.pct(p)) for k, p in sorted(taken_out.items())
            if k and p > 0]
    return t("tool.taken_out", odds=", ".join(odds)) if odds else t("tool.taken_out_none")


def passing(t: Translator, d: Describer, tests: Sequence[tuple[str, str, float]],
            odds: bool = True) -> list[str]:
    """The reaction tests in a preview, one part per test, naming who passes it with what
    chance: "passes the Spot test: Zed 92%, Moss 97%" ("Spot test Zed 92%" read to a
    shooter like the odds of an effect; one sentence a figure made a walk's preview long
    enough to cost 1.4 ms a frame at 1280 × 720, re-laid out as the pointer moves).
    Without ``odds`` (playing blind) who takes which test, with no chance: "takes the
    Spot test: Zed, Moss" — a player at the table knows what a move provokes, and the
    blind Walk and Charge said nothing of it."""
    who: dict[str, list[str]] = {}
    for rule, fid, p in tests:
        who.setdefault(rule, []).append(f"{d.fig(fid)} {t.pct(p)}" if odds else d.fig(fid))
    key = "ai.test." if odds else "tool.takes."
    return [t(key + rule, who=", ".join(names)) for rule, names in who.items()]


def refusal(game: Game, cmd: c.Command) -> str | None:
    """The engine's own reason why ``cmd`` is illegal now (tried on a copy whose dice are
    forked, so nothing is revealed), or None if it is legal."""
    from skirmish.rules.errors import IllegalCommand

    try:
        game.copy(fork_dice=0).apply(cmd)
    except IllegalCommand as e:
        return f"{e} [{e.rule}]" if getattr(e, "rule", "") else str(e)
    return None


class Tool:
    """Base: no preview, clicks do nothing."""

    kind = ""
    #: Odds in the hover text (the "play blind" setting turns them off: ``--no-odds``).
    show_odds = True
    #: Figures the tool may target, with the ring colour that marks them.
    targets: dict[str, tuple[int, int, int]] = {}

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        self.game = game
        self.figure = figure
        self.t = t
        self.d = d
        self.info = ""
        self.targets = {}

    @property
    def me(self) -> Any:
        return self.game.state.figures[self.figure]

    def hover(self, p: Point | None, fig: str | None) -> None:
        """The pointer is at table point ``p`` over figure ``fig`` (either may be None)."""

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        return None

    def refuse(self, fig: str) -> str | None:
        """Why a click on ``fig`` gives no command, to be said aloud; None: the click
        just selects ``fig`` as it would without a tool."""
        return None

    def draw_under(self, surface: pygame.Surface, cam: Camera) -> None:
        """Draw what goes under the figures (a reach area)."""

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        """Draw the tool's overlays above the figures."""


class MoveTool(Tool):
    """Walk or Run: the reachable area shaded, the path and its cost under the pointer."""

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer, kind: str) -> None:
        super().__init__(game, figure, t, d)
        self.kind = kind
        self.reach = preview.reach(game, figure, kind)
        self.overlay = ReachOverlay(self.reach)
        self.point: Point | None = None
        self.path: Any = None
        self.info = t("tool.move_hint", allowance=t.num(self.reach.allowance))
        #: The path and words of the points hovered last, with the odds shown or not (the
        #: game stands still while the tool is in hand), oldest first.
        self._seen: dict[tuple[Point, bool], tuple[Any, str]] = {}

    def hover(self, p: Point | None, fig: str | None) -> None:
        if p is not None:
            p = (round(p[0] / HOVER_STEP) * HOVER_STEP, round(p[1] / HOVER_STEP) * HOVER_STEP)
        if p == self.point:
            return
        self.point = p
        self.path = None
        if p is None:
            return
        key = (p, self.show_odds)
        seen = self._seen.pop(key, None)
        if seen is None:
            self._preview(p)
            seen = (self.path, self.info)
            if len(self._seen) >= PATHS_KEPT:
                del self._seen[next(iter(self._seen))]
        self._seen[key] = seen
        self.path, self.info = seen

    def _preview(self, p: Point) -> None:
        """The path to ``p`` and its words: its length and cost, or why there is none."""
        why = None
        if self.reach.contains(p):  # the raster answers far points at once
            self.path, why = preview.move_path(self.game, self.figure, p, self.kind)
        if self.path is None:
            self.info = (self.t.engine(why.key, why.params, str(why)) if why is not None
                         else self.t("tool.out_of_reach", allowance=self.t.num(self.reach.allowance)))
            return
        length = sum(math.dist(a, b) for a, b in zip(self.path.points, self.path.points[1:],
                                                     strict=False))
        extra = self.t("tool.difficult") if self.path.cost > length + 0.05 else ""
        self.info = self.t("tool.path", length=self.t.num(length, 1), cost=self.t.num(self.path.cost, 1),
                           allowance=self.t.num(self.reach.allowance)) + extra
        self.info += "".join(" · " + x for x in passing(
            self.t, self.d, preview.move_tests(self.game, self.figure, self.path.points),
            self.show_odds))

    def label(self) -> str:
        if self.path is None:
            return ""
        return f"{self.t.num(self.path.cost, 1)} / {self.t.num(self.reach.allowance)} pas"

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        self.hover(p, fig)
        if self.path is None or self.point is None:
            return None
        to = (round(self.point[0], 2), round(self.point[1], 2))
        return c.Run(figure=self.figure, to=to) if self.kind == "run" else \
            c.Walk(figure=self.figure, to=to)

    def draw_under(self, surface: pygame.Surface, cam: Camera) -> None:
        self.overlay.draw(surface, cam)

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        if self.path is not None:
            draw_path(surface, cam, text, self.path.points, self.label())


class ChargeTool(Tool):
    """Charge: only the enemies a charge reaches are ringed (a charge that falls short is
    legal but becomes a Run, R-ACT-CHARGE-FAIL: measured beforehand, it is never better
    than a Walk or a Run, so it is not offered, and the bar greys Charge when no enemy is
    in reach, ``preview.menu``); hovering or clicking any other enemy says why."""

    kind = "charge"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        super().__init__(game, figure, t, d)
        self.overlay = ReachOverlay(preview.reach(game, figure, "run"))
        legal = [cmd for cmd in game.legal_commands(sample_moves=False) if isinstance(cmd, c.Charge)]
        self.previews = {cmd.target: preview.charge_preview(game, figure, cmd.target)
                         for cmd in legal}
        self.targets = {fid: SIGHT for fid, pv in self.previews.items() if pv.reaches}
        self.hovered: str | None = None
        self.preview: preview.ChargePreview | None = None
        self.info = counted(t, "tool.charge_hint", len(self.targets))

    def hover(self, p: Point | None, fig: str | None) -> None:
        me = self.me
        other = self.game.state.figures.get(fig) if fig else None
        if other is None or other.band == me.band or other.status != "in_play":
            fig = None
        if fig == self.hovered:
            return
        self.hovered = fig
        self.preview = self.previews.get(fig) if fig else None
        if fig is None:
            self.info = counted(self.t, "tool.charge_hint", len(self.targets))
            return
        if self.preview is None:
            why = refusal(self.game, c.Charge(figure=self.figure, target=fig)) or ""
            self.info = self.t("tool.cannot_charge", name=self.d.fig(fig), why=why)
            return
        pv = self.preview
        if not pv.reaches:  # not offered: no odds of a charge that cannot be made here
            self.info = self.t.pair(self.d.fig(fig), self.t(
                "tool.charge_short", allowance=self.t.num(pv.allowance),
                distance=self.t.num(gap(me, other), 1)))
            return
        bits = [self.t("tool.charge_reaches", cost=self.t.num(pv.cost, 1),
                       allowance=self.t.num(pv.allowance))]
        if self.show_odds:
            bits.append(self.t("ai.charge_odds", contact=self.t.pct(pv.p_contact),
                               ooa=self.t.pct(pv.p_out_of_action)))
        bits += passing(self.t, self.d, pv.tests, self.show_odds)
        self.info = self.t.pair(self.d.fig(fig), " · ".join(bits))

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        if fig in self.targets:
            return c.Charge(figure=self.figure, target=fig)
        return None

    def refuse(self, fig: str) -> str | None:
        """An enemy that cannot be charged: the same words as when hovering it."""
        other = self.game.state.figures.get(fig)
        if other is None or other.band == self.me.band or other.status != "in_play":
            return None
        self.hover(None, fig)
        return self.info

    def draw_under(self, surface: pygame.Surface, cam: Camera) -> None:
        self.overlay.draw(surface, cam)

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        pv = self.preview
        if pv is not None and pv.path:
            draw_path(surface, cam, text, pv.path, f"{self.t.num(pv.cost, 1)} pas",
                      GOOD if pv.reaches else BAD)


class FleeTool(Tool):
    """Flee (E): where the figure will go, drawn before it goes (R-ACT-FLEE); a click on
    the board or E again flees, Esc puts the tool down."""

    kind = "flee"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        super().__init__(game, figure, t, d)
        from skirmish.rules.skirmish.movement import flee_cost, flee_path

        ctx = preview.ctx_of(game)
        f = ctx.fig(figure)
        self.path = flee_path(ctx, f)
        self.points: tuple[Point, ...] = tuple(self.path.points)
        self.cost = flee_cost(ctx, f)
        length = float(getattr(self.path, "length", 0.0) or 0.0)
        self.info = t("tool.flee_hint", length=t.num(length, 1), cost=self.cost)

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        return c.Flee(figure=self.figure)

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        if len(self.points) > 1:
            draw_path(surface, cam, text, list(self.points), f"{self.cost} PA", BAD)


class ShootTool(Tool):
    """Shoot: legal targets ringed; hovering any enemy draws the line of sight (or the
    blocking piece and why), the range rings, the modified CT, the damage roll needed,
    the chain of targets and the blast radius."""

    kind = "shoot"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer, weapon: str) -> None:
        super().__init__(game, figure, t, d)
        self.weapon = weapon
        legal = [cmd for cmd in game.legal_commands(sample_moves=False)
                 if isinstance(cmd, c.Shoot) and cmd.weapon == weapon]
        self.targets = {cmd.target: SIGHT for cmd in legal}
        self.hovered: str | None = None
        self.preview: preview.ShotPreview | None = None
        self.w = game.book.ranged_weapons[weapon]
        me = game.state.figures[figure]
        #: Enemies in sight that cannot be shot now (out of range…): marked apart.
        self.seen_only = [f.id for f in game.state.figures.values()
                          if f.band != me.band and f.status == "in_play"
                          and f.id not in self.targets
                          and preview.ctx_of(game).sees(me, f)]
        self.info = counted(t, "tool.shoot_hint", len(self.targets), weapon=d.weapon(weapon))

    def hover(self, p: Point | None, fig: str | None) -> None:
        s = self.game.state
        if fig is not None and (fig == self.figure or s.figures[fig].band == self.me.band
                                or s.figures[fig].status != "in_play"):
            fig = None
        if fig == self.hovered:
            return
        self.hovered = fig
        self.preview = preview.shot_preview(self.game, self.figure, self.weapon, fig) \
            if fig else None
        self.info = self.describe() if fig else \
            counted(self.t, "tool.shoot_hint", len(self.targets),
                    weapon=self.d.weapon(self.weapon))

    def describe(self) -> str:
        pv = self.preview
        assert pv is not None and self.hovered is not None
        t = self.t
        name = self.d.fig(self.hovered)
        far = f"{t.num(pv.distance, 1)}\u00a0pas"  # a no-break space: "16,0 / pas" never wraps
        if pv.visible:
            bits = [t.pair(name, t("tool.los_clear")), far]
        elif pv.legal or not pv.reason:
            bits = [t.pair(name, t("tool.blocked", by=pv.blocker or "?")), far]
        else:
            bits = [name, far]
        if pv.range_band:
            key = f"input.range_band.{pv.range_band}"
            bits.append(t(key) if t.has(key) else pv.range_band)
        ca = is_ca(self.game)
        if pv.need is not None and not ca:
            mods = " ".join(f"{t('input.' + k)} {v:+d}" for k, v in pv.modifiers.items())
            bits.append(t("tool.need_hit", need=pv.need, ct=self.me.stats.ct,
                          mods=f", {mods}" if mods else ""))
        if not pv.legal:
            reason = t.engine(pv.reason_key, pv.reason_params, pv.reason)
            bits.append(f"✗ {reason} [{pv.rule}]" if pv.rule else f"✗ {reason}")
            return " · ".join(bits)
        if ca:  # the d20 window and its exact odds instead (RULESETS §3.g)
            from skirmish.app.preview_ca import shot_bits

            bits += shot_bits(self.game, self.figure, self.hovered, self.weapon, t,
                              self.show_odds)
        else:
            bits.append(t("tool.need_damage", need=pv.damage_need, f=self.w.force))
        if self.show_odds and not ca:
            bits.append(t("tool.odds", hit=self.t.pct(pv.p_hit), dmg=self.t.pct(pv.p_damage),
                          ooa=self.t.pct(pv.p_out_of_action)))
        if len(pv.targets) > 1:
            bits.append(t("tool.chain", n=len(pv.targets)))
        if pv.blast_victims:
            bits.append(t("tool.blast", n=len(pv.blast_victims)))
        if self.show_odds and not ca and (len(pv.targets) > 1 or pv.blast_victims):
            bits.append(taken_out_words(t, pv.taken_out))
        bits += passing(t, self.d, pv.tests, self.show_odds)
        return " · ".join(bits)

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        if fig in self.targets:
            return c.Shoot(figure=self.figure, weapon=self.weapon, target=fig)
        return None

    def draw_under(self, surface: pygame.Surface, cam: Camera) -> None:
        """Visible enemies that may not be shot now: a thin dashed ring (the legal
        targets get the thick solid one)."""
        for fid in self.seen_only:
            f = self.game.state.figures[fid]
            c = cam.to_screen(f.pos)
            r = max(MIN_RADIUS, round(f.radius * cam.scale)) + 6
            for k in range(12):
                a = k * math.tau / 12
                rect = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
                pygame.draw.arc(surface, (220, 220, 220), rect, a, a + math.tau / 24, 2)

    def draw(self, surface: pygame.Surface, cam: Camera, text: Text) -> None:
        me = self.me
        draw_rings(surface, cam, text, me.pos, me.radius,
                   [(r, self.t(f"tool.ring_{band}", n=self.t.num(r))) for r, band in
                    ((self.w.short, "short"), (self.w.medium, "medium"), (self.w.long, "long"))])
        pv = self.preview
        if pv is None or self.hovered is None:
            return
        figs = self.game.state.figures
        target = figs[self.hovered]
        if pv.visible:
            band = f"input.range_band.{pv.range_band}"
            label = f"{self.t.num(pv.distance, 1)} pas · " + (self.t(band) if self.t.has(band)
                                                     else pv.range_band or "—")
            if is_ca(self.game) and pv.legal:
                from skirmish.app.preview_ca import shot_window

                label += " · " + shot_window(self.game, self.figure, self.hovered, self.weapon,
                                             self.t)
            elif pv.need is not None and not is_ca(self.game):
                label += f" · {self.t('tray.need')} {pv.need}+"
            draw_sight(surface, cam, text, me.pos, target.pos, True, None, label)
        else:
            draw_sight(surface, cam, text, me.pos, target.pos, False, pv.blocked_at,
                       self.t("tool.blocked", by=pv.blocker or "?"))
        if len(pv.targets) > 1:
            pts = [figs[x].pos for x in pv.targets]
            polyline(surface, cam, pts, SIGHT, 2, dashed=True)
            for i, x in enumerate(pv.targets, start=1):
                pos = cam.to_screen(figs[x].pos)
                text.blit(surface, str(i), (pos[0] - 12, pos[1] - 12), 12, SIGHT, bold=True,
                          anchor="center", backdrop=(0, 0, 0, 200))
        if self.w.blast_radius:
            draw_blast(surface, cam, text, target.pos, float(self.w.blast_radius),
                       self.t("tool.blast_label", r=self.t.num(self.w.blast_radius),
                              n=len(pv.blast_victims)))


class StrikeTool(Tool):
    kind = "strike"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer,
                 weapon: str | None) -> None:
        super().__init__(game, figure, t, d)
        self.weapon = weapon
        legal = [cmd for cmd in game.legal_commands(sample_moves=False)
                 if isinstance(cmd, c.Strike) and cmd.weapon == weapon]
        self.targets = {cmd.target: BAD for cmd in legal}
        self.hovered: str | None = None
        self.info = counted(t, "tool.strike_hint", len(self.targets), weapon=d.weapon(weapon))

    def hover(self, p: Point | None, fig: str | None) -> None:
        fig = fig if fig in self.targets else None
        if fig == self.hovered:
            return
        self.hovered = fig
        if fig is None:
            self.info = counted(self.t, "tool.strike_hint", len(self.targets),
                                weapon=self.d.weapon(self.weapon))
            return
        t = self.t
        if is_ca(self.game):  # the d20 window and its exact odds (RULESETS §3.g)
            from skirmish.app.preview_ca import strike_bits

            self.info = " · ".join([self.d.fig(fig), *strike_bits(
                self.game, self.figure, fig, self.weapon, t, self.show_odds)])
            return
        pv = preview.strike_preview(self.game, self.figure, fig, self.weapon)
        bits = [self.d.fig(fig), t("tool.need_strike", need=pv.need),
                t("tool.need_damage", need=pv.damage_need, f=pv.force)]
        if self.show_odds:
            bits.append(t("tool.odds", hit=self.t.pct(pv.p_hit), dmg=self.t.pct(pv.p_damage),
                          ooa=self.t.pct(pv.p_out_of_action)))
        if pv.bucklers:
            bits.append(t("tool.bucklers", n=pv.bucklers))
        self.info = " · ".join(bits)

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        if fig in self.targets:
            return c.Strike(figure=self.figure, target=fig, weapon=self.weapon)
        return None


class MedikitTool(Tool):
    kind = "medikit"

    def __init__(self, game: Game, figure: str, t: Translator, d: Describer) -> None:
        super().__init__(game, figure, t, d)
        legal = [cmd for cmd in game.legal_commands(sample_moves=False) if isinstance(cmd, c.UseMedikit)]
        self.targets = {cmd.target: GOOD for cmd in legal}
        self.info = counted(t, "tool.medikit_hint", len(self.targets))

    def click(self, p: Point, fig: str | None) -> c.Command | None:
        if fig in self.targets:
            return c.UseMedikit(figure=self.figure, target=fig)
        return None
