"""The campaign (RULES.md §13): bands that play game after game, and what happens between.

A pure package like ``skirmish.rules``: no pygame. :class:`~skirmish.campaign.engine.Campaign`
drives the between-games procedure with commands and events through the same seeded dice;
the window, the computer and ``skirmish campaign`` all use it the same way.
"""
