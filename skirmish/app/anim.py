"""Brief animations of what the engine already resolved: moves slide, dice tumble,
wounds flash. The game never waits on them (ARCHITECTURE convention 4) and any key or
click can skip them; their jitter uses a random source of their own, never the dice."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Sequence

Point = tuple[float, float]

SPEED = 14.0  # pas per second
MAX_SLIDE = 1.0  # seconds


class Slide:
    def __init__(self, figure: str, path: Sequence[Point]) -> None:
        self.figure = figure
        self.path = list(path)
        legs = [math.dist(a, b) for a, b in zip(self.path, self.path[1:], strict=False)]
        self.length = sum(legs)
        self.duration = min(MAX_SLIDE, max(0.12, self.length / SPEED))
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def position(self) -> Point:
        if not self.path:
            return (0.0, 0.0)
        d = self.length * min(1.0, self.t / self.duration if self.duration else 1.0)
        for a, b in zip(self.path, self.path[1:], strict=False):
            leg = math.dist(a, b)
            if d <= leg and leg > 0:
                k = d / leg
                return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            d -= leg
        return self.path[-1]


class Animator:
    """Slides play one after another, in the order the engine moved the figures."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.slides: deque[Slide] = deque()
        self.flashes: dict[str, float] = {}
        self.dice_left = 0.0
        self.rng = random.Random(0x5EED)  # cosmetic only

    def add_slide(self, figure: str, path: Sequence[Point]) -> None:
        if self.enabled and len(path) >= 2:
            self.slides.append(Slide(figure, path))

    def flash(self, figure: str) -> None:
        if self.enabled:
            self.flashes[figure] = 0.6

    def tumble(self) -> None:
        if self.enabled:
            self.dice_left = 0.45

    @property
    def busy(self) -> bool:
        return bool(self.slides) or self.dice_left > 0

    def update(self, dt: float) -> None:
        if self.slides:
            self.slides[0].t += dt
            if self.slides[0].done:
                self.slides.popleft()
        self.dice_left = max(0.0, self.dice_left - dt)
        for k in list(self.flashes):
            self.flashes[k] -= dt
            if self.flashes[k] <= 0:
                del self.flashes[k]

    def skip(self) -> None:
        self.slides.clear()
        self.flashes.clear()
        self.dice_left = 0.0

    def positions(self) -> dict[str, Point]:
        """Where sliding figures are drawn; figures waiting for their turn stay at the
        start of their queued slide."""
        out: dict[str, Point] = {}
        for i, s in enumerate(self.slides):
            if s.figure not in out:
                out[s.figure] = s.position() if i == 0 else s.path[0]
        return out

    def face(self) -> int:
        """A random face for tumbling dice (cosmetic)."""
        return self.rng.randint(1, 6)
