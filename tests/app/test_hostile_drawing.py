"""Values a file may hold (a NaN objective radius, PA near 2^62, a
megabyte name) are drawn defensively: no crash, no crawl (time printed, not asserted)."""

import time

import msgspec

from skirmish.app.panels import log as log_panel
from skirmish.content.scenario import Objective
from tests.app.drive import duel, step, table_app, take_seat


def test_nan_radius_huge_pa_and_megabyte_names_draw_fine(capsys):
    scn = duel()
    reds = scn.bands[0]
    figs = list(reds.warband.figures)
    figs[0] = msgspec.structs.replace(figs[0], name="N" * 1_000_000)
    reds = msgspec.structs.replace(reds, warband=msgspec.structs.replace(
        reds.warband, figures=tuple(figs), name="B" * 100_000))
    obj = Objective(id="o", name="O" * 100_000, at=(18.0, 12.0), radius=float("nan"), vp=1)
    scn = msgspec.structs.replace(scn, bands=(reds, scn.bands[1]), objectives=(obj,))
    app = table_app(scn)
    t0 = time.perf_counter()
    screen = app.screen
    for f in screen.state.figures.values():
        f.pa = 2 ** 62
    step(app, n=25)
    take_seat(app)
    screen.selected = "reds:ann"
    step(app, n=25)
    with capsys.disabled():
        print(f"\n50 hostile frames: {time.perf_counter() - t0:.2f} s")
    card = screen.card.box.html_text
    assert len(card) < 3000 and "…" in card
    drawn = [t for line in screen.log.lines for t, _, _ in log_panel._fmt(line)]
    assert max(len(t) for t in drawn) <= log_panel.LINE_CHARS
