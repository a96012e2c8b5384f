"""The Walk tool [R-MOVE-WALK] keeps the path and words of the points hovered last: the
pointer going back over a point shows them again without planning the path anew."""

from __future__ import annotations

import pytest

from skirmish.app import tools
from skirmish.bench.frames import battle_app
from skirmish.rules.skirmish import preview


def test_a_point_hovered_again_is_not_planned_again(monkeypatch: pytest.MonkeyPatch) -> None:
    app = battle_app(size=(1280, 720))
    tool = app.screen.tool  # type: ignore[attr-defined]
    assert isinstance(tool, tools.MoveTool)
    me = app.screen.state.figures[tool.figure]  # type: ignore[attr-defined]
    planned: list[tuple[float, float]] = []
    plan = preview.move_path

    def counted(game: object, figure: str, to: tuple[float, float], kind: str) -> object:
        planned.append(to)
        return plan(game, figure, to, kind)  # type: ignore[arg-type]

    monkeypatch.setattr(preview, "move_path", counted)
    a, b = (me.x + 1.0, me.y), (me.x, me.y + 1.0)
    tool.hover(a, None)
    first = (tool.path, tool.info)
    tool.hover(b, None)
    tool.hover(a, None)
    assert len(planned) == 2  # a and b, once each
    assert first[0] is not None and (tool.path, tool.info) == first


def test_the_odds_shown_or_not_are_part_of_what_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    app = battle_app(size=(1280, 720))
    tool = app.screen.tool  # type: ignore[attr-defined]
    me = app.screen.state.figures[tool.figure]  # type: ignore[attr-defined]
    a, b = (me.x + 1.0, me.y), (me.x, me.y + 1.0)
    tool.hover(a, None)
    tool.hover(b, None)
    monkeypatch.setattr(tools.Tool, "show_odds", not tools.Tool.show_odds)
    calls: list[object] = []
    plan = preview.move_path
    monkeypatch.setattr(preview, "move_path",
                        lambda *args: calls.append(args) or plan(*args))  # type: ignore[func-returns-value]
    tool.hover(a, None)
    assert len(calls) == 1  # the words are made again for the other setting
