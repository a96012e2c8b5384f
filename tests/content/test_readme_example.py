"""README's "Writing a scenario": its example scenario and warband are taken from README.md
and checked by ``validate`` (no problem, no warning), and together they use every key an
author writes, the rest being named in the notes — so the docs cannot rot."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from skirmish.cli import main
from skirmish.content.scenario import BandEntry, Objective, Scenario, TerrainPiece
from skirmish.content.warband import FigureSpec, Warband

README = Path(__file__).resolve().parents[2] / "README.md"
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```toml\n(.*?)```", re.S)
#: Keys the example leaves to the notes under it: written by a campaign, or specialised.
NOTED = {"campaign", "alien_trade", "native", "xp", "injuries", "advances", "hates",
         "ignore_first_wound"}


def section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Writing a scenario"):text.index("## Saves, replays and logs")]


def examples() -> dict[str, str]:
    return dict(EXAMPLE.findall(section()))


def test_the_examples_validate(tmp_path, capsys):
    files = examples()
    assert sorted(files) == ["crossing.toml", "warbands/raiders.toml"]
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    code = main(["validate", *(str(tmp_path / name) for name in files)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"{tmp_path / name}: ok" for name in files]


def test_every_key_is_in_the_example_or_the_notes():
    files = {name: tomllib.loads(text) for name, text in examples().items()}
    scenario, band = files["crossing.toml"], files["warbands/raiders.toml"]["band"]
    inline = scenario["bands"][1]["warband"]
    used: dict[type, set[str]] = {
        Scenario: set(scenario), TerrainPiece: keys(scenario["terrain"]),
        Objective: keys(scenario["objectives"]), BandEntry: keys(scenario["bands"]),
        Warband: set(band) | set(inline),
        FigureSpec: keys(band["figures"]) | keys(inline["figures"]),
    }
    text = section()
    for kind, found in used.items():
        missing = set(kind.__struct_fields__) - found - NOTED
        assert not missing, (kind.__name__, missing)
    assert all(f"`{key}" in text for key in NOTED)


def keys(entries: list[dict[str, Any]]) -> set[str]:
    return {k for e in entries for k in e}
