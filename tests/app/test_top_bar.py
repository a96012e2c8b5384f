"""The battle screen's top bar at 960 × 600 and larger: it names the ruleset (RULESETS
§0.7), and the initiative order shows every band by name before the top-right buttons.
An audit found, in French at 960 × 600, the second band's name cut under the buttons and,
with three bands, only the first band shown; and no word of the ruleset anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import msgspec
import pygame
import pytest

from skirmish.content.loading import load_scenario
from tests.app.drive import duel, key, motion, step, table_app, take_seat
from tests.app.test_long_banners import SMALL, long_names

BRAWL = "scenarios/three_band_brawl.toml"


@contextmanager
def blitted(app: object, anew: bool = True) -> Iterator[list[str]]:
    """The words drawn while in the block (``anew``: the top bar is drawn again)."""
    text = app.text  # type: ignore[attr-defined]
    words: list[str] = []
    blit = text.blit

    def recording(target: pygame.Surface, said: str, *args: object, **kw: object
                  ) -> pygame.Rect:
        words.append(said)
        return blit(target, said, *args, **kw)

    text.blit = recording
    if anew:
        app.screen.painter._top = (None, None)  # type: ignore[attr-defined]
    try:
        yield words
    finally:
        del text.blit


def brawl_in_battle(lang: str, size: tuple[int, int]) -> object:
    """The three-band brawl, two computer bands and the player's, once deployed."""
    app = table_app(load_scenario(BRAWL), controllers={
        "rat_pack": "computer", "goblin_rabble": "computer", "xeno_brood": "human"},
        lang=lang, size=size)
    screen = app.screen
    for _ in range(600):
        if screen.state.phase == "battle":
            return app
        take_seat(app)
        if screen.human_turn():
            key(app, pygame.K_a)
            key(app, pygame.K_RETURN)
        step(app)
    raise AssertionError("the brawl never reached the battle")


def buttons_left(screen: object) -> int:
    return min(b.rect.left for b in screen.top_buttons)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_band_of_three_is_named_whole_in_the_order_before_the_buttons_R_TURN_INIT(
        lang: str, size: tuple[int, int]) -> None:
    app = brawl_in_battle(lang, size)
    screen = app.screen
    step(app)
    chips = screen.painter.order_drawn
    d = screen.describer()
    names = [d.band(b) for b in screen.state.order]
    assert len(chips) == 3, chips
    for (words, box), name in zip(chips, names, strict=True):
        assert name in words, (words, name)  # whole, not "La…"
        assert box.right <= buttons_left(screen) and screen.top_rect.contains(box), box
    assert not screen.painter.order_tip  # nothing cut: no tooltip needed


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
@pytest.mark.parametrize(("lang", "ruleset", "words"), [
    ("en", "skirmish", "Ruleset: Skirmish"),
    ("fr", "skirmish", "Règles : Skirmish"),
    ("en", "clefs_aube", "Ruleset: Les Clefs de l'Aube"),
    ("fr", "clefs_aube", "Règles : Les Clefs de l'Aube")])
def test_the_top_bar_names_the_ruleset(lang: str, ruleset: str, words: str,
                                       size: tuple[int, int]) -> None:
    """RULESETS §0.7: "The ruleset's name ... on the battle screen"."""
    scenario = msgspec.structs.replace(duel(), ruleset=ruleset)
    app = table_app(scenario, lang=lang, size=size)
    with blitted(app) as drawn:
        step(app)
    assert any(x.startswith(words) for x in drawn), drawn


def test_names_cut_to_fit_are_given_whole_on_hover(monkeypatch) -> None:
    """Two 40-letter band names at 960 × 600: whole in the bar (its buttons show their
    keys there), or cut between words with "…" in the bar and whole in the tooltip over
    it when the text is larger than the bar has room for (here × 1.3, more than the
    window takes from the UI scale setting: longer names would do the same)."""
    app = table_app(long_names(), controllers={"orks": "computer", "tanneurs": "computer"},
                    lang="fr", size=SMALL, step_computer=True)
    screen = app.screen
    step(app, n=3)
    chips = screen.painter.order_drawn
    shown = " ".join(words for words, _ in chips)
    assert "Les Boyz à Gorgutz d'la Grande Mâchoire" in shown, chips
    monkeypatch.setattr("skirmish.app.app.ui_scale", lambda size, user: 1.3 * 0.925)
    app.rebuild()
    step(app, n=3)
    chips = screen.painter.order_drawn
    assert any("…" in words for words, _ in chips), chips
    assert all(box.right <= buttons_left(screen) for _, box in chips), chips
    tip = screen.painter.order_tip
    assert "Les Boyz à Gorgutz d'la Grande Mâchoire" in tip
    assert "Les Survivants du Quartier des Tanneurs" in tip
    with blitted(app, anew=False) as drawn:
        motion(app, chips[-1][1].center)
    shown = " ".join(drawn)
    assert "Grande Mâchoire" in shown and "Quartier des Tanneurs" in shown, drawn


@pytest.mark.parametrize(("lang", "turns", "head"), [
    ("en", "Number of turns (GAP-13) [HOUSE]: 2", "House rules and deviations in force:"),
    ("fr", "Nombre de tours (GAP-13) [HOUSE] : 2", "Règles maison et écarts en vigueur :")])
def test_the_ruleset_names_the_house_rules_in_force_on_hover_GAP_13(lang, turns, head):
    """RULESETS §0.7: the house defaults in force are on the battle screen, not only on
    the rules screen (F1): the pointer on the ruleset's name lists each [HOUSE] and
    [DEVIATION] option with this game's value (the duel plays 2 turns, GAP-13)."""
    app = table_app(duel(), lang=lang)
    take_seat(app)
    painter = app.screen.painter
    with blitted(app, anew=False) as words:
        motion(app, painter.rules_drawn.center)
    assert head in words and turns in words, words
    assert not any("GAP-6)" in w for w in words)  # an option of the text, not a house rule
