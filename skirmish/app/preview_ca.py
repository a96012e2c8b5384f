"""Les Clefs de l'Aube previews for the Shoot and Strike tools (RULESETS §0.7, §3.g): the
d20 window the roll will face, its exact odds (S14) and the damage's parts, in place of
the Skirmish need / damage / odds line. Imported by the tools only when a Clefs de l'Aube
game asks, so its ruleset is loaded by then."""

from __future__ import annotations

from skirmish.app.i18n import Translator
from skirmish.rules.clefs_aube import odds
from skirmish.rules.clefs_aube.roll import num
from skirmish.rules.game import Game
from skirmish.rules.skirmish.context import Ctx


def _ctx(game: Game) -> Ctx:
    return Ctx(game.state, game.table, game.book, game.dice)


def window(t: Translator, pv: odds.Preview | odds.Aimed) -> str:
    return t("tool.ca_window", nd=num(pv.nd), ca=num(pv.ca))


def _bits(t: Translator, pv: odds.Preview, show_odds: bool) -> list[str]:
    bits = [t("tool.ca_fallen", ca=num(pv.ca)) if pv.fallen else window(t, pv)]
    if show_odds and not pv.fallen:
        bits.append(t("tool.ca_hit", p=t.pct(pv.p_hit)))
    band = f" − ND {pv.band_nd}" if pv.band_nd else ""
    bits.append(t("tool.ca_dom", bd=pv.bd, band=band, be=pv.be))
    return bits


def shot_bits(game: Game, figure: str, target: str, weapon: str, t: Translator,
              show_odds: bool) -> list[str]:
    """The window (and odds) of each roll the shot makes — one per target of a chain,
    numbered as the board numbers them, each with its GAP-CA-21 handicap — and Dom."""
    ctx = _ctx(game)
    pv = odds.shot_preview(ctx, ctx.fig(figure), ctx.fig(target), weapon)
    if pv is None:
        return []
    bits = _bits(t, pv, show_odds)
    if not pv.chain:
        return bits
    each = [t.pair(f"{i}. {game.state.figures[a.target].name}",
                   window(t, a) + (f", {t('tool.ca_hit', p=t.pct(a.p_hit))}" if show_odds else ""))
            for i, a in enumerate(pv.chain, start=1)]
    return [*each, bits[-1]]


def shot_window(game: Game, figure: str, target: str, weapon: str, t: Translator) -> str:
    """The label on the line of sight: the first roll's window, "window 14 < d ≤ 21"."""
    ctx = _ctx(game)
    pv = odds.shot_preview(ctx, ctx.fig(figure), ctx.fig(target), weapon)
    return "" if pv is None else window(t, pv)


def strike_bits(game: Game, figure: str, target: str, weapon: str | None, t: Translator,
                show_odds: bool) -> list[str]:
    """Simple system: the window, P(hit) and Dom. Surclassement: the CA of each
    manoeuvre (the defender's choice is hidden, so no single odds)."""
    ctx = _ctx(game)
    f, tf = ctx.fig(figure), ctx.fig(target)
    if game.state.ca_options.ca_combat == "surclassement" and tf.status == "in_play":  # type: ignore[attr-defined]
        cas = odds.manoeuvre_cas(ctx, f)
        return [t("tool.ca_surcl", **{m.lower(): v for m, v in cas.items()})]
    return _bits(t, odds.strike_preview(ctx, f, tf, weapon), show_odds)
