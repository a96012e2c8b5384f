"""What this ruleset says to a player, by key, added to the rules' one table
(:mod:`skirmish.rules.frame.messages`) so ``say``/``illegal``/``ask`` and the window's
``engine.<key>`` translations serve every ruleset. Keys start with ``ca_``."""

from __future__ import annotations

from skirmish.rules.frame.messages import add_text

TEXT: dict[str, str] = {
    "ca_lbl_strike": "Strike with {weapon} (d20)",
    "ca_lbl_shot": "Shot with {weapon} (d20)",
    "ca_lbl_enc": "Encaissement (d20)",
    "ca_lbl_manoeuvre": "Manoeuvre {manoeuvre} (d20)",
    "ca_lbl_native_test": "{test} (d20)",
    "ca_ask_plan": "{figure}: how many attacks this activation?",
    "ca_opt_plan": "{n} planned (handicaps {ladder})",
    "ca_ask_manoeuvre": "{figure} against {enemy}: choose a manoeuvre in secret",
    # The window's labels also say what each manoeuvre does if it wins (translations,
    # engine.ca_opt_*); these stay as saved games' pending decisions hold them (hashed).
    "ca_opt_mp": "MP — parry (CA {ca})",
    "ca_opt_ma": "MA — feint (CA {ca})",
    "ca_opt_md": "MD — damage (CA {ca})",
    "ca_evading": "{figure} is avoiding blows: no Strike or Shoot this activation",
    "ca_already_attacked": "{figure} has already attacked this activation",
    "ca_no_fatigue": "{target} has no fatigue to remove",
    "ca_nobody_tired": "nobody to heal: no fatigue on this figure or an ally in contact",
    "ca_evade_easier": "Evade: dodge {dodge} instead of parry {parry} against blows until "
                       "its next activation — easier to hit; no Strike or Shoot this activation",
    "ca_evade_harder": "Evade: dodge {dodge} instead of parry {parry} against blows until "
                       "its next activation — harder to hit; no Strike or Shoot this activation",
    "ca_evade_same": "Evade: dodge {dodge}, the same as its parry {parry}, against blows until "
                     "its next activation; no Strike or Shoot this activation",
}

add_text(TEXT)
