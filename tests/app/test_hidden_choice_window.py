"""In the window, against the computer: the human attacker's secret manoeuvre
([CA-SURCLASSEMENT], S7 hidden choice) does not reach the computer that defends (RULESETS
§0.5 S15). Whichever of MD, MP, MA the human picks, the hard computer looks ahead on the
same rollouts and answers the same; the exchange then shows the human's real choice."""

from __future__ import annotations

import msgspec
import pygame

from skirmish.rules.events import Opposition
from tests.ai.test_hidden_choice import SECRETS, Recording
from tests.app.drive import activate_first, click, duel, key, on_board, step, table_app


def exchange_against_the_computer(pressed: int) -> tuple[Opposition, Recording]:
    """Ann (the Reds' Chef, human) strikes Cid (the Blues' Chef, the hard computer),
    plans one attack and picks the ``pressed``-th manoeuvre (1, 2, 3 for MD, MP, MA)."""
    scn = duel()
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))  # touching Ann
    scn = msgspec.structs.replace(
        scn, ruleset="clefs_aube", options={**scn.options, "ca_combat": "surclassement"},
        bands=(a, msgspec.structs.replace(b, warband=msgspec.structs.replace(
            wb, figures=(cid, *wb.figures[1:])))))
    app = table_app(scn, seed=1, controllers={"reds": "human", "blues": "computer"})  # Reds first
    screen = app.screen
    computer = Recording(5)
    screen.session.ai["blues"] = computer
    assert activate_first(app, rank="chef") == "reds:ann"
    key(app, pygame.K_f)
    click(app, on_board(app, screen.state.figures["blues:cid"].pos))
    key(app, pygame.K_1)  # [CA-MULTI] one attack planned
    assert screen.state.pending.kind == "ca_manoeuvre" and screen.state.pending.band == "reds"
    key(app, pygame.K_0 + pressed)
    for _ in range(30):
        found = [e for e in screen.game.log if isinstance(e, Opposition)]
        if found:
            return found[0], computer
        step(app)
    raise AssertionError("the computer never answered")


def test_the_computer_defends_the_same_whatever_the_human_hid_CA_SURCLASSEMENT_GAP_CA_6():
    seen = {}
    for i, m in enumerate(SECRETS, start=1):
        o, computer = exchange_against_the_computer(i)
        assert o.choices[0] == m  # the real game resolved the human's choice
        seen[m] = (o.choices[1], computer.rollouts_seen)
    first = seen[SECRETS[0]]
    assert first[1], "the computer searched its answer"
    assert all(s == first for s in seen.values()), {m: s[0] for m, s in seen.items()}
