"""Exact odds of draws (RULESETS §0.5 S14): hypergeometric over the cards a player has
not seen ([GAP-K7-29], ``visibility.py``), for the previews and the computer players.

A draw is its first card (from the figure's pioche: a card of that card's generation;
from the general deck when the pioche is empty; a known hand card for a Ressource) and
its other cards from the general deck — the generation now in it, then, if it runs out,
the discard pile rebuilt into the next generation ([GAP-K7-2]). Every card drawn leaves
its pool for the next, so the two draws of an opposition are counted together, without
replacement. The outcome of a draw is its quality after the replacements a player makes:
a Puissance support's card where it helps most and, when asked, the best hand card in
place of a failing card ([K7-SUPPORT], [K7-SOURCES]).

Values are the cards' values (1–13, or 2–14 with the Ace high, [GAP-K7-1]); a pool is a
count per value. Suits do not change who wins, except the first card's Diamond, which
cancels a court-circuit's extra level ([GAP-K7-28]): only the first party's draw may have
one (the defender of an opposition faces, which is never a court-circuit), so the
Diamonds are read once, from the pools as they stand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb

import msgspec

from skirmish.rules.kart7.cards import suit_of, value_of
from skirmish.rules.kart7.draws import cards_for, judge, rule_for
from skirmish.rules.kart7.piles import Piles
from skirmish.rules.kart7.visibility import layout, next_gen, remember, unseen

VALUES = 15  # index = value, 1 … 14
Pool = tuple[int, ...]
EMPTY: Pool = (0,) * VALUES
#: P(quality = q), q = 0 (failure) … 14.
Dist = tuple[float, ...]


class Party(msgspec.Struct, frozen=True, kw_only=True):
    """One side of a draw as the odds see it: the threshold and level; the generation
    its first card comes from (``source``), or ``known`` for a hand card of that value
    (a Ressource); ``empty`` when its pioche is empty ([GAP-K7-4]: the general deck's card
    one level harder, or a failure with ``fail_empty``); the levels a Diamond first card
    cancels; the Puissance support card waiting for it; the hand cards' values it plays
    on a failure (empty: none)."""

    threshold: int
    level: int
    source: int = 0
    known: int | None = None
    empty: bool = False
    fail_empty: bool = False
    carreau: int = 0
    support: int | None = None
    hand: tuple[int, ...] = ()


class Sources(msgspec.Struct, frozen=True, kw_only=True):
    """What a player knows of the face-down cards: a pool per generation with its
    Diamonds per value; the general deck's generation and how many cards it has left;
    the discard pile that would rebuild it (the next generation), with its Diamonds."""

    pools: tuple[tuple[int, Pool], ...]
    diamonds: tuple[tuple[int, Pool], ...]
    general_gen: int
    left: int
    rebuild: Pool
    rebuild_diamonds: Pool


def _counts(cards: Sequence[int], ace: int, diamonds: bool = False) -> Pool:
    counts = [0] * VALUES
    for c in cards:
        if not diamonds or suit_of(c) == "D":
            counts[value_of(c, ace)] += 1
    return tuple(counts)


_SOURCES: dict[tuple, Sources] = {}


def sources(piles: Piles, ace: int) -> Sources:
    """The public :class:`Sources` of ``piles`` (remembered by their layout)."""
    key = (ace, layout(piles))
    found = _SOURCES.get(key)
    if found is None:
        found = _sources(piles, ace)
        remember(_SOURCES, key, found)
    return found


def _sources(piles: Piles, ace: int) -> Sources:
    hidden = sorted(unseen(piles).items())
    return Sources(pools=tuple((g, _counts(cs, ace)) for g, cs in hidden),
                   diamonds=tuple((g, _counts(cs, ace, True)) for g, cs in hidden),
                   general_gen=piles.gen, left=len(piles.general),
                   rebuild=_counts(piles.discard, ace),
                   rebuild_diamonds=_counts(piles.discard, ace, True))


def party_for(piles: Piles, figure: str, threshold: int, level: int, *, carreau: int = 0,
              support: int | None = None, hand: tuple[int, ...] = (),
              fail_empty: bool = False) -> Party:
    """A figure's draw with its first card from its pioche, as the pioche stands."""
    return Party(threshold=threshold, level=level, source=next_gen(piles, figure),
                 empty=not piles.pioches.get(figure), fail_empty=fail_empty, carreau=carreau,
                 support=support, hand=hand)


