"""Every sentence the rules say has a key, and every key is used (for translations)."""

import re
import string
from pathlib import Path

from skirmish.rules.skirmish.messages import TEXT

#: The rulesets that say things: Skirmish and those that add keys to its table.
SOURCE = "\n".join(p.read_text(encoding="utf-8")
                   for p in Path("skirmish/rules").glob("*/*.py") if p.name != "messages.py")
CALLED = set(re.findall(r'(?:illegal|say)\(\s*"(\w+)"', SOURCE))
CALLED |= set(re.findall(r'\b(?:key|prompt)="(\w+)"', SOURCE))
LITERALS = set(re.findall(r'"(\w+)"', SOURCE))

def test_every_key_said_exists():
    assert CALLED - set(TEXT) == set()


def test_every_key_is_used():
    assert set(TEXT) - LITERALS == set()


def test_templates_name_their_parameters():
    for key, text in TEXT.items():
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        assert all(f.isidentifier() for f in fields), key
