"""Playing cards (RULESETS §0.5 S3, cards part; [K7-SUPPLIES], [K7-DEAL]).

A card is an int ``0 … 52 × decks − 1``: its deck (1…3), its suit (S, H, C, D) and its
rank (A, 2–10, J, Q, K) are read from it, so piles are plain lists of ints, saved and
hashed with the game state. The top of a pile is its last element.
"""

from __future__ import annotations

from typing import Literal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Pique, Cœur, Trèfle, Carreau ([K7-SUITS]), in §0.6's letters.
SUITS = ("S", "H", "C", "D")
SPADES, HEARTS, CLUBS, DIAMONDS = SUITS
PER_DECK = 52
#: The highest value a card can have ([GAP-K7-1]: K = 13, or A = 14 with the option).
TOP_VALUE = 13

Suit = Literal["S", "H", "C", "D"]


def deck_of(card: int) -> int:
    """1, 2 or 3."""
    return card // PER_DECK + 1


def suit_of(card: int) -> Suit:
    return SUITS[(card % PER_DECK) // 13]  # type: ignore[return-value]


def rank_of(card: int) -> str:
    return RANKS[card % 13]


def name_of(card: int) -> str:
    """§0.6 ``card``: rank then suit, ``"QH"``, ``"10S"``."""
    return rank_of(card) + suit_of(card)


def value_of(card: int, ace: int = 1) -> int:
    """[GAP-K7-1] A = 1 (or ``ace`` = 14), 2–10 as printed, J = 11, Q = 12, K = 13."""
    index = card % 13
    return ace if index == 0 else index + 1


def card_from(name: str, deck: int = 1) -> int:
    """The card ``name`` (``"QH"``) of ``deck``: tests stack piles with it."""
    rank, suit = name[:-1], name[-1]
    return (deck - 1) * PER_DECK + SUITS.index(suit) * 13 + RANKS.index(rank)


def full_pack(decks: int) -> list[int]:
    """Every card of ``decks`` decks, in order (before the seeded shuffle)."""
    return list(range(decks * PER_DECK))
