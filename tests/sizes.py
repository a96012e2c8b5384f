"""Sizes of the long random and property runs: a short run in every suite, the full run
under ``pytest -m slow``, so the default suite stays within a few minutes on a shared
two-core machine while the full sizes remain one command away."""

from __future__ import annotations

import pytest


def sizes(short: int, full: int) -> list:
    """``pytest.mark.parametrize`` values: ``short`` by default, ``full`` marked slow."""
    return [pytest.param(short, id=f"n{short}"),
            pytest.param(full, id=f"n{full}", marks=pytest.mark.slow)]
