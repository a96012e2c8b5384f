"""Replay files: the scenario, the rules options, the seed and the player-issued
commands, each with the state hash after it (ARCHITECTURE: replay files; Wesnoth-style
check values so a divergence is caught at the exact step).

:func:`rerun` is the one verification: ``replay --verify`` and loading a save both use
it, so a tampered hash, a cut-off replay that kept its result, or a forged result is
caught the same way wherever the file comes in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import msgspec

from skirmish.content.errors import ContentError, Problem, from_validation_error, quote
from skirmish.content.limits import (
    MAX_DEPTH,
    MAX_REPLAY_BYTES,
    MAX_STEPS,
    document_problems,
    read_text,
)
from skirmish.content.loading import scenario_to_dict
from skirmish.content.scenario import Scenario
from skirmish.match import new_game
from skirmish.replay.files import json_bytes, write_bytes_atomic
from skirmish.replay.layouts import LAYOUTS, Layout, state_hash
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import MAX_SEED, Game
from skirmish.rules.ruleset_checks import options_problems, ruleset_problems
from skirmish.rulesets import load_named
from skirmish.validate import embedded_scenario

FORMAT = "skirmish-replay"
#: 2: the hashes are of the state as this program encodes it. 1: as an earlier program
#: did (:mod:`skirmish.replay.layouts`); such a file is checked in its layout and given
#: today's hashes on load.
VERSION = 2

class Step(msgspec.Struct, frozen=True):
    command: dict[str, Any]
    hash: str


class Bookmark(msgspec.Struct, kw_only=True):
    """A marked step (0 = the start) with a title and a free note; not part of what
    ``verify`` checks, so bookmarking never changes a replay's verdict."""

    step: int
    label: str = ""
    note: str = ""


class Retry(msgspec.Struct, kw_only=True):
    """A retried activation (a practice tool, never hidden): after the first ``step``
    steps, the commands ``discarded`` were played (each with the state hash after it),
    then taken back, and the game went on from that position with the dice of the game's
    ``n``-th retry (``rules.game.retry_seed``). ``verify`` re-runs the discarded attempt
    too, so the file shows what the dice did before the retry."""

    step: int
    n: int
    figure: str
    discarded: list[Step] = []


class Replay(msgspec.Struct, kw_only=True):
    """A replay (or a save: a replay of a game not finished)."""

    format: str = FORMAT
    version: int = VERSION
    ruleset: str
    ruleset_version: int
    scenario: dict[str, Any]
    options: dict[str, Any]
    seed: int
    start_hash: str
    steps: list[Step] = []
    result: dict[str, Any] | None = None
    #: What a save says about itself (versions, scenario, turn, bands, date; see
    #: ``skirmish.app.saves``); not part of what ``verify`` checks.
    meta: dict[str, Any] | None = None
    bookmarks: list[Bookmark] = []
    #: Retried activations, in the order they happened (their ``step`` never decreases).
    retries: list[Retry] = []
    #: What loading did to a file of an earlier format (:func:`load`), to be said; never
    #: saved, not checked.
    migrated: str | None = None


def from_game(game: Game) -> Replay:
    """Record a game so far, from the hashes it kept as it was played
    (:meth:`Game.keep_hashes`), else from re-running it; ``game`` is untouched."""
    if game.hashes is not None and len(game.hashes) == len(game.commands) + 1:
        return from_hashes(game, game.hashes[0], game.hashes[1:])
    rerun = _fresh(game)
    steps: list[Step] = []
    retries: list[Retry] = []
    start = rerun.state_hash()
    pending = list(game.retries)
    for i in range(len(game.commands) + 1):
        while pending and pending[0][0].kept == i:
            marker, dropped = pending.pop(0)
            back_to = rerun.snapshot()
            discarded = []
            for cmd in dropped:
                rerun.apply(cmd)
                discarded.append(Step(command=c.to_builtins(cmd), hash=rerun.state_hash()))
            rerun.retry(back_to, marker.n, marker.figure)
            retries.append(Retry(step=i, n=marker.n, figure=marker.figure, discarded=discarded))
        if i < len(game.commands):
            rerun.apply(game.commands[i])
            steps.append(Step(command=c.to_builtins(game.commands[i]), hash=rerun.state_hash()))
    return _replay(game, start, steps, retries)


