"""KART 7's support and flight declared from the window's bar (RULESETS §4.c step 3, §4.g):
a hot-seat player supports a declared shot of their side, sees the odds of the support and
of the shot with it before declaring, then the support's token and list entry
([K7-SUPPORT], [GAP-K7-19]); a flight shows its chance to get away before it is declared
([GAP-K7-7], [K7-IGNORE])."""

from __future__ import annotations

import msgspec

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.app.k7_tools import FleeTool, SupportTool
from skirmish.app.screens.table_drawing import decision_points
from skirmish.rules import commands as c
from skirmish.rules.kart7.events import Declared
from tests.app.drive import bar_button, click, duel, motion, on_board, press, step, table_app, take_seat
from tests.app.languages import foreign_words, game_names
from tests.app.test_clefs_ui import _texts


def k7_duel():
    return msgspec.structs.replace(duel(), ruleset="kart7")


def _sides(screen):  # noqa: ANN001, ANN202 - TableScreen; its figures
    """The side to speak's Chef and Sous-fifre, and the enemy Chef."""
    band = screen.session.to_act
    figs = screen.state.figures.values()
    chef = next(f for f in figs if f.band == band and f.rank == "chef")
    henchman = next(f for f in figs if f.band == band and f.rank == "sous_fifre")
    foe = next(f for f in figs if f.band != band and f.rank == "chef")
    return chef, henchman, foe


def _chef_shoots(app):  # noqa: ANN001, ANN202 - App; the side's figures
    """The side to speak declares its Chef's shot at the enemy Chef: (chef, sous-fifre, foe)."""
    take_seat(app)
    screen = app.screen
    chef, henchman, foe = _sides(screen)
    click(app, on_board(app, chef.pos))
    press(app, bar_button(app, "shoot"))
    click(app, on_board(app, foe.pos))
    return chef, henchman, foe


def _shot_then_support_tool(app) -> tuple[str, str]:  # noqa: ANN001 - App
    """The side to speak declares its Chef's shot at the enemy Chef; the other side lets
    the court-circuit go and its Chef holds; the first side's Sous-fifre takes up
    Support: (chef, sous-fifre)."""
    chef, henchman, foe = _chef_shoots(app)
    screen = app.screen
    band = chef.band
    take_seat(app)
    assert screen.state.window is not None and screen.session.to_act == foe.band
    press(app, bar_button(app, "k7_end_decline"))
    take_seat(app)
    click(app, on_board(app, foe.pos))
    press(app, bar_button(app, "hold"))
    take_seat(app)
    assert screen.session.to_act == band and screen.state.window is None
    click(app, on_board(app, henchman.pos))
    assert screen.selected == henchman.id
    labels = {i.key: (i.label, i.enabled) for i in screen.bar.items}
    assert labels["support"][1], labels
    press(app, bar_button(app, "support"))
    assert isinstance(screen.tool, SupportTool)
    return chef.id, henchman.id


def test_a_support_declared_from_the_bar_with_its_odds_then_its_token_K7_SUPPORT(
        app_factory) -> None:
    app = table_app(k7_duel())
    chef, henchman = _shot_then_support_tool(app)
    screen = app.screen
    labels = {i.key: i.label for i in screen.bar.items}
    assert labels["support"] == "Support"
    assert labels["k7sup:P"] == "• Puissance" and labels["k7sup:T"] == "• Tactique"
    assert list(screen.tool.targets) == [chef]  # the ally whose shot it may support
    motion(app, on_board(app, screen.state.figures[chef].pos))
    step(app)
    name, ally = screen.state.figures[henchman].name, screen.state.figures[chef].name
    puissance = screen.bar.preview_text
    assert puissance.startswith(f"{name} supports #1 {ally} (Puissance) · succeeds ")
    before, after = (int(x.strip(" %")) for x in puissance.split("· #1 ")[1].split(" → "))
    assert before < after  # its card may replace any card of the shot's draw
    press(app, bar_button(app, "k7sup:T"))
    motion(app, on_board(app, screen.state.figures[henchman].pos))
    motion(app, on_board(app, screen.state.figures[chef].pos))
    step(app)
    tactique = screen.bar.preview_text
    assert "(Tactique) · succeeds " in tactique and tactique != puissance
    chosen = [i.key for i in screen.bar.items if i.selected]
    assert "k7sup:T" in chosen and "k7sup:P" not in chosen  # the bar shows the choice
    press(app, bar_button(app, "k7sup:P"))
    click(app, on_board(app, screen.state.figures[chef].pos))
    said = [e for e in screen.game.log if isinstance(e, Declared)]
    assert (said[-1].figure, said[-1].kind, said[-1].of, said[-1].manoeuvre) == (
        henchman, "support", 1, "P")
    panel = screen.game.ruleset.figure_panel(screen.state, henchman)
    assert f"{said[-1].number}+" in panel.marks  # its token on the base
    screen.selected = None
    step(app)
    assert f"{said[-1].number}+ {name} — #{said[-1].number} supports #1 (Puissance)" \
        in screen.card.box.html_text
    assert screen.describer().line(said[-1]) == \
        f"#{said[-1].number} {name} supports #1 (Puissance)"


