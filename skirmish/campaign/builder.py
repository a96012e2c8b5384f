"""The warband builder's engine: a band being written, checked at every step by the one
shared band check (:mod:`skirmish.content.band_rules`), priced item by item
(:mod:`skirmish.content.costs`), and saved as a warband TOML file that ``skirmish
validate`` accepts.

Every change that would make a figure illegal, put a second Chef or a third Sous-chef in
the band, or go over the budget is refused with its reason (and rule); what the band still
lacks as a whole (its Chef, a Sous-fifre) is listed by :meth:`Builder.problems` and blocks
saving only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import tomli_w

from skirmish.campaign.lasting import INJURIES
from skirmish.content.band_rules import BandProblem, band_problems, figure_problems
from skirmish.content.costs import BandCost, band_cost
from skirmish.content.errors import quote
from skirmish.content.loading import DEFAULT_BAND_POINTS
from skirmish.content.models import Rank, Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec, Setting, Warband
from skirmish.replay.files import slug as files_slug
from skirmish.replay.files import write_bytes_atomic
from skirmish.rules.frame.profile import figure_stats

MAX_PER_RANK = {Rank.CHEF: 1, Rank.SOUS_CHEF: 2}
#: The id of a band begun from scratch, until it is named.
NEW_ID = "new_band"


def slug(name: str, default: str = "figure") -> str:
    """An id (and file name) from a name: lower case ASCII, words joined by ``_``
    ("Les Rats d'Évreux" → ``les_rats_d_evreux``), as a save's file name is made."""
    return files_slug(name, default, limit=None, sep="_")


class Refused(Exception):
    """A change the band rules forbid; ``rule`` names the rule; ``key`` and ``params``
    say it in the window's language (``builder.problem.<key>``, as :class:`BandProblem`)."""

    def __init__(self, reason: str, rule: str, key: str = "",
                 params: tuple[tuple[str, int | str], ...] = (), figure: str = "") -> None:
        super().__init__(reason)
        self.rule, self.key, self.params, self.figure = rule, key, params, figure

    @classmethod
    def of(cls, problem: BandProblem, figure: str = "") -> Refused:
        """``problem`` refused, for ``figure`` (its name, said before the problem)."""
        return cls(f"{figure}: {problem.problem}" if figure else problem.problem,
                   problem.rule, problem.key, problem.params, figure)


