"""A computer's plan to move says where in the table's words (the objective it steps onto,
the piece whose cover it takes or that hides it, the objective it heads for, the enemy it
closes on or falls back from, in whole pas), not "moves to (24.0, 30.2)"; in English
and French, with the scenario's French names, and always with the point the window
draws. Positions are built by hand; the normal player's own line is checked on one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from skirmish.ai import wording
from skirmish.ai.levels import make_player
from skirmish.content.scenario import Objective
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from tests.rules.build import band, fig, piece, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}
TRANSLATIONS = Path(__file__).resolve().parents[2] / "assets" / "translations"
HEDGE = msgspec.structs.replace(
    piece("hedge", "difficult", [(14, 14), (20, 14), (20, 15), (14, 15)], blocks_los=True,
          cover=True, height=2), name="Hedge", name_fr="Haie")
CART = Objective(id="cart", name="Loot cart", name_fr="Charrette de butin", at=(17, 20),
                 radius=1.5, vp=5)


def table(*a_figures, enemy_at=(17, 4), objectives=(CART,)) -> Game:
    """Band a's figures, the first active; band b's Sous-fifre at ``enemy_at`` with a
    pistol, and its Chef in the north-west corner; a hedge between them and the loot
    cart south of it."""
    scn = scenario(band("a", *a_figures),
                   band("b", fig("denis", "sous_fifre", enemy_at, ("pistol",)),
                        fig("boss", "chef", (15, 1))),
                   terrain=[HEDGE])
    scn = msgspec.structs.replace(scn, objectives=tuple(objectives))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure=f"a:{a_figures[0].id}"))
    return g


def line(g: Game, to: tuple[float, float], run: bool = False) -> wording.Plan:
    kind = c.Run if run else c.Walk
    return wording.move_plan(g, g.state.active, kind(figure=g.state.active, to=to))


def test_onto_an_objective_GAP_13():
    g = table(fig("gorgutz", "chef", (17, 24)))
    plan = line(g, (17, 20.5))
    assert plan.text == "Gorgutz walks onto the Loot cart"
    assert plan.key == "ai.plan_walk_onto" and (plan.params["x"], plan.params["y"]) == (17, 20.5)


def test_out_of_sight_behind_a_piece_GAP_20():
    """GAP-20: the hedge blocks sight; Denis sees Gorgutz in the open, not behind it."""
    g = table(fig("gorgutz", "chef", (23, 16)))
    assert line(g, (17, 16), run=True).text == "Gorgutz runs out of sight behind the Hedge"


def test_into_cover_so_many_pas_from_the_objective_GAP_22():
    """GAP-22: a base touching a cover piece is in cover; out of Denis' sight already,
    the line says the cover and the nearest thing worth naming, the cart."""
    g = table(fig("gorgutz", "chef", (26, 22)), enemy_at=(40, 30))
    assert line(g, (19, 15.6)).text == "Gorgutz walks into cover by the Hedge, 3 pas from the Loot cart"


def test_towards_an_objective_it_is_sent_to_GAP_13():
    g = table(fig("gorgutz", "chef", (30, 28)), enemy_at=(44, 4))
    assert line(g, (26, 26)).text == "Gorgutz walks towards the Loot cart, 9 pas to go"


@pytest.mark.parametrize(("to", "said"), [
    ((24, 6), "Gorgutz walks to within 6 pas of Denis"),
    ((28, 16), "Gorgutz falls back to 15 pas from Denis"),
])
def test_towards_or_back_from_the_nearest_enemy(to, said):
    g = table(fig("gorgutz", "chef", (28, 10)), objectives=())
    assert line(g, to).text == said


def test_the_normal_player_says_its_move_in_the_tables_words_GAP_13():
    """The normal player steps onto the cart 3 pas away and says so, not its point."""
    g = table(fig("gorgutz", "sous_fifre", (20, 21.5)), enemy_at=(44, 4))
    player = make_player("normal", 1)
    cmd = player.choose(g)
    plan = player.take_plan()
    assert isinstance(cmd, (c.Walk, c.Run)) and plan is not None
    assert plan.text.startswith("Gorgutz ") and "onto the Loot cart" in plan.text
    assert "(" not in plan.text


def _table(lang: str) -> dict[str, str]:
    return json.loads((TRANSLATIONS / lang / "ai.json").read_text(encoding="utf-8"))


def test_every_line_reads_in_english_and_french():
    """The English file says what the plan's text says; the French one has every line,
    and fills it from the same params with the French names."""
    en, fr = _table("en"), _table("fr")
    for key, text in wording.TEXT.items():
        assert en[key] == text, key
        assert key in fr, key
    g = table(fig("gorgutz", "chef", (26, 22)), enemy_at=(40, 30))
    plan = line(g, (19, 15.6), run=True)
    said = fr[plan.key].format(**plan.params)
    assert said == ("Gorgutz court se mettre à couvert près du décor Haie, "
                    "à 3 pas de l'objectif Charrette de butin")
    assert not re.search(r"[{}]", said)
