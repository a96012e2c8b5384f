"""Issue 7 leftovers driven through the real window: after the opponent answers a decision
the seat is handed back exactly once (defect 16)."""

import pygame
import pytest

from skirmish.app.panels import handoff
from tests.app.drive import key, press, step, take_seat
from tests.app.spots import walk_into_spot


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
