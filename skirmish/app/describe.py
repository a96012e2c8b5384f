"""Engine events and rolls put into words for the log, the dice tray and the panels, in
the current language. Only the app's own words are translated: engine messages
(reasons, prompts) arrive in English and are shown as they are."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from skirmish.app.describe_ca import ca_input, damage_line, decision_prompt, exchange_line
from skirmish.app.describe_cm import cm_line, compared, timer_label, tray_inputs, verdict
from skirmish.app.describe_k7 import declared_line, k7_input, k7_term
from skirmish.app.describe_wf import wf_input
from skirmish.app.i18n import Translator, translate
from skirmish.app.ruleset_kinds import is_card_draw, is_kind
from skirmish.app.text import elide, signed
from skirmish.content.models import Rulebook
from skirmish.rules import events as ev
from skirmish.rules.frame.messages import ID_PARAMS, say
from skirmish.rules.game import Retried
from skirmish.rules.registry import ruleset_for
from skirmish.rules.skirmish.state import GameState

NAME_CHARS = 40  # names from files are cut to this in every sentence that holds them
#: The inputs of a Clefs de l'Aube roll by their names in the rules (RULESETS §3.b–§3.d).
CA_INPUTS = {"ca_tir": "CA tir", "ca_melee": "CA mêlée", "pf_ph": "PF(Ph)", "band_nd": "ND",
             "dodge": "Esq", "enc": "Enc", "be": "BE", "bd": "BD", "dom": "Dom",
             "degree": "°R", "critical_die": "crit", "ta": "TA", "tp": "TP",
             "ba": "BA", "bp": "BP", "esq": "Esq", "defender_pf": "PF", "me": "Me",
             "re": "Ré", "bc_volonte": "BC"}
#: The passive tests the Skirmish rules name in their rolls' labels, by their French name
#: (the rules' own words, kept in replays), and their ``test.*`` words in the window.
TEST_NAMES = {"Apercevoir l'ennemi": "spot", "Subir un tir": "shot", "Test de charge": "charge",
              "Être chargé": "charged", "Folie": "madness"}
#: The notes in brackets that end a catalogue label ("Dagger (first one free)", "Grenade
#: (radius 5 pas)"): Skirmish's band-building terms, left out where a ruleset that converts
#: the catalogue names the weapon.
CATALOGUE_NOTES = re.compile(r"(\s*\([^()]*\))+$")
SKIP_INPUTS = {"weapon", "band", "dice", "ct_modified", "artillery", "deviation", "range_limits"}


def in_language(record: Any, field: str, lang: str) -> str:
    """A file's text in the window's language: ``<field>_fr`` in French when the file
    gives one, else ``<field>``."""
    if lang == "fr":
        fr = getattr(record, f"{field}_fr", "")
        if fr:
            return str(fr)
    return str(getattr(record, field, ""))


def race_name(book: Rulebook, race: str, lang: str) -> str:
    """A race as the window names it: in French its short name ("Hommes-rats") rather
    than the rulebook's heading ("Race des hommes-rats")."""
    r = book.races.get(race)
    if r is None:
        return race
    if lang == "fr":
        return r.short_fr or r.name_fr
    return r.name_en or r.name_fr


def french_names(scenario: Any) -> dict[str, str]:
    """The scenario's French names by band, terrain piece and objective id (``name_fr``
    where a file gives one). The engine keeps the files' main names; only the window swaps
    them."""
    out: dict[str, str] = {}
    if scenario is None:
        return out
    for kind, record in _named(scenario):
        if record.name_fr:
            out[f"{kind}:{record.id}"] = record.name_fr
    return out


def french_by_name(scenario: Any) -> dict[str, str]:
    """The same French names keyed by the main name the rules use in their sentences, and
    the rules' own English words that stand for a name ("bare hands" for a weapon)."""
    out = {say("unarmed"): translate("fr", "engine.unarmed")}
    for _, record in _named(scenario):
        if record.name_fr:
            out[record.name] = record.name_fr
    return out


def english_by_french(book: Rulebook) -> dict[str, str]:
    """The rulebook's names the rules write in French (weapons, equipment, races…) → their
    English names, for the English window's sentences."""
    out: dict[str, str] = {}
    for table in (book.ranged_weapons, book.melee_weapons, book.equipment, book.races):
        for record in table.values():
            if record.name_en and record.name_fr:
                out[record.name_fr] = record.name_en
    return out


