"""A figure as the window shows it, as data from its ruleset (RULESETS §0.5 S16): its
health track, the marks on its base, and the lines of its card. The window draws these
for any ruleset; labels, and values that hold words, come in both languages."""

from __future__ import annotations

import msgspec


class PanelLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the card. A value may name a weapon by ``{weapon:<id>}``: the window
    puts the weapon's name in its language there."""

    key: str
    label_en: str
    label_fr: str
    value: str
    #: The value in French when it holds words (else ``value`` serves both languages).
    value_fr: str = ""

    def text(self, lang: str) -> tuple[str, str]:
        """(label, value) in ``lang``."""
        if lang == "fr":
            return self.label_fr, self.value_fr or self.value
        return self.label_en, self.value


class FigurePanel(msgspec.Struct, frozen=True, kw_only=True):
    """``health`` (what is left, the whole) of its health track, named ``health_label``
    (the PV of Skirmish, WFRP's B); ``marks`` the states its
    base shows (``routing``, ``charged_malus``, ``climbing``, ``stunned``, ``held``…);
    ``lines`` what the ruleset adds to the card, or (``own_card``) the card itself;
    ``armour`` its armour points by hit location, for a ruleset that has locations (the
    tray's body diagram)."""

    health: tuple[int, int]
    health_label: str = "PV"
    marks: tuple[str, ...] = ()
    lines: tuple[PanelLine, ...] = ()
    own_card: bool = False
    armour: dict[str, int] = {}
