"""What every step of the between-games procedure (§13) works on: the campaign's state,
its rulebook and dice, and the log its rolls and decisions go to.

The steps (``flow``, ``injuries``, ``captives``, ``progress``, ``shop``) take a
:class:`CampaignCore`; :class:`~skirmish.campaign.engine.Campaign` adds the commands that
drive them, so no step imports the engine that runs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from skirmish.campaign import events as ce
from skirmish.campaign.messages import refuse, say
from skirmish.campaign.record import (
    AmountChoice,
    CampaignBand,
    CampaignState,
    DecisionOption,
    Member,
    Pending,
)
from skirmish.campaign.report import FigureOutcome
from skirmish.campaign.steps import AnyStep, Ransoms
from skirmish.content.loading import scenario_to_dict
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario, field_band
from skirmish.rules.dice import Dice
from skirmish.rules.events import DecisionNeeded, Event, Roll
from skirmish.rules.frame.profile import figure_stats

#: Characteristics shown before and after a change (the card's order).
SHOWN = ("mvt", "cd", "ct", "ccc", "f", "r", "pv")


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of the campaign."""
    return seed * 1_000_003 + index


class CampaignCore:
    """A campaign's state with its rulebook and dice, as the steps of §13 use it."""

    def __init__(self, state: CampaignState, *, book: Rulebook | None = None,
                 dice: Dice | None = None) -> None:
        self.state = state
        self.book = book or load_rulebook()
        self.dice = dice if dice is not None else Dice.restore(state.dice)
        self._out: list[Event] = []

    # -- reading ------------------------------------------------------------------------
    @property
    def log(self) -> list[Any]:
        return self.state.log

    @property
    def pending(self) -> Pending | None:
        return self.state.pending

    @property
    def to_act(self) -> str | None:
        return self.state.pending.band if self.state.pending else None

    @property
    def next_index(self) -> int:
        return len(self.state.games) + 1

    def band(self, band_id: str) -> CampaignBand:
        return self.state.band(band_id)

    def profile(self, band: CampaignBand, member: Member) -> dict[str, Any]:
        """The figure's next-game profile (race, advances, lasting injuries, equipment)."""
        st = figure_stats(self.book, band.warband([member]), member.spec, self.game_options())
        return {"mvt": st.mvt, "cd": st.cd, "ct": st.ct, "ccc": st.ccc, "f": st.f,
                "r": st.r + st.armour, "pv": st.pv}

    def game_options(self) -> dict[str, Any]:
        o = self.state.options
        return {"vp_to_band_points": o.vp_to_band_points, "advancement": o.advancement,
                "back_to_back": o.back_to_back}

    def snapshot(self) -> CampaignState:
        """The state with the dice where they are now (what a save writes)."""
        self.state.dice = self.dice.snapshot()
        return self.state

    # -- emitting -----------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.state.log.append(event)  # type: ignore[arg-type]
        self._out.append(event)

    def roll(self, n: int, *, rule: str, key: str, who: str | None = None,
             result: Callable[[tuple[int, ...]], str] | None = None,
             inputs: dict[str, Any] | None = None, **params: object) -> tuple[int, ...]:
        """``n`` d6 for ``rule``, logged as a :class:`Roll` read on a table."""
        faces = self.dice.roll(n)
        self.emit(Roll(rule=rule, label=say(key, **params), key=f"campaign.{key}",
                       params=params, dice=faces, compare="table", figure=who,
                       result=result(faces) if result else None, inputs=inputs or {}))
        return faces

    def push(self, *steps: AnyStep) -> None:
        """Run ``steps`` next, in this order, before what is already queued."""
        self.state.queue[0:0] = list(steps)

    def settle_later(self, step: AnyStep) -> None:
        """Run ``step`` with the ransoms, once every band has converted this game's VP
        (GAP-68: fines and ransoms are paid from the band points the game gave)."""
        q = self.state.queue
        at = next((i for i, x in enumerate(q) if isinstance(x, Ransoms)), len(q))
        q.insert(at, step)

    def ask(self, step: AnyStep, owner: str, kind: str, key: str,
            options: Sequence[tuple[str, str, dict[str, Any]]], default: str,
            figure: str | None = None, number: AmountChoice | None = None,
            **params: Any) -> None:
        """Leave ``step`` waiting for ``owner``'s answer (options: key, text key, params;
        ``number``: any whole number in its range is an answer too)."""
        opts = tuple(DecisionOption(key=k, label=say(t, **p), label_key=f"campaign.{t}",
                                    params=p) for k, t, p in options)
        prompt = say(key, **params)
        self.state.pending = Pending(band=owner, kind=kind, prompt=prompt, figure=figure,
                                     options=opts, default=default, params=params,
                                     prompt_key=f"campaign.{key}", amount=number)
        self.push(step)
        self.emit(DecisionNeeded(band=owner, kind=kind, prompt=prompt))

    def change_profile(self, band: CampaignBand, member: Member, rule: str,
                       change: Callable[[], None], **event: Any) -> None:
        """Apply ``change`` to ``member`` and log its profile before and after."""
        before = self.profile(band, member)
        change()
        after = self.profile(band, member)
        self.emit(ce.ProfileChanged(figure=f"{band.id}:{member.id}", before=before,
                                    after=after, rule=rule, **event))

    def outcome(self, band: str, figure: str) -> FigureOutcome | None:
        report = self.state.report
        if report is None:
            return None
        fid = f"{band}:{figure}"
        return next((o for o in report.figures if o.figure == fid), None)

    # -- the game the campaign plays next ------------------------------------------------
    def game_scenario(self) -> Scenario:
        """The scenario of the game under way (its bands are the campaign's, as they are
        after injuries and losses: a band may field fewer figures than [R-BAND-COMP] asks
        of a new band)."""
        if self.state.current_scenario is None:
            raise refuse("not_in_game")
        return msgspec.convert(self.state.current_scenario, Scenario)

    def build_scenario(self, base: Scenario, present: dict[str, list[Member]]) -> Scenario:
        """``base`` with the bands of ``present`` (those still in the campaign, D-10) in its
        first places, each fielding its figures there."""
        bands = [b for b in self.state.bands if b.id in present]
        entries = []
        for i, band in enumerate(bands):
            entries.append(field_band(base.bands[i], band.warband(present[band.id]),
                                      band.controller))
        from skirmish.content.costs import band_value

        worth = max(band_value(e.warband, self.book, base.setting) for e in entries)
        budget = max(int(base.options.get("band_points", self.state.options.band_points)),
                     worth)
        options = {**base.options, **self.game_options(), "band_points": budget}
        return msgspec.structs.replace(base, bands=tuple(entries), options=options, campaign=True)

    @staticmethod
    def scenario_dict(scenario: Scenario) -> dict[str, Any]:
        return scenario_to_dict(scenario)
