"""The post-game panel tells the procedure in order and gives nothing away: the roster
beside it shows what the pages have told so far, each result is
said once and after what it follows from, the captives get a page of their own with the
computer's ransom demand, return rolls say what they need, and the pages stay the same
when the language switches. [R-CAMP-RET-SF] [R-CAMP-RET-HERO] [R-CAMP-XP] GAP-68."""

from __future__ import annotations

from pathlib import Path

import pygame

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.session import Session
from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from skirmish.campaign import files
from skirmish.campaign.engine import Campaign
from skirmish.campaign.headless import play
from skirmish.content.loading import load_warband
from skirmish.locations import SCENARIOS
from skirmish.rules.game import Game
from tests.app.drive import drawn_texts, key, press, step
from tests.app.test_campaign_screen import kept_hashes

#: Seeds of a campaign of Gorgutz's Boyz (human) and The Survivors (computer) whose first
#: game on the street fight ends with a leg wound and a Sous-chef's death (85) / an Ork
#: captured by the computer, which asks a ransom (6).
HERO_DIES, CAPTURED = 85, 6


def after_game(seed: int) -> tuple[Path, Session]:
    bands = [(load_warband(SCENARIOS / "warbands" / f), ctl, f)
             for f, ctl in (("ork_boyz.toml", "human"), ("survivors.toml", "computer"))]
    c = Campaign.new("Test", bands, seed)
    c.apply(cc.BeginGame(scenario="street_fight.toml"))
    path = campaigns_dir() / f"post-{seed}.json"
    files.save(c, path)
    game, (start, hashes) = _game(seed, c)
    session = Session(game)
    session.hashes = (start, list(hashes))  # as the table keeps them
    session.campaign_path = str(path)
    return path, session


_GAMES: dict[int, tuple[Game, tuple[str, list[str]]]] = {}


def _game(seed: int, c: Campaign) -> tuple[Game, tuple[str, list[str]]]:
    """The campaign's first game played out by the computer, with its hashes, once per
    seed."""
    if seed not in _GAMES:
        _GAMES[seed] = kept_hashes(play(c.game_scenario(), c.state.current.seed,
                                           hashes=True))
    return _GAMES[seed]


def open_post(app_factory, seed: int, **kw):  # noqa: ANN001, ANN201
    _, session = after_game(seed)
    app = app_factory(**kw)
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    return app


def next_page(app) -> None:  # noqa: ANN001
    b = next(b for b, a in app.screen.buttons.items() if a == ("next",))
    press(app, b)


def rosters(app) -> str:  # noqa: ANN001
    screen = app.screen
    shown = screen.band_index
    out = []
    for i in range(len(screen.camp.state.bands)):
        screen.band_index = i
        out.append(screen.roster_html())
    screen.band_index = shown
    return "\n".join(out)


def test_the_roster_tells_no_result_before_its_page_R_CAMP_RET_HERO(app_factory) -> None:
    app = open_post(app_factory, HERO_DIES)
    screen = app.screen
    pages = screen.pages()
    on_page = {id(e): i for i, p in enumerate(pages) for e in p}
    leaving = [e for e in screen.camp.log if isinstance(e, ce.Left)]
    assert any(on_page.get(id(e), 0) > 0 for e in leaving)
    names = screen.names()
    for index in range(len(pages)):
        html = rosters(app)
        for e in leaving:
            gone = f"{names[e.figure]}</font>"  # a figure off the roster is greyed
            assert (gone in html) == (on_page.get(id(e), -1) <= index), (index, e.text)
        xp_page = next(i for i, p in enumerate(pages) if any(isinstance(e, ce.XpGained)
                                                              for e in p))
        assert ("XP 1" in html) == (index >= xp_page)
        if index < len(pages) - 1:
            next_page(app)


def test_each_result_is_said_once_after_its_cause_R_CAMP_INJ_11(app_factory, monkeypatch) -> None:
    app = open_post(app_factory, HERO_DIES)
    screen = app.screen
    pages = screen.pages()
    names = screen.names()
    dead = next(e for e in screen.camp.log if isinstance(e, ce.Injury) and e.result == "dead")
    who = names[dead.figure]
    drawn = drawn_texts(monkeypatch)
    for index, page in enumerate(pages):
        for i, e in enumerate(page):
            if isinstance(e, ce.ProfileChanged) and not e.text:  # after what it shows
                assert i > 0 and getattr(page[i - 1], "figure", "") == e.figure
        step(app)
        if index < len(pages) - 1:
            next_page(app)
    texts = [t for t, _ in drawn]
    assert not [t for t in texts if t.startswith(f"{who}: Dead")]
    assert len({t for t in texts if t.startswith(f"{who} is dead")}) == 1


