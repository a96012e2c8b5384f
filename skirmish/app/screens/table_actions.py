"""The table's action bar: which items it offers and what pressing one does.

An item either sends the engine a command through the screen (so a refusal becomes a
toast and the events reach the log) or picks a board tool, which turns the next click on
the board into the command. Keyboard shortcuts press the same items.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, TypeGuard

import pygame

from skirmish.app.describe import Describer
from skirmish.app.describe_k7 import k7_key
from skirmish.app.panels.actions import BarItem
from skirmish.app.panels.card import melee_note, ranged_note
from skirmish.app.ruleset_kinds import is_kind
from skirmish.app.screens import table_practice as practice
from skirmish.app.seam_tools import MOVES, SeamPointTool, SeamTargetTool
from skirmish.app.tools import ChargeTool, FleeTool, MedikitTool, MoveTool, ShootTool, StrikeTool, Tool
from skirmish.rules import commands as c
from skirmish.rules.frame.deployment import deploying_band
from skirmish.rules.skirmish.context import on_engine

if TYPE_CHECKING:
    from skirmish.app.k7_tools import FleeTool as DeclaredFlight
    from skirmish.app.k7_tools import SupportTool
    from skirmish.app.screens.table_model import TableModel

#: Keyboard shortcuts of the action bar (letters from the French names where they differ).
ACTION_KEYS = {"walk": pygame.K_w, "run": pygame.K_r, "shoot": pygame.K_s, "charge": pygame.K_c,
               "strike": pygame.K_f, "flee": pygame.K_e, "medikit": pygame.K_m,
               "climb": pygame.K_k, "evade": pygame.K_v, "end": pygame.K_RETURN}
KEY_NAMES = {"walk": "W", "run": "R", "shoot": "S", "charge": "C", "strike": "F", "flee": "E",
             "medikit": "M", "climb": "K", "evade": "V", "end": "↵"}


def _supporting(tool: object) -> TypeGuard[SupportTool]:
    """KART 7's Support tool is in hand (its module loads with the first one made)."""
    return is_kind(tool, "skirmish.app.k7_tools", "SupportTool")


def _declared_flight(tool: object) -> TypeGuard[DeclaredFlight]:
    """KART 7's declared Flee tool is in hand."""
    return is_kind(tool, "skirmish.app.k7_tools", "FleeTool")


#: A note in brackets at the end of a weapon's name: "(moderne, 1er gratuit)", "(Rayon 5 pas)".
_NOTE = re.compile(r"\s*\([^()]*\)$")


def short_names(d: Describer, weapons: Sequence[str | None]) -> dict[str | None, str]:
    """The weapons' names without their notes in brackets ("Pistolet (moderne, 1er
    gratuit)" → "Pistolet"), so a weapon button holds its name and PA at 1280×720; the full
    name and profile are its tooltip and on the card. A note that tells two of the listed
    weapons apart stays ("Lance-grenade (rapide)", "(lent)")."""
    full = {w: d.weapon(w) for w in weapons}
    short = {}
    for w, name in full.items():
        while (bare := _NOTE.sub("", name)) and bare != name:
            name = bare
        short[w] = name
    taken = Counter(short.values())
    return {w: short[w] if taken[short[w]] == 1 else full[w] for w in weapons}


# -- what the bar offers ---------------------------------------------------------------------
def bar_items(screen: TableModel, d: Describer) -> list[BarItem]:
    """Nothing unless a human at the screen is to act; else the items of the moment, undo
    and (solo practice against the computer) retry last."""
    t, s = screen.t, screen.state
    if not screen.human_turn() or s.pending is not None or s.phase == "over":
        return []
    can = screen.session.can_undo()
    undo = BarItem("undo", t(k7_key(screen.game.ruleset.id, "bar.undo")), can,
                   None if can else t(k7_key(screen.game.ruleset.id, "bar.undo_no")), wide=True)
    if s.phase == "deployment":
        items = _deployment_items(screen, d)
    elif declaring(screen):
        items = _declaration_items(screen)
    elif s.active is None:
        items = _activation_items(screen)
    else:
        items = _action_items(screen, d)
    items.append(undo)
    session = screen.session
    if len(session.humans) == 1 and practice.has_computer(screen) and s.phase == "battle":
        ok = session.can_retry()
        items.append(BarItem("retry", t("practice.bar_retry"), ok,
                             t("practice.bar_retry_tip" if ok else "practice.bar_retry_no"),
                             wide=True))
    return items


