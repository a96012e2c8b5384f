"""Many headless computer campaigns, for ``test_many_campaigns``: run in a child process
(``python -m tests.campaign.many FOLDER FIRST COUNT GAMES [TURNS]``) so that each set can
be run under its own PYTHONHASHSEED, and its files compared byte for byte.

The campaigns are drawn from a fixed stream (their dice seeds, two or three shipped bands,
a scenario with a place for each), the ones that once stopped first; each is made with
``skirmish campaign new`` and played with ``skirmish campaign play --games GAMES``, in
its own folder under FOLDER. One JSON line per campaign says how it went.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
from pathlib import Path

from skirmish.cli import main
from skirmish.locations import SCENARIOS

BANDS = ("dwarf_throng", "elf_rangers", "goblin_raiders", "human_militia", "ork_boyz",
         "ork_mob", "rat_pack", "survivors", "xeno_brood")
TWO_PLACES = ("open_field", "street_fight")
#: Campaigns that once stopped with a traceback: (seed, bands, scenario).
KNOWN = ((4242, ("dwarf_throng", "elf_rangers"), "open_field"),
         (5, ("dwarf_throng", "elf_rangers"), "open_field"),
         (1, ("human_militia", "ork_boyz"), "open_field"),
         (4, ("ork_boyz", "survivors", "rat_pack"), "three_band_brawl"))


def campaign(i: int) -> tuple[int, tuple[str, ...], str]:
    """The ``i``-th campaign: a known one, then drawn from a stream seeded by ``i``."""
    if i < len(KNOWN):
        return KNOWN[i]
    rng = random.Random(i)
    three = rng.random() < 0.3
    bands = tuple(rng.sample(BANDS, 3 if three else 2))
    scenario = "three_band_brawl" if three else rng.choice(TWO_PLACES)
    return rng.randrange(1 << 32), bands, scenario


def run(folder: Path, first: int, count: int, games: int, turns: int | None = None) -> None:
    from tests.sizes import short_scenario

    for i in range(first, first + count):
        seed, bands, scenario = campaign(i)
        here = folder / f"c{i:03d}"
        here.mkdir(parents=True)
        name = f"{scenario}.toml"
        if turns is not None:  # a shorter copy, named as the shipped one (same file bytes)
            short_scenario(here, scenario, turns)
        out = {"campaign": i, "seed": seed, "bands": bands, "scenario": scenario}
        os.chdir(here)  # the scenario is named relative to the campaign's folder
        files = [str(SCENARIOS / "warbands" / f"{b}.toml") for b in bands]
        with contextlib.redirect_stdout(io.StringIO()):
            out["new"] = main(["campaign", "new", "camp.json", "--bands", *files, "--seed",
                               str(seed), "--computer", "all", "--scenario", name])
            out["play"] = main(["campaign", "play", "camp.json", "--games", str(games),
                                "-q"])
            state = json.loads(Path("camp.json").read_text())
            played = [g["replay"] for g in state["games"] if g["replay"]]
            out["verify"] = main(["replay", "--verify", played[-1]]) if played else 0
        out["games"], out["phase"] = len(state["games"]), state["phase"]
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    folder, first, count, games = Path(sys.argv[1]), *map(int, sys.argv[2:5])
    run(folder.resolve(), first, count, games, int(sys.argv[5]) if len(sys.argv) > 5 else None)
