"""Clé en main in the window (RULESETS §2.g, §0.7), played through the seam (chosen on the
set-up screen in ``test_setup_every_ruleset.py``): the hand in the top bar; the card from the CM
profile; the action bar from its catalogue with its costs; a move by pointing; the
interrupt prompt, the primes and pénalités picker with the odds of each pair and the
heroism prompts, each handed to its band's player in hot-seat; red, white and heroic dice
in the tray with the damage dice marked; log lines that say what was rolled and what it
was compared with; a game against the computer to its results."""

from __future__ import annotations

import copy
import math
from typing import Any

import msgspec
import pygame

from skirmish.app.panels.bars import head_words
from skirmish.app.panels.dicetray import HEAD
from skirmish.app.screens.table import TableScreen
from skirmish.app.session import Session, with_controllers
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.panel import figure_panel
from skirmish.rules.events import Contest, D6Roll, Face
from tests.app.drive import (
    bar_button,
    click,
    duel,
    make_app,
    motion,
    on_board,
    press,
    step,
    table_app,
    take_seat,
)
from tests.rules.build import band, fig, start
from tests.rules.cle_en_main.helpers import cm_scenario

#: The hand's Réflexes: the Reds' Chef 6 + 6 + 5, the Blues' 1 + 1 + 2 — the Reds hold it.
REDS_HAND = (6, 6, 5, 1, 1, 2)


def cm_duel(**kw: Any) -> Any:
    return msgspec.structs.replace(duel(**kw), ruleset="cle_en_main")


def forced_table(scenario: Any, *faces: int, controllers: dict[str, str] | None = None) -> Any:
    """The table at the start of ``scenario`` whose first rolls are ``faces``."""
    game = start(with_controllers(scenario, controllers or {}), *faces, undo=True)
    app = make_app()
    session = Session(game)
    app.go(lambda: TableScreen(app, session))
    step(app)
    return app


def chefs_in_contact() -> Any:
    """Both Chefs with swords, in contact; the Reds hold the hand (REDS_HAND)."""
    return cm_scenario(
        band("reds", fig("ann", "chef", (10, 10), ["sword"]),
             fig("bob", "sous_fifre", (30, 4), ["club"])),
        band("blues", fig("cid", "chef", (11.05, 10), ["sword"]),
             fig("dan", "sous_fifre", (30, 28), ["club"])), max_turns=2)


def answer(app: Any, option: str) -> None:
    """Take the seat if it is handed over, then press the decision's button ``option``."""
    take_seat(app)
    step(app)
    screen = app.screen
    button = next(b for b, k in screen.decision.buttons.items() if k == option)
    press(app, button)


def test_rules_screen_lists_its_actions_costs_and_every_gap_CM_ACTION() -> None:
    from skirmish.app.screens.rules import RulesScreen

    app = make_app()
    html = RulesScreen(app, ruleset="cle_en_main").html()
    assert "Bousculer (trip) — 1 action  [CM-SPECIAL]" in html
    assert "Walk — move, then act  [CM-MOVE-ACT]" in html
    assert all(f"GAP-CM-{n}" in html for n in range(1, 30))
    assert "The hand [CM-ORDER]" in html
    # its keys: no rope, no wave to end, no Skirmish damage table under these rules
    assert "F strike" in html and "Enter: end the tour de jeu" in html
    assert not any(k in html for k in ("K climb", "end wave", "D damage table"))


