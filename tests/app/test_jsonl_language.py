"""The log exported as JSON Lines speaks one language: English, with the rulebook's
English names, from a window in any language. It read "Shot with Pistolet (moderne, 1er
gratuit)": the rules' English words around the rulebook's French weapon name. Its ids,
rules, keys and params are as recorded, for tools and for saying the words in French."""

from __future__ import annotations

import json

import msgspec
import pytest

from skirmish.content.loading import load_scenario
from skirmish.replay import record
from skirmish.sim import play
from tests.app.drive import viewer

#: The rulebook's French names the rules write into their English words.
FRENCH = ("Pistolet", "poudre noire", "Épée", "Fusil", "Dague", "Hache")


@pytest.fixture(scope="module")
def clefs_replay(tmp_path_factory: pytest.TempPathFactory) -> object:
    """A whole game of the street fight under Les Clefs de l'Aube (seed 5)."""
    street = load_scenario("scenarios/street_fight.toml")
    path = tmp_path_factory.mktemp("ca") / "street.json"
    record.save(record.from_game(play(msgspec.structs.replace(street, ruleset="clefs_aube"), 5)),
                path)
    return path


def exported(path: object, lang: str) -> list[dict[str, object]]:
    """The JSON Lines the replay viewer's export button writes, in a window in ``lang``."""
    app = viewer(path, lang=lang)
    out = app.screen.export("jsonl")
    assert out is not None
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_the_jsonl_log_is_in_english_from_a_french_window_CA_SHOOT(clefs_replay) -> None:
    lines = exported(clefs_replay, "fr")
    shots = [e for e in lines if e.get("rule") == "CA-SHOOT" and "label" in e]
    assert shots and all(e["label"].startswith("Shot with ") for e in shots), shots[:2]
    pistol = [e for e in shots if e["params"] == {"weapon": "pistol"}]
    assert pistol and {e["label"] for e in pistol} == {
        "Shot with Pistol (modern, first one free) (d20)"}
    words = [str(e.get(k, "")) for e in lines for k in ("label", "effect", "prompt")]
    assert not [w for w in words if any(f in w for f in FRENCH)], \
        [w for w in words if any(f in w for f in FRENCH)][:5]
    assert lines == exported(clefs_replay, "en")  # the same file from either window
