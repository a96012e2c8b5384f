"""Headless games between computer players (``skirmish simulate`` and the benchmarks),
in this process, a pool of processes or on a Dask cluster."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from skirmish import cluster
from skirmish.ai.levels import make_player
from skirmish.ai.player import play_turn
from skirmish.batch import by_level
from skirmish.content.scenario import Scenario
from skirmish.geometry import Table
from skirmish.match import build_table, new_game
from skirmish.replay import record
from skirmish.replay.files import write_bytes_atomic
from skirmish.rules.events import GameEnded, Killed, OutOfAction, TurnStarted
from skirmish.rules.events import encode as encode_event
from skirmish.rules.game import Game
from skirmish.rules.registry import RULESETS

MAX_COMMANDS = 50_000  # a guard against an engine bug looping forever, never reached


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run started with ``seed``."""
    return seed * 1_000_003 + index


def seats(bands: int, levels: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The computer level of each band in game ``index``: the levels rotate one seat per
    game, so each level plays every band (both deployments) equally often. When the
    seats do not divide evenly among the levels (two levels, three bands), which level
    holds the extra seat changes every full rotation, so no level has more seats in
    every game (a level holding two of three seats would win most games whatever it is)."""
    shift = index // bands if bands % len(levels) else 0
    lv = [levels[(i + shift) % len(levels)] for i in range(bands)]
    k = index % bands
    return tuple(lv[-k:] + lv[:-k]) if k else tuple(lv)


def play(scenario: Scenario, seed: int, table: Table | None = None,
         levels: tuple[str, ...] = ("easy",), *, hashes: bool = False,
         **player_opts: Any) -> Game:
    """One whole game, band ``i`` played by a computer of ``levels[i]`` (cycled);
    ``hashes``: the game keeps its step hashes (``Game.keep_hashes``), for its replay.

    Python's cycle collector is paused for the game and resumed after it: a game makes
    hundreds of thousands of short-lived objects but only a few thousand in cycles (caught
    exceptions), and each pass over the young ones, or over the table's memos, costs far
    more than those are worth (about a tenth of the game). It runs again once the game
    is over, so the cycles are collected between games."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play(scenario, seed, table, levels, hashes, player_opts)
    finally:
        if collecting:
            gc.enable()


def _play(scenario: Scenario, seed: int, table: Table | None, levels: tuple[str, ...],
          hashes: bool, player_opts: dict[str, Any]) -> Game:
    game = new_game(scenario, seed, table=table)
    if hashes:
        game.keep_hashes()
    opts = {"clock": False, **player_opts}  # same seed, same game on any machine
    players = {b.warband.id: make_player(levels[i % len(levels)], seed * 31 + i, **opts)
               for i, b in enumerate(scenario.bands)}
    return play_out(game, lambda band: play_turn(game, players[band]), f"game with seed {seed}")


def play_out(game: Game, act: Callable[[str], object], what: str) -> Game:
    """``act`` for whichever band is to act, until the game ends (or the guard trips)."""
    for _ in range(MAX_COMMANDS):
        if game.over:
            return game
        band = game.to_act
        if band is None:
            raise RuntimeError("nobody to act in a game that is not over")
        act(band)
    raise RuntimeError(f"{what} did not end after {MAX_COMMANDS} commands")


def summary_of(game: Game, seed: int) -> dict[str, Any]:
    s = game.state
    casualties: Counter[str] = Counter()
    for f in s.figures.values():
        if f.status in ("out_of_action", "dead", "fled"):
            casualties[f"{f.rank}:{f.status}"] += 1
    result = s.result or {}
    return {
        "seed": seed, "winner": result.get("winner"), "vp": result.get("vp", {}),
        "reason": result.get("reason"), "turns": s.turn, "commands": len(game.commands),
        "casualties": dict(sorted(casualties.items())),
        "casualties_by_turn": _down_by_turn(game),
        "objectives": _objectives_held(game),
    }


def _objectives_held(game: Game) -> dict[str, int]:
    """The objectives each band scored at the end (GAP-13), read off the final score's
    lines, so that an author sees whether the bands went for them at all."""
    end = next((e for e in reversed(game.log) if isinstance(e, GameEnded)), None)
    if end is None:
        return {}
    return {band: sum(1 for line in lines if line.key == "vp_objective")
            for band, lines in end.breakdown.items()}


def _down_by_turn(game: Game) -> dict[str, dict[str, int]]:
    """Figures put out of action or killed, by the turn it happened and their rank."""
    turn, out = 0, {}
    for e in game.log:
        if isinstance(e, TurnStarted):
            turn = e.turn
        elif isinstance(e, (OutOfAction, Killed)):
            rank = game.state.figures[e.figure].rank
            row = out.setdefault(str(turn), {})
            row[rank] = row.get(rank, 0) + 1
    return out


def write_logs(game: Game, seed: int, index: int, log_dir: Path,
               levels: dict[str, str] | None = None) -> None:
    """One JSON Lines log and one replay per game; the replay's ``meta["levels"]`` says
    which computer level played each band (as a save names its computer bands), so the
    viewer's "continue from here" seats the computers again. Each file is written whole or
    not at all: a full disk or a read-only folder raises ``WriteFailed``, which names the
    file, and leaves no part of it."""
    name = f"game-{index:04d}"
    write_bytes_atomic(log_dir / f"{name}.jsonl",
                       b"".join(encode_event(e) + b"\n" for e in game.log))
    replay = record.from_game(game)
    if levels:
        replay.meta = {"levels": dict(levels)}
    record.save(replay, log_dir / f"{name}.replay.json")


def run_one(args: tuple[Scenario, int, int, str | None, tuple[str, ...], dict[str, Any]]
            ) -> dict[str, Any]:
    """One game of a run (also what a cluster worker runs)."""
    scenario, seed, index, log_dir, levels, player_opts = args
    seated = seats(len(scenario.bands), levels, index) if len(levels) > 1 else levels
    game = play(scenario, seed, build_table(scenario), seated, hashes=log_dir is not None,
                **player_opts)
    levels_by_band = {b.warband.id: seated[i % len(seated)]
                      for i, b in enumerate(scenario.bands)}
    if log_dir is not None:
        write_logs(game, seed, index, Path(log_dir), levels_by_band)
    out = summary_of(game, seed)
    out["levels"] = levels_by_band
    return out


def run_games(
    scenario: Scenario, games: int, seed: int, *, jobs: int = 1, log_dir: str | None = None,
    progress: bool = False, levels: tuple[str, ...] = ("easy",), cluster: str | None = None,
    player_opts: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games; results come back in game order whatever ``jobs`` is.
    ``player_opts`` go to every computer player (the hard level's budget, rollouts)."""
    opts = player_opts or {}
    tasks = [(scenario, game_seed(seed, i), i, log_dir, levels, opts) for i in range(games)]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", leave=False)
    out: list[dict[str, Any]] = []
    if cluster is not None:
        return run_on_cluster(cluster, tasks)
    if jobs <= 1:
        for t in tasks:
            out.append(run_one(t))
            if bar:
                bar.update()
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            try:
                for res in pool.map(run_one, tasks, chunksize=max(1, games // (jobs * 8))):
                    out.append(res)
                    if bar:
                        bar.update()
            except BaseException:  # a log that cannot be written: stop, do not play on
                pool.shutdown(cancel_futures=True)
                raise
    if bar:
        bar.close()
    return out


def run_on_cluster(address: str, tasks: list[tuple]) -> list[dict[str, Any]]:
    """Send each game to a Dask distributed scheduler; results come back in game order,
    and each game is the same pure function of its seed as in a local run. The address
    is checked first (:mod:`skirmish.cluster`): a wrong one is a ``ClusterError`` within
    seconds, before Dask is given it."""
    where = cluster.parse(address)
    cluster.probe(where)
    from distributed import Client

    try:
        client = Client(str(where), timeout=2 * cluster.WAIT_S)
    except OSError as e:  # the scheduler went away between the check and the connection
        raise cluster.ClusterError(f"{where}: {e}") from None
    with client:
        futures = client.map(run_one, tasks, pure=False)
        return client.gather(futures)


def changed_options(scenario: Scenario) -> dict[str, Any]:
    """The rules options ``scenario`` is played with that differ from its ruleset's
    defaults (``--ruleset`` may have changed the ruleset: the summary says which)."""
    rules = RULESETS[scenario.ruleset]
    default = rules.options_to_dict(rules.parse_options({}))
    played = rules.options_to_dict(rules.parse_options(scenario.options))
    return {k: v for k, v in sorted(played.items()) if v != default.get(k)}


def summarise(scenario: Scenario, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins per band, draws, mean VP, mean objectives held at the end, mean turns,
    casualties by rank, end reasons."""
    bands = [b.warband.id for b in scenario.bands]
    n = len(results) or 1
    wins = Counter(r["winner"] for r in results if r["winner"] is not None)
    cas: dict[str, dict[str, int]] = {}
    for r in results:
        for key, v in r["casualties"].items():
            rank, status = key.split(":")
            cas.setdefault(rank, {}).setdefault(status, 0)
            cas[rank][status] += v
    reasons = Counter(r["reason"].split(" of ")[0] if r["reason"] else "?" for r in results)
    return {
        "scenario": scenario.id,
        "ruleset": scenario.ruleset,
        "options": changed_options(scenario),
        "games": len(results),
        "wins": {b: wins.get(b, 0) for b in bands},
        "draws": sum(1 for r in results if r["winner"] is None),
        "mean_vp": {b: round(sum(r["vp"].get(b, 0) for r in results) / n, 3) for b in bands},
        "mean_objectives": {b: round(sum(r.get("objectives", {}).get(b, 0) for r in results) / n, 3)
                            for b in bands},
        "mean_turns": round(sum(r["turns"] for r in results) / n, 3),
        "casualties_by_rank": {k: dict(sorted(v.items())) for k, v in sorted(cas.items())},
        "end_reasons": dict(sorted(reasons.items())),
        **({"by_level": by_level(results)} if any(r.get("levels") and len(set(r["levels"].values())) > 1
                                                  for r in results) else {}),
    }
