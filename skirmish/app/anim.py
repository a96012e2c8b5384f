"""Brief animations of what the engine already resolved: moves slide along their path,
shots are traced from the shooter to the target, a figure put out of action topples and
lies down, dice tumble, wounds flash. The game never waits on them (ARCHITECTURE
convention 4): any key or click skips them, and they can play three times as fast
(``speed``); their jitter uses a random source of their own, never the dice."""

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


#: Seconds a shot's trace takes to reach its target.
TRACE = 0.4
#: Seconds a figure put out of action takes to topple and lie down.
FALL = 0.5
#: How much faster the animations play when the player asks for fast motion.
FAST = 3.0


class Trace:
    """A shot from ``a`` to ``b``, hit or missed, drawn as it flies."""

    def __init__(self, a: Point, b: Point, hit: bool) -> None:
        self.a, self.b, self.hit = a, b, hit
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= TRACE

    def head(self) -> Point:
        k = min(1.0, self.t / TRACE)
        return (self.a[0] + (self.b[0] - self.a[0]) * k, self.a[1] + (self.b[1] - self.a[1]) * k)


class Animator:
    """Slides play one after another, in the order the engine moved the figures, then
    the shots' traces one after another, then the figures put out of action fall
    together."""

    def __init__(self, enabled: bool = True, speed: float = 1.0) -> None:
        self.enabled = enabled
        self.speed = speed
        self.slides: deque[Slide] = deque()
        self.traces: deque[Trace] = deque()
        #: Figures falling, with the seconds they have been falling (0 until the moves and
        #: shots before have played).
        self.falls: dict[str, float] = {}
        self.flashes: dict[str, float] = {}
        self.dice_left = 0.0
        self.rng = random.Random(0x5EED)  # cosmetic only

    def add_slide(self, figure: str, path: Sequence[Point]) -> None:
        if self.enabled and len(path) >= 2:
            self.slides.append(Slide(figure, path))

    def trace(self, a: Point, b: Point, hit: bool) -> None:
        if self.enabled:
            self.traces.append(Trace(a, b, hit))

    def fall(self, figure: str) -> None:
        if self.enabled:
            self.falls[figure] = 0.0

    def falling(self) -> dict[str, float]:
        """How far down each falling figure is, from 0 (standing) to 1 (lying)."""
        return {f: min(1.0, t / FALL) for f, t in self.falls.items()}

    def flash(self, figure: str) -> None:
        if self.enabled:
            self.flashes[figure] = 0.6

    def tumble(self) -> None:
        if self.enabled:
            self.dice_left = 0.45

    @property
    def busy(self) -> bool:
        return bool(self.slides) or bool(self.traces) or bool(self.falls) \
            or self.dice_left > 0

    def update(self, dt: float) -> None:
        dt *= self.speed
        if self.slides:
            self.slides[0].t += dt
            if self.slides[0].done:
                self.slides.popleft()
        elif self.traces:
            self.traces[0].t += dt
            if self.traces[0].done:
                self.traces.popleft()
        elif self.falls:
            for f in list(self.falls):
                self.falls[f] += dt
                if self.falls[f] >= FALL:
                    del self.falls[f]
        self.dice_left = max(0.0, self.dice_left - dt)
        for k in list(self.flashes):
            self.flashes[k] -= dt
            if self.flashes[k] <= 0:
                del self.flashes[k]

    def skip(self) -> None:
        self.slides.clear()
        self.traces.clear()
        self.falls.clear()
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