def test_rules_screen_says_where_the_rules_a_battle_does_not_use_went_CM_XP_CM_ATOUTS(
) -> None:
    """The rules screen of a Clé en main game lists the rules of the source one battle
    does not play, each with where it went (GAP-ALT-7, GAP-CM-25…), in the window's
    language: the sheet [CM-SHEET], atouts [CM-ATOUTS] [CM-ATOUT-EFFECTS], progression
    [CM-XP] [CM-CHANGE-PC], rest [CM-HEAL-NAT], wealth [CM-MONEY], open tests [CM-OPEN],
    chases [CM-CHASE], falls and fire [CM-OTHER-DMG], related skills [CM-NEAR-SKILL]."""
    from skirmish.app.screens.rules import RulesScreen
    from skirmish.rules.cle_en_main.options import OUT_OF_SCOPE

    for lang, heading in (("en", "rules of the source a battle does not use"),
                          ("fr", "règles de la source qu'une bataille n'utilise pas")):
        app = make_app(lang=lang)
        app.go(lambda app=app: RulesScreen(app, None, "cle_en_main"))
        step(app)
        html = app.screen.box.html_text
        assert heading in html
        for rule, (en, fr) in OUT_OF_SCOPE.items():
            words = (fr if lang == "fr" else en).split(";")[0].replace("'", "&#x27;")
            assert f"[{rule}] {words}" in html, rule


def test_the_french_card_has_no_blank_line_where_a_line_fills_the_box_S16() -> None:
    """The Chef's "Combat : mêlée 8 · tir 10 · Défense 8" ends within a line break's width
    of the card's edge at 1280 × 720; pygame_gui would put the break on a row of its own, a
    blank line under it. The card breaks that line before its last part instead."""
    from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect

    app = make_app(lang="fr")
    app.go(lambda: TableScreen(app, Session(start(with_controllers(chefs_in_contact(), {}),
                                                  *REDS_HAND, undo=True))))
    step(app)
    screen = app.screen
    take_seat(app)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    step(app)
    rows = [row.items for row in screen.card.box.text_box_layout.layout_rows]
    breaks = [len(r) == 1 and isinstance(r[0], LineBreakLayoutRect) for r in rows]
    assert not any(breaks), [["".join(getattr(i, "text", "↵") for i in r) for r in rows]]
    card = screen.card.box.html_text
    assert "Combat : mêlée 8 · tir 10 ·<br>Défense 8" in card


def test_a_wrapped_result_in_the_french_tray_keeps_its_mark_with_its_word_CM_OPPOSE() -> None:
    """Ann's four dice leave no room beside them for "= 26 contre 13 → ✓ l'emporte": the
    words wrap under the dice, the ✓ with "l'emporte", never alone at a line's end; the
    throw's head wraps with "contre Cid" whole."""
    from skirmish.app.panels.dicetray import DiceTray

    app = make_app(lang="fr")
    app.go(lambda: TableScreen(app, Session(start(with_controllers(chefs_in_contact(), {}),
                                                  *REDS_HAND, undo=True))))
    step(app)
    screen, game = app.screen, app.screen.game
    take_seat(app)
    screen.submit(c.Activate(figure="reds:ann"))
    screen.submit(c.Strike(figure="reds:ann", target="blues:cid"))
    game.dice.force(5, 4, 3, 6, 1, 2, 2)
    # no interrupt, no pair, Ann's fourth die; Cid's none, no reroll, no cancelling
    for option in ("no", "none", "yes", "no", "no", "none"):
        step(app, n=2)
        answer(app, option)
    entry = next(e for e in screen.tray.lines
                 if isinstance(e[0], D6Roll) and e[0].figure == "reds:ann")
    lines = DiceTray._result_lines(entry, screen.describer(), app.text, 18,
                                   screen.tray.rect.w - 14)
    assert len(lines) > 1 and "✓\u00a0l'emporte" in lines[-1], lines
    assert not any(line.rstrip().endswith(("✓", "✗")) for line in lines), lines
    # its head, wrapped too, keeps "contre Cid" whole: no name alone on a line; both its
    # lines drawn in the head's colour, so they read as one
    head = entry[1]
    assert len(head) > 1 and head[-1].endswith("contre\u00a0Cid"), head
    drawn: dict[str, tuple[int, int, int]] = {}
    blit = app.text.blit

    def spy(surface: Any, words: str, at: Any, size: int, colour: Any, **kw: Any) -> Any:
        drawn[words] = tuple(colour)[:3]
        return blit(surface, words, at, size, colour, **kw)

    app.text.blit = spy  # type: ignore[method-assign]
    tall = pygame.Rect(0, 0, screen.tray.rect.w, 1200)  # room for every roll, Ann's too
    screen.tray._draw(pygame.Surface(tall.size), tall, app.text, screen.describer(), False,
                      lambda: 1)
    app.text.blit = blit  # type: ignore[method-assign]
    assert {drawn[part] for part in head} == {HEAD}, {part: drawn.get(part) for part in head}


