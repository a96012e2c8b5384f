"""Load the rulebook's tables from ``skirmish/content/data/*.toml`` into a :class:`Rulebook`.

Each TOML file holds one table keyed by name (never by position), every entry citing its
rule ID. The loader checks types (msgspec), required keys (every rank, every damage cell),
that roll tables cover each die face exactly once, and cross-references, and reports any
problem as a one-line :class:`ContentError` naming file, entry and problem.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec

from skirmish.content.errors import (
    ContentError,
    Problem,
    from_validation_error,
    toml_syntax_problem,
)
from skirmish.content.kept_documents import parsed_documents
from skirmish.content.models import (
    TARGET_NUMBER_STATS,
    AlienTrade,
    DamageTable,
    Equipment,
    MeleeWeapon,
    Profile,
    Race,
    RangedWeapon,
    RangeResult,
    Rank,
    RollTable,
    Rulebook,
    SlotLimit,
    StatChange,
    VictoryPoints,
    VpEvent,
    XpAward,
)
from skirmish.content.warband import Setting

T = TypeVar("T")

#: File name → the top-level keys it must hold (exactly these).
DATA_FILES: dict[str, tuple[str, ...]] = {
    "profiles.toml": ("profiles",),
    "races.toml": ("races",),
    "alien_trades.toml": ("alien_trades",),
    "ranged_weapons.toml": ("ranged",),
    "melee_weapons.toml": ("melee",),
    "equipment.toml": ("equipment", "slots"),
    "damage.toml": ("damage",),
    "victory_points.toml": ("victory_points",),
    "experience.toml": ("experience",),
    "return_rolls.toml": ("return", "return_sous_fifre"),
    "serious_injuries.toml": ("serious_injury",),
    "potions.toml": ("potion",),
    "judgement.toml": ("judgement",),
    "advancement.toml": ("advancement",),
}

#: Roll tables: top-level key → file.
ROLL_TABLES: dict[str, str] = {
    "return_sous_fifre": "return_rolls.toml",
    "serious_injury": "serious_injuries.toml",
    "potion": "potions.toml",
    "judgement": "judgement.toml",
    "advancement": "advancement.toml",
}

SETTINGS: frozenset[str] = frozenset(Setting.__args__)  # type: ignore[attr-defined]

_DAMAGE_SIZE = 10


class _DamageRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One ``[damage.rR]`` row: ``f1`` … ``f10`` and its rule."""

    f1: int
    f2: int
    f3: int
    f4: int
    f5: int
    f6: int
    f7: int
    f8: int
    f9: int
    f10: int
    rule: str


class _RollHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    dice: Literal["d6", "d66", "2d6"]
    rule: str
    rows: dict[str, Any]


class _ReturnEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    table: str
    rule: str


def faces(dice: str) -> tuple[int, ...]:
    """Every result a roll can give: d6 1..6, 2d6 2..12, D66 11..66 with digits 1..6."""
    if dice == "d6":
        return tuple(range(1, 7))
    if dice == "2d6":
        return tuple(range(2, 13))
    if dice == "d66":
        return tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))
    raise ValueError(dice)


