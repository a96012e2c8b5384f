"""The working set of one ``apply`` on the table: state, table, rulebook, dice and the
events so far, under any ruleset.

The frame's functions take a :class:`TableCtx` instead of five arguments; it also owns the
small caches (line of sight between figures, standing levels) that are valid until a
figure moves or falls. A ruleset's own context extends it with what its resolution needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from skirmish.content.models import Rank, Rulebook
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event, Roll, good_if
from skirmish.rules.frame.figure import TableFigure
from skirmish.rules.frame.messages import ID_PARAMS, say
from skirmish.rules.frame.state import TableState
from skirmish.rules.geometry import Disc, TableLike


class TableCtx:
    def __init__(self, state: TableState, table: TableLike, book: Rulebook, dice: Dice) -> None:
        self.s = state
        self.table = table
        self.book = book
        self.dice = dice
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

    # -- figures ----------------------------------------------------------------------
    def fig(self, fid: str) -> Any:
        """The figure ``fid``, of the game's ruleset's own figure type."""
        return self.s.figures[fid]

    def figures(self) -> Iterator[Any]:
        return iter(self.s.figures.values())

    def in_play(self) -> list[Any]:
        """Figures in play (a list: callers walk it whole, and a list is cheaper to build)."""
        return [f for f in self.s.figures.values() if f.status == "in_play"]

    def band_figures(self, band: str) -> Iterator[Any]:
        return (f for f in self.s.figures.values() if f.band == band)

    def moved(self) -> None:
        """Positions or standings changed: forget cached lines of sight."""
        self._sight.clear()
        self.sight_version += 1

    # -- geometry shortcuts ------------------------------------------------------------
    def level(self, f: TableFigure) -> float:
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

    def obstacles(self, mover: TableFigure, extra: Iterable[TableFigure] = ()) -> list[Disc]:
        """Bases that block ``mover``: every other figure in play (GAP-51: fallen ones
        block nothing)."""
        skip = {mover.id, *(e.id for e in extra)} if extra else (mover.id,)  # no set for one
        return [f.disc for f in self.s.figures.values() if f.status == "in_play" and f.id not in skip]

    def sees(self, viewer: TableFigure, target: TableFigure) -> bool:
        """GAP-20 line of sight between two figures, cached until something moves."""
        a, b = viewer.id, target.id
        key = (a, b) if a < b else (b, a)
        hit = self._sight.get(key)
        if hit is None:
            if self.s.options.figures_block_los:
                hit = self.sight(viewer, target).visible
            elif (viewer.climbing is None and viewer.on_piece is None
                  and target.climbing is None and target.on_piece is None):
                # both stand on the ground: their levels are the table's where they stand
                hit = self.table.sees_on_ground(viewer.disc, target.disc)
            else:
                hit = self.table.sees(viewer.disc, target.disc,
                                      levels=(self.level(viewer), self.level(target)))
            self._sight[key] = hit
        return hit

    def sight(self, viewer: TableFigure, target: TableFigure):  # noqa: ANN201 - geometry's Sight
        blockers = ()
        if self.s.options.figures_block_los:
            blockers = tuple(
                f.disc for f in self.in_play() if f.id not in (viewer.id, target.id)
            )
        return self.table.sight(
            viewer.disc, target.disc, blockers, levels=(self.level(viewer), self.level(target))
        )


def table_ctx(game: Any) -> TableCtx:
    """The table's context of a :class:`~skirmish.rules.game.Game` of any ruleset, for
    what the window and previews ask of the table alone (contact, sight)."""
    return TableCtx(game.state, game.table, game.book, game.dice)


def outranks(a: TableFigure, b: TableFigure) -> bool:
    """[R-GEN-RANK] ``a`` is of a better level than ``b``."""
    return _LEVEL[a.rank] > _LEVEL[b.rank]


def rank_level(f: TableFigure) -> int:
    """``Rank(f.rank).level`` read from a table by the rank's name: building the enum
    from its value costs more than the rest of a Spot or contact ordering."""
    return _LEVEL[f.rank]


#: Rank levels by rank name: asked for every enemy on every move (Spot candidates).
_LEVEL = {rank.value: rank.level for rank in Rank}
