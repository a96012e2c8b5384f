"""Clefs de l'Aube game state: the Skirmish state (table, bands, turn, waves, PA, the
resolution stack) plus what this ruleset owns per figure (RULESETS §0.5 S10)."""

from __future__ import annotations

import msgspec

from skirmish.rules.clefs_aube.options import CaOptions
from skirmish.rules.clefs_aube.profile import CaProfile
from skirmish.rules.skirmish.state import GameState


class CaFigure(msgspec.Struct, kw_only=True):
    """[CA-WOUNDS] boxes filled per aspect and level; [CA-FATIGUE] PF per aspect;
    [CA-STUN] étourdi; MA points banked ([CA-SURCLASSEMENT]); the activation's
    multi-action ladder ([CA-MULTI]: ``planned`` 0 = not declared yet, ``rolled`` so far,
    which GAP-CA-18 reads too: no Éviter after an attack); ``evading`` ([GAP-CA-18])."""

    profile: CaProfile
    wounds: dict[str, dict[str, int]] = {}
    pf: dict[str, int] = msgspec.field(default_factory=lambda: {"ph": 0, "me": 0, "my": 0})
    etourdi: bool = False
    banked_ma: int = 0
    planned: int = 0
    rolled: int = 0
    evading: bool = False

    def fatigue(self) -> int:
        """[CA-FATIGUE] each PF(Ph) is a handicap of 1 on every Ph-based CA."""
        return self.pf.get("ph", 0)


class CaState(GameState, kw_only=True):
    ca_options: CaOptions = CaOptions()
    ca: dict[str, CaFigure] = {}


#: The first engine version (``ClefsAubeRuleset.version``) that counts every attack of an
#: activation for Éviter (GAP-CA-18), takes a failed 'Être chargé' test off Enc (GAP-CA-25)
#: and rolls the ammunition die of a Clefs grenade ([R-CAMP-AMMO]).
FIXES_OF_3 = 3


def plays(s: CaState, version: int) -> bool:
    """``s`` is a game of ``version`` or later: a game recorded before plays on without
    what ``version`` changed, so its replay still verifies."""
    return s.ruleset_version >= version
