"""The deployment zones' names on the board, where no base stands.

The zones themselves (tint, hatching, dashed edge) belong to the terrain layer, under the
figures; their names are labels like the others (``BoardText``), recorded after the
figures have reserved their bases, so that a deployed figure never hides its zone's name:
the name goes to the free spot of the zone nearest its centre.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.labels import ZONE, BoardText
from skirmish.app.board.terrain import Zone
from skirmish.app.theme import TEXT
from skirmish.rules.frame.deployment import point_in_polygon

SIZE = 12
BACKDROP = (0, 0, 0, 110)
#: Spots tried per zone at most (nearest the centre first): enough for a zone crowded
#: with a whole band, without a cost that grows with the zoom.
TRIES = 400


def label_zones(labels: BoardText, cam: Camera, zones: Sequence[Zone],
                bounds: pygame.Rect) -> None:
    """Record each zone's name at the free spot inside it nearest its centre (within
    ``bounds``, off every base ``labels`` has reserved); left out if none is free (its
    tint and edge still show the zone: at the centre, it lay on a deployed figure)."""
    for poly, _colour, words in zones:
        w, h = labels.render(words, SIZE, TEXT).get_size()
        box = pygame.Rect(0, 0, w + 6, h + 2)  # with its backdrop
        at = free_spot(cam, poly, box, bounds, labels.reserved)
        if at is None:
            continue
        labels.blit(None, words, at, SIZE, TEXT, anchor="center",  # type: ignore[arg-type]
                    backdrop=BACKDROP, priority=ZONE)


def free_spot(cam: Camera, poly: Sequence[tuple[float, float]], box: pygame.Rect,
              bounds: pygame.Rect, taken: Sequence[pygame.Rect]) -> tuple[float, float] | None:
    """The screen point nearest the zone's centre where ``box``, centred there, lies in
    ``bounds`` with its centre in the zone and touches nothing ``taken`` (None: none
    among the first :data:`TRIES`)."""
    pts = [cam.to_screen(p) for p in poly]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    sx, sy = max(4, box.w // 4), max(4, box.h // 2)
    nx, ny = int((x1 - x0) // sx) + 1, int((y1 - y0) // sy) + 1

    def fits(p: tuple[float, float]) -> bool | None:
        """True if free, False if a base is in the way, None if outside."""
        rect = box.copy()
        rect.center = (round(p[0]), round(p[1]))
        if not bounds.contains(rect) or not point_in_polygon(cam.to_table(p), poly):
            return None
        return rect.collidelist(taken) < 0

    if fits((cx, cy)):  # most often: the centre is free, no search
        return (cx, cy)
    spots = sorted(((x0 + i * sx, y0 + j * sy) for i in range(nx) for j in range(ny)),
                   key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
    tried = 0
    for p in spots:
        ok = fits(p)
        if ok:
            return p
        tried += ok is not None
        if tried >= TRIES:
            break
    return None
