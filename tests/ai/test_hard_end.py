"""The hard player near the end of the game (GAP-13: the scenario's last turn ends it, and
the tally scores what each band has then): its last activations are searched by rollouts
played to the end on forked dice, judged by the final score. Fixed seeds and forced
initiative throughout."""

from __future__ import annotations

import msgspec

from skirmish.ai import hard as hard_mod
from skirmish.ai.hard import HardPlayer, final_margin, to_play
from skirmish.rules import commands as c
from skirmish.rules.frame.victory import holds, tally
from skirmish.rules.skirmish.preview import ctx_of
from tests.ai.test_objectives import OFF, SCREEN, ford, game_with
from tests.rules.build import band, fig, scenario, start


def test_only_the_last_turns_activations_are_counted_to_the_end_GAP_13():
    """GAP-13: before the last turn no rollout reaches the end; on it, the figures still
    to act are what is left of the game."""
    early = game_with([ford("ford", (13.0, 11.5))], fig("x", "sous_fifre", (10, 10)), turn=2)
    last = game_with([ford("ford", (13.0, 11.5))], fig("x", "sous_fifre", (10, 10)), turn=6)
    assert to_play(early) > hard_mod.END_ACTS
    assert 0 < to_play(last) <= hard_mod.END_ACTS


def test_the_final_margin_is_the_tally_with_a_win_on_top_GAP_13_R_VP():
    """GAP-13 [R-VP]: the leaf of a rollout to the end is the score itself: the margin
    over the other band, and ``WIN`` more for a band ahead (less for one behind)."""
    g = game_with([ford("ford", (10.0, 10.0), vp=5)], fig("x", "sous_fifre", (10, 10)), turn=6)
    vp, _ = tally(ctx_of(g))
    assert vp == {"a": 5, "b": 0}
    assert final_margin(g, "a") == 5 + hard_mod.WIN
    assert final_margin(g, "b") == -5 - hard_mod.WIN


def test_a_rollout_to_the_end_plays_the_game_out_on_forked_dice_GAP_13():
    """GAP-13: the rollout plays every activation left, both bands by the normal player,
    until the game is over, on dice of its own: the real stream is untouched and the
    same salt gives the same score."""
    g = game_with([ford("ford", (13.0, 11.5))], fig("x", "sous_fifre", (10, 10)), turn=6)
    hard = HardPlayer(1, rollouts=4, clock=False)
    before = g.dice.snapshot()
    walk = c.Walk(figure="a:x", to=(13.0, 11.5))
    v = hard.rollout_end(g, walk, "a", 17)
    assert g.dice.snapshot() == before and not g.over
    assert v == hard.rollout_end(g, walk, "a", 17)
    assert v >= 5 + hard_mod.WIN  # x holds the ford alone at the end


def test_on_the_last_turn_the_searched_figure_ends_on_the_objective_GAP_13_R_ACT_WALK():
    """GAP-13 [R-ACT-WALK]: x's last activation, its commands searched to the end: it ends
    on the ford nobody else can reach, which the final score counts."""
    g = game_with([ford("ford", (13.0, 11.5))], fig("x", "sous_fifre", (10, 10)), turn=6)
    hard = HardPlayer(1, rollouts=8, clock=False)
    while g.state.active == "a:x":
        g.apply(hard.choose(g))
    assert holds(g.state.figures["a:x"], g.state.objectives[0])


def test_an_activations_searches_share_one_deadline_GAP_13(monkeypatch):
    """GAP-13: near the end every command of the active figure is searched, and the clock's
    deadline is the activation's, set when the figure was chosen: a player waits the
    budget once per activation, not once per command (on a game's last turn an activation
    of four commands had waited four budgets)."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("z", "sous_fifre", (14, 10))),
                   band("b", fig("y", "sous_fifre", (10, 30)), fig("boss", "chef", (40, 30))),
                   terrain=[SCREEN])
    scn = msgspec.structs.replace(scn, objectives=(ford("ford", (13.0, 13.5)),))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = 6
    seen: list[float] = []

    def first(self, game, cands, prior, n, deadline):
        seen.append(deadline)
        return cands[0]

    monkeypatch.setattr(hard_mod, "CMD_TIE", 1e9)  # every command a close one: all searched
    monkeypatch.setattr(HardPlayer, "search", first)
    hard = HardPlayer(1, rollouts=4)
    act = hard.choose(g)
    assert isinstance(act, c.Activate)
    g.apply(act)
    while g.state.active == act.figure:
        g.apply(hard.choose(g))
    assert len(seen) >= 2 and set(seen) == {hard._act[2]}
