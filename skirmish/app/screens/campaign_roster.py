"""The roster as the post-game panel has told it so far.

The campaign's state is the end of the procedure; while the panel walks it page by page,
the roster beside it must not give the results away (a figure "dead" before its return
roll is shown). :func:`rewind` takes the events the panel has not shown yet and says
what they changed, so the roster can show each figure as it was before them: status,
XP, profile, lasting injuries, games to miss, kit, the band's points and its recruits,
and whether it has left the campaign (D-10).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skirmish.campaign import events as ce
from skirmish.rules.events import Event


@dataclass
class Rewound:
    """What the events not shown yet changed, to be taken back from the state."""

    status: dict[str, str] = field(default_factory=dict)
    xp: Counter[str] = field(default_factory=Counter)
    profile: dict[str, dict[str, Any]] = field(default_factory=dict)
    injuries: dict[str, Counter[str]] = field(default_factory=dict)
    misses: Counter[str] = field(default_factory=Counter)
    points: dict[str, int] = field(default_factory=dict)
    kit_back: dict[str, list[str]] = field(default_factory=dict)
    kit_new: dict[str, Counter[str]] = field(default_factory=dict)
    recruits: set[str] = field(default_factory=set)
    rank: dict[str, str] = field(default_factory=dict)
    #: The bands whose leaving the campaign (D-10) is still to be told.
    leaving: set[str] = field(default_factory=set)

    def kit(self, fid: str, items: Sequence[str]) -> list[str]:
        """``items`` as the figure carried them before: what it bought since taken away,
        what it lost since given back."""
        new = Counter(self.kit_new.get(fid, Counter()))
        out = []
        for item in items:
            if new[item] > 0:
                new[item] -= 1
            else:
                out.append(item)
        return out + self.kit_back.get(fid, [])

    def lasting(self, fid: str, injuries: Sequence[str]) -> list[str]:
        later = Counter(self.injuries.get(fid, Counter()))
        out = []
        for injury in injuries:
            if later[injury] > 0:
                later[injury] -= 1
            else:
                out.append(injury)
        return out


#: The status a figure had before an event of the captives' step changed it.
_BEFORE_CAPTIVE = {"captured": "active", "ransomed": "captured", "exchanged": "captured"}


def rewind(later: Sequence[Event]) -> Rewound:
    """What ``later`` (events after the page shown, in log order) changed; undone from
    the last back, so each value is the one before the first of them."""
    r = Rewound()
    for e in reversed(later):
        fid = str(getattr(e, "figure", ""))
        if isinstance(e, ce.Left):
            r.status[fid] = "captured" if e.status == "lost" else "active"
        elif isinstance(e, ce.Captive) and e.outcome in _BEFORE_CAPTIVE:
            r.status[fid] = _BEFORE_CAPTIVE[e.outcome]
        elif isinstance(e, ce.XpGained):
            r.xp[fid] += e.xp
        elif isinstance(e, ce.ProfileChanged):
            r.profile[fid] = e.before
        elif isinstance(e, ce.Injury):
            r.injuries.setdefault(fid, Counter())[e.result] += 1
        elif isinstance(e, ce.Misses):
            r.misses[fid] += e.games
        elif isinstance(e, ce.BandPoints):
            r.points[e.band] = e.total - e.change
        elif isinstance(e, ce.Bought):
            r.kit_new.setdefault(e.figure if ":" in e.figure else f"{e.band}:{e.figure}",
                                 Counter())[e.item] += 1
        elif isinstance(e, ce.ItemsLost):
            r.kit_back.setdefault(fid, []).extend(e.items)
        elif isinstance(e, ce.Hired):
            r.recruits.add(e.figure if ":" in e.figure else f"{e.band}:{e.figure}")
        elif isinstance(e, ce.Promoted) and e.rank == "sous_chef":
            r.rank[fid] = "sous_fifre"
        elif isinstance(e, ce.BandLeft):
            r.leaving.add(e.band)
    return r
