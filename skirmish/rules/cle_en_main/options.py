"""Clé en main options (RULESETS §2.f, §0.9): every GAP-CM default, typed, with its id.

A scenario's ``[options]`` table is flat: the keys named here (``cem_…``, ``morale``,
``metres_per_pas``) are this ruleset's, every other key is a frame option (turns, band
points, passive actions — RULESETS §0.2), so one scenario file serves every ruleset.
:data:`GAPS` lists every default of §2.f, with the option that switches it or None when
the ruleset plays only the default.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from skirmish.rules.frame.options import OptionInfo, TableOptions
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.options import parse_options as parse_frame

Vitality = Annotated[int, msgspec.Meta(ge=1, le=50)]


class CemOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The switchable defaults; each field's comment names the GAP and its readings."""

    #: GAP-CM-1: (a) the Chef is a boss with the PJ rules (heroism, mal en point), the
    #: Sous-chef a second couteau, the Sous-fifre a figurant; (b) every rank an NPC (the
    #: Chef a boss without PJ rules); (c) the Chef and the Sous-chefs with the PJ rules.
    cem_tiers: Literal["chef_pj", "all_npc", "chefs_pj"] = "chef_pj"
    #: GAP-CM-2: vitality by rank (15 / 10 / 1; a figurant's 1 is the source's, [CM-FIG-VIT]).
    cem_vitality_chef: Vitality = 15
    cem_vitality_sous_chef: Vitality = 10
    cem_vitality_sous_fifre: Vitality = 1
    #: GAP-CM-3: the heroism points of a figure with the PJ rules ([CM-HERO-POOL]: 4 is the table's
    #: smallest row, 10 its largest).
    cem_heroism_chef: Annotated[int, msgspec.Meta(ge=0, le=20)] = 4
    #: GAP-CM-4: (a) the hand by a Réflexes opposition, with responses; (b) the hand
    #: alternates between the sides, responses kept.
    cem_order: Literal["hand", "alternate"] = "hand"
    #: GAP-CM-6: (a) move only 20 pas, move and act 10 pas; (b) 2 × Mvt and Mvt.
    cem_moves: Literal["fixed", "mvt"] = "fixed"
    #: GAP-CM-9: (a) a shield is +2 Défense against melee (rondache +1); (b) a shield is
    #: protection +1 (rondache nothing), added to the armour's.
    cem_shield: Literal["defence", "protection"] = "defence"
    #: GAP-CM-10: (a) trainings by rank (§2.b); (b) nobody is trained.
    cem_training: Literal["rank", "none"] = "rank"
    #: GAP-CM-14: "allié proche": (a) within 3 pas; (b) in contact.
    cem_near_ally: Literal["3_pas", "contact"] = "3_pas"
    #: GAP-CM-15: a group or a cooperation: (a) same target, none acted, up to 5
    #: figurants; (b) and each within 3 pas of another member.
    cem_group: Literal["same_target", "within_3"] = "same_target"
    #: GAP-CM-17: finishing off: (a) anyone unconscious; (b) only figures with the PJ rules.
    cem_finish_off: Literal["anyone", "pj_rules"] = "anyone"
    #: GAP-CM-18: automatic results with 4 dice: (a) judged on the three base dice;
    #: (b) on all four (all 1s; any three 6s).
    cem_auto_dice: Literal["base", "all"] = "base"
    #: GAP-CM-20: halving (Blessure légère, Attaques multiples) (a) after the protection;
    #: (b) before it.
    cem_halving: Literal["after_protection", "before_protection"] = "after_protection"
    #: GAP-CM-22: cover gives the defender +2 (a circumstance) when on.
    cem_cover: bool = False
    #: GAP-CM-23: Leadership: (a) the Skirmish 2d6 against Cd = Volonté + 2; (b) Volonté/15.
    morale: Literal["skirmish", "native"] = "skirmish"
    #: GAP-CM-26: figurants take 11 instead of rolling their 3d6 ([CM-NPC-11]).
    cem_npc_11: bool = False
    #: GAP-CM-27: first aid in a game: (a) Soins in contact, a medikit +2; (b) none.
    cem_first_aid: bool = True
    #: GAP-CM-28: beyond a weapon's range: (a) no shot; (b) up to twice the range, with
    #: the mandatory pénalité Difficulté.
    cem_beyond_range: bool = False
    #: GAP-ALT-1: metres per pas, for the source's distances (weapon ranges).
    metres_per_pas: Annotated[float, msgspec.Meta(ge=0.5, le=3.0)] = 1.0


