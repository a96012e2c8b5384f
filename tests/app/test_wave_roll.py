"""The wave-1 d6 ([R-TURN-WAVE], GAP-10 (a): the most figures a band may activate in its
first wave) says what it gives in the dice tray and the log, as every other roll does.
A usability audit found it the one roll in the tray with dice and no "→"."""

import pytest

from skirmish.app.panels.dicetray import DiceTray
from skirmish.rules import events as ev
from tests.app.drive import duel, step, table_app


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "up to {n} {s}"), ("fr", "jusqu'à {n} {s}"),
])
def test_the_wave_1_d6_shows_how_many_figures_may_act_R_TURN_WAVE(lang, words):
    app = table_app(duel(), lang=lang, size=(1280, 720))
    screen = app.screen
    step(app, n=2)
    wave = [r for r in screen.game.log if isinstance(r, ev.Roll) and r.rule == "R-TURN-WAVE"]
    assert wave, "the battle opens with a wave-1 d6"
    n = wave[-1].dice[0]
    said = words.format(n=n, s="activation" if n == 1 else "activations")
    d = screen.describer()
    entry = next(e for e in screen.tray.lines if e[0].rule == "R-TURN-WAVE")
    shown = " ".join(DiceTray._result_lines(entry, d, app.text, 18, screen.tray.rect.w - 14))
    assert shown == f"→ {said}", shown
    line = next(x for x in reversed(screen.log.lines) if x.startswith("[R-TURN-WAVE]"))
    assert line.endswith(f"{n} → {said}"), line
    for other in screen.tray.lines:  # every roll, not only this one, says what it gave
        result = DiceTray._result_lines(other, d, app.text, 18, screen.tray.rect.w - 14)
        assert "→ " in " ".join(result) and "→  " not in " ".join(result), result
