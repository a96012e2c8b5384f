"""The lasting injuries a figure may carry from game to game (§13.4): what the serious
injuries leave on it, and the amputation of [R-CAMP-INJ-23] (GAP-66). A campaign file, a
warband the builder saves and the post-game all name them from here."""

from __future__ import annotations

from skirmish.content.band_rules import AMPUTATED_ARM

#: Lasting injuries kept on the figure (the rules read them: stat changes and flags).
LASTING = frozenset({"leg_wound", "nervous_trauma", "lose_an_eye", "hand_wound", "madness",
                     "old_war_wound", "bitter_hatred", "hardened"})
#: The lasting injuries with a cap (GAP-65, [R-CAMP-INJ-25], [R-CAMP-INJ-34]) that is
#: reached by taking them again.
CAPPED = frozenset({"leg_wound", "nervous_trauma", "hand_wound"})
#: Every injury a figure may carry.
INJURIES = LASTING | {AMPUTATED_ARM}