def _question(app: Any) -> str:
    """The decision panel's words above its buttons, as shown."""
    from html import unescape

    box = app.screen.decision.box
    assert box is not None
    return unescape(box.html_text)


def _french_duel() -> Any:
    app = make_app(lang="fr")
    app.go(lambda: TableScreen(app, Session(start(with_controllers(chefs_in_contact(), {}),
                                                  *REDS_HAND, undo=True))))
    step(app)
    take_seat(app)
    app.screen.submit(c.Activate(figure="reds:ann"))
    app.screen.submit(c.Strike(figure="reds:ann", target="blues:cid"))
    step(app, n=2)
    take_seat(app)
    step(app)
    return app


def test_the_interrupt_prompt_says_what_was_declared_and_the_opposition_won_CM_INTERRUPT(
) -> None:
    """Blues' player is asked to interrupt with the action Ann declared in view ("Frapper →
    Cid"); once Cid wins the Réflexes opposition, the pénalité it owes is asked with the
    totals of that opposition."""
    app = _french_duel()
    assert "Ann a annoncé : Frapper → Cid" in _question(app)
    app.screen.game.dice.force(6, 6, 5, 1, 1, 2)  # Cid's Réflexes beat Ann's
    answer(app, "blues:cid")
    step(app)
    assert app.screen.game.state.pending.kind == "cm_interrupt_penalty"
    assert "[CM-INTERRUPT] Cid 25 contre Ann 12 : Cid l'emporte (meilleur total)" in \
        _question(app)


def test_a_defenders_heroism_prompt_says_whose_odds_its_answers_show_CM_HERO_USE() -> None:
    """The odds beside Cid's answers are Ann's chance to hit it: the question says so."""
    app = _french_duel()
    for option in ("no", "none"):  # no interrupt, no pair
        step(app, n=2)
        answer(app, option)
    step(app, n=2)
    answer(app, "no")  # Ann buys no fourth die: Cid is asked next, after the hand-off
    step(app, n=2)
    take_seat(app)
    step(app)
    assert app.screen.game.state.pending.kind == "cm_heroic:blues:cid"
    assert "les chances d'Ann de toucher Cid" in _question(app)


def three_figurants_on_a_chef() -> Any:
    """Bob, Eve and Fay (Reds' Sous-fifres, clubs) in contact with Blues' Chef Cid."""
    quiet = {"charge": False, "charged": False, "spot": False, "shot": False}
    return cm_scenario(
        band("reds", fig("ann", "chef", (30, 25), ["sword"]),
             fig("bob", "sous_fifre", (9.95, 10), ["club"]),
             fig("eve", "sous_fifre", (12.05, 10), ["club"]),
             fig("fay", "sous_fifre", (11, 11.05), ["club"])),
        band("blues", fig("cid", "chef", (11, 10), ["sword"]),
             fig("dan", "sous_fifre", (40, 28), ["club"])), max_turns=2, passive_actions=quiet)


def _bob_attacks_together(lang: str) -> Any:
    """The window with Bob's tour begun and the bar's "Attack together" taken up."""
    app = make_app(lang=lang)
    app.go(lambda: TableScreen(app, Session(start(with_controllers(three_figurants_on_a_chef(),
                                                                   {}), *REDS_HAND, undo=True))))
    step(app)
    take_seat(app)
    click(app, on_board(app, app.screen.state.figures["reds:bob"].pos))
    press(app, bar_button(app, "activate"))
    press(app, bar_button(app, "together"))
    return app


