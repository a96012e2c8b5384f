"""WFRP 2e options (RULESETS §1.f): every GAP-WF default, typed, with its id.

A scenario's ``[options]`` table is flat: the keys named here are this ruleset's (they
start with ``wf_``, or are the common ``morale`` and ``metres_per_pas``), every other key
is a table option (turns, cover, line of sight — RULESETS §0.2), so one scenario file and
one replay format serve every ruleset. A default that can be read another way is a
choice here; one the engine offers no alternative to is listed in :data:`GAPS` with
``None`` as its option, so the rules screen shows every default in force.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from skirmish.rules.frame.options import OptionInfo, TableOptions
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.options import parse_options as parse_frame


class WfOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The switchable GAP-WF defaults (and the two common ones WF reads)."""

    #: GAP-WF-3: the ladder is rolled once a game (as written) or every turn.
    wf_initiative_each_round: bool = False
    #: GAP-WF-8: Ulric's confirmation is a successful attack roll, or (as written) a 10.
    wf_ulric: Literal["success", "as_written"] = "success"
    #: GAP-WF-9: the [HOUSE] critical table, or every critical puts out of action.
    wf_critical: Literal["house", "out_of_action"] = "house"
    #: GAP-WF-10: a critical when the damage exceeds the remaining B, or the maximum.
    wf_critical_against: Literal["remaining", "maximum"] = "remaining"
    #: GAP-WF-12: one Destin turns "killed" into "out of action", or has no effect.
    wf_destin: bool = True
    #: GAP-WF-7 (b): dodge shots too.
    wf_dodge_shots: bool = False
    #: GAP-WF-13 (b): leaving contact always gives the enemies a free attack.
    wf_free_attack_always: bool = False
    #: GAP-WF-18 (b): the long-range Visée gives its +10 too.
    wf_long_range_aim_bonus: bool = False
    #: GAP-WF-20 / GAP-22: cover gives −10 % to shots at the figure.
    wf_cover: bool = False
    #: GAP-WF-23 / GAP-ALT-3: Leadership is 2d6 ≤ Cd (Cd from FM), or d100 ≤ FM.
    morale: Literal["skirmish", "native"] = "skirmish"
    #: GAP-ALT-1: metres per pas, for distances the source gives in metres (the push).
    metres_per_pas: Annotated[float, msgspec.Meta(gt=0, le=4)] = 1.0


class Wfrp2Options(msgspec.Struct, frozen=True, kw_only=True):
    """The table options and this ruleset's own."""

    frame: TableOptions
    wf: WfOptions


_WF_KEYS = frozenset(WfOptions.__struct_fields__)

#: Table options a WFRP game never reads, so the window does not offer them: the PA by
#: rank (the action budget is §1.c's), Skirmish's cover (+1 to the CT needed; WF's is
#: ``wf_cover``), a scattering blast (a miss has no effect, §1.d), the d6 of the shot test
#: (the passive actions, which stay (§1.e), test with §1.e's Leadership, ``passive.py``),
#: and misfires (off, GAP-ALT-6).
UNUSED_FRAME_OPTIONS = frozenset({"action_points", "cover_modifier", "blast_scatter",
                                  "shot_test_dice"})


def parse_options(raw: dict[str, Any]) -> Wfrp2Options:
    """Raises ``msgspec.ValidationError`` naming the key, like the table options."""
    wf = {k: v for k, v in raw.items() if k in _WF_KEYS}
    frame = {k: v for k, v in raw.items() if k not in _WF_KEYS}
    return Wfrp2Options(frame=parse_frame(frame), wf=msgspec.convert(wf, WfOptions))


def options_to_dict(options: Wfrp2Options) -> dict[str, Any]:
    return {**frame_to_dict(options.frame), **msgspec.to_builtins(options.wf)}


#: The switchable defaults, for the set-up and rules screens (labels in both languages).
OPTION_INFO: dict[str, OptionInfo] = {
    "wf_initiative_each_round": OptionInfo("GAP-WF-3", "Initiative rolled every turn",
                                           "Initiative relancée à chaque tour"),
    "wf_ulric": OptionInfo("GAP-WF-8", "Ulric's Fury confirmation", "Confirmation de la Fureur d'Ulric"),
    "wf_critical": OptionInfo("GAP-WF-9", "Critical hits", "Coups critiques", "HOUSE"),
    "wf_critical_against": OptionInfo("GAP-WF-10", "Critical against B", "Critique contre les B"),
    "wf_destin": OptionInfo("GAP-WF-12", "Destin saves from death", "Le Destin sauve de la mort"),
    "wf_dodge_shots": OptionInfo("GAP-WF-7", "Dodge shots too", "Esquiver aussi les tirs"),
    "wf_free_attack_always": OptionInfo("GAP-WF-13", "Free attack on every disengagement (Désengagement)",
                                        "Attaque gratuite à tout Désengagement"),
    "wf_long_range_aim_bonus": OptionInfo("GAP-WF-18", "+10 for the long-range Visée",
                                          "+10 pour la Visée à longue portée"),
    "wf_cover": OptionInfo("GAP-WF-20", "Cover: −10 % to shots", "Couvert : −10 % aux tirs",
                           "HOUSE"),
    "morale": OptionInfo("GAP-WF-23", "Leadership test", "Test de commandement"),
    "metres_per_pas": OptionInfo("GAP-ALT-1", "Metres per pas", "Mètres par pas"),
}

