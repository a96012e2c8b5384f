"""The working set of one WFRP ``apply``: the table's context with this ruleset's dice
(RULESETS §0.5 S3: a d100 read from a tens and a units d10, and d10s, each die with its
role) and the resolution stack."""

from __future__ import annotations

from typing import Any

from skirmish.rules.events import DiceRoll, Face, good_if
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.wfrp2.profile import location_of, reverse
from skirmish.rules.wfrp2.state import RULESET, Step, WfFigure, WfState


class WfCtx(TableCtx):
    s: WfState
    #: Events already looked at for first sightings ([R-MORALE-SPOT], ``passive.py``).
    scanned: int = 0

    def fig(self, fid: str) -> WfFigure:
        return self.s.figures[fid]

    def push(self, *steps: Step) -> None:
        """Push steps so that the first one given runs first."""
        self.s.stack.extend(reversed(steps))

    def d100(self, *, rule: str, key: str, params: dict[str, Any], need: int | None,
             figure: str | None, target: str | None = None, inputs: dict[str, Any] | None = None,
             locate: bool = False, replaces: int | None = None,
             paid: dict[str, int] | None = None, good_when_met: bool = True
             ) -> tuple[int, int]:
        """[WF-ATK-ROLL] a d100 test: the tens die then the units die (a 10 reads 0; 00 is
        100), one :class:`DiceRoll`; success when the value ≤ ``need``. ``locate`` adds the
        hit location its reversed value gives ([WF-LOC]) to a success. Returns (value,
        the roll's number)."""
        tens, units = self.dice.die(10) % 10, self.dice.die(10) % 10
        value = tens * 10 + units or 100
        success = None if need is None else value <= need
        location = location_of(reverse(value)) if locate and success else None
        return value, self._record(
            rule=rule, key=key, params=params, faces=(Face(die="d10", face=tens, role="tens"),
                                                      Face(die="d10", face=units, role="units")),
            value=value, need=need, success=success, figure=figure, target=target,
            inputs=inputs, location=location, replaces=replaces, paid=paid,
            good_when_met=good_when_met)

    def d10(self, *, rule: str, key: str, params: dict[str, Any], role: str,
            figure: str | None, target: str | None = None,
            inputs: dict[str, Any] | None = None) -> int:
        """One d10 with its role (damage, initiative, a tie-break…), one :class:`DiceRoll`."""
        face = self.dice.die(10)
        self._record(rule=rule, key=key, params=params,
                     faces=(Face(die="d10", face=face, role=role),), value=face, need=None,
                     success=None, figure=figure, target=target, inputs=inputs)
        return face

    def _record(self, *, rule: str, key: str, params: dict[str, Any], faces: tuple[Face, ...],
                value: int, need: int | None, success: bool | None, figure: str | None,
                target: str | None, inputs: dict[str, Any] | None,
                location: str | None = None, replaces: int | None = None,
                paid: dict[str, int] | None = None, good_when_met: bool = True) -> int:
        self.s.rolls += 1
        self.emit(DiceRoll(
            rule=rule, **self.said(key, **params), dice=tuple(f.face for f in faces),
            need=need, compare="<=" if need is not None else ">=", success=success,
            inputs=inputs or {}, figure=figure, target=target, result=str(value),
            outcome=good_if(success) if success is not None and good_when_met else None,
            ruleset=f"{RULESET} v{self.s.ruleset_version}", faces=faces, value=value,
            roll=self.s.rolls, location=location, replaces=replaces, paid=paid or {}))
        return self.s.rolls