def _deployment_items(screen: TableModel, d: Describer) -> list[BarItem]:
    """The figures still in reserve to pick up, then auto-deploy and done."""
    t, s = screen.t, screen.state
    band = deploying_band(s)
    items = [BarItem(f"pick:{f.id}", f"{d.rank_mark(f.rank)} · {f.name}",
                     selected=f.id == screen.carrying)
             for f in s.figures.values() if f.band == band and f.status == "reserve"]
    left = bool(items)
    items.append(BarItem("auto", t("bar.auto_deploy"), left, wide=True))
    items.append(BarItem("end_deploy", t("bar.end_deploy"), not left,
                         t("bar.end_deploy_no") if left else None, wide=True))
    return items


def _activation_items(screen: TableModel) -> list[BarItem]:
    """Between activations: activate the selected figure, or end the first wave."""
    t, s = screen.t, screen.state
    items = []
    sel = s.figures.get(screen.selected) if screen.selected else None
    if sel is not None and sel.id in screen._ready():
        items.append(BarItem("activate", t("bar.activate", name=sel.name), wide=True))
    view = screen.game.turn_view()
    if view.end is not None:
        items.append(BarItem(view.end_key, t(f"bar.{view.end_key}"), wide=True,
                             tip=t(f"bar.{view.end_key}_tip")))
    elif not on_engine(screen.game.ruleset.id):  # its own scheduler: what it allows
        d = screen.describer()
        items += [BarItem(f"cede:{cmd.to}", t("bar.cede", band=d.band(cmd.to)), wide=True,
                          tip=t("bar.cede_tip", band=d.band(cmd.to)))
                  for cmd in screen.game.legal_commands(sample_moves=False)
                  if isinstance(cmd, c.Cede)]
    elif screen._ready():
        n = len(screen._ready())
        items.append(BarItem("end_turn", t("bar.end_turn", n=n), wide=True,
                             tip=t("bar.end_turn_tip")))
    return items


def declarers(screen: TableModel) -> set[str]:
    """The figures of the side to speak that may declare now (KART 7's declarations, a
    court-circuit in its window): those the ruleset offers a declaration for."""
    return {cmd.figure for cmd in screen.game.legal_commands(sample_moves=False)
            if isinstance(cmd, c.Declare)}


def declaring(screen: TableModel) -> bool:
    """A ruleset whose sides declare their figures' actions in turn (RULESETS §4.c; their
    pass is a :class:`~skirmish.rules.commands.Decline`) waits for a side's word."""
    s = screen.state
    return s.phase == "battle" and s.active is None and s.pending is None \
        and isinstance(screen.game.turn_view().end, c.Decline)


def _declaration_items(screen: TableModel) -> list[BarItem]:
    """The selected figure's declarations, each greyed with why it may not be made, then
    passing; with no figure of the side selected, passing alone."""
    t, game = screen.t, screen.game
    items = []
    sel = screen.selected
    if sel is not None and sel in declarers(screen):
        for info in game.ruleset.action_menu(game.state, game.table, game.book, game.dice, sel):
            reason = t.engine(info.reason_key, info.reason_params, info.reason)
            tip = f"{reason} [{info.rule}]" if not info.enabled and info.reason else None
            items.append(BarItem(info.kind, t(f"action.k7_{info.kind}"), info.enabled, tip,
                                 selected=screen.tool is not None and screen.tool.kind == info.kind))
        if _supporting(screen.tool):
            from skirmish.app.k7_tools import support_items

            ways = screen.tool.weapons
            items += support_items(screen.tool, t, short_names(screen.describer(), ways))
    view = game.turn_view()
    if view.end is not None:
        items.append(BarItem(view.end_key, t(f"bar.{view.end_key}"), wide=True,
                             tip=t(f"bar.{view.end_key}_tip")))
    return items