#: Every GAP-WF default of §1.f, its words in both languages and the option that
#: switches it (None: the engine plays the default only).
GAPS: dict[str, tuple[str, str, str | None]] = {
    "GAP-WF-1": ("Characteristics converted from the Skirmish profile (§1.b)",
                 "Caractéristiques converties du profil Skirmish (§1.b)", None),
    "GAP-WF-2": ("Mouvement = Mvt pas; Charge 2×; Course 3×; Désengagement 1×",
                 "Mouvement = Mvt pas ; Charge 2× ; Course 3× ; Désengagement 1×", None),
    "GAP-WF-3": ("Initiative once a game; ties by Ag then d10",
                 "Initiative une fois par partie ; égalités par Ag puis d10",
                 "wf_initiative_each_round"),
    "GAP-WF-4": ("Retardement: before an enemy in sight acts, or after its Mouvement",
                 "Retardement : avant qu'un ennemi en vue agisse, ou après son Mouvement", None),
    "GAP-WF-5": ("Melee needs contact, shooting needs line of sight",
                 "La mêlée exige le contact, le tir la ligne de vue", None),
    "GAP-WF-6": ("Weapons converted from the Skirmish catalogue",
                 "Armes converties du catalogue Skirmish", None),
    "GAP-WF-7": ("Parry: CC, Parade or a left-hand item; dodge: Ag with Esquive; melee only",
                 "Parade : CC, Parade ou main gauche ; esquive : Ag avec Esquive ; mêlée seule",
                 "wf_dodge_shots"),
    "GAP-WF-8": ("Ulric's Fury: a successful attack roll confirms, +1d10 once",
                 "Fureur d'Ulric : un jet d'attaque réussi confirme, +1d10 une fois", "wf_ulric"),
    "GAP-WF-9": ("[HOUSE] critical: d100 + 10 × CV", "[MAISON] critique : d100 + 10 × VC",
                 "wf_critical"),
    "GAP-WF-10": ("Critical when the damage exceeds the remaining B",
                  "Critique quand les dégâts dépassent les B restants", "wf_critical_against"),
    "GAP-WF-11": ("Fortune: Chef 2, Sous-chef 1, Sous-fifre 0, once a game",
                  "Fortune : Chef 2, Sous-chef 1, Sous-fifre 0, une fois par partie", None),
    "GAP-WF-12": ("One Destin turns 'killed' into 'out of action'",
                  "Un Destin change « tué » en « hors de combat »", "wf_destin"),
    "GAP-WF-13": ("Mouvement may end in contact; leave only by Désengagement",
                  "Le Mouvement peut finir au contact ; on n'en sort que par Désengagement",
                  "wf_free_attack_always"),
    "GAP-WF-14": ("Course, prudente, Posture défensive last to the figure's next turn",
                  "Course, prudente, Posture défensive durent jusqu'au prochain tour", None),
    "GAP-WF-15": ("Charge only within 2 × Mvt; no failed charge",
                  "Charge seulement à 2 × Mvt ; pas de charge ratée", None),
    "GAP-WF-16": ("Armour: light 1 AP (head 0), heavy 2 AP", "Armure : légère 1 PA (tête 0), lourde 2 PA",
                  None),
    "GAP-WF-17": ("Visée: the next action, this turn or the next",
                  "Visée : l'action suivante, ce tour ou le suivant", None),
    "GAP-WF-18": ("Long range needs a Visée, without its +10",
                  "La longue portée exige une Visée, sans son +10", "wf_long_range_aim_bonus"),
    "GAP-WF-19": ("Out-of-action figures are Sans défense: any damage kills",
                  "Les hors de combat sont Sans défense : tout dégât tue", None),
    "GAP-WF-20": ("Elevation ±10; cover 0", "Élévation ±10 ; couvert 0", "wf_cover"),
    "GAP-WF-21": ("Soins: Int + 20 with a medikit, once", "Soins : Int + 20 avec un médikit, une fois",
                  None),
    "GAP-WF-22": ("Spells, jumps, pinning, mounts, Folie not offered; surprise by scenario",
                  "Sorts, sauts, immobilisation, montures, Folie exclus ; surprise par scénario",
                  None),
    "GAP-WF-23": ("Cd = round(FM / 5), Skirmish rout and passive actions",
                  "Cd = arrondi(FM / 5), déroute et actions passives Skirmish", "morale"),
}
