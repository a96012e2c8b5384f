"""The rules options of RULES.md §15 as widgets: one row per option, labelled from
``OPTION_INFO`` in the current language, tagged HOUSE or DEVIATION, default shown."""

from __future__ import annotations

from typing import Any

import msgspec
import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text
from skirmish.app.manager import Manager
from skirmish.rules.skirmish.options import OPTION_INFO, SkirmishOptions, options_to_dict

DEFAULTS = options_to_dict(SkirmishOptions())
CHOICES: dict[str, tuple[Any, ...]] = {"elf_resistance": ("a", "b"), "shot_test_dice": (2, 1)}
SHORT = {"sous_chef": "S-c", "sous_fifre": "S-f", "chef": "Chef"}


def _prefix(sub: str | None) -> str:
    return f"{SHORT.get(sub, sub)} " if sub else ""


def _text(sub: str | None, value: Any, t: Translator) -> str:
    """A sub-switch shows its name and ✓ / ✗ (the width of "on" / "off" will not fit)."""
    if sub and isinstance(value, bool):
        return f"{'✓' if value else '✗'} {SHORT.get(sub, sub)}"
    return f"{_prefix(sub)}{show(value, t)}"


def option_label(t: Translator, key: str) -> str:
    info = OPTION_INFO[key]
    label = info.label_fr if t.lang == "fr" else info.label_en
    tag = f" [{info.tag}]" if info.tag else ""
    return f"{label} ({info.gap}){tag}"


def show(value: Any, t: Translator) -> str:
    if isinstance(value, bool):
        return t("on") if value else t("off")
    if isinstance(value, dict):
        return ", ".join(f"{k} {show(v, t)}" for k, v in value.items())
    return str(value)


class OptionsForm:
    """Edits a plain dict of options; ``values()`` checks it with the engine's parser."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = {**DEFAULTS, **values}
        self.widgets: dict[object, tuple[str, str | None]] = {}
        self.entries: dict[tuple[str, str | None], UITextEntryLine] = {}

    def build(self, manager: Manager, t: Translator, rect: pygame.Rect, row_h: int) -> None:
        self.widgets.clear()
        self.entries.clear()
        y = rect.y
        label_w = rect.w * 52 // 100
        for key in OPTION_INFO:
            tag = OPTION_INFO[key].tag
            oid = {"HOUSE": "@tag_house", "DEVIATION": "@tag_deviation"}.get(tag)
            full = option_label(t, key)
            font = manager.get_theme().get_font(["label", oid] if oid else ["label"])
            words = fit_text(font, full, label_w - 8)
            lab = UILabel(pygame.Rect(rect.x, y, label_w, row_h), words, manager,
                          object_id=oid)
            tip = t("setup.default", value=show(DEFAULTS[key], t))
            lab.set_tooltip(tip if words == full else f"{full}<br>{tip}")
            x = rect.x + label_w + 4
            w = rect.right - x
            value = self.values[key]
            if isinstance(value, dict):
                parts = list(value)
                pw = w // len(parts)
                for i, sub in enumerate(parts):
                    r = pygame.Rect(x + i * pw, y, pw - 3, row_h)
                    self._widget(manager, t, r, key, sub, value[sub])
            else:
                self._widget(manager, t, pygame.Rect(x, y, w, row_h), key, None, value)
            y += row_h + 3

    def _widget(self, manager: Manager, t: Translator, r: pygame.Rect, key: str,
                sub: str | None, value: Any) -> None:
        if isinstance(value, bool) or key in CHOICES:
            font = manager.get_theme().get_font(["button"])
            b = UIButton(r, fit_text(font, _text(sub, value, t), r.w - 6), manager,
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
            opts = CHOICES[key]
            new = opts[(opts.index(cur) + 1) % len(opts)] if cur in opts else opts[0]
        if sub:
            self.values[key] = {**self.values[key], sub: new}
        else:
            self.values[key] = new
        element.set_text(fit_text(element.font, _text(sub, new, t),  # type: ignore[attr-defined]
                                  element.rect.w - 6))  # type: ignore[attr-defined]
        return True

    def result(self) -> tuple[dict[str, Any] | None, str]:
        """The options typed in, checked by the engine's parser, or the problem."""
        vals = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.values.items()}
        for (key, sub), entry in self.entries.items():
            raw = entry.get_text().strip()
            default = DEFAULTS[key][sub] if sub else DEFAULTS[key]
            try:
                num: Any = float(raw) if isinstance(default, float) else int(raw)
            except ValueError:
                return None, f"{key}: '{raw}'"
            if sub:
                vals[key][sub] = num
            else:
                vals[key] = num
        try:
            msgspec.convert(vals, SkirmishOptions)
        except msgspec.ValidationError as e:
            return None, str(e)
        return vals, ""
