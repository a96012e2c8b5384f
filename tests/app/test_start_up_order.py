"""``skirmish play SCENARIO`` on its way to the first frame with the board: the loading
screen's frames are paced by the loading thread, not by the window's 60-a-second cap,
which slept most of a frame before the first frame, again before the work started, and
could again before the table's first frame."""

from __future__ import annotations

from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "street_fight.toml")


class _Clock:
    """The window's clock, recording the frame cap of each frame (no sleep)."""

    def __init__(self) -> None:
        self.caps: list[int] = []

    def tick(self, frame_rate: int = 0) -> int:
        self.caps.append(frame_rate)
        return 16


def test_loading_frames_uncapped_then_the_table_capped() -> None:
    app = App(AppConfig(scenario=SCENARIO))  # no fixed step: each frame asks the clock
    clock = app.clock = _Clock()  # type: ignore[assignment]
    app.step([])  # the loading screen's first frame; the work starts on the next one
    app.step([])
    app.screen.wait()  # type: ignore[attr-defined]
    app.step([])  # the loading screen's last update opens the table, drawn this frame
    assert app.screen.name == "deployment"
    assert clock.caps == [0, 0, 0]
    app.step([])
    assert clock.caps[-1] == 60
