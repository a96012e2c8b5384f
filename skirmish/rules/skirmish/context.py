"""The working set of one ``apply``: state, table, rulebook, dice and the events so far.

Handlers take a :class:`Ctx` instead of five arguments; it also owns the small caches
(line of sight between figures) that are valid until a figure moves or falls, and the
:class:`Hooks` of the game's ruleset, registered here by every ruleset that runs on this
engine (Skirmish itself, Les Clefs de l'Aube).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from skirmish.content.models import Rank, Rulebook
from skirmish.rules.ai_odds import AiOdds
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event, Roll, good_if
from skirmish.rules.geometry import Disc, TableLike
from skirmish.rules.skirmish.messages import ID_PARAMS, say
from skirmish.rules.skirmish.state import Figure, GameState
from skirmish.rules.skirmish.steps import AnyStep


class Hooks:
    """What a ruleset that reuses the Skirmish engine (initiative, waves, PA, movement,
    passive actions) changes inside it (RULESETS §0.5 S4/S5 kept, S3/S10/S12 replaced).

    The :class:`Ctx` looks its hooks up by ``state.ruleset``, so a context built anywhere
    — the engine, the action menu, previews, the AI — resolves with the rules of the game
    it belongs to. The defaults are the Skirmish rules; ``ai_odds`` is the odds the
    computer players weigh moves with (``skirmish.rules.ai_odds``), asked for thousands of
    times a decision."""

    #: [R-SHOOT-CLAMP] a modified CT above 6 makes a shot impossible (Skirmish only).
    clamp_shots: bool = True

    def __init__(self, ai_odds: AiOdds[Ctx, Figure]) -> None:
        self.ai_odds = ai_odds

    def step_handler(self, step: AnyStep) -> Callable[[Ctx, Any], None] | None:
        """A handler ``(ctx, step) -> None`` that replaces the engine's for ``step``, or
        None to keep the engine's."""
        return None

    def leadership(self, ctx: Ctx, f: Figure, *, bonus: int, rule: str, key: str,
                   params: dict[str, object], inputs: dict[str, object],
                   target: str | None) -> tuple[tuple[int, ...], int, bool] | None:
        """S12: roll a Leadership test natively — (faces, need, passed) — or None for the
        Skirmish 2d6 ≤ Cd. ``bonus`` is what Skirmish adds to the Cd (allies)."""
        return None

    def leadership_odds(self, ctx: Ctx, f: Figure, *, bonus: int) -> Fraction | None:
        """P(pass) of :meth:`leadership`'s native test, or None for the Skirmish 2d6."""
        return None


#: Hooks by ruleset id: each ruleset on this engine registers its own on import.
_HOOKS: dict[str, Hooks] = {}


def register_hooks(ruleset_id: str, hooks: Hooks) -> None:
    _HOOKS[ruleset_id] = hooks


def hooks_for(ruleset_id: str) -> Hooks:
    try:
        return _HOOKS[ruleset_id]
    except KeyError:
        raise LookupError(f"ruleset '{ruleset_id}' does not run on the Skirmish engine "
                          f"(registered: {', '.join(_HOOKS)})") from None


