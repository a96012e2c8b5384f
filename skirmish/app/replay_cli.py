"""``skirmish replay FILE`` without ``--verify``: the exports asked for, or the replay
viewer in a window of its own (so this module sits above the app, as the command line
does; the exports themselves are :mod:`skirmish.app.replay_export`)."""

from __future__ import annotations

import argparse

from skirmish.app.config import AppConfig
from skirmish.app.i18n import Translator
from skirmish.app.replay_export import write_jsonl, write_png, write_report
from skirmish.app.routes import Replay
from skirmish.replay.timeline import Timeline


def run_cli(args: argparse.Namespace) -> int:
    """The exports asked for, else the viewer window; a broken file is one line before any
    window opens."""
    from skirmish.content.errors import ContentError, escape, quote

    tl = Timeline.load(args.file)
    t = Translator(args.lang)
    if args.png:
        step_s = args.png[0]
        if not step_s.isdigit() or int(step_s) > tl.length:
            raise ContentError(args.file, "--png",
                               f"step {quote(step_s, 20)} is not in the replay (0 to {tl.length})")
    done = False
    if args.report:
        write_report(tl, args.report, t)
        print(escape(f"{args.report}: battle report written"))
        done = True
    if args.jsonl:
        write_jsonl(tl, args.jsonl)
        print(escape(f"{args.jsonl}: {len(tl.log)} events written"))
        done = True
    if args.png:
        step_s, out = args.png
        write_png(tl, int(step_s), out, t)
        print(escape(f"{out}: board at step {step_s}"))
        done = True
    if done:
        return 0
    from skirmish.app.app import App
    from skirmish.app.navigation import screen_for

    app = App(AppConfig(size=args.size, lang=args.lang), lambda a: screen_for(a, Replay(tl)))
    return app.run()
