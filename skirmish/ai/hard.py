"""The hard computer player: Monte-Carlo search over the activation with chance nodes.

At each choice — which figure to activate, then each of its commands — it takes the
normal player's best few candidates and plays each out on copies of the game with
forked dice (``Game.copy(fork_dice=...)``: the dice of a look-ahead are a sample of the
chance node, never the real stream): the candidate, the rest of that activation and the
opponent's reply, all by the normal player, then judges the position reached
(:func:`evaluate.material`). Successive halving spends the rollouts on the candidates
still in the race, until the time budget (default 1 s per activation) or, for
reproducible batch runs, a fixed number of rollouts is used up.
"""

from __future__ import annotations

import random
import time

from skirmish.ai import evaluate as ev
from skirmish.ai.normal import NormalPlayer, plan_of
from skirmish.ai.player import Planner, default_answer
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish.preview import ctx_of

WIDTH = 4  # candidates searched at each choice
REPLY_ACTIVATIONS = 1  # the opponent's activations played out after ours
MAX_STEPS = 40  # commands in one rollout, a guard


class HardPlayer(Planner):
    def __init__(self, seed: int, *, budget: float = 1.0, rollouts: int = 0) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.budget = budget
        self.rollouts = rollouts
        self.policy = NormalPlayer(seed + 7)
        self._salt = seed * 7919
        self._spent: tuple[tuple[int, str] | None, float] = (None, 0.0)

    # -- choosing ------------------------------------------------------------------------
    def choose(self, game: Game) -> c.Command:
        forced = default_answer(game)
        if forced is not None:
            return forced
        state = game.state
        if state.active is None:
            cmds = game.legal_commands(sample_moves=False)
            if any(isinstance(x, (c.AutoDeploy, c.EndDeployment)) for x in cmds):
                return self.policy.choose_activation(game)
            acts = [x for x in cmds if isinstance(x, c.Activate)]
            if len(acts) <= 1:
                return acts[0] if acts else cmds[0]
            ctx = ctx_of(game.copy())
            ranked = sorted(acts, key=lambda a: -ev.activation_priority(ctx, ctx.fig(a.figure)))
            return self.search(game, ranked[:WIDTH], self.budget / 3)
        ranked = self.policy.ranked(game)
        key = (state.turn, state.active)
        if self._spent[0] != key:
            self._spent = (key, 0.0)
        left = max(0.0, self.budget * 2 / 3 - self._spent[1])
        t0 = time.perf_counter()
        cands = [s.cmd for s in ranked[:WIDTH]]
        best = self.search(game, cands, left / 2) if len(cands) > 1 else cands[0]
        self._spent = (key, self._spent[1] + time.perf_counter() - t0)
        if self._planned != key:
            self._planned = key
            chosen = next(s for s in ranked if s.cmd == best)
            self._plan = plan_of(game, state.active, chosen)
        return best

    def search(self, game: Game, cands: list[c.Command], budget: float) -> c.Command:
        """Successive halving over ``cands`` with forked-dice rollouts."""
        band = game.to_act
        alive = list(range(len(cands)))
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        t_end = time.perf_counter() + budget
        per_round = 2
        done = 0
        while len(alive) > 1:
            for i in alive:
                for _ in range(per_round):
                    if not self.rollouts and counts[i] and time.perf_counter() >= t_end:
                        break  # the budget is spent: every candidate keeps one sample
                    totals[i] += self.rollout(game, cands[i], band)
                    counts[i] += 1
                    done += 1
            out_of_time = time.perf_counter() >= t_end
            if self.rollouts and done >= self.rollouts:
                break
            if not self.rollouts and out_of_time:
                break
            alive.sort(key=lambda i: -totals[i] / counts[i])
            alive = alive[: max(1, len(alive) // 2)] if out_of_time or len(alive) > 2 else alive
            if len(alive) == 2 and (self.rollouts and done >= self.rollouts // 2):
                alive = alive[:1] if totals[alive[0]] / counts[alive[0]] > totals[alive[1]] / counts[
                    alive[1]] else alive
        scored = [i for i in range(len(cands)) if counts[i]]
        if not scored:
            return cands[0]
        return cands[max(scored, key=lambda i: (totals[i] / counts[i], -i))]

    def rollout(self, game: Game, cmd: c.Command, band: str | None) -> float:
        """One sample of the chance node: ``cmd``, the rest of our activation, the
        opponent's reply, played by the normal player on forked dice."""
        self._salt += 1
        g = game.copy(fork_dice=self._salt)
        try:
            g.apply(cmd)
        except Exception:  # noqa: BLE001 - an illegal sampled command is just a bad one
            return -1e9
        policy = NormalPlayer(self._salt)
        replies = steps = 0
        while not g.over and steps < MAX_STEPS:
            st = g.state
            if st.pending is None and st.active is None:  # between two activations
                if g.to_act == band or replies >= REPLY_ACTIVATIONS:
                    break
                replies += 1
            g.apply(policy.choose(g))
            policy.take_plan()
            steps += 1
        return ev.material(ctx_of(g), band or "")
