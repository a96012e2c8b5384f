"""The content layer: the rulebook's tables, warbands and scenarios as checked, frozen records.

- ``rulebook.load_rulebook()``: every table of RULES.md from ``data/*.toml`` (cached).
- ``profiles``: race / alien-trade / advance changes applied to a profile.
- ``costs``: band value with GAP-4's free items, itemised.
- ``pipeline``: the ordered list of named checks a file goes through and ``Problems``, the
  one place their problems are collected; ``document``: the file under check.
- The content's checks, in their order: ``syntax`` (TOML within the limits), ``structure``
  (fields: the record, referenced warband files embedded), ``limits`` (the bounds a file may
  hold), ``ranges`` (ids, zones and objectives on the table, options the content reads),
  ``band_rules`` (``band_problems()``, the one check of a band's legality, also used by
  ``new_game`` and the warband builder).
- ``loading``: ``CONTENT_CHECKS`` and the loaders of warband and scenario files, scenario ↔
  dict for replays (``skirmish.validate`` continues the list with the rules' checks).
- ``errors``: ``ContentError`` / ``Problem``, one line ``FILE: ENTRY: PROBLEM``.

Imports only the stdlib and msgspec (no engine, geometry or UI).
"""
