"""The hard computer player: Monte-Carlo search over the activation order, with chance nodes.

At each choice of which figure to activate, it takes the best few (``WIDTH``) by the normal
player's priority, those within ``TIE`` of the first, and plays each one's whole activation
out on copies of the game with forked dice (``Game.copy(fork_dice=...)``: the dice of a
look-ahead are a sample of the chance node, never the real stream, and so is a choice
another band made in secret, RULESETS S15), the commands chosen by the normal player.
Where the first is ahead of every other by more than ``TIE`` it is played without a
search: searching past a clear first choice loses games to the normal player's choice
alone, while searching the close ones wins them.

The leaf (:meth:`HardPlayer.leaf`) judges the position reached by what each side has
(:func:`evaluate.material`), what both threaten to take next (:func:`evaluate.pressure`:
the opponent's reply is weighed, not played; a figure that has acted strikes again only
next turn, and on the last turn not at all) and where every figure of its band stands
(:func:`evaluate.place_value`). The whole band counts, not only the figure that acted,
so that activating one figure or another is compared on the same footing. Across games
only material predicts the final margin, but the places are what tell two activations
from one position apart; ``PRESSURE`` and ``STANDING`` weigh them.

Successive halving spends the rollouts on the candidates still in the race; the k-th
rollout of every candidate uses the same dice (common random numbers), and the normal
player's priority counts as ``PRIOR`` rollouts, so noise alone does not overturn its
choice. The questions the rules ask its band (a free shot or not, which way to escape, a
step back), which the normal player answers with the default, are searched the same way,
the default first so that a tie keeps it.

Near the end (the scenario's last turn, with at most ``END_ACTS`` activations left,
:func:`to_play`; GAP-13) the leaf need not guess: each rollout plays every activation left,
both bands by the normal player on forked dice, and is judged by the final score
(:func:`final_margin`, the tally's margin and ``WIN`` for a win). There the search also
weighs ending the first wave (an EndWave among the candidates) and the active figure's
best few commands by the normal player's score (:meth:`HardPlayer.command`): where a
figure stands and whom it strikes then is what scores.

In the first wave ([R-TURN-WAVE], GAP-10: a band may activate fewer figures than its d6
allows) it ends the wave once every figure left is :func:`quiet`; they act in wave 2,
after the enemy's first wave has come on. This is a choice the rules give the band, so the
computer makes it, and the window says it in one line; it does not change the win rate
measurably. The normal player ends it early only on the last turn, keeping back the
figures that answer an enemy's late step onto an objective.

Once a figure is active, its commands are the normal player's over a dense sample of
destinations (``legal_commands(dense_moves=True)``: every 15°, shorter moves, a stop
beyond an enemy's charge and on an objective), which beats the plain normal player but
costs several times a decision, well within this level's budget; the rollouts keep the
plain sample. It does not search the commands themselves: such a search changes about
one command in fifteen and wins no more games than the normal player's choice.

How much it searches is a *count* of rollouts per activation, derived from the budget
(``ROLLOUTS_PER_S`` per second, a rate measured on a modest machine) or fixed with
``rollouts``: so the same seed gives the same game on any machine, whatever its speed.
The wall clock is only a safety (``clock=True``, the window's default): a rollout that
would end past the activation's budget is not started, and the candidates not yet
sampled keep the normal player's order. The deadline is the activation's, shared by the
choice of the figure and the searches of its commands, so a player waits the budget
once per activation. Near the end, where every rollout plays the game out, the count
costs more than the budget, and there the clock does cut the window's search short.
Batch runs (``simulate``) and tests turn it off.
"""

from __future__ import annotations

import math
import time

from skirmish.ai import evaluate as ev
from skirmish.ai.normal import NormalPlayer
from skirmish.ai.player import Plan, default_answer
from skirmish.rules import commands as c
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.frame.victory import tally
from skirmish.rules.game import Game
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.state import Figure

