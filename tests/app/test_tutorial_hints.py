"""The tutorial played through the real window by doing what each hint says, in English
and French, at 1280 × 720 and 960 × 600: every hint must be doable and true when shown.

An audit found the strike lesson never came (Walk, Shoot and Charge took all of Marla's
3 PA, [R-TURN-PA], and her activation ended by itself), the next hint said "Your turn
again" in the same wave, Tomas's hint said what "Marla" could do, and the first hint said
"Click Marla" over figures whose names showed only when hovered."""

from __future__ import annotations

import math

import pygame
import pytest

from skirmish.app.screens import table_tutorial as tutorial
from skirmish.rules import events as ev
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.skirmish import preview
from tests.app.drive import click, key, motion, on_board, step
from tests.app.test_tutorial_and_languages import open_tutorial

WHOM = ("tutorial.activate", "tutorial.next", "tutorial.next_spent", "tutorial.again")
LESSON_KEYS = ("tutorial.walk", "tutorial.charge", "tutorial.shoot", "tutorial.strike",
               "tutorial.strike_last", "tutorial.free")


def enabled(screen) -> set[str]:
    return {i.kind for i in screen._menu() if i.enabled}


def tags_on_board(app, screen) -> list[str]:
    """The words of the labels the board drew last frame."""
    step(app)
    return [words for _, words in screen.painter.labels.placed]


def check_whom(app, screen, h) -> str:
    """An activation hint names a figure that may be activated now, tagged on the board;
    "next" names the player's figure whose activation just ended (this turn), and
    "next_spent" one with no PA left ([R-TURN-PA]: it ended by itself)."""
    s = screen.state
    assert s.active is None and screen.human_turn()
    fid = h.named[0]
    assert fid in screen._ready() and h.params["name"] == s.figures[fid].name
    assert s.figures[fid].name in tags_on_board(app, screen)
    ended = [e for e in screen.game.log if isinstance(e, ev.ActivationEnded | ev.TurnStarted)]
    mine = isinstance(ended[-1], ev.ActivationEnded) and \
        s.figures[ended[-1].figure].band == screen.session.to_act
    if h.key in ("tutorial.next", "tutorial.next_spent"):
        assert mine and h.params["last"] == s.figures[ended[-1].figure].name
        assert (ended[-1].pa_lost == 0) == (h.key == "tutorial.next_spent")
    elif h.key == "tutorial.again":
        assert not mine  # "your turn again" only after the other side or a new turn
    return fid


def walk_towards_enemy(app, screen, me) -> None:
    """Click a point 2 pas towards the nearest enemy, inside the shaded reach."""
    s = screen.state
    foe = min((f for f in s.figures.values() if f.band != me.band and f.status == "in_play"),
              key=lambda f: math.dist(f.pos, me.pos))
    d = math.dist(foe.pos, me.pos)
    to = (me.x + (foe.x - me.x) * 2 / d, me.y + (foe.y - me.y) * 2 / d)
    click(app, on_board(app, to))


def follow(app, screen, h, seen: list[tuple[str, str | None, int]]) -> None:
    """Check hint ``h`` is true now, then do what it says."""
    s = screen.state
    said = tutorial.words(screen, h)
    assert "{" not in said, said
    if h.key in WHOM:
        fid = check_whom(app, screen, h)
        click(app, on_board(app, s.figures[fid].pos))
        key(app, pygame.K_a)
        assert s.active == fid
        return
    if h.key in LESSON_KEYS:  # about the active figure, by its name
        me = s.figures[s.active]
        assert h.params["name"] == me.name and me.name in said and me.pa >= 1
        seen.append((h.key, s.active, me.pa))
    if h.key == "tutorial.walk":
        assert "walk" in enabled(screen)
        key(app, pygame.K_w)
        assert tutorial.hint_key(screen) == "tutorial.tool_walk"
        pa = me.pa
        walk_towards_enemy(app, screen, me)
        assert s.figures[me.id].pa == pa - 1
    elif h.key == "tutorial.charge":
        # the strike it leads to fits in this activation (R-ACT-CHARGE, R-ACT-STRIKE)
        assert "charge" in enabled(screen) and me.pa >= 2 and h.params["left"] == me.pa - 1
        key(app, pygame.K_c)
        assert tutorial.hint_key(screen) == "tutorial.tool_charge" and screen.tool.targets
        click(app, on_board(app, s.figures[sorted(screen.tool.targets)[0]].pos))
        assert any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
                   for e in screen.game.log[-12:])
    elif h.key in ("tutorial.strike", "tutorial.strike_last"):
        foes = {f.name: f.id for f in engaged_with(preview.ctx_of(screen.game), me)}
        assert "strike" in enabled(screen) and h.params["foe"] in foes
        assert (me.pa == 1) == (h.key == "tutorial.strike_last")
        key(app, pygame.K_f)
        assert tutorial.hint_key(screen) == "tutorial.tool_strike"
        target = s.figures[foes[h.params["foe"]]]
        motion(app, on_board(app, target.pos))
        click(app, on_board(app, target.pos))
        assert any(isinstance(e, ev.ActionDeclared) and e.action == "strike"
                   for e in screen.game.log[-12:])
        if h.key == "tutorial.strike_last":  # "the activation then ends by itself"
            assert s.active != me.id
    elif h.key == "tutorial.shoot":
        assert "shoot" in enabled(screen)
        key(app, pygame.K_s)
        assert tutorial.hint_key(screen) == "tutorial.tool_shoot" and screen.tool.targets
        target = s.figures[sorted(screen.tool.targets)[0]]
        motion(app, on_board(app, target.pos))
        click(app, on_board(app, target.pos))
        assert any(isinstance(e, ev.ShotResolved) for e in screen.game.log[-12:])
    elif h.key == "tutorial.free":
        key(app, pygame.K_RETURN)
        assert s.active != me.id
    elif h.key == "tutorial.morale":
        assert screen.morale.open
        key(app, pygame.K_SPACE)
    elif h.key == "tutorial.decide":
        assert s.pending is not None and screen.human_turn()
        key(app, pygame.K_1)
    else:
        assert h.key == "tutorial.computer", h.key
        assert screen.session.is_computer(screen.session.to_act)
        step(app)


def play_by_the_hints(app) -> list[tuple[str, str | None, int]]:
    """The whole tutorial, each hint followed; the lessons shown, with the active figure
    and its PA when shown."""
    screen = app.screen
    seen: list[tuple[str, str | None, int]] = []
    for _ in range(3000):
        if screen.state.phase == "over" or app.screen is not screen:
            break
        h = tutorial.hint(screen)
        if h is None:
            step(app)
            continue
        follow(app, screen, h, seen)
    else:
        raise AssertionError("the tutorial never ended")
    return seen


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("fr", (960, 600))])
def test_every_tutorial_hint_is_doable_and_true_when_shown_R_TURN_PA_R_ACT_STRIKE(lang, size):
    app = open_tutorial(lang, size)
    seen = play_by_the_hints(app)
    keys = [k for k, _, _ in seen]
    # every lesson is taught, the strike right after the charge that led to it, with the
    # same figure in the same activation
    assert {"tutorial.walk", "tutorial.charge", "tutorial.shoot"} <= set(keys), keys
    i = keys.index("tutorial.charge")
    assert keys[i + 1] in ("tutorial.strike", "tutorial.strike_last"), keys
    assert seen[i + 1][1] == seen[i][1] and seen[i + 1][2] == seen[i][2] - 1
    # Tomas is told what Tomas can do
    assert any(k in LESSON_KEYS and fid == "reds:tomas" for k, fid, _ in seen), seen
