"""``skirmish``: play, simulate, replay, validate and bench.

Bad input (a broken scenario, warband, replay or option) prints one line naming the
file, the entry and the problem and exits with status 1 — never a traceback. A bad
argument (``--games -3``, ``--jobs 0``, ``--log-dir`` under a file, an unknown
``--computer`` band) is a usage error (status 2) that says what is expected.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence

from skirmish import cli_args as a
from skirmish.allocator import keep_freed_memory
from skirmish.content.errors import ContentError, escape, quote

DESCRIPTION = "Skirmish: play, simulate, replay, validate and benchmark 1:1 skirmish games."
RULESET_HELP = ("the rules to play the scenario under: skirmish, clefs_aube, wfrp2, "
                "cle_en_main or kart7 (default: the scenario's own; options of the other "
                "rulesets are left out)")


def _cmd_validate(args: argparse.Namespace) -> int:
    from skirmish.validate import check_file

    bad = 0
    for path in args.files:
        checked = check_file(path)
        for p in checked.problems or checked.warnings:
            print(p, file=sys.stderr)  # a warning's text starts "warning: "
        if checked.problems:
            bad += 1
        elif not args.quiet:
            print(escape(f"{path}: ok"))
    return 1 if bad else 0


def _load_scenario(path: str, ruleset: str | None = None):  # noqa: ANN202 - Scenario, lazily
    """The checked scenario (read and parsed once), under ``ruleset`` if given, or every
    problem of the file."""
    from skirmish.validate import checked_scenario

    return checked_scenario(path, ruleset)


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.cluster:  # seconds, before anything is loaded or played
        from skirmish.cluster import parse, probe

        probe(parse(args.cluster))
    from skirmish.batch import rules_line
    from skirmish.sim import run_games, summarise

    scenario = _load_scenario(args.scenario, args.ruleset)
    t0 = time.perf_counter()
    levels = tuple(args.ai.split(","))
    results = run_games(scenario, args.games, args.seed, jobs=args.jobs, log_dir=args.log_dir,
                        progress=sys.stderr.isatty(), levels=levels, cluster=args.cluster,
                        player_opts={"budget": args.budget, "rollouts": args.rollouts})
    summary = summarise(scenario, results)
    if args.report:
        from skirmish.batch import write_report

        ruleset = f" --ruleset {args.ruleset}" if args.ruleset else ""
        write_report(scenario, summary, results, args.report,
                     f"skirmish simulate {args.scenario} --games {args.games} --seed {args.seed}"
                     f" --ai {args.ai}{ruleset}")
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    lines = [f"{summary['scenario']}: {summary['games']} games, seed {args.seed}",
             f"  rules: {rules_line(summary)}"]
    for band, wins in summary["wins"].items():
        lines.append(f"  {band:<20} wins {wins:>5}   mean VP {summary['mean_vp'][band]:>7.2f}"
                     f"   objectives held {summary['mean_objectives'][band]:.2f}")
    lines.append(f"  draws {summary['draws']}   mean turns {summary['mean_turns']:.2f}")
    for rank, st in summary["casualties_by_rank"].items():
        lines.append(f"  casualties {rank:<11} " + "  ".join(f"{k} {v}" for k, v in st.items()))
    lines.append("  end: " + ", ".join(f"{k} ({v})" for k, v in summary["end_reasons"].items()))
    for lv, x in summary.get("by_level", {}).get("levels", {}).items():
        lines.append(f"  level {lv:<7} wins {x['wins']:>5} of {summary['by_level']['decided']} decided"
                     f"  {x['rate']:.1%}  (95 % CI {x['ci95'][0]:.1%}–{x['ci95'][1]:.1%})"
                     f"  objectives held {x['objectives_per_game']:.2f} a game")
    for line in lines:  # ids come from the file: no control character reaches the terminal
        print(escape(line))
    print(f"  {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


#: The rulesets the window draws; the others play from the command line only.
WINDOW_RULESETS = ("skirmish", "clefs_aube", "wfrp2", "cle_en_main", "kart7")


def _window_refusal(ruleset: str) -> str | None:
    """Why the window cannot show a game of a known ``ruleset`` (an unknown one is refused
    by the file checks, in their words)."""
    from skirmish.rules.registry import RULESETS
    from skirmish.rulesets import load_named

    if ruleset in WINDOW_RULESETS:
        return None
    load_named([ruleset])
    if ruleset not in RULESETS:
        return None
    return (f"the window does not draw {ruleset} games yet: play them with simulate, check "
            f"them with replay --verify, validate, or export --report and --jsonl")


def _named_ruleset(path: str) -> str | None:
    """The ruleset a scenario file names on a line of its own before its first table, read
    at a glance: the window's loading screen checks the file itself, so a bad one (or a
    ruleset this program does not know) is left to it."""
    from pathlib import Path

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    for line in text.splitlines():
        if line.lstrip().startswith("["):
            break
        found = re.match(r'\s*ruleset\s*=\s*"([a-z0-9_]+)"\s*(#.*)?$', line)
        if found:
            return found.group(1)
    return None


def _cmd_replay(args: argparse.Namespace) -> int:
    from skirmish.replay import record

    if not args.verify:
        from skirmish.app.replay_cli import run_cli

        outputs = {flag: path for flag, path in (("--report", args.report),
                                                 ("--jsonl", args.jsonl),
                                                 ("--png", args.png and args.png[1])) if path}
        refusal = a.export_refusal(args.file, outputs)
        if refusal:
            args.parser.error(refusal)
        if args.png or not outputs:
            refusal = _window_refusal(record.load(args.file).ruleset)
            if refusal:
                args.parser.error(refusal)
        return run_cli(args)
    replay = record.load(args.file)
    div = record.verify(replay, args.file)
    if div is None:
        retried = f", {len(replay.retries)} retried activations" if replay.retries else ""
        migrated = f"; {replay.migrated}" if replay.migrated else ""
        print(escape(f"{args.file}: ok ({len(replay.steps)} steps{retried} and the result "
                     f"reproduce exactly{migrated})"))
        return 0
    print(escape(f"{args.file}: {div.describe()}"), file=sys.stderr)
    return 1


def _band_ids(args: argparse.Namespace) -> list[str] | None:
    """The band ids of the game ``play`` will start (None: chosen later, in the menu).

    Bad files give one line and status 1 here, before any window opens."""
    if args.scenario:
        return [b.warband.id for b in _load_scenario(args.scenario, args.ruleset).bands]
    if args.load:
        from skirmish.replay import record

        bands = record.load(args.load).scenario.get("bands", [])
        return [str(b.get("warband", {}).get("id")) for b in bands if isinstance(b, dict)
                and isinstance(b.get("warband"), dict)]
    return None


def _cmd_play(args: argparse.Namespace) -> int:
    # The start-up makes hundreds of thousands of objects that live as long as the window
    # (modules, rules, the table); the collector would scan them again and again, about a
    # quarter of the time to the first frame with the board. The window turns it back on
    # once its first screen past the loading one is built (``App._started``), and what it
    # froze then goes back to the collector when the window is closed.
    gc.disable()
    try:
        return _play(args)
    finally:
        gc.unfreeze()
        gc.enable()


#: The window's numpy does no linear algebra worth a thread: OpenBLAS's own threads, which
#: it starts with numpy and which wait spinning, cost the start-up a tenth of its CPU time.
#: The few products the table computes have two terms each, the same on any thread count.
WINDOW_BLAS_THREADS = "1"


def _play(args: argparse.Namespace) -> int:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", WINDOW_BLAS_THREADS)  # before numpy loads
    from skirmish.app import AppConfig, main

    if args.ruleset and not args.scenario:
        args.parser.error("--ruleset needs a SCENARIO (a saved game keeps its rules; for a "
                          "new game from the menu, the set-up screen picks them)")
    ruleset = args.ruleset or (_named_ruleset(args.scenario) if args.scenario else None)
    if ruleset is None and args.load:
        from skirmish.replay import record

        ruleset = record.load(args.load).ruleset
    refusal = _window_refusal(ruleset) if ruleset else None
    if refusal:
        args.parser.error(refusal)
    if args.computer:
        bands = _band_ids(args)
        if bands is None:
            args.parser.error("--computer needs a SCENARIO (or --load SAVE) to name its bands")
        unknown = [b for b in args.computer if b not in bands]
        if unknown:
            args.parser.error(f"--computer: no band {quote(unknown[0])} in this game; its "
                              "bands are " + ", ".join(quote(b) for b in bands))
    # The scenario is checked by the window's loading screen, so the first frame shows at
    # once; a bad file still prints one line per problem and ends with status 1.
    config = AppConfig(
        size=args.size, lang=args.lang, ui_scale=min(1.5, max(0.8, args.ui_scale)),
        scenario=args.scenario, ruleset=args.ruleset, seed=args.seed,
        load=args.load, autoplay=args.autoplay, frames=args.frames,
        screenshot_dir=args.screenshot,
        controllers={b: "computer" for b in args.computer},
        ai_level=args.ai, show_odds=not args.no_odds, step_computer=args.step,
    )
    return main(config)


def _cmd_bench(args: argparse.Namespace) -> int:
    from skirmish.bench.report import run_all

    for line in run_all(args.scenarios, quick=args.quick):
        print(line)
    return 0


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; given a ``command`` it knows, with that command alone:
    ``skirmish play`` opens its window without first building every other command's
    options and importing the campaign's."""
    p = argparse.ArgumentParser(prog="skirmish", description=DESCRIPTION)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, add in _COMMANDS.items():
        if command == name or command not in _COMMANDS:
            add(sub)
    return p


