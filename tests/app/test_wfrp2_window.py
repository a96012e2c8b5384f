"""WFRP 2e in the window (RULESETS §1.g), played through the seam (chosen on the set-up
screen in ``test_setup_every_ruleset.py``): the initiative ladder across bands in the top bar; the
card's profile, B and Fortune; the action bar from its catalogue; a Mouvement by pointing;
a d100 in the tray as tens and units dice; the parry prompt handed to the target's
player in hot-seat."""

from __future__ import annotations

import math

import msgspec
import pygame
import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import DiceRoll
from tests.app.drive import bar_button, click, duel, key, on_board, press, step, table_app, take_seat


def wf_duel():
    return msgspec.structs.replace(duel(), ruleset="wfrp2")


def settle_initiative(app) -> None:  # noqa: ANN001 - App
    """Keep every Fortune point at the initiative roll (option 1 of each prompt)."""
    screen = app.screen
    for _ in range(8):
        take_seat(app)
        if screen.state.pending is None or screen.state.pending.kind != "wf_initiative":
            return
        key(app, pygame.K_1)


def test_ladder_card_bar_and_a_mouvement_S4_S5_S16(app_factory) -> None:
    app = table_app(wf_duel())
    settle_initiative(app)
    screen = app.screen
    view = screen.game.turn_view()
    active = view.figure
    assert active is not None
    names = [w for w, _ in screen.painter.order_drawn]
    assert len(names) == 4 and names[0].startswith("▶ ")  # every figure of both bands
    card = screen.card.box.html_text
    assert "CC CT F E Ag FM" in card and "Fortune" in card and "B: " in card
    labels = {i.key: i.label for i in screen.bar.items}
    assert "half" in labels["walk"] and "full" in labels["run"] and "free" in labels["fortune"]
    press(app, bar_button(app, "walk"))
    f = screen.state.figures[active]
    to = (f.x, f.y + (3 if f.y < 12 else -3))
    click(app, on_board(app, to))
    assert math.dist(screen.state.figures[active].pos, to) < 0.2  # where the pointer was
    assert screen.game.turn_view().pips[0].spent


def test_d100_tray_and_the_parry_prompt_in_hot_seat_GAP_WF_7(app_factory) -> None:
    """Seed 3: the Reds' blows come until one lands on the Blues' Chef, who has Esquive:
    the window hands the seat to the Blues, whose panel offers the dodge."""
    app = table_app(wf_duel())
    settle_initiative(app)
    screen = app.screen
    game = screen.game
    for _ in range(40):
        take_seat(app)
        s = game.state
        if s.pending is not None:
            key(app, pygame.K_1)
            continue
        legal = game.legal_commands(sample_moves=False)
        attacks = [x for x in legal if isinstance(x, (c.Strike, c.Charge))]
        screen.submit(attacks[0] if attacks else c.EndActivation(figure=s.active))
        step(app, n=2)
        if game.state.pending is not None and game.state.pending.kind == "wf_defence":
            break
    pending = game.state.pending
    assert pending is not None and pending.kind == "wf_defence"
    assert screen.handoff.open  # the attacker's player gives the seat up
    take_seat(app)
    step(app)
    assert screen.seat == pending.band
    answers = set(screen.decision.buttons.values())
    assert "dodge" in answers and "none" in answers
    d100 = [e for e in game.log if isinstance(e, DiceRoll) and len(e.faces) == 2]
    assert d100 and [f.role for f in d100[0].faces] == ["tens", "units"]


def test_card_and_every_action_fit_the_left_column_at_1280_by_720_in_french_S16() -> None:
    """§1.g at the default window size: a Chef with a slow missile weapon, a medikit and
    Fortune has every WFRP action on the bar — each button inside the column, none over
    another or over the preview box — and its card whole, without a scroll bar."""
    scn = wf_duel()
    reds = scn.bands[0].warband
    chef = msgspec.structs.replace(reds.figures[0], weapons=("black_powder_rifle", "sword"),
                                   equipment=("medikit",))
    reds = msgspec.structs.replace(reds, figures=(chef, *reds.figures[1:]))
    scn = msgspec.structs.replace(scn, bands=(msgspec.structs.replace(scn.bands[0], warband=reds),
                                              *scn.bands[1:]))
    app = table_app(scn, lang="fr", size=(1280, 720))
    settle_initiative(app)
    screen = app.screen
    game = screen.game
    for _ in range(8):  # the other figures pass until the Chef acts
        take_seat(app)
        if game.state.active == "reds:ann":
            break
        screen.submit(c.EndActivation(figure=game.state.active))
        step(app)
    assert game.state.active == "reds:ann"
    step(app, n=2)
    keys = {item.key for item in screen.bar.items}
    assert {"rechargement", "medikit", "fortune", "rapide", "defensive"} <= keys
    rects = [b.rect for b in screen.bar.buttons]
    column = screen.left_rect
    for i, r in enumerate(rects):
        assert column.contains(r), r
        assert r.bottom <= screen.bar.preview.rect.top, r
        assert not any(r.colliderect(o) for o in rects[i + 1:]), r
    assert getattr(screen.card.box, "scroll_bar", None) is None, screen.card.box.html_text