def from_hashes(game: Game, start: str, hashes: list[str],
                retries: list[Retry] | None = None) -> Replay:
    """Record a game so far from its state hashes kept as it was played (``start``, then
    one after each of ``game.commands``) and its ``retries`` as recorded: the same file
    as :func:`from_game` re-running it, without playing the game again."""
    steps = [Step(command=c.to_builtins(cmd), hash=h)
             for cmd, h in zip(game.commands, hashes, strict=True)]
    return _replay(game, start, steps, list(retries or []))


def _replay(game: Game, start: str, steps: list[Step], retries: list[Retry]) -> Replay:
    return Replay(
        ruleset=game.ruleset.id, ruleset_version=game.state.ruleset_version,
        scenario=scenario_to_dict(game.scenario),
        options=game.ruleset.options_to_dict(game.options), seed=game.seed, start_hash=start,
        steps=steps, result=getattr(game.state, "result", None), retries=retries,
    )


def _fresh(game: Game) -> Game:
    return new_game(game.scenario, game.seed, game.ruleset.options_to_dict(game.options),
                    table=game.table, rules_version=game.state.ruleset_version)  # type: ignore[arg-type]


def save(replay: Replay, path: str | Path) -> None:
    write_bytes_atomic(path, encoded(replay))


def encoded(replay: Replay) -> bytes:
    """The bytes of ``replay``'s file (what :func:`save` writes)."""
    data = msgspec.to_builtins(replay)
    del data["migrated"]  # what a load did, said then; the file written is of today's format
    return json_bytes(data)


def _parse(text: str, name: str) -> Any:
    """JSON text → data, or one problem: a game log (JSON Lines) is named as such."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if e.msg == "Extra data" and _is_game_log(text):
            raise ContentError(name, "", "this is a game log (JSON Lines), not a replay: "
                                         "replays are the .replay.json files") from None
        raise ContentError(name, f"line {e.lineno}", f"not valid JSON: {e.msg}") from None
    except RecursionError:
        raise ContentError(name, "", f"arrays or objects nested more than {MAX_DEPTH} "
                                     "levels deep") from None
    except ValueError as e:  # an integer of more than 4,300 digits
        raise ContentError(name, "", f"not a valid replay: {e}") from None


def _is_game_log(text: str) -> bool:
    first = text.split("\n", 1)[0]
    try:
        event = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(event, dict) and "type" in event


def load(path: str | Path) -> Replay:
    """Read and check the envelope; errors name the file and the entry.

    The size is checked before reading (a 2 GB file is refused, not loaded), then depth,
    numbers and lengths (:mod:`skirmish.content.limits`), the format, seed and step count.
    """
    name = str(path)
    text, problems = read_text(path, MAX_REPLAY_BYTES, name, "replay")
    if text is None:
        raise ContentError.from_problems(problems)
    data = _parse(text, name)
    if not isinstance(data, dict):
        raise ContentError(name, "", "expected a JSON object (a Skirmish replay)")
    if "format" not in data and "type" in data:  # a one-event game log
        raise ContentError(name, "", "this is a game log (JSON Lines), not a replay: "
                                     "replays are the .replay.json files")
    problems = document_problems(data, name)
    if problems:
        raise ContentError.from_problems(problems)
    fmt = data.get("format")
    if fmt is None and {"bands", "phase", "games"} <= data.keys():
        raise ContentError(name, "format", "a campaign file, not a replay or a save "
                                           "(open it from Campaign, or skirmish campaign)")
    if fmt != FORMAT:
        raise ContentError(name, "format", f"not a Skirmish replay (format "
                                           f"{quote(fmt, 40) if isinstance(fmt, str) else fmt})")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise ContentError(name, "version",
                           f"replay version {version!r} is not supported (this program reads "
                           f"versions 1 to {VERSION})"
                           + (": was it written by a newer Skirmish?"
                              if isinstance(version, int) and version > VERSION else ""))
    try:
        replay = msgspec.convert(data, Replay)
    except msgspec.ValidationError as e:
        raise ContentError.from_problems([from_validation_error(e, name)]) from None
    load_named([replay.ruleset])  # what the checks and the game look it up in
    problems = ruleset_problems(replay.ruleset, name, version=replay.ruleset_version,
                                version_entry="ruleset_version")
    if not 0 <= replay.seed <= MAX_SEED:
        problems.append(Problem(name, "seed", f"seed must be >= 0 and < 2^63, got "
                                              f"{replay.seed}"))
    problems += _retry_problems(replay, name)
    if len(replay.steps) > MAX_STEPS:
        problems.append(Problem(name, "steps", f"{len(replay.steps)} steps, at most "
                                               f"{MAX_STEPS}"))
    if problems:
        raise ContentError.from_problems(problems)
    return replay if replay.version == VERSION else _migrated(replay, name)


def _migrated(replay: Replay, source: str) -> Replay:
    """A file of an earlier format with today's hashes, when it re-runs exactly in the
    state layout it was written in (a save played on gets hashes of one layout only);
    else the file as it is, which :func:`rerun` will say where it parts."""
    run = rerun(replay, source, keep_hashes=True)
    if run.divergence is not None:
        return replay
    out = from_game(run.game)  # from today's hashes, kept as it re-ran
    out.meta, out.bookmarks = replay.meta, replay.bookmarks
    how = f", {run.layout.describe()}" if run.layout is not None else ""
    out.migrated = (f"replay format {replay.version}{how}: checked, and given the hashes of "
                    f"format {VERSION} on load")
    return out


def _retry_problems(replay: Replay, name: str) -> list[Problem]:
    """Retries must sit inside the steps, in the order they happened, numbered 1, 2, …"""
    out, last = [], 0
    for i, r in enumerate(replay.retries):
        if not last <= r.step <= len(replay.steps):
            out.append(Problem(name, f"retries[{i}].step", f"step {r.step} is out of order or "
                               f"past the last step (between {last} and {len(replay.steps)})"))
        if r.n != i + 1:
            out.append(Problem(name, f"retries[{i}].n", f"expected retry number {i + 1}, "
                                                        f"got {r.n}"))
        last = max(last, r.step)
    return out


def start(replay: Replay, source: str = "<replay>") -> Game:
    """The game at the replay's start (before its first command); a broken embedded
    scenario is reported against the replay file, entry ``scenario.…``, every problem of
    it, as ``skirmish validate`` would list them, and the replay's own options."""
    scenario = embedded_scenario(replay.scenario, source)
    problems = [_in_scenario(p, source) for p in scenario.problems]
    problems += options_problems(replay.options, source, ruleset=replay.ruleset)
    if problems:
        raise ContentError.from_problems(problems)
    assert isinstance(scenario.record, Scenario)
    return new_game(scenario.record, replay.seed, replay.options,
                    rules_version=replay.ruleset_version)


