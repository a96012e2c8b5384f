"""The information boundary (RULESETS §0.5 S15, [GAP-K7-29]).

Face up, for every player: the hands, the discard pile, the cards on the tray and in the
wound holders. Face down, for every player alike — the owner of a pioche included
([K7-SOURCES]: "le joueur ne sait ni quelles cartes … ni quelle est la carte suivante"):
the general deck and every pioche. What a player does know of a face-down card is which
*generation* it belongs to (``Piles.gen``): the cards of a generation are the pack (0) or
the discard pile of a rebuilding (g ≥ 1), less those since turned face up, and which of
them lies where is unknown. :func:`unseen` gives those multisets, sorted, so nothing of
an order leaks; :func:`conceal` deals each generation's cards again among the face-down
places that hold it (determinization), so a look-ahead copy knows no more than a player.
"""

from __future__ import annotations

from skirmish.rules.dice import Dice
from skirmish.rules.kart7.piles import Piles, shuffle


def _places(piles: Piles) -> dict[int, list[tuple[list[int], int]]]:
    """Every face-down place, as (pile, index), by generation."""
    places: dict[int, list[tuple[list[int], int]]] = {}
    for i in range(len(piles.general)):
        places.setdefault(piles.gen, []).append((piles.general, i))
    for fid, pioche in piles.pioches.items():
        for i, g in enumerate(piles.pioche_gens[fid]):
            places.setdefault(g, []).append((pioche, i))
    return places


#: Face-down multisets already worked out, by :func:`layout` (a preview and the computer
#: ask for the same piles many times between two cards moving).
_UNSEEN: dict[tuple, dict[int, tuple[int, ...]]] = {}
MEMO = 512


def layout(piles: Piles) -> tuple:
    """Where every face-down card lies, and the general deck's generation and the discard
    pile: a key for what is worked out of the piles, cheap beside the work it saves."""
    return (piles.gen, tuple(piles.general), tuple(piles.discard),
            tuple((f, tuple(cards), tuple(piles.pioche_gens[f]))
                  for f, cards in piles.pioches.items()))


def remember(memo: dict, key: tuple, value: object) -> None:
    """Keep ``value`` under ``key``, forgetting everything once ``memo`` holds ``MEMO``."""
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = value


def unseen(piles: Piles) -> dict[int, tuple[int, ...]]:
    """By generation, the cards face down, sorted: what every player may know of them."""
    key = layout(piles)
    found = _UNSEEN.get(key)
    if found is None:
        found = {g: tuple(sorted(pile[i] for pile, i in where))
                 for g, where in _places(piles).items()}
        remember(_UNSEEN, key, found)
    return dict(found)


def conceal(piles: Piles, dice: Dice) -> None:
    """Deal each generation's face-down cards again, at random from ``dice`` (a look-ahead
    copy's forked stream), among the places that generation holds. The cards are sorted
    first, so the deal owes nothing to the order they lay in: two games that differ only
    there are concealed alike."""
    for where in _places(piles).values():
        cards = sorted(pile[i] for pile, i in where)
        shuffle(cards, dice)
        for (pile, i), card in zip(where, cards, strict=True):
            pile[i] = card


def next_gen(piles: Piles, figure: str) -> int:
    """The generation of ``figure``'s next pioche card; the general deck's when its pioche
    is empty (its first card then comes from there, [GAP-K7-4])."""
    gens = piles.pioche_gens.get(figure) or []
    return gens[-1] if gens else piles.gen
