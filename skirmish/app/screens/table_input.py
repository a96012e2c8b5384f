"""The table's input: each event to its handler, and what the buttons and keys do.

Buttons are the screen's widgets (top bar, pause menu, hand-off, morale and decision
panels, action bar); the board's pointer is left to :mod:`table_pointer`. Keys work in
layers: Space and Escape always, then nothing more while paused, then the view's keys
for anyone, then the player's keys only for the human whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skirmish.app import routes
from skirmish.app.panels.pause import PauseMenu
from skirmish.app.screens import table_actions as actions
from skirmish.app.screens import table_drawing as drawing
from skirmish.app.screens import table_hint as hints
from skirmish.app.screens import table_pointer as pointer
from skirmish.app.screens import table_practice as practice
from skirmish.rules import commands as c
from skirmish.rules.skirmish.context import on_engine

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel


def handle(screen: TableModel, event: pygame.event.Event, consumed: bool) -> None:
    from pygame_gui import UI_BUTTON_PRESSED  # loaded with the widgets, before any event

    if screen.pause is None and screen.save_as is None and \
            (screen.tips.handle(event) or (screen.log_pinned and screen.log.handle(event))):
        return
    if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and screen.animator.busy:
        screen.animator.skip()  # any key or click finishes the animations at once
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return
    if event.type == UI_BUTTON_PRESSED:
        _button(screen, event.ui_element)
        return
    if event.type == pygame.MOUSEMOTION:
        pointer.move(screen, event)
        return
    if event.type == pygame.MOUSEWHEEL:
        pointer.wheel(screen, event)
        return
    if event.type == pygame.MOUSEBUTTONDOWN and not consumed:
        if event.button == 1 and any(b.inflate(8, 6).collidepoint(event.pos)
                                     for b in drawing.hint_boxes(screen)):
            screen.hint = None  # a click on F3's hint puts it away, and does nothing else
            return
        pointer.press(screen, event)
    elif event.type == pygame.MOUSEBUTTONUP:
        pointer.release(screen, event, consumed)
    elif event.type == pygame.KEYDOWN and not consumed:
        _key(screen, event)


# -- buttons ---------------------------------------------------------------------------------
def _button(screen: TableModel, el: object) -> None:
    """A widget was pressed; while paused only the pause menu's buttons count."""
    if screen.save_as is not None:
        _save_as_button(screen, el)
        return
    if screen.pause is not None:
        _pause_button(screen, screen.pause.pressed(el))
        return
    if el is screen.handoff.button:
        screen.take_seat()
        return
    if el is not None and el is screen.plan_banner.button:
        practice.next_activation(screen)
        return
    if el is screen.morale.next_button:
        screen.morale.advance()
        return
    if el is screen.morale.skip_button:
        screen.morale.advance(all_of_them=True)
        return
    opt = screen.decision.pressed(el)
    if opt is not None:
        screen.submit(c.Choose(option=opt))
        return
    key = screen.top_buttons.get(el)  # type: ignore[call-overload]
    if key is not None:
        _top(screen, key)
        return
    item = screen.bar.pressed(el)
    if item is not None and item.enabled:
        actions.press(screen, item.key)


def _top(screen: TableModel, key: str) -> None:
    if key == "damage" and on_engine(screen.game.ruleset.id):
        screen.show_damage = not screen.show_damage
    elif key == "rules":
        _open_rules(screen)
    elif key == "lang":
        screen.app.switch_language()
    elif key == "menu":
        _toggle_pause(screen)
    elif key == "step":
        practice.toggle_step(screen)
    elif key == "results":
        screen.app.open(routes.Results(screen.session))
    elif key == "log":
        toggle_log(screen)


def toggle_log(screen: TableModel) -> None:
    """Pin the dice tray and game log beside the board, or fold them away (J)."""
    screen.log_pinned = not screen.log_pinned
    screen.peek = 0.0
    screen.app.rebuild()


