"""The content layer: the rulebook's tables, warbands and scenarios as checked, frozen records.

- ``rulebook.load_rulebook()``: every table of RULES.md from ``data/*.toml`` (cached).
- ``profiles``: race / alien-trade / advance changes applied to a profile.
- ``costs``: band value with GAP-4's free items, itemised.
- ``band_rules``: ``band_problems()``, the one check of a band's legality (composition,
  budget, equipment), used by ``validate``, ``new_game`` and the warband builder.
- ``limits``: the bounds a file may hold (size, depth, numbers, table, corners, figures).
- ``loading``: warband and scenario files, scenario ↔ dict for replays.
- ``errors``: ``ContentError`` / ``Problem``, one line ``FILE: ENTRY: PROBLEM``.

Imports only the stdlib and msgspec (no engine, geometry or UI).
"""
