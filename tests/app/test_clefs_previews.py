"""What a Clefs de l'Aube player reads before committing (RULESETS §0.7, §3.g): the window
each target of a burst is rolled against (GAP-CA-21) and what each surclassement
manoeuvre does if it wins ([CA-SURCLASSEMENT], GAP-CA-5)."""

import msgspec
import pygame

from skirmish.content.scenario import BandEntry, Scenario
from skirmish.content.warband import Warband
from skirmish.rules.events import D20Roll
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    motion,
    on_board,
    reds_first,
    spec,
    step,
    table_app,
)


def _burst() -> Scenario:
    """Ann's machine pistol (Cibles 3) at three Blues standing in a row, 0.2 pas apart."""
    reds = Warband(id="reds", name="Reds", colour="#d55e00", figures=(
        spec("ann", "chef", (10.0, 8.0), ("machine_pistol",)),
        spec("bob", "sous_fifre", (30.0, 2.0), ("dagger",))))
    blues = Warband(id="blues", name="Blues", colour="#56b4e9", figures=(
        spec("cid", "chef", (10.0, 16.0), ("dagger",)),
        spec("dan", "sous_fifre", (11.2, 16.0), ("dagger",)),
        spec("eve", "sous_fifre", (12.4, 16.0), ("dagger",))))
    quiet = {"charge": False, "charged": False, "spot": False, "shot": False}
    return Scenario(id="burst", name="Burst", width=36.0, height=24.0, ruleset="clefs_aube",
                    bands=(BandEntry(warband=reds, zone=((0.0, 0.0), (36.0, 0.0), (36.0, 10.0),
                                                           (0.0, 10.0))),
                           BandEntry(warband=blues, zone=((0.0, 14.0), (36.0, 14.0),
                                                          (36.0, 24.0), (0.0, 24.0)))),
                    options={"max_turns": 2, "passive_actions": quiet})


def test_burst_preview_shows_the_window_each_target_is_rolled_against_GAP_CA_21():
    """GAP-CA-21: a shot at N targets rolls at each as simultaneous actions of [CA-MULTI],
    handicaps N, N + 3, N + 6: with §3.b's Chef (CA tir 24) and one attack planned, 21, 18
    and 15. The readout lists those three windows, numbered as on the board, and they are
    the windows the three d20s are then rolled against."""
    app = table_app(_burst())
    screen = app.screen
    reds_first(app)
    activate_first(app, rank="chef")
    key(app, pygame.K_s)
    first = "blues:cid"
    motion(app, on_board(app, screen.state.figures[first].pos))
    info = screen.tool.info
    screen.game.dice.force(20, 20, 20)  # a 20 always fails ([CA-ROLL]): no damage to roll
    click(app, on_board(app, screen.state.figures[first].pos))
    key(app, pygame.K_1)  # [CA-MULTI] GAP-CA-2: one attack planned, no activation handicap
    step(app, n=10)
    rolls = [e for e in screen.game.log if isinstance(e, D20Roll) and e.rule == "CA-SHOOT"]
    assert [r.window.ca for r in rolls] == [21, 18, 15]
    names = [screen.state.figures[r.target].name for r in rolls]
    assert names == ["Cid", "Dan", "Eve"]
    for i, (r, name) in enumerate(zip(rolls, names, strict=True), start=1):
        assert f"{i}. {name}: window {r.window.nd} < d ≤ {r.window.ca}" in info, info


def _melee(lang: str):  # noqa: ANN202 - App
    """The duel under surclassement with Cid in contact with Ann; Ann strikes him."""
    scn = duel()
    scn = msgspec.structs.replace(scn, ruleset="clefs_aube",
                                  options={**scn.options, "ca_combat": "surclassement"})
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))
    scn = msgspec.structs.replace(scn, bands=(a, msgspec.structs.replace(
        b, warband=msgspec.structs.replace(wb, figures=(cid, *wb.figures[1:])))))
    app = table_app(scn, lang=lang)
    reds_first(app)
    activate_first(app, rank="chef")
    key(app, pygame.K_f)
    click(app, on_board(app, app.screen.state.figures["blues:cid"].pos))
    key(app, pygame.K_1)  # [CA-MULTI] one attack planned
    return app


def test_surclassement_choices_say_what_each_manoeuvre_does_CA_SURCLASSEMENT_GAP_CA_5():
    """[CA-SURCLASSEMENT] with the chapter's bonuses (GAP-CA-5) on GAP-CA-6's effect (the
    winner's °R, or the difference): MD deals Dom = effect + BD − 5, MP only stops the
    other, MA adds effect + BA to the next °R — on each button, whole, in both languages."""
    for lang, says in (
        ("en", {"MD": "Dom = effect + BD − 5", "MP": "stops the other, no more",
                "MA": "effect + BA to the next °R"}),
        ("fr", {"MD": "Dom = effet + BD − 5", "MP": "arrête l'autre, sans plus",
                "MA": "effet + BA au °R suivant"}),
    ):
        app = _melee(lang)
        assert app.screen.state.pending.kind == "ca_manoeuvre"
        buttons = {key: b for b, key in app.screen.decision.buttons.items()}
        for m, effect in says.items():
            text = buttons[m].text
            assert f"({m}, CA " in text and effect in text, text
            font = buttons[m].font
            assert font.size(text)[0] < buttons[m].rect.w - 8, text  # not cut
