"""The campaign screen: the campaigns saved (a scrolling list by name and games played),
or one campaign — each band's roster (profile, XP, injuries, missed games, equipment),
band points, the games played (each a replay file), a chart of band points and XP over
the games, and "play next game" with a scenario picker. After a campaign game (or one a
band forfeits, D-10) it records the game and walks the post-game procedure of RULES.md §13
page by page (``campaign_post``), handing decisions to their owner in hot-seat and
letting the computer answer for its bands; a captor names any ransom in a number field
(GAP-68); the shop is ``campaign_shop``. A campaign with one band left shows its final
standing and no next game.
"""

from __future__ import annotations

import contextlib
import tomllib
from functools import cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox, UITextEntryLine

from skirmish.app import routes
from skirmish.app.band_words import band_problem
from skirmish.app.campaign_games import refusal, resume
from skirmish.app.describe import race_name
from skirmish.app.i18n import LANGUAGES, Translator
from skirmish.app.layout import fit_text, html_height, px
from skirmish.app.menus import close_open, drop_down
from skirmish.app.paths import campaigns_dir, shipped_scenarios
from skirmish.app.rule_tips import RuleTips, linked
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.campaign_post import (
    Say,
    draw_chart,
    draw_event,
    draw_page,
    fit_pages,
    page_heading,
    page_room,
    paginate,
)
from skirmish.app.screens.campaign_roster import Rewound, rewind
from skirmish.app.theme import BAD, PANEL, band_colours
from skirmish.campaign import commands as cc
from skirmish.campaign import computer, files
from skirmish.campaign.engine import Campaign, report_path
from skirmish.campaign.events import CampaignOver, Forfeited, GameRecorded
from skirmish.campaign.flow import resolve_scenario
from skirmish.campaign.record import CampaignBand
from skirmish.campaign.shop import PROBLEM
from skirmish.content.errors import ContentError
from skirmish.rules.errors import IllegalCommand

if TYPE_CHECKING:
    from skirmish.app.session import Session


