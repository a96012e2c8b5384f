"""The keys a table remembers routes under (GAP-15, GAP-16, R-ACT-CHARGE): every input of
a query bit for bit, whether the bases come as the rules' list or as an array."""

from __future__ import annotations

import math

import numpy as np
import pytest

from skirmish.geometry.table import _bits, _disc_bits


def _array_bits(*numbers: float | None) -> bytes:
    return np.array([math.nan if x is None else x for x in numbers], dtype=float).tobytes()


@pytest.mark.parametrize("seed", range(3))
def test_route_keys_are_the_float64_bytes_GAP_16(seed):
    """A route's memo key holds the mover, goal and limit as their float64 bytes (-0.0
    and 0.0 apart, None as NaN) and the bases in order with their shape: the bytes and
    shape numpy gives, for a list of bases and for their array alike."""
    rng = np.random.default_rng(seed)
    for n in range(12):
        numbers = [*rng.uniform(-50, 50, n).tolist(), None, 0.0, -0.0, 3]
        assert _bits(*numbers) == _array_bits(*numbers)
        discs = [tuple(d) for d in rng.uniform(0, 40, (n, 3)).tolist()]
        arr = np.asarray(discs, dtype=float)
        assert _disc_bits(discs) == (arr.shape, arr.tobytes())
        if n:  # no bases: the list's array has shape (0,), an empty (0, 3) array keeps its own
            assert _disc_bits(arr) == _disc_bits(discs)
    assert _bits(0.0) != _bits(-0.0)
    assert _disc_bits([(1.0, 2.0, 0.5)]) != _disc_bits([(1.0, 2.0, -0.5)])