def _in_scenario(p: Problem, source: str) -> Problem:
    entry = p.entry if p.entry.startswith("scenario") else f"scenario.{p.entry}"
    return Problem(source, entry, p.problem)


def command_at(replay: Replay, i: int, source: str) -> c.Command:
    try:
        return c.from_builtins(replay.steps[i].command)
    except msgspec.ValidationError as e:
        raise ContentError.from_problems(
            [from_validation_error(e, source, f"steps[{i}].command")]) from None


class Divergence(msgspec.Struct, frozen=True):
    """Where a replay and its re-run part: the first step whose state hash differs
    (``step`` −1 = the start), or ``what="result"``: every hash matched but the recorded
    result is not the one the commands give (``step`` = the number of steps). ``note``
    says how a file of an earlier format was read."""

    step: int
    expected: str
    actual: str
    command: dict[str, Any] | None = None
    what: Literal["hash", "result", "retry"] = "hash"
    note: str = ""

    def describe(self) -> str:
        """One line for a message: which step, and what was recorded against what re-ran."""
        note = f" ({self.note})" if self.note else ""
        if self.what == "result":
            return (f"the recorded result does not match the commands: recorded "
                    f"{self.expected}, re-running gives {self.actual}{note}")
        where = "the start" if self.step < 0 else f"step {self.step}"
        if self.what == "retry":
            where = f"the activation retried before step {self.step}"
        cmd = f" ({json.dumps(self.command, sort_keys=True)})" if self.command else ""
        return (f"diverges at {where}{cmd}: expected hash {self.expected}, got "
                f"{self.actual}{note}")


class Rerun(msgspec.Struct, kw_only=True):
    """A replay re-run: the game as far as it agreed with the file, the first
    disagreement (``None``: every hash and the result reproduce exactly) and the state
    layout its hashes were read in (None: this program's)."""

    game: Any  # Game; Any keeps msgspec from trying to type it
    divergence: Divergence | None
    layout: Any = None  # layouts.Layout | None