def test_the_support_reads_in_french_S16(app_factory) -> None:
    """In French the bar's choices, the odds and the list entry say no English word."""
    app = table_app(k7_duel(), lang="fr", size=(1920, 1080))
    chef, henchman = _shot_then_support_tool(app)
    screen = app.screen
    motion(app, on_board(app, screen.state.figures[chef].pos))
    step(app)
    seen = [_texts(app), screen.bar.preview_text]
    assert screen.bar.preview_text.startswith(
        f"{screen.state.figures[henchman].name} soutient #1")
    click(app, on_board(app, screen.state.figures[chef].pos))
    screen.selected = None
    step(app)
    seen.append(_texts(app))
    english = sorted({w for text in seen for w in foreign_words(text, "fr", game_names(screen))})
    assert english == []


def test_a_flight_shows_its_odds_before_it_is_declared_GAP_K7_7_K7_IGNORE(app_factory) -> None:
    """Flee takes up the flight: its chance to get away when the enemy faces and when it
    ignores, as the rules' exact odds say; Flee again declares it."""
    app = table_app(k7_duel())
    take_seat(app)
    screen = app.screen
    band = screen.session.to_act
    figs = screen.state.figures.values()
    me = next(f for f in figs if f.band == band and f.rank == "chef")
    foe = next(f for f in figs if f.band != band and f.rank == "chef")
    foe.x, foe.y = me.x + 1.0, me.y  # base to base: engaged, it leaves only by fleeing
    click(app, on_board(app, me.pos))
    press(app, bar_button(app, "flee"))
    tool = screen.tool
    assert isinstance(tool, FleeTool) and tool.cmd is not None
    faced = screen.game.odds(tool.cmd).p_success
    said = screen.bar.preview_text
    t = screen.t
    assert said.startswith(f"{me.name} flees: gets away {t.pct(faced)} if they face it, ")
    assert not [e for e in screen.game.log if isinstance(e, Declared)]
    press(app, bar_button(app, "flee"))
    flight = [e for e in screen.game.log if isinstance(e, Declared)]
    assert [(e.figure, e.action) for e in flight] == [(me.id, "flee")]


def test_the_face_or_ignore_prompt_shows_the_odds_of_each_answer_K7_IGNORE(app_factory) -> None:
    """A shot supported by a Sous-fifre, the other side passing: the screen is handed to
    the target's player, who sees for each answer the attack's chance to hit and to put it
    out of action (ignoring makes the attack one level easier); the panel asking leaves
    the shooter and the target in view beside the support's cards shown in the tray."""
    app = table_app(k7_duel())
    chef, henchman, foe = _chef_shoots(app)
    screen = app.screen
    for _ in range(2):  # no court-circuit, then the other side declares nothing
        take_seat(app)
        press(app, bar_button(app, "k7_end_decline"))
    take_seat(app)
    click(app, on_board(app, henchman.pos))
    press(app, bar_button(app, "support"))
    click(app, on_board(app, chef.pos))
    step(app, n=3)
    assert screen.handoff.open and screen.state.pending.band == foe.band
    take_seat(app)
    step(app, n=2)
    assert screen.state.pending is not None and screen.state.pending.kind == "face"
    words = {k: b.text for b, k in screen.decision.buttons.items()}
    hit = {k: screen.game.odds(c.Choose(option=k)).p_success for k in ("face", "ignore")}
    assert hit["face"] < hit["ignore"]
    for k in ("face", "ignore"):
        assert f"hit {screen.t.pct(hit[k])}" in words[k] and "out " in words[k]
    about = decision_points(screen.state, screen.game.log)
    assert chef.pos in about and foe.pos in about  # what the panel is placed beside
    panel = screen.decision.panel.rect
    for f in (chef, foe):
        at = on_board(app, f.pos)
        assert screen.board_rect.collidepoint(at)
        assert not panel.inflate(16, 16).collidepoint(at), (f.name, at, panel)


def test_a_support_in_contact_or_with_its_pistol_is_chosen_in_the_bar_GAP_K7_19(
        app_factory) -> None:
    """[GAP-K7-19] a Sous-fifre in contact with the enemy its Chef strikes may support in
    contact or by a shot: the bar offers both ways, and the one chosen is declared."""
    app = table_app(k7_duel())
    take_seat(app)
    screen = app.screen
    chef, henchman, foe = _sides(screen)
    chef.x, chef.y = foe.x - 1.0, foe.y  # both base to base with the enemy Chef
    henchman.x, henchman.y = foe.x + 1.0, foe.y
    click(app, on_board(app, chef.pos))
    press(app, bar_button(app, "strike"))
    click(app, on_board(app, foe.pos))
    for _ in range(2):  # no court-circuit; the other side's Chef holds
        take_seat(app)
        if screen.state.window is not None:
            press(app, bar_button(app, "k7_end_decline"))
    take_seat(app)
    click(app, on_board(app, foe.pos))
    press(app, bar_button(app, "hold"))
    take_seat(app)
    click(app, on_board(app, henchman.pos))
    press(app, bar_button(app, "support"))
    labels = {i.key: i.label for i in screen.bar.items}
    assert labels["k7supw:"] == "• in contact"
    assert labels["k7supw:pistol"] == "• Pistol"  # its name, its notes in the tooltip
    press(app, bar_button(app, "k7supw:pistol"))
    assert screen.tool.weapon == "pistol" and chef.id in screen.tool.targets
    click(app, on_board(app, chef.pos))
    said = [e for e in screen.game.log if isinstance(e, Declared)][-1]
    declared = screen.state.declaration(said.number)
    assert (said.kind, said.skill, declared.weapon) == ("support", "distance", "pistol")
