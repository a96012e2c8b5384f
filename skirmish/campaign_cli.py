"""``skirmish campaign new|show|play``: a campaign on the command line.

``play`` is headless when every band is a computer player (``--computer all``); with a
human band it opens the window on the campaign screen. Headless, it plays ``--games``
linked games, writing the campaign file after every step and, beside it, each
game's JSON Lines log and replay and the campaign's own log; it holds the campaign's
lock meanwhile, so a second run on the same file is refused rather than racing it.

Every refusal — a bad argument, a broken or tampered file, a step the campaign cannot
take — is one line ``FILE: ENTRY: PROBLEM``, and names from a file are printed with
their control characters escaped (a shared file cannot drive the terminal).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from skirmish.content.errors import ContentError, escape, quote
from skirmish.plural import word

if TYPE_CHECKING:  # the engine is imported when a campaign command runs, not by every
    # ``skirmish`` command line (``play`` shows its window sooner)
    from skirmish.campaign.engine import Campaign


def _say(line: str) -> None:
    print(escape(line))


def _refusing(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``fn``, a step the campaign refuses (``IllegalCommand``) said as one line naming the
    file, like any other problem."""
    def run(args: argparse.Namespace) -> int:
        from skirmish.rules.errors import IllegalCommand

        try:
            return fn(args)
        except IllegalCommand as e:
            raise ContentError(str(args.file), "", str(e)) from None
    return run


def _new_problems(args: argparse.Namespace) -> None:
    """The arguments of ``new``, within the bounds a campaign file is read with."""
    from skirmish.campaign.checks import MAX_SEED, MAX_VP_RATE
    from skirmish.campaign.record import MAX_BAND_POINTS
    from skirmish.content.limits import MAX_BANDS, MAX_NAME

    checks = [
        ("--bands", 2 <= len(args.bands) <= MAX_BANDS,
         f"a campaign has 2 to {MAX_BANDS} bands, got {len(args.bands)}"),
        ("--seed", 0 <= args.seed <= MAX_SEED,
         f"must be from 0 to {MAX_SEED}, got {quote(args.seed, 40)}"),
        ("--band-points", 1 <= args.band_points <= MAX_BAND_POINTS,
         f"must be from 1 to {MAX_BAND_POINTS}, got {quote(args.band_points, 40)}"),
        ("--vp-rate", math.isfinite(args.vp_rate) and 0 <= args.vp_rate <= MAX_VP_RATE,
         f"must be from 0 to {MAX_VP_RATE:g}, got {args.vp_rate:g}"),
        ("--name", args.name is None or 0 < len(args.name) <= MAX_NAME,
         f"a name has 1 to {MAX_NAME} characters"),
    ]
    for entry, ok, problem in checks:
        if not ok:
            raise ContentError(args.file, entry, problem)


def _computer_problem(args: argparse.Namespace, ids: list[str]) -> None:
    for name in args.computer:
        if name != "all" and name not in ids:
            raise ContentError(args.file, "--computer", f"no band {quote(name, 40)} (the bands "
                                                        f"are {', '.join(ids)}; or all)")


def _places_problem(args: argparse.Namespace, scenario: str, bands: int) -> None:
    """The scenario exists, is playable and has a place for every band."""
    from skirmish.campaign.flow import resolve_scenario
    from skirmish.validate import checked_scenario

    scn = checked_scenario(resolve_scenario(scenario))
    if len(scn.bands) < bands:
        raise ContentError(args.file, "--scenario", f"{quote(scenario, 60)} has places for "
                                                    f"{len(scn.bands)} bands, the campaign "
                                                    f"has {bands}")


def _new(args: argparse.Namespace) -> int:
    from skirmish.campaign import files
    from skirmish.campaign.engine import Campaign
    from skirmish.campaign.record import CampaignOptions
    from skirmish.validate import checked_warband

    if Path(args.file).exists() and not args.force:
        raise ContentError(args.file, "", "already exists (use --force to replace it)")
    _new_problems(args)
    computer = set(args.computer)
    bands = []
    for path in args.bands:
        wb = checked_warband(path, band_points=args.band_points)
        ctl = "computer" if "all" in computer or wb.id in computer else "human"
        bands.append((wb, ctl, path))
    if len({wb.id for wb, _, _ in bands}) < len(bands):
        raise ContentError(args.file, "bands", "two bands have the same id")
    _computer_problem(args, [wb.id for wb, _, _ in bands])
    # The default scenario is checked now as ``play`` checks it: a missing, broken,
    # unplayable or too small one is said here, not after the file was written.
    _places_problem(args, args.scenario, len(bands))
    options = CampaignOptions(band_points=args.band_points, vp_to_band_points=args.vp_rate,
                              advancement=not args.no_advancement,
                              succession=not args.no_succession,
                              back_to_back=args.back_to_back, scenario=args.scenario)
    from skirmish.content.limits import MAX_NAME

    c = Campaign.new(args.name or Path(args.file).stem[:MAX_NAME], bands, args.seed, options)
    with files.locked(args.file):
        files.save(c, args.file)
    _say(f"{args.file}: campaign of {len(bands)} bands, seed {args.seed}")
    return 0


