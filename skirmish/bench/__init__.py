"""Benchmarks run by ``skirmish bench``: measured figures with their targets.

Each figure is the min and median of a few runs, next to a baseline timed in the same run
(a ``Game.copy()``, a plain pymunk loop, a whole re-run), since on a shared machine the
ratio holds where the wall time does not. To compare two versions of the code, run the
bench on each in turn, interleaved, and compare the min / median pairs: on two shared
cores a p95 moves by ±15 ms between runs of the same code.
"""
