"""Geometry benchmarks: measured, not guessed (``skirmish bench``).

A deterministic stress board (48 × 32 pas, 30 pieces mixing convex and concave shapes,
blocking, difficult and raised terrain, 40 figures) and the timings the AI and the UI
depend on: all-pairs line of sight (against a plain pymunk loop), one-pair sight with a
blocker, the reach of a Walk (Mvt 6), and a long path. Medians of repeated runs; the
long path as the min / median of 3 runs in CPU time.

:func:`set_up` times what a hostile-but-legal file costs before play:
a 400-corner concave piece (the table's convex split) and the auto-deployment of 200
figures, each as min / median of 3 and as a ratio to a ten-times-smaller baseline timed
in the same run (about 10 means linear).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pymunk
import shapely
from shapely import affinity

from skirmish.geometry import Table

Discs = np.ndarray
#: The label of the stress board, whose long path has its own target.
STRESS_LABEL = "stress 40 figures / 30 pieces"
PATH_TARGET_MS = 5.0
STRESS_PATH_TARGET_MS = 20.0
PATH_RUNS = 3


@dataclass(frozen=True)
class StressPiece:
    """A terrain record with the attributes the table reads (the scenario's TerrainPiece)."""

    id: str
    name: str
    kind: str
    polygon: tuple[tuple[float, float], ...]
    blocks_los: bool = False
    cover: bool = False
    height: float = 0.0
    raised: bool = False


def _rect(w: float, h: float) -> shapely.Polygon:
    return shapely.box(-w / 2, -h / 2, w / 2, h / 2)


def _ell(w: float, h: float, t: float) -> shapely.Polygon:
    """An L-shaped (concave) footprint."""
    return shapely.Polygon([(0, 0), (w, 0), (w, t), (t, t), (t, h), (0, h)])


def _blob(rng: np.random.Generator, radius: float, corners: int, concave: bool) -> shapely.Polygon:
    """A star-ish polygon: convex-looking woods and hills, or concave ones with notches."""
    angles = np.sort(rng.uniform(0, 2 * math.pi, corners))
    radii = radius * rng.uniform(0.75, 1.0, corners)
    if concave:
        radii[::3] *= 0.55
    poly = shapely.Polygon(np.c_[radii * np.cos(angles), radii * np.sin(angles)])
    return poly if concave or not poly.is_valid else poly.convex_hull


# (kind, blocks_los, cover, count, name, height range, maker)
_KINDS: tuple[tuple[str, bool, bool, int, str, tuple[float, float], str], ...] = (
    ("impassable", True, True, 6, "Maison", (2.0, 4.0), "rect"),
    ("impassable", True, True, 2, "Ferme", (2.0, 3.0), "ell"),
    ("impassable", True, True, 4, "Mur", (1.0, 1.0), "wall"),
    ("difficult", True, True, 5, "Bois", (0.0, 0.0), "blob"),
    ("difficult", True, True, 2, "Fourré", (0.0, 0.0), "notched"),
    ("difficult", False, True, 4, "Gravats", (0.0, 0.0), "blob"),
    ("open", False, False, 4, "Colline", (1.0, 2.0), "blob"),
    ("open", False, False, 1, "Crête", (1.0, 1.0), "notched"),
    ("impassable", False, False, 2, "Mare", (0.0, 0.0), "blob"),
)


def stress_board(seed: int = 0, width: float = 48.0, height: float = 32.0) -> tuple[Table, Discs]:
    """A reproducible busy table and 40 legally placed figures (radius 0.5)."""
    rng = np.random.default_rng(seed)
    placed: list[shapely.Polygon] = []
    pieces: list[StressPiece] = []
    for kind, blocks, cover, count, name, (h0, h1), maker in _KINDS:
        for k in range(count):
            for attempt in range(400):
                shrink = 1.0 - 0.5 * attempt / 400  # crowded boards get smaller pieces
                if maker == "rect":
                    poly = _rect(rng.uniform(3, 6), rng.uniform(2.5, 5))
                elif maker == "ell":
                    poly = _ell(rng.uniform(5, 7), rng.uniform(5, 7), rng.uniform(1.5, 2.5))
                elif maker == "wall":
                    poly = _rect(rng.uniform(3, 6), 0.5)
                else:
                    poly = _blob(rng, rng.uniform(2, 3.5), int(rng.integers(7, 11)), maker == "notched")
                poly = affinity.scale(poly, shrink, shrink, origin="centroid")
                poly = affinity.rotate(poly, float(rng.uniform(0, 180)), origin="centroid")
                x0, y0, x1, y1 = poly.bounds
                dx = rng.uniform(1 - x0, width - 1 - x1)
                dy = rng.uniform(1 - y0, height - 1 - y1)
                poly = affinity.translate(poly, dx, dy)
                if poly.is_valid and not any(poly.buffer(1.0).intersects(p) for p in placed):
                    break
            else:
                continue
            placed.append(poly)
            coords = tuple((round(x, 3), round(y, 3)) for x, y in poly.exterior.coords[:-1])
            pieces.append(
                StressPiece(
                    id=f"{name.lower()}-{k}",
                    name=f"{name} {k + 1}",
                    kind=kind,
                    polygon=coords,
                    blocks_los=blocks,
                    cover=cover,
                    height=round(float(rng.uniform(h0, h1)), 1),
                    raised=kind == "open",
                )
            )
    table = Table(width, height, pieces)
    discs: list[tuple[float, float, float]] = []
    while len(discs) < 40:
        d = (float(rng.uniform(0.5, width - 0.5)), float(rng.uniform(0.5, height - 0.5)), 0.5)
        if table.placement_problem(d, discs) is None and table.terrain_at(d[:2]) != "impassable":
            discs.append(d)
    return table, np.asarray(discs)


def _median_time(fn: Callable[[], object], repeat: int, number: int = 1) -> float:
    """Median wall time of one call, in seconds (``number`` calls per timed batch)."""
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - t0) / number)
    return statistics.median(samples)


