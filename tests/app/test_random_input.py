"""Random clicks, drags, wheel turns and keys across every screen raise nothing: 1,000 in
every suite, 10,000 under ``pytest -m slow``."""

import random

import pygame
import pytest

from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.loadgame import LoadScreen
from skirmish.app.screens.menu import MenuScreen
from skirmish.app.screens.results import ResultsScreen
from skirmish.app.screens.rules import RulesScreen
from skirmish.app.screens.setup import SetupScreen
from skirmish.app.screens.table import TableScreen
from skirmish.app.session import Session
from skirmish.sim import play
from tests.app.drive import duel, make_app
from tests.sizes import sizes

KEYS = [pygame.K_a, pygame.K_c, pygame.K_d, pygame.K_e, pygame.K_f, pygame.K_g, pygame.K_k,
        pygame.K_l, pygame.K_m, pygame.K_n, pygame.K_r, pygame.K_s, pygame.K_t, pygame.K_u,
        pygame.K_w, pygame.K_z, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_0,
        pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_F2,
        pygame.K_F5, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_h]


def screens(app):
    """Fresh screens of every kind, so the walk visits them all."""
    over = Session(play(duel(max_turns=1), 5))
    return [
        lambda: MenuScreen(app), lambda: SetupScreen(app), lambda: LoadScreen(app),
        lambda: RulesScreen(app),
        lambda: TableScreen(app, Session.new(duel(placed=False), 7)),
        lambda: TableScreen(app, Session.new(duel(), 8)),
        lambda: TableScreen(app, Session.new(duel(), 9, controllers={"blues": "computer"})),
        lambda: ResultsScreen(app, over), lambda: CampaignScreen(app, over),
    ]


def random_events(rng, size):
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.random()
    if kind < 0.45:
        b = rng.choice((1, 1, 1, 3))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
    if kind < 0.6:
        end = (rng.randrange(w), rng.randrange(h))
        b = rng.choice((1, 2, 3))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=b)]
    if kind < 0.7:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False,
                                   precise_x=0.0, precise_y=1.0)]
    if kind < 0.995:
        k = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)]
    size = rng.choice(((1280, 720), (1920, 1080), (1000, 640)))
    return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]


@pytest.mark.parametrize("inputs", sizes(400, 10_000))
def test_random_inputs(inputs):
    rng = random.Random(20261125)
    app = make_app()
    makers = screens(app)
    per_screen = min(150, inputs // (3 * len(makers)))  # every screen visited at least once
    sent = batches = 0
    visited = set()
    while sent < inputs:
        if batches % per_screen == 0:
            app.go(makers[(batches // per_screen) % len(makers)])
            visited.add(app.screen.name)  # the next batch goes to it
        batches += 1
        batch = []
        for _ in range(3):
            batch.extend(random_events(rng, app.window.get_size()))
            sent += 1
        app.step(batch)
        app.step(pygame.event.get())
        visited.add(app.screen.name)
        app.running = True  # "Quit" may be clicked; keep going
    assert {"menu", "setup", "load", "rules", "deployment", "battle", "results",
            "campaign"} <= visited
