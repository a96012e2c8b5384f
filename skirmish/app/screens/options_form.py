"""The rules options of RULES.md §15 (and of an alternative ruleset, RULESETS §0.7) as
widgets: one row per option, labelled from the ruleset's ``OPTION_INFO`` in the current
language, tagged HOUSE or DEVIATION, default shown."""

from __future__ import annotations

import re
import typing
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec
import pygame

from skirmish.app.config import CAMPAIGN_OPTIONS
from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.rule_tips import tooltip
from skirmish.rules.frame.options import OPTION_INFO, OptionInfo, TableOptions, options_to_dict
from skirmish.rules.registry import RULESETS
from skirmish.rules.ruleset import Ruleset
from skirmish.rulesets import load

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UITextEntryLine

    from skirmish.app.manager import Manager

DEFAULTS = options_to_dict(TableOptions())
#: The ruleset names on the set-up screen (proper names: the same in both languages): the
#: rulesets the window plays.
RULESET_NAMES = {"skirmish": "Skirmish", "clefs_aube": "Les Clefs de l'Aube", "wfrp2": "WFRP 2e",
                 "cle_en_main": "Clé en main", "kart7": "KART 7"}


@cache
def own_options(ruleset: str) -> dict[str, OptionInfo]:
    """Each ruleset's own options beyond the table's (RULESETS §n.f), read from its
    package, which this loads (the table's bar reads its game's alone)."""
    match ruleset:
        case "clefs_aube":
            from skirmish.rules.clefs_aube.options import OPTION_INFO as own
        case "wfrp2":
            from skirmish.rules.wfrp2.options import OPTION_INFO as own
        case "cle_en_main":
            from skirmish.rules.cle_en_main.options import OPTION_INFO as own
        case "kart7":
            from skirmish.rules.kart7.options import OPTION_INFO as own
        case _:
            return {}
    return own


def window_ruleset(ruleset: str) -> str:
    """The ruleset the window plays a scenario under: its own, or Skirmish's when the
    window does not play that one."""
    return ruleset if ruleset in RULESET_NAMES else "skirmish"


@cache
def choices() -> dict[str, tuple[Any, ...]]:
    """Options with a few fixed values, cycled by a button: Skirmish's and every Literal
    of the rulesets' own (the forms that show them offer every ruleset: all are loaded)."""
    from skirmish.rules.cle_en_main import options as cm
    from skirmish.rules.clefs_aube import options as ca
    from skirmish.rules.kart7 import options as k7
    from skirmish.rules.wfrp2 import options as wf

    return {
        "elf_resistance": ("a", "b"), "shot_test_dice": (2, 1),
        **{k: typing.get_args(v) for own in (ca.CaOptions, wf.WfOptions, cm.CemOptions,
                                             k7.K7Options)
           for k, v in typing.get_type_hints(own).items()
           if typing.get_origin(v) is typing.Literal}}


def _rules(ruleset: str) -> Ruleset:
    """The registered ``ruleset``, loaded first if no game of it has been yet."""
    load(ruleset)
    return RULESETS[ruleset]


def ruleset_defaults(ruleset: str) -> dict[str, Any]:
    rs = _rules(ruleset)
    return rs.options_to_dict(rs.parse_options({}))


def ruleset_info(ruleset: str) -> dict[str, OptionInfo]:
    """The labelled options of a ruleset: the Skirmish frame's it uses, then its own
    (§0.2); the set-up and rules screens offer these and no other."""
    frame = {k: v for k, v in OPTION_INFO.items() if k not in _rules(ruleset).unused_options}
    return {**frame, **own_options(ruleset)}
SHORT = {"sous_chef": "S-c", "sous_fifre": "S-f", "chef": "Chef"}


def sub_name(sub: str, t: Translator) -> str:
    """A sub-switch's short name: ranks stay French terms, passive actions translated."""
    return SHORT.get(sub) or t(f"passive.{sub}")


def _prefix(sub: str | None, t: Translator) -> str:
    return f"{sub_name(sub, t)} " if sub else ""


def _text(key: str, sub: str | None, value: Any, t: Translator) -> str:
    """A sub-switch shows its name and ✓ / ✗ (the width of "on" / "off" will not fit)."""
    if sub and isinstance(value, bool):
        return f"{'✓' if value else '✗'} {sub_name(sub, t)}"
    return f"{_prefix(sub, t)}{show(value, t, key)}"


def _fitted(font: Any, key: str, sub: str | None, value: Any, t: Translator,
            width: int) -> str:
    """A button's words within ``width``: a sub-switch keeps its ✓ / ✗ and its name, closing
    up the space before it cuts the name (cut as one text, a one-word name went whole and
    left "✓…": "Charged" at 1280 × 720)."""
    text = _text(key, sub, value, t)
    if not (sub and isinstance(value, bool)) or font.size(text)[0] <= width:
        return fit_text(font, text, width)
    mark, _, name = text.partition(" ")
    if font.size(mark + name)[0] <= width:
        return mark + name
    return mark + fit_text(font, name, width - font.size(mark)[0])