def _layout(replay: Replay, game: Game) -> tuple[Layout | None, str]:
    """The layout ``replay``'s hashes are in, found at its start (this program's, else,
    for a file of an earlier format, the newest that gives its start hash), and what a
    divergence should say of it."""
    if replay.version == VERSION or game.state_hash() == replay.start_hash:
        return None, ""
    for layout in LAYOUTS:
        if state_hash(game, layout) == replay.start_hash:
            caveat = f"; {layout.caveat}" if layout.caveat else ""
            return layout, f"replay format {replay.version}, {layout.describe()}{caveat}"
    return None, (f"replay format {replay.version}: written by an earlier Skirmish whose "
                  "state encoding this program does not know")


def _result_text(result: dict[str, Any] | None) -> str:
    return "no result (the game is not over)" if result is None else json.dumps(
        result, sort_keys=True)


def rerun(replay: Replay, source: str = "<replay>", *, keep_hashes: bool = False) -> Rerun:
    """Re-run every command, comparing each state hash, then the recorded result with the
    one the commands give (a replay cut short with its result kept, or a forged result,
    fails here). Stops at the first difference. Used by ``replay --verify`` and by
    loading a save (the window continues from ``Rerun.game``). ``keep_hashes``: the game
    keeps this program's hashes as it re-runs (``Game.keep_hashes``), whatever layout the
    file's are in, so that it can be recorded again without a second re-run.

    Raises :class:`ContentError` for a broken scenario or a command that is malformed or
    illegal at its step."""
    game = start(replay, source)
    layout, note = _layout(replay, game)
    if keep_hashes:
        game.keep_hashes()

    def actual() -> str:  # a state the layout cannot hold has today's hash: it differs
        if layout is None and game.hashes is not None:
            return game.hashes[-1]
        return state_hash(game, layout) or game.state_hash()

    if actual() != replay.start_hash:
        return Rerun(game=game, divergence=Divergence(
            step=-1, expected=replay.start_hash, actual=game.state_hash(), note=note))
    for i in range(len(replay.steps) + 1):
        div = play_retries(game, replay, i, source, layout)
        if div is not None:
            return Rerun(game=game, divergence=msgspec.structs.replace(div, note=note),
                         layout=layout)
        if i == len(replay.steps):
            break
        step = replay.steps[i]
        cmd = command_at(replay, i, source)
        try:
            game.apply(cmd)
        except IllegalCommand as e:
            raise ContentError(source, f"steps[{i}].command", f"illegal here: {e}") from None
        if actual() != step.hash:
            return Rerun(game=game, layout=layout, divergence=Divergence(
                step=i, expected=step.hash, actual=actual(), command=step.command, note=note))
    derived = getattr(game.state, "result", None)
    if _canonical(derived) != _canonical(replay.result):
        return Rerun(game=game, layout=layout, divergence=Divergence(
            step=len(replay.steps), what="result", expected=_result_text(replay.result),
            actual=_result_text(derived), note=note))
    return Rerun(game=game, divergence=None, layout=layout)


def play_retries(game: Game, replay: Replay, i: int, source: str = "<replay>",
                 layout: Layout | None = None) -> Divergence | None:
    """At step ``i`` (``game`` after the first ``i`` steps): play each activation retried
    there — its discarded commands, checking their hashes (in ``layout``, see
    :mod:`skirmish.replay.layouts`) — and take it back with the retry's new dice, as the
    window did. None when every hash matched."""
    for k, r in enumerate(replay.retries):
        if r.step != i:
            continue
        back_to = game.snapshot()
        for j, st in enumerate(r.discarded):
            where = f"retries[{k}].discarded[{j}].command"
            try:
                game.apply(c.from_builtins(st.command))
            except msgspec.ValidationError as e:
                raise ContentError.from_problems([from_validation_error(e, source, where)]) \
                    from None
            except IllegalCommand as e:
                raise ContentError(source, where, f"illegal here: {e}") from None
            actual = state_hash(game, layout) or game.state_hash()
            if actual != st.hash:
                return Divergence(step=i, expected=st.hash, actual=actual,
                                  command=st.command, what="retry")
        try:
            game.retry(back_to, r.n, r.figure)
        except IllegalCommand as e:
            raise ContentError(source, f"retries[{k}]", str(e)) from None
    return None


def _canonical(result: dict[str, Any] | None) -> Any:
    """The result as plain JSON data, so a tuple and a list (or key order) compare equal."""
    return None if result is None else json.loads(json.dumps(msgspec.to_builtins(result),
                                                             sort_keys=True))


def verify(replay: Replay, source: str = "<replay>") -> Divergence | None:
    """None if the replay reproduces exactly (every hash and the result), else where not."""
    return rerun(replay, source).divergence
