"""The card service (RULESETS §0.5 S3): the general deck, the discard pile and, per
figure, the face-down pioche and the face-up hand; seeded shuffles, draws, moves and the
rebuilding of the general deck, each deck operation one event ([K7-DEAL], [GAP-K7-2]).

The piles are lists of cards (``cards.py``) in the game state, so they are saved, hashed
and replayed with it; every shuffle takes its randomness from the game's one seeded
:class:`~skirmish.rules.dice.Dice` stream (a Fisher–Yates shuffle, one die per card), so
the decks' order follows from the seed. A pile's top is its last card.
"""

from __future__ import annotations

import msgspec

from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.kart7.cards import full_pack, name_of
from skirmish.rules.kart7.events import CardsDealt, DeckShuffled, PiocheRefilled


class Piles(msgspec.Struct, kw_only=True):
    """The shared piles, and each figure's pioche and hand by figure id (face down and
    face up; the wound holders are the figure's own state). ``draws`` counts the draws
    made, the number each :class:`~skirmish.rules.kart7.events.CardDraw` carries.

    ``gen`` counts the general deck's rebuildings: the deck of generation 0 is the
    shuffled pack, that of generation g the discard pile at its g-th rebuilding, whose
    cards everyone has seen. Each pioche card keeps the generation of the deck it came
    from (``pioche_gens``, public: the refills say when), so what a player knows of a
    face-down card is which generation it belongs to (``visibility.py``)."""

    general: list[int] = []
    discard: list[int] = []
    pioches: dict[str, list[int]] = {}
    pioche_gens: dict[str, list[int]] = {}
    hands: dict[str, list[int]] = {}
    #: Cards drawn face up for the action resolving now, until it discards or files them.
    tray: list[int] = []
    gen: int = 0
    draws: int = 0


def shuffle(cards: list[int], dice: Dice) -> None:
    """Fisher–Yates in place, each swap chosen by one die of the game's stream."""
    for i in range(len(cards) - 1, 0, -1):
        j = dice.die(i + 1) - 1
        cards[i], cards[j] = cards[j], cards[i]


def set_up(piles: Piles, decks: int, dice: Dice) -> list[Event]:
    """[K7-DEAL] [GAP-K7-2] ``decks`` decks shuffled together into the general deck."""
    piles.general = full_pack(decks)
    shuffle(piles.general, dice)
    return [DeckShuffled(rule="GAP-K7-2", reason="setup", cards=len(piles.general))]


def deal(piles: Piles, figure: str, hand: int, pioche: int, dice: Dice) -> list[Event]:
    """[K7-DEAL] ``hand`` cards face up, then ``pioche`` face down, from the general deck."""
    events: list[Event] = []
    piles.hands[figure] = [c for _ in range(hand) if (c := take_general(piles, dice, events))
                           is not None]
    piles.pioches[figure], piles.pioche_gens[figure] = [], []
    for _ in range(pioche):
        card = take_general(piles, dice, events)
        if card is not None:
            piles.pioches[figure].append(card)
            piles.pioche_gens[figure].append(piles.gen)
    events.append(CardsDealt(figure=figure, hand=tuple(name_of(c) for c in piles.hands[figure]),
                             pioche=len(piles.pioches[figure])))
    return events


def take_general(piles: Piles, dice: Dice, events: list[Event]) -> int | None:
    """The general deck's top card; an empty deck is first rebuilt from the discard pile,
    shuffled ([GAP-K7-2]). None when neither holds a card (every card is in a pioche, a
    hand or a wound holder): the draw is then a card short."""
    if not piles.general and piles.discard:
        piles.general, piles.discard = piles.discard, []
        piles.gen += 1
        shuffle(piles.general, dice)
        events.append(DeckShuffled(rule="GAP-K7-2", reason="reshuffle", cards=len(piles.general)))
    return piles.general.pop() if piles.general else None


def take_pioche(piles: Piles, figure: str) -> int | None:
    """The top card of ``figure``'s pioche, None when it is empty ([GAP-K7-4])."""
    pioche = piles.pioches[figure]
    if not pioche:
        return None
    piles.pioche_gens[figure].pop()
    return pioche.pop()


def refill(piles: Piles, figure: str, n: int, maximum: int, dice: Dice, rule: str
           ) -> list[Event]:
    """Up to ``n`` cards from the general deck onto ``figure``'s pioche, face down, never
    past ``maximum`` ([K7-MANOEUVRES] Ressource, [K7-SUPPORT] Récupération)."""
    events: list[Event] = []
    pioche = piles.pioches[figure]
    added = 0
    while added < n and len(pioche) < maximum:
        card = take_general(piles, dice, events)
        if card is None:
            break
        pioche.append(card)
        piles.pioche_gens[figure].append(piles.gen)
        added += 1
    events.append(PiocheRefilled(rule=rule, figure=figure, added=added, pioche=len(pioche)))
    return events


def clear_tray(piles: Piles, keep: set[int]) -> None:
    """The action is over: its drawn cards go face up on the discard pile, but those in
    ``keep`` (filed as wounds) (§4.d step 7)."""
    piles.discard.extend(c for c in piles.tray if c not in keep)
    piles.tray = []
