"""One ordered list of named checks for a file, and the one place their problems go.

A scenario or warband file is checked stage by stage — syntax, fields, limits, ranges,
band rules here in ``content``, then what only the rules, the measured table or the engine
know (``skirmish.validate`` appends those). Every caller (``validate``, ``play``,
``simulate``, a new campaign, the window, a replay's embedded scenario) runs the same list,
so a file is refused for the same reasons, each said once, wherever it is opened.

A check is a function of the file under check (filled in as the stages go: parsed data,
record, table…) and the :class:`Problems` collector. Two things make a later check
meaningless and are declared, not re-tested by each check: ``stops`` (a file that does
not parse has no fields to check) and ``needs`` (the table is not measured when it broke
the limits; a sound table is only played out when nothing else is wrong).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from skirmish.content.errors import Problem

__all__ = ["Check", "Checks", "Problems", "clean"]

Subject = TypeVar("Subject", contravariant=True)


class Problems:
    """Every problem found in one file (and the warband files it names), in the order the
    checks found them, each once, with the name of the check that found it; and the
    warnings, which do not refuse the file."""

    def __init__(self) -> None:
        self._found: dict[Problem, str] = {}
        self._warnings: dict[Problem, None] = {}
        #: The name of the running check (:meth:`Checks.run` sets it).
        self.check = ""

    def add(self, problem: Problem) -> None:
        """Record ``problem`` against the running check; a line already said (by a warband
        file two bands share, an unknown weapon written twice) is not said again."""
        self._found.setdefault(problem, self.check)

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.add(problem)

    def warn(self, problem: Problem) -> None:
        self._warnings.setdefault(problem, None)

    def found_by(self, check: str) -> bool:
        """Some problem came from the check named ``check``."""
        return check in self._found.values()

    def about(self, file: str, entry: str) -> bool:
        """Some problem names this entry of this file."""
        return any(p.file == file and p.entry == entry for p in self._found)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(self._warnings)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)


def clean(found: Problems) -> bool:
    """Nothing is wrong so far: for the checks that measure or play a sound file."""
    return not found


@dataclass(frozen=True)
class Check(Generic[Subject]):
    """One named stage: ``run`` adds what it finds to the collector. ``stops``: a problem
    here ends the list (nothing later can be read); ``needs``: the check is skipped unless
    what was found so far allows it to mean something."""

    name: str
    run: Callable[[Subject, Problems], None]
    stops: bool = False
    needs: Callable[[Problems], bool] | None = None


@dataclass(frozen=True)
class Checks(Generic[Subject]):
    """An ordered tuple of checks, run in order into one :class:`Problems`."""

    checks: tuple[Check[Subject], ...]

    def between(self, first: str, last: str) -> Checks[Subject]:
        """The checks from ``first`` to ``last``, both included (a record already parsed
        starts after the syntax; a replay stops before what concerns deploying)."""
        names = [c.name for c in self.checks]
        return Checks(self.checks[names.index(first):names.index(last) + 1])

    def run(self, subject: Subject) -> Problems:
        found = Problems()
        for check in self.checks:
            if check.needs is not None and not check.needs(found):
                continue
            before = len(found)
            found.check = check.name
            check.run(subject, found)
            if check.stops and len(found) > before:
                break
        return found