# -- one draw's outcome ---------------------------------------------------------------------
@lru_cache(maxsize=65536)
def quality(values: tuple[int, ...], threshold: int, level: int, support: int | None = None,
            hand: tuple[int, ...] = ()) -> int:
    """The quality of a draw of ``values`` (first card first), 0 for a failure, once the
    support card replaces the card it helps most and, if still failing, the best hand card
    replaces a failing card. Remembered: the walks over every draw judge the same few
    hands of values again and again."""
    rule = rule_for(level)
    q = _judged(values, threshold, rule)
    if support is not None:
        for i in range(len(values)):
            q = max(q, _judged([*values[:i], support, *values[i + 1:]], threshold, rule))
    if q == 0 and hand:
        i = next((i for i, v in enumerate(values) if v > threshold), None)
        if i is not None:
            for h in hand:
                q = max(q, _judged([*values[:i], h, *values[i + 1:]], threshold, rule))
    return q


def _judged(values: Sequence[int], threshold: int, rule: str) -> int:
    kept = judge(values, threshold, rule)  # type: ignore[arg-type]
    return 0 if kept is None else values[kept]


# -- taking cards out of the pools -----------------------------------------------------------
# The inner loops work on plain tuples: a deck state is (pools by generation as a tuple of
# (gen, pool) pairs, the general deck's generation, the cards left in it, the rebuild pool).
_State = tuple[tuple[tuple[int, Pool], ...], int, int, Pool]


@lru_cache(maxsize=65536)
def _multisets(pool: Pool, n: int) -> tuple[tuple[tuple[int, ...], Pool, float], ...]:
    """Every multiset of ``n`` cards of ``pool``: its values, the pool after and its
    probability (values by how many of each, the first value's fewest first)."""
    total = sum(pool)
    if n > total or n < 0:
        return ()
    if n == 0:
        return (((), pool, 1.0),)
    denom = comb(total, n)
    classes = [v for v in range(VALUES) if pool[v]]
    #: room[k]: the cards of the values from classes[k] on, so that a branch that cannot
    #: take ``left`` more cards is never walked.
    room = [0] * (len(classes) + 1)
    for k in range(len(classes) - 1, -1, -1):
        room[k] = room[k + 1] + pool[classes[k]]
    out: list[tuple[tuple[int, ...], Pool, float]] = []
    after = list(pool)

    def rec(k: int, left: int, values: tuple[int, ...], weight: int) -> None:
        if left == 0:
            out.append((values, tuple(after), weight / denom))
            return
        v = classes[k]
        have = pool[v]
        for t in range(max(0, left - room[k + 1]), min(left, have) + 1):
            after[v] = have - t
            rec(k + 1, left - t, values + (v,) * t, weight * comb(have, t))
        after[v] = have

    rec(0, n, (), 1)
    return tuple(out)


def _pool_of(state: _State, gen: int) -> Pool:
    for g, p in state[0]:
        if g == gen:
            return p
    return EMPTY


def _set(state: _State, gen: int, pool: Pool, left: int) -> _State:
    pools = state[0]
    for i, (g, _) in enumerate(pools):
        if g == gen:
            return (pools[:i] + ((gen, pool),) + pools[i + 1:], state[1], left, state[3])
    return (pools + ((gen, pool),), state[1], left, state[3])


def _rebuilt(state: _State) -> _State:
    """The general deck run out: the discard pile shuffled is the next generation."""
    gen = state[1] + 1
    return _set((state[0], gen, 0, EMPTY), gen, state[3], sum(state[3]))


def _take_general(state: _State, n: int) -> Iterator[tuple[tuple[int, ...], _State, float]]:
    """``n`` cards from the general deck, then, if it runs out, from its rebuilding."""
    gen, left = state[1], state[2]
    now = min(n, left)
    multisets = _multisets(_pool_of(state, gen), now)
    if now == n:  # the usual draw, its deck states built here (the walks' innermost loop)
        pools = state[0]
        i = next((i for i, (g, _) in enumerate(pools) if g == gen), len(pools))
        before, behind, rebuild = pools[:i], pools[i + 1:], state[3]
        for vals, after, p in multisets:
            yield vals, (before + ((gen, after),) + behind, gen, left - now, rebuild), p
        return
    for vals, after, p in multisets:
        s = _set(state, gen, after, left - now)
        if sum(s[3]):
            for more, s2, q in _take_general(_rebuilt(s), n - now):
                yield vals + more, s2, p * q
        else:
            yield vals, s, p  # no card left anywhere: the draw is short (a failure)


def _first_pool(state: _State, party: Party) -> tuple[_State, int, int]:
    """Where the first card comes from: (state, generation, cards left in the general
    deck once it is taken)."""
    if not party.empty:
        return state, party.source, state[2]
    if state[2] == 0 and sum(state[3]):
        state = _rebuilt(state)
    return state, state[1], max(0, state[2] - 1)


