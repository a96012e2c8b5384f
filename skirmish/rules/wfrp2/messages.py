"""What this ruleset says to a player, by key, added to the rules' one table
(:mod:`skirmish.rules.frame.messages`), so ``say``/``illegal`` and the window's
``engine.<key>`` translations serve it. Keys start with ``wf_``."""

from __future__ import annotations

from skirmish.rules.frame.messages import add_text

TEXT: dict[str, str] = {
    # refusals
    "wf_not_your_turn": "It is {figure}'s turn on the ladder",
    "wf_unknown_action": "{action} is not a WFRP action",
    "wf_halves_short": "{action} costs {cost} (in half actions); {figure} has {left} left",
    "wf_full_after_half": "{figure} has taken a half action this turn: no full action now",
    "wf_engaged": "{figure} is engaged with {enemy}: it may fight or disengage (Désengagement)",
    "wf_not_engaged": "{figure} is not engaged in melee",
    "wf_no_melee": "{figure} is not in contact with {target}",
    "wf_no_weapon": "{figure} has no {weapon}",
    "wf_not_enemy": "{target} is not an enemy in play",
    "wf_no_target": "nobody to take this action at now ({action})",
    "wf_no_sight": "{figure} cannot see {target}",
    "wf_too_far": "{target} is {distance} pas away; the {weapon} reaches {reach}",
    "wf_needs_aim": "Beyond {range} pas a shot needs a Visée first (−30 %)",
    "wf_needs_reload": "The {weapon} needs a Rechargement before it fires again",
    "wf_loaded": "The {weapon} is loaded",
    "wf_no_reach": "{target} is beyond a Charge ({allowance} pas)",
    "wf_no_fortune": "{figure} has no Fortune left",
    "wf_bought": "{figure} has already bought a half action this turn",
    "wf_no_medikit": "{figure} has no medikit use left",
    "wf_not_ally": "{target} is not an ally in play",
    "wf_full_b": "{target} has all its Blessures",
    "wf_routing": "{figure} is routing",
    "wf_no_rapide": "The {weapon} cannot fire an Attaque rapide",
    "wf_defensive": "{figure} is in Posture défensive: it strikes no blow until its next turn",
    "wf_not_played_incantation": "Incantation is not played on this table: no spells (GAP-WF-22)",
    "wf_not_played_saut": "Saut is not played on this table: no jumps (GAP-WF-22)",
    "wf_not_played_se_lever": "Se lever is not played on this table: nothing knocks a figure "
                              "down and there are no mounts (GAP-WF-22)",
    "wf_not_played_degainer": "Dégainer is not needed on this table: every weapon a figure "
                              "carries is ready (GAP-WF-6)",
    # notes
    "wf_note_fortune": "Spend 1 Fortune point: one more half action this turn",
    # rolls
    "wf_lbl_initiative": "{figure}: initiative (Ag + 1d10)",
    "wf_lbl_initiative_fortune": "{figure}: Fortune, +1d10 initiative",
    "wf_lbl_tie": "{figure}: initiative tie (d10)",
    "wf_lbl_attack": "{figure} attacks {target} ({weapon}): d100",
    "wf_lbl_reroll": "{figure}: Fortune reroll",
    "wf_lbl_parry": "{figure} parries: d100",
    "wf_lbl_dodge": "{figure} dodges: d100",
    "wf_lbl_damage": "{weapon}: damage (1d10)",
    "wf_lbl_helpless": "Sans défense: +1d10 damage",
    "wf_lbl_ulric": "Ulric's Fury: confirmation d100",
    "wf_lbl_ulric_d10": "Ulric's Fury: +1d10",
    "wf_lbl_location": "{figure}: hit location (d100)",
    "wf_lbl_critical": "Critical on {target}: d100 + {bonus}",
    "wf_lbl_opposed": "{figure}: {action}, opposed CC d100",
    "wf_lbl_soins": "{figure}: Soins (Int + 20)",
    "wf_lbl_soins_d10": "Soins: Blessures regained (1d10)",
    # decisions
    "wf_ask_initiative": "{figure} rolled {score} for initiative: spend 1 Fortune for +1d10?",
    "wf_opt_fortune_d10": "Spend 1 Fortune: +1d10",
    "wf_opt_keep": "Keep it",
    "wf_ask_reroll": "{figure} failed ({value} against {need} %): reroll for 1 Fortune?",
    "wf_opt_reroll": "Reroll for 1 Fortune",
    "wf_ask_defence": "{figure} is hit by {enemy}: parry or dodge?",
    "wf_opt_parry": "Parry ({need} %)",
    "wf_opt_dodge": "Dodge ({need} %)",
    "wf_opt_parry_fortune": "Parry again for 1 Fortune ({need} %)",
    "wf_opt_dodge_fortune": "Dodge again for 1 Fortune ({need} %)",
    "wf_opt_no_defence": "Take the hit",
    "wf_ask_destin": "{figure} is about to be killed: spend 1 Destin to be out of action instead?",
    "wf_opt_destin": "Spend 1 Destin",
    "wf_opt_die": "Keep it",
    "wf_ask_held": "{figure} holds a half action; {enemy} acts: use it now?",
    "wf_opt_held_attack": "Attack {target} ({weapon})",
    "wf_opt_held_parade": "Parade",
    "wf_opt_held_wait": "Keep holding it",
    # passive actions (R-MORALE-*)
    "wf_lbl_move_d3": "{test}: move 1d3 pas",
    "wf_lbl_step_back": "Être chargé: step back on 5–6",
    "wf_p_charges": "charges",
    "wf_p_loses_nerve": "loses its nerve: moves away, its Charge spent",
    "wf_p_ready": "ready to receive the charge",
    "wf_p_exposed": "stands: −1 BE against the charge's blow if it reaches it",
    "wf_p_steps_back": "steps back {distance} pas",
    "wf_p_steps_back_short": "steps back only {distance} pas: −1 BE against the charge's "
                             "blow if it reaches it",
    "wf_p_stands_free_shot": "stands; may shoot for free",
    "wf_p_out_of_sight": "moves {distance} pas out of sight",
    "wf_p_holds": "holds its ground",
    "wf_p_to_cover": "moves {distance} pas towards cover, or back",
    "wf_ask_free_shot": "{figure} spots {target}: a free shot?",
    "wf_opt_hold": "Hold fire",
}

add_text(TEXT)
