"""The exact odds of a command before it is committed, as any ruleset states them
(RULESETS §0.5 S14): the seam the previews and the computer players of a ruleset with its
own scheduler read (``Ruleset.odds``), so neither knows the ruleset's dice.

``p_success`` is the chance of the command's own test (a hit, a parry, a heal); each
:class:`Harm` what it may do to one figure: P(it loses health), P(it ends out of action
or dead), P(dead), and the expected share of its health track lost. ``attacks`` is the
number of attacks the command makes, each with these odds; a command whose attacks go at
several figures (a chain of targets) gives one harm per attack instead, so a figure shot
twice is named twice."""

from __future__ import annotations

import msgspec


class Harm(msgspec.Struct, frozen=True, kw_only=True):
    figure: str
    p_wound: float
    p_out: float
    p_dead: float
    loss: float


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    p_success: float
    harms: tuple[Harm, ...] = ()
    attacks: int = 1
    #: The figures these odds count on joining the command's figure (a group that would
    #: attack with it), so a preview can say whom they assume.
    joined: tuple[str, ...] = ()
