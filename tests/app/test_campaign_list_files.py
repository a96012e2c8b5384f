"""The window's list of saved campaigns shows every campaign file of its folder, the ones
it cannot read with their problem (``files.listing``): a FIFO, a link to nothing or a
deeply nested file never stops or blocks the screen, and a megabyte campaign name is
shown short."""

from __future__ import annotations

import os

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.content.limits import MAX_NAME
from tests.app.drive import press
from tests.app.test_campaign_screen import new_campaign


def test_the_list_names_what_it_cannot_read(app_factory) -> None:
    new_campaign("computer", name="N" * (1 << 20))
    folder = campaigns_dir()
    os.mkfifo(folder / "fifo.json")
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    (folder / "deep.json").write_text('{"version": 1, "games": ' + "[" * 100_000
                                      + "]" * 100_000 + "}")
    app = app_factory()
    press(app, app.screen.buttons["campaign"])
    assert isinstance(app.screen, CampaignScreen)
    rows = app.screen.home_rows
    assert rows["N" * MAX_NAME + "… — 0 games played"] == str(folder / "test.json")
    assert rows["fifo.json — cannot be read: not a regular file"] == str(folder / "fifo.json")
    assert rows["deep.json — cannot be read: nested too deeply"] == str(folder / "deep.json")
    assert list(rows)[-1] == "gone.json — cannot be read: file not found"