def _add_validate(sub: argparse._SubParsersAction) -> None:
    fmt = a.Help
    v = sub.add_parser("validate", help="check scenario and warband files", formatter_class=fmt,
                       description="Check scenario and warband files: every problem, one line "
                                   "each (file: entry: problem); exit status 1 if any.")
    v.add_argument("files", nargs="+", metavar="FILE",
                   help="a scenario (with [[bands]]) or warband (with [band]) TOML file")
    v.add_argument("-q", "--quiet", action="store_true", help="print nothing for a valid file")
    v.set_defaults(fn=_cmd_validate)


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    fmt = a.Help
    seed = a.whole(0, a.MAX_CLI_SEED)
    s = sub.add_parser("simulate", help="play headless games between computer players",
                       formatter_class=fmt,
                       description="Play whole games between simple computer players and "
                                   "print wins, VP, turns and casualties.")
    s.add_argument("scenario", metavar="SCENARIO", help="the scenario TOML file")
    s.add_argument("--games", type=a.whole(1, a.MAX_GAMES), default=100, metavar="N",
                   help="how many games to play")
    s.add_argument("--seed", type=seed, default=1, metavar="SEED",
                   help="seed of the first game's dice (game n uses a seed derived from it)")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--log-dir", type=a.folder, metavar="DIR",
                   help="write one JSON Lines game log and one replay per game into DIR")
    s.add_argument("--jobs", type=a.whole(1, 256), default=1, metavar="N",
                   help="worker processes (the results do not depend on it)")
    s.add_argument("--ai", default="easy", type=a.levels, metavar="LEVELS",
                   help="computer levels by seat, e.g. normal,easy (they swap seats every game)")
    s.add_argument("--budget", type=a.budget, default=1.0, metavar="S",
                   help="hard level: seconds of search per activation, at most "
                        f"{a.MAX_BUDGET_S:g}")
    s.add_argument("--rollouts", type=a.rollouts, default=0, metavar="N",
                   help="hard level: a fixed search size instead of the time budget "
                        "(reproducible), at most what the largest budget buys")
    s.add_argument("--ruleset", type=a.ruleset, metavar="RULESET", help=RULESET_HELP)
    s.add_argument("--report", type=a.folder, metavar="DIR",
                   help="write summary.md and PNG charts into DIR")
    s.add_argument("--cluster", type=a.cluster, metavar="ADDRESS",
                   help="send the games to the Dask scheduler at tcp://HOST:PORT")
    s.set_defaults(fn=_cmd_simulate)


