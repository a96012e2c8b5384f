"""``skirmish``: play, simulate, replay, validate and bench.

Bad input (a broken scenario, warband, replay or option) prints one line naming the
file, the entry and the problem and exits with status 1 — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from skirmish.content.errors import ContentError


def _cmd_validate(args: argparse.Namespace) -> int:
    from skirmish.validate import validate_file

    bad = 0
    for path in args.files:
        problems = validate_file(path)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            bad += 1
        elif not args.quiet:
            print(f"{path}: ok")
    return 1 if bad else 0


def _load_scenario(path: str):  # noqa: ANN202 - Scenario, imported lazily
    """The checked scenario (read and parsed once), or every problem of the file."""
    from skirmish.content.scenario import Scenario
    from skirmish.validate import read_checked

    record, problems = read_checked(path)
    if problems:
        raise ContentError.from_problems(problems)
    if not isinstance(record, Scenario):
        raise ContentError(path, "", "a warband file, not a scenario: name a scenario file")
    return record


def _cmd_simulate(args: argparse.Namespace) -> int:
    from skirmish.sim import run_games, summarise

    scenario = _load_scenario(args.scenario)
    t0 = time.perf_counter()
    results = run_games(scenario, args.games, args.seed, jobs=args.jobs, log_dir=args.log_dir,
                        progress=sys.stderr.isatty())
    summary = summarise(scenario, results)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(f"{summary['scenario']}: {summary['games']} games, seed {args.seed}")
    for band, wins in summary["wins"].items():
        print(f"  {band:<20} wins {wins:>5}   mean VP {summary['mean_vp'][band]:>7.2f}")
    print(f"  draws {summary['draws']}   mean turns {summary['mean_turns']:.2f}")
    for rank, st in summary["casualties_by_rank"].items():
        print(f"  casualties {rank:<11} " + "  ".join(f"{k} {v}" for k, v in st.items()))
    print("  end: " + ", ".join(f"{k} ({v})" for k, v in summary["end_reasons"].items()))
    print(f"  {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from skirmish.replay import record

    replay = record.load(args.file)
    if not args.verify:
        print(json.dumps({"seed": replay.seed, "steps": len(replay.steps),
                          "result": replay.result}, sort_keys=True))
        return 0
    div = record.verify(replay, args.file)
    if div is None:
        print(f"{args.file}: ok ({len(replay.steps)} steps reproduce exactly)")
        return 0
    where = "the start" if div.step < 0 else f"step {div.step}"
    cmd = f" ({json.dumps(div.command, sort_keys=True)})" if div.command else ""
    print(f"{args.file}: diverges at {where}{cmd}: expected hash {div.expected}, "
          f"got {div.actual}", file=sys.stderr)
    return 1


def _window_size(text: str) -> tuple[int, int]:
    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}")
    return int(w), int(h)


def _cmd_play(args: argparse.Namespace) -> int:
    from skirmish.app import AppConfig, main

    if args.scenario:
        _load_scenario(args.scenario)  # bad files: one line and status 1, before any window
    config = AppConfig(
        size=args.size, lang=args.lang, scenario=args.scenario, seed=args.seed,
        load=args.load, autoplay=args.autoplay, frames=args.frames,
        screenshot_dir=args.screenshot,
        controllers={b: "computer" for b in args.computer},
    )
    return main(config)


def _cmd_bench(args: argparse.Namespace) -> int:
    from skirmish.bench.report import run_all

    for line in run_all(args.scenarios, quick=args.quick):
        print(line)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="skirmish", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("validate", help="check scenario and warband files")
    v.add_argument("files", nargs="+")
    v.add_argument("-q", "--quiet", action="store_true")
    v.set_defaults(fn=_cmd_validate)

    s = sub.add_parser("simulate", help="play headless games between computer players")
    s.add_argument("scenario")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--log-dir", help="write one JSONL log and one replay per game")
    s.add_argument("--jobs", type=int, default=1, help="worker processes")
    s.set_defaults(fn=_cmd_simulate)

    r = sub.add_parser("replay", help="inspect or verify a replay file")
    r.add_argument("file")
    r.add_argument("--verify", action="store_true", help="re-run it and compare every hash")
    r.set_defaults(fn=_cmd_replay)

    pl = sub.add_parser("play", help="open the window: hot-seat or against the computer")
    pl.add_argument("scenario", nargs="?", help="go straight to this scenario")
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--load", help="a save (replay file) to continue")
    pl.add_argument("--lang", choices=("en", "fr"), default="en")
    pl.add_argument("--size", type=_window_size, default=(1280, 720),
                    help="window size, e.g. 1920x1080")
    pl.add_argument("--computer", action="append", default=[], metavar="BAND",
                    help="band id played by the computer (repeatable)")
    pl.add_argument("--autoplay", action="store_true",
                    help="computer players on every band (smoke test)")
    pl.add_argument("--frames", type=int, help="stop after this many frames")
    pl.add_argument("--screenshot", metavar="DIR", help="save PNGs of key moments here")
    pl.set_defaults(fn=_cmd_play)

    b = sub.add_parser("bench", help="print performance figures")
    b.add_argument("scenarios", nargs="*", help="scenario files (default: the shipped ones)")
    b.add_argument("--quick", action="store_true", help="fewer repetitions")
    b.set_defaults(fn=_cmd_bench)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.fn(args))
    except ContentError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
