"""Every sentence the rules say to a player, by key: the table's own here, and each
ruleset's added by :func:`add_text` when its package loads, in one table.

The rules speak English; the window shows the same keys in the player's language
(``assets/translations/<lang>.json``, entries ``engine.<key>``) with the same ``{params}``,
so a refusal, a reaction or a prompt reads the same in French without the rules knowing.
One table for every ruleset is what lets the window translate any of them: a key is
unique across rulesets (:func:`add_text` refuses a clash).

Rolls and ``DecisionNeeded`` carry ids in the parameters named in ``ID_PARAMS`` (a
figure, a band, a weapon): their English ``label``/``prompt`` names them
(``TableCtx.named``), the window names them in its own language. Elsewhere (refusals,
reactions, the pending decision kept in the state) figure, band and piece names are
passed as parameters; weapon names are the French rule terms, kept in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.rules.errors import IllegalCommand

TEXT: dict[str, str] = {
    # decisions and turn order
    "no_decision": "No decision is waiting",
    "not_a_choice": "'{option}' is not one of the choices ({choices})",
    "waiting_for": "Waiting for {band}: {prompt}",
    "no_figure": "There is no figure {figure}",
    "unknown_command": "Unknown command {command}",
    "game_over": "The game is over",
    "not_active": "{figure} is not the figure being activated",
    "already_left": "{band} has already left the game",
    # deployment
    "deployment_over": "Deployment is over",
    "still_deploying": "The bands are still deploying",
    "not_deploy_turn": "It is not {band}'s turn to deploy",
    "outside_zone": "{figure} must be placed inside {band}'s deployment zone",
    "cannot_stand": "{figure} cannot stand there: {problem}",
    "zone_full": "There is no room left in {band}'s zone for {figure}",
    "still_to_place": "Still to place: {figures}",
    # movement
    "off_table": "{action}: that point is off the table",
    "no_way": "{figure} cannot get there: the way is blocked by terrain or figures",
    "too_far": "{action} is {allowance} pas for {figure}; that point needs {needed} pas",
    "only_charge_contacts": "Only a Charge may end in contact with an enemy ({enemy})",
    # reactions (Reaction.effect)
    "holds": "holds",
    "routs": "routs: heads for the nearest table edge",
    "rallies": "rallies: the rout is over",
    "keeps_routing": "keeps routing",
    # roll labels (Roll.label); French test names are rule terms, kept in every language
    "lbl_roll_off": "{band}: deployment roll-off",
    "lbl_roll_off_again": "{band}: deployment roll-off (reroll)",
    "lbl_test": "{test}",
    "lbl_rout_chef": "Rout test (lost its Chef this turn)",
    "lbl_rout_half": "Rout test ({down} of {start} dead or out of action)",
    "lbl_rout_retest": "Rout retest",
    "unarmed": "bare hands",
    # the end
    "vp_killed": "{name} ({rank}) killed: {vp} VP",
    "vp_out_of_action": "{name} ({rank}) out of action: {vp} VP",
    "vp_objective": "holds {objective}: {vp} VP",
    "end_turns": "turn {turn} of {turns} played",
    "end_one_band": "at most one band has characters in play",}


#: Parameters that hold an id in events' ``params``, by what they name.
ID_PARAMS: dict[str, str] = {"figure": "figure", "target": "figure", "enemy": "figure",
                             "band": "band", "weapon": "weapon"}


def add_text(texts: Mapping[str, str]) -> None:
    """A ruleset's sentences join the table; a key already said otherwise is refused, so
    no ruleset changes what another's key means."""
    clash = sorted(k for k, v in texts.items() if TEXT.get(k, v) != v)
    if clash:
        raise ValueError(f"message keys said twice: {', '.join(clash)}")
    TEXT.update(texts)


def say(key: str, **params: object) -> str:
    """The English sentence for ``key``."""
    return TEXT[key].format(**params)


def said(key: str, **params: object) -> dict[str, Any]:
    """The ``label``, ``key`` and ``params`` of an event that shows a sentence (``Roll``)."""
    return {"label": say(key, **params), "key": key, "params": params}


def illegal(key: str, rule: str | None = None, **params: object) -> IllegalCommand:
    """A refusal the window can translate: English message, ``key`` and ``params``."""
    return IllegalCommand(say(key, **params), rule, key=key, params=params)