class _Reader:
    """Reads the data files of one directory, collecting problems with file and entry."""

    def __init__(self, root: Traversable, label: str,
                 parsed: dict[str, dict[str, Any]] | None = None) -> None:
        self.root = root
        self.label = label
        self.problems: list[Problem] = []
        #: Documents already parsed, by file name (the shipped ones, kept between runs).
        self.parsed = parsed or {}

    def name(self, file: str) -> str:
        return f"{self.label}/{file}"

    def fail(self, file: str, entry: str, problem: str) -> None:
        self.problems.append(Problem(self.name(file), entry, problem))

    def document(self, file: str) -> dict[str, Any] | None:
        path = self.root / file
        try:
            data = self.parsed[file] if file in self.parsed else \
                tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.fail(file, "", "missing data file")
            return None
        except tomllib.TOMLDecodeError as err:
            self.problems.append(toml_syntax_problem(err, self.name(file)))
            return None
        expected = DATA_FILES[file]
        for key in data:
            if key not in expected:
                self.fail(file, key, f"unknown table '{key}' (expected {', '.join(expected)})")
        for key in expected:
            if not isinstance(data.get(key), dict):
                self.fail(file, key, "missing table" if key not in data else "must be a table")
                data.pop(key, None)
        return data

    def convert(self, obj: Any, typ: type[T], file: str, entry: str) -> T | None:
        try:
            return msgspec.convert(obj, typ, strict=True)
        except msgspec.ValidationError as err:
            self.problems.append(from_validation_error(err, self.name(file), entry))
            return None

    def keyed(
        self,
        data: dict[str, Any] | None,
        top: str,
        typ: type[T],
        file: str,
        inject: str | None = "id",
        prepare: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, T]:
        """Convert every ``[top.KEY]`` entry to ``typ``, putting KEY into field ``inject``."""
        out: dict[str, T] = {}
        if data is None or top not in data:
            return out
        for key, raw in data[top].items():
            entry = f"{top}.{key}"
            if not isinstance(raw, dict):
                self.fail(file, entry, "must be a table")
                continue
            raw = dict(raw)
            if inject is not None:
                if inject in raw:
                    self.fail(file, f"{entry}.{inject}", f"'{inject}' is implied by the key")
                    continue
                raw[inject] = key
            if prepare is not None:
                prepare(raw)
            value = self.convert(raw, typ, file, entry)
            if value is not None:
                out[key] = value
        return out


def _check_changes(
    reader: _Reader, file: str, entry: str, changes: Iterable[StatChange]
) -> None:
    """``improve`` only targets CT/CCC; whole-number stats get whole-number changes."""
    for i, ch in enumerate(changes):
        where = f"{entry}.changes[{i}]"
        if ch.op == "improve" and ch.stat not in TARGET_NUMBER_STATS:
            reader.fail(file, where, f"'improve' applies to ct or ccc only, not '{ch.stat}'")
        if ch.stat != "mvt" and ch.value != int(ch.value):
            reader.fail(file, where, f"{ch.stat} changes must be whole numbers, got {ch.value}")


def _ranged_prepare(raw: dict[str, Any]) -> None:
    """``targets = "x"`` (the source's blast marker) becomes ``None``."""
    if raw.get("targets") == "x":
        raw["targets"] = None


def _roll_table(reader: _Reader, data: dict[str, Any] | None, top: str) -> RollTable | None:
    file = ROLL_TABLES[top]
    if data is None or top not in data:
        return None
    header = reader.convert(data[top], _RollHeader, file, top)
    if header is None:
        return None
    rows: list[RangeResult] = []
    for key, raw in header.rows.items():
        entry = f"{top}.rows.{key}"
        if not isinstance(raw, dict):
            reader.fail(file, entry, "must be a table")
            continue
        if "result" in raw:
            reader.fail(file, f"{entry}.result", "'result' is implied by the key")
            continue
        row = reader.convert({**raw, "result": key}, RangeResult, file, entry)
        if row is None:
            continue
        _check_changes(reader, file, entry, row.changes)
        rows.append(row)
    rows.sort(key=lambda r: r.low)
    # Every face exactly once.
    all_faces = faces(header.dice)
    cover: dict[int, list[str]] = {f: [] for f in all_faces}
    for row in rows:
        entry = f"{top}.rows.{row.result}"
        if row.low > row.high:
            reader.fail(ROLL_TABLES[top], entry, f"low {row.low} is above high {row.high}")
            continue
        hit = [f for f in all_faces if row.low <= f <= row.high]
        if not hit:
            reader.fail(file, entry, f"covers no {header.dice} result ({row.low}..{row.high})")
        for f in hit:
            cover[f].append(row.result)
    for f, names in cover.items():
        if not names:
            reader.fail(file, f"{top}.rows", f"no row for {header.dice} result {f}")
        elif len(names) > 1:
            reader.fail(
                file, f"{top}.rows", f"{header.dice} result {f} is in several rows: "
                + ", ".join(names)
            )
    return RollTable(id=top, dice=header.dice, rows=tuple(rows), rule=header.rule)


