"""Every sentence the campaign says (``campaign.messages.TEXT``, what the log and the
command line show) is the English the window shows for its key, and has a French one with
the same placeholders: the two never tell a result apart."""

from __future__ import annotations

import json
import string

from skirmish.app.paths import TRANSLATIONS
from skirmish.campaign.messages import TEXT


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_campaigns_sentences_are_the_windows_in_both_languages_r_camp_inj_62() -> None:
    en, fr = (json.loads((TRANSLATIONS / lang / "campaign.json").read_text(encoding="utf-8"))
              for lang in ("en", "fr"))
    assert {k: v for k, v in TEXT.items() if en.get(f"campaign.{k}") != v} == {}
    assert [k for k, v in TEXT.items() if placeholders(fr[f"campaign.{k}"]) != placeholders(v)
            ] == []