def test_the_preview_of_an_attack_together_names_the_group_it_counts_on_CM_GROUP_S14() -> None:
    """Hovering Cid with "Attack together" gives the odds with every figurant that can
    join (45 %, against 28 % for Bob alone) and says whom and what bonus they count on."""
    for lang, words in (("en", "if Eve, Fay join: +2 to the throw and to the damage"),
                        ("fr", "si Eve, Fay se joignent : +2 au jet et aux dégâts")):
        app = _bob_attacks_together(lang)
        motion(app, on_board(app, app.screen.state.figures["blues:cid"].pos))
        step(app)
        info = app.screen.tool.info
        assert words in info and ("hit 45%" in info or "touche 45\u00a0%" in info), info


def test_a_group_attack_names_its_members_and_its_bonus_CM_GROUP_GAP_CM_15() -> None:
    """Bob's group against Cid, chosen in the window: the builder names who is in it so far;
    the primes picker then says the group and its bonus, which its odds include (45 % with
    two others: 3d6 + 4 + 2 against 3d6 + 8 − 2 for several enemies)."""
    app = _bob_attacks_together("en")
    screen, game = app.screen, app.screen.game
    click(app, on_board(app, screen.state.figures["blues:cid"].pos))
    step(app, n=2)
    answer(app, "no")  # Blues do not interrupt
    step(app, n=2)
    answer(app, "reds:eve")
    assert "Attacking together so far: Bob, Eve" in _question(app)
    answer(app, "reds:fay")  # nobody else can join: the primes picker comes
    assert game.state.pending.kind == "cm_pair"
    assert "The group: Bob, Eve, Fay — +2 to the throw and to the damage [CM-GROUP]" in \
        _question(app)
    grouped = game.odds(c.Choose(option="none")).p_success
    buttons = {k: b for b, k in screen.decision.buttons.items()}
    assert round(100 * grouped) == 45 and "hit 45%" in buttons["none"].text
    game.dice.force(4, 4, 4, 1, 1, 2)
    for option in ("none", "no", "no", "none"):  # no pair; Cid: no die, no reroll, no cancel
        step(app, n=2)
        answer(app, option)
    # the log names the thrower and its target once, and counts the group in the damage
    attack = next(x for x in screen.log_lines if x.startswith("[CM-ATTACK] Bob:"))
    assert attack.count("Bob") == 1 and attack.count("Cid") == 1, attack
    assert "+ group 2 = 18, against 10 → ✓ wins" in attack
    assert "Cid takes 7 damage: red die 4, bonus +1, group +2; vitality left 8" in \
        screen.log_lines