WIDTH = 4  # at most this many figures searched at each choice
TIE = 0.3  # VP of priority: a figure this far behind the first is still a close choice
MAX_STEPS = 40  # commands in one rollout, a guard
ROLLOUTS_PER_S = 16  # the count a budget of one second buys (see the module docstring)
PRESSURE = 0.5  # of the threats standing at a rollout's end, counted in its value
PRIOR = 2.0  # rollouts the normal player's priority for a figure is worth
STANDING = 1.0  # of the band's place values (as the normal player weighs them)
QUIET = 0.1  # VP of danger below which a figure with nothing to hit can wait for wave 2
END_ACTS = 10  # activations left in the game at most, for a rollout to its end
END_STEPS = 400  # commands in one rollout to the end, a guard
WIN = 5.0  # VP a win is worth on top of the margin, in a rollout to the end
CMD_WIDTH = 3  # at most this many of the active figure's commands searched, near the end
CMD_TIE = 0.5  # VP of the normal player's score: a command this far behind is still close


def by_priority(game: Game) -> list[tuple[c.Activate, float]]:
    """The band's activations with the normal player's priority for each, highest first."""
    acts = [x for x in game.legal_commands(sample_moves=False) if isinstance(x, c.Activate)]
    if not acts:
        return []
    ctx = ctx_of(game.copy())
    scored = [(a, ev.activation_priority(ctx, ctx.fig(a.figure))) for a in acts]
    return sorted(scored, key=lambda s: -s[1])


def to_play(game: Game) -> int:
    """The activations left before the game ends if it ends with this turn ([R-TURN-END],
    GAP-13: the scenario's last turn): every figure in play that has not acted; a large
    number on an earlier turn."""
    s = game.state
    if s.turn < s.options.max_turns:
        return 10**6
    return sum(1 for f in s.figures.values()
               if f.status == "in_play" and not getattr(f, "activated", True))


def near_end(game: Game) -> bool:
    """At most ``END_ACTS`` activations are left in the game (:func:`to_play`): a
    rollout plays it out to the final score."""
    return to_play(game) <= END_ACTS


def final_margin(game: Game, band: str) -> float:
    """GAP-13: the tally's margin of ``band`` over the best other band, plus ``WIN`` for a
    win (minus for a loss): the score itself, where the game ends."""
    vp, _ = tally(ctx_of(game))
    mine = vp.get(band, 0)
    best = max((v for b, v in vp.items() if b != band), default=0)
    return mine - best + WIN * ((mine > best) - (mine < best))


def quiet(ctx: Ctx, f: Figure) -> bool:
    """Nothing in reach to strike, shoot or charge, and hardly anything that can hit it:
    its move gains by waiting to see the enemy's."""
    return not engaged_with(ctx, f) and ev.offence(ctx, f) <= 0 and ev.danger(ctx, f) <= QUIET


def waits(game: Game) -> bool:
    """[R-TURN-WAVE] End the first wave now: every figure left is :func:`quiet`. All of
    them still act this turn, in wave 2, after the enemy's first wave has come on."""
    legal = game.legal_commands(sample_moves=False)
    acts = [x for x in legal if isinstance(x, c.Activate)]
    if not acts or not any(isinstance(x, c.EndWave) for x in legal):
        return False
    ctx = ctx_of(game.copy())
    return all(quiet(ctx, ctx.fig(a.figure)) for a in acts)