def describe(c: Campaign) -> list[str]:
    """The campaign as text: bands, rosters, band points, history, what it waits for."""
    s = c.state
    o = s.options
    out = [f"{s.name}: {len(s.games)} {word('en', len(s.games), 'game', 'games')} played, "
           f"seed {s.seed}, phase {s.phase}",
           f"  options: VP→band points ×{o.vp_to_band_points:g} (GAP-61), advancement "
           f"{'on' if o.advancement else 'off'} [HOUSE GAP-62], succession "
           f"{'on' if o.succession else 'off'} [HOUSE D-11], back-to-back "
           f"{'yes' if o.back_to_back else 'no'} (GAP-69)"]
    for band in s.bands:
        out.append(f"{band.name} ({band.id}, {band.race}, {band.controller}): "
                   f"{band.band_points} band {word('en', band.band_points, 'point', 'points')}"
                   + (f", store: {', '.join(band.stash)}" if band.stash else "")
                   + (f"; left the campaign after game {band.left} (D-10)"
                      if band.left is not None else ""))
        for m in band.members:
            p = c.profile(band, m)
            prof = (f"Mvt {p['mvt']:g} Cd {p['cd']} CT {p['ct']}+ CCC {p['ccc']}+ F {p['f']} "
                    f"R {p['r']} PV {p['pv']}")
            extra = []
            if m.spec.injuries:
                extra.append("injuries: " + ", ".join(m.spec.injuries))
            if m.misses:
                extra.append(f"misses {m.misses} {word('en', m.misses, 'game', 'games')}")
            if m.status != "active":
                extra.append(m.status + (f" by {m.captor}" if m.captor else ""))
            kit = ", ".join((*m.spec.weapons, *m.spec.equipment)) or "no kit"
            out.append(f"  {m.spec.name:<22} {m.spec.rank:<10} XP {m.spec.xp:<3} {prof}  "
                       f"[{kit}]" + ("  " + "; ".join(extra) if extra else ""))
    for g in s.games:
        if g.forfeit:
            out.append(f"game {g.index}: {g.scenario}: forfeited by {', '.join(g.forfeit)}, "
                       f"not played (D-10); won by {', '.join(g.winners()) or 'nobody'}")
            continue
        vp = ", ".join(f"{b} {v}" for b, v in g.vp.items())
        out.append(f"game {g.index}: {g.scenario}, seed {g.seed}: {vp}; winner "
                   f"{g.winner or 'draw'}; replay {g.replay or '-'}")
    if s.pending is not None:
        out.append(f"waiting for {s.pending.band}: {s.pending.kind} {s.pending.prompt}")
    if s.result is not None:
        out += standing(c)
    return out


def standing(c: Campaign) -> list[str]:
    """The final standing of a campaign that is over (D-10)."""
    r = c.state.result
    assert r is not None
    winner = c.state.band(r.winner).name if r.winner else "no band (the last ones left together)"
    out = [f"campaign over after {r.games} {word('en', r.games, 'game', 'games')}: "
           f"won by {winner} (D-10)"]
    for p in r.standing:
        gone = "still in" if p.left is None else f"left after game {p.left}"
        out.append(f"  {p.place}. {c.state.band(p.band).name} ({p.band}): {gone}; won "
                   f"{p.won} of {p.games}; {p.vp} VP; {p.band_points} band "
                   f"{word('en', p.band_points, 'point', 'points')}; "
                   f"{p.figures} {word('en', p.figures, 'figure', 'figures')}, {p.xp} XP")
    return out


