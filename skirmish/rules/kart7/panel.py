"""The KART 7 figure as the window shows it (RULESETS §0.5 S16, §4.g): its hand face up,
its pioche as a count of face-down cards (never their order, [GAP-K7-29]), its five wound
holders with the damage cards in each and their capacity ([K7-DAMAGE], [GAP-K7-16]), its
markers and standing, and its declaration this turn, also a token on its base; labels in
both languages."""

from __future__ import annotations

from skirmish.rules.kart7.cards import name_of, value_of
from skirmish.rules.kart7.profile import HOLDERS
from skirmish.rules.kart7.state import Declaration, K7State
from skirmish.rules.panel import FigurePanel, PanelLine

#: Each action's token on the base and its name in both languages.
ACTIONS = {
    "hold": ("■", "holds", "attend"),
    "move": ("➜", "moves", "se déplace"),
    "strike": ("⚔", "strikes", "frappe"),
    "shoot": ("➹", "shoots", "tire"),
    "aim": ("◎", "Tactique", "Tactique"),
    "rest": ("↻", "Ressource", "Ressource"),
    "flee": ("⇠", "flees", "fuit"),
    "heal": ("✚", "heals", "soigne"),
    "support": ("+", "supports", "soutient"),
    "rout": ("⚑", "routs", "déroute"),
}
KINDS = {"main": ("", ""), "support": ("", ""),
         "consecutive": ("consecutive", "consécutive"),
         "court_circuit": ("court-circuit", "court-circuit")}
HOLDER_EN = {"vert": "green", "bleu": "blue", "jaune": "yellow", "rouge": "red",
             "noir": "black"}


SUIT_SIGNS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RANKS = frozenset({"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"})


def card_words(name: str) -> str:
    """A card the rules name (``10D``, the log's and the replay's form) as the table reads
    it: ``10♦``; anything else as it is."""
    if len(name) >= 2 and name[-1] in SUIT_SIGNS and name[:-1] in RANKS:
        return name[:-1] + SUIT_SIGNS[name[-1]]
    return name


def shown(card: int) -> str:
    """A face-up card as the table reads it: ``10♦``."""
    return card_words(name_of(card))


def token(d: Declaration) -> str:
    """The declaration's token on its figure's base: its number and its action's sign,
    a ⚡ for a court-circuit."""
    sign = ACTIONS[d.action][0]
    return f"{d.number}{'⚡' if d.kind == 'court_circuit' else ''}{sign}"


#: A support's manoeuvre, by KART 7's own terms in both languages ([K7-SUPPORT]).
SUPPORT_MANOEUVRES = {"P": "Puissance", "T": "Tactique", "R": "Ressource"}


def support_words(verb: str, of: int | None, manoeuvre: str | None) -> str:
    """``supports #1 (Puissance)``: the action a support helps, and how."""
    return f"{verb} #{of} ({SUPPORT_MANOEUVRES.get(manoeuvre or '', '?')})"


def declaration_words(state: K7State, d: Declaration, lang: str) -> str:
    """``#3 strikes Grot (court-circuit of #2)``, ``#4 supports #3 (Puissance)``: what
    the list and the card say of it."""
    _, en, fr = ACTIONS[d.action]
    verb = fr if lang == "fr" else en
    target = state.figures[d.target].name if d.target in state.figures else ""
    kind = KINDS[d.kind][1 if lang == "fr" else 0]
    of = f" #{d.of}" if d.of else ""
    if d.kind == "support":
        said = f"#{d.number} {support_words(verb, d.of, d.manoeuvre)}"
    else:
        said = f"#{d.number} {verb}" + (f" {target}" if target else "")
    if (kind or of) and d.kind != "support":
        said += f" ({kind}{' ' if kind and of else ''}{of.strip()})"
    if d.status != "declared":
        said += {"done": " ✓", "lapsed": " ✗", "replaced": " ↺"}[d.status]
    return said


def _line(key: str, en: str, fr: str, value: str, value_fr: str = "") -> PanelLine:
    return PanelLine(key=key, label_en=en, label_fr=fr, value=value, value_fr=value_fr)


def holders(state: K7State, fid: str, lang: str) -> str:
    """Each holder, named by its colour, with its cards (value in brackets when the
    weapon changed it) over its capacity: ``vert — /2 · jaune 9♠(12) /3``."""
    own = state.k7.figures[fid]
    ace = state.k7.options.k7_ace
    out = []
    for level, (holder, cap) in enumerate(zip(HOLDERS, own.profile.wounds, strict=True)):
        cards = [shown(w.card) + (f"({w.value})" if w.value != value_of(w.card, ace) else "")
                 for w in own.wounds if w.level == level]
        name = holder if lang == "fr" else HOLDER_EN[holder]
        out.append(f"{name} {' '.join(cards) or '—'} /{cap}")
    return " · ".join(out)


def figure_panel(state: K7State, fid: str) -> FigurePanel:
    f = state.figures[fid]
    own = state.k7.figures[fid]
    p = own.profile
    piles = state.k7.piles
    hand = " ".join(shown(c) for c in piles.hands.get(fid, [])) or "—"
    pioche = len(piles.pioches.get(fid, []))
    weapons = "; ".join(f"{{weapon:{w}}} L{x.lethality}{x.bonus:+d}"  # named by the window
                        for w, x in p.weapons.items())
    lines = [
        _line("profile", "Car Rap Sens Vol Int Équ", "Car Rap Sens Vol Int Équ",
              f"{p.carrure} {p.rapidite} {p.sens} {p.volonte} {p.intellect} {p.equilibre}"),
        _line("skills", "Contact · Distance · Poursuite", "Contact · Distance · Poursuite",
              f"{p.contact} · {p.distance} · {p.poursuite}"),
        _line("thresholds", "OK · KO · armour", "OK · KO · armure",
              f"{p.ok} · {p.ko} · {p.armour}" + (f"+{p.melee_armour}" if p.melee_armour
                                                 else "")),
        _line("hand", "Hand (face up)", "Main (face visible)", hand),
        _line("pioche", "Pioche (face down)", "Pioche (face cachée)",
              f"{pioche}/{p.pioche_max} cards", f"{pioche}/{p.pioche_max} cartes"),
        _line("holders", "Wounds", "Blessures", holders(state, fid, "en"),
              holders(state, fid, "fr")),
        _line("weapons", "Weapons", "Armes", weapons or "—"),
    ]
    if own.bonus or own.malus or own.standing_malus():
        lines.append(_line("markers", "Markers bonus · malus · standing",
                           "Marqueurs bonus · malus · séquelles",
                           f"+{own.bonus} · −{own.malus} · −{own.standing_malus()}"))
    d = state.declared(fid)
    marks: list[str] = []
    if d is not None:
        lines.append(_line("declared", "Declared", "Déclaré", declaration_words(state, d, "en"),
                           declaration_words(state, d, "fr")))
        if d.status == "declared":
            marks.append(token(d))
    if own.ko:
        marks.append("ko")
    if f.routing:
        marks.append("routing")
    room = sum(p.wounds)
    return FigurePanel(health=(max(0, room - len(own.wounds)), room), health_label="Bl",
                       marks=tuple(marks), lines=tuple(lines), own_card=True)
