"""The rules: one table, several rule systems (RULESETS.md §0).

Three kinds of module live here, and the import contracts keep them apart:

- **The seam** (``rules/*.py``): what every client — the window, the computer players,
  ``simulate``, replays, the campaign — drives a game through. :class:`~.game.Game` holds
  the shared parts (scenario, table, rulebook, seeded dice, log) and asks the game's
  :class:`~.ruleset.Ruleset` (looked up by id in :mod:`.registry`) for everything else:
  options, state, ``apply(cmd) -> events``, ``legal_commands``, the action menu, and
  **whose turn it is** — :mod:`.turn`'s :class:`~.turn.TurnView` (RULESETS S4, S5): the
  band to act, the acting figure, the figures the band may pick, the order strip (bands
  in waves, or figures on a ladder, with their scores and held actions), the acting
  figure's budget as pips of a named kind (PA; half, full, free, bought), the stage of
  the turn in words, and the command that passes. The window's turn banner, order strip
  and pass button read the view, not a ruleset's fields, so a ruleset may schedule the
  turn however its source does. Commands, events and dice (:mod:`.dice`: any die from
  one seeded stream) are the seam's too.
- **The frame** (``rules/frame/``): the Skirmish table every ruleset plays on (§0.2),
  free of any ruleset's resolution, which any ruleset package may import: a figure's
  and a band's table fields (:mod:`.frame.figure`: position, base, standing, rout, who
  downed it, the race-modified Skirmish profile each ruleset converts from —
  :mod:`.frame.profile`), the table's part of a state (:mod:`.frame.state`), the table
  options (:mod:`.frame.options`), one table of sentences (:mod:`.frame.messages`), the
  context of one ``apply`` with cached lines of sight (:mod:`.frame.context`), contact
  and relations (:mod:`.frame.queries`), deployment (:mod:`.frame.deployment`),
  objectives, VP and the end of the game (:mod:`.frame.victory`), rout at the end of a
  turn through the ruleset's Leadership (S12, :mod:`.frame.rout`) and moving within an
  allowance the ruleset supplies, difficult terrain costing double (S6,
  :mod:`.frame.movement`).
- **The rulesets** (``rules/skirmish/``, ``rules/clefs_aube/``, ``rules/wfrp2/``…), each
  registered on import by :mod:`skirmish.rulesets`, independent of one another: a ruleset
  imports the seam and the frame, never another ruleset — except Les Clefs de l'Aube,
  which runs on the Skirmish engine (its waves, PA and movement) through that engine's
  hooks. A ruleset that replaces the turn (WFRP's initiative ladder) has its own state
  (a :class:`~.frame.state.FrameState` with its own figures), scheduler and resolution.
"""
