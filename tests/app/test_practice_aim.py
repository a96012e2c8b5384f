"""A computer plan or F3's hint said "Gunnar moves to
(24.8, 10.2)" or "Grotsnik shoots at Moss" with nothing on the board to show where that
point is or which of ten blue bases Moss is. Now the plan shown is drawn on the board: a
dashed line from the figure to the ringed point or target, named at its end."""

from __future__ import annotations

import math
import re

import pygame

from skirmish.app.board.labels import APART
from skirmish.app.i18n import Translator
from skirmish.app.screens import table_practice as practice
from tests.app.drive import (
    activate_first,
    duel,
    hover_first_target,
    key,
    motion,
    on_board,
    step,
    table_app,
    take_seat,
)


def _placed(screen) -> list[str]:
    return [words for _, words in screen.painter.labels.placed]


def _placed_near(screen, label: str, at) -> bool:
    """``label`` is drawn beside the board point ``at`` (a figure's own name sits by
    the figure, so a move's aim, named by its figure, must be found at its end)."""
    x, y = screen.camera.to_screen(at)
    reach = 3 * max(8, round(0.9 * screen.camera.scale))
    return any(words == label and abs(r.centerx - x) <= reach + r.w // 2
               and abs(r.centery - y) <= reach + r.h // 2
               for r, words in screen.painter.labels.placed)


def _aim_matches(screen, plan) -> None:
    """The aim starts at the plan's figure and ends where the plan says."""
    aim = practice.pointed(screen)
    assert aim is not None
    start, end, label, colour = aim
    me = screen.state.figures[plan.figure]
    assert start == me.pos and colour == screen.styles[me.band].colour
    if "x" in plan.params:
        assert end == (plan.params["x"], plan.params["y"])
        if math.dist(me.pos, end) <= 2 * me.radius:
            assert label == ""  # standing there, its own name beside it: no second one
            return
        assert label == me.name  # the figure going there, not the point's co-ordinates
    else:
        target = next(f for f in screen.state.figures.values()
                      if f.name == plan.params["target"])
        assert end == target.pos and label == target.name
    assert _placed_near(screen, label, end)  # drawn on the board at its end, with its words


def test_the_waiting_computer_plan_is_drawn_on_the_board():
    app = table_app(duel(max_turns=3), controllers={"blues": "computer"}, step_computer=True)
    screen = app.screen
    seen = 0
    for _ in range(600):
        if screen.plan_banner.waiting and not screen.animator.busy:
            step(app, n=2)
            _aim_matches(screen, screen.plan_banner.plan)
            seen += 1
            if seen == 3:
                break
            key(app, pygame.K_SPACE)
        elif screen.human_turn() and screen._ready() and screen.state.active is None:
            activate_first(app)
            key(app, pygame.K_RETURN)
        step(app)
    assert seen == 3


def test_the_hint_is_drawn_while_it_is_said():
    app = table_app(duel())
    screen = app.screen
    activate_first(app, rank="chef")
    key(app, pygame.K_F3)
    assert screen.hint is not None
    step(app, n=2)
    _aim_matches(screen, screen.hint[0])
    step(app, n=130)  # the hint stays until put away, and its mark with it
    _aim_matches(screen, screen.hint[0])
    key(app, pygame.K_ESCAPE)
    assert screen.hint is None and practice.pointed(screen) is None


# -- the range bands' labels (seen under a toast at the board's top) ----------------------
def _range_labels(screen) -> list[tuple[pygame.Rect, str]]:
    return [(r, w) for r, w in screen.painter.labels.placed
            if w.split(" ")[0] in ("short", "medium", "long")]


def test_range_band_labels_sit_on_their_circles_and_keep_off_the_toast():
    """Zoomed in twice on the chef near the table's top edge: the long band's circle
    leaves the board at the top. Its label sits on the circle where the board shows it,
    and no range label hides under a toast's words (R-SHOOT-RANGE bands)."""
    from skirmish.app.screens.table_drawing import toast_lines

    app = table_app(duel())
    screen = app.screen
    fid = activate_first(app, rank="chef")
    key(app, pygame.K_s)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    screen.say("The computer would play: a long sentence said at the top of the board")
    step(app, n=2)
    me = screen.state.figures[fid]
    c = screen.camera.to_screen(me.pos)
    placed = _range_labels(screen)
    assert {w for _, w in placed} == {"short 6", "medium 12", "long 18"}
    w = screen.tool.w
    for rect, words in placed:
        dist = {"short": w.short, "medium": w.medium, "long": w.long}[words.split()[0]]
        r = (dist + me.radius) * screen.camera.scale
        gap = abs(math.dist(rect.midbottom, c) - r)
        assert gap <= rect.h + 2 * APART + 5, (words, gap)  # on its circle, or a line off
        assert screen.board_rect.contains(rect)
        for _, box in toast_lines(screen, screen.toast[0]):
            assert not rect.colliderect(box), (words, rect, box)


