"""Derived profiles: a base profile with race, alien-trade and advancement changes applied.

The rules read a figure's characteristics from here, so race options (GAP-6 via
``when``) and the target-number arithmetic of [R-GEN-TN] live in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from skirmish.content.models import TARGET_NUMBER_STATS, Profile, Rank, Rulebook, StatChange
from skirmish.content.warband import FigureSpec, Warband

#: Defaults of the rules options that content data depends on (RULES.md §15).
OPTION_DEFAULTS: Mapping[str, Any] = {"elf_resistance": "a"}


def change_applies(change: StatChange, rank: Rank, options: Mapping[str, Any]) -> bool:
    """A change applies to its ranks, and only when every ``when`` option has that value."""
    if rank not in change.ranks:
        return False
    for key, wanted in change.when.items():
        value = options.get(key, OPTION_DEFAULTS.get(key))
        if str(value) != wanted:
            return False
    return True


def apply_change(profile: Profile, change: StatChange) -> Profile:
    """One change, unconditionally. ``improve`` lowers a target number ([R-GEN-TN]).

    Mvt stays a float (pas may be fractional); every other characteristic stays an int.
    """
    current = getattr(profile, change.stat)
    if change.op == "add":
        new = current + change.value
    elif change.op == "improve":
        if change.stat not in TARGET_NUMBER_STATS:
            raise ValueError(f"'improve' applies to ct or ccc, not {change.stat}")
        new = current - change.value
    else:
        new = change.value
    if change.stat == "mvt":
        new = float(new)
    else:
        new = int(round(new))
    return msgspec.structs.replace(profile, **{change.stat: new})


def apply_changes(
    profile: Profile,
    changes: Iterable[StatChange],
    options: Mapping[str, Any] | None = None,
) -> Profile:
    """Apply, in order, every change that fits the profile's rank and the ``options``."""
    opts = options or {}
    for change in changes:
        if change_applies(change, profile.rank, opts):
            profile = apply_change(profile, change)
    return profile


def race_profile(
    rulebook: Rulebook,
    race_id: str,
    rank: Rank,
    options: Mapping[str, Any] | None = None,
    alien_trade: str | None = None,
) -> Profile:
    """[R-RACE-DERIVED] The base profile of ``rank`` with the race (and alien trade) applied.

    Costs are unchanged (GAP-5). Raises ``KeyError`` for an unknown race or trade id
    (files are checked on load, so this only happens with hand-built records).
    """
    profile = rulebook.profiles[Rank(rank)]
    profile = apply_changes(profile, rulebook.races[race_id].changes, options)
    if alien_trade is not None:
        profile = apply_changes(profile, rulebook.alien_trades[alien_trade].changes, options)
    return profile


def figure_profile(
    rulebook: Rulebook,
    warband: Warband,
    figure: FigureSpec,
    options: Mapping[str, Any] | None = None,
) -> Profile:
    """A figure's own profile: race, its alien trade, then its campaign advances.

    Equipment bonuses (armour R, sight CT, cybernetic limbs) are situational and stay with
    the rules; serious-injury caps (GAP-65) are the campaign's.
    """
    profile = race_profile(rulebook, warband.race, figure.rank, options, figure.alien_trade)
    return apply_changes(profile, figure.advances, options)