def _outcomes(state: _State, party: Party, diamonds: Pool = EMPTY
              ) -> Iterator[tuple[int, _State, float]]:
    """Every outcome of ``party``'s draw: (quality, deck state after, probability);
    ``diamonds`` the Diamonds of its first card's pool when a Diamond cancels a level."""
    if party.known is not None:
        for rest, after, p in _take_general(state, cards_for(party.level) - 1):
            yield (quality((party.known, *rest), party.threshold, party.level, party.support,
                           party.hand), after, p)
        return
    if party.empty and party.fail_empty:
        yield 0, state, 1.0
        return
    level = party.level + (1 if party.empty else 0)
    n = cards_for(level)
    if not party.carreau and not party.empty and party.source == state[1] and state[2] >= n - 1:
        # The first card is one more card of the general deck's generation: the draw is a
        # plain multiset of its cards (the order does not change the quality).
        for vals, after, p in _multisets(_pool_of(state, state[1]), n):
            yield (quality(vals, party.threshold, level, party.support, party.hand),
                   _set(state, state[1], after, state[2] - n + 1), p)
        return
    state, gen, left = _first_pool(state, party)
    pool = _pool_of(state, gen)
    total = sum(pool)
    if not total:
        yield 0, state, 1.0
        return
    for v in range(VALUES):
        if not pool[v]:
            continue
        after = list(pool)
        after[v] -= 1
        mid = _set(state, gen, tuple(after), left)
        d = diamonds[v] if party.carreau else 0
        for lv, weight in ((level - party.carreau, d), (level, pool[v] - d)):
            if not weight:
                continue
            for rest, end, q in _take_general(mid, cards_for(lv) - 1):
                yield (quality((v, *rest), party.threshold, lv, party.support, party.hand),
                       end, weight / total * q)


def _state(src: Sources) -> _State:
    return (src.pools, src.general_gen, src.left, src.rebuild)


def _diamonds(src: Sources, party: Party) -> Pool:
    """The Diamonds of ``party``'s first card's pool."""
    if not party.carreau:
        return EMPTY
    if party.empty:
        gen = src.general_gen if src.left else src.general_gen + 1
        if not src.left:
            return src.rebuild_diamonds
    else:
        gen = party.source
    return next((p for g, p in src.diamonds if g == gen), EMPTY)


# -- the odds asked for --------------------------------------------------------------------
@lru_cache(maxsize=8192)
def distribution(src: Sources, party: Party) -> Dist:
    """P(quality = q) for q = 0 (failure) … 14 of one unopposed draw."""
    out = [0.0] * 15
    for q, _, p in _outcomes(_state(src), party, _diamonds(src, party)):
        out[q] += p
    return tuple(out)


def success(src: Sources, party: Party) -> float:
    return 1.0 - distribution(src, party)[0]


class Opposed(msgspec.Struct, frozen=True):
    """An opposition's odds ([K7-OUTCOME], [GAP-K7-21]): who wins (equal qualities are
    broken by general cards, even odds since both come from one deck), both failing, and
    each winner's quality distribution (summing to its chance to win)."""

    attacker: float
    defender: float
    both_fail: float
    attacker_quality: Dist
    defender_quality: Dist


@lru_cache(maxsize=8192)
def opposed(src: Sources, attacker: Party, defender: Party) -> Opposed:
    """Both draws counted together: the attacker's, then the defender's from the cards the
    attacker's left, as the resolution draws them. The defender faces: no court-circuit
    level, so no Diamond to ask for."""
    if defender.carreau:
        raise ValueError("a facing draw has no court-circuit level to cancel")
    fast = _one_pool(src, attacker, defender)
    if fast is None:
        fast = _first_apart(src, attacker, defender)
    if fast is not None:
        return fast
    a_q = [0.0] * 15
    d_q = [0.0] * 15
    both = 0.0
    for qa, after, p in _outcomes(_state(src), attacker, _diamonds(src, attacker)):
        for qd, r in enumerate(_defence(after, defender)):
            if not r:
                continue
            w = p * r
            if qa == qd == 0:
                both += w
            elif qa > qd:
                a_q[qa] += w
            elif qd > qa:
                d_q[qd] += w
            else:
                a_q[qa] += w / 2
                d_q[qd] += w / 2
    return Opposed(attacker=sum(a_q), defender=sum(d_q), both_fail=both,
                   attacker_quality=tuple(a_q), defender_quality=tuple(d_q))


