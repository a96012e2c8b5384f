"""Les Clefs de l'Aube options (RULESETS §3.f): every GAP-CA default the engine can switch.

A scenario's ``[options]`` table is flat: the keys named here are this ruleset's, every
other key is a Skirmish frame option (turns, PA, passive actions — RULESETS §0.2), so one
scenario file and one replay format serve both rulesets.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.frame.options import OptionInfo, TableOptions
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.options import parse_options as parse_frame


class CaOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    ca_multi_actions: bool = True
    ca_combat: Literal["simple", "surclassement"] = "simple"
    ca_critical_die: Literal["off", "attacks"] = "off"
    ca_critical_sides: Literal[6, 8, 10, 12, 20] = 10
    ca_attack_factor: int = 10
    ca_mortality_factor: int = 0
    ca_armour: Literal["dom", "enc"] = "dom"
    ca_shot_damage: Literal["band", "band_minus_5"] = "band"
    ca_out_of_action: Literal["critique", "grave"] = "critique"
    ca_cover: bool = False
    morale: Literal["skirmish", "native"] = "skirmish"


class ClefsOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The Skirmish frame options and this ruleset's own."""

    frame: TableOptions
    ca: CaOptions


_CA_KEYS = frozenset(CaOptions.__struct_fields__)

#: Skirmish frame options a shot here never reads, so the window does not offer them: its
#: cover is GAP-CA-17's own ND +5 (``ca_cover``), not GAP-22's +1 to the CT needed; a
#: blast is one roll at the target that hits everyone in the radius or no one
#: (RULESETS §3.d, GAP-CA-21), so a miss has nothing to scatter (GAP-33).
UNUSED_FRAME_OPTIONS = frozenset({"cover_modifier", "blast_scatter"})


def parse_options(raw: dict[str, Any]) -> ClefsOptions:
    """Raises ``msgspec.ValidationError`` naming the key, like the Skirmish options."""
    ca = {k: v for k, v in raw.items() if k in _CA_KEYS}
    frame = {k: v for k, v in raw.items() if k not in _CA_KEYS}
    return ClefsOptions(frame=parse_frame(frame), ca=msgspec.convert(ca, CaOptions))


def options_to_dict(options: ClefsOptions) -> dict[str, Any]:
    return {**frame_to_dict(options.frame), **msgspec.to_builtins(options.ca)}


#: The switchable defaults, for the set-up and rules screens (labels in both languages;
#: the values' labels are ``value.<key>.<value>`` in assets/translations/*/clefs_ui.json).
#: Each label reads whole on its own and fits the set-up row at 1280 × 720 with its ID
#: ("Out of action at the" read as a broken sentence, "… (n, n + 3…" was cut inside its
#: bracket; GAPS below spells the n, n + 3, … ladder out).
OPTION_INFO: dict[str, OptionInfo] = {
    "ca_multi_actions": OptionInfo(
        "GAP-CA-2", "Multiple-action handicaps", "Handicaps d'actions multiples"),
    "ca_combat": OptionInfo("CA-SURCLASSEMENT", "Melee system", "Système de mêlée"),
    "ca_critical_die": OptionInfo("GAP-CA-8", "Critical die", "Dé critique"),
    "ca_critical_sides": OptionInfo("CA-CRIT-DIE", "Sides of the critical die",
                                    "Faces du dé critique"),
    "ca_attack_factor": OptionInfo("GAP-CA-4", "Facteur d'attaque (TP, Esq)",
                                   "Facteur d'attaque (TP, Esq)"),
    "ca_mortality_factor": OptionInfo("GAP-CA-4", "Facteur de mortalité (Enc)",
                                      "Facteur de mortalité (Enc)"),
    "ca_armour": OptionInfo("GAP-CA-13", "Armour's BE", "BE de l'armure"),
    "ca_shot_damage": OptionInfo("GAP-CA-14", "Shot damage", "Dommages du tir"),
    "ca_out_of_action": OptionInfo("GAP-CA-9", "Out-of-action threshold",
                                   "Seuil de mise hors de combat"),
    "ca_cover": OptionInfo("GAP-CA-17", "Cover: ND +5", "Couvert : ND +5"),
    "morale": OptionInfo("GAP-CA-20", "Leadership test", "Test de commandement"),
}

