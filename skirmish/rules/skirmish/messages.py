"""Every sentence the Skirmish rules say to a player beyond the table's own
(:mod:`skirmish.rules.frame.messages`, where this module adds them and where ``say``,
``said`` and ``illegal`` read them)."""

from __future__ import annotations

from skirmish.rules.frame.messages import add_text

add_text({
    # decisions and turn order
    "finish_activation": "Finish {figure}'s activation first",
    "still_active": "{figure} is still being activated",
    "not_band_turn": "It is {band}'s turn to activate",
    "not_in_play": "{figure} is not in play",
    "already_activated": "{figure} has already been activated this turn",
    "wave_stop": "Only the band playing its first wave may stop it early",
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
    "lbl_hardened": "{test}: Endurci, automatic pass",
    "lbl_hatred": "{test}: Haine implacable, automatic pass",
    "lbl_hatred_reroll": "{test}: Haine implacable reroll",})
