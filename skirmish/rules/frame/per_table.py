"""Answers remembered per table. The terrain never changes and every game of a scenario is
played on the same table, so what depends only on the table and a few inputs (where
auto-deployment places a band, who sees whom once it stands) is worked out once for all
those games. Tables are held weakly: one nobody plays on any more takes its answers along."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class PerTable(Generic[V]):
    """At most ``kept`` answers per table, by key; past that a table starts afresh."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._by_table: weakref.WeakKeyDictionary[Any, dict[Hashable, V]] = (
            weakref.WeakKeyDictionary())

    def get(self, table: object, key: Hashable, make: Callable[[], V]) -> V:
        """The answer under ``key`` on ``table``, made by ``make`` the first time it is
        asked (every time for a table that cannot be weakly referenced)."""
        try:
            known = self._by_table.setdefault(table, {})
        except TypeError:
            return make()
        found = known.get(key)
        if found is None:
            if len(known) >= self.kept:
                known.clear()
            found = known[key] = make()
        return found