def _damage(reader: _Reader, data: dict[str, Any] | None) -> DamageTable | None:
    file = "damage.toml"
    if data is None or "damage" not in data:
        return None
    table = data["damage"]
    expected = [f"r{i}" for i in range(1, _DAMAGE_SIZE + 1)]
    for key in table:
        if key not in expected:
            reader.fail(file, f"damage.{key}", "unknown row (expected r1 .. r10)")
    rows: list[tuple[int, ...]] = []
    rules: set[str] = set()
    ok = True
    for key in expected:
        if key not in table:
            reader.fail(file, f"damage.{key}", "missing row")
            ok = False
            continue
        row = reader.convert(table[key], _DamageRow, file, f"damage.{key}")
        if row is None:
            ok = False
            continue
        cells = tuple(getattr(row, f"f{j}") for j in range(1, _DAMAGE_SIZE + 1))
        for j, cell in enumerate(cells, 1):
            if not 2 <= cell <= 6:
                reader.fail(file, f"damage.{key}.f{j}", f"a d6 score must be 2..6, got {cell}")
                ok = False
        rows.append(cells)
        rules.add(row.rule)
    if not ok:
        return None
    return DamageTable(rows=tuple(rows), rule=" ".join(sorted(rules)))


def _victory_points(reader: _Reader, data: dict[str, Any] | None) -> VictoryPoints | None:
    file = "victory_points.toml"
    events = reader.keyed(data, "victory_points", VpEvent, file)
    ooa: dict[Rank, int] = {}
    dead: dict[Rank, int] = {}
    for key, ev in events.items():
        slot = ooa if ev.state == "out_of_action" else dead
        if ev.rank in slot:
            reader.fail(file, f"victory_points.{key}", f"second entry for {ev.rank} {ev.state}")
        slot[ev.rank] = ev.vp
    for rank in Rank:
        for state, slot in (("out_of_action", ooa), ("dead", dead)):
            if rank not in slot and data is not None and "victory_points" in data:
                reader.fail(file, "victory_points", f"no entry for {rank.value} {state}")
    return VictoryPoints(out_of_action=ooa, dead=dead, rule="R-VP-TABLE", events=events)


