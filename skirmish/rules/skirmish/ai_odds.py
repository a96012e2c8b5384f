"""The Skirmish odds the computer players read (the :class:`~skirmish.rules.ai_odds.AiOdds`
of Skirmish): each answer is a call of :mod:`skirmish.rules.skirmish.odds`, the same
odds the previews show, so the seam changes nothing in a Skirmish game."""

from __future__ import annotations

from fractions import Fraction

from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.shooting import to_hit
from skirmish.rules.skirmish.state import Figure


class SkirmishAiOdds:
    def strike(self, ctx: Ctx, f: Figure, t: Figure, weapon: str | None = None
               ) -> odds.StrikeOdds:
        return odds.strike_odds(ctx, f, t, weapon)

    def shot(self, ctx: Ctx, s: Figure, weapon: str, t: Figure) -> odds.ShotOdds:
        return odds.shot_odds(ctx, s, weapon, t)

    def charge(self, ctx: Ctx, f: Figure, t: Figure) -> odds.ChargeOdds:
        return odds.charge_odds(ctx, f, t)

    def shot_blow(self, ctx: Ctx, s: Figure, t: Figure, weapon: str, *, walk_in: bool
                  ) -> Fraction:
        """[R-SHOOT-HIT] [R-SHOOT-DMG]: walking in, the shot is at long range (CT + 1)."""
        w = ctx.book.ranged_weapons[weapon]
        need = min(7, max(2, s.stats.ct + 1)) if walk_in else to_hit(ctx, s, t, w).need or 7
        if need > 6:
            return odds.F0
        _, pd = odds.damage_chance(ctx, w.force, t)
        return odds.p_d6(need) * pd

    def blows(self, ctx: Ctx, t: Figure, blow: Fraction, n: int) -> None:
        return None  # PV lost to independent blows: the evaluator's float memo

    def health(self, ctx: Ctx, f: Figure) -> tuple[int, int]:
        return f.pv, f.stats.pv

    def spot_tests(self, ctx: Ctx, mover: Figure, path: tuple[tuple[float, float], ...]
                   ) -> list[odds.Test]:
        return odds.spot_tests(ctx, mover, path)


SKIRMISH_ODDS = SkirmishAiOdds()