class Ctx:
    def __init__(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice) -> None:
        self.s = state
        self.table = table
        self.book = book
        self.dice = dice
        #: What the game's ruleset changes in the Skirmish engine.
        self.hooks = hooks_for(state.ruleset)
        self.events: list[Event] = []
        self._sight: dict[tuple[str, str], bool] = {}
        self._levels: dict[tuple[float, float], float] = {}
        #: The last Leadership test (figure, dice, need, inputs), for the reaction it causes.
        self.last_test: tuple[str, tuple[int, ...], int, dict[str, object]] | None = None
        self.sight_version = 0

    # -- events -----------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def named(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` with the ids of ``ID_PARAMS`` replaced by the names the rules' English
        says (a weapon's French rule term; no weapon: bare hands); other values as given."""
        out = dict(params)
        for k, v in params.items():
            kind = ID_PARAMS.get(k)
            if kind == "figure" and v in self.s.figures:
                out[k] = self.s.figures[v].name
            elif kind == "band" and any(b.id == v for b in self.s.bands):
                out[k] = self.s.band(v).name
            elif kind == "weapon":
                w = self.book.ranged_weapons.get(v) or self.book.melee_weapons.get(v)
                out[k] = w.name_fr if w is not None else v or say("unarmed")
        return out

    def said(self, key: str, **params: Any) -> dict[str, Any]:
        """The ``label``, ``key`` and ``params`` of a roll: ``params`` keep their ids (see
        ``messages``), the English label names them."""
        return {"label": say(key, **self.named(params)), "key": key, "params": params}

    def roll(
        self,
        n: int,
        *,
        rule: str,
        key: str,
        params: dict[str, object],
        need: int | None,
        compare: str = ">=",
        inputs: dict[str, object] | None = None,
        figure: str | None = None,
        target: str | None = None,
        result: str | None = None,
        good_when_met: bool = False,
    ) -> tuple[int, ...]:
        """Roll ``n`` d6 and record them. ``success`` is ``sum compare need``; with
        ``good_when_met`` (a test the roller wants to pass) the ``outcome`` follows it."""
        faces = self.dice.roll(n)
        success = outcome = None
        if need is not None:
            total = sum(faces)
            success = total >= need if compare == ">=" else total <= need
            if good_when_met:
                outcome = good_if(success)
        self.emit(
            Roll(
                rule=rule, **self.said(key, **params), dice=faces, need=need,
                compare=compare,  # type: ignore[arg-type]
                success=success, inputs=inputs or {}, figure=figure, target=target,
                result=result, outcome=outcome,
            )
        )
        return faces

    # -- stack ------------------------------------------------------------------------
    def push(self, *steps: AnyStep) -> None:
        """Push steps so that the first one given runs first."""
        self.s.stack.extend(reversed(steps))

    # -- figures ----------------------------------------------------------------------
    def fig(self, fid: str) -> Figure:
        return self.s.figures[fid]

    def figures(self) -> Iterator[Figure]:
        return iter(self.s.figures.values())

    def in_play(self) -> list[Figure]:
        """Figures in play (a list: callers walk it whole, and a list is cheaper to build)."""
        return [f for f in self.s.figures.values() if f.status == "in_play"]

    def band_figures(self, band: str) -> Iterator[Figure]:
        return (f for f in self.s.figures.values() if f.band == band)

    def moved(self) -> None:
        """Positions or standings changed: forget cached lines of sight."""
        self._sight.clear()
        self.sight_version += 1

    # -- geometry shortcuts ------------------------------------------------------------
    def level(self, f: Figure) -> float:
        """Standing level: the rope's height climbed, a roof, or the hill underfoot."""
        if f.climbing is not None:
            return f.climbing.done
        if f.on_piece is not None:
            return self.table.piece_height(f.on_piece)
        key = (f.x, f.y)
        lv = self._levels.get(key)
        if lv is None:
            lv = self._levels[key] = self.table.level_at(key)
        return lv

    def obstacles(self, mover: Figure, extra: Iterable[Figure] = ()) -> list[Disc]:
        """Bases that block ``mover``: every other figure in play (GAP-51: fallen ones
        block nothing)."""
        skip = {mover.id, *(e.id for e in extra)}
        return [f.disc for f in self.s.figures.values() if f.status == "in_play" and f.id not in skip]

    def sees(self, viewer: Figure, target: Figure) -> bool:
        """GAP-20 line of sight between two figures, cached until something moves."""
        key = self._key(viewer, target)
        hit = self._sight.get(key)
        if hit is None:
            hit = self.sight(viewer, target).visible
            self._sight[key] = hit
        return hit

    @staticmethod
    def _key(a: Figure, b: Figure) -> tuple[str, str]:
        return (a.id, b.id) if a.id < b.id else (b.id, a.id)

    def sight(self, viewer: Figure, target: Figure):  # noqa: ANN201 - geometry's Sight
        blockers = ()
        if self.s.options.figures_block_los:
            blockers = tuple(
                f.disc for f in self.in_play() if f.id not in (viewer.id, target.id)
            )
        return self.table.sight(
            viewer.disc, target.disc, blockers, levels=(self.level(viewer), self.level(target))
        )


def outranks(a: Figure, b: Figure) -> bool:
    """[R-GEN-RANK] ``a`` is of a better level than ``b``."""
    return _LEVEL[a.rank] > _LEVEL[b.rank]


#: Rank levels by rank name: asked for every enemy on every move (Spot candidates).
_LEVEL = {rank.value: rank.level for rank in Rank}