#: msgspec's words for a number out of bounds, and the window's key for each bound.
BOUND = re.compile(r"Expected `(?:int|float)` (>=|<=|>|<) (-?[\d.]+)")
BOUND_KEYS = {">=": "setup.option_at_least", ">": "setup.option_above",
              "<=": "setup.option_at_most", "<": "setup.option_below"}
WHERE = re.compile(r"at `\$\.(\w+)(?:\.(\w+))?`")


def option_problem(t: Translator, ruleset: str, message: str) -> str:
    """The parser's complaint ("Expected `int` >= 1 - at `$.max_turns`") in the window's
    words: the option as its row is labelled and the bound, so a player knows which row
    to mend; anything else the parser says is shown as it is, after the option's name."""
    where = WHERE.search(message)
    if where is None or where.group(1) not in ruleset_info(ruleset):
        return message
    key, sub = where.groups()
    name = option_label(t, key, ruleset, ids=False) + (f" ({sub_name(sub, t)})" if sub else "")
    bound = BOUND.search(message)
    if bound is None:
        return f"{name}: {message[:where.start()].rstrip(' -')}"
    op, n = bound.groups()
    return t(BOUND_KEYS[op], option=name, n=t.num(float(n)) if "." in n else n)


def option_label(t: Translator, key: str, ruleset: str = "skirmish", ids: bool = True) -> str:
    """An option's name in the window's language: the ruleset's own, unless the window's
    translations word it (Les Clefs de l'Aube named two options in French only)."""
    info = ruleset_info(ruleset)[key]
    label = info.label_fr if t.lang == "fr" else info.label_en
    if t.has(f"option.{key}"):
        label = t(f"option.{key}")
    tag = f" [{info.tag}]" if info.tag else ""
    return f"{label} ({info.gap}){tag}" if ids else label


def show(value: Any, t: Translator, key: str | None = None) -> str:
    """An option's value in words: on / off, a choice's label (``value.<key>.<value>``),
    else as typed (numbers)."""
    if key and t.has(f"value.{key}.{value}"):
        return t(f"value.{key}.{value}")
    if isinstance(value, bool):
        return t("on") if value else t("off")
    if isinstance(value, dict):
        return ", ".join(f"{sub_name(k, t)} {show(v, t)}" for k, v in value.items())
    return t.num(value) if isinstance(value, float) else str(value)


def house_rules(t: Translator, ruleset: str, options: dict[str, Any]) -> str:
    """The house rules and deviations in force, one per line with its value (RULESETS
    §0.7: on the battle screen, not only on the rules screen)."""
    lines = [t.pair(option_label(t, key, ruleset), show(options[key], t, key))
             for key, info in ruleset_info(ruleset).items() if info.tag and key in options]
    return "\n".join([t("top.house_rules"), *lines])


def options_heading(t: Translator, base: str, ruleset: str) -> str:
    """A section heading naming where the options are written: ``<base>_<ruleset>`` when
    the ruleset has its own (RULESETS.md §3.f), else ``<base>`` (RULES.md §15); no heading
    names those files, which a player does not have."""
    own = f"{base}_{ruleset}"
    return t(own) if t.has(own) else t(base)


def shown_options(ruleset: str = "skirmish") -> list[str]:
    """The options a single game offers (campaign-only ones belong to the campaign)."""
    return [k for k in ruleset_info(ruleset) if k not in CAMPAIGN_OPTIONS]


