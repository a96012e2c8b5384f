"""The Clé en main figure as the window shows it (RULESETS §0.5 S16, §2.g): its skills,
weapons with their dice and the pénalités they impose, protection, vitality and mal en
point with its wound count, heroism with the effects used this round, the combat
monitor's Prudence and Danger when one is pending, the tour de jeu under way, and the
statuses with their rounds ("dies at the end of round N", "unconscious until round N");
labels in both languages."""

from __future__ import annotations

from skirmish.rules.cle_en_main.flow_state import CmState
from skirmish.rules.cle_en_main.profile import CmProfile, CmWeapon, weapon_penalties
from skirmish.rules.cle_en_main.state import HERO_COST, CmFigure, surprised
from skirmish.rules.panel import FigurePanel, PanelLine

#: [CM-HERO-USE] the effects offered (no atouts, GAP-CM-25), short, in both languages.
HERO_NAMES = {
    "four_dice": ("4th die", "4e dé"), "reroll": ("test again", "relancer"),
    "cancel_damage": ("cancel damage", "annuler les dégâts"),
    "take_for_ally": ("take an ally's", "encaisser pour un allié"),
}
#: [CM-MONITOR] the monitor's short names of the primes and pénalités (the source's).
MONITOR_SHORT = {"meurtriere": "Meurt.", "multiple": "Mult.", "efficacite": "Eff.",
                 "prudence": "Prud.", "legere": "Lég.", "danger": "Dang.",
                 "difficulte": "Diff.", "risque": "Risq."}


def _line(key: str, en: str, fr: str, value: str, value_fr: str = "") -> PanelLine:
    return PanelLine(key=key, label_en=en, label_fr=fr, value=value, value_fr=value_fr)


def weapon_text(p: CmProfile, w: CmWeapon, lang: str) -> str:
    """[CM-WPN-PARAMS] [CM-RANGED] "2d6+1, 20 pas, Cibles 3, Zone 3, 6+"."""
    bonus = p.melee_bonus if w.melee and w.range is None else p.ranged_bonus
    dice = f"{w.dice}d6" if w.dice else "0"
    bits = [dice + (f"{bonus:+d}" if bonus else "")]
    if w.range is not None:
        bits.append(f"{w.range:g} pas")
    if w.targets > 2:
        bits.append(f"Cibles {w.targets}")
    if w.zone:
        bits.append(f"Zone {w.zone:g}")
    if w.six_plus:
        bits.append("6+")
    n = weapon_penalties(p, w)
    if n:
        imposed = " + ".join(["Diff."] * n + ["Risq."])
        bits.append(("imposes " if lang == "en" else "impose ") + imposed)
    return ", ".join(bits)


def _weapons(p: CmProfile, lang: str) -> str:
    return "; ".join(f"{{weapon:{wid}}} {weapon_text(p, w, lang)}"
                     for wid, w in p.weapons.items()) \
        or ("unarmed" if lang == "en" else "mains nues")


def _heroism(cf: CmFigure, lang: str) -> str:
    i = 0 if lang == "en" else 1
    used = [HERO_NAMES[e][i] for e in HERO_COST if e in cf.hero_used]
    left = f"{cf.heroism}/{cf.profile.heroism}"
    if not used:
        return left
    return f"{left} · " + ("used this round: " if lang == "en" else "utilisé ce round : ") \
        + ", ".join(used)


def _vitality(cf: CmFigure, lang: str) -> str:
    text = f"{cf.vitality}/{cf.profile.vitality}"
    if cf.mal_en_point:
        wounds = ("wound" if lang == "en" else "blessure") + ("s" if cf.wounds != 1 else "")
        text += (" — mal en point" if lang == "en" else " — mal en point") + \
            (f", {cf.wounds} {wounds}" if cf.wounds else "")
    return text


