"""The board under what follows the pointer: terrain, reach and figures, kept while
only the pointer moves.

A frame in which the pointer moves over the board with a tool in hand draws the board
in full: the tool's path and its words change, and every label is placed anew. What
lies under them, drawn first, does not change while the figures, the view and the
figure under the pointer stay: a copy of the board as it stood after the figures is
put back instead, and the labels the figures asked for (their names, the bases the
words keep off) are told to the board's words again, as drawing them told them.
"""

from __future__ import annotations

import pygame

from skirmish.app.board.labels import BoardText, Told
from skirmish.app.rows import odd_copy

#: Pictures kept at most: one for each width of the active figure's pulsing rim.
KEPT = 2


class UnderLayer:
    def __init__(self) -> None:
        #: Keys (compared, not hashed: they hold the game), each with the board after
        #: the figures and what drawing it told the words; oldest first.
        self.kept: list[tuple[tuple, pygame.Surface, Told]] = []
        self.seen: list[tuple] = []  # the keys of the last drawings, newest last
        self.reused = 0  # drawings put back (tests)

    def put(self, surface: pygame.Surface, board: pygame.Rect, key: tuple | None,
            labels: BoardText) -> bool:
        """Put back the board kept for ``key`` and tell ``labels`` what drawing it told;
        False when there is none (or the words were told something first: their order
        would differ), and the caller draws it."""
        got = next((k for k in self.kept if k[0] == key), None) if key is not None else None
        if got is None or labels.mark() != got[2][0]:
            return False
        surface.blit(got[1], board)
        labels.retell(got[2])
        self.reused += 1
        return True

    def keep(self, surface: pygame.Surface, board: pygame.Rect, key: tuple | None,
             told: Told) -> None:
        """The board under ``key`` was just drawn and told the words ``told``: keep a
        copy once the key comes a second time (while the board changes every frame, a
        pan or an animation, the copies would be wasted)."""
        if key is None:
            return
        if key in self.seen:
            stay = [k for k in self.kept if k[0] != key][-(KEPT - 1):]
            spare = [k[1] for k in self.kept if not any(k is j for j in stay)]
            self.kept = stay + [(key, odd_copy(surface.subsurface(board), spare), told)]
        self.seen = [k for k in self.seen if k != key][-(KEPT - 1):] + [key]

    def forget(self) -> None:
        """What was kept no longer shows on the board (a new window size, a language)."""
        self.kept, self.seen = [], []