def _read(root: Traversable, label: str,
          parsed: dict[str, dict[str, Any]] | None = None) -> Rulebook:
    r = _Reader(root, label, parsed)
    docs = {file: r.document(file) for file in DATA_FILES}

    profiles_raw = r.keyed(docs["profiles.toml"], "profiles", Profile, "profiles.toml", "rank")
    profiles = {Rank(k): v for k, v in profiles_raw.items() if k in Rank.__members__.values()}
    for rank in Rank:
        if docs["profiles.toml"] is not None and rank.value not in profiles_raw:
            r.fail("profiles.toml", "profiles", f"missing profile '{rank.value}'")

    races = r.keyed(docs["races.toml"], "races", Race, "races.toml")
    for key, race in races.items():
        _check_changes(r, "races.toml", f"races.{key}", race.changes)
    if docs["races.toml"] is not None and "none" not in races:
        r.fail("races.toml", "races", "missing race 'none' (base profiles, GAP-5)")

    trades = r.keyed(docs["alien_trades.toml"], "alien_trades", AlienTrade, "alien_trades.toml")
    for key, trade in trades.items():
        _check_changes(r, "alien_trades.toml", f"alien_trades.{key}", trade.changes)

    ranged = r.keyed(
        docs["ranged_weapons.toml"], "ranged", RangedWeapon, "ranged_weapons.toml",
        prepare=_ranged_prepare,
    )
    for key, w in ranged.items():
        entry = f"ranged.{key}"
        if w.is_blast != (w.blast_radius is not None):
            r.fail("ranged_weapons.toml", entry,
                   'a blast weapon (targets = "x") needs blast_radius, and only it')
        if not 0 < w.short <= w.medium <= w.long:
            r.fail("ranged_weapons.toml", entry, "ranges must satisfy 0 < short <= medium <= long")
        if w.targets is not None and w.targets < 1:
            r.fail("ranged_weapons.toml", f"{entry}.targets", "must be at least 1 or \"x\"")
        bad = sorted(set(w.free_first_in) - SETTINGS)
        if bad:
            r.fail("ranged_weapons.toml", f"{entry}.free_first_in", f"unknown setting '{bad[0]}'")

    melee = r.keyed(docs["melee_weapons.toml"], "melee", MeleeWeapon, "melee_weapons.toml")
    for key in sorted(set(melee) & set(ranged)):
        r.fail("melee_weapons.toml", f"melee.{key}", f"id '{key}' is also a ranged weapon")
    for file, table in (("ranged_weapons.toml", ranged), ("melee_weapons.toml", melee)):
        top = "ranged" if table is ranged else "melee"
        for key, w in table.items():
            if w.hands not in (1, 2):
                r.fail(file, f"{top}.{key}.hands", f"hands must be 1 or 2, got {w.hands}")
            if w.cost < 0:
                r.fail(file, f"{top}.{key}.cost", f"cost must be >= 0, got {w.cost}")

    equipment = r.keyed(docs["equipment.toml"], "equipment", Equipment, "equipment.toml")
    slots = r.keyed(docs["equipment.toml"], "slots", SlotLimit, "equipment.toml", "slot")
    for key, eq in equipment.items():
        if eq.slot not in slots and docs["equipment.toml"] is not None:
            r.fail("equipment.toml", f"equipment.{key}.slot", f"no [slots.{eq.slot}] limit")
        if eq.max_count < 1:
            r.fail("equipment.toml", f"equipment.{key}.max_count", "must be at least 1")

    damage = _damage(r, docs["damage.toml"])
    vp = _victory_points(r, docs["victory_points.toml"])
    xp = r.keyed(docs["experience.toml"], "experience", XpAward, "experience.toml")

    tables: dict[str, RollTable] = {}
    for top, file in ROLL_TABLES.items():
        table = _roll_table(r, docs[file], top)
        if table is not None:
            tables[top] = table
    returns_raw = r.keyed(docs["return_rolls.toml"], "return", _ReturnEntry,
                          "return_rolls.toml", inject=None)
    returns: dict[Rank, str] = {}
    for key, ret in returns_raw.items():
        if key not in Rank.__members__.values():
            r.fail("return_rolls.toml", f"return.{key}", f"unknown rank '{key}'")
            continue
        if ret.table not in ROLL_TABLES:
            r.fail("return_rolls.toml", f"return.{key}.table", f"unknown roll table '{ret.table}'")
        returns[Rank(key)] = ret.table
    if docs["return_rolls.toml"] is not None:
        for rank in Rank:
            if rank not in returns and rank.value not in returns_raw:
                r.fail("return_rolls.toml", "return", f"missing return table for '{rank.value}'")

    if r.problems or damage is None or vp is None:
        if not r.problems:  # pragma: no cover - a None above always records a problem
            r.fail("damage.toml", "damage", "could not be read")
        raise ContentError.from_problems(r.problems)
    return Rulebook(
        profiles=profiles,
        races=races,
        alien_trades=trades,
        ranged_weapons=ranged,
        melee_weapons=melee,
        equipment=equipment,
        damage=damage,
        victory_points=vp,
        experience=xp,
        tables=tables,
        equipment_slots=slots,
        return_tables=returns,
    )


def load_rulebook_from(directory: Path | Traversable, label: str | None = None) -> Rulebook:
    """Load the tables from another directory (modded data, or tests of bad data). Uncached."""
    return _read(directory, label if label is not None else str(directory))


@functools.cache
def load_rulebook() -> Rulebook:
    """The shipped rulebook, read once from the package data and shared (records are
    frozen); its files parsed at an earlier start are not parsed again (:mod:`kept_documents`)."""
    root = resources.files("skirmish.content") / "data"
    parsed = parsed_documents(root, list(DATA_FILES)) if isinstance(root, Path) else None
    return _read(root, "skirmish/content/data", parsed)