class HardPlayer:
    def __init__(self, seed: int, *, budget: float = 1.0, rollouts: int = 0,
                 clock: bool = True) -> None:
        self.budget = budget
        self.rollouts = rollouts if rollouts > 0 else max(1, round(budget * ROLLOUTS_PER_S))
        self.clock = clock
        self.policy = NormalPlayer(seed + 7, dense=True)
        self._salt = seed * 7919
        self._slowest = 0.0  # the longest rollout so far: what the next one may cost
        #: The activation begun last, (turn, figure), and the clock's deadline for all its
        #: searches: a player waits the budget once per activation, not once per command.
        self._act: tuple[int, str, float] | None = None
        #: Rollouts the wall clock stopped from starting (the bench reports it).
        self.cut = 0

    def take_plan(self) -> Plan | None:
        """The normal player's plan: the active figure plays its commands, and a first
        wave ended early is said in its words."""
        return self.policy.take_plan()

    # -- choosing ------------------------------------------------------------------------
    def choose(self, game: Game) -> c.Command:
        pending = getattr(game.state, "pending", None)
        if pending is not None and len(pending.options) > 1:
            return self.answer(game, pending.default, [o.key for o in pending.options])
        forced = default_answer(game)
        if forced is not None:
            return forced
        if game.state.active is not None:
            if near_end(game):
                return self.command(game)
            return self.policy.choose(game)
        deadline = time.perf_counter() + self.budget
        cmd = self.activation(game, deadline)
        if isinstance(cmd, c.Activate):
            self._act = (game.state.turn, cmd.figure, deadline)
        return cmd

    def activation(self, game: Game, deadline: float) -> c.Command:
        """The figure to activate (or the first wave's end), searched when it is close."""
        end = near_end(game)
        if not end and waits(game):
            return self.policy.end_wave(game)
        ranked = by_priority(game)[:WIDTH]
        if not ranked:  # deployment: the normal player's set-up
            return self.policy.choose_activation(game)
        first = ranked[0][1]
        ranked = [r for r in ranked if r[1] >= first - TIE]
        cands: list[c.Command] = [a for a, _ in ranked]
        prior = [p for _, p in ranked]
        if end and any(isinstance(x, c.EndWave) for x in game.legal_commands(sample_moves=False)):
            cands.append(c.EndWave(band=game.to_act or ""))
            prior.append(first if waits(game) else first - TIE)
        if len(cands) == 1:  # one figure left, or a clear first: no search
            return cands[0]
        cmd = self.search(game, cands, prior, self.rollouts, deadline)
        return self.policy.end_wave(game) if isinstance(cmd, c.EndWave) else cmd

    def command(self, game: Game) -> c.Command:
        """Near the end (:func:`to_play`), the active figure's best few commands by the
        normal player's score are searched by rollouts to the end of the game: where a
        figure stands and whom it strikes when the game ends is what scores (GAP-13)."""
        ranked = self.policy.ranked(game)
        cands = [s for s in ranked[:CMD_WIDTH] if s.value >= ranked[0].value - CMD_TIE]
        best = cands[0]
        if len(cands) > 1:
            st = game.state
            act = self._act
            deadline = (act[2] if act is not None and act[:2] == (st.turn, st.active)
                        else time.perf_counter() + self.budget)
            cmd = self.search(game, [s.cmd for s in cands], [s.value for s in cands],
                              self.rollouts, deadline)
            best = next(s for s in cands if s.cmd is cmd)
        return self.policy.play(game, best)

    def answer(self, game: Game, default: str, options: list[str]) -> c.Command:
        """A question the rules ask (a free shot or not, which way to escape, a step
        back) is searched like the figure to activate: each answer and the rest of the
        activation it interrupts, played out on forked dice. The default goes first, so
        it keeps a tie."""
        keys = [default, *(k for k in options if k != default)]
        return self.search(game, [c.Choose(option=k) for k in keys], [0.0] * len(keys),
                           self.rollouts, time.perf_counter() + self.budget)

    def search(self, game: Game, cands: list[c.Command], prior: list[float], n: int,
               deadline: float) -> c.Command:
        """Successive halving over ``cands`` (best prior first) with ``n`` forked-dice
        rollouts: each round splits its share among the candidates still in, then keeps
        the better half. The k-th rollout of every candidate forks the same dice (common
        random numbers), so candidates are compared on the same luck, not on whose dice
        ran hot. Each candidate's estimate starts from the normal player's (``prior``)
        worth ``PRIOR`` rollouts, so a handful of lucky samples cannot overturn a sound
        choice."""
        band = game.to_act or ""
        end = near_end(game)
        now = final_margin(game, band) if end else self.leaf(game, band)
        play = self.rollout_end if end else self.rollout
        totals = [PRIOR * (now + p) for p in prior]
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        rounds = max(1, math.ceil(math.log2(len(cands))))
        base = self._salt
        spent = 0
        stopped = False
        for r in range(rounds):
            per = max(1, (n - spent) // ((rounds - r) * len(alive)))
            for i in alive:
                for _ in range(per):
                    stopped = stopped or spent >= n or not self._may_start(deadline)
                    if stopped:
                        break
                    t0 = time.perf_counter()
                    totals[i] += play(game, cands[i], band, base + counts[i])
                    self._slowest = max(self._slowest, time.perf_counter() - t0)
                    counts[i] += 1
                    spent += 1
            alive.sort(key=lambda i: (-totals[i] / (counts[i] + PRIOR), i))
            alive = alive[: max(1, len(alive) // 2)]
        self._salt = base + max(counts) + 1
        return cands[alive[0]]

    def _may_start(self, deadline: float) -> bool:
        """The safety: with the clock on, no rollout starts that would end past the budget."""
        if not self.clock or time.perf_counter() + self._slowest <= deadline:
            return True
        self.cut += 1
        return False

    def rollout(self, game: Game, cmd: c.Command, band: str, salt: int) -> float:
        """One sample of the chance node: ``cmd`` and the activation it begins, played
        by the normal player on dice forked with ``salt``, then :meth:`leaf`."""
        g = _played(game, cmd, salt, MAX_STEPS, whole=False)
        return -1e9 if g is None else self.leaf(g, band)

    def rollout_end(self, game: Game, cmd: c.Command, band: str, salt: int) -> float:
        """One sample of the game's end: ``cmd`` and every activation left, both sides
        played by the normal player on dice forked with ``salt``, then the final score
        (:func:`final_margin`)."""
        g = _played(game, cmd, salt, END_STEPS, whole=True)
        return -1e9 if g is None else final_margin(g, band)

    @staticmethod
    def leaf(game: Game, band: str) -> float:
        """What ``band`` has (:func:`evaluate.material`), what both sides threaten to
        take next (:func:`evaluate.pressure`: the opponent's reply is weighed, not
        played) and where each of its figures stands, as the normal player weighs it.
        Every figure counts, not only the one that acted: with the actor's place alone,
        the search favoured whichever figure ends somewhere good, not the activation
        that leaves the band best placed (hard won 42 of 85 decided games against
        normal that way, 50 of 83 with the whole band)."""
        ctx = ctx_of(game)
        v = ev.material(ctx, band) + PRESSURE * ev.pressure(ctx, band)
        return v + STANDING * sum(ev.place_value(ctx, f) for f in ctx.in_play()
                                  if f.band == band)


def _played(game: Game, cmd: c.Command, salt: int, steps: int, *, whole: bool) -> Game | None:
    """A copy of ``game`` on dice forked with ``salt`` where ``cmd`` was played, then the
    normal player's commands: to the end of the activation it begins, or of the game
    (``whole``), at most ``steps`` of them; None if ``cmd`` is illegal there (a sampled
    command that cannot be played is just a bad one)."""
    g = game.copy(fork_dice=salt)
    try:
        g.apply(cmd)
    except Exception:  # noqa: BLE001 - an illegal sampled command is just a bad one
        return None
    policy = NormalPlayer(salt, secrets=False)
    for _ in range(steps):
        st = g.state
        if g.over or (not whole and st.pending is None and st.active is None):
            break
        g.apply(policy.choose(g))
        policy.take_plan()
    return g
