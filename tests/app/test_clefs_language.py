"""Les Clefs de l'Aube in the window's language (RULESETS §0.7, §3.g): option values by
their labels on the set-up and rules screens, headings naming the ruleset (no file),
decisions, the surclassement reveal and the damage pipeline in the log, the figure card."""

import msgspec
import pygame
import pytest

from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    motion,
    on_board,
    press,
    step,
    table_app,
)


def _buttons(app) -> dict[str, str]:  # noqa: ANN001 - App
    """The set-up form's choice buttons: option key → the text shown."""
    return {k: b.text for b, (k, sub) in app.screen.form.widgets.items() if sub is None}


def _labels(app) -> list[str]:  # noqa: ANN001 - App
    return [str(e.text) for e in app.manager.get_root_container().elements
            if hasattr(e, "text")]


def _ca_duel(lang: str):  # noqa: ANN202 - App
    """The test duel under Les Clefs de l'Aube, in the window."""
    return table_app(msgspec.structs.replace(duel(), ruleset="clefs_aube"), seed=3, lang=lang)


def _chefs(app) -> tuple[str, str]:  # noqa: ANN001 - App
    """Activate the Chef of the band to act; its id and the enemy Chef's."""
    figures = app.screen.state.figures
    fid = activate_first(app, rank="chef")
    enemy = next(f.id for f in figures.values()
                 if f.band != figures[fid].band and f.rank == "chef")
    return fid, enemy


def test_setup_and_rules_screens_label_option_values_GAP_CA_8_GAP_CA_13(app_factory):
    """In French: "non utilisé", "retirée des Dom", "système simple"… instead of the
    values typed in a scenario file (off, dom, simple); the heading names the ruleset and
    no file the player does not have (it named RULESETS.md §3.f);
    a pressed choice shows its label. The rules screen says the same, and lists the rules
    a battle leaves out ([CA-XP], [CA-DEPASSEMENT]) with why."""
    app = app_factory(lang="fr")
    step(app)
    press(app, app.screen.buttons["new"])
    press(app, app.screen.ruleset_button)
    shown = _buttons(app)
    assert shown["ca_combat"] == "système simple"
    assert shown["ca_critical_die"] == "non utilisé"
    assert shown["ca_armour"] == "retirée des Dom"
    assert shown["morale"] == "Cd de Skirmish (2d6)"
    assert shown["ca_out_of_action"] == "1re blessure critique"
    assert shown["ca_critical_sides"] == "d10"
    labels = _labels(app)
    assert "Options, Clefs de l'Aube" in labels
    assert not any(".md" in x for x in labels)
    crit = next(b for b, (k, _) in app.screen.form.widgets.items() if k == "ca_critical_die")
    press(app, crit)
    assert crit.text == "attaques et encaissements"
    assert app.screen.form.values["ca_critical_die"] == "attacks"  # the value stays the file's
    press(app, app.screen.start)
    key(app, pygame.K_F1)
    html = app.screen.html()
    assert "Options de règles en vigueur (aide-mémoire : Les Clefs de l&#x27;Aube" in html
    assert ".md" not in html
    assert "Dé critique (GAP-CA-8) : <b>attaques et encaissements</b>" in html
    assert "option <b>retirée des Dom</b>" in html  # GAP-CA-13 in the defaults list
    assert "[CA-XP] Expérience entre les parties" in html and "[CA-DEPASSEMENT]" in html
    assert "<b>off</b>" not in html and "<b>dom</b>" not in html
    # [CA-DMG-TABLE] Table 3.1 in place of the Skirmish d6 damage table
    assert "[CA-DMG-TABLE]" in html and "[R-DMG-TABLE]" not in html
    assert "11–20 │ blessure légère │ PF 3" in html and "≥ 41 │ blessure fatale │ PF 20" in html


def test_skirmish_setup_keeps_its_heading(app_factory):
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    labels = _labels(app)
    assert "Rules options (§15)" in labels and not any(".md" in x for x in labels)


def _surclassement_app(lang: str):
    return _contact_app(lang, "surclassement")


def _contact_app(lang: str, combat: str, **kw):  # noqa: ANN003, ANN202 - App
    """Cid, the Blues Chef, starts in contact with Ann, the Reds Chef; both bands human."""
    scn = duel()
    scn = msgspec.structs.replace(scn, ruleset="clefs_aube",
                                  options={**scn.options, "ca_combat": combat})
    a, b = scn.bands
    wb = b.warband
    cid = msgspec.structs.replace(wb.figures[0], position=(10.0, 9.1))  # in contact with Ann
    scn = msgspec.structs.replace(scn, bands=(a, msgspec.structs.replace(
        b, warband=msgspec.structs.replace(wb, figures=(cid, *wb.figures[1:])))))
    return table_app(scn, lang=lang, controllers={"reds": "human", "blues": "human"}, **kw)


