"""A cited rule ID shows its text: on hover, or pinned by a click until the next click
or Esc. Any screen or panel can use it, with the texts of :mod:`skirmish.app.rule_texts`
in the window's language.

- Text drawn with :class:`skirmish.app.text.Text`: after blitting a line, call
  ``tips.scan(text.font(size), line, rect.topleft)`` (or ``tips.add(rect, rule_id)``)
  so each ID in it becomes a spot; call ``tips.begin()`` before a frame's drawing. A
  panel drawn into a cached surface keeps :func:`spots` of its lines with the cache and
  adds them, moved by the panel's place, every frame.
- pygame_gui text boxes: write their HTML through :func:`linked`, which makes each ID a
  link, and ``tips.watch(box)``: hovering or clicking the link shows the text.
- Each frame: ``tips.handle(event)`` from the screen's ``handle`` (True when it used the
  event) and ``tips.draw(surface, text, lang, pointer)`` from its ``draw_over``.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

import pygame

from skirmish.app.rule_texts import RULE_ID, cited, rule_text
from skirmish.app.text import Text
from skirmish.app.theme import PANEL, TEXT, WARN

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UITextBox

#: Design pixels (at 1280 × 720) of the tip's widest line and of its text size.
TIP_WIDTH, TIP_SIZE = 460, 13


#: A rule ID with the bracket or parenthesis right before and after it, if any.
_CITED = re.compile(rf"([\[(]?)({RULE_ID.pattern})([\])]?)")


def linked(html: str) -> str:
    """``html`` (already escaped) with every rule ID the reference holds as a link whose
    target is the ID, for a pygame_gui text box watched by :class:`RuleTips`. The link
    holds the brackets around the ID, so that a line never breaks between "(" and
    "D-10)"."""
    def link(m: re.Match[str]) -> str:
        if rule_text(m[2]) is None:
            return m[0]
        return f"<a href='{m[2]}'>{m[1]}{m[2]}{m[3]}</a>"

    return _CITED.sub(link, html)


def link_rects(box: UITextBox) -> list[tuple[pygame.Rect, str]]:
    """Where each link of ``box`` is drawn on the window, and its target (as pygame_gui
    places them when it checks the pointer; links scrolled out of the box included)."""
    bar = box.scroll_bar
    scrolled = bar.start_percentage * box.text_box_layout.layout_rect.height if bar else 0
    x = int(box.rect.x + box.padding[0] + box.border_width["left"] + box.shadow_width
            + box.rounded_corner_width_offsets[0])
    y = int(box.rect.y + box.padding[1] + box.border_width["top"] + box.shadow_width
            + box.rounded_corner_height_offsets[0] - scrolled)
    return [(pygame.Rect((x + c.x, y + c.y), c.size), str(c.href))
            for c in box.link_hover_chunks]


def spots(font: pygame.font.Font, line: str,
          topleft: tuple[int, int] = (0, 0)) -> list[tuple[pygame.Rect, str]]:
    """Where each rule ID of ``line`` lies when it is drawn with ``font`` from ``topleft``:
    a panel that draws into a cached surface keeps these with its cache (from (0, 0)) and
    adds them each frame, moved to where the cache is shown."""
    x, y = topleft
    out = []
    for m in RULE_ID.finditer(line):
        left = font.size(line[:m.start()])[0]
        w, h = font.size(m[0])
        out.append((pygame.Rect(x + left, y, w, h), m[0]))
    return out


def tooltip(words: str, lang: str) -> str | None:
    """The texts of the rules ``words`` cites, for a widget's own tooltip (a button
    labelled "… (GAP-62)"), or None if it cites none."""
    texts = [f"<b>[{rule}]</b> {escape(rule_text(rule, lang) or '', quote=False)}"
             for rule in cited(words)]
    return "<br><br>".join(t.replace("\n", "<br>") for t in texts) or None


class RuleTips:
    """The rule IDs a screen shows this frame, and the text of the one under the pointer
    or last clicked."""

    def __init__(self) -> None:
        self.spots: list[tuple[pygame.Rect, str]] = []
        self.boxes: list[UITextBox] = []
        #: The rule shown by a click, and where, until the next click or Esc.
        self.pinned: tuple[str, tuple[int, int]] | None = None
        self.pointer: tuple[int, int] = (-1, -1)

    def begin(self, *boxes: UITextBox | None) -> None:
        """Forget the spots of the last frame (call before drawing); ``boxes``, if any,
        are the text boxes watched from now on (a panel's, which come and go)."""
        self.spots = []
        if boxes:
            self.boxes = [b for b in boxes if b is not None and b.alive()]

    def add(self, rect: pygame.Rect, rule_id: str) -> None:
        if rule_text(rule_id) is not None:
            self.spots.append((pygame.Rect(rect), rule_id))

    def scan(self, font: pygame.font.Font, line: str, topleft: tuple[int, int]) -> None:
        """Each rule ID in ``line``, drawn with ``font`` from ``topleft``, becomes a spot."""
        for rect, rule in spots(font, line, topleft):
            self.add(rect, rule)

    def watch(self, *boxes: UITextBox) -> None:
        """Text boxes whose links (made by :func:`linked`) are rule IDs."""
        self.boxes = [b for b in (*self.boxes, *boxes) if b.alive()]

    def under(self, pos: tuple[int, int]) -> str | None:
        """The rule ID under the pointer: a spot, or a hovered link of a watched box."""
        for rect, rule in reversed(self.spots):
            if rect.collidepoint(pos):
                return rule
        for box in self.boxes:
            if box.alive() and box.rect.collidepoint(pos):
                for chunk in box.link_hover_chunks:
                    if chunk.is_hovered and rule_text(chunk.href) is not None:
                        return str(chunk.href)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a cited ID (or its link) pins its text; the next click elsewhere or
        Esc takes it away. True when the event was the tip's alone (a click on an ID, the
        Esc that closed it): the screen does nothing more with it."""
        from pygame_gui import UI_TEXT_BOX_LINK_CLICKED

        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = tuple(event.pos)
        if event.type == UI_TEXT_BOX_LINK_CLICKED and \
                rule_text(str(event.link_target)) is not None:
            self.pinned = (str(event.link_target), self.pointer)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rule = next((r for rect, r in self.spots if rect.collidepoint(event.pos)), None)
            self.pinned = (rule, self.pointer) if rule is not None else None
            return rule is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pinned:
            self.pinned = None
            return True
        return False

    def shown(self, pos: tuple[int, int]) -> str | None:
        """The rule whose text is drawn: the one hovered, else the one pinned."""
        hovered = self.under(pos)
        return hovered or (self.pinned[0] if self.pinned else None)

    def draw(self, surface: pygame.Surface, text: Text, lang: str,
             pos: tuple[int, int]) -> pygame.Rect | None:
        """The shown rule's ID and text in a box beside the pointer, inside the window."""
        rule = self.shown(pos)
        if rule is None:
            return None
        if self.under(pos) is None and self.pinned is not None:
            pos = self.pinned[1]
        body = rule_text(rule, lang) or ""
        s = text.scale
        width = min(round(TIP_WIDTH * s), surface.get_width() - 24)
        pad = round(8 * s)
        step = text.font(TIP_SIZE).get_linesize()
        lines = [part for para in body.split("\n") for part in text.wrap(para, TIP_SIZE, width)]
        room = (surface.get_height() - 2 * pad - 16) // step - 1
        if len(lines) > room:
            lines = [*lines[:room - 1], lines[room - 1] + " …"]
        box = pygame.Rect(0, 0, width + 2 * pad, (len(lines) + 1) * step + 2 * pad)
        box.topleft = (pos[0] + 16, pos[1] + 20)
        if box.bottom > surface.get_height() - 4:
            box.bottom = pos[1] - 8
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        surface.fill(PANEL, box)
        pygame.draw.rect(surface, WARN, box, 1)
        x, y = box.x + pad, box.y + pad
        text.blit(surface, f"[{rule}]", (x, y), TIP_SIZE, WARN, bold=True)
        for line in lines:
            y += step
            text.blit(surface, line, (x, y), TIP_SIZE, TEXT)
        return box
