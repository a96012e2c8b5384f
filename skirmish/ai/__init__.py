"""Computer players. They choose among ``legal_commands`` like a human would.

Three levels behind one interface (:mod:`skirmish.ai.player`: ``choose(game) -> Command``
and ``take_plan()``; :func:`~skirmish.ai.levels.make_player` builds one by name):
``easy`` (:mod:`~skirmish.ai.simple`), ``normal`` (:mod:`~skirmish.ai.normal`, greedy on
the exact odds that :mod:`~skirmish.ai.evaluate` turns into VP, the scenario's objectives
weighed by :mod:`~skirmish.ai.objectives`) and ``hard`` (:mod:`~skirmish.ai.hard`, a
search over the normal player's choices). The secret manoeuvre of Les Clefs de l'Aube is
chosen by the odds at every level (:mod:`~skirmish.ai.answers`). A ruleset with its own
scheduler (WFRP's ladder) is played at each level by :mod:`~skirmish.ai.seam`, which
reads the seam alone and answers its decisions by the exact odds of each answer
(:mod:`~skirmish.ai.seam_answers`).

What a player may read is what a person at the table may read: ``legal_commands`` (the
rules' decisions included), ``apply`` on copies of the game, and the odds of the game's
ruleset through ``Hooks.ai_odds`` (:mod:`skirmish.rules.ai_odds`). Reading odds through
the seam, never a ruleset's dice or damage code, is what lets one set of players serve
every ruleset. A look-ahead plays on ``Game.copy(fork_dice=...)``, whose dice are a sample,
never the real stream, and which carries nothing its band may not see (RULESETS S15): a
manoeuvre another band chose in secret becomes, on the copy, one drawn from the forked
dice (``Ruleset.conceal``), so no level's answer depends on a hidden choice.

Each activation leaves a one-line plan ("Kruk charges Denis: 56 % to take them out of
action"; where that chance is nil, the chance to wound, or for a charge to reach; a move
in the table's words, "Kruk walks into cover by the Hedge, 6 pas from the Loot cart",
:mod:`~skirmish.ai.wording`). Drivers
append it to the log as a note outside the state, so replays and state hashes are the same
with or without plans. The window's F3 hint asks the same players what they would do.

Time budgets, timed by ``skirmish bench`` (:mod:`skirmish.bench.ai`): the exact odds of one
action within 10 µs; the normal player's whole activation within 100 ms at the 95th
percentile, which is why the normal level weighs the plain sample of destinations and
only the hard level the dense one; the hard player within its budget (1 s by default).
On a shared two-core machine a p95 moves by ±15 ms between runs of the same code, so
compare versions by interleaved runs.

Judging a change to a level: ``skirmish simulate SCENARIO --ai A,B`` swaps seats every
game and reports the win rate over decided games with a Wilson interval. A single 40-game
run swings by about ±8 points; the same seeds give the same games, so two versions run on
the same seeds can be read game by game, and only the games whose winner changed tell.
"""
