"""No mixed languages in the log, the dice tray, the board
and the results. The rules write weapon names in French and the files' main names; the
window says each in its own language (English names from the rulebook, ``name_fr`` from
the scenario for bands, terrain and objectives)."""

import pygame
import pytest

from skirmish.ai.player import Plan
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.screens.results import ResultsScreen
from skirmish.content.loading import load_scenario
from skirmish.match import new_game
from skirmish.rules import commands as c
from skirmish.rules.skirmish import preview
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    make_app,
    motion,
    on_board,
    step,
    table_app,
    take_seat,
)
from tests.app.spots import walk_into_spot
from tests.app.test_table_look import to_battle

PISTOL = {"en": "Pistol (modern, first one free)", "fr": "Pistolet (moderne, 1er gratuit)"}
CAIRN = {"en": "Hill cairn", "fr": "Cairn de la colline"}


def other(lang: str) -> str:
    return "fr" if lang == "en" else "en"


def said(screen) -> list[str]:
    """What the log and the dice tray show."""
    tray = [" ".join(head) for _, head, _, _ in screen.tray.lines]
    return [x for x in screen.log.lines if isinstance(x, str)] + tray


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_shot_names_its_weapon_in_the_windows_language_R_SHOOT_HIT(lang):
    """The to-hit and damage rolls name the pistol as the figure card does: "Pistol
    (modern, first one free)" in English (the rules write the French name)."""
    app = table_app(duel(), lang=lang)
    screen = app.screen
    fid = activate_first(app)
    me = screen.state.figures[fid]
    target = next(f.id for f in screen.state.figures.values() if f.band != me.band
                  and preview.shot_preview(screen.game, fid, "pistol", f.id).legal)
    key(app, pygame.K_s)
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    step(app, n=2)
    lines = said(screen)
    to_hit = [x for x in lines if "[R-SHOOT-HIT]" in x]
    assert len(to_hit) >= 2  # the log's line and the tray's
    assert all(PISTOL[lang] in x for x in to_hit), to_hit
    assert not any(PISTOL[other(lang)] in x for x in lines)


@pytest.mark.parametrize(("lang", "question", "english"), [
    ("fr", "a aperçu", "spotted"), ("en", "spotted", "a aperçu")])