def _show(args: argparse.Namespace) -> int:
    from skirmish.campaign import files

    for line in describe(files.load(args.file)):
        _say(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    from skirmish.campaign import files, headless
    from skirmish.campaign.checks import MAX_GAMES

    if not 1 <= args.games <= MAX_GAMES:
        raise ContentError(args.file, "--games", f"must be from 1 to {MAX_GAMES}, got "
                                                 f"{args.games}")
    c = files.load(args.file)
    _computer_problem(args, [b.id for b in c.state.bands])
    computer = set(args.computer)
    for band in c.state.bands:
        if "all" in computer or band.id in computer:
            band.controller = "computer"
    humans = [b.id for b in c.state.bands if b.controller != "computer"]
    if humans:
        if args.headless:
            raise ContentError(args.file, "bands", "human bands play in the window ("
                               + ", ".join(humans) + "); use --computer all to play headless")
        return _window(args)
    if args.scenario is not None:
        _places_problem(args, args.scenario, len(c.state.playing()))
    from skirmish.app.i18n import translate

    recruit = translate(args.lang, "campaign.recruit")
    with files.locked(args.file):
        c = files.load(args.file)  # as it is now that no one else plays it
        for band in c.state.bands:
            band.controller = "computer"
        for _ in range(args.games):
            if c.state.phase == "over":
                break
            headless.play_game(c, args.file, args.scenario,
                               say=lambda line: _say(line) if not args.quiet else None,
                               recruit=recruit)
        files.save(c, args.file)
    if c.state.phase == "over":
        for line in standing(c):
            _say(line)
    return 0


def _window(args: argparse.Namespace) -> int:
    """Open the window on the campaign screen (human bands play there, in hot-seat)."""
    from skirmish.app.app import App
    from skirmish.app.config import AppConfig
    from skirmish.app.screens.campaign import CampaignScreen

    app = App(AppConfig(size=args.size, lang=args.lang))
    app.go(lambda: CampaignScreen(app, path=args.file))
    return app.run()


def _open(args: argparse.Namespace) -> int:
    if args.file is not None:
        from skirmish.campaign import files

        files.load(args.file)  # a broken file: one line, before any window
    return _window(args)


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}")
    return int(w), int(h)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``campaign`` on the ``skirmish`` command line."""
    p = sub.add_parser("campaign", help="a campaign: bands that play game after game")
    cs = p.add_subparsers(dest="campaign_command", required=True, metavar="ACTION",
                          help="new, show, play or window")
    n = cs.add_parser("new", help="start a campaign file")
    n.add_argument("file", metavar="FILE", help="the campaign file to write (JSON)")
    n.add_argument("--bands", nargs="+", required=True, metavar="WARBAND.toml",
                   help="the warband files of the bands")
    n.add_argument("--seed", type=int, default=1, metavar="S", help="dice seed of the campaign")
    n.add_argument("--name", metavar="NAME", help="campaign name (default: the file name)")
    n.add_argument("--computer", action="append", default=[], metavar="BAND|all",
                   help="band id played by the computer, or all (repeatable)")
    n.add_argument("--band-points", type=int, default=250, metavar="N",
                   help="starting budget (GAP-2)")
    n.add_argument("--vp-rate", type=float, default=1.0, metavar="R",
                   help="band points per VP (GAP-61)")
    n.add_argument("--no-advancement", action="store_true", help="[HOUSE] GAP-62 off")
    n.add_argument("--no-succession", action="store_true", help="[HOUSE] succession off")
    n.add_argument("--back-to-back", action="store_true", help="no rest between games (GAP-69)")
    n.add_argument("--scenario", default="open_field.toml", metavar="SCENARIO",
                   help="default scenario")
    n.add_argument("--force", action="store_true", help="replace an existing file")
    n.set_defaults(fn=_refusing(_new))
    s = cs.add_parser("show", help="rosters, band points and the games played")
    s.add_argument("file", metavar="FILE", help="a campaign file")
    s.set_defaults(fn=_refusing(_show))
    pl = cs.add_parser("play", help="play the next game(s); headless with --computer all")
    pl.add_argument("file", metavar="FILE", help="a campaign file")
    pl.add_argument("--scenario", metavar="SCENARIO",
                    help="scenario file (default: the campaign's)")
    pl.add_argument("--computer", action="append", default=[], metavar="BAND|all",
                    help="band id played by the computer, or all (repeatable)")
    pl.add_argument("--games", type=int, default=1, metavar="N", help="games to play")
    pl.add_argument("-q", "--quiet", action="store_true", help="no line per game")
    pl.add_argument("--headless", action="store_true",
                    help="never open the window (refused if a band is human)")
    pl.add_argument("--lang", choices=("en", "fr"), default="en", metavar="LANG",
                    help="window language, also naming the computer's recruits: en or fr")
    pl.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                    help="window size, e.g. 1920x1080")
    pl.set_defaults(fn=_refusing(_play))
    w = cs.add_parser("window", help="open the campaign screen (the campaigns saved, or FILE)")
    w.add_argument("file", nargs="?", metavar="FILE", help="a campaign file (default: the list)")
    w.add_argument("--lang", choices=("en", "fr"), default="en", metavar="LANG",
                   help="window language: en or fr")
    w.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                   help="window size, e.g. 1920x1080")
    w.set_defaults(fn=_open)


