"""Every sentence the Skirmish rules say to a player, by key.

The rules speak English here; the window shows the same keys in the player's language
(``assets/translations/<lang>.json``, entries ``engine.<key>``) with the same ``{params}``,
so a refusal, a reaction or a prompt reads the same in French without the rules knowing.

Rolls and ``DecisionNeeded`` carry ids in the parameters named in ``ID_PARAMS`` (a
figure, a band, a weapon): their English ``label``/``prompt`` names them
(``Ctx.named``), the window names them in its own language. Elsewhere (refusals,
reactions, the pending decision kept in the state) figure, band and piece names are
passed as parameters; weapon names are the French rule terms, kept in both languages.
"""

from __future__ import annotations

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
    "finish_activation": "Finish {figure}'s activation first",
    "still_active": "{figure} is still being activated",
    "not_band_turn": "It is {band}'s turn to activate",
    "not_in_play": "{figure} is not in play",
    "already_activated": "{figure} has already been activated this turn",
    "wave_stop": "Only the band playing its first wave may stop it early",
    "already_left": "{band} has already left the game",
    # deployment
    "deployment_over": "Deployment is over",
    "still_deploying": "The bands are still deploying",
    "not_deploy_turn": "It is not {band}'s turn to deploy",
    "outside_zone": "{figure} must be placed inside {band}'s deployment zone",
    "cannot_stand": "{figure} cannot stand there: {problem}",
    "zone_full": "There is no room left in {band}'s zone for {figure}",
    "still_to_place": "Still to place: {figures}",
    # action points and states
    "pa_short": "{action} costs {cost} PA; {figure} has {left} left",
    "routing_edge": "{figure} is routing: it heads for the table edge",
    "routing_no_shoot": "{figure} is routing and may not shoot",
    "routing_no_charge": "{figure} is routing and may not charge",
    "routing_must_flee": "{figure} is routing: it must flee the melee while it can pay for it",
    "no_run": "{figure} failed its Charge test: no Run nor Charge for the rest of this "
              "activation",
    "on_rope": "{figure} is on a rope: it can only climb",
    "engaged_no": "{figure} is engaged with {enemy}: it may Strike or Flee, not {action}",
    # movement
    "off_table": "{action}: that point is off the table",
    "no_way": "{figure} cannot get there: the way is blocked by terrain or figures",
    "too_far": "{action} is {allowance} pas for {figure}; that point needs {needed} pas",
    "only_charge_contacts": "Only a Charge may end in contact with an enemy ({enemy})",
    "not_engaged_flee": "{figure} is not engaged: there is no melee to flee",
    "flee_pa": "Fleeing costs {cost} PA (one per engaged enemy, less allies within 1 pas); "
               "{figure} has {left} left",
    # rope and grapple
    "no_rope": "{figure} has no rope and grapple",
    "other_climb": "{figure} is climbing another obstacle",
    "climb_down_first": "{figure} must climb down first",
    "not_touching": "{figure} must be touching {piece} to climb it",
    "too_high": "{piece} is {height} pas high; a rope reaches 10 pas",
    "no_landing": "There is no room for {figure} at the end of the climb",
    # shooting
    "no_weapon": "{figure} has no {weapon}",
    "no_ranged": "{figure} has no usable ranged weapon",
    "weapon_lost": "{figure}'s {weapon} is out of use",
    "engaged_no_shoot": "{figure} is engaged with {enemy} and may not shoot",
    "own_side": "{target} is on your side",
    "fallen_no_shot": "{target} is out of action and cannot be shot at",
    "blocked_by": "{figure} cannot see {target}: blocked by {blocker}",
    "a_figure": "a figure",
    "out_of_range": "{target} is {distance} pas away; {weapon} reaches {long}",
    "shot_impossible": "the shot is impossible: CT would be {ct}+ (above 6+)",
    "inside_blast": "{figure} would be inside the {radius}-pas blast",
    "nearest_of_group": "{target} stands in a group: the shot must take the nearest, {nearest}",
    # melee
    "fallen_no_charge": "{target} is out of action: it cannot be charged",
    "rope_no_melee": "{target} is on a rope and cannot be attacked in melee",
    "charge_needs_sight": "{figure} cannot see {target}: a charge needs line of sight",
    "gone": "{target} is no longer on the table",
    "no_rope_fight": "Nobody fights on a rope",
    "not_in_contact": "{figure} is not in contact with {target}",
    "no_enemy_in_sight": "no enemy in sight and range",
    "no_charge_target": "no enemy in sight to charge",
    "no_charge_in_reach": "no enemy within reach of a charge ({allowance} pas): "
                          "one that falls short only becomes a Run",
    "no_contact": "not in contact with an enemy",
    "nobody_to_heal": "nobody to heal in contact",
    "nothing_to_climb": "not touching an obstacle to climb",
    # medikit
    "no_medikit": "{figure} has no medikit left",
    "not_ally": "{target} is not an ally",
    "beyond_help": "{target} is beyond help",
    "must_touch": "{figure} must be in contact with {target}",
    "full_pv": "{target} has all its PV",
    # reactions (Reaction.effect)
    "charges": "charges",
    "loses_nerve": "loses its nerve: moves away; no Run nor Charge for the rest of this "
                   "activation",
    "ready": "ready to receive the charge",
    "may_step_back": "may step back {distance} pas",
    "minus_one_r": "−1 R until the end of the turn if contacted",
    "no_room_to_step_back": "no room to step back: −1 R until the end of the turn if contacted",
    "engaged_minus_one_r": "engaged already: −1 R until the end of the turn",
    "stands_free_shot": "stands; may shoot for free",
    "moves_out_of_sight": "moves {distance} pas out of sight",
    "holds_ground": "holds its ground",
    "moves_to_cover": "moves {distance} pas towards cover, or back",
    "holds": "holds",
    "routs": "routs: heads for the nearest table edge",
    "rallies": "rallies: the rout is over",
    "keeps_routing": "keeps routing",
    # decisions (Pending.prompt, Option.label)
    "ask_first_target": "{figure} fires the {weapon} at your figures: which is hit first?",
    "ask_step_back": "{figure} failed its 'Être chargé' test: step back {distance} pas?",
    "opt_step_back": "Step back {distance} pas",
    "opt_stand": "Stand (−1 R if contacted)",
    "ask_free_shot": "{figure} spotted {target}: free shot?",
    "opt_shoot_with": "Shoot {target} with the {weapon}",
    "opt_hold_fire": "Hold fire",
    "ask_escape": "{figure} must get out of {enemy}'s sight: which way?",
    "opt_escape": "{distance} pas {direction}",
    # roll labels (Roll.label); French test names are rule terms, kept in every language
    "lbl_initiative": "{band}: initiative",
    "lbl_init_tie": "{band}: initiative tie (reroll)",
    "lbl_wave": "{band}: wave 1",
    "lbl_roll_off": "{band}: deployment roll-off",
    "lbl_roll_off_again": "{band}: deployment roll-off (reroll)",
    "lbl_to_hit": "{weapon}: to hit",
    "lbl_damage": "{weapon}: damage",
    "lbl_blast_damage": "{weapon}: blast damage",
    "lbl_explodes": "{weapon} explodes: damage",
    "lbl_accident": "{weapon}: firing accident",
    "lbl_jam": "{weapon}: jam",
    "lbl_ammo": "{weapon}: ammunition (no rest since the last game)",
    "lbl_climber_falls": "Climber hit: falls on a 1",
    "lbl_scatter": "Blast scatters (house rule)",
    "lbl_buckler": "Buckler {n}: reroll",
    "lbl_step_back_roll": "Être chargé: step back on 5–6",
    "lbl_step_back_distance": "Step-back distance (1d3)",
    "lbl_move_d3": "{test}: move 1d3 pas",
    "lbl_test": "{test}",
    "lbl_rout_chef": "Rout test (lost its Chef this turn)",
    "lbl_rout_half": "Rout test ({down} of {start} dead or out of action)",
    "lbl_rout_retest": "Rout retest",
    "lbl_hardened": "{test}: Endurci, automatic pass",
    "lbl_hatred": "{test}: Haine implacable, automatic pass",
    "lbl_hatred_reroll": "{test}: Haine implacable reroll",
    "unarmed": "bare hands",
    # the end
    "vp_killed": "{name} ({rank}) killed: {vp} VP",
    "vp_out_of_action": "{name} ({rank}) out of action: {vp} VP",
    "vp_objective": "holds {objective}: {vp} VP",
    "end_turns": "turn {turn} of {turns} played",
    "end_one_band": "at most one band has characters in play",
}


#: Parameters that hold an id in events' ``params``, by what they name.
ID_PARAMS: dict[str, str] = {"figure": "figure", "target": "figure", "enemy": "figure",
                             "band": "band", "weapon": "weapon"}


def say(key: str, **params: object) -> str:
    """The English sentence for ``key``."""
    return TEXT[key].format(**params)


def said(key: str, **params: object) -> dict[str, Any]:
    """The ``label``, ``key`` and ``params`` of an event that shows a sentence (``Roll``)."""
    return {"label": say(key, **params), "key": key, "params": params}


def illegal(key: str, rule: str | None = None, **params: object) -> IllegalCommand:
    """A refusal the window can translate: English message, ``key`` and ``params``."""
    return IllegalCommand(say(key, **params), rule, key=key, params=params)

