"""The working context of one ``apply`` under Clé en main: the table's
(:class:`~skirmish.rules.frame.context.TableCtx`: state, table, rulebook, dice, events,
lines of sight) with what the ruleset's resolution reads as a :class:`Work` (its part of
the state, the round, figure names, roll serials)."""

from __future__ import annotations

from collections.abc import Mapping

from skirmish.content.models import Rulebook
from skirmish.rules.cle_en_main.flow_state import CmState
from skirmish.rules.cle_en_main.state import CmFigure, CmPart
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.dice import Dice
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.geometry import TableLike


class CmCtx(TableCtx, Work):
    s: CmState

    def __init__(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice) -> None:
        TableCtx.__init__(self, state, table, book, dice)
        #: Events already looked at for first sightings ([R-MORALE-SPOT], ``passive.py``).
        self.scanned = 0

    @property
    def cm(self) -> CmPart:  # type: ignore[override]
        return self.s.cm

    @property
    def round(self) -> int:  # type: ignore[override]
        return self.s.turn

    @property
    def names(self) -> Mapping[str, str]:  # type: ignore[override]
        return {fid: f.name for fid, f in self.s.figures.items()}

    def fig(self, fid: str) -> FrameFigure:
        return self.s.figures[fid]

    def pair(self, fid: str) -> tuple[FrameFigure, CmFigure]:
        return self.s.figures[fid], self.s.cm.figures[fid]