def _action_items(screen: TableModel, d: Describer) -> list[BarItem]:
    """The engine's menu for the active figure (greyed items say why), then the options
    of the chosen tool: its weapons, or the pieces it can climb."""
    t, s, game, tool = screen.t, screen.state, screen.game, screen.tool
    items = []
    tool_kind = tool.kind if tool else None
    for info in screen._menu():
        label = f"{KEY_NAMES.get(info.kind, '')}  {t('action.' + info.kind)}"
        if info.kind != "end":
            label += f" · {info.cost} PA" if info.cost[:1].isdigit() else f" · {t('cost.' + info.cost)}"
        reason = t.engine(info.reason_key, info.reason_params, info.reason)
        tip = f"{reason} [{info.rule}]" if not info.enabled and info.reason else \
            t.engine(info.note_key, info.note_params, info.note) if info.note else None
        items.append(BarItem(info.kind, label, info.enabled, tip,
                             selected=info.kind == tool_kind, wide=info.kind == "end"))
    if not on_engine(game.ruleset.id):
        return items + _seam_weapons(screen, d)
    me = s.figures[s.active]
    if tool_kind == "shoot":
        ranged = [w for w in me.ranged if w not in me.lost_weapons]
        short = short_names(d, ranged)
        for w in ranged:
            cost = game.book.ranged_weapons[w].pa_cost
            ok = cost <= me.pa  # a greyed weapon says why, with its rule (R-TURN-PA)
            said = {"action": short[w], "cost": cost, "figure": me.name, "left": me.pa}
            tip = f"{escape(d.weapon(w))} ({ranged_note(d, me.id, w)})" if ok else \
                f"{t.rules('pa_short', said, '')} [R-TURN-PA]"
            items.append(BarItem(f"weapon:{w}", f"• {short[w]} · {cost} PA", ok, tip,
                                 selected=getattr(tool, "weapon", 0) == w, wide=True))
    if tool_kind == "strike":
        melee: list[str | None] = list(me.melee) or [None]
        short = short_names(d, melee)
        for w in melee:
            tip = f"{escape(d.weapon(w))} ({melee_note(d, me.id, w)})" if w else None
            items.append(BarItem(f"sweapon:{w or ''}", f"• {short[w]}", tip=tip,
                                 selected=getattr(tool, "weapon", 0) == w, wide=True))
    if tool_kind == "climb":
        for cmd in game.legal_commands(sample_moves=False):
            if isinstance(cmd, c.Climb):
                name = d.terrain(cmd.piece, game.table.piece_name(cmd.piece))
                how = t("action.run") if cmd.run else t("action.walk")
                items.append(BarItem(f"climb:{cmd.piece}:{int(cmd.run)}",
                                     f"{name} ({how}, {2 if cmd.run else 1} PA)", wide=True))
    return items


def _seam_weapons(screen: TableModel, d: Describer) -> list[BarItem]:
    """The shooting tool's weapons, when the figure may shoot with more than one."""
    tool = screen.tool
    if not isinstance(tool, SeamTargetTool) or tool.kind != "shoot":
        return []
    weapons = list(dict.fromkeys(cmd.weapon for cmd in screen.game.legal_commands(sample_moves=False)
                                 if isinstance(cmd, c.Shoot)))
    if len(weapons) < 2:
        return []
    short = short_names(d, weapons)
    return [BarItem(f"weapon:{w}", f"• {short[w]}", tip=escape(d.weapon(w)),
                    selected=tool.weapon == w, wide=True) for w in weapons]


def bar_preview(screen: TableModel, d: Describer) -> str:
    """The line under the bar: whose turn it is, or what the player is to do next."""
    t, s = screen.t, screen.state
    band = screen.session.to_act
    if s.phase == "over":
        return t("preview.over")
    if screen.session.is_computer(band):
        return t("preview.computer", band=d.band(band))
    if not screen.human_turn():
        return t("preview.waiting", band=d.band(band)) if band else ""
    if s.pending is not None:
        return t("preview.decide")
    if screen.tool is not None:
        return screen.tool.info
    if s.phase == "deployment":
        zone = t("preview.deploy_carry", name=d.fig(screen.carrying)) if screen.carrying \
            else t("preview.deploy")
        return zone
    if declaring(screen):
        if getattr(s, "window", None) is not None:
            return t("preview.k7_window")
        return t("preview.k7_declare", name=d.fig(screen.selected)) \
            if screen.selected in declarers(screen) else t("preview.k7_pick")
    if s.active is None:
        return t("preview.pick")
    return t("preview.choose", name=d.fig(s.active))