def _open_rules(screen: TableModel) -> None:
    """The rules with this game's options; their back button returns to this very screen."""
    opts = screen.game.ruleset.options_to_dict(screen.game.options)
    screen.app.open(routes.Rules(opts, screen.game.ruleset.id))


def _toggle_pause(screen: TableModel) -> None:
    if screen.pause is None:
        screen.pause = PauseMenu()
        screen.pause.toggles = practice.settings(screen)
        screen.pause.build(screen.app.manager, screen.board_rect, screen.t, screen.app.scale)
    else:
        screen.pause.close()
        screen.pause = None


def _pause_button(screen: TableModel, key: str | None) -> None:
    if key is None:
        return
    if key == "resume":
        _toggle_pause(screen)
    elif key == "save":
        _toggle_pause(screen)
        screen.save_game()
    elif key == "load":
        screen.keep_campaign_game()
        screen.app.open(routes.LoadGame())
    elif key == "rules":
        _toggle_pause(screen)
        _open_rules(screen)
    elif key in ("odds", "step", "motion"):
        if key == "odds":
            practice.toggle_odds(screen)
        elif key == "motion":
            practice.toggle_motion(screen)
        else:
            practice.toggle_step(screen)  # rebuilds the screen, and the menu with it
        if screen.pause is not None:
            screen.pause.toggles = practice.settings(screen)
            screen.pause.build(screen.app.manager, screen.board_rect, screen.t,
                               screen.app.scale)
    elif key == "menu" and _unkept(screen):
        screen.pause.asking_menu = True
        screen.pause.build(screen.app.manager, screen.board_rect, screen.t, screen.app.scale)
    elif key in ("menu", "menu_now"):
        screen.keep_campaign_game()  # "Resume game N" goes on from exactly here
        screen.app.open(routes.Menu())
    elif key == "save_menu":
        if screen.save_game() is not None:
            screen.app.open(routes.Menu())
        else:
            _toggle_pause(screen)  # the failed save's panel offers another place
    elif key == "quit":
        screen.pause.asking_quit = True
        screen.pause.build(screen.app.manager, screen.board_rect, screen.t, screen.app.scale)
    elif key == "cancel_quit":
        screen.pause.asking_quit = screen.pause.asking_menu = False
        screen.pause.build(screen.app.manager, screen.board_rect, screen.t, screen.app.scale)
    elif key == "save_quit":
        if screen.save_game() is not None:
            screen.app.running = False
        else:
            _toggle_pause(screen)  # the failed save's panel offers another place
    elif key == "quit_now":
        screen.app.running = False


def _unkept(screen: TableModel) -> bool:
    """Leaving for the main menu would drop an unfinished game: asked first, as Quit
    asks. A campaign game is not asked about: it is kept in its own save, which the
    campaign's "Resume game N" goes on from."""
    s = screen.session
    return not screen.game.over and (s.campaign_path is None or s.campaign_game is None)


def _save_as_button(screen: TableModel, el: object) -> None:
    panel = screen.save_as
    assert panel is not None
    if el is panel.save_button:
        screen.save_game(panel.path)
    elif el is panel.cancel_button:
        panel.close()
        screen.save_as = None


# -- keys ------------------------------------------------------------------------------------
def _key(screen: TableModel, event: pygame.event.Event) -> None:
    k = event.key
    if k == pygame.K_SPACE:
        if screen.animator.busy:
            screen.animator.skip()
        elif screen.morale.open:
            screen.morale.advance()
        elif screen.handoff.open:
            screen.take_seat()
        else:
            practice.next_activation(screen)
        return
    if k == pygame.K_ESCAPE:  # put down what is in hand before pausing
        if screen.save_as is not None:
            screen.save_as.close()
            screen.save_as = None
        elif screen.tool is not None:
            screen.tool = None
        elif screen.carrying is not None:
            screen.carrying = None
        elif screen.tape is not None:
            screen.tape = None
        elif screen.hint is not None:  # F3's hint, up until put away
            screen.hint = None
        else:
            _toggle_pause(screen)
        return
    if screen.pause is not None or screen.save_as is not None:
        return
    if k == pygame.K_RETURN:
        _enter(screen)
        return
    if k == pygame.K_F5 or (k == pygame.K_s and event.mod & pygame.KMOD_CTRL):
        screen.save_game()  # at any moment, a morale panel or the hand-off up too
        return
    if screen.morale.open or screen.handoff.open:
        return
    if _view_key(screen, event) or not screen.human_turn():
        return
    _play_key(screen, event)