class OptionsForm:
    """Edits a plain dict of options; ``values()`` checks it with the engine's parser."""

    def __init__(self, values: dict[str, Any], ruleset: str = "skirmish") -> None:
        self.ruleset = ruleset
        self.defaults = ruleset_defaults(ruleset)
        # Keys of the other ruleset are left behind when the ruleset changes.
        self.values = {**self.defaults, **{k: v for k, v in values.items() if k in self.defaults}}
        self.widgets: dict[object, tuple[str, str | None]] = {}
        self.entries: dict[tuple[str, str | None], UITextEntryLine] = {}

    def _label_font(self, manager: Manager, key: str) -> Any:
        tag = ruleset_info(self.ruleset)[key].tag
        oid = {"HOUSE": "@tag_house", "DEVIATION": "@tag_deviation"}.get(tag)
        return manager.get_theme().get_font(["label", oid] if oid else ["label"])

    def _label_width(self, manager: Manager, t: Translator, width: int) -> int:
        """The labels' column: as wide as the longest label needs, from about half to two
        thirds of the row, as the values need less room (at 960 × 600 in French a label
        cut at half the row lost its key word: "Système de… (CA-SURCLASSEMENT)")."""
        need = max(self._label_font(manager, k).size(option_label(t, k, self.ruleset))[0]
                   for k in shown_options(self.ruleset)) + 12
        return max(width * 52 // 100, min(need, width * 64 // 100))

    def _below(self, manager: Manager, t: Translator, key: str, width: int) -> bool:
        """Whether option ``key``'s switches go on a row of their own under its label: their
        names do not fit beside it ("✓Cha…", "✓Cha…" for Charge and Chargé)."""
        value = self.values[key]
        if not isinstance(value, dict):
            return False
        font = manager.get_theme().get_font(["button"])
        pw = width // len(value) - 9
        return any(font.size(_text(key, sub, v, t))[0] > pw for sub, v in value.items())

    def rows(self, manager: Manager, t: Translator, width: int) -> int:
        """How many rows :meth:`build` lays out in ``width``."""
        label_w = self._label_width(manager, t, width)
        return sum(1 + self._below(manager, t, k, width - label_w - 4)
                   for k in shown_options(self.ruleset))

    def build(self, manager: Manager, t: Translator, rect: pygame.Rect, row_h: int,
              gap: int = 3) -> None:
        """One row of ``row_h`` per option (two for switches that go below their label),
        ``gap`` pixels apart."""
        from pygame_gui.elements import UILabel
        self.widgets.clear()
        self.entries.clear()
        y = rect.y
        label_w = self._label_width(manager, t, rect.w)
        info = ruleset_info(self.ruleset)
        for key in shown_options(self.ruleset):
            tag = info[key].tag
            oid = {"HOUSE": "@tag_house", "DEVIATION": "@tag_deviation"}.get(tag)
            full = option_label(t, key, self.ruleset)
            font = self._label_font(manager, key)
            # cut the label, never its (GAP id) [tag], which the rules cite
            name = option_label(t, key, self.ruleset, ids=False)
            ids = full[len(name):]
            words = full if font.size(full)[0] <= label_w - 8 else \
                fit_text(font, name, label_w - 8 - font.size(ids)[0]) + ids
            lab = UILabel(pygame.Rect(rect.x, y, label_w, row_h), words, manager,
                          object_id=oid)
            tip = t("setup.default", value=show(self.defaults[key], t, key))
            rules = tooltip(full, t.lang)  # the text of each rule the label cites
            tip = f"{tip}<br><br>{rules}" if rules else tip
            lab.set_tooltip(tip if words == full else f"{full}<br>{tip}")
            x = rect.x + label_w + 4
            w = rect.right - x
            value = self.values[key]
            if self._below(manager, t, key, w):
                y += row_h + gap
                x, w = rect.x + row_h, rect.w - row_h
            if isinstance(value, dict):
                parts = list(value)
                pw = w // len(parts)
                for i, sub in enumerate(parts):
                    r = pygame.Rect(x + i * pw, y, pw - 3, row_h)
                    self._widget(manager, t, r, key, sub, value[sub])
            else:
                self._widget(manager, t, pygame.Rect(x, y, w, row_h), key, None, value)
            y += row_h + gap

    def _widget(self, manager: Manager, t: Translator, r: pygame.Rect, key: str,
                sub: str | None, value: Any) -> None:
        from pygame_gui.elements import UIButton, UILabel, UITextEntryLine
        if isinstance(value, bool) or key in choices():
            font = manager.get_theme().get_font(["button"])
            b = UIButton(r, _fitted(font, key, sub, value, t, r.w - 6), manager,
                         tool_tip_text=t(f"test.{sub}") if sub and t.has(f"test.{sub}") else None)
            self.widgets[b] = (key, sub)
            return
        if sub:
            UILabel(pygame.Rect(r.x, r.y, r.w // 2, r.h), SHORT.get(sub, sub), manager)
            r = pygame.Rect(r.x + r.w // 2, r.y, r.w - r.w // 2, r.h)
        e = UITextEntryLine(r, manager)
        e.set_text(str(value))
        self.entries[(key, sub)] = e

    def press(self, element: object, manager: Manager, t: Translator) -> bool:
        """A toggle or choice button was pressed: flip it. False if not ours."""
        if element not in self.widgets:
            return False
        key, sub = self.widgets[element]
        cur = self.values[key][sub] if sub else self.values[key]
        if isinstance(cur, bool):
            new: Any = not cur
        else:
            opts = choices()[key]
            new = opts[(opts.index(cur) + 1) % len(opts)] if cur in opts else opts[0]
        if sub:
            self.values[key] = {**self.values[key], sub: new}
        else:
            self.values[key] = new
        element.set_text(_fitted(element.font, key, sub, new, t,  # type: ignore[attr-defined]
                                 element.rect.w - 6))  # type: ignore[attr-defined]
        return True

    def result(self, t: Translator) -> tuple[dict[str, Any] | None, str]:
        """The options typed in, checked by the engine's parser, or the problem in the
        window's words."""
        vals = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.values.items()}
        for (key, sub), entry in self.entries.items():
            raw = entry.get_text().strip()
            default = self.defaults[key][sub] if sub else self.defaults[key]
            try:
                num: Any = float(raw) if isinstance(default, float) else int(raw)
            except ValueError:
                name = option_label(t, key, self.ruleset, ids=False)
                name += f" ({sub_name(sub, t)})" if sub else ""
                kind = "setup.option_not_number" if isinstance(default, float) \
                    else "setup.option_not_whole"
                return None, t(kind, option=name, value=raw)
            if sub:
                vals[key][sub] = num
            else:
                vals[key] = num
        try:
            _rules(self.ruleset).parse_options(vals)
        except msgspec.ValidationError as e:
            return None, option_problem(t, self.ruleset, str(e))
        return vals, ""