# -- pressing an item ------------------------------------------------------------------------
def press(screen: TableModel, key: str) -> None:
    """Do what the item ``key`` stands for, whether clicked or reached by its shortcut."""
    s = screen.state
    d = screen.describer()
    if key == "retry":
        practice.retry(screen)
        return
    if key == "undo":
        if screen.session.undo():
            screen._ingest(screen.session.drain())
            screen.say(screen.t("bar.undone"))
        else:
            screen.say(screen.t(k7_key(screen.game.ruleset.id, "bar.undo_no")), error=True)
        return
    if key.startswith("pick:"):
        fid = key[5:]
        screen.carrying = None if screen.carrying == fid else fid
        return
    if key == "auto":
        screen.carrying = None
        screen.submit(c.AutoDeploy(band=deploying_band(s)))
    elif key == "end_deploy":
        screen.submit(c.EndDeployment(band=deploying_band(s)))
    elif key == "activate" and screen.selected:
        screen.submit(c.Activate(figure=screen.selected))
    elif key == "end_wave" or declaring(screen) and key == screen.game.turn_view().end_key:
        end = screen.game.turn_view().end
        if end is not None:
            screen.tool = None
            screen.submit(end)
    elif key.startswith(("k7sup:", "k7supw:")) and _supporting(screen.tool):
        from skirmish.app.k7_tools import press_support

        press_support(screen.tool, key)
    elif declaring(screen) and screen.selected in declarers(screen):
        _seam_tool(screen, key, screen.selected)
    elif key == "end_turn":
        stand_the_rest(screen)
    elif key == "end" and s.active:
        screen.submit(c.EndActivation(figure=s.active))
    elif key.startswith("cede:"):
        band = screen.session.to_act
        if band is not None:
            screen.submit(c.Cede(band=band, to=key[5:]))
    elif key.startswith("weapon:") and s.active and not on_engine(screen.game.ruleset.id):
        screen.tool = SeamTargetTool(screen.game, s.active, screen.t, d, "shoot", key[7:])
    elif key.startswith("weapon:") and s.active:
        screen.tool = ShootTool(screen.game, s.active, screen.t, d, key[7:])
    elif key.startswith("sweapon:") and s.active:
        screen.tool = StrikeTool(screen.game, s.active, screen.t, d, key[8:] or None)
    elif key.startswith("climb:") and s.active:
        _, piece, run = key.split(":")
        screen.submit(c.Climb(figure=s.active, piece=piece, run=run == "1"))
    elif s.active:
        choose_tool(screen, key)


def stand_the_rest(screen: TableModel) -> None:
    """End my turn [R-TURN-WAVE]: in wave 2 every figure left must be activated, so each
    is activated and its activation ended at once, standing where it is (8–10 figures
    asked a click, A and Enter each, every turn). It stops at a figure whose activation
    cannot end so (the engine says why) or once another band is to act."""
    band = screen.session.to_act
    for fid in sorted(screen._ready()):
        if screen.session.to_act != band or screen.state.pending is not None:
            break
        if not screen.submit(c.Activate(figure=fid)):
            break
        if not screen.submit(c.EndActivation(figure=fid)):
            break


