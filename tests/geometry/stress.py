"""The benchmark's stress board of each seed, built once per process: the geometry tests
only ask it questions, and building one costs about 0.4 s of CPU."""

from functools import cache

from skirmish.bench.geometry import stress_board

board = cache(stress_board)