def _settle(joint: list[list[float]]) -> Opposed:
    """Who wins from the joint distribution of both qualities."""
    a_q = [0.0] * 15
    d_q = [0.0] * 15
    for qa, row in enumerate(joint):
        for qd, w in enumerate(row):
            if not w or qa == qd == 0:
                continue
            if qa > qd:
                a_q[qa] += w
            elif qd > qa:
                d_q[qd] += w
            else:
                a_q[qa] += w / 2
                d_q[qd] += w / 2
    return Opposed(attacker=sum(a_q), defender=sum(d_q), both_fail=joint[0][0],
                   attacker_quality=tuple(a_q), defender_quality=tuple(d_q))


def _one_pool(src: Sources, attacker: Party, defender: Party) -> Opposed | None:
    """The usual opposition, counted without walking deck states: every attacker card of
    the general deck's generation (its pioche card of that generation, or none left, no
    Diamond asked, no rebuilding on the way), and a facing draw of one card — one more
    card of the attacker's pool (its chance linear in what the attacker left) or of its
    own generation's — or, its pioche empty, of general cards one level harder."""
    level = attacker.level + (1 if attacker.empty else 0)
    k = cards_for(level)
    if (attacker.known is not None or attacker.carreau or (attacker.empty and attacker.fail_empty)
            or (attacker.source != src.general_gen and not attacker.empty)
            or src.left < k - (0 if attacker.empty else 1) or defender.known is not None
            or cards_for(defender.level) != 1):
        return None
    pool = next((p for g, p in src.pools if g == src.general_gen), EMPTY)
    joint = [[0.0] * 15 for _ in range(15)]
    if defender.empty:
        more = cards_for(defender.level + 1)
        if defender.hand or defender.fail_empty or defender.support is not None \
                or src.left - k - more < 0:
            return None
        for vals, after, p in _multisets(pool, k):
            qa = quality(vals, attacker.threshold, level, attacker.support, attacker.hand)
            for qd, r in enumerate(_all_of(after, more, defender.threshold)):
                joint[qa][qd] += p * r
        return _settle(joint)
    shared = defender.source == src.general_gen
    own = pool if shared else next((p for g, p in src.pools if g == defender.source), EMPTY)
    own_total = sum(own) - (k if shared else 0)
    if own_total <= 0:
        return None
    qd_of = [quality((v,), defender.threshold, defender.level, defender.support,
                     defender.hand) for v in range(VALUES)]
    for vals, after, p in _multisets(pool, k):
        qa = quality(vals, attacker.threshold, level, attacker.support, attacker.hand)
        row = joint[qa]
        left = after if shared else own
        for v in range(1, VALUES):
            if left[v]:
                row[qd_of[v]] += p * left[v] / own_total
    return _settle(joint)


def _all_of(pool: Pool, k: int, threshold: int) -> Dist:
    """P(quality = q) of ``k`` cards of ``pool`` that must all succeed, the worst kept
    ([K7-DIFFICULTY]): every card within [q, threshold], less those within [q + 1, …]."""
    n = sum(pool)
    denom = comb(n, k)
    within = [0] * (VALUES + 1)  # within[q] = cards valued q … threshold
    for q in range(min(threshold, VALUES - 1), 0, -1):
        within[q] = within[q + 1] + pool[q]
    out = [0.0] * 15
    for q in range(1, min(threshold, VALUES - 1) + 1):
        out[q] = (comb(within[q], k) - comb(within[q + 1], k)) / denom
    out[0] = 1.0 - sum(out)
    return tuple(out)


