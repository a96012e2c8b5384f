"""What KART 7 says to a player, by key, added to the table's sentences
(``skirmish.rules.frame.messages``) so refusals, draws and prompts translate like the
others (``assets/translations/*/kart7.json``). Keys start with ``k7_``."""

from __future__ import annotations

from skirmish.rules.frame.messages import add_text

TEXT: dict[str, str] = {
    # draws (labels of CardDraw events)
    "k7_lbl_draw": "{figure}: {action} draw ({skill})",
    "k7_lbl_face": "{figure} faces ({skill})",
    "k7_lbl_survival": "{figure}: survival draw ({lethality})",
    "k7_lbl_consciousness": "{figure}: consciousness draw (Volonté)",
    "k7_lbl_tie": "{figure}: tie-break card",
    "k7_lbl_first_speaker": "{band}: high card for the first speaker",
    "k7_lbl_roll_off": "{band}: high card for the deployment",
    # decisions
    "k7_ask_face": "{figure}: face {enemy}'s action, or ignore it (one level easier for it)?",
    "k7_ask_hand": "{figure}: play a hand card in place of the failing card?",
    "k7_opt_face": "face it (a card of the pioche)",
    "k7_opt_ignore": "ignore it",
    "k7_opt_card": "play {card}",
    "k7_opt_keep": "keep the failure",
    "k7_ask_replan": "{figure}: its target is lost: turn on another, one level harder?",
    "k7_opt_target": "{target}",
    "k7_opt_move_only": "just the move",
    # the turn
    "k7_stage_deploy": "deployment",
    "k7_stage_declare": "declarations",
    "k7_stage_window": "court-circuit?",
    "k7_stage_resolve": "resolution",
    "k7_end_deployment": "End the deployment",
    "k7_end_decline": "Pass",
    # refusals
    "k7_not_declaring": "This is not the moment to declare",
    "k7_not_your_figure": "{figure} is not of the side declaring now",
    "k7_unknown_action": "There is no action '{action}' in KART 7",
    "k7_unknown_kind": "There is no kind of declaration '{kind}'",
    "k7_cannot_declare": "{figure} cannot declare: it is down, or has declared this turn",
    "k7_reply_only": "Only {figure} may answer the court-circuit now",
    "k7_back_of": "A court-circuit back must name declaration {number}",
    "k7_window_court_circuit": "Only a court-circuit of declaration {number} may be made now",
    "k7_court_circuit_when": "A court-circuit is made right after the declaration it contradicts",
    "k7_routing": "{figure} is routing: it can only flee for the table edge",
    "k7_not_routing": "{figure} is not routing",
    "k7_support_kind": "A support is declared as a support of an action, and only so",
    "k7_main_names_none": "A main action names no other declaration",
    "k7_names_declaration": "Name the declaration this one joins",
    "k7_nothing_to_join": "Declaration {number} cannot be joined",
    "k7_support_ally": "Declaration {number} is not an action of the side that a support helps",
    "k7_court_circuit_enemy": "A court-circuit contradicts an enemy's declaration, not {number}",
    "k7_markers": "{figure} has {bonus} bonus and {malus} malus markers to spend or discard",
    "k7_markers_no_draw": "Markers are spent or discarded on a draw: this action draws none",
    "k7_move_where": "A move needs a destination",
    "k7_hurry_moves": "Hurrying means moving farther: give a destination",
    "k7_no_move": "{action} does not move",
    "k7_engaged_stays": "{figure} is engaged: it leaves contact only by fleeing",
    "k7_enemy_target": "{action} needs an enemy target on the table",
    "k7_not_carried": "{figure} does not carry {weapon}",
    "k7_strike_contact": "{figure} would not be in contact with {target} to strike",
    "k7_engaged_shot": "{figure} is engaged and cannot shoot",
    "k7_no_sight": "{figure} would not see {target}",
    "k7_out_of_range": "{target} is out of the range of {weapon}",
    "k7_inside_blast": "{figure} would be inside the {radius}-pas blast",
    "k7_rest_card": "{figure} must start its Ressource with a card of its hand",
    "k7_flee_engaged": "{figure} is not engaged: there is nothing to flee",
    "k7_flee_where": "A flight needs a destination",
    "k7_heal_ally": "Medicine is for a wounded figure of the same side",
    "k7_heal_nothing": "{target} has no wound to treat",
    "k7_heal_contact": "The healer must be in contact with {target}",
    "k7_no_target": "{action} has no target",
    "k7_support_manoeuvre": "A support is Puissance (P), Tactique (T) or Ressource (R)",
    "k7_support_reach": "{figure} would reach {target} neither in contact nor by a shot",
    "k7_nothing_to": "{figure} has nothing to {action} now",
    "k7_nothing_to_support": "{figure} has no declared action of its side to support now",
    # lapsed actions (LapsedAction.key)
    "k7_lapse_down": "its figure is down: the declaration lapses",
    "k7_lapse_target": "its target is gone",
    "k7_lapse_reach": "its target is out of reach or out of sight",
    "k7_lapse_free": "no enemy holds it any more: nothing to flee",
    "k7_lapse_card": "the hand card it named has been played",
    "k7_lapse_supported": "the action it supports is not made",
}

add_text(TEXT)