def test_a_decision_in_the_log_is_asked_in_the_windows_language_R_MORALE_SPOT(lang, question,
                                                                               english):
    """The log's "must decide" line says the rules' question in the window's language
    (from the event's key and ids)."""
    app = walk_into_spot(lang=lang)
    lines = [x for x in app.screen.log.lines if isinstance(x, str)]
    asked = [x for x in lines if "Dan" in x and "Ann" in x and ("?" in x)]
    assert asked and all(question in x for x in asked), asked
    assert not any(english in x for x in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hint_at_a_question_names_the_answer_in_the_panels_words_R_MORALE_SPOT(lang):
    """F3 while a free shot is offered (R-MORALE-SPOT) says which answer the computer
    would give, in the words of its button; it once said "Choose"."""
    app = walk_into_spot(lang=lang)
    screen = app.screen
    while screen.morale.open:
        key(app, pygame.K_SPACE)
    step(app)
    take_seat(app)
    step(app, n=2)
    words = {k: b.text.removesuffix(" ★") for b, k in screen.decision.buttons.items()}
    key(app, pygame.K_F3)
    plan = screen.hint[0]
    assert plan.key == "ai.hint_answer" and plan.figure == "blues:dan"
    assert screen.hint[1] == screen.t("ai.hint", plan=words[plan.params["option"]])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_objective_named_in_the_windows_language_on_board_and_results_GAP_57(lang):
    """The objective's ``name_fr`` shows in French, its main (English) name in English: the
    board's caption and the results' VP line (GAP-57: holding it scores its VP)."""
    app = make_app(scenario="scenarios/open_field.toml", seed=2, lang=lang)
    screen = app.screen
    to_battle(app)
    step(app)
    captions = [t for _, t in screen.painter.labels.placed if t and t.startswith("⚑")]
    assert any(CAIRN[lang] in x for x in captions), captions
    assert not any(CAIRN[other(lang)] in x for x in captions)
    band = screen.session.to_act
    holder = next(f for f in screen.state.figures.values()
                  if f.band == band and f.status == "in_play")
    holder.x, holder.y = 31.0, 19.0  # on the cairn, no enemy near
    enemy = next(b.id for b in screen.state.bands if b.id != band)
    screen.session.submit(c.Resign(band=enemy))
    step(app)
    html = ResultsScreen(app, screen.session).html()
    assert CAIRN[lang] in html and CAIRN[other(lang)] not in html


def test_objective_name_fr_is_checked_like_a_name():
    """An objective's ``name_fr`` has a name's limits; unset, the record encodes as before."""
    import msgspec

    from skirmish.content.limits import MAX_NAME
    from skirmish.content.loading import scenario_from_dict, scenario_to_dict
    from skirmish.content.scenario import Objective

    scn = msgspec.structs.replace(duel(), objectives=(
        Objective(id="well", name="Well", at=(18.0, 12.0)),))
    data = scenario_to_dict(scn)
    assert "name_fr" not in data["objectives"][0]
    for bad, problem in (("x" * (MAX_NAME + 1), f"at most {MAX_NAME}"), (" ", "empty")):
        doc = {**data, "objectives": [{**data["objectives"][0], "name_fr": bad}]}
        with pytest.raises(Exception) as err:
            scenario_from_dict(doc)
        assert "objectives[0].name_fr" in str(err.value) and problem in str(err.value)
    ok = {**data, "objectives": [{**data["objectives"][0], "name_fr": "Puits"}]}
    assert scenario_from_dict(ok).objectives[0].name_fr == "Puits"


@pytest.mark.parametrize(("lang", "why"), [("en", "(jammed)"), ("fr", "(enrayée)")])
def test_a_lost_weapon_says_why_in_the_windows_language_R_SHOOT_JAM(lang, why):
    from skirmish.rules import events as ev

    app = table_app(duel(), lang=lang)
    d = app.screen.describer()
    line = d.line(ev.WeaponLost(rule="R-SHOOT-JAM", figure="reds:ann", weapon="pistol",
                                reason="jammed"))
    assert line is not None and line.endswith(why) and PISTOL[lang] in line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dice_tray_inputs_are_words_not_rule_keys_R_SHOOT_HIT(lang):
    """Every roll's inputs line in a whole three-band game reads as words: no raw key
    such as "target_index 2" or "cybernetic_arms 0", distances to a tenth of a pas."""
    import re

    from skirmish import sim
    from skirmish.app.describe import Describer
    from skirmish.app.i18n import Translator
    from skirmish.content.loading import load_scenario
    from skirmish.rules import events as ev

    scn = load_scenario("scenarios/three_band_brawl.toml")
    game = sim.play(scn, 3)
    d = Describer(game.state, game.book, Translator(lang), scn)
    lines = [d.inputs(e) for e in game.log if isinstance(e, ev.Roll)]
    assert any("pas" in x for x in lines)
    # one decimal always, as the preview writes it ("16,0 pas", never "16 pas")
    assert not [x for x in lines if re.search(r"(^|· )\d+ pas", x)]
    raw = [x for x in lines if re.search(r"[a-z]_[a-z]", x) or re.search(r"\d\.\d\d", x)]
    assert raw == []


@pytest.mark.parametrize(("lang", "label", "question"), [
    ("en", "Pistol (modern, first one free): to hit", "{a} spotted {b}: free shot?"),
    ("fr", "Pistolet (moderne, 1er gratuit) : pour toucher", "{a} a aperçu {b} : tir gratuit ?"),
])
def test_rolls_and_questions_are_said_from_their_key_and_ids(lang, label, question):
    """[R-SHOOT-HIT] [R-MORALE-SPOT]: a roll's label and a decision's question come from
    the event's key, the window naming the ids (weapon, figures) in its language — not
    from the English sentence, which the window neither shows nor parses back."""
    from skirmish.app.describe import Describer, content_names
    from skirmish.app.i18n import Translator
    from skirmish.rules import events as ev

    app = table_app(duel(), lang=lang)
    screen = app.screen
    t = Translator(lang)
    t.names_fr, t.names_en = content_names(screen.game.scenario, screen.game.book)
    d = Describer(screen.state, screen.game.book, t, screen.game.scenario)
    a, b = list(screen.state.figures)[:2]
    roll = ev.Roll(rule="R-SHOOT-HIT", label="(the rules' English)", dice=(4,),
                   key="lbl_to_hit", params={"weapon": "pistol"})
    assert d.label(roll) == label
    asked = ev.DecisionNeeded(band="b", kind="free_shot", prompt="(the rules' English)",
                              key="ask_free_shot", params={"figure": a, "target": b})
    words = question.format(a=d.fig(a), b=d.fig(b))
    assert words in d.line(asked)


@pytest.mark.parametrize(("lang", "name"), [("en", "Gorgutz's Boyz"),
                                            ("fr", "Les Boyz à Gorgutz")])
def test_a_band_wide_plan_names_the_band_in_the_windows_language_R_TURN_WAVE(lang, name):
    """The hard computer's "ends its first wave" line ([R-TURN-WAVE]) names its band as
    the rest of the window does: the street fight's orks are "Les Boyz à Gorgutz" in
    French (the plan itself carries only the band's id)."""
    game = new_game(load_scenario("scenarios/street_fight.toml"), 1)
    plan = Plan(band="ork_boyz", figure="", text="", key="ai.plan_wait")
    t = Translator(lang)
    line = Describer(game.state, game.book, t, game.scenario).plan(plan)
    assert line == t("ai.plan_wait", band=name) and line.startswith(name)
