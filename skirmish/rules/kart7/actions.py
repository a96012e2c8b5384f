"""Resolving one declared action (RULESETS §4.d; [K7-MANOEUVRES], [K7-SUPPORT], [K7-MAIN],
[K7-OUTCOME], [K7-IGNORE], [K7-SUITS], [K7-MARKERS], [K7-MEDICINE]).

Each action runs through stages kept in the state's :class:`Exchange`, so a decision it
waits on (facing or ignoring, a hand card in place of a failing one, S7) saves and
replays like the rest: ``start`` (the move, and whether the action can still be made),
``face`` (each enemy it is aimed at chooses), ``draw``, ``hand`` (each failed draw's
figure may play a hand card, S8) and ``outcome``. :func:`advance` runs the stages until
the action is done (True) or a decision is owed (False).
"""

from __future__ import annotations

import math

import msgspec

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import DecisionNeeded
from skirmish.rules.frame.figure import FrameFigure, Option
from skirmish.rules.frame.movement import move_along, plan_path, rout_path
from skirmish.rules.frame.queries import engaged_with, gap, in_contact
from skirmish.rules.kart7 import harm, piles
from skirmish.rules.kart7.cards import CLUBS, HEARTS, SPADES, name_of, suit_of
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.declare import supported_target, walk
from skirmish.rules.kart7.draws import HIGH_CARD, Drawn, DrawRequest, best_replacement, replace
from skirmish.rules.kart7.events import LapsedAction, TieBroken
from skirmish.rules.kart7.profile import K7Weapon
from skirmish.rules.kart7.standing import sync
from skirmish.rules.kart7.state import Declaration, Exchange, Pending

#: [K7-SUITS] what the retained card's suit adds, by manoeuvre.
SUIT_BONUS = {"P": (SPADES, 3), "R": (HEARTS, 3)}
#: The answers to a facing or hand-card question (``Choose.option``).
FACE, IGNORE, KEEP = "face", "ignore", "keep"
TACTIQUE = 2  # [K7-MANOEUVRES] bonus markers of a Tactique success; +2 with a Trèfle
ELEVATION = 1.0  # GAP-27: "above" is one pas higher or more
CHAIN_GAP = 1.0  # GAP-30: each further target of a chain within 1 pas of the previous


def advance(ctx: K7Ctx, ex: Exchange) -> bool:
    d = ctx.s.declaration(ex.number)
    while True:
        step = _STAGES[ex.stage]
        nxt = step(ctx, d, ex)
        if nxt is None:
            return False  # a decision is owed
        if nxt == "done":
            ctx.end_action()
            d.status = "done" if d.status == "declared" else d.status
            return True
        ex.stage = nxt


