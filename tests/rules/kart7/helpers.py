"""Builders for KART 7 tests: the rules builders with ``ruleset = "kart7"``, and stacked
decks — the next cards of a pioche, a hand or the general deck set by name, top first."""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.content.scenario import Scenario
from skirmish.rules import commands as c
from skirmish.rules.events import Event
from skirmish.rules.game import Game
from skirmish.rules.kart7.cards import card_from
from skirmish.rules.kart7.events import CardDraw
from tests.rules.build import scenario, start


def k7_scenario(*bands: Any, **options: Any) -> Scenario:
    return msgspec.structs.replace(scenario(*bands, **options), ruleset="kart7")


def k7_start(scn: Scenario, *, first: str | None = None, seed: int = 1,
             hands: bool = True) -> Game:
    """A game at turn 1 (the scenario places every figure); ``first`` speaks first;
    without ``hands`` every hand goes under the general deck (no hand-card question)."""
    game = start(scn, seed=seed)
    if not hands:
        p = game.state.k7.piles
        for fid, hand in p.hands.items():
            p.general[:0] = hand
            p.hands[fid] = []
    if first is not None:
        s = game.state
        s.first_speaker = [b.id for b in s.bands].index(first)
        s.speaker = 0
    return game



def cards(*names: str) -> list[int]:
    """Cards by name, each of its own deck copy where a name repeats (``"7S"`` twice is
    the 7 of spades of decks 1 and 2), top first."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(card_from(n, deck=seen[n]))
    return out


def stack(game: Game, figure: str | None = None, *, pioche: tuple[str, ...] | None = None,
          hand: tuple[str, ...] | None = None, general: tuple[str, ...] | None = None) -> None:
    """Put the named cards on top of ``figure``'s pioche and the general deck (the rest of
    each pile stays under them), or make them ``figure``'s hand. A stacked card is taken
    out of wherever it lay, so the pack stays whole."""
    p = game.state.k7.piles
    wanted = [*(pioche or ()), *(hand or ()), *(general or ())]
    taken = set(cards(*wanted))
    for pile in (p.general, p.discard, *p.pioches.values(), *p.hands.values()):
        pile[:] = [x for x in pile if x not in taken]
    for fid, pioche_ in p.pioches.items():
        p.pioche_gens[fid] = [p.gen] * len(pioche_)
    named = iter(cards(*wanted))
    if pioche is not None and figure is not None:
        top = [next(named) for _ in pioche]
        p.pioches[figure] = p.pioches[figure] + list(reversed(top))
        p.pioche_gens[figure] = [p.gen] * len(p.pioches[figure])
    if hand is not None and figure is not None:
        p.general[:0] = p.hands[figure]  # the hand it had goes under the general deck
        p.hands[figure] = [next(named) for _ in hand]
    if general is not None:
        top = [next(named) for _ in general]
        p.general = p.general + list(reversed(top))


def draws(events: list[Event], rule: str | None = None) -> list[CardDraw]:
    return [e for e in events if isinstance(e, CardDraw) and (rule is None or e.rule == rule)]


def declare(game: Game, figure: str, action: str, **kw: Any) -> list[Event]:
    return game.apply(c.Declare(figure=figure, action=action, **kw))


def decline(game: Game, band: str) -> list[Event]:
    return game.apply(c.Decline(band=band))


def answer(game: Game, option: str) -> list[Event]:
    return game.apply(c.Choose(option=option))


def resolve_turn(game: Game, face: str = "face") -> None:
    """The sides still to speak pass; then every question the resolution asks is answered
    (``face`` to a face-or-ignore, no hand card kept otherwise) until the turn is over."""
    turn = game.state.turn
    while game.state.turn == turn and not game.over:
        if game.state.pending is not None:
            answer(game, face if game.state.pending.kind == "face" else "keep")
        else:
            decline(game, game.to_act)