def _add_replay(sub: argparse._SubParsersAction) -> None:
    fmt = a.Help
    r = sub.add_parser("replay", help="watch, export or verify a replay file",
                       formatter_class=fmt,
                       description="Open a replay in the viewer, export it, or re-run it.")
    r.add_argument("file", metavar="REPLAY", help="a .replay.json file (or a save)")
    r.add_argument("--verify", action="store_true",
                   help="re-run every command and compare every state hash and the result")
    r.add_argument("--report", metavar="OUT.md", help="write a battle report in Markdown")
    r.add_argument("--jsonl", metavar="OUT.jsonl", help="write the log as JSON Lines")
    r.add_argument("--png", nargs=2, metavar=("STEP", "OUT.png"),
                   help="write the board at STEP as a PNG")
    r.add_argument("--lang", choices=("en", "fr"), default="en", metavar="LANG",
                   help="language of the viewer and the report: en or fr")
    r.add_argument("--size", type=a.window_size, default=(1280, 720), metavar="WxH",
                   help="viewer window size in pixels (default: 1280x720)")
    r.set_defaults(fn=_cmd_replay, parser=r)


def _add_play(sub: argparse._SubParsersAction) -> None:
    fmt = a.Help
    seed = a.whole(0, a.MAX_CLI_SEED)
    pl = sub.add_parser("play", help="open the window: hot-seat or against the computer",
                        formatter_class=fmt, description="Open the game window.")
    pl.add_argument("scenario", nargs="?", metavar="SCENARIO",
                    help="go straight to this scenario (else the menu)")
    pl.add_argument("--seed", type=seed, metavar="SEED",
                    help="the dice seed (default: 1 for a SCENARIO; the set-up screen of "
                         "New game offers it, else a random one)")
    pl.add_argument("--ruleset", type=a.ruleset, metavar="RULESET", help=RULESET_HELP)
    pl.add_argument("--load", metavar="SAVE", help="a save (replay file) to continue")
    pl.add_argument("--lang", choices=("en", "fr"), default="en", metavar="LANG",
                    help="language of the window: en or fr")
    pl.add_argument("--ui-scale", type=float, default=1.0, metavar="FACTOR",
                    help="text and panels larger or smaller, 0.8 to 1.5 (Ctrl +/- in the "
                    "window), as far as the window's size holds: a larger window "
                    "honours more")
    pl.add_argument("--size", type=a.window_size, default=(1280, 720), metavar="WxH",
                    help="window size in pixels, e.g. 1920x1080 (default: 1280x720)")
    pl.add_argument("--computer", action="append", default=[], metavar="BAND",
                    help="id of a band the computer plays (repeat for several)")
    pl.add_argument("--autoplay", action="store_true",
                    help="computer players on every band (a smoke test)")
    pl.add_argument("--ai", choices=("easy", "normal", "hard"), default="normal", metavar="LEVEL",
                    help="the computer players' level: easy, normal or hard")
    pl.add_argument("--no-odds", action="store_true", help="play blind: no odds in previews")
    pl.add_argument("--step", action="store_true",
                    help="computer activations wait for Next (Space) after showing their plan")
    pl.add_argument("--frames", type=a.whole(1), metavar="N",
                    help="stop after N frames (default: run until closed)")
    pl.add_argument("--screenshot", metavar="DIR", help="save PNGs of key moments into DIR")
    pl.set_defaults(fn=_cmd_play, parser=pl)