def _exchange(app, faces: tuple[int, ...]) -> tuple[str, str]:  # noqa: ANN001 - App
    """The active Chef strikes the enemy Chef: one attack planned, MD against MP."""
    screen = app.screen
    fid = activate_first(app, rank="chef")
    me = screen.state.figures[fid]
    target = next(f.id for f in screen.state.figures.values()
                  if f.band != me.band and f.rank == "chef")
    key(app, pygame.K_f)
    click(app, on_board(app, screen.state.figures[target].pos))
    key(app, pygame.K_1)  # [CA-MULTI] one attack
    key(app, pygame.K_1)  # MD, in secret
    step(app, n=3)
    press(app, screen.handoff.button)
    step(app, n=3)
    screen.game.dice.force(*faces)
    key(app, pygame.K_2)  # the defender's MP
    step(app, n=40)
    return fid, target


def test_decisions_reveal_and_damage_in_the_french_log_CA_SURCLASSEMENT_CA_DMG_TABLE():
    """The decision lines say what is decided in French (not the engine's English
    prompt); the reveal names both manoeuvres, both °R and the winner with the effect
    (GAP-CA-6); the damage line is §3.g's pipeline with Table 3.1's row in French."""
    app = _surclassement_app("fr")
    fid, target = _exchange(app, (9, 4, 2))  # MD °R 9 against MP °R 4; encaissement °R 2
    lines = app.screen.log.lines
    text = "\n".join(lines)
    assert "how many attacks" not in text and "choose a manoeuvre" not in text
    assert any("Au choix de" in x and x.endswith(" : combien d'attaques prévoir")
               for x in lines), lines
    assert any("Au choix de" in x and x.endswith(" : une manœuvre, en secret") for x in lines)
    me, foe = (app.screen.describer().fig(f) for f in (fid, target))
    assert f"Surclassement : {me} MD °R 9 — {foe} MP °R 4 → {me} l'emporte, effet 5" in lines
    # Dom = 5 + BD − 5 (GAP-CA-5); the Reds Chef has no armour; Enc °R 2
    dom = next(x for x in lines if x.startswith(f"{foe} : Dom "))
    assert "− BE 0 − °R 2 = " in dom and "→ " in dom
    assert not any(w in dom for w in ("legere", "etourdi", "sonne"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wounded_figure_s_card_reads_whole_at_960_by_600_CA_WOUNDS(lang):
    """[CA-WOUNDS] [CA-FATIGUE]: a wounded Chef with PF shows every total as "19 (21 − 2
    PF)"; the card, the longest of any ruleset, holds it without a scroll bar in the
    smallest window (it scrolled by 30 px in the column's 47 %)."""
    app = _contact_app(lang, "surclassement", size=(960, 600))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    cf = screen.state.ca[fid]
    cf.wounds["ph"] = {"legere": 2, "grave": 1, "critique": 0}
    cf.pf["ph"] = 2
    step(app, n=2)
    assert "PF)" in screen.card.box.html_text
    assert screen.card.box.scroll_bar is None


def test_figure_card_values_in_both_languages_CA_WOUNDS_CA_TOTALS():
    """The CA card's wound boxes name the levels in the window's language; its weapons
    show their BA / BP / BD (§3.b), not the Skirmish Force."""
    app = _surclassement_app("fr")
    screen = app.screen
    fid = activate_first(app, rank="chef")
    screen.state.ca[fid].wounds["ph"] = {"legere": 1, "grave": 0, "critique": 0}
    step(app, n=2)
    card = screen.card.box.html_text
    assert "Blessures (Ph) légère 1/4 · grave 0/2 · critique 0/1" in card, card
    key(app, pygame.K_F2)
    step(app, n=2)
    assert "Wounds (Ph) light 1/4 · serious 0/2 · critical 0/1" in screen.card.box.html_text
    # the CA profile replaces the Skirmish one: no PV, CT, CCC or F; weapons by BA/BP/BD
    card = screen.card.box.html_text
    assert "PV " not in card and "CCC" not in card and "Mvt 9  Cd 11" in card
    assert "One-handed axe (BA +1 · BP +1 · BD 15)" in card, card
    assert "(6/12/18, BD 18, 1 PA" in card


def test_tray_inputs_in_words_CA_SHOOT_CA_MULTI_GAP_CA_14():
    """A French shot planned as the first of two: the tray's inputs say the range band,
    the multi-action handicap and the plan in French, never the engine's keys."""
    app = _ca_duel("fr")
    screen = app.screen
    fid, target = _chefs(app)
    key(app, pygame.K_s)
    screen.game.dice.force(20)
    click(app, on_board(app, screen.state.figures[target].pos))
    key(app, pygame.K_2)  # [CA-MULTI] GAP-CA-2: two attacks planned, handicaps 2 then 5
    step(app, n=10)
    line = next(x for x in reversed(screen.log.lines) if x.startswith("[CA-SHOOT]"))
    said = app.screen.describer().inputs(next(r for r in reversed(screen.rolls)
                                              if getattr(r, "rule", "") == "CA-SHOOT"))
    assert "portée moyenne" in said and "actions multiples −2" in said, said
    assert "2 prévues" in said and "CA tir 24" in said
    for raw in ("medium", "multi_action_handicap", "planned_actions", "range_band"):
        assert raw not in said and raw not in line


def test_previews_show_the_d20_window_and_exact_odds_CA_MELEE_CA_SHOOT_S14():
    """Hovering a target under Les Clefs de l'Aube shows the window the d20 will face and
    its exact odds, not the Skirmish "to hit 3+ / damage 4+": a Shot from Cid (CA tir 24)
    at Ann 10 pas away (medium: ND 10 + her Esq 4) hits on 15–19, 25 %; a Strike in
    contact (TA 19 + axe BA 1 against her TP 19 + sword BP 1 − 10) hits on 11–19, 45 %."""
    app = _ca_duel("fr")
    screen = app.screen
    fid, ann = _chefs(app)
    key(app, pygame.K_s)
    motion(app, on_board(app, screen.state.figures[ann].pos))
    info = screen.tool.info
    assert "fenêtre 14 < d ≤ 24 · touche 25\u00a0% · Dom = °R + BD 18 − ND 10 − BE 0" in info, info
    assert "portée moyenne" in info and "3+" not in info
    app = _contact_app("fr", "simple")
    screen = app.screen
    activate_first(app, rank="chef")
    key(app, pygame.K_f)
    motion(app, on_board(app, screen.state.figures[ann].pos))
    info = screen.tool.info
    assert "fenêtre 10 < d ≤ 20 · touche 45\u00a0% · Dom = °R + BD 15 − BE 0" in info, info
    assert "4+" not in info and "dommage" not in info


def test_surclassement_preview_gives_each_manoeuvre_ca_CA_SURCLASSEMENT():
    """The defender's manoeuvre is hidden, so no single odds: the preview gives the CA of
    each manoeuvre the attacker may choose (Chef: Ph 13 + Pu 1 / Ma 1 / Ex −2 + BC 5)."""
    app = _contact_app("en", "surclassement")
    screen = app.screen
    fid, ann = _chefs(app)
    key(app, pygame.K_f)
    motion(app, on_board(app, screen.state.figures[ann].pos))
    assert screen.tool.info.endswith(
        "surclassement: damage (MD) CA 19 · parry (MP) CA 19 · feint (MA) CA 16"), screen.tool.info


def test_damage_key_shows_table_3_1_with_the_last_row_CA_DMG_TABLE():
    """Key D under Les Clefs de l'Aube opens Table 3.1 (not the Skirmish d6 table), the
    row of the last damage resolved highlighted: here °R 19 + BD 18 − ND 10 − °R 1 = 26,
    a grave (row 4)."""
    app = _ca_duel("fr")
    screen = app.screen
    fid, ann = _chefs(app)
    key(app, pygame.K_s)
    screen.game.dice.force(19, 1)  # CA tir 24, ND 14: °R 19; encaissement °R 1
    click(app, on_board(app, screen.state.figures[ann].pos))
    key(app, pygame.K_1)
    step(app, n=20)
    key(app, pygame.K_d)
    step(app, n=2)
    panel = screen.painter.damage_panel
    assert panel.key[0] == "ca" and panel.key[3] == 4, panel.key
    rows = panel.key[5]
    assert rows[4] == ("21–30", "blessure grave", "PF 5") and len(rows) == 7


def test_reveal_line_says_the_ma_points_banked_CA_SURCLASSEMENT_GAP_CA_5():
    """§3.g: the reveal shows both rolls, the difference and the MA points banked."""
    from skirmish.rules.events import Opposition

    app = _contact_app("fr", "surclassement")
    d = app.screen.describer()
    line = d.line(Opposition(rule="CA-SURCLASSEMENT", figures=("blues:cid", "reds:ann"),
                             choices=("MA", "MD"), degrees=(9, None), winner="blues:cid",
                             effect=9, tie_break="one success", banked=10))
    assert line == ("Surclassement : Cid MA °R 9 — Ann MD échec → Cid l'emporte, effet 9 ; "
                    "met 10 points MA de côté"), line


def test_pointer_line_gives_fatigue_and_wounds_not_pv_CA_FATIGUE_CA_WOUNDS():
    """Pointing at a figure under Les Clefs de l'Aube: its PF(Ph) out of Ph (GAP-CA-9) and
    its wounds by level, where Skirmish gives PV."""
    from skirmish.app.screens.table_drawing import hover_line

    app = _contact_app("fr", "simple")
    screen = app.screen
    take = screen.state.ca["reds:ann"]
    take.pf["ph"], take.wounds["ph"] = 5, {"legere": 0, "grave": 1, "critique": 0}
    motion(app, on_board(app, screen.state.figures["reds:ann"].pos))
    line = hover_line(screen, screen.describer())
    assert "PF(Ph) 5/13 · grave 1" in line and "PV" not in line, line
