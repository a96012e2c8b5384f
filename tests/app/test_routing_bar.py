"""A routing figure in a melee must flee while it can pay for it (GAP-55, [R-END-ROUT-FAIL]):
the engine takes only the flight, so the action bar offers only Flee and greys the rest
with the engine's reason — Strike and End used to stay lit and be refused when pressed.
Skirmish and Les Clefs de l'Aube, which builds its bar on Skirmish's."""

from __future__ import annotations

import msgspec
import pytest

from tests.app.drive import activate_first, duel, reds_first, table_app


def _in_melee(ruleset: str):
    """Ann (the Reds' Chef) in contact with Cid (the Blues')."""
    scn = duel()
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))
    return msgspec.structs.replace(scn, ruleset=ruleset, bands=(a, msgspec.structs.replace(
        b, warband=msgspec.structs.replace(wb, figures=(cid, *wb.figures[1:])))))


@pytest.mark.parametrize(("ruleset", "lang"), [("skirmish", "en"), ("clefs_aube", "fr")])
def test_a_routing_figure_in_melee_is_offered_only_the_flight_GAP_55(ruleset, lang):
    app = table_app(_in_melee(ruleset), lang=lang)
    reds_first(app)
    app.screen.state.figures["reds:ann"].routing = True
    assert activate_first(app, rank="chef") == "reds:ann"
    items = {i.key: i for i in app.screen.bar.items}
    assert items["flee"].enabled, items["flee"].tip
    assert [k for k, i in items.items() if i.enabled and k != "undo"] == ["flee"]
    flee = app.t.engine("routing_must_flee", {"figure": "Ann"},
                        "Ann is routing: it must flee the melee while it can pay for it")
    for kind in ("strike", "end"):
        assert not items[kind].enabled
        assert items[kind].tip == f"{flee} [GAP-55]", items[kind].tip