# -- start: the move, and whether the action can still be made -----------------------------------
def _start(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str:
    f = ctx.fig(d.figure)
    if f.status != "in_play":
        return _lapse(ctx, d, "k7_lapse_down")  # [K7-RES-ORDER] a KO figure's lapses
    if d.action == "rout":
        path = rout_path(ctx, f, 2 * walk(f, ctx))
        move_along(ctx, f, path.points, rule="R-END-ROUT-FAIL", reason="rout",
                   ignore_difficult=f.stats.ignores_difficult, leaving=True)
        return "done"
    if d.to is not None and d.action != "flee":
        _move(ctx, f, d)
    if d.action in ("hold", "move"):
        return "done"
    problem = _impossible(ctx, d, f)
    if problem is None:
        return "face"
    if problem in ("k7_lapse_target", "k7_lapse_reach") and alternatives(ctx, d):
        return "replan"
    return _lapse(ctx, d, problem)


def alternatives(ctx: K7Ctx, d: Declaration) -> list[str]:
    """[GAP-K7-6] the enemies a strike or a shot whose target is lost may turn on: in
    contact for a strike, in sight and range for a shot (not engaged)."""
    f = ctx.fig(d.figure)
    if d.action == "strike":
        return sorted(e.id for e in engaged_with(ctx, f))
    if d.action != "shoot" or engaged_with(ctx, f):
        return []
    w = ctx.book.ranged_weapons[d.weapon or ""]
    return sorted(e.id for e in ctx.in_play() if e.band != f.band and ctx.sees(f, e)
                  and gap(f, e) <= w.long
                  and not (w.is_blast and gap(f, e) + e.radius <= float(w.blast_radius or 0)))


def _replan(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str | None:
    """[GAP-K7-6] [K7-CHOICE] a change of plan at the court-circuit's cost (one level
    harder, a Diamond first card cancels it), or just the move: the side chooses."""
    if ex.replanned is None:
        f = ctx.fig(d.figure)
        options = tuple(Option(key=fid, label=ctx.fig(fid).name, label_key="k7_opt_target",
                               params={"target": fid}) for fid in alternatives(ctx, d))
        ask(ctx, Pending(band=f.band, kind="replan", figure=f.id,
                         prompt=f"{f.name}: its target is lost: another, one level harder?",
                         options=(*options, Option(key=KEEP, label="just the move",
                                                   label_key="k7_opt_move_only")),
                         default=KEEP, prompt_key="k7_ask_replan", params={"figure": f.id}))
        return None
    if not ex.replanned:
        return _lapse(ctx, d, "k7_lapse_reach")
    return "face"


def _move(ctx: K7Ctx, f: FrameFigure, d: Declaration) -> None:
    """[GAP-K7-7] the declared move, measured again now: the figures may have moved."""
    if engaged_with(ctx, f) or d.to is None:
        return
    try:
        path = plan_path(ctx, f, d.to, d.allowance, d.action,
                         may_contact=d.action in ("strike", "support", "heal"))
    except IllegalCommand:  # the way is gone: it stays put
        return
    if len(path.points) > 1:
        move_along(ctx, f, path.points, rule="GAP-K7-7", reason=d.action,
                   ignore_difficult=f.stats.ignores_difficult)


def _impossible(ctx: K7Ctx, d: Declaration, f: FrameFigure) -> str | None:
    """[GAP-K7-6] why the action cannot be made any more (target gone, out of reach or
    sight), or None."""
    s = ctx.s
    target = s.figures.get(d.target) if d.target else None
    if d.action in ("strike", "shoot", "heal") and (
            target is None or target.status not in ("in_play", "out_of_action")):
        return "k7_lapse_target"
    if d.action in ("strike", "heal") and target is not None and not in_contact(f, target):
        return "k7_lapse_reach"
    if d.action == "shoot" and target is not None:
        w = ctx.book.ranged_weapons[d.weapon or ""]
        if engaged_with(ctx, f) or not ctx.sees(f, target) or gap(f, target) > w.long:
            return "k7_lapse_reach"
    if d.action == "flee" and not engaged_with(ctx, f):
        return "k7_lapse_free"
    if d.action == "rest" and d.card not in ctx.k7.piles.hands.get(f.id, []):
        return "k7_lapse_card"
    if d.action == "support":
        other = s.declaration(d.of or 0)
        if other.status in ("lapsed", "replaced"):
            return "k7_lapse_supported"
        reach = supported_target(ctx, other)
        if d.skill == "distance":
            w = ctx.book.ranged_weapons[d.weapon or ""]
            if not ctx.sees(f, reach) or gap(f, reach) > w.long:
                return "k7_lapse_reach"
        elif reach.id != f.id and not in_contact(f, reach):
            return "k7_lapse_reach"
    return None


def _lapse(ctx: K7Ctx, d: Declaration, key: str) -> str:
    """[GAP-K7-6] the action is not made (it has moved, if it could); a support's card
    waiting for it goes to the discard pile with the tray."""
    d.status = "lapsed"
    ctx.k7.piles.tray.extend(d.support_cards)
    d.support_cards = []
    ctx.emit(LapsedAction(rule="GAP-K7-6", number=d.number, figure=d.figure, key=key))
    return "done"


# -- face or ignore ------------------------------------------------------------------------------
def target_of(d: Declaration, ex: Exchange | None) -> str:
    """The figure the action is drawn against now: the declared target, or the link of a
    shot's chain it has reached ([GAP-K7-23])."""
    if ex is not None and ex.target is not None:
        return ex.target
    return d.target or ""


def opponents(ctx: K7Ctx, d: Declaration, ex: Exchange | None = None) -> list[FrameFigure]:
    """Who this action is aimed at: its target, or every enemy a flight leaves."""
    if d.action in ("strike", "shoot"):
        return [ctx.fig(target_of(d, ex))]
    if d.action == "flee":
        return sorted(engaged_with(ctx, ctx.fig(d.figure)), key=lambda e: e.id)
    return []


def _face(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str | None:
    """[K7-IGNORE] [GAP-K7-9] each opponent's band chooses: face (an opposed draw, a card
    of its pioche) or ignore (the action one level easier). A KO figure cannot face."""
    for e in opponents(ctx, d, ex):
        if e.id in ex.faces:
            continue
        if e.status != "in_play":
            ex.faces[e.id] = False
            continue
        ask(ctx, Pending(band=e.band, kind="face", figure=e.id,
                         prompt=f"{e.name}: face or ignore {ctx.fig(d.figure).name}?",
                         options=(Option(key=FACE, label=FACE, label_key="k7_opt_face"),
                                  Option(key=IGNORE, label=IGNORE,
                                         label_key="k7_opt_ignore")),
                         default=FACE, prompt_key="k7_ask_face",
                         params={"figure": e.id, "enemy": d.figure}))
        return None
    return "draw"


def ask(ctx: K7Ctx, pending: Pending) -> None:
    """S7: a decision owed inside the resolution; the resolution waits on it. Its words'
    figures are named, as every ruleset's decisions are (the window says them as given)."""
    pending = msgspec.structs.replace(pending, params=ctx.named(pending.params))
    ctx.s.pending = pending
    ctx.emit(DecisionNeeded(band=pending.band, kind=pending.kind, prompt=pending.prompt,
                            key=pending.prompt_key, params=pending.params))


# -- the draws -------------------------------------------------------------------------------------
def level_of(ctx: K7Ctx, d: Declaration, ignored: int, target: str | None = None
             ) -> tuple[int, dict[str, object]]:
    """[K7-DIFFICULTY] [GAP-K7-8] the level of ``d``'s draw (at ``target``, the declared
    one unless given) and what made it."""
    f = ctx.fig(d.figure)
    own = ctx.own(d.figure)
    parts: dict[str, object] = {}
    level = 0
    if d.action == "shoot":
        target = ctx.fig(target or d.target)
        w = ctx.book.ranged_weapons[d.weapon or ""]
        dist = gap(f, target)
        band = "short" if dist <= w.short else "medium" if dist <= w.medium else "long"
        level += {"short": -1, "medium": 0, "long": 1}[band]
        parts.update(range_band=band, range=round(dist, 3))  # not 'distance': the skill's key
        lv_s, lv_t = ctx.level(f), ctx.level(target)
        elev = -1 if lv_s - lv_t >= ELEVATION else 1 if lv_t - lv_s >= ELEVATION else 0
        if elev:
            level += elev
            parts["elevation"] = elev
        if ctx.k7.options.k7_cover and ctx.table.in_cover(target.disc):
            level += 1
            parts["cover"] = 1
    elif d.action == "rest":
        level = -2 + own.ressources  # [GAP-K7-18] each later Ressource one level harder
        parts["ressources"] = own.ressources
    elif d.action == "heal":
        wound = heal_wound(ctx, d)
        level = (wound.level - 2 if wound else 0) + (0 if _medikit(ctx, f) else 1)
        parts["medikit"] = _medikit(ctx, f)
    if d.hurry:
        level += 1
        parts["hurry"] = 1
    if d.levels:
        level += d.levels
        parts["court_circuit"] = d.levels
    if d.spend or d.discard:
        level += d.discard - d.spend
        parts.update(spent=d.spend, discarded=d.discard)
    if ignored:
        level -= ignored
        parts["ignored"] = ignored
    return level, parts


def _medikit(ctx: K7Ctx, f: FrameFigure) -> bool:
    return any(ctx.book.equipment[e].slot == "medikit" for e in f.equipment)


def heal_wound(ctx: K7Ctx, d: Declaration):  # noqa: ANN201 - a WoundRecord or None
    """[K7-MEDICINE] the wound a healer treats: the worst still pending, else the largest
    standing malus."""
    own = ctx.own(d.target or "")
    pending = [w for w in own.wounds if w.pending]
    if pending:
        return max(pending, key=lambda w: (w.level, w.value))
    marred = [w for w in own.wounds if w.malus]
    return max(marred, key=lambda w: w.malus) if marred else None


def score(ctx: K7Ctx, fid: str, skill: str) -> int:
    return int(getattr(ctx.own(fid).profile, skill))


def _draw(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str:
    own = ctx.own(d.figure)
    ignored = sum(1 for e in opponents(ctx, d, ex) if not ex.faces.get(e.id, True))
    facing = [e for e in opponents(ctx, d, ex) if ex.faces.get(e.id)]
    if d.action == "flee" and facing:
        ignored = 0  # the flight is drawn against those who face
    target = target_of(d, ex) or None
    level, parts = level_of(ctx, d, ignored, target)
    if ex.replanned:
        level += 1  # [GAP-K7-6] a change of plan costs a court-circuit's level
        parts["change_of_plan"] = 1
    elif ex.target is not None:
        parts["link"] = ex.target
    if (d.spend or d.discard) and not ex.chained:
        spend, discard = min(d.spend, own.bonus), min(d.discard, own.malus)
        harm.markers(ctx, d.figure, -spend, -discard, "K7-MARKERS", "spent")
    skill = d.skill or "volonte"
    threshold = own.threshold(score(ctx, d.figure, skill))
    prefer = SUIT_BONUS.get(d.manoeuvre or "", (CLUBS if d.manoeuvre == "T" else None, 0))[0]
    req = DrawRequest(
        figure=d.figure, threshold=threshold, level=level, rule=_rule(d),
        first="hand" if d.action == "rest" else "general" if ex.chained else "pioche",
        hand_card=d.card if d.action == "rest" else None,
        carreau=1 if d.levels or ex.replanned else 0,
        prefer=prefer, target=target,
        inputs={skill: score(ctx, d.figure, skill), "bonus": own.bonus, "malus": own.malus,
                "standing": own.standing_malus(), **parts},
        **ctx.said("k7_lbl_draw", figure=d.figure, action=d.action, skill=skill))
    drawn = ctx.draw(req)
    for card in d.support_cards:
        i = best_replacement(drawn, card, ctx.ace)
        if i is not None:
            ctx.k7.piles.tray.append(card)
            _, ev = replace(drawn, i, card, "support", {"support": name_of(card)},
                            "K7-SUPPORT", ctx.ace)
            ctx.emit(ev)
        else:
            ctx.k7.piles.tray.append(card)
    d.support_cards = []
    ex.draws[d.figure] = drawn
    for e in facing:
        ex.draws[e.id] = _facing_draw(ctx, d, e)
    return "hand"


def _rule(d: Declaration) -> str:
    return {"strike": "K7-MAIN", "shoot": "K7-MAIN", "aim": "K7-MANOEUVRES",
            "rest": "K7-MANOEUVRES", "flee": "GAP-K7-7", "heal": "K7-MEDICINE",
            "support": "K7-SUPPORT"}.get(d.action, "K7-DRAW")


def _facing_draw(ctx: K7Ctx, d: Declaration, e: FrameFigure) -> Drawn:
    """[GAP-K7-9] Contact against melee, Rapidité against a shot, Poursuite against a
    flight; Moyenne, the first card from its own pioche."""
    skill = {"strike": "contact", "shoot": "rapidite", "flee": "poursuite"}[d.action]
    own = ctx.own(e.id)
    return ctx.draw(DrawRequest(
        figure=e.id, threshold=own.threshold(score(ctx, e.id, skill)), level=0,
        rule="GAP-K7-9", target=d.figure,
        inputs={skill: score(ctx, e.id, skill), "bonus": own.bonus, "malus": own.malus,
                "standing": own.standing_malus()},
        **ctx.said("k7_lbl_face", figure=e.id, skill=skill)))


# -- a hand card in place of a failing one -----------------------------------------------------------
def useful_hand(ctx: K7Ctx, drawn: Drawn) -> list[int]:
    """[K7-SOURCES] the hand cards that would turn ``drawn``'s failure into a success in
    place of its first failing card."""
    if drawn.success or not drawn.cards:
        return []
    failing = drawn.failing(ctx.ace)
    if not failing:
        return []
    out = []
    for card in ctx.k7.piles.hands.get(drawn.figure, []):
        trial = Drawn(number=drawn.number, figure=drawn.figure, cards=list(drawn.cards),
                      sources=list(drawn.sources), threshold=drawn.threshold,
                      level=drawn.level, prefer=drawn.prefer)
        trial.cards[failing[0]] = card
        trial.rejudge(ctx.ace)
        if trial.success:
            out.append(card)
    return out


def _hand(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str | None:
    for fid, drawn in ex.draws.items():
        if fid in ex.hands:
            continue
        cards = useful_hand(ctx, drawn)
        if not cards:
            ex.hands[fid] = -1
            continue
        f = ctx.fig(fid)
        options = tuple(Option(key=str(c), label=name_of(c), label_key="k7_opt_card",
                               params={"card": name_of(c)}) for c in cards)
        ask(ctx, Pending(band=f.band, kind="hand", figure=fid,
                         prompt=f"{f.name}: play a hand card in place of the failing card?",
                         options=(*options, Option(key=KEEP, label="keep the failure",
                                                   label_key="k7_opt_keep")),
                         default=KEEP, prompt_key="k7_ask_hand", params={"figure": fid}))
        return None
    for fid, card in ex.hands.items():
        if card >= 0:
            drawn = ex.draws[fid]
            ctx.k7.piles.hands[fid].remove(card)
            ctx.k7.piles.tray.append(card)
            _, ev = replace(drawn, drawn.failing(ctx.ace)[0], card, "hand",
                            {"hand": name_of(card)}, "K7-SOURCES", ctx.ace)
            ctx.emit(ev)
    return "outcome"


# -- the outcome -----------------------------------------------------------------------------------
def _outcome(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str:
    me = ex.draws[d.figure]
    if d.action in ("strike", "shoot"):
        _opposed(ctx, d, ex)
        return _next_link(ctx, d, ex)
    elif d.action == "flee":
        _flight(ctx, d, ex)
    elif not me.success:
        if d.action != "support":  # [K7-SUPPORT] a failed support has no consequence
            harm.markers(ctx, d.figure, 0, 1, "K7-OUTCOME", "failed")
        if d.action == "rest":
            ctx.own(d.figure).ressources += 1
    elif d.action == "aim":
        _tactique(ctx, d.figure, me)
    elif d.action == "rest":
        ctx.own(d.figure).ressources += 1
        _ressource(ctx, d.figure, me)
    elif d.action == "heal":
        _heal(ctx, d)
    elif d.action == "support":
        _support(ctx, d, me)
    return "done"


def chain(ctx: K7Ctx, d: Declaration, first: str) -> list[str]:
    """[GAP-K7-23] the further targets of a shot with a weapon of several targets: each
    enemy in play within 1 pas of the previous one, in sight and range (GAP-30's chain),
    nearest first, up to the weapon's number."""
    w = ctx.book.ranged_weapons[d.weapon or ""]
    if w.targets is None or w.targets <= 1:
        return []
    shooter = ctx.fig(d.figure)
    out = [ctx.fig(first)]
    while len(out) < w.targets:
        prev = out[-1]
        nxt = [e for e in ctx.in_play() if e.band != shooter.band and e not in out
               and gap(prev, e) <= CHAIN_GAP and ctx.sees(shooter, e)
               and gap(shooter, e) <= w.long]
        if not nxt:
            break
        out.append(min(nxt, key=lambda e: (gap(prev, e), gap(shooter, e), e.id)))
    return [e.id for e in out[1:]]


def _next_link(ctx: K7Ctx, d: Declaration, ex: Exchange) -> str:
    """The next target of a shot's chain, drawn for anew (its first card from the general
    deck, [GAP-K7-23]); none left: the action is done."""
    if d.action != "shoot":
        return "done"
    if not ex.chained:
        ex.chain, ex.chained = chain(ctx, d, target_of(d, ex)), True
    if ctx.fig(d.figure).status != "in_play" or not ex.chain:
        return "done"
    ex.target = ex.chain.pop(0)
    ex.faces, ex.draws, ex.hands = {}, {}, {}
    return "face"


def _quality(ctx: K7Ctx, drawn: Drawn) -> int:
    return drawn.quality(ctx.ace)


def _suit(ctx: K7Ctx, drawn: Drawn, manoeuvre: str | None) -> int:
    """[K7-SUITS] the retained card's suit bonus for ``manoeuvre`` (Pique, Cœur)."""
    card = drawn.retained_card()
    suit, bonus = SUIT_BONUS.get(manoeuvre or "", ("", 0))
    return bonus if card is not None and suit_of(card) == suit else 0


def _tactique(ctx: K7Ctx, fid: str, drawn: Drawn) -> None:
    card = drawn.retained_card()
    extra = TACTIQUE if card is not None and suit_of(card) == CLUBS else 0
    harm.markers(ctx, fid, TACTIQUE + extra, 0, "K7-MANOEUVRES", "tactique")


def _ressource(ctx: K7Ctx, fid: str, drawn: Drawn) -> None:
    """[K7-MANOEUVRES] refill the pioche by the quality (+3 Cœur), up to its maximum."""
    n = _quality(ctx, drawn) + _suit(ctx, drawn, "R")
    ctx.events.extend(piles.refill(ctx.k7.piles, fid, n, ctx.own(fid).profile.pioche_max,
                                   ctx.dice, "K7-MANOEUVRES"))


def _support(ctx: K7Ctx, d: Declaration, drawn: Drawn) -> None:
    """[K7-SUPPORT] Puissance: the success card goes to the supported draw; Tactique: two
    bonus markers to the supported figure; Ressource (Récupération): it refills."""
    other = ctx.s.declaration(d.of or 0)
    if d.manoeuvre == "P":
        card = drawn.retained_card()
        assert card is not None
        ctx.k7.piles.tray.remove(card)
        other.support_cards.append(card)
    elif d.manoeuvre == "T":
        _tactique(ctx, other.figure, drawn)
    else:
        _ressource(ctx, other.figure, drawn)


def _heal(ctx: K7Ctx, d: Declaration) -> None:
    """[K7-MEDICINE] [GAP-K7-26] the wounded figure redoes one survival draw, one level
    easier; one at or above the wound's value takes its malus off."""
    wound = heal_wound(ctx, d)
    if wound is None or d.target is None:
        return
    before = len(ctx.events)
    harm.survival(ctx, d.target, wound, medikit=True)
    stopped = any(getattr(e, "outcome", None) == "stop" for e in ctx.events[before:])
    if stopped:
        wound.malus = 0
    sync(ctx, d.target)


def best_melee(ctx: K7Ctx, fid: str) -> tuple[str | None, K7Weapon]:
    """The melee weapon a figure deals damage with: the most lethal it carries."""
    prof = ctx.own(fid).profile
    carried = [w for w in ctx.fig(fid).melee if w in prof.weapons]
    if not carried:
        return None, prof.weapon(None)
    best = max(carried, key=lambda w: (prof.weapons[w].lethality, prof.weapons[w].bonus))
    return best, prof.weapons[best]


def _opposed(ctx: K7Ctx, d: Declaration, ex: Exchange) -> None:
    """[K7-OUTCOME] [GAP-K7-10] [GAP-K7-21]: the better quality wins; both failing, a malus
    marker each; a failed draw always gives one. In melee a winning defender deals its
    damage; against a shot it only makes it miss."""
    target = target_of(d, ex)
    me = ex.draws[d.figure]
    them = ex.draws.get(target)
    for fid, drawn in ((d.figure, me), (target, them)):
        if drawn is not None and not drawn.success:
            harm.markers(ctx, fid, 0, 1, "K7-OUTCOME", "failed")
    qa = _quality(ctx, me)
    qd = _quality(ctx, them) if them is not None else 0
    if qa == 0 and qd == 0:
        return
    if qa == qd:
        winner = tie_break(ctx, d.figure, target)
    else:
        winner = d.figure if qa > qd else target
    if winner == d.figure:
        weapon = _weapon(ctx, d)
        for victim in blast_victims(ctx, target_of(d, ex), d) or [target]:
            _hurt(ctx, victim, d.figure, me, weapon, d.manoeuvre, melee=d.action == "strike")
    elif d.action == "strike" and them is not None:
        _, weapon = best_melee(ctx, target)
        _hurt(ctx, d.figure, target, them, weapon, None, melee=True)


def blast_victims(ctx: K7Ctx, target: str, d: Declaration) -> list[str]:
    """[GAP-K7-23] a blast that wins its draw at the primary target: every figure whose
    base is within the radius of its centre takes the same value, each its own wound
    record of the one card (GAP-32's radius); none for any other weapon."""
    if d.action != "shoot" or d.weapon is None:
        return []
    w = ctx.book.ranged_weapons[d.weapon]
    if not w.is_blast:
        return []
    centre = ctx.fig(target).pos
    radius = float(w.blast_radius or 0)
    return [f.id for f in ctx.s.figures.values() if f.status in ("in_play", "out_of_action")
            and math.dist(centre, f.pos) - f.radius <= radius]


def _weapon(ctx: K7Ctx, d: Declaration) -> K7Weapon:
    prof = ctx.own(d.figure).profile
    if d.action == "shoot" or d.weapon is not None:
        return prof.weapon(d.weapon)
    return best_melee(ctx, d.figure)[1]


def _hurt(ctx: K7Ctx, victim: str, by: str, drawn: Drawn, weapon: K7Weapon,
          manoeuvre: str | None, *, melee: bool) -> None:
    card = drawn.retained_card()
    assert card is not None
    harm.damage(ctx, victim, by, card, _quality(ctx, drawn), weapon,
                _suit(ctx, drawn, manoeuvre), melee, "K7-DAMAGE")
    sync(ctx, victim)


def tie_break(ctx: K7Ctx, a: str, b: str) -> str:
    """[GAP-K7-21] one general card each, the higher wins; equal cards draw again. With
    no card left anywhere to draw, the action's own figure keeps the exchange."""
    while ctx.k7.piles.general or ctx.k7.piles.discard:
        cards = []
        for fid in (a, b):
            drawn = ctx.draw(DrawRequest(figure=fid, threshold=HIGH_CARD, level=0, rule="GAP-K7-21",
                                         first="general", **ctx.said("k7_lbl_tie", figure=fid)))
            cards.append(_quality(ctx, drawn) if drawn.cards else 0)
        if cards[0] != cards[1]:
            winner = a if cards[0] > cards[1] else b
            ctx.emit(TieBroken(rule="GAP-K7-21", figures=(a, b), winner=winner))
            return winner
    ctx.emit(TieBroken(rule="GAP-K7-21", figures=(a, b), winner=a))
    return a


def _flight(ctx: K7Ctx, d: Declaration, ex: Exchange) -> None:
    """[GAP-K7-7] a flight beats each enemy that faces, or it stays with a malus marker."""
    me = ex.draws[d.figure]
    f = ctx.fig(d.figure)
    away = me.success
    for e in opponents(ctx, d):
        them = ex.draws.get(e.id)
        if them is None:
            continue
        if not them.success:
            harm.markers(ctx, e.id, 0, 1, "K7-OUTCOME", "failed")
        qa, qd = _quality(ctx, me), _quality(ctx, them)
        if qa < qd or (qa == qd and qa and tie_break(ctx, d.figure, e.id) != d.figure):
            away = False
    if not away:
        harm.markers(ctx, d.figure, 0, 1, "K7-OUTCOME", "failed")
        return
    room = max((e.base for e in engaged_with(ctx, f)), default=0.0)
    try:
        path = plan_path(ctx, f, d.to or f.pos, walk(f, ctx) + room, "flee", may_contact=False)
    except IllegalCommand:  # the way is blocked now: it stays
        return
    move_along(ctx, f, path.points, rule="GAP-K7-7", reason="flee",
               ignore_difficult=f.stats.ignores_difficult)


_STAGES = {"start": _start, "replan": _replan, "face": _face, "draw": _draw, "hand": _hand,
           "outcome": _outcome}