def test_a_surprised_figures_card_says_it_in_round_1_CM_SURPRISE() -> None:
    """The card of a Chef the scenario surprises says, in each language, that it neither
    acts nor defends this round (not that it "has taken its tour"); French spaces the
    semicolon between two conditions."""
    from html import unescape

    scn = cm_scenario(
        band("reds", fig("ann", "chef", (10, 10), ["sword"])),
        band("blues", fig("cid", "chef", (11.05, 10), ["sword"],
                          native={"cle_en_main": {"surprised": True}})), max_turns=2)
    for lang, words in (("en", "Conditions: surprised (neither acts nor defends this round)"),
                        ("fr", "Conditions : surpris (n'agit ni ne se défend ce round)")):
        app = make_app(lang=lang)
        app.go(lambda app=app: TableScreen(app, Session(start(with_controllers(scn, {}),
                                                              *REDS_HAND, undo=True))))
        step(app)
        take_seat(app)
        click(app, on_board(app, app.screen.state.figures["blues:cid"].pos))
        step(app)
        card = unescape(app.screen.card.box.html_text)
        assert words in card.replace("<br>", " "), card
        assert "tour this round" not in card and "son tour ce round" not in card
    # Ann strikes it: the primes picker says it cannot defend, and the odds are Combat ≥ 10
    take_seat(app)
    app.screen.submit(c.Activate(figure="reds:ann"))
    app.screen.submit(c.Strike(figure="reds:ann", target="blues:cid"))
    step(app, n=2)
    assert app.screen.game.state.pending.kind == "cm_pair"  # no interrupt: Cid cannot
    assert "Cid est surpris : il ne peut se défendre ; l'attaque doit faire 10 en Combat " \
        "[CM-SURPRISE]" in _question(app)
    # all but certain, not certain: it reads 99 %, never 100 % (Translator.pct)
    assert "touche 99\u00a0%" in next(b.text for b, k in app.screen.decision.buttons.items()
                                     if k == "none")
    state = copy.deepcopy(app.screen.state)
    state.cm.figures["blues:cid"].prone = True
    said = dict(ln.text("fr") for ln in figure_panel(state, "blues:cid").lines)
    assert said["Conditions"] == ("surpris (n'agit ni ne se défend ce round) ; "
                                  "à terre : se relève à son prochain tour")


def test_deployment_then_the_hand_card_bar_and_a_move_S4_S5_S16() -> None:
    app = table_app(cm_duel(placed=False))
    screen = app.screen
    for _ in range(2):  # each band in turn: auto-deploy, done
        take_seat(app)
        press(app, bar_button(app, "auto"))
        press(app, bar_button(app, "end_deploy"))
    take_seat(app)
    assert screen.state.phase == "battle"
    view = screen.game.turn_view()
    names = [w for w, _ in screen.painter.order_drawn]
    assert names[0].startswith("▶ ") and len(names) == 2  # the band with the hand first
    holder = screen.state.band(view.band).name
    fid = sorted(view.choose)[0]
    click(app, on_board(app, screen.state.figures[fid].pos))
    card = screen.card.box.html_text
    for words in ("Vitality", "Combat: mêlée", "Weapons"):
        assert words in card, words
    assert "Monitor" not in card  # nothing pending: the card keeps its room
    danger = copy.deepcopy(screen.state)
    danger.cm.figures[fid].danger = 1
    monitor = [ln.text("en") for ln in figure_panel(danger, fid).lines if ln.key == "monitor"]
    assert monitor == [("Monitor", "Prud. 0 · Dang. 1")]  # [CM-MONITOR] a Danger pending
    pygame.event.clear()
    press(app, bar_button(app, "activate"))
    assert screen.state.active == fid
    labels = {i.key: i.label for i in screen.bar.items}
    assert labels["walk"].endswith("move, then act") and labels["run"].endswith("the whole tour")
    assert "Tour de jeu: action to take" in screen.card.box.html_text
    assert f"hand: {holder} · activation" in head_words(screen.describer(), screen.game.turn_view())
    press(app, bar_button(app, "walk"))
    f = screen.state.figures[fid]
    to = (f.x + 4, f.y)
    click(app, on_board(app, to))
    assert screen.game.state.pending.kind == "cm_interrupt"  # declared: the other band may
    answer(app, "no")  # interrupt (GAP-CM-5), then it moves where the pointer was
    assert math.dist(screen.state.figures[fid].pos, to) < 0.2
    assert screen.game.turn_view().pips[0].spent  # the move of the tour is used


