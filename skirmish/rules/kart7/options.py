"""KART 7 options (RULESETS §4.f): every GAP-K7 default, typed, with its id.

A scenario's ``[options]`` table is flat: the keys of :class:`K7Options` are this
ruleset's (``k7_…``, and ``morale`` as in the other rulesets), every other key is a frame
option (turns, band points — RULESETS §0.2), so one scenario file serves every ruleset.
:data:`GAPS` lists every default of §4.f with the option that switches it, if one does.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.frame.options import OptionInfo, TableOptions
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.options import parse_options as parse_frame


class K7Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    #: [GAP-K7-1] the Ace's value: 1 (A = 1 … K = 13) or 14 (2 … K = 13, A = 14).
    k7_ace: Literal[1, 14] = 1
    #: [GAP-K7-2] decks of 52 shuffled together.
    k7_decks: Literal[2, 3] = 3
    #: [GAP-K7-4] an empty pioche: the first card from the general deck one level harder,
    #: or the draw fails.
    k7_empty_pioche: Literal["harder", "fail"] = "harder"
    #: [GAP-K7-8] (b): a target in cover makes a shot one level harder.
    k7_cover: bool = False
    #: [GAP-K7-13] armour subtracts from the damage value, or raises OK and KO.
    k7_armour: Literal["value", "thresholds"] = "value"
    #: [GAP-K7-14] a survived wound's card: a standing malus equal to its value, or one
    #: malus marker that cannot be discarded.
    k7_wound_malus: Literal["value", "marker"] = "value"
    #: [GAP-K7-24] the rout test: a Volonté draw, or the Skirmish 2d6 ≤ Volonté + 2.
    morale: Literal["native", "skirmish"] = "native"


K7_KEYS = frozenset(K7Options.__struct_fields__)


class Kart7Options(msgspec.Struct, frozen=True, kw_only=True):
    """The table's options and this ruleset's own."""

    frame: TableOptions
    k7: K7Options


#: Table options a KART 7 game never reads, so the window does not offer them: there are
#: no PA ([K7-TURN]); cover is a level of the draw (``k7_cover``); a blast is one draw at
#: its target ([GAP-K7-23]); passive actions are off ([GAP-K7-27]), with the Skirmish
#: shot test they would roll.
UNUSED_FRAME_OPTIONS = frozenset({"action_points", "cover_modifier", "blast_scatter",
                                  "shot_test_dice", "passive_actions"})


def parse_options(raw: dict[str, Any]) -> Kart7Options:
    """Raises ``msgspec.ValidationError`` naming the key, like the table's options."""
    return Kart7Options(frame=parse_frame({k: v for k, v in raw.items() if k not in K7_KEYS}),
                        k7=msgspec.convert({k: v for k, v in raw.items() if k in K7_KEYS},
                                           K7Options))


def options_to_dict(options: Kart7Options) -> dict[str, Any]:
    return {**frame_to_dict(options.frame), **msgspec.to_builtins(options.k7)}


class GapInfo(msgspec.Struct, frozen=True):
    """One default of §4.f: what it reads, in both languages; the option switching it
    (None: not switchable); ``house`` when no source gives it any basis ([HOUSE])."""

    en: str
    fr: str
    option: str | None = None
    house: bool = False


#: The switchable defaults, for the set-up and rules screens (labels in both languages;
#: [HOUSE] where no source gives the default any basis).
OPTION_INFO: dict[str, OptionInfo] = {
    "k7_ace": OptionInfo("GAP-K7-1", "Value of the Ace", "Valeur de l'As"),
    "k7_decks": OptionInfo("GAP-K7-2", "Decks in play", "Jeux de cartes utilisés"),
    "k7_empty_pioche": OptionInfo("GAP-K7-4", "Empty pioche", "Pioche vide", "HOUSE"),
    "k7_cover": OptionInfo("GAP-K7-8", "Cover: one level harder",
                           "Couvert : un niveau plus difficile"),
    "k7_armour": OptionInfo("GAP-K7-13", "Armour", "Armure", "HOUSE"),
    "k7_wound_malus": OptionInfo("GAP-K7-14", "A survived wound's malus",
                                 "Malus d'une blessure survécue"),
    "morale": OptionInfo("GAP-K7-24", "Rout test", "Test de déroute", "HOUSE"),
}

