"""The top bar (turn, wave and its d6, the activation order, who acts now) and the
bottom bar (whose seat it is, and the hover line)."""

from __future__ import annotations

import pygame

from skirmish.app.describe import Describer
from skirmish.app.layout import fit_text
from skirmish.app.text import Text
from skirmish.app.theme import PANEL, PANEL_EDGE, TEXT, TEXT_DIM, WARN
from skirmish.rules.skirmish.state import GameState


def order_strip(s: GameState) -> list[str]:
    return list(s.deploy_order) if s.phase == "deployment" else list(s.order)


def draw_top(surface: pygame.Surface, rect: pygame.Rect, text: Text, d: Describer,
             colours: dict[str, tuple[int, int, int]], scores: dict[str, int],
             to_act: str | None, right_margin: int) -> list[tuple[str, pygame.Rect]]:
    """Turn and wave on the left, then the order as coloured, named chips, which end
    before the bar's buttons (a name too long is shortened between words, with "…");
    returns the chips' words and boxes as drawn."""
    s, t = d.s, d.t
    surface.fill(PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    y = rect.centery
    x = rect.x + 8
    if s.phase == "deployment":
        head = t("top.deployment")
    elif s.phase == "over":
        head = t("top.over")
    else:
        wave = t("top.wave", n=s.wave)
        if s.wave == 1 and s.wave_cap is not None:
            left = max(0, s.wave_cap - s.wave_used)
            wave += " " + t("top.wave_cap", d6=s.wave_cap, left=left)
        elif s.wave == 2:
            wave += " " + t("top.wave_rest")
        head = f"{t('top.turn', n=s.turn, of=s.options.max_turns)} · {wave}"
    r = text.blit(surface, head, (x, y), 13, TEXT, bold=True, anchor="midleft")
    x = r.right + 14
    r = text.blit(surface, t("top.order"), (x, y), 12, TEXT_DIM, anchor="midleft")
    x = r.right + 6
    strip = order_strip(s)
    end = rect.right - right_margin - 4  # the top bar's buttons start there
    chips: list[tuple[str, pygame.Rect]] = []
    for i, band in enumerate(strip):
        if x > end - 40:
            break
        now = band == to_act
        score = f" {scores[band]}" if band in scores and s.phase != "deployment" else ""
        mark = "▶ " if now else ""
        font = text.font(12, now)
        room = end - x - 22 - font.size(mark + score)[0]  # a long name ran under the buttons
        if room < font.size("MM…")[0]:
            break
        label = f"{mark}{fit_text(font, d.band(band), room)}{score}"
        chip = text.render(label, 12, (0, 0, 0) if now else TEXT, now)
        box = pygame.Rect(x, y - chip.get_height() // 2 - 3, chip.get_width() + 22,
                          chip.get_height() + 6)
        surface.fill(WARN if now else (44, 50, 60), box)
        pygame.draw.rect(surface, colours[band], (box.x + 3, box.y + 3, 10, box.h - 6))
        surface.blit(chip, (box.x + 17, box.y + 3))
        chips.append((label, box))
        x = box.right + 4
        if i < len(strip) - 1:
            r = text.blit(surface, "→", (x, y), 12, TEXT_DIM, anchor="midleft")
            x = r.right + 4
    return chips


#: How the hover line's parts are joined ("ligne de vue dégagée · 17,5 pas · …").
PART = " · "


def hover_lines(text: Text, words: str, width: int, size: int = 12) -> list[str]:
    """The hover line in one line, else two broken only between its " · " parts (never
    inside one, "hors de / combat 0 %"), the two as even as the parts allow; words that
    would need a third line end in "…" (the left box under the buttons shows them whole)."""
    font = text.font(size)
    if font.size(words)[0] <= width:
        return [words]
    parts = words.split(PART)
    splits = [(PART.join(parts[:i]), PART.join(parts[i:])) for i in range(1, len(parts))]
    even = [(max(font.size(a)[0], font.size(b)[0]), [a, b]) for a, b in splits
            if font.size(a)[0] <= width and font.size(b)[0] <= width]
    if even:
        return min(even, key=lambda x: x[0])[1]
    lines = text.wrap(words, size, width)
    return lines if len(lines) <= 2 else [lines[0], fit_text(font, " ".join(lines[1:]), width)]


def draw_bottom(surface: pygame.Surface, rect: pygame.Rect, split: int, text: Text,
                seat_label: str, seat_colour: tuple[int, int, int], hover: str
                ) -> list[tuple[str, pygame.Rect]]:
    """The seat on the left, the hover line beside it; returns the hover line's lines
    as drawn, with their boxes."""
    surface.fill(PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.topright)
    seat = pygame.Rect(rect.x, rect.y, split, rect.h)
    dark = tuple(max(0, c * 45 // 100) for c in seat_colour)
    surface.fill(dark, seat)
    pygame.draw.rect(surface, seat_colour, (seat.x, seat.y, 8, seat.h))
    lines = text.wrap(seat_label, 12, split - 18, bold=True)[:2]
    lh = text.font(12, True).get_linesize()
    y0 = seat.centery - lh * len(lines) / 2
    for i, line in enumerate(lines):
        text.blit(surface, line, (seat.x + 14, y0 + i * lh), 12, TEXT, bold=True)
    lines = hover_lines(text, hover, rect.w - split - 16)
    lh = text.font(12).get_linesize()
    y0 = rect.centery - lh * len(lines) / 2
    return [(line, text.blit(surface, line, (split + 10, y0 + i * lh), 12, TEXT))
            for i, line in enumerate(lines)]
