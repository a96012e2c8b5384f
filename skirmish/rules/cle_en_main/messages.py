"""What Clé en main says to a player, by key (English here; the window says ``engine.<key>``
in its language from ``assets/translations/*/cle_en_main.json``). Keys start with ``cm_``;
params keep figure ids, which the label names."""

from __future__ import annotations

TEXT: dict[str, str] = {
    "cm_lbl_attack": "{figure}: Combat ({skill}) against {target}",
    "cm_lbl_defence": "{figure}: Défense against {target}",
    "cm_lbl_test": "{figure}: {skill}/{need}",
    "cm_lbl_reflexes": "{figure}: Réflexes",
    "cm_lbl_damage": "{figure}: damage dice",
    "cm_lbl_timer": "{figure}: {what}",
}

#: Human names of the skills a test may use ([CM-SKILLS]).
SKILLS: dict[str, str] = {
    "combat_melee": "mêlée", "combat_tir": "tir", "defence": "Défense",
    "resistance": "Résistance", "volonte": "Volonté", "reflexes": "Réflexes",
    "soins": "Soins", "muscles": "Muscles", "acrobatie": "Acrobatie",
}


def say(key: str, names: dict[str, str], **params: object) -> str:
    """The English sentence of ``key``; ``names`` turns the figure ids among ``params``
    into names."""
    shown = {k: names.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
    return TEXT[key].format(**shown)