def test_a_passive_tests_inputs_read_as_the_card_writes_them_GAP_WF_23() -> None:
    """[R-MORALE-CHARGED] GAP-WF-23: the Leadership inputs of a WFRP test are said "FM 30 ·
    Cd 6" in the morale panel and the tray, as the figure card writes them."""
    from skirmish.app.describe import Describer
    from skirmish.app.i18n import Translator
    from skirmish.match import new_game

    game = new_game(wf_duel(), 1)
    for lang in ("en", "fr"):
        d = Describer(game.state, game.book, Translator(lang))
        assert (d._input("fm", 30, d.t), d._input("cd", 6, d.t)) == ("FM 30", "Cd 6")


@pytest.mark.parametrize(("lang", "name", "note"), [
    ("en", "Pistol", "first one free"), ("fr", "Pistolet", "1er gratuit")])
def test_the_tray_and_the_log_name_the_weapon_without_its_catalogue_note_GAP_WF_6(
        lang: str, name: str, note: str) -> None:
    """GAP-WF-6: a WFRP weapon is converted from the Skirmish catalogue; its roll and action
    lines name it as the WFRP card does ("Pistol"), without the Skirmish costing note of
    its catalogue label ("Pistol (modern, first one free)"), in both languages."""
    app = table_app(wf_duel(), lang=lang)
    settle_initiative(app)
    screen = app.screen
    game = screen.game
    for _ in range(8):
        take_seat(app)
        shots = [x for x in game.legal_commands(sample_moves=False)
                 if isinstance(x, c.Shoot) and x.weapon == "pistol"]
        if shots:
            break
        screen.submit(c.EndActivation(figure=game.state.active))
        step(app)
    screen.submit(shots[0])
    step(app, n=2)
    while game.state.pending is not None and game.state.pending.kind == "wf_reroll":
        take_seat(app)
        key(app, pygame.K_1)  # keep the roll
        step(app)
    tray = [" ".join(head) for _, head, _, _ in screen.tray.lines]
    log = [x for x in screen.log.lines if isinstance(x, str)]
    named = [x for x in tray + log if f"({name})" in x]
    assert any(x in tray for x in named) and any(x in log for x in named), (tray, log)
    assert not any(note in x for x in tray + log), (tray, log)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_fortune_half_action_button_says_its_words_whole_WF_FORTUNE(
        lang: str, size: tuple[int, int]) -> None:
    """[WF-FORTUNE] the button that buys a half action for 1 Fortune says "Fortune +½"
    whole at every window size, in both languages (in French it was cut to "Fortune :
    +½…"), and its tooltip says what it spends; no other WFRP action's words run over
    their button or are cut."""
    from tests.app.screen_walk import cut_buttons

    app = table_app(wf_duel(), lang=lang, size=size)
    settle_initiative(app)
    screen = app.screen
    f = screen.state.figures[screen.game.turn_view().figure]
    assert f.fortune > 0
    step(app, n=2)
    button = bar_button(app, "fortune")
    assert button.text.strip().startswith("Fortune +½") and "…" not in button.text
    assert not cut_buttons(app)  # none runs over its button's edge ("Retardement demi")
    assert not [b.text for b in screen.bar.buttons if "…" in b.text]  # nor is cut
    note = {"en": "Spend 1 Fortune point", "fr": "Dépenser 1 point de Fortune"}[lang]
    assert note in button.tool_tip_text


@pytest.mark.parametrize(("lang", "charge", "ran", "head"), [
    ("en", "CC 45 · charge +10", "CT 35 · 16.5 pas · target ran −20",
     "[WF-A-CHARGE] Ann attacks Bob (Sword): d100: 90 + 9"),
    ("fr", "CC 45 · charge +10", "CT 35 · 16,5 pas · cible en course −20",
     "[WF-A-CHARGE] Ann attaque Bob (Epée) : d100 : 90 + 9")])
