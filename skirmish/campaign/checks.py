"""The campaign file, checked as a scenario is: a file from anywhere (shared, edited by
hand, tampered with), once read within bounds (:mod:`~skirmish.campaign.reading`), is
checked field by field — ranges, catalogue ids, and every cross-reference between bands,
figures, games, the post-game queue, the decision waited for and the game under way —
so that ``show``, ``play`` and the window either get a campaign they can run and whose
games replay, or one line per problem, ``FILE: ENTRY: PROBLEM``, and nothing written.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

from skirmish.campaign import standing
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore, game_seed
from skirmish.campaign.flow import ABSENCE, HANDLERS
from skirmish.campaign.lasting import INJURIES
from skirmish.campaign.record import (
    MAX_BAND_POINTS,
    CampaignBand,
    CampaignState,
    GameRecord,
    Member,
)
from skirmish.content.band_rules import figure_problems
from skirmish.content.errors import Problem, quote
from skirmish.content.limits import (
    MAX_BANDS,
    MAX_BASE,
    MAX_CHANGE,
    MAX_FIGURES_PER_BAND,
    MAX_ID,
    MAX_INT,
    MAX_ITEMS_PER_FIGURE,
    MAX_NAME,
    MAX_XP,
    MIN_BASE,
)
from skirmish.content.models import Rulebook
from skirmish.rules.dice import Dice

#: Games a campaign may hold, and so the largest campaign seed whose games' dice seeds
#: (``game_seed``) stay within 63 bits.
MAX_GAMES = 10_000
MAX_SEED = (MAX_INT - MAX_GAMES) // 1_000_003
#: Band points per VP (GAP-61): 0 (VP buy nothing) up to this.
MAX_VP_RATE = 100.0
#: Members a band's roster may have held over the campaign (the dead stay on it).
MAX_MEMBERS = 1_000
#: Games a figure may still have to miss (each cause gives at most D3).
MAX_MISSES = 30
HEX_128 = 32
_OUTCOMES = frozenset({"in_play", "out_of_action", "dead", "fled", "reserve"})

__all__ = ["MAX_GAMES", "MAX_SEED", "MAX_VP_RATE", "state_problems"]


class _Found:
    """Problems of one file, each ``FILE: ENTRY: PROBLEM``."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def add(self, entry: str, problem: str) -> None:
        self.problems.append(Problem(self.file, entry, problem))

    def range(self, entry: str, value: float, low: float, high: float) -> None:
        if not (math.isfinite(value) and low <= value <= high):
            self.add(entry, f"must be from {low:g} to {high:g}, got {value:g}")

    def text(self, entry: str, value: str, limit: int, *, ident: bool = False) -> None:
        if len(value) > limit:
            self.add(entry, f"{len(value)} characters, at most {limit}")
        elif ident and not value.strip():
            self.add(entry, "is empty")
        elif ident and ":" in value:
            self.add(entry, f"an id may not contain ':', got {quote(value, 40)}")

    def known(self, entry: str, value: str | None, known: Callable[[str], bool],
              what: str) -> None:
        if value is not None and not known(value):
            self.add(entry, f"unknown {what} {quote(value, 40)}")


def state_problems(state: CampaignState, file: str, book: Rulebook) -> list[Problem]:
    """Every problem of a decoded campaign: bounds, ids, and cross-references."""
    f = _Found(file)
    f.text("name", state.name, MAX_NAME)
    f.range("seed", state.seed, 0, MAX_SEED)
    o = state.options
    f.range("options.band_points", o.band_points, 1, MAX_BAND_POINTS)
    f.range("options.vp_to_band_points", o.vp_to_band_points, 0, MAX_VP_RATE)
    f.text("options.scenario", o.scenario, 4096)
    if not 2 <= len(state.bands) <= MAX_BANDS:
        f.add("bands", f"a campaign has 2 to {MAX_BANDS} bands, this one {len(state.bands)}")
    ids = [b.id for b in state.bands]
    for i, band in enumerate(state.bands[:MAX_BANDS]):
        if ids.index(band.id) != i:
            f.add(f"bands[{i}].id", f"two bands have the id {quote(band.id, 40)}")
        _band(f, f"bands[{i}]", band, state, book)
    if len(state.games) > MAX_GAMES:
        f.add("games", f"{len(state.games)} games, at most {MAX_GAMES}")
        return f.problems
    for i, g in enumerate(state.games):
        _game(f, f"games[{i}]", g, i + 1, state)
    _dice(f, state)
    if not f.problems:
        _phase(f, state, book)
    return f.problems