def _first_apart(src: Sources, attacker: Party, defender: Party) -> Opposed | None:
    """An opposition whose attacker's first card is asked apart — a Diamond may cancel a
    level, or it comes from an older generation — with no rebuilding on the way and one
    facing card: the first card's value (and suit), then the general cards' multiset,
    then the defender's card from the pool it comes from, as the attacker left it."""
    most = max(cards_for(attacker.level), cards_for(attacker.level - attacker.carreau)) - 1
    more = cards_for(defender.level + 1) if defender.empty else 0
    if (attacker.known is not None or attacker.empty or src.left < most + more
            or defender.known is not None or cards_for(defender.level) != 1
            or (defender.empty and (defender.hand or defender.fail_empty
                                    or defender.support is not None))):
        return None
    general = next((p for g, p in src.pools if g == src.general_gen), EMPTY)
    first = next((p for g, p in src.pools if g == attacker.source), EMPTY)
    diamonds = next((p for g, p in src.diamonds if g == attacker.source), EMPTY)
    total = sum(first)
    if not total:
        return None
    qd_of = [quality((v,), defender.threshold, defender.level, defender.support,
                     defender.hand) for v in range(VALUES)]
    joint = [[0.0] * 15 for _ in range(15)]
    for v in range(1, VALUES):
        if not first[v]:
            continue
        rest = tuple(n - (i == v) for i, n in enumerate(first))
        pool = rest if attacker.source == src.general_gen else general
        d = diamonds[v] if attacker.carreau else 0
        for level, weight in ((attacker.level - attacker.carreau, d),
                              (attacker.level, first[v] - d)):
            if not weight:
                continue
            for vals, after, p in _multisets(pool, cards_for(level) - 1):
                qa = quality((v, *vals), attacker.threshold, level, attacker.support,
                             attacker.hand)
                w = weight / total * p
                if defender.empty:
                    for qd, r in enumerate(_all_of(after, more, defender.threshold)):
                        joint[qa][qd] += w * r
                    continue
                if defender.source == src.general_gen:
                    left = after
                elif defender.source == attacker.source:
                    left = rest
                else:
                    left = next((q for g, q in src.pools if g == defender.source), EMPTY)
                n = sum(left)
                if not n:
                    return None
                row = joint[qa]
                for u in range(1, VALUES):
                    if left[u]:
                        row[qd_of[u]] += w * left[u] / n
    return _settle(joint)


@lru_cache(maxsize=65536)
def _defence(state: _State, party: Party) -> Dist:
    out = [0.0] * 15
    if party.known is None and not party.empty and cards_for(party.level) == 1:
        pool = _pool_of(state, party.source)  # one card: read straight off its pool
        total = sum(pool)
        if not total:
            return (1.0,) + (0.0,) * 14
        for v in range(VALUES):
            if pool[v]:
                out[quality((v,), party.threshold, party.level, party.support,
                            party.hand)] += pool[v] / total
        return tuple(out)
    for q, _, p in _outcomes(state, party):
        out[q] += p
    return tuple(out)


# -- a draw and what it leaves -----------------------------------------------------------------
def _after_sources(src: Sources, before: _State, state: _State) -> Sources:
    """The cards still unseen once a draw took ``before`` to ``state``: its cards are face
    up, then in the discard pile (the rebuilding's pool, if the deck was not rebuilt on
    the way). A Diamond's count, read only by a draw that may cancel a court-circuit's
    level, stays as it was, capped by the cards of its value left."""
    rebuild = state[3]
    if state[1] == before[1]:
        taken = [0] * VALUES
        for g, pool in before[0]:
            after = _pool_of(state, g)
            for v in range(VALUES):
                taken[v] += pool[v] - after[v]
        rebuild = tuple(r + t for r, t in zip(rebuild, taken, strict=True))
    diamonds = tuple((g, tuple(min(d, n) for d, n in zip(
        next((p for h, p in src.diamonds if h == g), EMPTY), pool, strict=True)))
        for g, pool in state[0])
    return Sources(pools=state[0], diamonds=diamonds, general_gen=state[1], left=state[2],
                   rebuild=rebuild, rebuild_diamonds=src.rebuild_diamonds)


@lru_cache(maxsize=1024)
def after(src: Sources, party: Party) -> tuple[tuple[int, Sources, float], ...]:
    """Every outcome of ``party``'s draw as (quality, the cards unseen after it, its
    probability): what a later draw of the same turn is counted over (a support's card
    drawn before the action it helps, [K7-RES-ORDER])."""
    before = _state(src)
    merged: dict[tuple[int, _State], float] = {}
    for q, state, p in _outcomes(before, party, _diamonds(src, party)):
        merged[(q, state)] = merged.get((q, state), 0.0) + p
    return tuple((q, _after_sources(src, before, state), p)
                 for (q, state), p in merged.items())


# -- a flight ----------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def escape(src: Sources, runner: Party, pursuers: tuple[Party, ...]) -> float:
    """P(a flight gets away) ([GAP-K7-7], [K7-OUTCOME]): the runner's draw succeeds and
    beats the facing draw of each pursuer, drawn after it in turn from the cards it left;
    an equal quality is a tie broken by general cards, even odds each ([GAP-K7-21])."""
    total = 0.0
    for qa, state, p in _outcomes(_state(src), runner, _diamonds(src, runner)):
        if qa:
            total += p * _beats(state, qa, pursuers)
    return total


def _beats(state: _State, qa: int, pursuers: tuple[Party, ...]) -> float:
    if not pursuers:
        return 1.0
    out = 0.0
    for qd, after_state, r in _outcomes(state, pursuers[0]):
        share = 1.0 if qa > qd else 0.5 if qa == qd else 0.0
        if share:
            out += r * share * _beats(after_state, qa, pursuers[1:])
    return out