def test_interrupt_pair_heroism_handed_off_and_the_tray_CM_INTERRUPT_CM_PRIMES_CM_HERO_USE(
) -> None:
    """The Reds' Chef strikes the Blues' Chef. Blues' player is handed the interrupt prompt
    and declines; the Reds' player picks a pair from a picker giving each pair's odds and
    buys a heroic die; Blues' Chef is offered its own and its test made again. The throw:
    Ann's red 5, whites 4 and 3, heroic 6 against Cid's 1 + 2 + 2 — the sword's 2d6 are the
    whites, with the heroic die added ([CM-DMG-BASE] [CM-DMG-HERO])."""
    app = forced_table(chefs_in_contact(), *REDS_HAND)
    screen = app.screen
    game = screen.game
    take_seat(app)
    screen.submit(c.Activate(figure="reds:ann"))
    screen.submit(c.Strike(figure="reds:ann", target="blues:cid"))
    step(app, n=2)
    assert screen.handoff.open and screen.handoff.band == "blues"  # the interrupt is theirs
    take_seat(app)
    step(app)
    assert set(screen.decision.buttons.values()) == {"no", "blues:cid", "blues:dan"}
    answer(app, "no")
    step(app, n=2)
    assert screen.handoff.open and screen.handoff.band == "reds"
    take_seat(app)
    step(app)
    assert game.state.pending.kind == "cm_pair"
    buttons = {k: b for b, k in screen.decision.buttons.items()}
    assert "hit" in buttons["none"].text and "%" in buttons["none"].text
    # the pairs in a table: each cell its hit and out-of-action chances, its words on hover
    none, better = (game.odds(c.Choose(option=k)) for k in ("none", "efficacite+danger"))
    assert better.p_success > none.p_success  # Efficacité +2 (CM-P-EFFICACITE)
    cell = buttons["efficacite+danger"]
    assert cell.text == f"{round(100 * better.p_success)}% · {round(100 * better.harms[0].p_out)}%"
    assert "Efficacité + Danger — hit" in cell.tool_tip_text
    answer(app, "none")
    assert game.state.pending.kind == "cm_heroic:reds:ann"
    heroic = {k: b.text for b, k in screen.decision.buttons.items()}
    assert all("hit" in heroic[k] and "%" in heroic[k] for k in ("yes", "no"))
    game.dice.force(5, 4, 3, 6, 1, 2, 2)
    answer(app, "yes")
    step(app, n=2)
    assert game.state.pending.kind == "cm_heroic:blues:cid" and screen.handoff.open
    take_seat(app)
    step(app)
    # the defender's die: each answer says the attack's odds against its Défense
    yes, no = (game.odds(c.Choose(option=k)) for k in ("yes", "no"))
    assert yes.p_success < no.p_success
    heroic = {k: b.text for b, k in screen.decision.buttons.items()}
    assert f"{round(100 * yes.p_success)}%" in heroic["yes"]
    assert f"{round(100 * no.p_success)}%" in heroic["no"]
    answer(app, "no")
    assert game.state.pending.kind == "cm_reroll:blues:cid"
    answer(app, "no")
    assert game.state.pending.kind == "cm_damage"  # announced: Cid may cancel it
    answer(app, "none")
    attack = next(r for r in screen.tray.rolls if isinstance(r, D6Roll) and r.figure == "reds:ann")
    assert [f.role for f in attack.faces] == ["red", "white", "white", "heroic"]
    line = screen.tray.rolls.index(attack)
    assert screen.tray.marked[line] == (1, 2, 3)  # the whites and the heroic die
    log = " ".join(screen.log_lines)
    assert "5 + 4 + 3 + heroic 6 = 18 + Combat (mêlée) 8 = 26, against 13 → ✓ wins" in log
    assert "Ann 26 against Cid 13: Ann wins (higher total)" in log