def _band(f: _Found, where: str, band: CampaignBand, s: CampaignState, book: Rulebook) -> None:
    f.text(f"{where}.id", band.id, MAX_ID, ident=True)
    f.text(f"{where}.name", band.name, MAX_NAME)
    if band.name_fr is not None:
        f.text(f"{where}.name_fr", band.name_fr, MAX_NAME)
    f.known(f"{where}.race", band.race, book.races.__contains__, "race")
    f.range(f"{where}.band_points", band.band_points, 0, MAX_BAND_POINTS)
    f.text(f"{where}.source", band.source, 4096)
    for k, item in enumerate(band.stash[:MAX_MEMBERS]):
        f.known(f"{where}.stash[{k}]", item, lambda i: _item(book, i), "weapon or equipment")
    if len(band.stash) > MAX_MEMBERS:
        f.add(f"{where}.stash", f"{len(band.stash)} items, at most {MAX_MEMBERS}")
    if band.left is not None:
        f.range(f"{where}.left", band.left, 1, len(s.games))
    if len(band.members) > MAX_MEMBERS:
        f.add(f"{where}.members", f"{len(band.members)} members, at most {MAX_MEMBERS}")
        return
    active = sum(1 for m in band.members if m.status == "active")
    if active > MAX_FIGURES_PER_BAND:
        f.add(f"{where}.members", f"{active} figures fit to play, at most "
                                  f"{MAX_FIGURES_PER_BAND}")
    seen: set[str] = set()
    for k, m in enumerate(band.members):
        mw = f"{where}.members[{k}]"
        if m.id in seen:
            f.add(f"{mw}.spec.id", f"two figures have the id {quote(m.id, 40)}")
        seen.add(m.id)
        _member(f, mw, m, band, s, book)


def _item(book: Rulebook, item: str) -> bool:
    return item in book.equipment or item in book.melee_weapons or item in book.ranged_weapons


def _member(f: _Found, where: str, m: Member, band: CampaignBand, s: CampaignState,
            book: Rulebook) -> None:
    spec, sw = m.spec, f"{where}.spec"
    f.text(f"{sw}.id", spec.id, MAX_ID, ident=True)
    f.text(f"{sw}.name", spec.name, MAX_NAME)
    f.range(f"{sw}.xp", spec.xp, 0, MAX_XP)
    f.range(f"{sw}.base", spec.base, MIN_BASE, MAX_BASE)
    if spec.position is not None:
        f.add(f"{sw}.position", "a roster figure has no position (it is placed in each game)")
    for key in ("weapons", "equipment", "injuries", "advances"):
        if len(getattr(spec, key)) > MAX_ITEMS_PER_FIGURE:
            f.add(f"{sw}.{key}", f"at most {MAX_ITEMS_PER_FIGURE} per figure")
            return
    # An amputee keeps its kit until its owner says which weapon it keeps (GAP-66).
    choosing = any(isinstance(x, st.KeepWeapon) and (x.band, x.figure) == (band.id, m.id)
                   for x in s.queue)
    for p in figure_problems(spec, band.race, book):
        if not choosing or p.problem.startswith("unknown"):
            f.add(f"{sw}.{p.entry}", p.problem)
    for k, injury in enumerate(spec.injuries):
        f.known(f"{sw}.injuries[{k}]", injury, INJURIES.__contains__, "injury")
    for k, change in enumerate(spec.advances):
        f.range(f"{sw}.advances[{k}].value", change.value, -MAX_CHANGE, MAX_CHANGE)
    f.known(f"{sw}.hates", spec.hates, {b.id for b in s.bands}.__contains__, "band")
    f.range(f"{where}.misses", m.misses, 0, MAX_MISSES)
    if len(m.absences) > max(0, m.misses):
        f.add(f"{where}.absences", f"{len(m.absences)} absences for {m.misses} games missed")
    for k, rule in enumerate(m.absences[:MAX_MISSES]):
        f.known(f"{where}.absences[{k}]", rule, ABSENCE.__contains__, "cause of absence")
    for k, item in enumerate(m.lost[:MAX_MEMBERS]):
        f.known(f"{where}.lost[{k}]", item, lambda i: _item(book, i), "weapon or equipment")
    f.range(f"{where}.joined", m.joined, 0, len(s.games) + 1)
    f.range(f"{where}.games", m.games, 0, len(s.games) + 1)
    f.range(f"{where}.advance_rolls", m.advance_rolls, 0, MAX_XP)
    captor_ok = m.captor is not None and m.captor != band.id \
        and any(b.id == m.captor for b in s.bands)
    if m.status == "captured" and not captor_ok:
        f.add(f"{where}.captor", f"a captive needs its captor, another band of the campaign "
                                 f"(got {quote(m.captor, 40) if m.captor else 'none'})")
    if m.status not in ("captured", "lost") and m.captor is not None:
        f.add(f"{where}.captor", f"only a captive (or one lost to its captor) has a captor "
                                 f"(this figure is {m.status})")


