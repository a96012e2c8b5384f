"""Continue from here seats the bands as the replay recorded them: a computer band stays a
computer at its recorded level (``meta["levels"]``), a human band stays human; each seat
can still be changed (human → computer easy → normal → hard → human)."""

from __future__ import annotations

import json

import pytest

from skirmish.app.screens.table import TableScreen
from skirmish.cli import main
from skirmish.replay import record
from tests.app.drive import press, viewer


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """One computer-against-computer game, as ``skirmish simulate`` logs it."""
    out = tmp_path_factory.mktemp("sim")
    assert main(["simulate", "scenarios/street_fight.toml", "--games", "1",
                 "--ai", "normal,easy", "--log-dir", str(out)]) in (0, None)
    return out / "game-0000.replay.json"


def top(app, name):
    return next(b for b, k in app.screen.top_buttons.items() if k == name)


def test_simulate_records_each_bands_computer_level(simulated):
    meta = json.loads(simulated.read_text())["meta"]
    assert sorted(meta["levels"].values()) == ["easy", "normal"]
    assert record.verify(record.load(simulated), str(simulated)) is None


def test_continue_keeps_recorded_computers_at_their_levels(simulated, tmp_path):
    path = tmp_path / "sim.replay.json"
    path.write_bytes(simulated.read_bytes())
    recorded = json.loads(path.read_text())["meta"]["levels"]
    app = viewer(path)
    scr = app.screen
    at = scr.tl.marks_of("turn")[1].step
    scr.seek(at)
    press(app, top(app, "continue"))
    c = scr.continuer
    bands = [b.id for b in scr.game.state.bands]
    first, other = bands
    # a game no human played is the player's to continue: the first band is human, the
    # other a computer at its recorded level (not "Computer · easy" for every band)
    assert c.controllers == {first: "human", other: "computer"}
    assert c.levels == {other: recorded[other]}
    labels = {band: b.text for b, band in c.toggles.items()}
    assert "Human" in labels[first]
    assert recorded[other] in labels[other] and "Computer" in labels[other]
    # still changeable: the first band goes to the computer at easy, then normal
    toggle = next(b for b, band in c.toggles.items() if band == first)
    press(app, toggle)
    assert c.seat(first) == "easy"
    press(app, toggle)
    assert c.seat(first) == "normal"
    press(app, c.start)
    assert isinstance(app.screen, TableScreen)
    session = app.screen.session
    assert session.controllers == {b: "computer" for b in bands}
    want = {first: "normal", other: recorded[other]}
    assert {b: session.levels[b] for b in bands} == want
    branch = tmp_path / "saves" / f"sim.branch-{at}.json"
    saved = record.load(branch)
    assert record.verify(saved, str(branch)) is None
    assert saved.meta is not None and saved.meta["levels"] == want


def test_a_replay_without_levels_keeps_its_scenarios_controllers(simulated, tmp_path):
    """A replay that records no levels (older simulate logs): the scenario's controllers,
    human here, as before."""
    data = json.loads(simulated.read_text())
    data["meta"] = None
    path = tmp_path / "old.replay.json"
    path.write_text(json.dumps(data))
    app = viewer(path)
    scr = app.screen
    press(app, top(app, "continue"))
    assert set(scr.continuer.controllers.values()) == {"human"}
    assert scr.continuer.levels == {}
