"""The decision panel: the ★ on the default answer is explained by a legend line in the
window's language, and the panel is placed off the figures the question is about — the
active figure and the target of the action it has just declared ([CA-MULTI], GAP-CA-2:
"how many attacks this activation?" is asked at the first rolled action, once the shot is
declared). A usability audit found the ★ unexplained and the panel over the target."""

import msgspec
import pygame
import pytest

from tests.app.drive import activate_first, click, duel, key, motion, on_board, step, table_app

LEGEND = {"en": "★ = default answer", "fr": "★ = réponse par défaut"}


def _planning(lang: str, size: tuple[int, int]):
    """A CA duel at ``size``: the Chef shoots at the other Chef, and is asked how many
    attacks it plans."""
    scn = duel()
    scn = msgspec.structs.replace(scn, ruleset="clefs_aube")
    app = table_app(scn, seed=3, lang=lang, size=size)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank == "chef")
    key(app, pygame.K_s)
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=3)
    assert screen.state.pending is not None and screen.state.pending.kind == "ca_plan"
    return app, fid, target


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_plan_question_leaves_shooter_and_target_in_view_CA_MULTI_GAP_CA_2(lang, size):
    app, fid, target = _planning(lang, size)
    screen = app.screen
    panel = screen.decision.panel.rect
    for f in (fid, target):
        at = on_board(app, screen.state.figures[f].pos)
        assert screen.board_rect.collidepoint(at)
        assert not panel.inflate(16, 16).collidepoint(at), (f, at, panel)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_star_on_the_default_answer_is_explained_CA_MULTI_GAP_CA_2(lang):
    app, _, _ = _planning(lang, (1280, 720))
    d = app.screen.decision
    starred = [b for b in d.buttons if b.text.endswith("★")]
    assert [d.buttons[b] for b in starred] == [app.screen.state.pending.default] == ["1"]
    assert d.legend is not None and d.legend.text.startswith(LEGEND[lang]), d.legend.text
    assert d.legend.rect.bottom <= d.panel.rect.bottom
    assert all(d.legend.rect.top >= b.rect.bottom for b in d.buttons)