def test_a_game_against_the_computer_reaches_its_results() -> None:
    """The Reds at the screen (their moves are the computer's choices, sent through the
    window and its decision buttons), the Blues the computer, whose plans the log says in
    the window's language."""
    from skirmish.ai.levels import make_player

    app = table_app(cm_duel(max_turns=3), controllers={"blues": "computer"}, lang="fr")
    screen = app.screen
    game = screen.game
    me = make_player("normal", 5)
    for _ in range(600):
        if app.screen is not screen:
            break
        step(app)
        if game.over or screen.session.to_act != "reds" or not screen.human_turn():
            continue
        cmd = me.choose(game)
        if isinstance(cmd, c.Choose):
            step(app)
            press(app, next(b for b, k in screen.decision.buttons.items() if k == cmd.option))
        else:
            screen.submit(cmd)
    assert game.over and app.screen.name == "results"
    plans = [line for line in screen.log_lines if line.startswith("▶ ")]  # the computer's
    assert plans and not any(w in " ".join(plans) for w in ("advances", "strikes", "shoots"))


def test_the_battle_report_says_what_was_rolled_and_compared_CM_OPPOSE(tmp_path) -> None:
    """The hand's Réflexes in the exported report, in both languages: the dice, their sum,
    the skill added, the total, and the other side's total it was compared with."""
    from skirmish.app.i18n import Translator
    from skirmish.app.replay_export import report_markdown
    from skirmish.replay import record
    from skirmish.replay.timeline import Timeline

    game = start(chefs_in_contact(), 1)  # a replay keeps the seed's dice, not forced ones
    path = tmp_path / "cm.replay.json"
    record.save(record.from_game(game), path)
    tl = Timeline.load(str(path))
    en, fr = (report_markdown(tl, Translator(lang)) for lang in ("en", "fr"))
    for r in [e for e in tl.log if isinstance(e, D6Roll)][:2]:  # the two Réflexes throws
        rolled = f"{' + '.join(map(str, r.dice))} = {sum(r.dice)} + Réflexes 8 = {r.total}"
        assert f"{rolled}, against {r.need} → {'✓ wins' if r.success else '✗ loses'}" in en
        assert f"{rolled}, contre {r.need} → {'✓ l' + chr(39) + 'emporte' if r.success else '✗ perd'}" in fr
    contest = next(e for e in tl.log if isinstance(e, Contest))
    names = {"reds:ann": "Ann", "blues:cid": "Cid"}
    (a, b), (ta, tb) = contest.figures, contest.totals
    assert f"{names[a]} {ta} against {names[b]} {tb}: {names[contest.winner]} wins" in en


def test_the_tray_says_a_timer_in_the_windows_language_and_names_once_CM_MEP() -> None:
    """[CM-MEP] the danger-of-death die is named in French in a French tray (the engine's
    label is English), and a throw whose label already names its figure and target is not
    followed by the names again."""
    app = make_app(lang="fr")
    session = Session(start(with_controllers(chefs_in_contact(), {}), *REDS_HAND, undo=True))
    app.go(lambda: TableScreen(app, session))
    step(app)
    screen = app.screen
    d = screen.describer()
    timer = D6Roll(rule="CM-MEP", label="Cid: danger of death", dice=(5,), figure="blues:cid",
                   key="cm_lbl_timer", params={"figure": "blues:cid", "what": "danger of death"},
                   ruleset="cle_en_main", faces=(Face(die="d6", face=5, role="white"),),
                   total=5, serial=9)
    strike = D6Roll(rule="CM-ATTACK", label="Ann: Combat (mêlée) against Cid", dice=(3, 4, 5),
                    need=12, figure="reds:ann", target="blues:cid", key="cm_lbl_attack",
                    params={"figure": "reds:ann", "skill": "mêlée", "target": "blues:cid"},
                    ruleset="cle_en_main", total=20, serial=8,
                    faces=tuple(Face(die="d6", face=f, role=r)
                                for f, r in ((3, "red"), (4, "white"), (5, "white"))))
    screen.tray.set_rolls([strike, timer], d, app.text)
    heads = [" ".join(lines) for _, lines, _, _ in screen.tray.lines]
    assert heads[1] == "[CM-MEP] Cid : rounds à vivre"
    assert heads[0].count("Ann") == 1 and heads[0].count("Cid") == 1, heads[0]
    assert "rounds à vivre" in d.line(timer)
