"""``skirmish play BROKEN.toml``: the loading screen shows the file's problem in the window,
the line ``validate`` gives, in the window itself as well as on stderr, and a key takes
the player back to the menu; the window's exit status is 1."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from skirmish.locations import SCENARIOS
from tests.app.drive import drawn_texts, key, make_app, step


def test_the_loading_screen_shows_the_scenarios_problem(tmp_path: Path, monkeypatch,
                                                      capsys) -> None:
    (tmp_path / "warbands").mkdir()
    for name in ("survivors.toml", "ork_boyz.toml"):
        shutil.copy(SCENARIOS / "warbands" / name, tmp_path / "warbands" / name)
    text = (SCENARIOS / "street_fight.toml").read_text(encoding="utf-8")
    path = tmp_path / "broken.toml"
    path.write_text(text.replace("max_turns = 5", "max_turns = 5\nbogus_option = 3", 1),
                    encoding="utf-8")
    drawn = drawn_texts(monkeypatch)
    app = make_app(scenario=str(path))
    step(app, n=2)
    line = f"{path}: options: unknown option 'bogus_option'"
    assert app.screen.name == "loading" and app.exit_status == 1
    assert capsys.readouterr().err.strip() == line
    shown = " ".join(words for words, _ in drawn)
    assert "unknown option 'bogus_option'" in shown, shown
    key(app, pygame.K_SPACE)
    assert app.screen.name == "menu"