def _statuses(s: CmState, fid: str, lang: str) -> list[str]:
    cf = s.cm.figures[fid]
    en = lang == "en"
    out: list[str] = []
    if cf.dead:
        return ["dead" if en else "mort"]
    if cf.dies_at is not None:
        out.append(f"in danger of death — dies at the end of round {cf.dies_at}" if en
                   else f"en danger de mort — meurt à la fin du round {cf.dies_at}")
    if cf.unconscious:
        if cf.wakes_at is None:
            out.append("unconscious for the rest of the game" if en
                       else "inconscient jusqu'à la fin de la partie")
        else:
            out.append(f"unconscious until the end of round {cf.wakes_at}" if en
                       else f"inconscient jusqu'à la fin du round {cf.wakes_at}")
    surprise = surprised(cf, s.turn)
    if surprise:
        out.append("surprised (neither acts nor defends this round)" if en
                   else "surpris (n'agit ni ne se défend ce round)")
    if cf.prone:
        out.append("on the ground: stands up at its next tour" if en
                   else "à terre : se relève à son prochain tour")
    if cf.loses_turn:
        out.append("loses its next tour de jeu (Risque)" if en
                   else "perd son prochain tour de jeu (Risque)")
    if cf.dropped:
        out.append(("weapons on the ground: " if en else "armes à terre : ") + ", ".join(cf.dropped))
    if s.figures[fid].routing:
        out.append("routing" if en else "en déroute")
    if cf.acted and s.phase == "battle" and not surprise:
        out.append("has taken its tour this round" if en else "a joué son tour ce round")
    return out


def _tour(s: CmState, fid: str, lang: str) -> str:
    """The tour de jeu under way: moved, stood up, acted; the pénalité an interrupt owes."""
    tour = s.tour
    assert tour is not None
    en = lang == "en"
    bits = []
    if tour.stood:
        bits.append("stood up" if en else "s'est relevé")
    if tour.walked:
        bits.append((f"moved {tour.walked:.1f} pas" if en else f"a bougé de {tour.walked:.1f} pas")
                    .replace(".", "." if en else ","))
    bits.append(("action taken" if en else "action faite") if tour.acted
                else ("action to take" if en else "action à faire"))
    if tour.imposed:
        bits.append(("imposed: " if en else "imposée : ")
                    + ", ".join(MONITOR_SHORT[p] for p in tour.imposed))
    return ", ".join(bits)


def figure_panel(s: CmState, fid: str) -> FigurePanel:
    cf = s.cm.figures[fid]
    p = cf.profile
    tier_fr = {"boss": "boss", "second": "second couteau", "figurant": "figurant"}[p.tier]
    tier_en = tier_fr + (", PJ rules" if p.pj_rules else "")
    tier_fr += ", règles de PJ" if p.pj_rules else ""
    protection = (f", shield +{p.shield} Défense in melee" if p.shield else "",
                  f", bouclier +{p.shield} Défense en mêlée" if p.shield else "")
    lines = [
        _line("combat", "Combat", "Combat",
              f"mêlée {p.test_value('combat_melee')} · tir {p.test_value('combat_tir')} · "
              f"Défense {p.test_value('defence')}"),
        _line("skills", "Skills", "Compétences",
              f"Réflexes {p.reflexes} · Résistance {p.test_value('resistance')} · "
              f"Volonté {p.volonte}"),
        _line("weapons", "Weapons", "Armes", _weapons(p, "en"), _weapons(p, "fr")),
        _line("vitality", "Vitality", "Vitalité", _vitality(cf, "en"), _vitality(cf, "fr")),
        _line("protection", "Protection", "Protection", f"{p.protection}{protection[0]} ({tier_en})",
              f"{p.protection}{protection[1]} ({tier_fr})"),
    ]
    if p.pj_rules:
        lines.append(_line("heroism", "Heroism", "Héroïsme", _heroism(cf, "en"),
                           _heroism(cf, "fr")))
    if cf.prudence or cf.danger:  # only what is pending: a Chef's card fits at 1280 × 720
        lines.append(_line("monitor", "Monitor", "Moniteur",
                           f"Prud. {cf.prudence} · Dang. {cf.danger}"))
    if s.tour is not None and s.tour.figure == fid:
        lines.append(_line("tour", "Tour de jeu", "Tour de jeu", _tour(s, fid, "en"),
                           _tour(s, fid, "fr")))
    en, fr = _statuses(s, fid, "en"), _statuses(s, fid, "fr")
    if en:
        lines.append(_line("statuses", "Conditions", "Conditions", "; ".join(en),
                           " ; ".join(fr)))  # French spaces its semicolons too
    marks = tuple(k for k, on in (("routing", s.figures[fid].routing),
                                  ("dying", cf.dies_at is not None and not cf.dead),
                                  ("prone", cf.prone)) if on)
    return FigurePanel(health=(max(0, cf.vitality), p.vitality), health_label="Vit",
                       marks=marks, lines=tuple(lines), own_card=True)
