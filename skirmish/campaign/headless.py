"""Campaign games played by computer players, no window: ``skirmish campaign play``.

Each game is played to the end by the same players as ``skirmish simulate``, its JSON
Lines log and replay are written beside the campaign file (atomically, each named if it
cannot be written), and the campaign file is saved after every step, so a run stopped at
any point resumes where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skirmish.ai.levels import make_player
from skirmish.campaign import commands as cc
from skirmish.campaign import computer, files
from skirmish.campaign.engine import Campaign, report_path
from skirmish.campaign.record import GameRecord
from skirmish.campaign.report import report_from_game
from skirmish.content.scenario import Scenario
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.replay.files import write_bytes_atomic
from skirmish.rules.events import encode as encode_event
from skirmish.rules.game import Game
from skirmish.sim import play_out


def play(scenario: Scenario, seed: int, *, hashes: bool = False) -> Game:
    """One campaign game to the end, every band played by the computer (as ``simulate``);
    ``hashes``: the game keeps its step hashes (``Game.keep_hashes``), for its replay.

    The band rules of a new band ([R-BAND-COMP], the budget) are not asked again: a
    campaign band fields whoever is fit to play (``begin_game`` checks their kit)."""
    game = campaign_game(scenario, seed)
    if hashes:
        game.keep_hashes()
    players = {b.warband.id: make_player("easy", seed * 31 + i) for i, b in enumerate(scenario.bands)}
    return play_out(game, lambda band: game.apply(players[band].choose(game)),
                    f"campaign game with seed {seed}")


def campaign_game(scenario: Scenario, seed: int, *, undo: bool = False) -> Game:
    """A campaign game at its start (the window plays it, the computer here); its scenario
    is marked ``campaign``, so the band check takes the bands as rosters."""
    return new_game(scenario, seed, undo=undo)


def play_game(c: Campaign, path: str | Path, scenario: str | None = None,
              say: Callable[[str], None] = lambda _: None, *,
              recruit: str = computer.RECRUIT) -> None:
    """Play the next game (or finish the one under way) and its post-game procedure
    (``recruit``: the word that names the figures the computer hires)."""
    if c.state.phase == "over":
        return
    if c.state.phase == "post_game":
        _settle(c, path, recruit)
        return
    if c.state.phase == "ready":
        c.apply(cc.BeginGame(scenario=scenario or c.state.options.scenario))
        files.save(c, path)
    cur = c.state.current
    assert cur is not None
    if not cur.forfeit:  # D-10: a forfeited game is not played
        game = play(c.game_scenario(), cur.seed, hashes=True)
        log = report_path(path, cur.index, ".jsonl")
        replay = report_path(path, cur.index, ".replay.json")
        write_bytes_atomic(log, b"".join(encode_event(e) + b"\n" for e in game.log))
        record.save(record.from_game(game), replay)
        c.apply(cc.RecordGame(report=report_from_game(game, replay=replay.name, log=log.name)))
        files.save(c, path)
    _settle(c, path, recruit)
    say(game_line(c.state.games[-1]))
    for band in c.state.bands:
        if band.left == cur.index:
            say(f"{band.id} leaves the campaign (no figure, too few band points; D-10)")


def game_line(g: GameRecord) -> str:
    """One game as ``play`` says it: the VP and the winner, or who forfeited (D-10)."""
    if g.forfeit:
        won = ", ".join(g.winners()) or "nobody"
        return f"game {g.index}: forfeited by {', '.join(g.forfeit)}, not played (D-10); " \
               f"won by {won}"
    vp = ", ".join(f"{b} {v}" for b, v in g.vp.items())
    return f"game {g.index}: {vp} (winner: {g.winner or 'draw'})"


def _settle(c: Campaign, path: str | Path, recruit: str) -> None:
    while c.pending is not None:
        if c.band(c.pending.band).controller != "computer":
            return
        computer.settle(c, recruit=recruit)
        files.save(c, path)