# -- chances written one way per language ---------------------------------------------------
def test_a_chance_is_written_the_same_way_in_previews_and_plans():
    """Under Xvfb the English window said "hit 33%" in the preview and "0 % to take them
    out of action" in the plan banner, the French one "touche 33%" beside "0 %": now
    "33%" in English, "33 %" (a no-break space) in French, everywhere."""
    en, fr = Translator("en"), Translator("fr")
    assert en.pct(0.583) == "58%" and fr.pct(0.583) == "58\u00a0%"
    assert en("ai.plan_shoot", figure="Grotsnik", target="Moss", pct=58) == \
        "Grotsnik shoots at Moss: 58% to take them out of action"
    assert fr("ai.plan_charge", figure="Grotsnik", target="Moss", pct=58) == \
        "Grotsnik charge Moss : 58\u00a0% de le mettre hors de combat"
    for lang, right, wrong in (("en", r"\d%", r"\d\s%"), ("fr", "\\d\u00a0%", r"\d%|\d %")):
        app = table_app(duel(passive=True), lang=lang)
        activate_first(app, rank="chef")
        info = hover_first_target(app, pygame.K_s)
        assert re.search(right, info) and not re.search(wrong, info), info


def test_a_charge_that_falls_short_says_how_far_the_target_is_R_ACT_CHARGE_FAIL():
    """"out of reach (9 pas)" read like the distance to the target; it was the charger's
    allowance. Now both: "out of reach (13.9 pas; charge 9)"."""
    from skirmish.app.i18n import decimal
    from skirmish.rules.frame.queries import gap

    for lang, words in (("en", "out of reach ({d} pas; charge {a})"),
                        ("fr", "hors d'atteinte ({d} pas ; charge {a})")):
        app = table_app(duel(), lang=lang)
        screen = app.screen
        for _ in range(3):  # the Blues end their first wave at once if they won the roll
            take_seat(app)
            if screen.session.to_act == "blues":
                key(app, pygame.K_n)
        fid = activate_first(app, rank="chef")  # Cid in reach, Dan 13.9 pas away is not
        key(app, pygame.K_c)
        far = next(f for f, pv in sorted(screen.tool.previews.items()) if not pv.reaches)
        motion(app, on_board(app, screen.state.figures[far].pos))
        d = gap(screen.state.figures[fid], screen.state.figures[far])
        a = screen.tool.preview.allowance
        said = words.format(d=decimal(lang, d, 1), a=decimal(lang, a))  # "13,9 pas" in French
        assert said in screen.tool.info, screen.tool.info


def test_the_plan_banner_does_not_hide_what_the_plan_aims_at():
    """A plan of a figure in the lower half put the banner at the board's top, over the
    band deployed along the top edge, even when the plan aimed there."""
    from skirmish.ai.player import Plan

    app = table_app(duel())
    screen = app.screen
    cid = screen.state.figures["blues:cid"]  # at (10, 19): the lower half
    to = (18.0, 0.9)  # by the top edge, mid-table: under a banner at the top
    plan = Plan(band="blues", figure=cid.id, text="Cid moves", key="ai.plan_move",
                params={"figure": cid.name, "x": to[0], "y": to[1]})
    screen.plan_banner.show(plan, "Blues: Cid moves to (18.0, 0.9)", (80, 160, 230))
    screen.plan_banner.waiting = True  # step by step: its Next button makes it taller
    step(app, n=3)
    box = screen.plan_banner.box
    assert box.w > 0 and screen.board_rect.contains(box)
    for p in (cid.pos, to):
        assert not box.collidepoint(screen.camera.to_screen(p)), (p, box)
    assert practice.pointed(screen)[1] == to


def test_only_a_sure_thing_reads_100_and_only_an_impossible_one_0():
    """215 chances in 216 (a 3d6 opposition lost only on the worst roll) read "100 %"
    in the Clé en main window, so a player stopped weighing the risk: now 99 %. The
    same the other way round; and a certainty summed with rounding still reads 100 %."""
    en, fr = Translator("en"), Translator("fr")
    assert en.pct(215 / 216) == "99%" and fr.pct(215 / 216) == "99\u00a0%"
    assert en.pct(1 / 1000) == "1%" and en.pct(1 / 216) == "1%"
    assert en.pct(1.0) == "100%" and en.pct(sum([0.1] * 10)) == "100%"
    assert en.pct(0.0) == "0%" and en.pct(0.5) == "50%"
