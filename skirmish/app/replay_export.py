"""Exports of a replay: a battle report in Markdown, the log as JSON Lines, and the
board at a step as a PNG — used by the viewer's buttons and by ``skirmish replay FILE
--report/--jsonl/--png``.

The report walks the log once: a heading per turn, a sub-heading per wave, one entry per
activation (with the step to seek or ``--png``), and under it every action, move, roll
(with its rule ID, faces, need and outcome) and reaction, in the chosen language. The JSON
Lines log says its words in English, whatever the window's language (:func:`jsonl_lines`).
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import msgspec

from skirmish.app.describe import Describer, content_names, in_language
from skirmish.app.i18n import Translator
from skirmish.replay.files import write_bytes_atomic
from skirmish.replay.record import Bookmark
from skirmish.replay.timeline import Timeline
from skirmish.rules import events as ev


def _write_text_atomic(path: str | Path, text: str) -> None:
    """Temporary file in the same folder, fsync, rename: never a half-written export, no
    temporary file left behind, and a failure (:class:`WriteFailed`) names the file."""
    write_bytes_atomic(path, text.encode("utf-8"))


def report_markdown(tl: Timeline, t: Translator) -> str:
    """The whole game, turn by turn, in Markdown (the timeline's position is kept: names
    and bands are the same at every step)."""
    game = tl.game
    t.names_fr, t.names_en = content_names(game.scenario, game.book)
    d = Describer(game.state, game.book, t, game.scenario)
    r = tl.replay
    out = [f"# {t('report.title', name=in_language(game.scenario, 'name', t.lang))}", ""]
    bands = ", ".join(f"{d.band(b.id)} ({b.start_strength})" for b in game.state.bands)
    out += [f"- {t.pair(t('report.bands'), bands)}",
            f"- {t.pair(t('report.seed'), str(r.seed))} · {t.pair(t('report.steps'), str(tl.length))}"
            f" · {t.pair(t('report.ruleset'), f'{r.ruleset} v{r.ruleset_version}')}", ""]
    if r.retries:  # practice retries are never hidden
        out[-1:-1] = [f"- {t('report.retries', n=len(r.retries))}"]
    if r.bookmarks:
        out.append(f"## {t('report.bookmarks')}")
        out += ["- " + t.pair(t("report.step", n=b.step), f"**{b.label or '—'}**")
                + (f" — {b.note}" if b.note else "") for b in r.bookmarks]
        out.append("")
    out += [f"## {t('report.deployment')}", ""]
    step_of = tl.step_of
    wave_roll: list[str] = []  # the wave's d6 comes before its event: listed under it
    notes = {b.step: b for b in r.bookmarks}
    done = -1  # bookmarks go right after the events of their step
    for i, e in enumerate(tl.log):
        if step_of[i] != done:
            out += [_note(notes[s]) for s in range(done, step_of[i]) if s in notes]
            done = step_of[i]
        if isinstance(e, ev.Roll) and e.rule == "R-TURN-WAVE":
            wave_roll.append(f"- {_md(d.line(e) or '')}")
        elif isinstance(e, ev.TurnStarted):
            out += ["", f"## {t('report.turn', n=e.turn)}", ""]
        elif isinstance(e, ev.WaveStarted):
            cap = t("log.wave_cap", n=e.cap) if e.cap is not None else t("log.wave_all")
            out += ["", f"### {t('log.wave', band=d.band(e.band), wave=e.wave, cap=cap)}", "",
                    *wave_roll]
            wave_roll = []
        elif isinstance(e, ev.Activated):
            out += ["", f"#### {d.fig(e.figure)} — {e.pa} PA "
                        f"({t('report.step', n=step_of[i])})", ""]
        elif isinstance(e, ev.GameEnded):
            out += ["", f"## {t('report.result')}", "", f"{d.line(e)}", ""]
            for band, lines in e.breakdown.items():
                out.append(f"- **{t.pair(d.band(band), f'{e.vp.get(band, 0)} VP')}**")
                out += [f"  - {t.engine(x.key, x.params, x.text)} ({x.vp:+d})" for x in lines]
        elif isinstance(e, (ev.TurnStarted, ev.TurnEnded)):
            continue
        else:
            line = d.line(e)
            if line:
                out.append(f"- {_md(line)}")
    out += [_note(notes[s]) for s in range(done, tl.length + 1) if s in notes]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def _note(b: Bookmark) -> str:
    return f"\n> ⚑ **{b.label or '—'}**" + (f" — {b.note}" if b.note else "") + "\n"


def _md(line: str) -> str:
    """A log line in Markdown: the leading ``[RULE-ID]`` set in code."""
    if line.startswith("["):
        end = line.find("]")
        return f"`{line[:end + 1]}`{line[end + 1:]}"
    return line


def jsonl_lines(tl: Timeline) -> list[bytes]:
    """One JSON object per event, in order, each with the step it belongs to: the game's
    log, its words in English whatever the window's language. The events' words (a roll's
    label and result, a reaction's effect, a decision's question, the end's reason and
    score lines) are English by the events' own contract, with ``key`` and ``params`` to
    say them in any language; but the rules write them around the rulebook's French names
    ("Shot with Pistolet (moderne, 1er gratuit)"), so they are said again here with the
    English names. Every id, rule, key and param is as recorded: a tool reading them, or
    a program saying the words in French, gets the same file from any window. (The
    battle report is the export in the window's language.)"""
    game = tl.game
    t = Translator("en")
    t.names_fr, t.names_en = content_names(game.scenario, game.book)
    d = Describer(game.state, game.book, t, game.scenario)
    step_of = tl.step_of
    return [msgspec.json.encode({"step": step_of[i], **_in_english(d, e)})
            for i, e in enumerate(tl.log)]


def _in_english(d: Describer, e: ev.Event) -> dict[str, object]:
    """``e`` as builtins, its words said with the English names (see :func:`jsonl_lines`)."""
    out: dict[str, object] = msgspec.to_builtins(e)
    t = d.t
    if isinstance(e, ev.Roll):
        out["label"] = d.said(e.key, e.params, e.label)
        if e.result:
            out["result"] = d.outcome(e)
    elif isinstance(e, ev.Reaction):
        out["effect"] = t.engine(e.key, e.params, e.effect)
    elif isinstance(e, ev.DecisionNeeded):
        out["prompt"] = d.said(e.key, e.params, e.prompt)
    elif isinstance(e, ev.GameEnded):
        out["reason"] = t.engine(e.key, e.params, e.reason)
        out["breakdown"] = {band: [{**msgspec.to_builtins(x),
                                    "text": t.engine(x.key, x.params, x.text)} for x in lines]
                            for band, lines in e.breakdown.items()}
    return out


def write_report(tl: Timeline, path: str | Path, t: Translator) -> None:
    _write_text_atomic(path, report_markdown(tl, t))


def write_jsonl(tl: Timeline, path: str | Path) -> None:
    _write_text_atomic(path, "".join(x.decode() + "\n" for x in jsonl_lines(tl)))


def write_png(tl: Timeline, step: int, path: str | Path, t: Translator,
              width: int = 1600) -> None:
    """The board at ``step`` with a caption line, drawn off screen (no window needed);
    the picture has the table's proportions, the ruler and legend under it. The timeline
    goes back where it was."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from skirmish.app.board.camera import Camera
    from skirmish.app.board.replay import BoardPainter, styles_of
    from skirmish.app.board.terrain import footer_height
    from skirmish.app.text import Text
    from skirmish.app.theme import BG, TEXT

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
        pygame.display.set_mode((1, 1))
    pygame.font.init()
    here = tl.position
    game = tl.seek(step)
    text = Text(1.0)
    caption = 32
    foot = footer_height(t, text, width)
    board_h = round(width * game.state.height / game.state.width)
    size = (width, caption + board_h + foot)
    surface = pygame.Surface(size)
    surface.fill(BG)
    cam = Camera(pygame.Rect(0, caption, width, board_h), game.state.width, game.state.height)
    painter = BoardPainter()
    t.names_fr, t.names_en = content_names(game.scenario, game.book)
    painter.build(t, text, width)
    painter.draw(surface, cam, game, styles_of(game), t, text, key=step)
    painter.draw_footer(surface, cam, text, pygame.Rect(0, caption + board_h, width, foot))
    turn = tl.turn_at(tl.position)
    words = t("replay.caption", name=in_language(game.scenario, "name", t.lang),
              step=tl.position, of=tl.length, turn=turn if turn else t("replay.deployment"))
    text.blit(surface, words, (10, caption // 2), 15, TEXT, anchor="midleft", bold=True)
    tl.seek(here)
    # Encoded in memory, then written as any export: a folder that is read-only or full is
    # an OSError naming the file (pygame's own writer raised pygame.error on the one and
    # left an empty picture, reported written, on the other).
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    write_bytes_atomic(path, buf.getvalue())