def _game(f: _Found, where: str, g: GameRecord, index: int, s: CampaignState) -> None:
    if g.index != index:
        f.add(f"{where}.index", f"game {index} of the campaign, got {g.index}")
    bands = {b.id for b in s.bands}
    for key in ("vp", "band_points", "xp", "after", "roster_xp", "absent"):
        for b in getattr(g, key):
            f.known(f"{where}.{key}", b, bands.__contains__, "band")
    for key in ("vp", "band_points"):
        for b, v in getattr(g, key).items():
            f.range(f"{where}.{key}.{b}", v, -MAX_BAND_POINTS, MAX_BAND_POINTS)
    for b in (g.winner, *g.bands, *g.forfeit):
        f.known(f"{where}", b, bands.__contains__, "band")


def _dice(f: _Found, s: CampaignState) -> None:
    d = s.dice
    good = 0 <= d.seed <= MAX_INT and d.rolled >= 0 and all(
        0 < len(h) <= HEX_128 and all(c in "0123456789abcdefABCDEF" for c in h)
        for h in (d.state, d.inc))
    if good:
        try:
            Dice.restore(d)
        except (ValueError, OverflowError, TypeError):
            good = False
    if not good:
        f.add("dice", "not a dice state this program wrote (seed, state and inc as hex)")


def _phase(f: _Found, s: CampaignState, book: Rulebook) -> None:
    """What each phase has, and nothing else: a game under way has its record and its
    scenario, fielding the campaign's own figures; a post-game has its report and queue,
    and the decision waited for is the one its first step asks."""
    at_rest = s.phase in ("ready", "over")
    if at_rest and (s.current is not None or s.current_scenario is not None
                    or s.report is not None or s.queue or s.pending is not None):
        f.add("phase", f"a campaign {s.phase} has no game, post-game or decision under way")
        return
    if (s.phase == "over") != (s.result is not None):
        f.add("result", "only a campaign that is over has a result, and it has one")
    elif s.phase == "over" and len(s.playing()) > 1:
        f.add("phase", "over, yet more than one band is still in the campaign (D-10)")
    elif s.result is not None and s.result != standing.result(s.bands, s.games):
        f.add("result", "not the final standing of this campaign's games (D-10)")
    if at_rest:
        return
    cur = s.current
    if cur is None:
        f.add("current", f"a campaign {s.phase.replace('_', ' ')} needs its game's record")
        return
    if cur.index != len(s.games) + 1 or cur.seed != game_seed(s.seed, cur.index):
        f.add("current", f"not game {len(s.games) + 1} of this campaign (its index or "
                         f"dice seed differs)")
    _game(f, "current", cur, len(s.games) + 1, s)
    if s.phase == "in_game":
        if s.report is not None or s.queue or s.pending is not None:
            f.add("phase", "a game under way has no post-game yet")
        _game_scenario(f, s)
        return
    if s.report is None or not s.queue or not isinstance(s.queue[-1], st.Finish) \
            or s.pending is None:
        f.add("queue", "a post-game at rest has its game's report, its steps (ending with "
                       "Finish) and the decision it waits for")
        return
    _report(f, s)
    _queue(f, s)
    if not f.problems:
        _pending(f, s, book)


def _figure_ref(s: CampaignState, fid: str) -> Member | None:
    band_id, _, figure = fid.partition(":")
    band = next((b for b in s.bands if b.id == band_id), None)
    return next((m for m in band.members if m.id == figure), None) if band else None