def _add_bench(sub: argparse._SubParsersAction) -> None:
    fmt = a.Help
    b = sub.add_parser("bench", help="print performance figures", formatter_class=fmt,
                       description="Time geometry, set-up, whole games and window frames, "
                                   "each against its target.")
    b.add_argument("scenarios", nargs="*", metavar="SCENARIO",
                   help="scenario files to measure (default: the shipped ones)")
    b.add_argument("--quick", action="store_true", help="fewer repetitions")
    b.set_defaults(fn=_cmd_bench)


def _add_campaign(sub: argparse._SubParsersAction) -> None:
    from skirmish.campaign_cli import add_parser

    add_parser(sub)


#: Each command's parser, in the order ``skirmish --help`` lists them.
_COMMANDS: dict[str, Callable[[argparse._SubParsersAction], None]] = {
    "validate": _add_validate, "simulate": _add_simulate, "replay": _add_replay,
    "play": _add_play, "bench": _add_bench, "campaign": _add_campaign,
}


def main(argv: Sequence[str] | None = None) -> int:
    keep_freed_memory()
    words = sys.argv[1:] if argv is None else argv
    args = build_parser(words[0] if words else None).parse_args(argv)
    if args.fn is not _cmd_play:  # the window loads only the rulesets it shows
        from skirmish.rulesets import load_all

        load_all()
    try:
        return int(args.fn(args))
    except ContentError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)  # str(Problem) escapes control characters
        return 1
    except OSError as e:  # a log folder or save that cannot be written, mid-run
        from skirmish.replay.files import WriteFailed

        if isinstance(e, WriteFailed):  # names the file and says the old one is whole
            line = str(e)
        elif e.filename is not None:
            line = f"{e.filename}: {e.strerror or e}"
        else:
            line = f"skirmish: {e}"
        print(escape(line), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if not _cluster_error(e):
            raise
        print(escape(f"--cluster {e}"), file=sys.stderr)
        return 1


def _cluster_error(e: Exception) -> bool:
    """Whether ``e`` is the cluster's one-line refusal. Only a command that used the
    cluster has imported :mod:`skirmish.cluster` (and its sockets), which the window's
    start-up leaves out."""
    cluster = sys.modules.get("skirmish.cluster")
    return cluster is not None and isinstance(e, cluster.ClusterError)


if __name__ == "__main__":
    sys.exit(main())
