"""The replay's timeline bar: one strip from the start to the last step, with the turn
boundaries labelled, activations as small ticks, bookmarks as flags and the position as
a handle. Clicking or dragging on it seeks."""

from __future__ import annotations

import pygame

from skirmish.app.text import Text
from skirmish.app.theme import BAD, PANEL, PANEL_EDGE, REACH, TEXT, TEXT_DIM, WARN
from skirmish.replay.record import Bookmark
from skirmish.replay.timeline import Mark


class TimeBar:
    def __init__(self, rect: pygame.Rect, length: int) -> None:
        self.rect = pygame.Rect(rect)
        self.length = max(1, length)
        self.dragging = False
        self._cache: tuple[object, pygame.Surface | None] = (None, None)

    @property
    def strip(self) -> pygame.Rect:
        """The clickable strip inside the bar (room for the turn labels above it)."""
        r = self.rect
        return pygame.Rect(r.x + 8, r.y + r.h // 2 - 2, r.w - 16, r.h // 2 - 4)

    def x_of(self, step: int) -> int:
        s = self.strip
        return s.x + round(step * s.w / self.length)

    def step_at(self, x: float) -> int:
        s = self.strip
        return max(0, min(self.length, round((x - s.x) * self.length / max(1, s.w))))

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, text: Text, position: int, marks: list[Mark],
             bookmarks: list[Bookmark], turn_word: str) -> None:
        """Background, ticks and flags are drawn once per bookmark change; the handle
        every frame."""
        key = (tuple((b.step, b.label) for b in bookmarks), self.rect.size, turn_word)
        if self._cache[0] != key:
            self._cache = (key, self._background(text, marks, bookmarks, turn_word))
        bg = self._cache[1]
        assert bg is not None
        surface.blit(bg, self.rect)
        s = self.strip
        x = self.x_of(position)
        pygame.draw.rect(surface, REACH, pygame.Rect(s.x, s.y + s.h // 2 - 2, x - s.x, 4))
        handle = pygame.Rect(0, 0, 10, s.h + 8)
        handle.center = (x, s.centery)
        pygame.draw.rect(surface, TEXT, handle, border_radius=3)
        pygame.draw.rect(surface, (0, 0, 0), handle, 1, border_radius=3)

    def _background(self, text: Text, marks: list[Mark], bookmarks: list[Bookmark],
                    turn_word: str) -> pygame.Surface:
        bg = pygame.Surface(self.rect.size)
        bg.fill(PANEL)
        pygame.draw.rect(bg, PANEL_EDGE, bg.get_rect(), 1)
        s = self.strip.move(-self.rect.x, -self.rect.y)
        pygame.draw.rect(bg, (50, 55, 64), s, border_radius=3)
        for m in marks:
            x = self.x_of(m.step) - self.rect.x
            if m.kind == "activation":
                pygame.draw.line(bg, TEXT_DIM, (x, s.bottom - 5), (x, s.bottom - 1))
            elif m.kind == "wave":
                pygame.draw.line(bg, TEXT_DIM, (x, s.y + 2), (x, s.bottom - 1))
            elif m.kind == "retry":  # a practice retry: never hidden
                pygame.draw.line(bg, BAD, (x, s.y), (x, s.bottom + 3), 2)
                pygame.draw.polygon(bg, BAD, [(x - 4, s.bottom + 6), (x + 4, s.bottom + 6),
                                              (x, s.bottom + 1)])
            else:
                pygame.draw.line(bg, TEXT, (x, s.y - 4), (x, s.bottom), 2)
                text.blit(bg, f"{turn_word} {m.turn}", (x + 3, s.y - 3), 10, TEXT,
                          anchor="bottomleft")
        for b in bookmarks:
            x = self.x_of(b.step) - self.rect.x
            # the flag flies to the left: a turn's label starts right of its line
            pygame.draw.line(bg, WARN, (x, 3), (x, s.bottom), 2)
            pygame.draw.polygon(bg, WARN, [(x, 3), (x - 9, 6), (x, 9)])
        return bg.convert()