GAPS: dict[str, GapInfo] = {
    "GAP-K7-1": GapInfo("Card values A = 1 … K = 13", "Valeurs des cartes As = 1 … R = 13",
                        "k7_ace"),
    "GAP-K7-2": GapInfo("3 decks; an empty general deck reshuffles the discard pile",
                        "3 jeux ; une pioche générale vide reprend la défausse mélangée",
                        "k7_decks"),
    "GAP-K7-3": GapInfo("A hand and a pioche per figure: 3/7, 2/6, 1/5 by rank",
                        "Une main et une pioche par figurine : 3/7, 2/6, 1/5 selon le rang"),
    "GAP-K7-4": GapInfo("An empty pioche: first card from the general deck, one level harder",
                        "Pioche vide : première carte de la pioche générale, un niveau plus "
                        "difficile", "k7_empty_pioche", house=True),
    "GAP-K7-5": GapInfo("Sides declare figure by figure; first speaker by a high card, then "
                        "rotating", "Les camps déclarent figurine par figurine ; premier à "
                        "parler par la plus haute carte, puis à tour de rôle"),
    "GAP-K7-6": GapInfo("Declarations as listed; an impossible action changes plan at the "
                        "court-circuit cost, or just moves", "Déclarations listées ; une action "
                        "devenue impossible change de plan au prix du court-circuit, ou se "
                        "déplace seulement"),
    "GAP-K7-7": GapInfo("Movement Rapidité + 2 pas; double when hurrying (+1 level) or moving "
                        "only", "Déplacement Rapidité + 2 pas ; double en se pressant (+1 "
                        "niveau) ou sans action", house=True),
    "GAP-K7-8": GapInfo("Melee Moyenne; shots PC/PM/PL Facile/Moyenne/Difficile; elevation one "
                        "level; cover off", "Mêlée Moyenne ; tirs PC/PM/PL Facile/Moyenne/"
                        "Difficile ; élévation un niveau ; couvert non", "k7_cover"),
    "GAP-K7-9": GapInfo("Facing: Contact against melee, Rapidité against shots; a pioche card, "
                        "not the action", "Faire face : Contact en mêlée, Rapidité contre un "
                        "tir ; une carte de pioche, pas l'action"),
    "GAP-K7-10": GapInfo("A winning defender deals damage in melee, not against shots",
                         "Un défenseur vainqueur blesse en mêlée, pas contre un tir"),
    "GAP-K7-11": GapInfo("Characteristics stand in for the missing skills",
                         "Les caractéristiques remplacent les compétences absentes"),
    "GAP-K7-12": GapInfo("Weapon lethality and bonus by Skirmish Force",
                         "Létalité et bonus des armes selon la Force de Skirmish", house=True),
    "GAP-K7-13": GapInfo("Armour off the damage value: light 1, heavy 2, shield 1 in melee",
                         "Armure retirée des dommages : légère 1, lourde 2, bouclier 1 en "
                         "mêlée", "k7_armour", house=True),
    "GAP-K7-14": GapInfo("A survived wound: a standing malus equal to its value",
                         "Blessure survécue : un malus permanent égal à sa valeur",
                         "k7_wound_malus"),
    "GAP-K7-15": GapInfo("Survival draws: Énorme every 10 turns, others at the end of the game",
                         "Tirages de survie : Énorme tous les 10 tours, les autres en fin de "
                         "partie"),
    "GAP-K7-16": GapInfo("Holders vert, bleu, jaune, rouge, noir = Nulle … Énorme",
                         "Pinces vert, bleu, jaune, rouge, noir = Nulle … Énorme"),
    "GAP-K7-17": GapInfo("The attack's total is the modified value v",
                         "Le montant total de l'attaque est la valeur modifiée v"),
    "GAP-K7-18": GapInfo("Ressource: first card from the hand; refill by the quality; each "
                         "later one a level harder", "Ressource : première carte de la main ; "
                         "regarnir selon la qualité ; chaque suivante un niveau plus difficile"),
    "GAP-K7-19": GapInfo("Supports in contact, or with sight and range, to the target; "
                         "Récupération = Ressource", "Soutiens au contact, ou en vue et à portée "
                         "de la cible ; Récupération = Ressource"),
    "GAP-K7-20": GapInfo("Bonus markers raise every draw, spent when drawing",
                         "Les marqueurs bonus s'ajoutent à tout tirage, dépensés au tirage"),
    "GAP-K7-21": GapInfo("Ties: one general card per side, higher wins, redraw",
                         "Égalité : une carte générale par camp, la plus haute gagne, on "
                         "recommence"),
    "GAP-K7-22": GapInfo("KO: a Volonté draw each turn's end; the malus = v, once",
                         "KO : un tirage de Volonté à chaque fin de tour ; malus = v, une fois"),
    "GAP-K7-23": GapInfo("One draw per target; a blast: one value for all",
                         "Un tirage par cible ; gabarit : une valeur pour tous"),
    "GAP-K7-24": GapInfo("Rout test: a Volonté draw, Moyenne", "Test de déroute : tirage de "
                         "Volonté, Moyenne", "morale", house=True),
    "GAP-K7-25": GapInfo("No atouts, calamités or specialities", "Ni atouts, ni calamités, ni "
                         "spécialités"),
    "GAP-K7-26": GapInfo("Medicine as §4.d; a medikit is light equipment",
                         "Médecine du §4.d ; un médikit est un équipement léger"),
    "GAP-K7-27": GapInfo("Deployment roll-off by high card; passive actions off",
                         "Tirage au sort du déploiement par la plus haute carte ; actions "
                         "passives non utilisées"),
    "GAP-K7-28": GapInfo("The pioche card is drawn first; a Carreau cancels the extra level",
                         "La carte de pioche d'abord ; un Carreau annule le niveau en plus"),
    "GAP-K7-29": GapInfo("Pioche order hidden from every player and the computer; hands public",
                         "Ordre des pioches caché à tous, ordinateur compris ; mains visibles"),
}