CEM_KEYS = frozenset(CemOptions.__struct_fields__)


def parse_cem(raw: dict[str, object]) -> CemOptions:
    """This ruleset's keys of a flat options table; raises ``msgspec.ValidationError``
    naming the key, like the frame options."""
    return msgspec.convert({k: v for k, v in raw.items() if k in CEM_KEYS}, CemOptions)


#: Every GAP-CM default of §2.f: (English, French, the option switching it or None).
GAPS: dict[str, tuple[str, str, str | None]] = {
    "GAP-CM-1": ("Chef = boss with the PJ rules; Sous-chef second couteau; Sous-fifre figurant",
                 "Chef = boss aux règles des PJ ; Sous-chef second couteau ; Sous-fifre figurant",
                 "cem_tiers"),
    "GAP-CM-2": ("Skills by the §2.b formulas; vitality 15 / 10 / 1",
                 "Compétences par les formules du §2.b ; vitalité 15 / 10 / 1",
                 "cem_vitality_chef"),
    "GAP-CM-3": ("Heroism: the Chef 4", "Héroïsme : le Chef 4", "cem_heroism_chef"),
    "GAP-CM-4": ("The hand by a Réflexes opposition, with responses",
                 "La main par une opposition de Réflexes, avec réponses", "cem_order"),
    "GAP-CM-5": ("Interrupt at declaration, one attempt; the player picks the pénalité",
                 "Interruption à la déclaration, une tentative ; pénalité au choix", None),
    "GAP-CM-6": ("Move only 20 pas; move and act 10 pas",
                 "Déplacement seul 20 pas ; déplacement et action 10 pas", "cem_moves"),
    "GAP-CM-7": ("Leaving contact is free; engaged enemies may interrupt",
                 "Quitter le contact est libre ; les ennemis engagés peuvent interrompre", None),
    "GAP-CM-8": ("Weapons by name, else by Skirmish Force; range = PL",
                 "Armes par leur nom, sinon par la Force Skirmish ; portée = PL", None),
    "GAP-CM-9": ("Armour: light 2, heavy 4; shield +2 Défense, rondache +1",
                 "Armure : légère 2, lourde 4 ; bouclier +2 Défense, rondache +1", "cem_shield"),
    "GAP-CM-10": ("Trainings by rank", "Entraînements selon le rang", "cem_training"),
    "GAP-CM-11": ("Not perceived: only by unconscious figures and, in round 1, those the "
                  "scenario surprises (native surprised = true); then Combat ≥ 10",
                  "Non perçue : seulement par un inconscient et, au round 1, par ceux que le "
                  "scénario surprend (natif surprised = true) ; alors Combat ≥ 10", None),
    "GAP-CM-12": ("Risque: a failed shot into melee hits an ally; else the next tour is lost",
                  "Risque : un tir raté dans une mêlée touche un allié ; sinon le prochain "
                  "tour est perdu", None),
    "GAP-CM-13": ("Each heroism effect once per round per figure",
                  "Chaque effet d'héroïsme une fois par round et par personnage", None),
    "GAP-CM-14": ("Nearby ally: within 3 pas", "Allié proche : à 3 pas au plus", "cem_near_ally"),
    "GAP-CM-15": ("Groups: same target, none acted, up to 5 figurants",
                  "Groupes : même cible, aucun n'a agi, 5 figurants au plus", "cem_group"),
    "GAP-CM-16": ("Mal en point and conscious: in play; unconscious: out, may return",
                  "Mal en point et conscient : en jeu ; inconscient : hors de combat, peut "
                  "revenir", None),
    "GAP-CM-17": ("2d6 minutes = the rest of the game; anyone unconscious may be finished off",
                  "2d6 minutes = le reste de la partie ; tout inconscient peut être achevé",
                  "cem_finish_off"),
    "GAP-CM-18": ("Automatic results judged on the three base dice",
                  "Résultats automatiques jugés sur les trois dés de base", "cem_auto_dice"),
    "GAP-CM-19": ("Damage dice: red / whites; the heroic die added apart",
                  "Dés de dégâts : rouge / blancs ; le dé héroïque ajouté à part", None),
    "GAP-CM-20": ("Halving after the protection", "Division après la protection", "cem_halving"),
    "GAP-CM-21": ("Zone: centred on the target; everyone in it defends, friends included",
                  "Zone : centrée sur la cible ; tous ceux qui y sont se défendent, alliés "
                  "compris", None),
    "GAP-CM-22": ("Elevation +2; cover none", "Élévation +2 ; couvert aucun", "cem_cover"),
    "GAP-CM-23": ("Cd = Volonté + 2", "Cd = Volonté + 2", "morale"),
    "GAP-CM-24": ("'Difficile' read as Difficulté", "« Difficile » lu comme Difficulté", None),
    "GAP-CM-25": ("No atouts", "Pas d'atouts", None),
    "GAP-CM-26": ("NPCs roll (no automatic 11)", "Les PNJ lancent les dés (pas de 11 "
                  "automatique)", "cem_npc_11"),
    "GAP-CM-27": ("First aid: Soins in contact, medikit +2, once per game",
                  "Premiers soins : Soins au contact, médikit +2, une fois par partie",
                  "cem_first_aid"),
    "GAP-CM-28": ("No shot beyond the range; no range bands",
                  "Pas de tir au-delà de la portée ; pas de tranches de portée",
                  "cem_beyond_range"),
    "GAP-CM-29": ("No primes or pénalités on a Défense test",
                  "Ni prime ni pénalité sur un test de Défense", None),
}


class CleOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The frame's options (RULESETS §0.2) and this ruleset's own."""

    frame: TableOptions
    cm: CemOptions


def parse_options(raw: dict[str, object]) -> CleOptions:
    return CleOptions(frame=parse_frame({k: v for k, v in raw.items() if k not in CEM_KEYS}),
                      cm=parse_cem(raw))


def options_to_dict(options: CleOptions) -> dict[str, object]:
    return {**frame_to_dict(options.frame), **msgspec.to_builtins(options.cm)}


#: Frame options this ruleset's resolution never reads: PA (one action a tour, §2.c),
#: the Skirmish cover modifier (cover here is GAP-CM-22's +2, ``cem_cover``), blast
#: scatter (a Zone lands on its target, GAP-CM-21) and the shot test's dice (the passive
#: actions, which stay (§2.e), test with the Leadership of §2.e, ``passive.py``).
UNUSED_FRAME_OPTIONS = frozenset({"action_points", "cover_modifier", "blast_scatter",
                                  "shot_test_dice"})

#: The switchable defaults, for the set-up and rules screens (labels in both languages).
OPTION_INFO: dict[str, OptionInfo] = {
    "cem_tiers": OptionInfo("GAP-CM-1", "Who plays with the PJ rules", "Qui joue aux règles des PJ"),
    "cem_vitality_chef": OptionInfo("GAP-CM-2", "Vitality, Chef", "Vitalité, Chef"),
    "cem_vitality_sous_chef": OptionInfo("GAP-CM-2", "Vitality, Sous-chef", "Vitalité, Sous-chef"),
    "cem_vitality_sous_fifre": OptionInfo("GAP-CM-2", "Vitality, Sous-fifre",
                                          "Vitalité, Sous-fifre"),
    "cem_heroism_chef": OptionInfo("GAP-CM-3", "Heroism points", "Points d'héroïsme"),
    "cem_order": OptionInfo("GAP-CM-4", "Turn order", "Ordre de jeu"),
    "cem_moves": OptionInfo("GAP-CM-6", "Movement distances", "Distances de déplacement"),
    "cem_shield": OptionInfo("GAP-CM-9", "Shields", "Boucliers"),
    "cem_training": OptionInfo("GAP-CM-10", "Trainings", "Entraînements"),
    "cem_near_ally": OptionInfo("GAP-CM-14", "Nearby ally", "Allié proche"),
    "cem_group": OptionInfo("GAP-CM-15", "Groups and cooperation", "Groupes et coopération"),
    "cem_finish_off": OptionInfo("GAP-CM-17", "Who may be finished off", "Qui peut être achevé"),
    "cem_auto_dice": OptionInfo("GAP-CM-18", "Automatic results", "Résultats automatiques"),
    "cem_halving": OptionInfo("GAP-CM-20", "Halving damage", "Division des dégâts"),
    "cem_cover": OptionInfo("GAP-CM-22", "Cover: +2 Défense", "Couvert : +2 en Défense", "HOUSE"),
    "morale": OptionInfo("GAP-CM-23", "Leadership test", "Test de commandement"),
    "cem_npc_11": OptionInfo("GAP-CM-26", "Figurants take 11", "Les figurants prennent 11"),
    "cem_first_aid": OptionInfo("GAP-CM-27", "First aid", "Premiers soins"),
    "cem_beyond_range": OptionInfo("GAP-CM-28", "Shots up to twice the range",
                                   "Tirs jusqu'au double de la portée"),
    "metres_per_pas": OptionInfo("GAP-ALT-1", "Metres per pas", "Mètres par pas"),
}

#: The rules of §2.a a battle on the table does not use, and where each went (the rules
#: screen lists them, so a reader of the source knows): the role-playing sheet and its
#: progression, which a campaign maps onto the Skirmish campaign layer by rank
#: (GAP-ALT-7), and the tests the table never calls for.
OUT_OF_SCOPE: dict[str, tuple[str, str]] = {
    "CM-SHEET": ("Character sheets: every figure is converted from its warband entry (§2.b), "
                 "or set by its native block; the figure panel shows the sheet's game "
                 "elements",
                 "Fiches de personnage : chaque figurine est convertie depuis sa bande "
                 "(§2.b), ou fixée par son bloc natif ; le panneau de la figurine montre les "
                 "éléments de jeu de la fiche"),
    "CM-ATOUTS": ("Atouts: none (GAP-CM-25); a native block may not give any",
                  "Atouts : aucun (GAP-CM-25) ; un bloc natif ne peut pas en donner"),
    "CM-ATOUT-EFFECTS": ("Atout effects, ordinary or heroic: none (GAP-CM-25); heroism "
                         "offers four of its five effects",
                         "Effets d'atouts, ordinaires ou héroïques : aucun (GAP-CM-25) ; "
                         "l'héroïsme offre quatre de ses cinq effets"),
    "CM-XP": ("Progression: in a campaign, Skirmish experience and advances by rank "
              "(GAP-ALT-7), which the conversion (§2.b) carries into the skills",
              "Progression : en campagne, expérience et progressions de Skirmish par rang "
              "(GAP-ALT-7), que la conversion (§2.b) reporte sur les compétences"),
    "CM-CHANGE-PC": ("Changing character: a campaign hires a new figure at its rank, with no "
                     "experience and no advance (GAP-ALT-7)",
                     "Changer de personnage : une campagne recrute une nouvelle figurine à "
                     "son rang, sans expérience ni progression (GAP-ALT-7)"),
    "CM-HEAL-NAT": ("Rest: a game is one scene and starts at full vitality; between the "
                    "games of a campaign, Skirmish return rolls and injuries (GAP-ALT-7)",
                    "Repos : une partie est une scène et commence à pleine vitalité ; entre "
                    "les parties d'une campagne, jets de retour et blessures de Skirmish "
                    "(GAP-ALT-7)"),
    "CM-MONEY": ("Wealth: a campaign's band points (GAP-ALT-7); costs stay Skirmish's "
                 "(GAP-ALT-4)",
                 "Richesse : les points de bande d'une campagne (GAP-ALT-7) ; les coûts "
                 "restent ceux de Skirmish (GAP-ALT-4)"),
    "CM-OPEN": ("Open tests: none; every test on the table has a difficulty or an "
                "opposition",
                "Tests ouverts : aucun ; chaque test sur la table a une difficulté ou une "
                "opposition"),
    "CM-CHASE": ("Chases: moves are measured on the table (§2.c); a figure running away "
                 "moves up to 20 pas",
                 "Poursuites : les déplacements se mesurent sur la table (§2.c) ; une "
                 "figurine qui s'enfuit se déplace de 20 pas au plus"),
    "CM-OTHER-DMG": ("Falls, fire, asphyxia: the table has none (no climbing under this "
                     "ruleset, no fire or gas)",
                     "Chutes, feu, asphyxie : la table n'en a pas (pas d'escalade avec ces "
                     "règles, ni feu ni gaz)"),
    "CM-NEAR-SKILL": ("Related skills: one Combat (mêlée) serves every melee weapon and one "
                      "Combat (tir) every ranged one (§2.b), so none is needed",
                      "Compétences proches : un seul Combat (mêlée) sert pour toute arme de "
                      "mêlée et un seul Combat (tir) pour toute arme à distance (§2.b) ; "
                      "aucune n'est nécessaire"),
}
