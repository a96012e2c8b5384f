"""Every sentence the campaign says, by key (English here; the window shows the same keys
in the player's language from ``assets/translations/*/campaign.json`` as ``campaign.<key>``)."""

from __future__ import annotations

from typing import Any

from skirmish.plural import fill
from skirmish.rules.errors import IllegalCommand

TEXT: dict[str, str] = {
    # rolls
    "roll_return": "Return roll for {figure}",
    "roll_injury": "Serious injury (D66) for {figure}",
    "roll_injury_multiple": "Multiple injuries: one more D66 for {figure}",
    "roll_injury_count": "Multiple injuries: how many D66 for {figure}",
    "roll_arm": "Arm wound: roll again for {figure}",
    "roll_potion": "Dodgy potion for {figure}",
    "roll_deep_wound": "Deep wound: games missed by {figure} (D3)",
    "roll_judge": "Judgement of {figure}",
    "roll_fine": "Fine for {figure} (D6 band points)",
    "roll_prison": "Prison: games missed by {figure} (D3)",
    "roll_old_wound": "Old war wound: does {figure} play this game?",
    "roll_advance": "[HOUSE] Advance for {figure} (2d6)",
    # results and changes
    "injury": "{figure}: {result}",
    "rerolled": "{figure}: {result}, rolled again (GAP-64)",
    "returns": "{figure} returns for the next game",
    "dead": "{figure} is dead",
    "blind": "{figure} has lost both eyes and leaves the band",
    "sentenced": "{figure} is sentenced to death and leaves the band",
    "lost": "{figure} is not freed: {band} loses it for good",
    "misses": "{figure} misses the next {games:game|{games} games}",
    "absent": "{figure} misses this game ({why})",
    "items_lost": "{figure} loses {items}",
    "items_to_stash": "{figure} can no longer use {items}: kept by the band",
    "amputated": "{figure}'s arm is amputated: one one-handed weapon from now on (GAP-66)",
    "light_arm_wound": "{figure}: light arm wound, misses the next game",
    "potion_good": "{figure} will ignore the first wound of the next game",
    "captured": "{figure} is captured by {captor}",
    "escaped": "{figure} escapes: no band took it prisoner (GAP-68)",
    "ransomed": "{figure} is ransomed for {amount} band {amount:point|points}",
    "exchanged": "{figure} is exchanged and rejoins {band}",
    "hates": "{figure} now hates {band}",
    "xp": "{figure}: +{xp} XP ({reason})",
    "advance": "{figure}: {result}",
    "injury_capped": "{figure}: {result} changes nothing, already at its limit (GAP-65)",
    "advance_capped": "{figure}: {result} has no effect, already at its cap (GAP-62)",
    "promoted": "{figure} is promoted to {rank}",
    "band_points_vp": "{band}: {vp} VP {vp:becomes|become} {points} band {points:point|points}",
    "band_points_paid": "{band} pays {points} band {points:point|points} ({why})",
    "band_points_received": "{band} receives {points} band {points:point|points} ({why})",
    "bought": "{band}: {item} for {figure} ({cost} {cost:point|points})",
    "from_stash": "{band}: {item} from the band's store for {figure}",
    "hired": "{band} hires {figure}, {rank} ({cost} {cost:point|points})",
    "game_begun": "Game {index}: {scenario}",
    "game_recorded": "Game {index} is over",
    "phase_ready": "Ready for the next game",
    "forfeit": "{band} can field no figure and forfeits game {index}, which is not played (D-10)",
    "band_left": "{band} has no figure and too few band points for a recruit: it leaves "
                 "the campaign after game {index} (D-10)",
    "campaign_won": "The campaign is over after {games} {games:game|games}: {band} wins (D-10)",
    "campaign_drawn": "The campaign is over after {games} {games:game|games}: no band is left "
                      "(D-10)",
    "figure_turn": "{figure} ({state})",
    # decisions
    "ask_keep_weapon": "{name} lost an arm: which one-handed weapon does it keep?",
    "ask_fine": "Pay the {amount}-point fine for {name}, or leave it in prison for D3 games?",
    "ask_ransom_demand": "{captor}: what ransom (any number of band points) do you ask for "
                         "{name}, or which exchange?",
    "ask_ransom": "{captor} holds {name} for {amount} band {amount:point|points}: pay or let go?",
    "ask_exchange": "{captor} offers {name} back for {other}: exchange or let go?",
    "ask_promote": "{name} rolled 12: promote it to Sous-chef, or +1 Mvt?",
    "ask_succession": "{band} has no Chef: hire one or promote a figure ([HOUSE] D-11)",
    "ask_shop": "{band}: spend band points ({points} left)",
    "opt_keep": "Keep {weapon}",
    "opt_none": "No weapon",
    "opt_pay": "Pay {amount} {amount:point|points}",
    "opt_refuse": "Do not pay",
    "opt_ask": "Ask {amount} {amount:point|points}",
    "opt_exchange": "Exchange for {figure}",
    "opt_accept_exchange": "Give {other} back for {name}",
    "opt_let_go": "Let it go",
    "opt_promote": "Promote to Sous-chef",
    "opt_mvt": "+1 Mvt",
    "opt_hire_chef": "Hire a new Chef ({cost} {cost:point|points})",
    "opt_promote_chef": "Promote {figure} to Chef",
    # refusals
    "not_ready": "A game is already under way or the post-game procedure is not finished",
    "not_in_game": "No game is under way",
    "wrong_game": "This result is not from game {index} under way (its dice seed is {seed}, "
                  "game {index}'s is {expected})",
    "no_decision": "No decision is waiting",
    "not_a_choice": "'{option}' is not one of the choices ({choices})",
    "not_shopping": "{band} is not shopping now",
    "no_member": "{band} has no figure {figure} able to take it",
    "unknown_item": "Unknown weapon or equipment '{item}'",
    "not_in_stash": "{band} keeps no '{item}'",
    "too_dear": "{item} costs {cost} band {cost:point|points}, {band} has {points}",
    "refused": "{problem}",
    "unknown_rank": "Unknown rank '{rank}'",
    "one_chef": "A band has exactly one Chef (R-BAND-COMP)",
    "two_sous_chefs": "A band may have at most 2 Sous-chefs (R-BAND-COMP)",
    "no_name": "A recruit needs a name",
    "too_few_bands": "{scenario} has places for {places} bands, the campaign has {bands}",
    "campaign_over": "The campaign is over: no more games",
}


def say(key: str, **params: object) -> str:
    """The English sentence for ``key``, its count phrases agreeing (``skirmish.plural``)."""
    return fill(TEXT[key], "en", params)


def said(key: str, **params: object) -> dict[str, Any]:
    """``text``, ``key`` and ``params`` of a campaign event."""
    return {"text": say(key, **params), "key": key, "params": params}


def refuse(key: str, rule: str | None = None, **params: object) -> IllegalCommand:
    return IllegalCommand(say(key, **params), rule, key=key, params=params)
