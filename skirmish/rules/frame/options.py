"""The table's options: the Skirmish rules options (RULES.md §15 and §15.1 D-1).

Every switch that §15 names lives here with its default; scenarios, saves and replays
store them; the rules screen lists them with :data:`OPTION_INFO` (labels, the GAP they
settle, and whether the choice is a house rule or a deviation from the text). Every
ruleset plays on the Skirmish table (RULESETS §0.2), so each keeps these as its frame
options beside its own, and names those its resolution never reads
(``Ruleset.unused_options``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

#: Bounds a file may set: a figure with 10^6 PA would never end its
#: activation, 0 PA could never act.
PA = Annotated[int, msgspec.Meta(ge=1, le=10)]


class ActionPoints(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """GAP-11: PA per turn by rank."""

    chef: PA = 3
    sous_chef: PA = 3
    sous_fifre: PA = 2


class PassiveActions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D-1: each passive action of §7 can be switched off for the whole game."""

    charge: bool = True
    charged: bool = True
    spot: bool = True
    shot: bool = True


class TableOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    band_points: Annotated[int, msgspec.Meta(ge=1, le=100_000)] = 250
    elf_resistance: Literal["a", "b"] = "a"
    action_points: ActionPoints = ActionPoints()
    max_turns: Annotated[int, msgspec.Meta(ge=1, le=100)] = 6
    figures_block_los: bool = False
    cover_modifier: bool = False
    blast_scatter: bool = False
    shot_test_dice: Literal[1, 2] = 2
    passive_actions: PassiveActions = PassiveActions()
    vp_to_band_points: Annotated[float, msgspec.Meta(ge=0, le=100)] = 1.0
    advancement: bool = True
    back_to_back: bool = False


class OptionInfo(msgspec.Struct, frozen=True):
    gap: str
    label_en: str
    label_fr: str
    tag: Literal["", "HOUSE", "DEVIATION"] = ""


OPTION_INFO: dict[str, OptionInfo] = {
    "band_points": OptionInfo("GAP-2", "Band-point budget", "Budget en points de bande", "HOUSE"),
    "elf_resistance": OptionInfo("GAP-6", "Elf resistance reading", "Lecture de la R elfique"),
    "action_points": OptionInfo("GAP-11", "PA by rank", "PA par rang"),
    "max_turns": OptionInfo("GAP-13", "Number of turns", "Nombre de tours", "HOUSE"),
    "figures_block_los": OptionInfo(
        "GAP-20", "Figures block line of sight", "Les figurines bloquent la ligne de vue"
    ),
    "cover_modifier": OptionInfo(
        "GAP-22", "Cover: +1 to the CT needed", "Couvert : +1 à la CT requise", "HOUSE"
    ),
    "blast_scatter": OptionInfo(
        "GAP-33", "Missed blasts scatter", "Les gabarits ratés dévient", "HOUSE"
    ),
    "shot_test_dice": OptionInfo(
        "GAP-47", "Dice for 'Subir un tir'", "Dés pour « Subir un tir »", "DEVIATION"
    ),
    "passive_actions": OptionInfo("D-1", "Passive actions in use", "Actions passives utilisées"),
    "vp_to_band_points": OptionInfo("GAP-61", "Band points per VP", "Points de bande par PV"),
    "advancement": OptionInfo(
        "GAP-62", "Advancement from XP", "Progression par l'expérience", "HOUSE"
    ),
    "back_to_back": OptionInfo(
        "GAP-69", "No rest: ammunition rolls", "Sans repos : jets de munitions"
    ),
}


def parse_options(raw: dict[str, Any]) -> TableOptions:
    """Options from a scenario or save; raises ``msgspec.ValidationError`` with the path."""
    return msgspec.convert(raw, TableOptions)


def options_to_dict(options: TableOptions) -> dict[str, Any]:
    return msgspec.to_builtins(options)