def choose_tool(screen: TableModel, kind: str) -> None:
    """Pick the active figure's tool for ``kind`` (again: put it down); actions that need
    no pointing are sent at once."""
    s, d = screen.state, screen.describer()
    game, t = screen.game, screen.t
    fid = s.active
    if fid is None:
        return
    if screen.tool is not None and screen.tool.kind == kind:
        if kind == "flee":  # E again: go where the preview showed
            screen.submit(c.Flee(figure=fid))
        else:
            screen.tool = None
        return
    if not on_engine(game.ruleset.id):  # a ruleset with its own scheduler: the seam's tools
        _seam_tool(screen, kind)
        return
    me = s.figures[fid]
    if kind in ("walk", "run"):
        screen.tool = MoveTool(game, fid, t, d, kind)
    elif kind == "charge":
        screen.tool = ChargeTool(game, fid, t, d)
    elif kind == "shoot":
        usable = [w for w in me.ranged if w not in me.lost_weapons
                  and game.book.ranged_weapons[w].pa_cost <= me.pa]
        if usable:
            best = max(usable, key=lambda w: game.book.ranged_weapons[w].force)
            screen.tool = ShootTool(game, fid, t, d, best)
    elif kind == "strike":
        strikes = [cmd for cmd in game.legal_commands(sample_moves=False)
                   if isinstance(cmd, c.Strike)]
        if strikes:
            screen.tool = StrikeTool(game, fid, t, d, strikes[0].weapon)
    elif kind == "medikit":
        screen.tool = MedikitTool(game, fid, t, d)
    elif kind == "climb":
        tool = Tool(game, fid, t, d)
        tool.kind = "climb"
        tool.info = t("tool.climb_hint")
        screen.tool = tool
    elif kind == "flee":
        screen.tool = FleeTool(game, fid, t, d)
    elif kind == "evade":  # Les Clefs de l'Aube GAP-CA-18: nothing to point at
        screen.submit(c.Evade(figure=fid))
    elif kind == "end":
        screen.submit(c.EndActivation(figure=fid))


def _seam_tool(screen: TableModel, kind: str, figure: str | None = None) -> None:
    """A move points at a place, an aimed action at a figure; the rest is sent at once.
    ``figure`` is the figure declaring (a ruleset of declarations), else the active one."""
    game, t, d = screen.game, screen.t, screen.describer()
    fid = figure or screen.state.active
    if _declared_flight(screen.tool) and kind == "flee" and screen.tool.cmd:
        screen.submit(screen.tool.cmd)  # Flee again: declare the flight the tool showed
        return
    if screen.tool is not None and screen.tool.kind == kind:
        screen.tool = None
        return
    if figure is not None and kind in ("support", "flee"):  # KART 7's, its tools
        from skirmish.app.k7_tools import FleeTool as DeclaredFlight
        from skirmish.app.k7_tools import SupportTool

        screen.tool = (SupportTool if kind == "support" else DeclaredFlight)(game, figure, t, d)
        return
    if figure is not None and kind not in MOVES:
        tool = SeamTargetTool(game, figure, t, d, kind)
        if tool.targets:
            screen.tool = tool
            return
        plain = [cmd for cmd in game.legal_commands(sample_moves=False)
                 if isinstance(cmd, c.Declare) and cmd.figure == figure and cmd.action == kind]
        if plain:
            screen.submit(plain[0])
        return
    if kind in MOVES:
        screen.tool = SeamPointTool(game, fid, t, d, kind)
    elif kind == "end":
        screen.submit(c.EndActivation(figure=fid))
    elif kind == "flee":
        screen.submit(c.Flee(figure=fid))
    else:
        tool = SeamTargetTool(game, fid, t, d, kind)
        if tool.targets:
            screen.tool = tool
        else:
            screen.submit(c.Act(figure=fid, action=kind))


def renew_tool(screen: TableModel) -> None:
    """The same tool again, so its words follow a language switch."""
    if screen.tool is None:
        return
    kind, weapon = screen.tool.kind, getattr(screen.tool, "weapon", None)
    screen.tool = None
    game, fid = screen.game, screen.state.active
    if not on_engine(game.ruleset.id) and fid is not None:  # nothing sent: the tool again
        t, d = screen.t, screen.describer()
        screen.tool = SeamPointTool(game, fid, t, d, kind) if kind in MOVES else \
            SeamTargetTool(game, fid, t, d, kind, weapon)
    elif kind == "shoot" and weapon:
        press(screen, f"weapon:{weapon}")
    elif kind == "strike":
        press(screen, f"sweapon:{weapon or ''}")
    else:
        choose_tool(screen, kind)


def cycle_weapon(screen: TableModel) -> None:
    """Tab: the next usable weapon of the shooting or striking tool."""
    keys = [i.key for i in screen.bar.items if i.key.startswith(("weapon:", "sweapon:"))
            and i.enabled]
    if not keys:
        return
    cur = [i.key for i in screen.bar.items if i.selected and i.key in keys]
    nxt = keys[(keys.index(cur[0]) + 1) % len(keys)] if cur else keys[0]
    press(screen, nxt)
