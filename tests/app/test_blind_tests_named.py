"""Playing blind hides the chances, not which reaction tests a move provokes: a player at
the table knows that walking into an enemy's sight may call for a Spot test and that a
charge may call for "Être chargé" or a Charge test. Blind, Walk and Charge named no test
at all; now they name each test and who takes it, with no percentage; with the odds on
they say who passes it with what chance, as before."""

from __future__ import annotations

import re

import msgspec
import pygame
import pytest

from skirmish.app.tools import Tool
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    motion,
    on_board,
    reds_first,
    table_app,
)
from tests.app.spots import spot_scenario

PCT = re.compile(r"\d\s?%")
SHOT = {"en": ("takes the Being-shot-at test: Dan", "passes the Being-shot-at test: Dan "),
        "fr": ("teste « Subir un tir » : Dan", "réussit « Subir un tir » : Dan ")}
SPOT = {"en": ("takes the Spot test: Dan", "passes the Spot test: Dan "),
        "fr": ("teste « Apercevoir l'ennemi » : Dan", "réussit « Apercevoir l'ennemi » : Dan ")}
CHARGED = {"en": ("takes the Being-charged test: Dan", "passes the Being-charged test: Dan "),
           "fr": ("teste « Être chargé » : Dan", "réussit « Être chargé » : Dan ")}
CHARGE = {"en": ("takes the Charge test: Bob", "passes the Charge test: Bob "),
          "fr": ("fait le test de charge : Bob", "réussit le test de charge : Bob ")}


@pytest.fixture(autouse=True)
def _odds_back() -> object:
    yield
    Tool.show_odds = True


def close_quarters(pistols: bool = True) -> object:
    """A duel with the bands 6 pas apart: Ann (Chef) may charge Dan (Sous-fifre), who
    takes "Être chargé"; Bob (Sous-fifre) may charge Cid (Chef) and takes the Charge
    test himself ([R-MORALE-CHARGED], [R-MORALE-CHARGE]). Without ``pistols`` Dan has no
    gun, so Ann's shot makes him take "Subir un tir" ([R-MORALE-SHOT])."""
    scn = duel(passive=True, henchmen_pistols=pistols)
    at = {"cid": (12.0, 14.0), "dan": (8.0, 14.0)}
    blues = scn.bands[1]
    figs = tuple(msgspec.structs.replace(f, position=at[f.id]) for f in blues.warband.figures)
    blues = msgspec.structs.replace(blues, warband=msgspec.structs.replace(
        blues.warband, figures=figs), zone=((0.0, 12.0), (36.0, 12.0), (36.0, 24.0),
                                            (0.0, 24.0)))
    return msgspec.structs.replace(scn, bands=(scn.bands[0], blues))


def walk_preview(lang: str, odds: bool) -> str:
    """Ann's Walk into Dan's sight, as the bottom line says it."""
    app = table_app(spot_scenario(), lang=lang, show_odds=odds)
    screen = app.screen
    reds_first(app)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    key(app, pygame.K_a)
    key(app, pygame.K_w)
    motion(app, on_board(app, (10.0, 19.0)))
    assert screen.tool.kind == "walk" and screen.tool.path is not None
    return screen.tool.info


def charge_preview(lang: str, odds: bool, rank: str, target: str) -> str:
    """The Charge preview of the Reds' figure of ``rank`` hovering ``target``."""
    app = table_app(close_quarters(), lang=lang, show_odds=odds)
    screen = app.screen
    reds_first(app)
    activate_first(app, rank=rank)
    key(app, pygame.K_c)
    assert target in screen.tool.targets, screen.tool.targets  # the charge reaches him
    motion(app, on_board(app, screen.state.figures[target].pos))
    return screen.tool.info


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_blind_walk_names_the_spot_test_and_who_takes_it_R_MORALE_SPOT(lang: str) -> None:
    blind, with_odds = SPOT[lang]
    info = walk_preview(lang, odds=False)
    assert blind in info and not PCT.search(info), info
    info = walk_preview(lang, odds=True)
    assert re.search(re.escape(with_odds) + r"\d+\s?%", info) and blind not in info, info


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("words", "rank", "target"), [
    (CHARGED, "chef", "blues:dan"),  # [R-MORALE-CHARGED] the target's "Être chargé"
    (CHARGE, "sous_fifre", "blues:cid"),  # [R-MORALE-CHARGE] the charger's own test
], ids=["R_MORALE_CHARGED", "R_MORALE_CHARGE"])
def test_blind_charge_names_the_test_and_who_takes_it(lang: str, words: dict, rank: str,
                                                      target: str) -> None:
    blind, with_odds = words[lang]
    info = charge_preview(lang, False, rank, target)
    assert blind in info and not PCT.search(info), info
    info = charge_preview(lang, True, rank, target)
    assert re.search(re.escape(with_odds) + r"\d+\s?%", info) and blind not in info, info


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_blind_shot_names_who_takes_subir_un_tir_R_MORALE_SHOT(lang: str) -> None:
    """Blind, the Shoot preview said "the target tests 'Subir un tir'", whoever tests;
    it now names him, as Walk and Charge do, and with the odds on gives his chance."""
    blind, with_odds = SHOT[lang]
    for odds in (False, True):
        app = table_app(close_quarters(pistols=False), lang=lang, show_odds=odds)
        screen = app.screen
        reds_first(app)
        activate_first(app, rank="chef")
        key(app, pygame.K_s)
        assert "blues:dan" in screen.tool.targets, screen.tool.targets
        motion(app, on_board(app, screen.state.figures["blues:dan"].pos))
        info = screen.tool.info
        if odds:
            assert re.search(re.escape(with_odds) + r"\d+\s?%", info) and blind not in info, info
        else:
            assert blind in info and not PCT.search(info), info

