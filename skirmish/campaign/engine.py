"""The campaign engine: ``apply(command)`` runs the between-games procedure of §13.

Like :class:`~skirmish.rules.game.Game`: one seeded :class:`~skirmish.rules.dice.Dice`,
commands in, events out, and decisions a player owns left ``pending`` until a command
answers them, so the window (hot-seat), the computer and headless runs share one path.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from skirmish.campaign import commands as cc
from skirmish.campaign import flow, shop
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.messages import refuse
from skirmish.campaign.record import CampaignBand, CampaignOptions, CampaignState, Controller, Member
from skirmish.content.models import Rulebook
from skirmish.content.warband import Warband
from skirmish.rules.dice import Dice
from skirmish.rules.events import DecisionTaken, Event


class Campaign(CampaignCore):
    """A campaign in progress around its :class:`CampaignState`: the commands that run
    the steps of §13 on it."""

    # -- making one ---------------------------------------------------------------------
    @classmethod
    def new(cls, name: str, bands: Sequence[tuple[Warband, Controller, str]], seed: int,
            options: CampaignOptions | None = None, *, book: Rulebook | None = None) -> Campaign:
        """A campaign between ``bands`` (warband, controller, source file) before game 1."""
        dice = Dice(seed)
        cbands = [
            CampaignBand(id=wb.id, name=wb.name, name_fr=wb.name_fr, race=wb.race,
                         colour=wb.colour, setting=wb.setting, controller=ctl, source=src,
                         members=[Member(spec=msgspec.structs.replace(f, position=None))
                                  for f in wb.figures])
            for wb, ctl, src in bands
        ]
        state = CampaignState(name=name, seed=seed, options=options or CampaignOptions(),
                              bands=cbands, dice=dice.snapshot())
        return cls(state, book=book, dice=dice)

    # -- playing ------------------------------------------------------------------------
    def apply(self, cmd: cc.CampaignCommand) -> list[Event]:
        """Check and apply ``cmd``; an illegal command raises ``IllegalCommand`` and changes
        nothing (checks come before any change)."""
        self._out = []
        if isinstance(cmd, cc.BeginGame):
            flow.begin_game(self, cmd.scenario)
        elif isinstance(cmd, cc.RecordGame):
            flow.record_game(self, cmd.report)
        elif isinstance(cmd, cc.Choose):
            self._choose(cmd.option)
        elif isinstance(cmd, cc.Buy | cc.Hire | cc.Done):
            shop.apply(self, cmd)
        else:  # pragma: no cover - the union is closed
            raise TypeError(cmd)
        self.state.commands.append(msgspec.to_builtins(cmd))
        flow.run(self)
        return self._out

    def _choose(self, option: str) -> None:
        p = self.state.pending
        if p is None or p.kind == "shop":
            raise refuse("no_decision")
        if not p.accepts(option):
            keys = [o.key for o in p.options]
            if p.amount is not None:
                keys.append(f"{p.amount.prefix}{p.amount.low}..{p.amount.high}")
            raise refuse("not_a_choice", option=option[:40], choices=", ".join(keys))
        if p.amount is not None and p.amount.accepts(option):  # ask:007 is ask:7
            option = f"{p.amount.prefix}{int(option.removeprefix(p.amount.prefix))}"
        step = self.state.queue.pop(0)
        self.state.queue.insert(0, msgspec.structs.replace(step, choice=option))
        self.state.pending = None
        self.emit(DecisionTaken(band=p.band, kind=p.kind, option=option))


def report_path(campaign_file: str | Path, index: int, suffix: str) -> Path:
    """Where game ``index``'s files go: beside the campaign file, named after it."""
    p = Path(campaign_file)
    return p.with_name(f"{p.stem}-game-{index:02d}{suffix}")


__all__ = ["Campaign", "report_path"]