def cpu_min_median(fn: Callable[[], object], runs: int, number: int = 1) -> tuple[float, float]:
    """Min and median CPU time of one call (this process only: other work on a shared
    machine does not count), over ``runs`` batches of ``number`` calls, after one call
    to warm up."""
    fn()
    samples = []
    for _ in range(runs):
        t0 = time.process_time()
        for _ in range(number):
            fn()
        samples.append((time.process_time() - t0) / number)
    return min(samples), statistics.median(samples)


def _figure(name: str, value: float, unit: str, target: float | None) -> dict[str, object]:
    return {"name": name, "value": value, "unit": unit, "target": target}


def run(tables: list[tuple[str, Table, Discs]], repeat: int = 30) -> list[dict[str, object]]:
    """Time the geometry queries on each board; one dict per figure (name, value, unit, target)."""
    out: list[dict[str, object]] = []
    for label, table, discs in tables:
        out += _measure(label, table, discs, repeat)
    return out


def _measure(label: str, table: Table, discs: Discs, repeat: int) -> list[dict[str, object]]:
    n = len(discs)
    los = _median_time(lambda: table.visibility(discs), repeat)
    space = table.los_space
    everything = pymunk.ShapeFilter()
    pairs = [
        ((float(discs[i, 0]), float(discs[i, 1])), (float(discs[j, 0]), float(discs[j, 1])))
        for i in range(n)
        for j in range(i + 1, n)
    ]

    def plain() -> None:
        query = space.segment_query_first
        for a, b in pairs:
            query(a, b, 0.0, everything)

    loop = _median_time(plain, repeat)
    blocked = _blocked_pair(table, discs)
    one = math.nan
    if blocked is not None:
        viewer, target = blocked
        one = _median_time(lambda: table.sight(viewer, target, memo=False), repeat, number=200)
    reach_times = []
    for k in range(min(10, n)):
        mover = (float(discs[k, 0]), float(discs[k, 1]), float(discs[k, 2]))
        others = np.delete(discs, k, axis=0)
        reach_times.append(_median_time(lambda m=mover, o=others: table.reach(m, o, 6.0), 5))
    reach = statistics.median(reach_times)
    return [
        _figure(f"{label}: LOS all pairs ({n} figures)", los * 1e3, "ms", 2.0),
        _figure(f"{label}: plain pymunk loop ({len(pairs)} queries)", loop * 1e3, "ms", None),
        _figure(f"{label}: LOS all pairs / pymunk loop", los / loop, "×", 1.1),
        _figure(f"{label}: one-pair LOS with blocker", one * 1e6, "µs", 20.0),
        _figure(f"{label}: reach Mvt 6 (median of 10 figures)", reach * 1e3, "ms", 2.5),
        far_path(label, table, discs),
    ]


def far_path(label: str, table: Table, discs: Discs) -> dict[str, object]:
    """The first figure's route to a free point far across the table (CPU min / median
    of :data:`PATH_RUNS` batches): the one figure measured on every shipped table, as a
    long route's cost grows with the table's pieces and figures, not with its other
    queries."""
    far_from, far_to = _far_pair(table, discs)
    lo, far = cpu_min_median(lambda: table.path(far_from, far_to, discs[1:], memo=False),
                             PATH_RUNS, 3)
    target = STRESS_PATH_TARGET_MS if label == STRESS_LABEL else PATH_TARGET_MS
    return _figure(f"{label}: path() to a far point, CPU min/median {lo * 1e3:.1f}/{far * 1e3:.1f}",
                   far * 1e3, "ms", target)