def content_names(scenario: Any, book: Rulebook) -> tuple[dict[str, str], dict[str, str]]:
    """What the window swaps into the rules' sentences: (in French, in English)."""
    return french_by_name(scenario), english_by_french(book)


def _named(scenario: Any) -> list[tuple[str, Any]]:
    """The scenario's records that may carry a ``name_fr``, with their kind."""
    if scenario is None:
        return []
    return [*(("band", e.warband) for e in scenario.bands),
            *(("terrain", p) for p in scenario.terrain),
            *(("objective", o) for o in scenario.objectives)]


class Describer:
    def __init__(self, state: GameState, book: Rulebook, t: Translator,
                 scenario: Any = None, odds: bool = True) -> None:
        self.s = state
        self.book = book
        self.t = t
        #: Say a computer's chances in its plans (off: the player plays blind, ``--no-odds``).
        self.odds = odds
        self.fr = french_names(scenario) if t.lang == "fr" else {}
        self._unit: str | None = None
        self._own_card: bool | None = None  # whether the ruleset's card is its own

    # -- names ------------------------------------------------------------------------------
    def fig(self, fid: str | None) -> str:
        if fid is None:
            return "—"
        f = self.s.figures.get(fid)
        return elide(f.name if f else fid, NAME_CHARS)

    def band(self, bid: str | None) -> str:
        if bid is None:
            return "—"
        if f"band:{bid}" in self.fr:
            return elide(self.fr[f"band:{bid}"], NAME_CHARS)
        for b in self.s.bands:
            if b.id == bid:
                return elide(b.name, NAME_CHARS)
        return elide(bid, NAME_CHARS)

    def terrain(self, piece_id: str, name: str) -> str:
        """A terrain piece's name (``name``, the file's main one) in the window's language."""
        return self.fr.get(f"terrain:{piece_id}", name)

    def objective(self, obj: Any) -> str:
        """An objective's name in the window's language."""
        return elide(self.fr.get(f"objective:{obj.id}", obj.name), NAME_CHARS)

    def weapon(self, wid: str | None) -> str:
        if not wid:
            return self.t("card.unarmed")
        if wid in self.book.ranged_weapons:
            w = self.book.ranged_weapons[wid]
        elif wid in self.book.melee_weapons:
            w = self.book.melee_weapons[wid]
        else:
            return wid
        return w.name_fr if self.t.lang == "fr" else (w.name_en or w.name_fr)

    def weapon_named(self, wid: str | None) -> str:
        """A weapon as a roll, a decision or an action line names it: as the figure card
        does. Under a ruleset with a card of its own (WFRP…), the weapon's own name, without
        the notes of its catalogue label; under Skirmish and Les Clefs de l'Aube, whose
        card is Skirmish's, the label, notes and all (the band's costs are their terms)."""
        name = self.weapon(wid)
        if self._own_card is None:
            fid = next(iter(self.s.figures), None)
            self._own_card = fid is not None and ruleset_for(self.s.ruleset).figure_panel(
                self.s, fid).own_card
        return CATALOGUE_NOTES.sub("", name) if self._own_card else name

    def rank(self, rank: str) -> str:
        return {"chef": "Chef", "sous_chef": "Sous-chef", "sous_fifre": "Sous-fifre"}.get(rank,
                                                                                         rank)

    @staticmethod
    def rank_mark(rank: str) -> str:
        """The short mark drawn on the bases (C, S, f): for narrow buttons."""
        return {"chef": "C", "sous_chef": "S", "sous_fifre": "f"}.get(rank, "?")

    def said(self, key: str, params: Mapping[str, Any], text: str) -> str:
        """A roll's label or a decision's question, said by ``key`` with ids in ``params``
        (``messages.ID_PARAMS``), in the window's language with its names for them; the
        rules' English ``text`` when there is no key (another ruleset's event)."""
        if not key:
            return text
        named = dict(params)
        for k, v in params.items():
            kind = ID_PARAMS.get(k)
            if kind == "figure" and v in self.s.figures:
                named[k] = self.fig(v)
            elif kind == "band" and any(b.id == v for b in self.s.bands):
                named[k] = self.band(v)
            elif kind == "weapon" and isinstance(v, str):
                named[k] = self.weapon_named(v)
            elif k == "test" and v in TEST_NAMES:  # in English: "Spot test (Apercevoir…)"
                named[k] = self.t(f"test.{TEST_NAMES[v]}")
            elif k == "action" and key.startswith("k7_") and self.t.has(f"k7_draw_of.{v}"):
                named[k] = self.t(f"k7_draw_of.{v}")  # KART 7: "shot draw", "tirage de tir"
            elif key.startswith("k7_") and k in ("skill", "lethality"):
                named[k] = k7_term(k, v)  # KART 7's own terms: "Rapidité", "Énorme"
        return self.t.rules(key, named, text)

    # -- rolls ------------------------------------------------------------------------------
    def need(self, roll: ev.Roll) -> str:
        if isinstance(roll, ev.D20Roll):  # RULESETS §3.g: the window ND < d ≤ CA
            from skirmish.rules.clefs_aube.roll import num

            return f"{num(roll.window.nd)} < d ≤ {num(roll.window.ca)}"
        if is_card_draw(roll):
            from skirmish.rules.kart7.draws import HIGH_CARD

            if roll.draw_need.threshold >= HIGH_CARD:
                return ""  # a high card (first speaker, a tie broken): every card counts
            if roll.draw_need.cards > 1:  # §4.g: any / all
                rule = self.t(f"tray.k7_{roll.draw_need.rule}", n=roll.draw_need.cards)
                return f"≤ {roll.draw_need.threshold} ({rule})"
        if roll.need is None:
            return ""
        if roll.compare == "<=":
            return f"≤ {roll.need}"
        if roll.compare == ">=":
            return f"{roll.need}+"
        return ""

    @staticmethod
    def good(roll: ev.Roll) -> bool | None:
        """Whether the roll went the roller's way (its ``outcome``; None: neither). The
        tray and the log colour by this, not by ``success``: a jam die that meets its
        need of 6 is a success and bad news."""
        return None if roll.outcome is None else roll.outcome == "good"

    def mark(self, roll: ev.Roll) -> str:
        good = self.good(roll)
        return "" if good is None else "✓" if good else "✗"

    def need_phrase(self, roll: ev.Roll) -> str:
        """"need 6+", or "bad on 6+" when meeting the need is the bad event (a jam, an
        accident, a fall, damage to one's own side)."""
        if isinstance(roll, ev.D6Roll):  # Clé en main: a difficulty, or the other side's total
            return compared(self.t, roll)
        need = self.need(roll)
        if not need:
            return ""
        if isinstance(roll, ev.D20Roll):
            return f"{self.t('tray.d20_window')} {need}"
        bad_when_met = roll.outcome is not None and (roll.outcome == "good") != bool(roll.success)
        return f"{self.t('tray.bad_on' if bad_when_met else 'tray.need')} {need}"

    def tag(self, inputs: dict[str, Any]) -> str:
        """RULES.md §15 asks the UI to label a [DEVIATION] reading wherever it shows."""
        gap = inputs.get("deviation")
        return self.t("tag.deviation", gap=gap) if gap else ""

    def inputs(self, roll: ev.Roll) -> str:
        """The values the need was computed from, e.g. "CT 3+ · PM ±0 · 2 allies"."""
        t = self.t
        if isinstance(roll, ev.D6Roll):
            return tray_inputs(t, roll)
        bits: list[str] = []
        for k, v in roll.inputs.items():
            if k in SKIP_INPUTS:
                continue
            worded = k7_input(t, self, k, v) if is_card_draw(roll) else \
                wf_input(t, k, v) if self.s.ruleset == "wfrp2" else None
            bits.append(self._input(k, v, t) if worded is None else worded)
        return " · ".join(b for b in bits if b)

    def _input(self, k: str, v: Any, t: Translator) -> str:
        if k in CA_INPUTS:  # Les Clefs de l'Aube's own terms, the same in both languages
            return f"{CA_INPUTS[k]} {v}"
        worded = ca_input(self, k, v)
        if worded is not None:
            return worded
        if k in ("ct", "ccc"):
            return f"{k.upper()} {v}+"
        if k.endswith("_mod") and isinstance(v, int):
            return f"{t('input.' + k)} {signed(v)}"
        if k == "range_band":
            return t(f"input.range_band.{v}") if t.has(f"input.range_band.{v}") else str(v)
        if k == "distance":
            return f"{t.num(v, 1)} pas" if isinstance(v, (int, float)) else str(v)
        if k == "cybernetic_arms":
            return t("input.cybernetic_arms", n=v) if v else ""
        if k == "blast_radius":
            return t("input.blast_radius", r=t.num(v)) if isinstance(v, (int, float)) else ""
        if k == "target_index":
            return t("input.target_index", n=v)
        if k in ("leadership", "cd"):
            return f"Cd {v}"
        if k == "fm":  # WFRP's Force Mentale, its own term as the card writes it
            return f"FM {v}"
        if k == "allies_within_3":
            return t("input.allies", n=v)
        if k == "lent_by":
            return t("input.lent_by", name=self.fig(v))
        if k == "lent_leadership":
            return f"Cd {v}"
        if k == "force":
            return f"F {v}"
        if k == "resistance":
            return f"R {v}"
        if k == "armour":
            return t("input.armour", n=v) if v else ""
        if k == "resistance_used":
            return f"{t('input.r_used')} {v}"
        if k == "strength":
            return f"F {v}"
        if k == "weapon_force":
            return f"{t('input.weapon')} +{v}"
        if k == "sous_fifres":
            return t("input.sous_fifres", n=v)
        if k == "charged_malus":
            return t("input.charged_malus")
        if k == "later_target_r":
            return t("input.later_target", n=v)
        return f"{k} {v}"

    def outcome(self, roll: ev.Roll) -> str:
        """What the roll gives, in words; the wave-1 d6 ([R-TURN-WAVE], GAP-10), which the
        engine records bare, as the figures its band may activate ("up to 4 activations"),
        so that no roll in the tray or the log is left without its "→"."""
        if roll.rule == "R-TURN-WAVE" and not roll.result and len(roll.dice) == 1:
            return self.t("log.wave_cap", n=roll.dice[0])
        if isinstance(roll, ev.D6Roll) and roll.need is not None:
            return verdict(self.t, roll)
        if is_card_draw(roll):  # [K7-DRAW] the retained card and its quality
            from skirmish.rules.kart7.panel import card_words

            return self.t("tray.k7_quality", card=card_words(roll.retained), n=roll.quality) \
                if roll.retained is not None else self.t("result.fail")
        if roll.result:
            return self.t("result." + roll.result) if self.t.has("result." + roll.result) \
                else roll.result
        if roll.success is None:
            return ""
        return self.t("result.pass") if roll.success else self.t("result.fail")

    def label(self, roll: ev.Roll) -> str:
        """The roll's label in the player's language (the engine says it by key; a Clé en
        main timer's by what it counts)."""
        label = timer_label(self, roll) or self.said(roll.key, roll.params, roll.label)
        tag = self.tag(roll.inputs)
        return f"{label} {tag}" if tag else label

    def unit_key(self, key: str) -> str:
        """``key``, or its form for a ruleset whose budget is counted in half actions and
        whose health in B (``<key>_half``, WFRP), when the window has one."""
        if self._unit is None:
            self._unit = ruleset_for(self.s.ruleset).turn_view(self.s).unit
        half = f"{key}_half"
        return half if self._unit == "half" and self.t.has(half) else key

    def location(self, value: int, where: str) -> str:
        """[WF-LOC] the reversed d100 and the location it names, in the window's words."""
        tens, units = divmod(value % 100, 10)
        return f"{units}{tens} {self.t('wf.loc.' + where)}"

    def wf_damage(self, e: ev.WfDamage) -> str:
        """[WF-DMG] the pipeline in one line: d10 + weapon (+ Ulric, + Sans défense) − BE −
        AP = what got through, and the B left."""
        t = self.t
        extra = (f" + {t('wf.ulric')} {e.ulric}" if e.ulric else "") + \
            (f" + {t('wf.helpless')} {e.helpless}" if e.helpless else "")
        return t("log.wf_damage", name=self.fig(e.figure), where=t("wf.loc." + e.location),
                 d10=e.d10, weapon=e.weapon, extra=extra, be=e.be, ap=e.ap, lost=e.lost,
                 left=e.b_left) + (f" · {t('wf.critical', cv=e.critical)}" if e.critical else "")

    def faces(self, roll: ev.Roll) -> str:
        """The dice as rolled: "4 + 2", or by kind for a d20 roll, the critical die and its
        extra d20s marked "d20 8 · d10 1 · d20+ 14" (RULESETS §0.6 die kinds and roles)."""
        if isinstance(roll, ev.D20Roll):
            return " · ".join(f"{f.die}{'+' if f.role == 'critical' and f.die == 'd20' else ''}"
                              f" {f.face}" for f in roll.faces) or "—"
        if isinstance(roll, ev.DiceRoll):  # a d100's tens die reads 00–90
            return " + ".join(f"{f.face * 10:02d}" if f.role == "tens" else str(f.face)
                              for f in roll.faces) or "—"
        if is_card_draw(roll):  # RULESETS §4.g: the cards face up, in order drawn
            from skirmish.rules.kart7.panel import card_words

            return " · ".join(card_words(c.card) for c in roll.cards) or "—"
        return " + ".join(str(d) for d in roll.dice) or "—"

    def roll_line(self, roll: ev.Roll) -> str:
        who = self.fig(roll.figure) if roll.figure else ""
        if roll.target:
            who = f"{who} → {self.fig(roll.target)}" if who else self.fig(roll.target)
        faces = self.faces(roll)
        total = f" = {sum(roll.dice)}" if len(roll.dice) > 1 and roll.compare != "table" \
            and not isinstance(roll, ev.D20Roll | ev.DiceRoll) and not is_card_draw(roll) else ""
        if isinstance(roll, ev.DiceRoll) and len(roll.faces) > 1:  # tens and units: a d100
            total = f" = {roll.value}" + (f" ({self.location(roll.value, roll.location)})"
                                          if roll.location else "")
        need = self.need(roll)
        need_s = f", {self.need_phrase(roll)}" if need else ""
        label = self.label(roll)
        # "Cid attacks Ann (axe): d100" names both already; "Cid: Fortune reroll" not Ann
        named = all(self.fig(x) in label for x in (roll.figure, roll.target) if x)
        head = f"[{roll.rule}] {label}" + (f" ({who})" if who and not named else "")
        outcome = self.outcome(roll)
        mark = self.mark(roll)
        outcome = f"{mark} {outcome}" if mark and outcome else outcome
        return self.t.pair(head, f"{faces}{total}{need_s}" + (f" → {outcome}" if outcome else ""))

    # -- the log ----------------------------------------------------------------------------
    def line(self, e: ev.Event) -> str | None:
        """One log line for an event (None for those the log leaves out)."""
        t = self.t
        if self.s.ruleset == "cle_en_main":
            said = cm_line(self, e)
            if said is not None:
                return said
        if isinstance(e, ev.Roll):
            return self.roll_line(e)
        if isinstance(e, ev.DeploymentOrder):
            return self.deploy_order(e)
        if isinstance(e, ev.Placed):
            return None
        if isinstance(e, ev.DeploymentEnded):
            return t("log.deployment_ended")
        if isinstance(e, ev.TurnStarted):
            return t("log.turn", n=e.turn)
        if isinstance(e, ev.Initiative):
            return t("log.initiative", order=" → ".join(
                f"{self.band(b)} {e.scores.get(b, '')}" for b in e.order))
        if isinstance(e, ev.WaveStarted):
            cap = t("log.wave_cap", n=e.cap) if e.cap is not None else t("log.wave_all")
            return t("log.wave", band=self.band(e.band), wave=e.wave, cap=cap)
        if isinstance(e, ev.Activated):
            return t(self.unit_key("log.activated"), name=self.fig(e.figure), pa=e.pa)
        if isinstance(e, ev.ActivationEnded):
            return t("log.activation_ended", name=self.fig(e.figure), n=e.pa_lost) \
                if e.pa_lost else None
        if is_kind(e, "skirmish.rules.kart7.events", "Declared"):
            return declared_line(self, e)
        if isinstance(e, ev.ActionDeclared):
            target = f" → {self.fig(e.target)}" if e.target else ""
            weapon = f" ({self.weapon_named(e.weapon)})" if e.weapon else ""
            return t(self.unit_key("log.action"), name=self.fig(e.figure),
                     action=t("action." + e.action), cost=e.cost) + target + weapon
        if isinstance(e, ev.Moved):
            return t("log.moved", name=self.fig(e.figure), cost=t.num(e.cost, 1),
                     why=t("why." + e.reason) if t.has("why." + e.reason) else e.reason)
        if isinstance(e, ev.ShotResolved):
            return None
        if isinstance(e, ev.Wounded):
            key = "log.wounded" if e.pv >= 0 else "log.wounded_below"  # R-WOUND-DEAD
            key = self.unit_key(key)
            return t(key, name=self.fig(e.figure), pv=str(e.pv).replace("-", "−"))
        if isinstance(e, ev.OutOfAction):
            return t("log.out_of_action", name=self.fig(e.figure))
        if isinstance(e, ev.Killed):
            return t("log.killed", name=self.fig(e.figure))
        if isinstance(e, ev.Healed):
            return t("log.healed", name=self.fig(e.figure), pv=e.pv)
        if isinstance(e, ev.WeaponLost):
            why = t("lost." + e.reason) if t.has("lost." + e.reason) else e.reason
            return t("log.weapon_lost", name=self.fig(e.figure), weapon=self.weapon(e.weapon),
                     why=why)
        if isinstance(e, ev.Reaction):
            test = t(f"test.{e.test}") if t.has(f"test.{e.test}") else e.test
            return t("log.reaction", name=self.fig(e.figure), test=test,
                     result=t("result.pass") if e.passed else t("result.fail"),
                     effect=t.engine(e.key, e.params, e.effect))
        if isinstance(e, ev.StatusChanged):
            key = f"status.{e.status}" + ("" if e.on else "_off")
            return t("log.status", name=self.fig(e.figure),
                     status=t(key) if t.has(key) else f"{e.status} {'on' if e.on else 'off'}")
        if isinstance(e, ev.DecisionNeeded):
            return t("log.decision", band=self.band(e.band),
                     prompt=decision_prompt(t, e, self.said(e.key, e.params, e.prompt)))
        if isinstance(e, ev.DamageResolved):
            return damage_line(self, e)
        if isinstance(e, ev.Ladder):
            return t("log.ladder", order=" → ".join(
                f"{self.fig(f)} {e.scores.get(f, '')}" for f in e.order))
        if isinstance(e, ev.WfDamage):
            return self.wf_damage(e)
        if isinstance(e, ev.Opposition):
            return exchange_line(self, e)
        if isinstance(e, ev.DecisionTaken):
            return None
        if isinstance(e, ev.TurnEnded):
            return t("log.turn_ended", n=e.turn)
        if isinstance(e, ev.Resigned):
            return t("log.resigned", band=self.band(e.band))
        if isinstance(e, ev.GameEnded):
            return t("log.game_over", why=t.engine(e.key, e.params, e.reason),
                     verdict=self.verdict(e.winner, e.vp))
        if isinstance(e, ev.Stunned):
            return t("log.stunned", name=self.fig(e.figure))
        if isinstance(e, Retried):  # a practice retry, never hidden
            return t("log.retried", name=self.fig(e.figure), n=e.n)
        key = getattr(e, "key", "")
        if type(e).__name__ == "Plan" and t.has(key):  # a computer's one-line plan
            return "▶ " + self.plan(e)
        return None

    def action_name(self, action: str) -> str:
        """An action's name in the window's words (the action bar's)."""
        return self.t("action." + action)

    def verdict(self, winner: str | None, vp: Mapping[str, int]) -> str:
        """GAP-13: "Winner: X", or which bands share the most VP in a draw (with three
        bands, "a draw" alone read as if the third band had drawn too)."""
        t = self.t
        if winner:
            return t("results.winner", band=self.band(winner))
        best = max(vp.values(), default=0)
        level = [b for b, v in vp.items() if v == best]
        if len(level) == len(vp) or len(level) < 2:
            return t("results.draw_all", vp=best)
        names = [self.band(b) for b in level]
        both = t("results.and", rest=", ".join(names[:-1]), last=names[-1])
        return t("results.draw_between", bands=both, vp=best)

    def deploy_order(self, e: ev.DeploymentOrder) -> str:
        """The deployment order and why it runs that way: the house reading of GAP-8 has
        the roll-off's loser deploy first, which a player reading "6 against 1" would not
        guess."""
        order = " → ".join(self.band(b) for b in e.order)
        n = len(e.order)
        key = "log.deploy_order_one" if n < 2 else "log.deploy_order" if n == 2 \
            else "log.deploy_order_many"
        return self.t(key, order=order, first=self.band(e.order[0]) if e.order else "")

    def deploy_banner(self, e: ev.DeploymentOrder) -> str:
        """The banner's short word on it: who deploys first and why."""
        if len(e.order) < 2:
            return self.deploy_order(e)
        return self.t("banner.deploy_first", first=self.band(e.order[0]))

    def plan(self, p: Any) -> str:
        """A computer's one-line plan in the window's words, its band named as the
        window names it (a band-wide plan, such as a first wave ended early, says it)."""
        key = getattr(p, "key", "")
        if not self.t.has(key):
            return str(p.text)
        params = getattr(p, "params", {})
        if not self.odds and "pct" in params:  # playing blind: what it does, not its chances
            plain = re.sub(r"(_reach|_wound)?$", "_plain", key, count=1)
            if self.t.has(plain):
                key = plain
        return self.t(key, **{"band": self.band(p.band), **params})
