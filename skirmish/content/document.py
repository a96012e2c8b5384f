"""The file under check: what its checks are told, and what each check makes of it.

The checks of :mod:`skirmish.content.pipeline` pass one :class:`Document` along, so the
file is read and parsed once: the syntax check leaves the parsed ``data``, the fields
check the ``record``, and every later check reads them rather than loading the file
again. The layers above add what only they can hold (the measured table) in a subclass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from skirmish.content.models import Rulebook
from skirmish.content.scenario import DEFAULT_BAND_POINTS, Scenario
from skirmish.content.warband import Warband

__all__ = ["Document", "Kind"]

Kind = Literal["scenario", "warband"]


@dataclass(kw_only=True)
class Document:
    """A scenario or warband file on its way through the checks.

    ``file`` names it in every problem. It is read from ``path``, or given as ``data``
    (a replay's embedded scenario, a dict), then checks start after the syntax. ``kind``
    is what the caller expects; None: told by the top-level table. ``base_dir``: where
    ``warband = "…"`` references are read (None: the bands must be embedded).
    ``budget`` and ``setting`` price a warband file checked on its own (a scenario's bands
    are priced by the scenario). ``ruleset``: the rules it will be played under, when not
    its own (``--ruleset``); ``played`` is then the scenario as played under them.
    """

    file: str
    book: Rulebook
    path: Path | None = None
    data: Mapping[str, Any] | None = None
    kind: Kind | None = None
    base_dir: Path | None = None
    budget: int | None = DEFAULT_BAND_POINTS
    setting: str | None = None
    ruleset: str | None = None
    record: Scenario | Warband | None = None
    band_files: dict[int, str] = field(default_factory=dict)
    played: Scenario | None = None

    def scenarios(self) -> tuple[Scenario, ...]:
        """The scenario as written and, when played under other rules, as played: what the
        rules' checks (options, native blocks) look at."""
        if not isinstance(self.record, Scenario):
            return ()
        if self.played is None or self.played is self.record:
            return (self.record,)
        return (self.record, self.played)
