"""Leftovers driven through the real window: after the opponent answers a decision
the seat is handed back exactly once (defect 16); an out-of-action figure under a
neighbour's token still shows (defect 20); band and terrain names follow the window's
language (defect 14)."""

import math

import pygame
import pytest

from skirmish.app.panels import handoff
from skirmish.rules import commands as c
from tests.app.drive import duel, key, make_app, motion, on_board, press, step, table_app, take_seat
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
    drawn over his token (just inside its edge, as everything of a figure), and pointing
    there lists her as out of action."""
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
    rim = [(round(c[0] + (r - 1) * math.cos(a)), round(c[1] + (r - 1) * math.sin(a)))
           for a in (math.radians(d) for d in range(-30, 31, 5))]
    rim = [p for p in rim if math.dist(p, cid) < r - 3]  # inside Cid's token
    assert len(rim) >= 5
    changed = [p for p in rim if with_ann.get_at(p) != without.get_at(p)]
    assert len(changed) >= 0.75 * len(rim)
    motion(app, on_board(app, (10.25, 12.0)))
    step(app)
    assert sorted(screen.painter.crowd) == ["Cid", "✗ Ann"]


def _caption_of(app, piece_id: str) -> list[str]:
    """The board's captions while the pointer rests inside terrain piece ``piece_id``."""
    screen = app.screen
    piece = next(p for p in screen.game.table.pieces if p.id == piece_id)
    inside = (sum(q[0] for q in piece.polygon) / len(piece.polygon),
              sum(q[1] for q in piece.polygon) / len(piece.polygon))
    motion(app, on_board(app, inside))
    step(app)
    return [t for _, t in screen.painter.labels.placed if t]


@pytest.mark.parametrize(("lang", "band", "wall"), [
    ("fr", "Les Survivants", "Muret"), ("en", "The Survivors", "Low wall")])
def test_band_and_terrain_names_in_the_players_language(lang, band, wall):
    """Defect 14: warband and terrain names come in the window's language (``name_fr`` in
    French), on the hand-off, the terrain caption, the hover line and the results; the
    engine keeps the files' main names."""
    app = make_app(scenario="scenarios/street_fight.toml", seed=2, lang=lang)
    screen = app.screen
    bands = {b.id: b for b in screen.state.bands}
    survivors = next(i for i, b in bands.items() if b.name == "The Survivors")
    assert screen.game.table.piece_name("low_wall") == "Low wall"  # the engine's name
    screen.handoff.close()
    screen._offer_seat(survivors)  # the hand-off screen as the Survivors' turn comes
    words = " ".join(getattr(e, "html_text", "") or e.text
                     for e in screen.handoff.panel.get_container().elements)
    assert band in words
    screen.handoff.close()
    to_battle(app)
    assert screen.describer().band(survivors) == band
    assert any(n.startswith(wall) for n in _caption_of(app, "low_wall"))
    assert f"({wall}" in screen.hover_line(screen.describer())
    other = "The Survivors" if lang == "fr" else "Les Survivants"
    said = [x for x in screen.log.lines if isinstance(x, str)]
    said += [screen.describer().label(r) for r in screen.rolls]  # the dice tray's labels
    assert any(band in x for x in said) and not any(other in x for x in said)
    from skirmish.app.screens.results import ResultsScreen

    screen.session.submit(c.Resign(band=screen.session.to_act))
    step(app)
    results = ResultsScreen(app, screen.session)
    assert band in results.html()


def test_name_fr_is_checked_like_a_name():
    """A warband's or a terrain piece's ``name_fr`` has a name's limits (MAX_NAME)."""
    from skirmish.content.limits import MAX_NAME
    from skirmish.content.loading import scenario_from_dict, scenario_to_dict

    scn = duel()
    data = scenario_to_dict(scn)
    assert "name_fr" not in data["bands"][0]["warband"]  # unset: encoded as before
    long = {**data, "bands": [dict(data["bands"][0]), data["bands"][1]]}
    long["bands"][0]["warband"] = {**data["bands"][0]["warband"], "name_fr": "x" * (MAX_NAME + 1)}
    with pytest.raises(Exception) as err:
        scenario_from_dict(long)
    assert "bands[0].warband.name_fr" in str(err.value) and f"at most {MAX_NAME}" in str(err.value)
    blank = {**data, "terrain": [{"id": "w", "name": "Wall", "name_fr": " ",
                                  "kind": "impassable", "polygon": [[1, 1], [2, 1], [2, 2]]}]}
    with pytest.raises(Exception) as err:
        scenario_from_dict(blank)
    assert "terrain[0].name_fr" in str(err.value) and "empty" in str(err.value)
