"""Defects, each driven through the real window: answered decisions go away, undo
takes back only your own moves, nothing campaign-only shows, "?" opens the rules, the
ruler goes at a new turn, no HOT-SEAT banner against the computer."""

import pygame

from skirmish.app.panels.morale import morale_entries
from skirmish.app.screens.setup import SetupScreen
from tests.app.drive import drag, duel, key, on_board, press, step, table_app, take_seat
from tests.app.spots import walk_into_spot


def clear_morale(app):
    while app.screen.morale.open:
        key(app, pygame.K_SPACE)


def test_decision_panel_goes_away_while_a_morale_panel_shows_R_MORALE_SPOT():
    """Defect 1: a decision panel never stays, buttons live, under a morale panel."""
    app = walk_into_spot()
    screen = app.screen
    spot_events = list(screen.game.log)
    clear_morale(app)
    step(app)
    take_seat(app)
    step(app, n=2)
    assert screen.decision.panel is not None
    old_buttons = list(screen.decision.buttons)
    screen.morale.queue.extend(morale_entries(spot_events))  # the next test to show
    step(app, n=2)
    assert screen.morale.open
    assert screen.decision.panel is None and not screen.decision.buttons
    assert all(not b.alive() for b in old_buttons)
    clear_morale(app)
    step(app, n=2)
    assert screen.decision.panel is not None  # shown again once the panel is gone


def test_undo_never_takes_back_the_opponents_decision_R_MORALE_SPOT():
    """Defect 2: after the Blues answer a Spot escape, the Reds' U must not undo it."""
    app = walk_into_spot()
    screen = app.screen
    clear_morale(app)
    step(app)
    take_seat(app)
    step(app, n=2)
    hold = next(b for b, k in screen.decision.buttons.items() if k == "hold")
    press(app, hold)
    assert screen.state.pending is None
    step(app, n=2)
    take_seat(app)
    assert screen.session.to_act == "reds" and screen.seat == "reds"
    n = len(screen.game.commands)
    assert screen.game.can_undo()  # the engine could (no dice since the answer)...
    key(app, pygame.K_u)
    assert len(screen.game.commands) == n  # ...but it was not the Reds' move
    assert "Nothing of yours to undo" in screen.toast[0]
    undo = next(i for i in screen.bar.items if i.key == "undo")
    assert not undo.enabled


def test_undo_is_not_offered_after_the_computer_deployed():
    """Defect 2: at deployment, right after the computer deployed, U offers nothing."""
    for computer, human in (("blues", "reds"), ("reds", "blues")):
        app = table_app(duel(placed=False), controllers={computer: "computer"})
        step(app, n=10)
        screen = app.screen
        if screen.session.to_act == human and screen.session.issuers \
                and screen.session.issuers[-1] == computer:
            break
    assert screen.state.phase == "deployment" and screen.session.to_act == human
    assert screen.game.can_undo()
    undo = next(i for i in screen.bar.items if i.key == "undo")
    assert not undo.enabled
    key(app, pygame.K_u)
    assert screen.session.issuers[-1] == computer


def test_own_moves_can_still_be_undone_R_ACT_WALK():
    app = table_app(duel())
    screen = app.screen
    from tests.app.drive import activate_first, click

    activate_first(app)
    key(app, pygame.K_w)
    f = screen.state.figures[screen.state.active]
    start = f.pos
    click(app, on_board(app, (f.x + 3, f.y)))
    key(app, pygame.K_u)
    assert screen.state.figures[f.id].pos == start


def test_setup_shows_no_campaign_only_option_GAP_61_GAP_62_GAP_69():
    """Defect 3: options that only act in a campaign are not offered for a single game."""
    app = table_app(duel())
    app.go(lambda: SetupScreen(app))
    step(app)
    texts = [getattr(el, "text", "") for el in app.manager.get_root_container().elements]
    assert any("GAP-13" in x for x in texts)
    assert not any("GAP-61" in x or "GAP-62" in x or "GAP-69" in x for x in texts)


def test_question_mark_opens_the_rules():
    """Defect 10: the top bar says "? Rules": the key that types "?" opens them."""
    app = table_app(duel())
    step(app, n=2)
    take_seat(app)
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                  unicode="?", scancode=0)])
    assert app.screen.name == "rules"


def test_ruler_is_cleared_when_a_new_turn_starts():
    """Defect 11: the right-drag ruler does not stay on the board across turns."""
    app = table_app(duel(max_turns=3), controllers={"blues": "computer"})
    screen = app.screen
    a = on_board(app, (5.0, 5.0))
    b = on_board(app, (20.0, 15.0))
    drag(app, a, b, button=3)
    assert screen.tape is not None
    turn = screen.state.turn
    for _ in range(300):
        if screen.state.turn != turn or app.screen is not screen:
            break
        s = screen.state
        if screen.human_turn() and s.active is not None:
            key(app, pygame.K_RETURN)
        elif screen.human_turn() and screen._ready():
            from tests.app.drive import activate_first

            activate_first(app)
        elif screen.human_turn() and s.pending is not None:
            key(app, pygame.K_1)
        elif screen.human_turn() and s.active is None:
            key(app, pygame.K_n)
        else:
            step(app)
    assert screen.state.turn == turn + 1
    assert screen.tape is None


def test_no_hot_seat_banner_against_the_computer():
    """Defect 17: "HOT-SEAT" only when several humans share the screen."""
    app = table_app(duel(), controllers={"blues": "computer"})
    screen = app.screen
    for _ in range(30):
        if screen.session.to_act == "reds":
            break
        step(app)
    step(app)
    assert screen.session.to_act == "reds"
    assert "HOT-SEAT" not in screen.painter._bottom[0][0]
    assert "(you)" in screen.painter._bottom[0][0]
    hot = table_app(duel())
    step(hot, n=2)
    take_seat(hot)
    step(hot)
    assert "HOT-SEAT" in hot.screen.painter._bottom[0][0]


def test_card_says_resistance_plus_armour_and_has_no_blank_line():
    """Defect 20: "R 4 +1 armour = 5", not "R 5 (+1 armour)"; no empty line in the card."""
    import msgspec

    scn = duel()
    reds = scn.bands[0]
    figs = (msgspec.structs.replace(reds.warband.figures[0], equipment=("light_armour",)),
            *reds.warband.figures[1:])
    reds = msgspec.structs.replace(reds, warband=msgspec.structs.replace(reds.warband,
                                                                         figures=figs))
    app = table_app(msgspec.structs.replace(scn, bands=(reds, scn.bands[1])))
    step(app, n=2)
    take_seat(app)
    app.screen.selected = "reds:ann"
    step(app)
    html = app.screen.card.box.html_text
    ann = app.screen.state.figures["reds:ann"].stats
    assert f"R {ann.r} +{ann.armour} armour = {ann.r + ann.armour}" in html
    assert "<br><br>" not in html