def test_a_rolls_inputs_are_the_cards_terms_and_worded_modifiers_WF_ATK_ROLL(
        lang: str, charge: str, ran: str, head: str) -> None:
    """[WF-ATK-ROLL] the tray says what a d100's target was made of as the card and §1.d
    say it ("CC 45 · charge +10"; a shot at a runner "CT 35 · … · target ran −20"), not
    raw keys ("cc 45", "CT 35+", "target_ran -20"); a log line whose words name both
    figures does not name them again."""
    from skirmish.app.describe import Describer
    from skirmish.app.i18n import Translator
    from tests.rules.build import band, fig
    from tests.rules.wfrp2.helpers import answer, d100, force, rolls, wf_scenario, wf_start

    scn = wf_scenario(band("a", fig("ann", "chef", (5, 5), weapons=("sword",))),
                      band("b", fig("bob", "sous_fifre", (14, 5), weapons=("bow",))))
    g = wf_start(scn, 5, 9)
    answer(g, "keep")
    g.apply(c.Run(figure="a:ann", to=(5, 20)))
    g.apply(c.EndActivation(figure="a:ann"))
    force(g, d100(99))
    g.apply(c.Shoot(figure="b:bob", weapon="bow", target="a:ann"))
    g.apply(c.EndActivation(figure="b:bob"))
    force(g, d100(99))  # turn 2: the Chef charges
    g.apply(c.Charge(figure="a:ann", target="b:bob"))
    d = Describer(g.state, g.book, Translator(lang))
    hit = rolls(g.log, "WF-A-CHARGE")[0]
    assert d.inputs(hit) == charge
    assert d.inputs(rolls(g.log, "WF-A-STANDARD")[0]) == ran
    assert d.roll_line(hit).startswith(head), d.roll_line(hit)


@pytest.mark.parametrize(("lang", "held"), [("en", "· ½ held"), ("fr", "· ½ gardée")])
def test_the_ladder_shows_a_held_half_action_WF_A_RETARDEMENT(lang: str, held: str) -> None:
    """RULESETS §1.g: the ladder shows the half action a figure holds after a Retardement
    ([WF-A-RETARDEMENT]) until it uses or loses it."""
    app = table_app(wf_duel(), lang=lang)
    settle_initiative(app)
    screen = app.screen
    holder = screen.game.turn_view().figure
    screen.submit(c.Act(figure=holder, action="retardement"))
    step(app, n=2)
    name = screen.state.figures[holder].name
    chips = [w for w, _ in screen.painter.order_drawn]
    assert [w for w in chips if name in w and w.endswith(held)], chips
    assert sum(held in w for w in chips) == 1


def chefs_in_contact():
    """The duel with the two Chefs, Ann and Cid, base to base."""
    scn = wf_duel()
    reds, blues = (b.warband for b in scn.bands)
    ann = msgspec.structs.replace(reds.figures[0], position=(10.0, 8.0))
    cid = msgspec.structs.replace(blues.figures[0], position=(10.0, 9.0))
    bands = (msgspec.structs.replace(scn.bands[0], warband=msgspec.structs.replace(
                 reds, figures=(ann, *reds.figures[1:]))),
             msgspec.structs.replace(scn.bands[1], warband=msgspec.structs.replace(
                 blues, figures=(cid, *blues.figures[1:]))))
    return msgspec.structs.replace(scn, bands=bands)


@pytest.mark.parametrize(("lang", "spend", "keep"), [
    ("en", "hit 100% · out 100% · killed 0%", "hit 100% · out 100% · killed 100%"),
    ("fr", "touche 100\u00a0% · hors de combat 100\u00a0% · tué 0\u00a0%",
     "touche 100\u00a0% · hors de combat 100\u00a0% · tué 100\u00a0%")])
def test_the_destin_prompt_says_the_odds_of_death_GAP_WF_12(lang: str, spend: str,
                                                           keep: str) -> None:
    """GAP-WF-12 [WF-FATE]: both answers to "spend 1 Destin?" put the figure out of action;
    their buttons say what tells them apart, the odds of death ("out 100 %" alone on
    both said nothing)."""
    from tests.rules.wfrp2.helpers import d100, faces

    app = table_app(chefs_in_contact(), lang=lang)
    settle_initiative(app)
    screen, game = app.screen, app.screen.game
    for _ in range(6):
        take_seat(app)
        if game.state.active in ("reds:ann", "blues:cid"):
            break
        screen.submit(c.EndActivation(figure=game.state.active))
        step(app)
    hitter = game.state.active
    target = "blues:cid" if hitter == "reds:ann" else "reds:ann"
    game.state.figures[target].b = 0
    game.dice.force(*faces(d100(11)))
    screen.submit(c.Strike(figure=hitter, target=target))
    step(app, n=2)
    game.dice.force(9, *faces(d100(95)))  # the head, 9 + 5 − 4 over 0 B: 95 + 100, killed
    screen.submit(c.Choose(option="none"))
    step(app, n=2)
    take_seat(app)
    step(app, n=2)
    assert game.state.pending.kind == "wf_destin"
    words = {k: b.text for b, k in screen.decision.buttons.items()}
    assert spend in words["destin"] and keep in words["die"], words