class Builder:
    """A warband under construction (plain data in ``band``; every method checks)."""

    def __init__(self, band: Warband | None = None, *, budget: int = DEFAULT_BAND_POINTS,
                 book: Rulebook | None = None) -> None:
        self.book = book or load_rulebook()
        #: A band begun here (not loaded): its id follows its name until it is loaded.
        self.fresh = band is None
        self.band = band or Warband(id=NEW_ID, name="Nouvelle bande", race="none",
                                    setting="medieval", figures=())
        self.budget = budget

    # -- reading ---------------------------------------------------------------------------
    @property
    def setting(self) -> Setting:
        return self.band.setting or "medieval"

    def cost(self) -> BandCost:
        """[R-BAND-COST] Item by item, free items at 0 ([R-BAND-FREE], GAP-4)."""
        return band_cost(self.band, self.book, self.setting)

    def profile(self, figure: FigureSpec) -> dict[str, Any]:
        """The modified profile (race, trade, equipment) as the game will use it."""
        st = figure_stats(self.book, self.band, figure, {})
        return {"mvt": st.mvt, "cd": st.cd, "ct": st.ct, "ccc": st.ccc, "f": st.f,
                "r": st.r + st.armour, "pv": st.pv}

    def problems(self) -> list[BandProblem]:
        """Everything that still stops the band from taking the field: the band rules, and
        an injury no campaign knows (a band loaded from a file is saved as it came)."""
        out = band_problems(self.band, self.book, budget=self.budget, setting=self.setting)
        for i, f in enumerate(self.band.figures):
            out += [BandProblem(f"figures[{i}].injuries", f"unknown injury {quote(x, 40)}",
                                "R-CAMP-RET-HERO") for x in f.injuries if x not in INJURIES]
        return out

    def catalogue(self) -> list[tuple[str, str, int]]:
        """Every weapon and piece of equipment: (id, English name, catalogue cost)."""
        b = self.book
        return [(i, x.name_en, x.cost) for table in (b.melee_weapons, b.ranged_weapons,
                                                     b.equipment) for i, x in table.items()]

    # -- changing --------------------------------------------------------------------------
    def _commit(self, band: Warband, figure: FigureSpec | None = None) -> None:
        """Accept ``band`` unless ``figure`` breaks a rule or the budget is exceeded."""
        if figure is not None:
            bad = figure_problems(figure, band.race, self.book)
            if bad:
                raise Refused.of(bad[0], figure.name)
        for p in band_problems(band, self.book, budget=self.budget, setting=self.setting):
            if p.rule.startswith("R-BAND-COST"):
                raise Refused.of(p)
        self.band = band

    def set_band(self, **fields: Any) -> None:
        """Name, id, race, colour or setting; a race change must keep every figure legal.
        A band begun here takes its id (its file's name) from its name. A new name drops
        the French one a shipped band came with: it named the old band, and a French window
        would go on showing it."""
        if self.fresh and "name" in fields and "id" not in fields:
            fields["id"] = slug(fields["name"], NEW_ID)
        if "name" in fields and fields["name"] != self.band.name and "name_fr" not in fields:
            fields["name_fr"] = None
        band = msgspec.structs.replace(self.band, **fields)
        if band.race not in self.book.races:
            raise Refused(f"unknown race '{band.race}'", "R-RACE-OPT")
        for f in band.figures:
            self._check_figure(band, f)
        self._commit(band)

    def _check_figure(self, band: Warband, f: FigureSpec) -> None:
        bad = figure_problems(f, band.race, self.book)
        if bad:
            raise Refused.of(bad[0], f.name)

    def add_figure(self, rank: Rank | str, name: str) -> FigureSpec:
        """[R-BAND-COMP] at most one Chef and two Sous-chefs; the first dagger comes free."""
        rank = Rank(rank)
        limit = MAX_PER_RANK.get(rank)
        if limit is not None and sum(f.rank == rank for f in self.band.figures) >= limit:
            what = "1 Chef" if rank == Rank.CHEF else "2 Sous-chefs"
            raise Refused(f"a band has at most {what}", "R-BAND-COMP", f"at_most_{rank.value}",
                          (("n", limit),))
        if not name.strip():
            raise Refused("a figure needs a name", "R-BAND-COMP", "no_name")
        fig = FigureSpec(id=self._new_id(name), name=name.strip(), rank=rank)
        self._commit(msgspec.structs.replace(self.band, figures=(*self.band.figures, fig)), fig)
        return fig

    def remove_figure(self, fid: str) -> None:
        self.band = msgspec.structs.replace(
            self.band, figures=tuple(f for f in self.band.figures if f.id != fid))

    def add_item(self, fid: str, item: str) -> None:
        """A weapon or piece of equipment from the catalogues, at its cost."""
        fig = self._figure(fid)
        if item in self.book.ranged_weapons or item in self.book.melee_weapons:
            new = msgspec.structs.replace(fig, weapons=(*fig.weapons, item))
        elif item in self.book.equipment:
            new = msgspec.structs.replace(fig, equipment=(*fig.equipment, item))
        else:
            raise Refused(f"unknown weapon or equipment '{item}'", "R-WPN-GEN R-EQ-GEN")
        self._replace(new)

    def remove_item(self, fid: str, item: str) -> None:
        fig = self._figure(fid)
        weapons, equipment = list(fig.weapons), list(fig.equipment)
        (weapons if item in weapons else equipment).remove(item)
        self._replace(msgspec.structs.replace(fig, weapons=tuple(weapons),
                                              equipment=tuple(equipment)))

    def _replace(self, new: FigureSpec) -> None:
        figures = tuple(new if f.id == new.id else f for f in self.band.figures)
        self._commit(msgspec.structs.replace(self.band, figures=figures), new)

    def _figure(self, fid: str) -> FigureSpec:
        for f in self.band.figures:
            if f.id == fid:
                return f
        raise Refused(f"no figure '{fid}'", "R-BAND-COMP")

    def _new_id(self, name: str) -> str:
        base = slug(name)
        taken = {f.id for f in self.band.figures}
        out, n = base, 2
        while out in taken:
            out, n = f"{base}_{n}", n + 1
        return out

    # -- files -----------------------------------------------------------------------------
    def toml(self) -> str:
        """The warband file's text (``[band]`` and ``[[band.figures]]``)."""
        data = msgspec.to_builtins(self.band, order="deterministic")
        figures = []
        for f in data.pop("figures"):
            figures.append({k: v for k, v in f.items() if k in ("id", "name", "rank")
                            or (v not in (None, [], 0, False) and (k, v) != ("base", 1.0))})
        band = {k: v for k, v in data.items() if v is not None}
        band["figures"] = figures
        head = f"# {self.band.name}: worth {self.cost().total} of a {self.budget}-point budget\n"
        return head + tomli_w.dumps({"band": band})

    def save(self, path: str | Path) -> None:
        """Written atomically, only when the band is complete and legal."""
        bad = self.problems()
        if bad:
            raise Refused.of(bad[0])
        write_bytes_atomic(path, self.toml().encode("utf-8"))

    @classmethod
    def load(cls, path: str | Path, *, budget: int = DEFAULT_BAND_POINTS) -> Builder:
        from skirmish.content.loading import load_warband

        return cls(load_warband(path, band_points=None), budget=budget)
