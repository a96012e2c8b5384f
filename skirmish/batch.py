"""Batch runs between computer levels: win rates with confidence intervals and a balance
report (Markdown and PNG charts), from the results of :mod:`skirmish.sim`.

Win rates are per level over *decided* games (draws are counted apart), with the Wilson
score interval at 95 %; with ``--ai normal,easy`` the levels change seats every game
(``sim.seats``), so each plays every band and deployment as often.
"""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

from skirmish.content.scenario import Scenario
from skirmish.replay.files import write_bytes_atomic

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound at 0 %, 100 % and small n)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(max(0.0, mid - half), 4), round(min(1.0, mid + half), 4))


def by_level(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins, decided games and the 95 % interval for each level, and the objectives its
    bands held at the end per game; games where one level held every seat tell nothing
    about levels and are left out."""
    wins: Counter[str] = Counter()
    held: Counter[str] = Counter()
    decided = draws = mixed = 0
    names: set[str] = set()
    for r in results:
        levels = r.get("levels") or {}
        if len(set(levels.values())) < 2:
            continue
        mixed += 1
        names.update(levels.values())
        for band, n in (r.get("objectives") or {}).items():
            held[levels[band]] += n
        if r["winner"] is None:
            draws += 1
            continue
        decided += 1
        wins[levels[r["winner"]]] += 1
    return {
        "games": mixed, "decided": decided, "draws": draws,
        "levels": {lv: {"wins": wins[lv], "rate": round(wins[lv] / decided, 4) if decided else 0.0,
                        "ci95": list(wilson(wins[lv], decided)),
                        "objectives_per_game": round(held[lv] / mixed, 3)}
                   for lv in sorted(names)},
    }


def casualties_by_turn(results: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    out: dict[str, Counter[str]] = {}
    for r in results:
        for turn, ranks in (r.get("casualties_by_turn") or {}).items():
            out.setdefault(turn, Counter()).update(ranks)
    return {t: dict(sorted(v.items())) for t, v in sorted(out.items(), key=lambda kv: int(kv[0]))}


def rules_line(summary: dict[str, Any]) -> str:
    """``clefs_aube, options ca_combat="surclassement", max_turns=5``: what a run was
    played under (the terminal summary and ``summary.md``), its ruleset and the options
    that differ from that ruleset's defaults."""
    changed = ", ".join(f"{k}={json.dumps(v, sort_keys=True)}"
                        for k, v in summary["options"].items())
    return f"{summary['ruleset']}, " + (f"options {changed}" if changed else "default options")


# -- report ---------------------------------------------------------------------------------
def write_report(scenario: Scenario, summary: dict[str, Any], results: list[dict[str, Any]],
                 out_dir: str | Path, command: str) -> list[Path]:
    """``summary.md`` and four PNG charts: win rates (with intervals), VP per band,
    casualties by rank, casualties by turn. Returns the files written. Each is written
    whole or not at all (``WriteFailed`` names the file that could not be)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    files: list[Path] = []

    def save(fig: Any, name: str) -> str:
        fig.tight_layout()
        path = out / name
        png = io.BytesIO()
        fig.savefig(png, format="png", dpi=80, metadata={"Software": None})
        plt.close(fig)
        write_bytes_atomic(path, png.getvalue())
        files.append(path)
        return name

    lv = summary.get("by_level") or by_level(results)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    names = list(lv["levels"]) or list(summary["wins"])
    if lv["levels"]:
        rates = [lv["levels"][n]["rate"] for n in names]
        lo = [r - lv["levels"][n]["ci95"][0] for n, r in zip(names, rates, strict=True)]
        hi = [lv["levels"][n]["ci95"][1] - r for n, r in zip(names, rates, strict=True)]
        ax.bar(names, rates, yerr=[lo, hi], capsize=6, color="#5b7fa6")
        ax.set_ylabel("win rate (decided games)")
    else:
        ax.bar(names, [summary["wins"][n] / max(1, summary["games"]) for n in names], color="#5b7fa6")
        ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title(f"{scenario.id}: win rates, 95 % intervals")
    win_png = save(fig, "win_rates.png")

    bands = list(summary["wins"])
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist([[r["vp"].get(b, 0) for r in results] for b in bands], label=bands, bins=12)
    ax.set_xlabel("victory points at the end")
    ax.set_ylabel("games")
    ax.legend()
    vp_png = save(fig, "vp_distribution.png")

    games = max(1, summary["games"])
    cas, by_turn = summary["casualties_by_rank"], casualties_by_turn(results)
    rank_png = save(_stacked(plt, cas, games, None, "per game", "casualties by rank"),
                    "casualties_by_rank.png")
    turn_png = save(_stacked(plt, by_turn, games, "turn", "figures down per game", None),
                    "casualties_by_turn.png")

    lines = [f"# Balance report: {scenario.name} (`{scenario.id}`)", "",
             f"Command: `{command}`", "", f"Rules: {rules_line(summary)}", "",
             f"Games: {summary['games']}, draws: {summary['draws']}, "
             f"mean turns: {summary['mean_turns']}", ""]
    if lv["levels"]:
        lines += ["## Win rates by computer level (decided games, 95 % Wilson interval)", "",
                  "| level | wins | rate | 95 % interval | objectives held a game |",
                  "|---|---|---|---|---|"]
        for n in names:
            x = lv["levels"][n]
            lines.append(f"| {n} | {x['wins']} | {x['rate']:.1%} | "
                         f"{x['ci95'][0]:.1%} – {x['ci95'][1]:.1%} | {x['objectives_per_game']} |")
        lines += ["", f"Decided {lv['decided']} of {lv['games']} mixed games, {lv['draws']} drawn.", ""]
    lines += ["## Bands", "", "| band | wins | mean VP |", "|---|---|---|"]
    for b in bands:
        lines.append(f"| {b} | {summary['wins'][b]} | {summary['mean_vp'][b]} |")
    lines += ["", f"![win rates]({win_png})", "", f"![VP]({vp_png})", "",
              "## Casualties", "", f"![by rank]({rank_png})", "", f"![by turn]({turn_png})", "",
              "```json", json.dumps({"casualties_by_rank": cas, "casualties_by_turn": by_turn},
                                    sort_keys=True, indent=1), "```", ""]
    md = out / "summary.md"
    write_bytes_atomic(md, "\n".join(lines).encode("utf-8"))
    files.append(md)
    return files


def _stacked(plt: Any, table: dict[Any, dict[str, int]], games: int, xlabel: str | None,
             ylabel: str, title: str | None) -> Any:
    """One bar per key of ``table``, stacked by its inner keys, as counts per game."""
    fig, ax = plt.subplots(figsize=(6, 3.2))
    layers = sorted({k for v in table.values() for k in v})
    bottom = [0.0] * len(table)
    for layer in layers:
        vals = [table[x].get(layer, 0) / games for x in table]
        ax.bar(list(table), vals, bottom=bottom, label=layer)
        bottom = [b + v for b, v in zip(bottom, vals, strict=True)]
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    if layers:
        ax.legend()
    return fig
