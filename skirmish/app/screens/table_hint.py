"""F3, "What would the computer do?": the computer's plan for the player to act, said at
the board's top and kept there until the player puts it away (Esc, or a click on it),
since a player weighing it against the board needs longer than a message's few seconds;
and written in the game log where it was asked, so it can be read again later."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.app.screens.table_model import TableModel


def ask(screen: TableModel) -> None:
    """F3: the hint for the band to act, on show and in the log (the game is not touched)."""
    plan = screen.session.hint()
    if plan is None:
        return
    screen.hint = (plan, screen.hint_words(plan))
    screen.hint_notes.append((len(screen.game.log), plan))
    line = screen.hint_line(plan)
    screen.log_lines.append(line)
    screen.log.add([line])


def up(screen: TableModel) -> bool:
    """The hint is on show: asked and not put away, and no message or turn banner over it
    for now (they go at the board's top too and go by themselves; the hint comes back)."""
    return screen.hint is not None and screen.toast is None and screen.banner is None


def shown(screen: TableModel) -> str:
    """The hint's words on the board, with how to put it away."""
    assert screen.hint is not None
    return screen.t("ai.hint_up", hint=screen.hint[1])


def reword(screen: TableModel) -> None:
    """The hint on show said again in today's words (after F2 or the odds setting)."""
    if screen.hint is not None:
        screen.hint = (screen.hint[0], screen.hint_words(screen.hint[0]))
