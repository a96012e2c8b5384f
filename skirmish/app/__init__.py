"""The window players use (``skirmish play``): pygame-ce for the board, pygame_gui for
the panels. The only package that imports pygame; everything else it reaches through
commands into the engine and events out of it."""

from __future__ import annotations

from skirmish.app.config import AppConfig


def main(config: AppConfig) -> int:
    """Open the window and run until the player quits (or ``frames`` have been drawn)."""
    if config.autoplay:
        from skirmish.app.autoplay import run_autoplay

        return run_autoplay(config)
    from skirmish.app.app import App

    return App(config).run()


__all__ = ["AppConfig", "main"]
