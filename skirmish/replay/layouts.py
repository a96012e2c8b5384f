"""The state encodings of earlier programs, so the hashes they recorded can be checked.

A replay's hashes are hashes of the game state's encoding (``Game.state_hash``). When the
state gains a field, every state encodes differently, and a file recorded before would
fail at its first hash although the game plays exactly as it did. A new field is left out
of the encoding while unset where it can be (``msgspec.UNSET``, ``omit_defaults``); where
it could not, the encoding before it is kept here as a :class:`Layout`, which rewrites
today's encoding as the earlier program wrote it. A replay of format 1 is checked in the
layout its start hash matches (``record.rerun``) and, when every hash and the result
agree, given today's hashes on load (``record.load``), which says so.

A new layout is added when a change to the state makes a stored file of
``tests/replay/corpus`` fail at its start: the layout before the change, and a new
format ``record.VERSION`` for the files written after it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from skirmish.rules.game import Game

_encode = msgspec.json.Encoder().encode
State = dict[str, Any]


@dataclass(frozen=True)
class Layout:
    """An earlier program's state encoding: ``project`` turns today's encoded state into
    that program's (None: a state that program could not have had)."""

    #: What the state lacked then, and when: "the state encoded without …, recorded …".
    without: str
    recorded: str
    project: Callable[[State], State | None]
    #: Why a game of that time may still part from today's engine (said on divergence).
    caveat: str = ""

    def describe(self) -> str:
        return f"the state encoded without {self.without} (recorded {self.recorded})"


def _before_back_to_back(state: State) -> State | None:
    """Before [R-CAMP-AMMO]'s ``back_to_back`` option (GAP-69) joined the options."""
    options = state.get("options")
    if not isinstance(options, dict) or options.get("back_to_back") is not False:
        return None
    state["options"] = {k: v for k, v in options.items() if k != "back_to_back"}
    return state


#: Newest first: the layouts files of format 1 may be in, besides today's.
LAYOUTS: tuple[Layout, ...] = (
    Layout("the back_to_back option", "before commit af5c3eb, 2026-11-26",
           _before_back_to_back,
           "rules fixed that day, before engines had versions, play otherwise: a jam ends "
           "a burst (GAP-37), Spot by pair (GAP-46), Charge and 'Être chargé' tests for "
           "every enemy contacted (D-5)"),
)


def state_hash(game: Game, layout: Layout | None) -> str | None:
    """``game``'s state hash as ``layout`` wrote it (None: today's, ``Game.state_hash``),
    or None when that layout cannot hold this state."""
    if layout is None:
        return game.state_hash()
    state = layout.project(msgspec.json.decode(_encode(game.state)))
    if state is None:
        return None
    data = _encode(state) + _encode(game.dice.snapshot())
    return hashlib.blake2b(data, digest_size=8).hexdigest()
