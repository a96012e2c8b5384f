"""A campaign game as the window keeps it between sittings.

Each campaign game has its own save beside the campaign file (``NAME-game-02.save.json``),
written with every autosave and when the player leaves the table, so "Resume game N"
continues that game where it was left (the generic autosaves are pruned to a few and
shared by every game). Every save of a campaign game also carries a link to its campaign
(``meta["campaign"]``: the file and the game's number), so a game loaded from "Load game"
still leads to the campaign's post-game. Saves without the link load as single games.

A game's result reaches its campaign once: only while the campaign waits for that very
game (same number and dice seed, [R-CAMP-DEF]); an older save finished again is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skirmish.app.paths import saves_dir
from skirmish.app.saves import CAMPAIGN_SAVE, link_from_meta, link_meta
from skirmish.app.session import Session
from skirmish.campaign.engine import Campaign, report_path
from skirmish.content.errors import ContentError
from skirmish.content.loading import scenario_to_dict
from skirmish.replay.files import read_json

BROKEN = ".broken"


def game_save_path(campaign_file: str | Path, index: int) -> Path:
    """Where game ``index`` of the campaign is kept while it is played."""
    return report_path(campaign_file, index, CAMPAIGN_SAVE)


def refusal(camp: Campaign, session: Any) -> tuple[str, dict[str, Any]] | None:
    """Why ``session``'s result must not be applied to ``camp`` (a translation key and
    its parameters), or None when the campaign waits for exactly this game."""
    cur = camp.state.current
    index = getattr(session, "campaign_game", None)
    if index is None:  # a session linked by the file alone: the seed decides
        index = cur.index if cur is not None else len(camp.state.games)
    if camp.state.phase != "in_game" or cur is None or cur.index != index \
            or cur.seed != session.game.seed:
        recorded = any(g.index == index for g in camp.state.games) or (
            cur is not None and cur.index == index and camp.state.phase != "in_game")
        key = "campaign.already_recorded" if recorded else "campaign.not_this_game"
        return key, {"index": index}
    return None


def keep_broken(path: Path) -> Path:
    """Move a save that cannot be resumed aside (``….save.json.broken``, numbered if
    that is taken), so a fresh game never overwrites it."""
    target = path.with_name(path.name + BROKEN)
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}{BROKEN}-{n}")
        n += 1
    path.replace(target)
    return target


def same_scenario(scenario: Any, data: dict[str, Any] | None) -> bool:
    """``scenario`` is the one the campaign stored for its game (compared as JSON)."""
    return json.dumps(scenario_to_dict(scenario), sort_keys=True) == \
        json.dumps(data, sort_keys=True)


def older_save(camp: Campaign, campaign_file: Path) -> Path | None:
    """The newest save in the saves folder of the game under way, for a game begun before
    campaign games had their own save: same dice seed and scenario, and no link to another
    campaign or game."""
    cur = camp.state.current
    folder = saves_dir()
    if cur is None or not folder.is_dir():
        return None
    here = link_meta(str(campaign_file), cur.index)
    found = []
    for p in folder.glob("*.json"):
        try:
            data = read_json(p)
        except (ContentError, OSError):
            continue
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else None
        link = link_from_meta(meta)
        if data.get("seed") == cur.seed and data.get("scenario") == camp.state.current_scenario \
                and (link is None or (link[0], link[1]) == (here["file"], here["game"])):
            found.append((p.stat().st_mtime, p.name, p))
    return max(found)[2] if found else None


def resume(camp: Campaign, campaign_file: Path) -> tuple[Any, str | None]:
    """The session of the campaign's game under way: from its save if there is one that
    loads and is this game (else from the newest autosave or save of it, for games begun
    by older versions), else fresh. The second value is what went wrong with a save that
    was there (the file named, its problem, where it was kept), for the player."""
    from skirmish.campaign.headless import campaign_game

    cur = camp.state.current
    assert cur is not None
    path = game_save_path(campaign_file, cur.index)
    problem = None
    own = path.exists()
    if not own:
        path = older_save(camp, campaign_file) or path
    if path.exists():
        try:
            session = Session.load(path)
            if session.game.seed != cur.seed:
                raise ContentError(str(path), "seed", f"game seed {session.game.seed} is not "
                                   f"game {cur.index}'s ({cur.seed})")
            if not same_scenario(session.game.scenario, camp.state.current_scenario):
                raise ContentError(str(path), "scenario", f"not the table and bands of game "
                                   f"{cur.index}")
        except ContentError as e:
            problem = "; ".join(str(p) for p in e.problems)
        except Exception as e:  # noqa: BLE001 - a broken save must not stop the campaign
            problem = f"{path}: {type(e).__name__}: {e}"
        else:
            link(session, campaign_file, cur.index)
            return session, None
        if own:  # its own save is moved aside; another save is left where it is
            try:
                problem = f"{problem[:300]} → {keep_broken(path)}"
            except OSError as e:
                problem = f"{problem[:300]} ({path} kept: {type(e).__name__}: {e})"
    session = Session(campaign_game(camp.game_scenario(), cur.seed, undo=True),
                      ai_seed=cur.seed)
    link(session, campaign_file, cur.index)
    return session, problem


def link(session: Any, campaign_file: str | Path, index: int) -> None:
    """Mark ``session`` as game ``index`` of the campaign in ``campaign_file``."""
    session.campaign_path = str(campaign_file)
    session.campaign_game = index
