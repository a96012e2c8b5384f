"""The window's campaign list is the checked one (``files.listing``): a FIFO or a link to
nothing among the campaigns is listed with its problem (the window's own listing failed
on the link and would block on the FIFO), and a campaign that is over says so (D-10)."""

from __future__ import annotations

import os

import pygame

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import commands as cc
from skirmish.campaign import files
from tests.app.drive import key, step
from tests.campaign.build import campaign, finish_shopping


def test_special_files_are_listed_with_their_problem_and_an_ended_campaign_says_so(
        app_factory) -> None:
    folder = campaigns_dir()
    folder.mkdir(parents=True, exist_ok=True)
    c = campaign()
    for m in c.band("red").members:
        m.status = "dead"
    c.band("red").band_points = 3
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    finish_shopping(c)
    assert c.state.phase == "over"
    files.save(c, folder / "ended.json")
    os.mkfifo(folder / "fifo.json")
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    app = app_factory(size=(960, 600))
    app.go(lambda: CampaignScreen(app))
    step(app)
    rows = list(app.screen.home_rows)
    assert "Test — 1 game played — over" in rows
    assert any("fifo.json" in r and "not a regular file" in r for r in rows), rows
    assert any("gone.json" in r and "file not found" in r for r in rows), rows
    key(app, pygame.K_F2)
    assert "Test — 1 partie jouée — terminée" in app.screen.home_rows
    fifo = next(r for r in app.screen.home_rows if "fifo.json" in r)
    app.screen._open_selected(fifo)  # opening it says why, and the list stays
    step(app)
    assert app.screen.camp is None and "fifo.json" in app.screen.error
