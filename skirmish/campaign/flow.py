"""The order of things: starting a game, recording it, and running the post-game queue
(RULES.md §13 in order: return rolls and injuries, experience, band points, then fines
and captives — paid from the points the game gave, GAP-68 — and purchases)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from skirmish.campaign import captives, injuries, progress, shop, standing
from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore, game_seed
from skirmish.campaign.messages import refuse, said
from skirmish.campaign.record import GameRecord, Member, Note
from skirmish.campaign.report import GameReport
from skirmish.content.scenario import Scenario

#: Why a figure misses a game, by the rule that keeps it away (GAP-68).
ABSENCE = {"R-CAMP-INJ-35": "deep wound", "R-CAMP-JUDGE": "in prison",
           "R-CAMP-INJ-23": "light arm wound", "R-CAMP-POTION": "bad potion",
           "R-CAMP-INJ-32": "old war wound"}


def resolve_scenario(name: str) -> Path:
    """A scenario file as given, or one of the shipped ``scenarios/``."""
    from skirmish.locations import SCENARIOS

    p = Path(name)
    return p if p.is_file() else SCENARIOS / name


def begin_game(c: CampaignCore, scenario: str) -> None:
    """Who plays (missed games, [R-CAMP-INJ-32] old war wounds) and the game's scenario:
    the bands still in the campaign, in their places; a band that fields nobody forfeits
    (D-10)."""
    from skirmish.content.loading import load_scenario

    s = c.state
    if s.phase == "over":
        raise refuse("campaign_over")
    if s.phase != "ready":
        raise refuse("not_ready")
    playing = s.playing()
    base = load_scenario(resolve_scenario(scenario), rulebook=c.book)
    if len(base.bands) < len(playing):
        raise refuse("too_few_bands", scenario=scenario, places=len(base.bands),
                     bands=len(playing))
    index = c.next_index
    present: dict[str, list[Member]] = {}
    absent: dict[str, list[str]] = {}
    c.emit(ce.GameBegun(index=index, scenario=scenario, seed=game_seed(s.seed, index),
                        back_to_back=s.options.back_to_back,
                        **said("game_begun", index=index, scenario=base.name)))
    for band in playing:
        present[band.id], absent[band.id] = [], []
        for m in band.members:
            if m.status != "active":
                continue
            fid = f"{band.id}:{m.id}"
            why = ""
            if m.misses > 0:
                m.misses -= 1
                rule = m.absences.pop(0) if m.absences else "R-CAMP-INJ-35"
                why = ABSENCE[rule]
            elif "old_war_wound" in m.spec.injuries:
                (face,) = c.roll(1, rule="R-CAMP-INJ-32", key="roll_old_wound", who=fid,
                                 result=lambda f: "misses this game" if f[0] == 1 else "plays",
                                 figure=m.spec.name)
                if face == 1:
                    rule = "R-CAMP-INJ-32"
                    why = ABSENCE[rule]
            if why:
                absent[band.id].append(m.id)
                m.notes.append(Note(game=index, rule=rule, key="absent", text=why))
                c.emit(ce.Absent(figure=fid, rule=rule,
                                 **said("absent", figure=m.spec.name, why=why)))
            else:
                present[band.id].append(m)
    cur = _record(index, scenario, game_seed(s.seed, index), s.options.back_to_back, absent)
    cur.bands = [b.id for b in playing]
    cur.forfeit = [b.id for b in playing if not present[b.id]]
    if cur.forfeit:  # D-10: never a game with a band that fields nobody
        standing.forfeit(c, cur, present)
        return
    scn = c.build_scenario(base, present)
    _check_kit(c, scn)
    s.current = cur
    s.current_scenario = c.scenario_dict(scn)
    s.phase = "in_game"
    c.emit(ce.PhaseChanged(phase="in_game", **said("game_begun", index=index,
                                                     scenario=base.name)))


def _check_kit(c: CampaignCore, scn: Scenario) -> None:
    """Every figure that takes the field passes the shared band check (kit, hands, GAP-66);
    [R-BAND-COMP]'s counts and the budget are for new bands — losses and purchases change
    both."""
    from skirmish.content.band_rules import band_problems
    from skirmish.content.errors import ContentError, Problem

    problems = [Problem(f"campaign '{c.state.name}'", f"{e.warband.id}.{p.entry}", p.problem)
                for e in scn.bands
                for p in band_problems(e.warband, c.book, budget=None, setting=scn.setting,
                                       campaign=True)]
    if problems:
        raise ContentError.from_problems(problems)


def _record(index: int, scenario: str, seed: int, b2b: bool,
            absent: dict[str, list[str]]) -> GameRecord:
    return GameRecord(index=index, scenario=scenario, seed=seed, back_to_back=b2b,
                      absent={k: v for k, v in absent.items() if v})


def record_game(c: CampaignCore, report: GameReport) -> None:
    """The game is over: [R-CAMP-JAM] lost weapons, then queue the post-game procedure."""
    s = c.state
    if s.phase != "in_game" or s.current is None:
        raise refuse("not_in_game")
    cur = s.current
    if report.seed is not None and report.seed != cur.seed:  # never another game's result
        raise refuse("wrong_game", index=cur.index, seed=report.seed, expected=cur.seed)
    cur.vp, cur.winner, cur.replay, cur.log = dict(report.vp), report.winner, report.replay, \
        report.log
    s.report = report
    c.emit(ce.GameRecorded(index=cur.index, vp=dict(report.vp), winner=report.winner,
                           **said("game_recorded", index=cur.index)))
    queue: list[st.AnyStep] = []
    for band in s.bands:
        for m in band.members:
            o = c.outcome(band.id, m.id)
            if o is None:
                continue
            m.games += 1
            if m.spec.ignore_first_wound:  # [R-CAMP-POTION]: that game only
                m.spec = msgspec.structs.replace(m.spec, ignore_first_wound=False)
            if o.lost_weapons:
                injuries.lose_weapons(c, band, m, o.lost_weapons)
            queue.append(st.ReturnStep(band=band.id, figure=m.id))
    queue += [st.Experience(), st.ConvertVp(), st.Ransoms()]
    queue += [st.Succession(band=b.id) for b in s.playing()]
    queue += [st.Shop(band=b.id) for b in s.playing()]
    queue.append(st.Finish())
    s.queue = queue
    s.phase = "post_game"
    c.emit(ce.PhaseChanged(phase="post_game", text="Post-game", key="post_game"))


def finish(c: CampaignCore, step: st.Finish) -> None:
    s = c.state
    cur = s.current
    if cur is not None:
        cur.after = {b.id: b.band_points for b in s.bands}
        cur.roster_xp = {b.id: sum(m.spec.xp for m in b.roster()) for b in s.bands}
        s.games.append(cur)
        standing.leavers(c, cur.index)
    s.current = None
    s.current_scenario = None
    s.report = None
    if standing.over(c):
        return
    s.phase = "ready"
    c.emit(ce.PhaseChanged(phase="ready", **said("phase_ready")))


HANDLERS = {
    st.ReturnStep: injuries.return_step,
    st.InjuryRoll: injuries.injury_roll,
    st.ArmRoll: injuries.arm_roll,
    st.KeepWeapon: injuries.keep_weapon,
    st.PotionRoll: injuries.potion_roll,
    st.JudgeRoll: injuries.judge_roll,
    st.PayFine: injuries.pay_fine,
    st.Ransoms: captives.ransoms,
    st.RansomDemand: captives.demand,
    st.RansomAnswer: captives.answer,
    st.Experience: progress.experience,
    st.AdvanceRoll: progress.advance_roll,
    st.Promote: progress.promote,
    st.ConvertVp: progress.convert_vp,
    st.Succession: progress.succession,
    st.Shop: shop.open_shop,
    st.Finish: finish,
}


def run(c: CampaignCore) -> None:
    """Run queued steps until one waits for a decision or the queue is empty."""
    s = c.state
    while s.pending is None and s.queue:
        step = s.queue.pop(0)
        HANDLERS[type(step)](c, step)  # type: ignore[operator]
