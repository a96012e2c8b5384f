"""Issue 7 leftovers driven through the real window: after the opponent answers a decision
the seat is handed back exactly once (defect 16); an out-of-action figure under a
neighbour's token still shows (defect 20)."""

import math

import pygame
import pytest

from skirmish.app.panels import handoff
from tests.app.drive import duel, key, motion, on_board, press, step, table_app, take_seat
from tests.app.spots import walk_into_spot
from tests.app.test_table_look import placed, to_battle


def count_handoffs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every hand-off panel the screen raises, by band (a new panel, not a redraw)."""
    raised: list[str] = []
    show = handoff.HandOff.show

    def counting(self, manager, board, band, *args, **kw):  # noqa: ANN001, ANN202 - spy
        if self.panel is None:
            raised.append(band)
        return show(self, manager, board, band, *args, **kw)

    monkeypatch.setattr(handoff.HandOff, "show", counting)
    return raised


@pytest.mark.parametrize(("seed", "force", "answer", "animate"), [
    (3, True, "pistol", False), (3, True, "hold", False), (1, False, "east", True)])
def test_one_hand_off_back_after_the_opponent_answers_R_MORALE_SPOT(monkeypatch, seed, force,
                                                                      answer, animate):
    """Defect 16: Ann's walk gives the Blues a decision (free shot or escape route); the
    Blues answer as a player would, and the screen hands the seat back to the Reds once."""
    app = walk_into_spot(seed=seed, force=force, animate=animate)
    screen = app.screen
    raised = count_handoffs(monkeypatch)
    answered = False
    for _ in range(300):
        if screen.animator.busy or screen.morale.open:
            key(app, pygame.K_SPACE)
        elif screen.handoff.open:
            take_seat(app)
        elif not answered and screen.decision.panel is not None:
            raised.clear()  # the hand-off to the Blues came before; count from the answer
            press(app, next(b for b, k in screen.decision.buttons.items() if k == answer))
            answered = True
        elif answered and screen.seat == "reds" and screen.state.pending is None:
            break
        else:
            step(app)
    assert answered and screen.session.to_act == "reds" and screen.seat == "reds"
    step(app, n=30)  # nothing more comes while the Reds go on
    assert raised == ["reds"]
    assert not screen.handoff.open


def test_no_hand_off_when_the_computer_answers_R_MORALE_SPOT(monkeypatch):
    """Defect 16, against the computer: the Blues' decision is answered by the computer and
    the Reds keep the seat without any hand-off screen."""
    raised = count_handoffs(monkeypatch)
    app = walk_into_spot(seed=1, force=False, controllers={"blues": "computer"})
    screen = app.screen
    for _ in range(100):
        if screen.morale.open:
            key(app, pygame.K_SPACE)
        elif screen.state.pending is None and screen.session.to_act == "reds":
            break
        else:
            step(app)
    step(app, n=10)
    assert screen.state.pending is None and screen.seat == "reds"
    assert any(type(cmd).__name__ == "Choose" for cmd in screen.game.commands)
    assert raised == []


def test_out_of_action_figure_shows_under_a_neighbours_token_R_OOA():
    """Defect 20: Ann lies out of action half under Cid's token; her base's outline is
    drawn over his token, and pointing there lists her as out of action."""
    scn = placed(duel(), {"ann": (10.0, 12.0), "cid": (10.5, 12.0)})
    app = table_app(scn)
    screen = app.screen
    to_battle(app)
    screen.camera.zoom(3.0, on_board(app, (10.0, 12.0)))
    ann = screen.state.figures["reds:ann"]
    ann.status = "reserve"
    motion(app, (2, 2))
    step(app)
    without = app.window.copy()
    ann.status = "out_of_action"
    step(app)
    with_ann = app.window.copy()
    c = on_board(app, ann.pos)
    r = round(ann.base / 2 * screen.camera.scale)
    cid = on_board(app, screen.state.figures["blues:cid"].pos)
    rim = [(round(c[0] + r * math.cos(a)), round(c[1] + r * math.sin(a)))
           for a in (math.radians(d) for d in range(-30, 31, 5))]
    rim = [p for p in rim if math.dist(p, cid) < r - 3]  # inside Cid's token
    assert len(rim) >= 5
    changed = [p for p in rim if with_ann.get_at(p) != without.get_at(p)]
    assert len(changed) >= 0.75 * len(rim)
    motion(app, on_board(app, (10.25, 12.0)))
    step(app)
    assert sorted(screen.painter.crowd) == ["Cid", "✗ Ann"]