@cache
def _scenario_names(path: str) -> dict[str, str]:
    """A scenario file's name by language (``name``, ``name_fr``), read from its TOML."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return {lang: v for lang, key in (("en", "name"), ("fr", "name_fr"))
            if isinstance(v := data.get(key), str) and v.strip()}


def scenario_name(scenario: str, lang: str) -> str:
    """A campaign's scenario ("street_fight.toml", or a path) as players know it, in the
    window's language ("Combat de rue"); its file's name if the file has none."""
    names = _scenario_names(str(resolve_scenario(scenario)))
    return names.get(lang) or names.get("en") or Path(scenario).stem


def prompt_h(row: int) -> int:
    """The height of a post-game question above its answers: two lines of words."""
    return 2 * row + 6


def record_session(camp: Campaign, path: Path,
                   session: Session) -> tuple[str, dict[str, Any]] | None:
    """The game a session played becomes the campaign's: its log and replay are written
    beside the campaign file and the post-game procedure starts. Only the game the
    campaign waits for, once: otherwise why not (a translation key and its parameters)."""
    from skirmish.campaign.report import report_from_game
    from skirmish.replay import record
    from skirmish.replay.files import write_bytes_atomic
    from skirmish.rules.events import encode

    if not session.game.over:
        return None
    why = refusal(camp, session)
    if why is not None:
        return why
    cur = camp.state.current
    assert cur is not None
    log = report_path(path, cur.index, ".jsonl")
    replay = report_path(path, cur.index, ".replay.json")
    write_bytes_atomic(log, b"".join(encode(e) + b"\n" for e in session.game.log))
    record.save(session.recorded(), replay)  # from the hashes the table kept
    camp.apply(cc.RecordGame(report=report_from_game(session.game, replay=replay.name,
                                                     log=log.name)))
    return None


def fit(widget: UIButton | UILabel, text: str, *, middle: bool = False) -> None:
    """``text`` on ``widget``, shortened to its width (the title, a band's tab, in French
    at 960 × 600), whole on hover. ``middle``: words go from the middle, so that a name's
    end — the "(saved)" telling a copy from its band — still shows."""
    room = widget.rect.w - 12
    shown = text
    if middle:
        *head, tail = text.split(" ")
        while len(head) > 1 and widget.font.size(shown)[0] > room:
            head.pop()
            shown = " ".join([*head, "…", tail])
    shown = fit_text(widget.font, shown, room)
    widget.set_text(shown)
    if shown != text:
        widget.set_tooltip(text)


class CampaignScreen(Screen):
    name = "campaign"

    def __init__(self, app: Host, session: Session | None = None, *,
                 path: str | Path | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.reviewing = False  # the post-game just played, shown even once it is over
        self.error = ""
        self.camp: Campaign | None = None
        self.path: Path | None = None
        link = session.campaign_path if session is not None else None
        target = path or link
        if target is not None:
            self.open(Path(target))
            if self.camp is not None and link is not None:
                assert self.path is not None
                try:
                    why = record_session(self.camp, self.path, session)
                except (OSError, ValueError) as e:  # the game's log or replay: said, and
                    why = None  # the campaign file is not touched (the game has its save)
                    self._not_saved(e)
                else:
                    if why is None and self._settle():
                        self.reviewing = True
                if why is not None:
                    # an older save of a game already counted: never twice
                    self.error = self.t(why[0], **why[1])
        self.band_index = 0
        self.page = 0
        self.home_rows: dict[str, str] = {}  # the campaign list's text → the file
        self.home_list: UISelectionList | None = None
        self.shop_memory: dict[str, str] = {}  # the shop's choices across rebuilds
        self.amount_text = ""  # the ransom typed in, across rebuilds (GAP-68)
        self.amount: UITextEntryLine | None = None
        self._pages: tuple[tuple[Any, ...], list[list[Any]]] | None = None
        #: The rule IDs the screen cites, each showing its text on hover or click.
        self.tips = RuleTips()
        self.scenarios = [str(p) for p in shipped_scenarios()]
        default = self.camp.state.options.scenario if self.camp else ""
        self.scenario = next((s for s in self.scenarios if s.endswith(default)),
                             self.scenarios[0] if self.scenarios else "")

    # -- the model -------------------------------------------------------------------------
    def open(self, path: Path) -> None:
        try:
            self.camp = files.load(path)
            self.path = path
        except ContentError as e:
            self.error = str(e)
        else:
            self.error = ""  # a broken file tried before is no longer the news
            # a post-game taken up again is shown to its end, as one just played
            self.page = 0
            self.reviewing = self.camp.state.phase == "post_game"
            pending = self.camp.pending
            if pending is not None and self.camp.band(pending.band).controller == "computer":
                self._settle()  # a file left waiting on the computer: it answers now

    @property
    def say(self) -> Say:
        return self._say(self.t)

    def _say(self, t: Translator) -> Say:
        assert self.camp is not None
        fr = t.lang == "fr"
        return Say(t, self.camp.book,
                   {b.name: b.name_fr if fr and b.name_fr else b.name
                    for b in self.camp.state.bands})

    def band_name(self, band: CampaignBand) -> str:
        """The band's name in the window's language (the warband file's ``name_fr``)."""
        return band.name_fr if self.t.lang == "fr" and band.name_fr else band.name

    def sections(self) -> list[list[Any]]:
        """The procedure since the last game was recorded (or forfeited, D-10: not
        played, it is never recorded), one list per figure or step."""
        assert self.camp is not None
        log = self.camp.log
        start = max((i for i, e in enumerate(log) if isinstance(e, GameRecorded) or
                     isinstance(e, Forfeited) and not isinstance(log[i - 1], Forfeited)),
                    default=0)
        return paginate(log[start:])

    def pages(self) -> list[list[Any]]:
        """The sections cut to what the panel shows at this window size, so no line is
        clipped; the last page leaves room for the decision a player owes. An event is
        measured in both languages and takes the room of the longer, so switching the
        language keeps the pages and the one shown."""
        assert self.camp is not None
        full, small = self._page_rects()
        key = (len(self.camp.log), tuple(full), tuple(small), self.app.scale)
        if self._pages is not None and self._pages[0] == key:
            return self._pages[1]
        text, names = self.app.text, self.names()
        says = [self._say(Translator(lang)) for lang in LANGUAGES]
        width = full.w - 20

        def height(e: Any) -> int:
            return max(draw_event(None, text, say, e, names, 0, 0, width) for say in says)

        sections = self.sections()
        pages = fit_pages(sections, height, page_room(full, text))
        if small.h < full.h and pages:
            pages[-1:] = fit_pages(pages[-1:], height, page_room(small, text))
        self._pages = (key, pages)
        return pages

    def page_title(self, index: int) -> str:
        """The heading of page ``index``: the game, the step the page is about (a figure's
        page carried over says whose), and the page's number."""
        assert self.camp is not None
        pages = self.pages()
        cur = self.camp.state.current
        game = cur.index if cur is not None else len(self.camp.state.games)
        title = self.t("campaign.post_title", index=game, page=index + 1, pages=len(pages))
        about = page_heading(pages[index], self.t)
        if not about:  # a figure's page: its first line names it, a carried-over one here
            first = next((p for p in reversed(pages[:index + 1]) if p and
                          type(p[0]).__name__ == "FigureTurn"), None)
            if first is not None and first is not pages[index]:
                about = self.names().get(first[0].figure, "")
        return f"{title} · {about}" if about else title

    def rewound(self) -> Rewound:
        """While the procedure is walked, what the pages after the one shown will change:
        the roster shows the figures as the panel has told them so far."""
        assert self.camp is not None
        if not self.walking:
            return Rewound()
        pages = self.pages()
        if not pages or self.page >= len(pages) - 1:
            return Rewound()
        log = self.camp.log
        ids = {id(e) for e in pages[self.page]}
        last = max((i for i, e in enumerate(log) if id(e) in ids), default=len(log) - 1)
        return rewind(log[last + 1:])

    def _right(self) -> pygame.Rect:
        """The column right of the roster: the post-game panel, or history and chart."""
        s = self.app.scale
        w, h = self.app.window.get_size()
        margin, row = px(s, 16), px(s, 34)
        top = margin + px(s, 56)
        left_right = margin + w * 46 // 100 - margin
        return pygame.Rect(left_right + margin, top, w - left_right - 2 * margin,
                           h - top - 2 * margin - row)

    def _decide_h(self, room: int) -> int:
        """The height under the page for the decision a human player owes (0: none)."""
        from skirmish.app.screens.campaign_shop import ShopPanel

        assert self.camp is not None
        pending = self.camp.pending
        if pending is None or self.camp.band(pending.band).controller == "computer":
            return 0
        s = self.app.scale
        if pending.kind == "shop":
            return ShopPanel.height(s, room)
        return self._question_h() + 6 + self._answers_h(room) + px(s, 8)

    #: The most of the post-game column a decision may take: the page keeps the rest.
    DECIDE_SHARE = 0.6

    def _answers_h(self, room: int) -> int:
        """The answers' height: a button each, or — when they would take more than the
        decision's share of ``room`` (a Chef promoted from any of sixteen figures pushed
        the page off the window) — a list of them that scrolls, with Choose under it; and
        the ransom typed in (GAP-68)."""
        assert self.camp is not None and self.camp.pending is not None
        pending = self.camp.pending
        row = px(self.app.scale, 34)
        typed = row + 6 if pending.amount is not None else 0
        buttons = (row + 6) * len(pending.options)
        if not self._listed(room):
            return buttons + typed
        return self._list_h(room) + row + 6 + typed

    def _listed(self, room: int) -> bool:
        """The answers are too many for a button each (see :meth:`_answers_h`)."""
        assert self.camp is not None and self.camp.pending is not None
        row = px(self.app.scale, 34)
        most = int(room * self.DECIDE_SHARE) - self._question_h() - 6 - px(self.app.scale, 8)
        return (row + 6) * len(self.camp.pending.options) > most

    def _list_h(self, room: int) -> int:
        """The scrolling list's height: what the decision's share leaves, three rows at
        least."""
        row = px(self.app.scale, 34)
        most = int(room * self.DECIDE_SHARE) - self._question_h() - 6 - px(self.app.scale, 8)
        return max(3 * row, most - (row + 6))

    def _page_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The page on every page but the last, and on the last (above the decision)."""
        right = self._right()
        row = px(self.app.scale, 34)
        full = pygame.Rect(right.x, right.y, right.w, right.h - row - 8)
        small = pygame.Rect(full.x, full.y, full.w, full.h - self._decide_h(full.h))
        return full, small

    def _settle(self) -> bool:
        """Computer bands answer their decisions; the file is saved after every step. A
        file that cannot be written (a read-only or full folder) is said, and the campaign
        goes back to what its file holds, so that what is shown is what is saved: the step
        may be taken again once the file can be written. False if not saved."""
        assert self.camp is not None and self.path is not None
        computer.settle(self.camp, recruit=self.t("campaign.recruit"))
        try:
            files.save(self.camp, self.path)
        except (OSError, ValueError) as e:
            self._not_saved(e)
            # A file that cannot be read back either: the state in memory stays.
            with contextlib.suppress(ContentError):
                self.camp = files.load(self.path)
            return False
        return True

    def _not_saved(self, e: Exception) -> None:
        assert self.path is not None
        self.error = self.t("campaign.save_failed", file=self.path.name, problem=str(e))

    def submit(self, cmd: cc.CampaignCommand) -> bool:
        assert self.camp is not None
        try:
            self.camp.apply(cmd)
        except IllegalCommand as e:
            self.error = self.refusal(e)
            return False
        self.error = ""
        return self._settle()

    def refusal(self, e: IllegalCommand) -> str:
        """Why a command was refused, in the window's language: a band rule's refusal (the
        shop's) in the band builder's words, with its rule, as the builder says it."""
        assert self.camp is not None
        if not e.key.startswith(PROBLEM):
            return self.say(e.key, e.params, str(e))
        params = dict(e.params)
        figure = str(params.pop("figure", ""))
        text = band_problem(self.t, self.camp.book, e.key.removeprefix(PROBLEM), params, figure)
        return f"{text} [{e.rule}]"

    def names(self) -> dict[str, str]:
        """Each figure ("band:figure") and each band (its id) by its name."""
        assert self.camp is not None
        bands = self.camp.state.bands
        return {**{b.id: self.band_name(b) for b in bands},
                **{f"{b.id}:{m.id}": m.spec.name for b in bands for m in b.members}}

    # -- widgets ---------------------------------------------------------------------------
    def build(self) -> None:
        app, s, t = self.app, self.app.scale, self.t
        m = app.manager
        w, h = app.window.get_size()
        self.margin, self.row = px(s, 16), px(s, 34)
        margin, row = self.margin, self.row
        self.buttons: dict[object, tuple[str, Any]] = {}
        self.scenario_menu = None
        self.shop = None
        self.amount = None
        #: Answers too many for a button each: their list, and each row's answer.
        self.answer_list: UISelectionList | None = None
        self.listed: dict[str, str] = {}
        bw = px(s, 150)
        self.tips = RuleTips()
        self._button(pygame.Rect(margin, h - margin - row, bw, row), t("results.menu"), ("menu",))
        if self.camp is None:
            self._build_home(w, h)
            return
        st = self.camp.state
        self._follow_page()
        title = t("campaign.heading", name=st.name, games=files.played(len(st.games), st.phase),
                  phase=t(f"campaign.phase.{st.phase}"))
        heading = UILabel(pygame.Rect(margin, margin, w - 2 * margin, px(s, 48)), "", m,
                          object_id="@title")
        if heading.font.size(title)[0] > heading.rect.w - 12:  # whole, in smaller type
            heading.kill()
            heading = UILabel(heading.relative_rect, "", m, object_id="@subtitle")
        fit(heading, title)
        self.right = self._right()
        left = pygame.Rect(margin, self.right.y, self.right.x - 2 * margin, self.right.h)
        x = left.x
        tab_w = (left.w - 4 * (len(st.bands) - 1)) // max(1, len(st.bands))
        for i, band in enumerate(st.bands):
            fit(self._button(pygame.Rect(x, left.y, tab_w, row), "", ("band", i),
                             object_id="@primary" if i == self.band_index else None),
                self.band_name(band), middle=True)
            x += tab_w + 4
        # a band's roster is as long as the band: in a small window it scrolls
        self.tips.watch(UITextBox(self.roster_html(), pygame.Rect(
            left.x, left.y + row + 4, left.w, left.h - row - 4), m, object_id="#roster"))
        if self.walking:
            self._build_post(w, h)
            return
        half = self.right.h * 45 // 100
        over = st.result is not None
        # the final standing heads the games played once the campaign is over (D-10)
        html = (self.standing_html() + "<br><br>" if over else "") + self.history_html()
        self.tips.watch(UITextBox(linked(html), pygame.Rect(self.right.x, self.right.y,
                                                            self.right.w, half), m))
        self.chart_rect = pygame.Rect(self.right.x, self.right.y + half + 6, self.right.w,
                                      self.right.h - half - 6)
        y = h - margin - row
        if over:
            words = self.t("campaign.campaign_over")
            UILabel(pygame.Rect(self.right.x, y, self.right.w, row), words, m)
            return
        names = [scenario_name(p, t.lang) for p in self.scenarios]
        if self.scenarios:
            cw = px(s, 220)
            self.scenario_menu = drop_down(
                names, scenario_name(self.scenario, t.lang),
                pygame.Rect(w - margin - px(s, 260) - cw - 8, y, cw, row), m)
        key = "campaign.resume" if st.phase == "in_game" else "campaign.play_next"
        self._button(pygame.Rect(w - margin - px(s, 260), y, px(s, 260), row),
                     t(key, index=len(st.games) + 1), ("play",), object_id="@primary")

    @property
    def walking(self) -> bool:
        """The post-game panel is shown: the procedure is under way or just done."""
        return self.camp is not None and (self.camp.state.phase == "post_game"
                                          or self.reviewing)

    def _follow_page(self) -> None:
        """In the post-game, the roster shows the band of the figure on the page (or the
        band that must decide)."""
        assert self.camp is not None
        if not self.walking:
            return
        pages = self.pages()
        band = None
        if pages and self.page < len(pages):
            band = next((e.figure.split(":")[0] for e in pages[self.page]
                         if hasattr(e, "figure") and e.figure), None)
        if self.page >= len(pages) - 1 and self.camp.pending is not None:
            band = self.camp.pending.band
        ids = [b.id for b in self.camp.state.bands]
        if band in ids:
            self.band_index = ids.index(band)

    def _button(self, rect: pygame.Rect, text: str, action: tuple[Any, ...],
                object_id: str | None = None) -> UIButton:
        b = UIButton(rect, text, self.app.manager, object_id=object_id)
        self.buttons[b] = action
        return b

    def _build_home(self, w: int, h: int) -> None:
        """Every saved campaign by its name and games played, in a list that scrolls."""
        t, s, m = self.t, self.app.scale, self.app.manager
        margin, row = self.margin, self.row
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, px(s, 48)), t("campaign.home"), m,
                object_id="@title")
        # a FIFO, a link to nothing or a huge name is listed with its problem, never
        # blocking or failing the screen
        found = files.listing(campaigns_dir())
        self.home_rows = {}
        for p, info in found:
            text = t("campaign.home_bad", file=p.name, problem=info.problem) if info.problem \
                else t("campaign.home_row_over" if info.over else "campaign.home_row",
                       name=info.name, games=info.played)
            if text in self.home_rows:  # two campaigns of one name: the files tell them apart
                text = f"{text} ({p.name})"
            self.home_rows[text] = str(p)
        bw = min(w - 2 * margin, px(s, 640))
        x, y = (w - bw) // 2, margin + px(s, 64)
        buttons_y = h - 2 * margin - 2 * row - 8
        self.home_list = None
        if not found:
            UILabel(pygame.Rect(x, y, bw, row), t("campaign.none_saved"), m)
        else:
            rows = list(self.home_rows)
            self.home_list = UISelectionList(pygame.Rect(x, y, bw, buttons_y - 8 - y), rows, m,
                                             default_selection=rows[0])
        third = (bw - 16) // 3
        if found:
            self._button(pygame.Rect(x, buttons_y, third, row), t("campaign.open"), ("open",),
                         object_id="@primary")
        self._button(pygame.Rect(x + third + 8, buttons_y, third, row), t("campaign.new"),
                     ("new",), object_id=None if found else "@primary")
        self._button(pygame.Rect(x + 2 * third + 16, buttons_y, third, row),
                     t("campaign.builder"), ("builder",))

    def _open_selected(self, text: str | None) -> None:
        if text in self.home_rows:
            self.open(Path(self.home_rows[text]))
            self.app.rebuild()

    def _build_post(self, w: int, h: int) -> None:
        from skirmish.app.screens.campaign_shop import ShopPanel

        assert self.camp is not None
        t, s, m = self.t, self.app.scale, self.app.manager
        row = self.row
        pages = self.pages()
        self.page = min(self.page, max(0, len(pages) - 1))
        last = self.page >= len(pages) - 1
        pending = self.camp.pending
        human = pending is not None and self.camp.band(pending.band).controller != "computer"
        full, small = self._page_rects()
        decide_h = full.h - small.h if last else 0
        self.page_rect = small if last else full
        y = self.page_rect.bottom + 6
        nav = px(s, 120)
        if self.page > 0:
            self._button(pygame.Rect(self.right.x, y, nav, row), t("campaign.prev"), ("prev",))
        if not last:
            self._button(pygame.Rect(self.right.right - nav, y, nav, row), t("campaign.next"),
                         ("next",), object_id="@primary")
        y += row + 8
        if last and pending is None:
            self._button(pygame.Rect(self.right.right - nav, y - row - 8, nav, row),
                         t("campaign.close"), ("close",), object_id="@primary")
            return
        if not (last and human):
            return
        band = self.camp.band(pending.band)
        if pending.kind == "shop":
            self.shop = ShopPanel(self, band, pygame.Rect(self.right.x, y, self.right.w,
                                                          decide_h), self._owner(t))
            return
        # wrapped: on one line "… n'a plus de Chef : en engager un" was cut at 1280 × 720
        qh = self._question_h()
        self.tips.watch(UITextBox(linked(escape(self.question(t))),
                                  pygame.Rect(self.right.x, y, self.right.w, qh), m))
        y += qh + 6
        room = self._page_rects()[0].h
        if self._listed(room):
            y = self._build_listed(y, self._list_h(room))
        else:
            for o in pending.options:
                label = self.say(o.label_key, o.params, o.label)
                self._button(pygame.Rect(self.right.x, y, self.right.w, row), label,
                             ("choose", o.key))
                y += row + 6
        if pending.amount is not None:
            self._build_amount(pygame.Rect(self.right.x, y, self.right.w, row))

    def _build_listed(self, y: int, list_h: int) -> int:
        """The answers in a list that scrolls, the default chosen, and Choose under it
        (a double click chooses too); returns the ``y`` under them."""
        assert self.camp is not None and self.camp.pending is not None
        pending, row = self.camp.pending, self.row
        self.listed = {}
        for o in pending.options:
            label = self.say(o.label_key, o.params, o.label)
            while label in self.listed:  # two answers of one wording keep their rows
                label += " "
            self.listed[label] = o.key
        default = next((lb for lb, k in self.listed.items() if k == pending.default), None)
        self.answer_list = UISelectionList(pygame.Rect(self.right.x, y, self.right.w, list_h),
                                           list(self.listed), self.app.manager,
                                           default_selection=default)
        y += list_h + 6
        self._button(pygame.Rect(self.right.right - px(self.app.scale, 200), y,
                                 px(self.app.scale, 200), row), self.t("campaign.choose"),
                     ("choose_listed",), object_id="@primary")
        return y + row + 6

    def choose_listed(self, label: str | None) -> None:
        """The answer chosen in the list, given."""
        if label in self.listed:
            self.act(cc.Choose(option=self.listed[label]))

    def _owner(self, t: Translator) -> str:
        """Who answers the decision owed: the band, or "Hand over to" it in hot-seat."""
        assert self.camp is not None and self.camp.pending is not None
        band = self.camp.band(self.camp.pending.band)
        name = band.name_fr if t.lang == "fr" and band.name_fr else band.name
        humans = [b for b in self.camp.state.bands if b.controller != "computer"]
        return t("campaign.hand_over", band=name) if len(humans) > 1 else name

    def question(self, t: Translator) -> str:
        """The decision owed, as its owner reads it in ``t``'s language: the band, then
        the question (the band once: "Band: Band: what ransom…"), and, for a ransom
        the band cannot pay, why paying is not offered (GAP-68)."""
        assert self.camp is not None and self.camp.pending is not None
        pending = self.camp.pending
        band = self.camp.band(pending.band)
        name = band.name_fr if t.lang == "fr" and band.name_fr else band.name
        prompt = self._say(t)(pending.prompt_key, pending.params, pending.prompt)
        owner = self._owner(t)
        if owner == name and prompt.startswith(name):  # not after "Hand over to Band:"
            prompt = prompt.removeprefix(name).lstrip(" :\u00a0")
        amount = pending.params.get("amount")
        if pending.kind == "ransom" and isinstance(amount, int) and \
                all(o.key != "pay" for o in pending.options) and "other" not in pending.params:
            prompt += " " + t("campaign.cannot_pay", band=name, points=band.band_points,
                              amount=amount)
        return t.pair(owner, prompt)

    def _question_h(self) -> int:
        """The question's box: two lines at least, as tall as its words in the longer of
        the two languages (the pages above keep their size when the language switches)."""
        font = self.app.manager.get_theme().get_font(["text_box"])
        width = self._right().w - 12
        words = max(html_height(font, [escape(self.question(Translator(lang)))], width)
                    for lang in LANGUAGES)
        return max(prompt_h(px(self.app.scale, 34)), words + 16)  # the box's padding

    def _build_amount(self, rect: pygame.Rect) -> None:
        """GAP-68: the captor names any whole number of band points — the options above
        are suggestions — typed in a field beside its button (Enter asks too)."""
        assert self.camp is not None and self.camp.pending is not None
        bound = self.camp.pending.amount
        assert bound is not None
        t, m = self.t, self.app.manager
        label_w = rect.w * 44 // 100
        field_w = rect.w * 18 // 100
        label = UILabel(pygame.Rect(rect.x, rect.y, label_w, rect.h), "", m)
        fit(label, t("campaign.amount_label"))
        self.amount = UITextEntryLine(pygame.Rect(rect.x + label_w + 4, rect.y, field_w,
                                                  rect.h), m)
        self.amount.set_allowed_characters("numbers")
        self.amount.set_text_length_limit(len(str(bound.high)))
        self.amount.set_text(self.amount_text)
        x = rect.x + label_w + field_w + 8
        self._button(pygame.Rect(x, rect.y, rect.right - x, rect.h), t("campaign.ask_amount"),
                     ("amount",))

    def ask_amount(self) -> None:
        """The ransom typed in, asked; a field left empty or out of range is refused with
        the range, and nothing is asked."""
        assert self.camp is not None and self.amount is not None
        pending = self.camp.pending
        bound = pending.amount if pending is not None else None
        if bound is None:
            return
        typed = self.amount.get_text().strip()
        if not (typed.isascii() and typed.isdigit()) or \
                not bound.low <= int(typed) <= bound.high:
            self.error = self.t("campaign.amount_bad", low=bound.low, high=bound.high)
            self.app.rebuild()
            return
        self.amount_text = ""
        self.act(cc.Choose(option=f"{bound.prefix}{int(typed)}"))

    # -- text ------------------------------------------------------------------------------
    def roster_html(self) -> str:
        """The band's roster as the post-game panel has told it so far (the state once it
        is over), each lasting injury linked to its rule."""
        assert self.camp is not None
        t = self.t
        band = self.camp.state.bands[self.band_index]
        back = self.rewound()
        race = race_name(self.camp.book, band.race, t.lang) if band.race != "none" else "—"
        points = back.points.get(band.id, band.band_points)
        out = [f"<b>{escape(self.band_name(band))}</b> ({escape(race)}, "
               f"{t('campaign.controller.' + band.controller)}) — "
               f"{t('campaign.points', points=points)}"]
        if band.left is not None and band.id not in back.leaving:
            out.append("<font color=#e6a03c>"
                       f"{linked(escape(t('campaign.left', index=band.left)))}</font>")
        if band.stash:
            out.append(t("campaign.store", items=escape(", ".join(band.stash))))
        for mem in band.members:
            fid = f"{band.id}:{mem.id}"
            if fid in back.recruits:
                continue
            p = back.profile.get(fid) or self.camp.profile(band, mem)
            status = back.status.get(fid, mem.status)
            name = f"<b>{escape(mem.spec.name)}</b>"
            if status != "active":
                name = f"<font color=#888888>{escape(mem.spec.name)}</font>"  # its status follows
            rank = t(f"campaign.rank.{back.rank.get(fid, mem.spec.rank)}")
            out.append(f"{name} · {rank} · XP {mem.spec.xp - back.xp[fid]}"
                       + (f" · {t('campaign.status.' + status)}" if status != "active" else ""))
            out.append(f"   Mvt {t.num(p['mvt'])} Cd {p['cd']} CT {p['ct']}+ CCC {p['ccc']}+ "
                       f"F {p['f']} R {p['r']} PV {p['pv']}")
            items = back.kit(fid, (*mem.spec.weapons, *mem.spec.equipment))
            out.append(f"   {escape(', '.join(self._item(i) for i in items)) or '—'}")
            marks = [self._injury_link(i) for i in back.lasting(fid, mem.spec.injuries)]
            misses = mem.misses - back.misses[fid]
            if misses > 0:
                marks.append(escape(t("campaign.misses_n", n=misses)))
            if marks:
                out.append(f"   <font color=#e6a03c>{', '.join(marks)}</font>")
        return "<br>".join(out)

    def _injury_link(self, injury: str) -> str:
        """A lasting injury's name, linked to its rule: hovering it shows the text."""
        assert self.camp is not None
        row = next((r for r in self.camp.book.tables["serious_injury"].rows
                    if r.result == injury), None)
        words = escape(str(self.say.value(row.name_en if row else injury)))
        rule = row.rule.split(" ")[0] if row and row.rule else ""
        return f"<a href='{rule}'>{words}</a>" if rule else words

    def _item(self, item: str) -> str:
        assert self.camp is not None
        book = self.camp.book
        if item in book.equipment:
            e = book.equipment[item]
            return e.name_fr if self.t.lang == "fr" else e.name_en
        w = book.weapon(item)
        return w.name_fr if self.t.lang == "fr" else w.name_en

    def standing_html(self) -> str:
        """The campaign's end (D-10): who won, then each band's place — the band left
        first, then the bands that left, the later the higher — with its record."""
        assert self.camp is not None
        st, t = self.camp.state, self.t
        result = st.result
        assert result is not None
        over = next((e for e in reversed(self.camp.log) if isinstance(e, CampaignOver)),
                    None)
        head = self.say.event(over) if over is not None else t("campaign.campaign_over")
        head = head.removesuffix(" (D-10)")  # the standing's heading cites it, whole
        out = [f"<b>{escape(head)}</b>", f"<b>{escape(t('campaign.standing'))}</b>"]
        for p in result.standing:
            name = f"{p.place}. <b>{escape(self.band_name(st.band(p.band)))}</b>"
            if p.left is not None:
                name += " — " + escape(t("campaign.left", index=p.left))
            out.append(name)
            out.append("   " + escape(t("campaign.standing_row", won=p.won, games=p.games,
                                        vp=p.vp, points=p.band_points, figures=p.figures,
                                        xp=p.xp)))
        return "<br>".join(out)

    def history_html(self) -> str:
        assert self.camp is not None
        t = self.t
        out = [f"<b>{t('campaign.history')}</b>"]
        bands = {b.id: self.band_name(b) for b in self.camp.state.bands}
        for g in self.camp.state.games:
            vp = ", ".join(f"{escape(bands.get(b, b))} {v}" for b, v in g.vp.items())
            scenario = escape(scenario_name(g.scenario, t.lang))
            if g.forfeit:  # D-10: not played, won by every band that was there
                out.append(t("campaign.game_line_forfeit", index=g.index, scenario=scenario,
                             bands=escape(", ".join(bands.get(b, b) for b in g.forfeit)),
                             winners=escape(", ".join(bands.get(b, b)
                                                      for b in g.winners()))))
                continue
            out.append(t("campaign.game_line", index=g.index, scenario=scenario, vp=vp,
                         winner=escape(bands.get(g.winner, g.winner))) if g.winner else
                       t("campaign.game_line_draw", index=g.index, scenario=scenario, vp=vp))
            if g.replay:
                out.append("   " + t.pair(t("campaign.replay"), escape(g.replay)))
        if not self.camp.state.games:
            out.append(t("campaign.no_games"))
        return "<br>".join(out)

    def chart_series(self) -> dict[str, tuple[tuple[int, int, int], list[int], list[int]]]:
        assert self.camp is not None
        out = {}
        colours = band_colours([b.colour for b in self.camp.state.bands])
        for i, b in enumerate(self.camp.state.bands):
            games = self.camp.state.games
            out[self.band_name(b)] = (colours[i], [g.after.get(b.id, 0) for g in games],
                           [g.roster_xp.get(b.id, 0) for g in games])
        return out

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.tips.handle(event):
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.home_list:
            self._open_selected(event.text)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.answer_list and self.answer_list is not None:
            self.choose_listed(event.text)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.scenario_menu:
            self.scenario = next(p for p in self.scenarios
                                 if scenario_name(p, self.t.lang) == event.text)
            return
        if self.shop is not None and self.shop.handle(event):
            return
        if self.amount is not None and getattr(event, "ui_element", None) is self.amount:
            if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                self.amount_text = event.text
            elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.ask_amount()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not close_open(self.app.manager):
                self._menu()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        action = self.buttons[event.ui_element]
        kind = action[0]
        if kind == "menu":
            self._menu()
        elif kind == "band":
            self.band_index = action[1]
            self.app.rebuild()
        elif kind == "open" and self.home_list is not None:
            self._open_selected(self.home_list.get_single_selection())
        elif kind == "new":
            self.app.open(routes.NewCampaign())
        elif kind == "builder":
            self.app.open(routes.Builder())
        elif kind == "prev":
            self.page -= 1
            self.app.rebuild()
        elif kind == "next":
            self.page += 1
            self.app.rebuild()
        elif kind == "close":
            self.reviewing = False
            self.app.rebuild()
        elif kind == "choose":
            self.act(cc.Choose(option=action[1]))
        elif kind == "amount":
            self.ask_amount()
        elif kind == "choose_listed" and self.answer_list is not None:
            self.choose_listed(self.answer_list.get_single_selection())
        elif kind == "play":
            self.play_next()

    def act(self, cmd: cc.CampaignCommand) -> None:
        """A player's answer; the panel then shows what it led to (and, while a decision is
        still owed, the last page, where it is asked: a purchase may start a new page)."""
        before = len(self.pages())
        if self.submit(cmd):
            assert self.camp is not None
            owed = self.camp.pending is not None
            self.page = len(self.pages()) - 1 if owed else max(0, before - 1)
        self.app.rebuild()

    def _menu(self) -> None:
        self.app.open(routes.Menu())

    def play_next(self) -> None:
        """Begin the next game (old war wounds, missed games) and open the table; a game
        under way goes on from its save, where it was left."""
        assert self.camp is not None and self.path is not None
        if self.camp.state.phase == "ready" and not self.submit(
                cc.BeginGame(scenario=self.scenario)):
            self.app.rebuild()
            return
        if self.camp.state.phase != "in_game":  # D-10: a band forfeited, no game is played
            self.reviewing, self.page = True, 0
            self.app.rebuild()
            return
        session, problem = resume(self.camp, self.path)
        # the save that was there is kept aside, and said so
        warning = self.t("campaign.resume_failed", problem=problem) if problem is not None else ""
        self.app.open(routes.Table(session, warning=warning))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.tips.begin()
        if self.camp is not None:
            if self.walking:
                pages = self.pages()
                if pages:
                    draw_page(surface, self.page_rect, self.app.text, self.say,
                              self.page_title(self.page), pages[self.page], self.names(),
                              self.tips)
            else:
                draw_chart(surface, self.chart_rect, self.app.text, self.t("campaign.chart"),
                           self.chart_series(), (self.t("campaign.legend_points"),
                                                 self.t("campaign.legend_xp")))
        if self.error:
            self._draw_error(surface)

    def _draw_error(self, surface: pygame.Surface) -> None:
        """The last refusal in the gap above the bottom row of buttons (it touched the
        panels' foot); one too long for the window's width wraps upwards over the
        panels, on a backdrop."""
        text, s = self.app.text, self.app.scale
        w, h = surface.get_size()
        margin, row = px(s, 16), px(s, 34)
        lines = text.wrap(self.error, 12, w - 2 * margin)
        y = h - margin - row  # the line's foot on the buttons' top: at 960 × 600 the gap
        for line in reversed(lines):  # is as tall as a line of 12 px
            rect = text.blit(surface, line, (w // 2, y), 12, BAD, anchor="midbottom",
                             backdrop=PANEL if len(lines) > 1 else None)
            self.tips.scan(text.font(12), line, rect.topleft)
            y -= text.font(12).get_linesize()

    def draw_over(self, surface: pygame.Surface) -> None:
        self.tips.draw(surface, self.app.text, self.t.lang, self.app.manager.tracked_pos)