def test_a_capture_is_said_once_with_its_captor_R_CAMP_INJ_62(app_factory, monkeypatch) -> None:
    """"Snikrot: Captured" came before "Snikrot is captured by The Survivors"."""
    app = open_post(app_factory, CAPTURED)
    screen = app.screen
    taken = next(e for e in screen.camp.log if isinstance(e, ce.Captive))
    who = screen.names()[taken.figure]
    page = next(i for i, p in enumerate(screen.pages()) if taken in p)
    drawn = drawn_texts(monkeypatch)
    while app.screen.page < page:
        next_page(app)
    step(app)
    texts = [t for t, _ in drawn]
    assert f"{who} is captured by The Survivors  [R-CAMP-INJ-62\u00a0GAP-68]" in texts, texts
    assert not [t for t in texts if t.startswith(f"{who}: Captured")]


def test_the_captives_page_shows_the_computers_ransom_demand_GAP_68(app_factory,
                                                                    monkeypatch) -> None:
    app = open_post(app_factory, CAPTURED)
    screen = app.screen
    pages = screen.pages()
    page = next(i for i, p in enumerate(pages)
                if any(isinstance(e, ce.DecisionTaken) for e in p))
    assert not isinstance(pages[page][0], ce.FigureTurn)  # not under a figure's heading
    assert "captives" in screen.page_title(page)
    drawn = drawn_texts(monkeypatch)
    while app.screen.page < page:
        next_page(app)
    step(app)
    texts = [t for t, _ in drawn]
    assert any(t.startswith("The Survivors asks a ransom of ") for t in texts), texts
    assert app.screen.camp.pending.kind == "ransom"  # the human band answers it now


def test_rolls_say_what_they_need_R_CAMP_RET_SF(app_factory, monkeypatch) -> None:
    app = open_post(app_factory, HERO_DIES, lang="fr")
    screen = app.screen
    pages = screen.pages()
    drawn = drawn_texts(monkeypatch)
    for index in range(len(pages)):
        step(app)
        if index < len(pages) - 1:
            next_page(app)
    texts = " ".join(t for t, _ in drawn)
    assert "1–2 : mort ou abandonne" in texts
    assert "11–15 mort" in texts


def test_switching_the_language_keeps_the_pages(app_factory) -> None:
    app = open_post(app_factory, HERO_DIES, size=(960, 600))
    count = len(app.screen.pages())
    next_page(app)
    next_page(app)
    for _ in range(2):
        key(app, pygame.K_F2)
        assert len(app.screen.pages()) == count and app.screen.page == 2


def test_hovering_an_injury_or_a_cited_rule_shows_its_text_R_CAMP_INJ_34(app_factory,
                                                                       monkeypatch) -> None:
    from skirmish.app.rule_texts import rule_text
    from skirmish.app.rule_tips import link_rects
    from tests.app.drive import motion

    app = open_post(app_factory, HERO_DIES)
    screen = app.screen
    drawn = drawn_texts(monkeypatch)
    step(app)
    rect, rule = next((r, rule) for r, rule in screen.tips.spots if rule.startswith("R-CAMP"))
    motion(app, rect.center)
    step(app)
    assert f"[{rule}]" in [t for t, _ in drawn]
    pages = screen.pages()
    for _ in range(len(pages) - 1):  # to the end: the roster shows every lasting injury
        next_page(app)
    for i in range(len(app.screen.camp.state.bands)):
        app.screen.band_index = i
        app.rebuild()
        step(app)
        links = [(r, h) for box in app.screen.tips.boxes for r, h in link_rects(box)
                 if h.startswith("R-CAMP-INJ")]
        if links:
            break
    rect, rule = links[0]
    drawn.clear()
    motion(app, rect.center)
    step(app)
    assert f"[{rule}]" in [t for t, _ in drawn]
    assert rule_text(rule, "en").split(" ")[0] in " ".join(t for t, _ in drawn)


def test_a_decision_and_a_line_name_their_band_and_rule_once_GAP_68(app_factory,
                                                                    monkeypatch) -> None:
    import re
    from html import unescape

    from pygame_gui.elements import UITextBox

    app = open_post(app_factory, 40)  # Gorgutz's Boyz name a ransom for a Survivor
    drawn = drawn_texts(monkeypatch)
    while [b for b, a in app.screen.buttons.items() if a == ("next",)]:
        step(app)
        next_page(app)
    step(app)
    assert app.screen.camp.pending.kind == "ransom_demand"
    prompt = next(unescape(re.sub("<[^>]+>", "", e.html_text))
                  for e in app.manager.get_root_container().elements
                  if isinstance(e, UITextBox) and "ransom" in e.html_text)
    assert prompt.count("Gorgutz's Boyz") == 1, prompt
    for text, _ in drawn:  # "(D-10)  [D-10]": a rule the sentence cites is not added again
        for rule in set(re.findall(r"\[([^\]]+)\]", text)):
            assert f"({rule})" not in text, text


def test_a_drawn_game_reads_as_a_draw_in_the_history_GAP_13(app_factory) -> None:
    from skirmish.campaign.headless import play_game
    from tests.app.test_campaign_screen import new_campaign

    path = new_campaign("computer")
    c = files.load(path)
    play_game(c, path, "street_fight.toml")
    c.state.games[0].winner = None  # GAP-13: equal VP is a draw
    files.save(c, path)
    app = app_factory(lang="fr")
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    html = app.screen.history_html()
    assert "— match nul" in html and "vainqueur : match nul" not in html
