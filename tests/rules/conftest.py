"""Every roll any rules test makes is checked for self-consistency (tests/rules/rolls.py)."""

import pytest

from skirmish.rules.events import Event, Roll
from skirmish.rules.skirmish.context import Ctx
from tests.rules.rolls import check_roll


@pytest.fixture(autouse=True)
def _rolls_are_self_consistent(monkeypatch: pytest.MonkeyPatch) -> None:
    emit = Ctx.emit

    def checked(self: Ctx, event: Event) -> None:
        if isinstance(event, Roll):
            check_roll(event, lambda fid: self.s.figures[fid].band)
        emit(self, event)

    monkeypatch.setattr(Ctx, "emit", checked)
