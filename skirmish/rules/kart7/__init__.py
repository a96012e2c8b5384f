"""KART 7 (RULESETS.md §4): playing cards instead of dice, declare then resolve."""
