"""Typed errors the rules raise. Messages are written for the player, not the programmer."""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules raise on purpose."""


class IllegalCommand(RulesError):
    """The command breaks a rule; the game state is unchanged.

    ``rule`` names the RULES.md ID that forbids it, so the UI can cite it; ``key`` and
    ``params`` let the UI say the same thing in the player's language.
    """

    def __init__(self, message: str, rule: str | None = None, *, key: str = "",
                 params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.key = key
        self.params = params or {}


class GameOver(IllegalCommand):
    """No command is accepted once the game has ended."""
