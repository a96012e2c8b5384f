"""Skirmish: a digital table for a French 1:1 skirmish miniatures game (README.md).

How it is built — imports point downward only (ARCHITECTURE.md):

- ``content/`` — the rulebook's tables as TOML (``content/data/``, keyed by name, each entry
  citing its rule ID from RULES.md), scenario and warband loading and validation.
- ``geometry/`` — the measured table in *pas*: terrain polygons in a pymunk space, line of
  sight (single queries with pymunk, all pairs with a numpy kernel), movement costs,
  paths, reach, forced moves.
- ``rules/`` — the engine: commands in, events out, one seeded dice source per game. Each
  rules system is a *ruleset* behind ``rules/ruleset.py``: ``rules/skirmish/`` holds the
  Skirmish rules, with every sentence they say in ``messages.py`` (keys the window
  translates), ``rules/clefs_aube/`` Les Clefs de l'Aube on top of them.
- ``match.py`` — the one place that puts content, geometry and rules together.
- ``campaign/`` — the games between games (RULES.md §13), pure like ``rules``.
- ``ai/`` — computer players, which choose among the legal commands.
- ``replay/`` — save and replay files; ``app/`` — the window (pygame-ce, pygame_gui), the
  only package that draws; ``cli.py`` — the ``skirmish`` command.

``scenarios/`` holds the shipped scenarios and warbands, ``assets/`` the fonts (DejaVu),
theme and English and French text. The rules options of RULES.md §15 (every gap's
default, house rules marked [HOUSE]) live in each scenario's ``[options]`` and in every
save and replay, so a recorded game always replays under the options it was played with.
"""