def _blocked_pair(
    table: Table, discs: Discs
) -> tuple[tuple[float, float, float], tuple[float, float, float]] | None:
    """A pair whose centre line is blocked by terrain (the slow case of ``sight``)."""
    for i in range(len(discs)):
        for j in range(i + 1, len(discs)):
            a = tuple(map(float, discs[i]))
            b = tuple(map(float, discs[j]))
            s = table.sight(a, b)  # type: ignore[arg-type]
            if not s.visible:
                return a, b  # type: ignore[return-value]
    return None


def _far_pair(table: Table, discs: Discs) -> tuple[tuple[float, float, float], tuple[float, float]]:
    """The first figure and a free point far across the table from it."""
    start = tuple(map(float, discs[0]))
    gx = table.width - start[0]
    gy = table.height - start[1]
    for _ in range(200):
        if table.placement_problem((gx, gy, start[2]), discs[1:]) is None:
            break
        gx = (gx + 1.3) % (table.width - 1) + 0.5
    return start, (gx, gy)  # type: ignore[return-value]


def star_piece(corners: int) -> StressPiece:
    """A concave star (alternating radii 6 and 3 pas) in the middle of a 48 × 36 table."""
    ring = tuple((round(24 + (6 if i % 2 == 0 else 3) * math.cos(2 * math.pi * i / corners), 4),
                  round(18 + (6 if i % 2 == 0 else 3) * math.sin(2 * math.pi * i / corners), 4))
                 for i in range(corners))
    return StressPiece(id="star", name="Star", kind="impassable", polygon=ring, blocks_los=True,
                       height=3.0)


def crowd(per_band: int) -> object:
    """A legal scenario of two bands of ``per_band`` figures, none placed, on 96 × 64 pas."""
    from skirmish.content.models import Rank
    from skirmish.content.scenario import BandEntry, Scenario
    from skirmish.content.warband import FigureSpec, Warband

    def band(bid: str, zone: tuple[tuple[float, float], ...]) -> BandEntry:
        figs = [FigureSpec(id="chef", name="Chef", rank=Rank.CHEF)]
        figs += [FigureSpec(id=f"s{i}", name=f"S{i}", rank=Rank.SOUS_FIFRE)
                 for i in range(per_band - 1)]
        return BandEntry(warband=Warband(id=bid, name=bid.upper(), figures=tuple(figs)),
                         zone=zone)

    return Scenario(id="crowd", name="Crowd", width=96, height=64,
                    bands=(band("a", ((0, 0), (96, 0), (96, 16), (0, 16))),
                           band("b", ((0, 48), (96, 48), (96, 64), (0, 64)))),
                    options={"band_points": 100_000})


def auto_deploy(scenario: object) -> None:
    """Deploy every band with the rules' own auto-deployment."""
    from skirmish.match import new_game
    from skirmish.rules import commands as c

    game = new_game(scenario, 1)  # type: ignore[arg-type]
    while game.state.phase == "deployment":
        band = game.to_act
        game.apply(c.AutoDeploy(band=band))
        game.apply(c.EndDeployment(band=band))


def _min_median(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return min(samples), statistics.median(samples)


def set_up(repeat: int = 3) -> list[dict[str, object]]:
    """The 400-corner piece and the 200-figure deployment, against 10× smaller baselines."""
    out: list[dict[str, object]] = []
    big_crowd, small_crowd = crowd(100), crowd(10)
    cases = (
        ("table with a 400-corner concave piece", "40-corner",
         lambda: Table(48, 36, [star_piece(400)]), lambda: Table(48, 36, [star_piece(40)]), 1000.0),
        ("auto-deployment of 200 figures (2 x 100)", "20-figure",
         lambda: auto_deploy(big_crowd), lambda: auto_deploy(small_crowd), 1000.0),
    )
    for name, base_name, big, small, target in cases:
        lo, med = _min_median(big, repeat)
        blo, bmed = _min_median(small, repeat)
        out.append(_figure(f"set-up: {name}, min of {repeat}", lo * 1e3, "ms", None))
        out.append(_figure(f"set-up: {name}, median of {repeat}", med * 1e3, "ms", target))
        out.append(_figure(f"set-up: {name} / {base_name} baseline (medians)", med / bmed, "×",
                           None))
    return out


def main() -> None:
    """Print the figures for the default stress board."""
    table, discs = stress_board()
    for fig in run([("stress", table, discs)]):
        target = "" if fig["target"] is None else f"  (target ≤ {fig['target']})"
        print(f"{fig['name']}: {fig['value']:.3f} {fig['unit']}{target}")


if __name__ == "__main__":
    main()