#: Every GAP-CA default of §3.f and whether an option switches it (the rules screen).
GAPS: dict[str, tuple[str, str, str | None]] = {
    "GAP-CA-1": ("Skirmish initiative, waves, PA, actions and Mvt",
                 "Initiative, vagues, PA, actions et Mvt de Skirmish", None),
    "GAP-CA-2": ("An activation is one CA turn; declared rolled actions take n, n + 3, …",
                 "Une activation est un tour CA ; actions annoncées : n, n + 3, …",
                 "ca_multi_actions"),
    "GAP-CA-3": ("Skill levels from the table: disciple 10, compagnon 15",
                 "Niveaux de la table : disciple 10, compagnon 15", None),
    "GAP-CA-4": ("TP = CA + BP − 10; facteur de mortalité 0",
                 "TP = CA + BP − 10 ; facteur de mortalité 0", "ca_attack_factor"),
    "GAP-CA-5": ("Surclassement bonuses of the chapter (L714–726)",
                 "Bonus du surclassement du chapitre (L714–726)", None),
    "GAP-CA-6": ("Surclassement compares raw °R; effect = difference + bonus",
                 "Surclassement : °R bruts comparés ; effet = différence + bonus", None),
    "GAP-CA-7": ("Always roll in combat; edge rules", "Toujours lancer en combat ; cas limites",
                 None),
    "GAP-CA-8": ("Critical die off", "Dé critique non utilisé", "ca_critical_die"),
    "GAP-CA-9": ("Out of action at the first critique or PF(Ph) ≥ Ph",
                 "Hors de combat à la première critique ou PF(Ph) ≥ Ph", "ca_out_of_action"),
    "GAP-CA-10": ("Étourdi: −1 on the next rolled action; sonné: its PF only",
                  "Étourdi : −1 à la prochaine action lancée ; sonné : ses PF", None),
    "GAP-CA-11": ("No recovery during a game", "Pas de récupération pendant la partie", None),
    "GAP-CA-12": ("Weapons and armour by the §3.b formulas",
                  "Armes et armures par les formules du §3.b", None),
    "GAP-CA-13": ("Armour subtracted from Dom", "Armure retirée des Dom", "ca_armour"),
    "GAP-CA-14": ("Bands = PC/PM/PL; ND + max(0, Esq); Dom − band ND",
                  "Portées = PC/PM/PL ; ND + max(0, Esq) ; Dom − ND de portée",
                  "ca_shot_damage"),
    "GAP-CA-15": ("Moyens: Pu melee, Pr shooting, Ma dodge",
                  "Moyens : Pu mêlée, Pr tir, Ma esquive", None),
    "GAP-CA-16": ("A failed encaissement subtracts nothing",
                  "Un encaissement raté ne retire rien", None),
    "GAP-CA-17": ("Elevation ±3 CA; cover off", "Élévation ±3 CA ; couvert non", "ca_cover"),
    "GAP-CA-18": ("Éviter: 1 PA, Esq instead of TP, no attack that activation",
                  "Éviter : 1 PA, Esq au lieu de TP, pas d'attaque", None),
    "GAP-CA-19": ("Heroism levels not used", "Niveaux d'héroïsme non utilisés", None),
    "GAP-CA-20": ("Cd = the rank's Cd (custom: Me − 1)", "Cd = celui du rang (sinon Me − 1)",
                  "morale"),
    "GAP-CA-21": ("Extra targets take multi-action handicaps; blast: one roll",
                  "Cibles en plus : handicaps d'actions multiples ; gabarit : un jet", None),
    "GAP-CA-22": ("No charge bonus; unarmed BA 0, BP −5, BD 10",
                  "Pas de bonus de charge ; mains nues BA 0, BP −5, BD 10", None),
    "GAP-CA-23": ("Medikit: −3 PF(Ph), once; Me/My damage, dépassement, magic out of scope",
                  "Médikit : −3 PF(Ph), une fois ; dommages Me/My, dépassement, magie exclus",
                  None),
    "GAP-CA-24": ("NC from the rank's base CCC / CT, then ±5 per race or trade step",
                  "NC selon CCC / CT de base du rang, puis ±5 par écart de race ou métier",
                  None),
    "GAP-CA-25": ("A failed 'Être chargé' test: Enc −1 until the end of the turn",
                  "Test « Être chargé » raté : Enc −1 jusqu'à la fin du tour", None),
}

#: The rules of §3.a a battle on the table does not use, and why (the rules screen lists
#: them, so a reader of the source knows where they went).
OUT_OF_SCOPE: dict[str, tuple[str, str]] = {
    "CA-CREATE": ("Character creation: every figure is converted from its warband entry "
                  "(§3.b), or set by its native block",
                  "Création de personnage : chaque figurine est convertie depuis sa bande "
                  "(§3.b), ou fixée par son bloc natif"),
    "CA-XP": ("Experience between games: a later issue (RULESETS §0.8); one game has no PX",
              "Expérience entre les parties : un ticket ultérieur (RULESETS §0.8) ; une "
              "partie ne donne pas de PX"),
    "CA-DEPASSEMENT": ("Dépassement actions: out of scope (GAP-CA-23)",
                       "Actions de dépassement : hors du jeu de table (GAP-CA-23)"),
    "CA-HEROISM": ("Heroism levels: off (GAP-CA-19); no figure has levels on this table",
                   "Niveaux d'héroïsme : non utilisés (GAP-CA-19) ; aucune figurine n'en a "
                   "sur cette table"),
}