def _report(f: _Found, s: CampaignState) -> None:
    assert s.report is not None
    bands = {b.id for b in s.bands}
    for b in s.report.vp:
        f.known("report.vp", b, bands.__contains__, "band")
    for i, o in enumerate(s.report.figures):
        where = f"report.figures[{i}]"
        if _figure_ref(s, o.figure) is None or o.figure.partition(":")[0] != o.band:
            f.add(f"{where}.figure", f"no figure {quote(o.figure, 40)} in the campaign")
        if o.status not in _OUTCOMES:
            f.add(f"{where}.status", f"unknown state {quote(o.status, 20)}")
        for by in (o.downed_by, *o.downed_by_all):
            if by is not None and _figure_ref(s, by) is None:
                f.add(f"{where}.downed_by", f"no figure {quote(by, 40)} in the campaign")


def _queue(f: _Found, s: CampaignState) -> None:
    for i, step in enumerate(s.queue):
        where = f"queue[{i}]"
        if getattr(step, "choice", None) is not None:
            f.add(f"{where}.choice", "a step waiting in the queue has no answer yet")
        band_id = getattr(step, "band", None)
        if band_id is not None and not any(b.id == band_id for b in s.bands):
            f.add(f"{where}.band", f"unknown band {quote(band_id, 40)}")
            continue
        for key in ("figure", "exchange"):
            fid = getattr(step, key, None)
            owner = getattr(step, "captor", None) if key == "exchange" else band_id
            if fid is not None and _figure_ref(s, f"{owner}:{fid}") is None:
                f.add(f"{where}.{key}", f"no figure {quote(fid, 40)} in {quote(owner, 40)}")
        captor = getattr(step, "captor", None)
        if captor is not None and not any(b.id == captor for b in s.bands):
            f.add(f"{where}.captor", f"unknown band {quote(captor, 40)}")
        if isinstance(step, st.PayFine):
            f.range(f"{where}.amount", step.amount, 1, 6)
        if isinstance(step, st.RansomAnswer):
            f.range(f"{where}.amount", step.amount, 0, MAX_BAND_POINTS)


def _pending(f: _Found, s: CampaignState, book: Rulebook) -> None:
    """The decision in the file is the one the first step in the queue asks, asked again
    on a copy of the campaign (no die is rolled before a question)."""
    assert s.pending is not None
    copy = msgspec.convert(msgspec.to_builtins(s), CampaignState)
    core = CampaignCore(copy, book=book, dice=Dice(0))
    copy.pending = None
    step = copy.queue.pop(0)
    try:
        HANDLERS[type(step)](core, step)  # type: ignore[operator]
    except (KeyError, ValueError, IndexError):
        copy.pending = None
    asked, found = copy.pending, s.pending
    same = asked is not None and (
        (asked.band, asked.kind, asked.figure, asked.default, asked.amount)
        == (found.band, found.kind, found.figure, found.default, found.amount)
        and [o.key for o in asked.options] == [o.key for o in found.options])
    if not same:
        f.add("pending", "not the decision the post-game waits for (its band, kind or "
                         "choices differ)")


def _game_scenario(f: _Found, s: CampaignState) -> None:
    """The game under way fields the bands still in the campaign, each with figures of its
    roster fit to play, as the roster has them; and its scenario passes the checks a
    replay's does (so the game's replay verifies)."""
    from skirmish.validate import embedded_scenario

    data = s.current_scenario
    if data is None:
        f.add("current_scenario", "a game under way needs its scenario")
        return
    checked = embedded_scenario(data, f.file)
    for p in checked.problems:
        entry = p.entry if p.entry.startswith("current_scenario") else \
            f"current_scenario.{p.entry}"
        f.add(entry, p.problem)
    if checked.problems:
        return
    scn = checked.record
    playing = [b.id for b in s.playing()]
    fielded = [e.warband.id for e in scn.bands]  # type: ignore[union-attr]
    if fielded != playing:
        f.add("current_scenario.bands", f"fields {', '.join(fielded)}; the campaign's bands "
                                        f"are {', '.join(playing)}")
        return
    for i, entry in enumerate(scn.bands):  # type: ignore[union-attr]
        band = s.band(entry.warband.id)
        for j, fig in enumerate(entry.warband.figures):
            where = f"current_scenario.bands[{i}].warband.figures[{j}]"
            m = next((x for x in band.members if x.id == fig.id), None)
            if m is None or m.status != "active":
                f.add(where, f"{quote(fig.id, 40)} is not a figure of {quote(band.id, 40)} "
                             f"fit to play ({m.status if m else 'no such figure'})")
            elif msgspec.structs.replace(fig, position=None) != m.spec:
                f.add(where, f"{quote(fig.id, 40)} is not as its roster has it")

