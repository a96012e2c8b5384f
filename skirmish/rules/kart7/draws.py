"""Draws ([K7-DRAW], [K7-DIFFICULTY], RULESETS §4.d "Every draw").

A difficulty is a level: −2 Très facile, −1 Facile, 0 Moyenne, +1 Difficile, +2 Très
difficile; further out each level adds a card and keeps the any / all rule ([GAP-K7-8]).
The first card comes from the figure's pioche (or the hand for a Ressource), the others
from the general deck; a Diamond first card cancels a court-circuit's extra level before
the others are drawn ([GAP-K7-28]); an empty pioche makes the general deck give the first
card, one level harder ([GAP-K7-4]). The retained card is the best success ("any") or the
worst card ("all"); its value is the quality and its suit the bonus ([K7-SUITS]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from skirmish.rules.dice import Dice
from skirmish.rules.events import Event, good_if
from skirmish.rules.kart7.cards import deck_of, name_of, suit_of, value_of
from skirmish.rules.kart7.events import AnyAll, CardDraw, CardEntry, CardReplaced, DrawNeed, Source
from skirmish.rules.kart7.piles import Piles, take_general, take_pioche

#: The threshold of a high-card draw (the first speaker, a tie broken): no card fails.
HIGH_CARD = 99
LEVEL_NAMES = {-2: "Très facile", -1: "Facile", 0: "Moyenne", 1: "Difficile",
               2: "Très difficile"}


def cards_for(level: int) -> int:
    """[K7-DIFFICULTY] one card at Moyenne, one more per level either way."""
    return 1 + abs(level)


def rule_for(level: int) -> AnyAll:
    """Easier draws need one success ("any"), harder ones every card ("all")."""
    return "any" if level < 0 else "all" if level > 0 else "one"


def level_name(level: int) -> str:
    if level in LEVEL_NAMES:
        return LEVEL_NAMES[level]
    return f"{LEVEL_NAMES[2 if level > 0 else -2]} {'+' if level > 0 else '−'}{abs(level) - 2}"


def judge(values: Sequence[int], threshold: int, rule: AnyAll,
          suits: Sequence[str] = (), prefer: str | None = None) -> int | None:
    """The index of the retained card, None when the draw fails. "any": the best success,
    "all" (and "one"): the worst card, every card a success. Between equal values the
    card of suit ``prefer`` (the one whose bonus applies), else the first drawn."""
    if not values:
        return None
    if rule == "any":
        ok = [i for i, v in enumerate(values) if v <= threshold]
        if not ok:
            return None
        best = max(values[i] for i in ok)
        tied = [i for i in ok if values[i] == best]
    else:
        if any(v > threshold for v in values):
            return None
        worst = min(values)
        tied = [i for i, v in enumerate(values) if v == worst]
    for i in tied:
        if prefer is not None and i < len(suits) and suits[i] == prefer:
            return i
    return tied[0]


class Drawn(msgspec.Struct, kw_only=True):
    """A draw's cards in the order drawn, where each came from, and its result: the live
    record an action keeps while it resolves (replacements change it)."""

    number: int
    figure: str
    cards: list[int]
    sources: list[Source]
    threshold: int
    level: int
    prefer: str | None = None
    retained: int | None = None

    @property
    def success(self) -> bool:
        return self.retained is not None

    def quality(self, ace: int) -> int:
        return 0 if self.retained is None else value_of(self.cards[self.retained], ace)

    def retained_card(self) -> int | None:
        return None if self.retained is None else self.cards[self.retained]

    def values(self, ace: int) -> list[int]:
        return [value_of(c, ace) for c in self.cards]

    def rejudge(self, ace: int) -> None:
        self.retained = judge(self.values(ace), self.threshold, rule_for(self.level),
                              [suit_of(c) for c in self.cards], self.prefer)

    def failing(self, ace: int) -> list[int]:
        """Indices of the cards above the threshold."""
        return [i for i, v in enumerate(self.values(ace)) if v > self.threshold]


class DrawRequest(msgspec.Struct, frozen=True, kw_only=True):
    """What to draw: for whom, under which threshold, at which level; ``first`` where
    the first card comes from (``hand_card`` when from the hand); ``carreau`` the extra
    levels a Diamond first card cancels."""

    figure: str
    threshold: int
    level: int
    rule: str
    label: str
    first: Literal["pioche", "hand", "general"] = "pioche"
    hand_card: int | None = None
    carreau: int = 0
    prefer: str | None = None
    target: str | None = None
    inputs: dict[str, Any] = {}
    key: str = ""
    params: dict[str, Any] = {}


def draw(piles: Piles, dice: Dice, req: DrawRequest, ace: int,
         empty: Literal["harder", "fail"] = "harder") -> tuple[Drawn, list[Event]]:
    """Make ``req``'s draw: the cards leave their piles for ``piles.tray``, face up, where
    they stay until the action is over (``piles.clear_tray``). ``empty`` is what an
    empty pioche does ([GAP-K7-4])."""
    events: list[Event] = []
    level = req.level
    inputs = dict(req.inputs)
    cards: list[int] = []
    sources: list[Source] = []
    first: int | None
    if req.first == "hand" and req.hand_card is not None:
        piles.hands[req.figure].remove(req.hand_card)
        first, source = req.hand_card, "hand"
    elif req.first == "general":
        first, source = take_general(piles, dice, events), "general"
    else:
        first, source = take_pioche(piles, req.figure), "pioche"
        if first is None:
            inputs["epuise"] = True  # [GAP-K7-4]
            if empty == "fail":
                return _record(piles, req, [], [], level, None, inputs, ace, events)
            level += 1
            first, source = take_general(piles, dice, events), "general"
    if first is not None:
        cards.append(first)
        sources.append(source)  # type: ignore[arg-type]
        if req.carreau and suit_of(first) == "D":
            level -= req.carreau  # [GAP-K7-28] [K7-SUITS] Carreau
            inputs["carreau"] = req.carreau
    while len(cards) < cards_for(level):
        card = take_general(piles, dice, events)
        if card is None:
            break
        cards.append(card)
        sources.append("general")
    retained = judge([value_of(c, ace) for c in cards], req.threshold, rule_for(level),
                     [suit_of(c) for c in cards], req.prefer)
    if len(cards) < cards_for(level):
        retained = None  # a card short: the decks ran dry
    return _record(piles, req, cards, sources, level, retained, inputs, ace, events)


def _record(piles: Piles, req: DrawRequest, cards: list[int], sources: list[Source],
            level: int, retained: int | None, inputs: dict[str, Any], ace: int,
            events: list[Event]) -> tuple[Drawn, list[Event]]:
    piles.draws += 1
    piles.tray.extend(cards)
    drawn = Drawn(number=piles.draws, figure=req.figure, cards=cards, sources=sources,
                  threshold=req.threshold, level=level, prefer=req.prefer, retained=retained)
    events.append(draw_event(drawn, req, inputs, ace))
    return drawn, events


def entry(card: int, source: Source, threshold: int, ace: int) -> CardEntry:
    value = value_of(card, ace)
    return CardEntry(card=name_of(card), deck=deck_of(card), source=source, value=value,
                     success=value <= threshold)


def draw_event(drawn: Drawn, req: DrawRequest, inputs: dict[str, Any], ace: int) -> CardDraw:
    values = drawn.values(ace)
    retained = drawn.retained_card()
    quality = drawn.quality(ace)
    return CardDraw(
        rule=req.rule, label=req.label, dice=tuple(values), need=req.threshold, compare="<=",
        success=drawn.success, inputs={**inputs, "level": level_name(drawn.level)},
        figure=req.figure, target=req.target,
        result=f"{name_of(retained)}: quality {quality}" if retained is not None else "failure",
        outcome=good_if(drawn.success), key=req.key, params=req.params,
        number=drawn.number,
        cards=tuple(entry(c, s, req.threshold, ace) for c, s in zip(drawn.cards, drawn.sources,
                                                                   strict=True)),
        draw_need=DrawNeed(threshold=req.threshold, cards=cards_for(drawn.level),
                           rule=rule_for(drawn.level)),
        level=drawn.level, retained=None if retained is None else name_of(retained),
        quality=quality,
    )


def replace(drawn: Drawn, index: int, card: int, source: Source, paid: dict[str, str],
            rule: str, ace: int) -> tuple[int, CardReplaced]:
    """S8: put ``card`` in place of ``drawn.cards[index]`` and judge again; returns the
    card taken out (it goes to the discard pile) and the event naming the draw."""
    removed = drawn.cards[index]
    drawn.cards[index] = card
    drawn.sources[index] = source
    drawn.rejudge(ace)
    retained = drawn.retained_card()
    return removed, CardReplaced(
        rule=rule, figure=drawn.figure, replaces=drawn.number, removed=name_of(removed),
        card=entry(card, source, drawn.threshold, ace), paid=paid, success=drawn.success,
        retained=None if retained is None else name_of(retained), quality=drawn.quality(ace))


def best_replacement(drawn: Drawn, card: int, ace: int) -> int | None:
    """The index ``card`` would best replace: the one giving a success, then the highest
    quality ([K7-SUPPORT]: a Puissance support card may replace any card); None when no
    replacement beats the draw as it stands."""
    now = (drawn.success, drawn.quality(ace))
    best: tuple[tuple[bool, int], int] | None = None
    values = drawn.values(ace)
    suits = [suit_of(c) for c in drawn.cards]
    for i in range(len(values)):
        trial = list(values)
        trial[i] = value_of(card, ace)
        trial_suits = list(suits)
        trial_suits[i] = suit_of(card)
        kept = judge(trial, drawn.threshold, rule_for(drawn.level), trial_suits, drawn.prefer)
        score = (kept is not None, trial[kept] if kept is not None else 0)
        if score > now and (best is None or score > best[0]):
            best = (score, i)
    return None if best is None else best[1]