def _enter(screen: TableModel) -> None:
    """Return goes on with whatever is waiting: a panel, the deployment, the activation."""
    if screen.morale.open:
        screen.morale.advance()
    elif screen.handoff.open:
        screen.take_seat()
    elif screen.human_turn() and screen.state.phase == "deployment":
        actions.press(screen, "end_deploy")
    elif screen.human_turn() and screen.state.active:
        actions.press(screen, "end")
    elif screen.human_turn() and screen.selected in screen._ready():
        actions.press(screen, "activate")


def _view_key(screen: TableModel, event: pygame.event.Event) -> bool:
    """Keys that change only what is shown (or save), open to anyone; True if the event's
    key was one. "?" is whatever key types it (Shift+/ or Shift+, on most layouts)."""
    k = event.key
    unicode = getattr(event, "unicode", "")
    ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
    if k == pygame.K_d and not ctrl and on_engine(screen.game.ruleset.id):
        screen.show_damage = not screen.show_damage  # a ruleset's own: no Skirmish table
    elif k == pygame.K_g:
        screen.show_grid = not screen.show_grid
    elif k == pygame.K_l:
        screen.show_legend = not screen.show_legend
    elif k == pygame.K_j:
        toggle_log(screen)
    elif k in (pygame.K_QUESTION, pygame.K_h, pygame.K_F1) or unicode == "?":
        _open_rules(screen)
    elif k == pygame.K_F3:  # "What would the computer do?"
        hints.ask(screen)
    elif k == pygame.K_F4:  # solo practice: retry this activation with new dice
        practice.retry(screen)
    elif k == pygame.K_p and not ctrl:
        if practice.has_computer(screen):
            practice.toggle_step(screen)
    elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        step = 40
        dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
        dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
        screen.camera.pan(dx, dy)
    elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        screen.camera.zoom(1.2)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        screen.camera.zoom(1 / 1.2)
    elif k in (pygame.K_0, pygame.K_HOME):
        screen.camera.fit()
    else:
        return False
    return True


def _play_key(screen: TableModel, event: pygame.event.Event) -> None:
    """Keys of the human whose turn it is: undo, decisions, and the action bar's shortcuts."""
    k, s = event.key, screen.state
    if k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
        actions.press(screen, "undo")
    elif s.pending is not None and pygame.K_1 <= k <= pygame.K_9:
        opts = s.pending.options
        i = k - pygame.K_1
        if i < len(opts):
            screen.submit(c.Choose(option=opts[i].key))
    elif k == pygame.K_a and s.phase == "deployment":
        actions.press(screen, "auto")
    elif k == pygame.K_a and screen.selected in screen._ready():
        actions.press(screen, "activate")
    elif k == pygame.K_n and s.active is None and s.phase == "battle":
        actions.press(screen, screen.game.turn_view().end_key or "end_turn")
    elif k == pygame.K_TAB and screen.tool is not None and screen.tool.kind in ("shoot", "strike"):
        actions.cycle_weapon(screen)
    elif s.active is not None:
        for kind, key in actions.ACTION_KEYS.items():
            item = next((i for i in screen._menu() if i.kind == kind), None) \
                if key == k else None
            if item is not None and item.enabled:
                actions.press(screen, kind)
                break
            if item is not None and item.reason:  # a greyed action's key says why
                why = screen.t.engine(item.reason_key, item.reason_params, item.reason)
                screen.say(f"{why} [{item.rule}]" if item.rule else why, error=True)
                break
