"""The replay bench measures what it says: a 6-turn three-band game, every step sought
and stepped back from (no timing is asserted here; ``skirmish bench`` reports them)."""

from __future__ import annotations

from skirmish.bench import replay as rb
from skirmish.replay.timeline import Timeline


def test_bench_replay_is_six_turns_three_bands_and_visits_every_step():
    replay = rb.six_turn_replay()
    tl = Timeline(replay, "bench")
    game = tl.seek(tl.length)
    assert game.state.turn == 6 and len(game.state.bands) == 3
    seek = rb.worst_seek(tl)
    assert seek.worst >= seek.median > 0 and tl.position == tl.length
    back = rb.worst_back(tl)
    assert back.worst >= back.median > 0 and tl.position == 0
    assert tl.game.state_hash() == tl.hashes[0]
