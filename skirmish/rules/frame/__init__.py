"""The Skirmish table every ruleset plays on (RULESETS.md §0.2), apart from any ruleset's
resolution: figures and bands on the table, deployment, objectives and VP, rout through
a ruleset's Leadership, movement within a ruleset's allowance (see :mod:`skirmish.rules`)."""
