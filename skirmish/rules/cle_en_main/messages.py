"""What Clé en main says to a player, by key, added to the table's sentences
(``skirmish.rules.frame.messages``) so refusals, prompts and roll labels reach the window
like any ruleset's (translated as ``engine.<key>``). Keys start with ``cm_``; figure ids
in params are named by the label."""

from __future__ import annotations

from collections.abc import Mapping

from skirmish.rules.frame.messages import add_text

TEXT: dict[str, str] = {
    # roll labels
    "cm_lbl_attack": "{figure}: Combat ({skill}) against {target}",
    "cm_lbl_defence": "{figure}: Défense against {target}",
    "cm_lbl_test": "{figure}: {skill}/{need}",
    "cm_lbl_reflexes": "{figure}: Réflexes",
    "cm_lbl_damage": "{figure}: damage dice",
    "cm_lbl_timer": "{figure}: {what}",
    "cm_lbl_special": "{figure}: {skill} against {target}",
    "cm_lbl_ally": "{figure}: which ally in contact is hit",
    # decisions
    "cm_ask_interrupt": "{figure} declares its action: does {band} try to interrupt?",
    "cm_opt_no": "No",
    "cm_opt_yes": "Yes",
    "cm_opt_figure": "{figure}",
    "cm_ask_interrupt_penalty": "{figure} interrupts: its mandatory pénalité",
    "cm_opt_pen_legere": "Blessure légère: its damage halved",
    "cm_opt_pen_danger": "Danger: −2 on its next Défense",
    "cm_opt_pen_difficulte": "Difficulté: −2 on the action",
    "cm_opt_pen_risque": "Risque: if the action fails, its next tour is lost",
    "cm_ask_pair": "{figure}: a prime with a pénalité?",
    "cm_ask_pair_imposed": "{figure}: a prime with a pénalité? Already imposed: {imposed}",
    "cm_opt_pair": "{prime} + {penalty}",
    "cm_ask_second": "{figure}: the second target of its Attaques multiples",
    "cm_ask_free": "{figure} leaves a height to charge: its free prime",
    "cm_opt_prime": "{prime}",
    "cm_ask_special_penalty": "{figure}: the mandatory pénalité of its special action",
    "cm_ask_group": "{figure} against {target}: who joins the attack? {n} so far: +{n} to "
                    "the throw and to the damage",
    "cm_ask_coop": "{figure} against {target}: who attacks with it ({n} so far)? Each "
                   "throws, the best counts: +1 for each other of 15 or more, −1 under 10",
    "cm_opt_done": "No one else",
    "cm_ask_heroic": "{figure}: spend a heroism point on a fourth die?",
    "cm_ask_reroll": "{figure}: spend a heroism point to make its test again?",
    "cm_ask_damage": "{figure} takes {damage} damage: spend heroism?",
    "cm_opt_cancel": "{figure} cancels it (2 heroism points)",
    "cm_opt_take": "{figure} takes it instead (2 heroism points)",
    # refusals
    "cm_not_to_act": "It is {band}'s turn to activate a figure",
    "cm_cannot_act": "{figure} cannot take a tour de jeu now",
    "cm_response_only": "{band} responds with one of the figures attacked: {figures}",
    "cm_tour_running": "{figure} is still taking its tour de jeu",
    "cm_action_taken": "{figure} has already taken its action this tour",
    "cm_moved": "{figure} has already moved this tour",
    "cm_prone": "{figure} is standing up: it may act in place, not move",
    "cm_not_in_contact": "{figure} is not in contact with {target}",
    "cm_engaged_no_shot": "{figure} is engaged in melee and may not shoot (GAP-23)",
    "cm_out_of_range": "{target} is {distance} pas away, beyond the {range} pas of {weapon}",
    "cm_no_sight": "{figure} cannot see {target}",
    "cm_no_weapon": "{figure} has no {weapon} in hand",
    "cm_not_enemy": "{target} is not an enemy",
    "cm_not_ally": "{target} is not of {figure}'s band",
    "cm_target_down": "{target} is not in play",
    "cm_not_unconscious": "{target} is not unconscious",
    "cm_finish_pj_only": "Only a figure with the PJ rules may be finished off (GAP-CM-17)",
    "cm_no_first_aid": "First aid is off in this game (GAP-CM-27)",
    "cm_no_care_needed": "{target} needs no first aid",
    "cm_nothing_dropped": "{figure} has no weapon on the ground",
    "cm_in_contact": "{figure} is already in contact with {target}: it strikes, it does not charge",
    "cm_charge_too_far": "{figure} cannot reach {target} within {allowance} pas",
    "cm_cede_not_holder": "Only the band with the hand may cede an activation",
    "cm_cede_nobody": "{band} has no figure left to act",
    "cm_unknown_action": "Unknown action {action}",
    "cm_not_now": "Not possible in this tour de jeu now",
    "cm_no_ranged": "No weapon to shoot or throw",
    "cm_nobody_joins": "No figure of the band can join an attack now",
    "cm_nobody_down": "No unconscious enemy to finish off",
    # passive actions (R-MORALE-*)
    "cm_lbl_move_d3": "{test}: move 1d3 pas",
    "cm_lbl_step_back": "Être chargé: step back on 5–6",
    "cm_p_charges": "charges",
    "cm_p_loses_nerve": "loses its nerve: moves away, its tour de jeu spent",
    "cm_p_ready": "ready to receive the charge",
    "cm_p_exposed": "stands: a Danger on its next Défense if the charge reaches it",
    "cm_p_steps_back": "steps back {distance} pas",
    "cm_p_steps_back_short": "steps back only {distance} pas: a Danger on its next Défense "
                             "if the charge reaches it",
    "cm_p_stands_free_shot": "stands; may shoot for free",
    "cm_p_out_of_sight": "moves {distance} pas out of sight",
    "cm_p_holds": "holds its ground",
    "cm_p_to_cover": "moves {distance} pas towards cover, or back",
    "cm_ask_free_shot": "{figure} spots {target}: a free shot?",
    "cm_opt_weapon": "{weapon}",
    "cm_opt_hold": "Hold fire",
    # the action bar's notes
    "cm_note_walk": "Up to {pas} pas, then an action with Difficulté (−2)",
    "cm_note_run": "Up to {pas} pas: the whole tour de jeu",
    "cm_note_charge": "Up to {pas} pas into contact, then a blow with Difficulté (−2)",
}

#: Human names of the skills a test may use ([CM-SKILLS]) and of primes and pénalités.
SKILLS: dict[str, str] = {
    "combat_melee": "mêlée", "combat_tir": "tir", "defence": "Défense",
    "resistance": "Résistance", "volonte": "Volonté", "reflexes": "Réflexes",
    "soins": "Soins", "muscles": "Muscles", "acrobatie": "Acrobatie",
}
NAMES: dict[str, str] = {
    "meurtriere": "Attaque meurtrière", "multiple": "Attaques multiples",
    "efficacite": "Efficacité", "prudence": "Prudence", "legere": "Blessure légère",
    "danger": "Danger", "difficulte": "Difficulté", "risque": "Risque",
}

add_text(TEXT)


def say(key: str, names: Mapping[str, str], **params: object) -> str:
    """The English sentence of ``key``; ``names`` turns the figure ids among ``params``
    into names."""
    shown = {k: names.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
    return TEXT[key].format(**shown)
