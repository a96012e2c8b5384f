"""Replay files and saved games (JSON, versioned, written atomically).

A save is a replay: the scenario (embedded), the rules options, the seed and every
player-issued command with the state hash after it; everything else is recomputed, so the
same file gives the same game byte for byte and a divergence is caught at its step
(:func:`~skirmish.replay.record.rerun`). A file records the engine behaviour the game was
played with (``ruleset_version``): a game loaded from it plays on with that behaviour, so
a change to the engine never breaks a recorded game, and a file from a newer program is
refused, naming the entry. A file of an earlier format, whose hashes are of the state as
an earlier program encoded it, is checked in that encoding and given today's hashes on
load, which says so (:mod:`~skirmish.replay.layouts`; ``tests/replay/corpus`` holds files
of earlier programs, verified on every run). A practice retry keeps its discarded attempt (``retries``),
which ``--verify`` re-runs too; bookmarks and notes never change what it checks.
"""
