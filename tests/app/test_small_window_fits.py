"""Smaller window defects, driven at 960 × 600 in both languages."""

from __future__ import annotations

from tests.app.drive import drawn_texts, step


def test_the_menu_footer_clears_quit_at_960x600(app_factory, monkeypatch) -> None:
    for lang in ("en", "fr"):
        app = app_factory(size=(960, 600), lang=lang)
        drawn = drawn_texts(monkeypatch)
        step(app)
        footer = next(r for t, r in drawn if t == app.t("menu.footer"))
        quit_button = app.screen.buttons["quit"].rect
        assert footer.top >= quit_button.bottom, (footer, quit_button)
        assert app.window.get_rect().contains(footer)


def test_a_campaign_games_results_lead_to_its_post_game(app_factory) -> None:
    """The highlighted way on is the post-game, not back to the table (R-CAMP-DEF)."""
    from skirmish.app.screens.results import ResultsScreen
    from tests.app.test_campaign_post_panel import after_game

    _, session = after_game(6)
    app = app_factory(size=(960, 600))
    app.go(lambda: ResultsScreen(app, session))
    step(app)
    assert "@primary" in app.screen.campaign.object_ids
    assert "@primary" not in app.screen.table.object_ids


def test_create_the_campaign_fits_its_button(app_factory) -> None:
    from skirmish.app.screens.campaign_new import NewCampaignScreen

    for size in ((960, 600), (1280, 720), (1920, 1080)):
        for lang in ("en", "fr"):
            app = app_factory(size=size, lang=lang)
            app.go(lambda app=app: NewCampaignScreen(app))
            step(app)
            button = app.screen.create
            words = app.text.font(16, bold=True).size(button.text)[0]
            assert words + 8 <= button.rect.w, (size, lang, words, button.rect.w)
            assert app.window.get_rect().contains(button.rect)


def test_the_race_list_shows_every_race_whole_at_960x600_R_RACE_OPT(app_factory) -> None:
    from skirmish.app.screens.builder import BuilderScreen

    for lang in ("en", "fr"):
        app = app_factory(size=(960, 600), lang=lang)
        app.go(lambda app=app: BuilderScreen(app))
        step(app)
        menu = app.screen.race
        font = app.text.font(14)
        room = menu.rect.w - 20 - 8  # the arrow and the padding
        assert all(font.size(name)[0] <= room for name in app.screen.races), \
            (lang, room, [font.size(n)[0] for n in app.screen.races])


def test_the_chart_legend_shows_the_markers_shapes(app_factory, monkeypatch) -> None:
    """Band points are drawn as diamonds and the legend says ◆ (it said ● over diamonds:
    a radius-3 circle is drawn as one)."""
    import pygame

    from skirmish.app.screens import campaign_post
    from skirmish.app.text import Text

    circles: list[object] = []
    monkeypatch.setattr(campaign_post.pygame.draw, "circle",
                        lambda *a, **k: circles.append(a) or pygame.Rect(0, 0, 0, 0))
    drawn = drawn_texts(monkeypatch)
    surface = pygame.Surface((600, 300))
    series = {"Reds": ((200, 0, 0), [5, 12, 20], [3, 6, 9])}
    campaign_post.draw_chart(surface, surface.get_rect(), Text(), "Chart", series,
                             ("band points", "XP"))
    legend = next(t for t, _ in drawn if "band points" in t)
    assert legend.startswith(f"{campaign_post.POINTS_MARK} band points") and "●" not in legend
    assert campaign_post.POINTS_MARK == "◆" and not circles


def test_the_chart_legend_flows_into_rows_inside_the_chart(monkeypatch) -> None:
    """The campaign chart at 960 × 600 in French: its legend ran past the chart's right
    edge ("Les Rôdeurs d'Ithilien"); it flows into a second row, inside the chart, at
    12 px or more, and the plot stands above it."""
    import pygame

    from skirmish.app.screens import campaign_post
    from skirmish.app.text import MIN_PX, Text
    from skirmish.app.theme import ui_scale

    drawn = drawn_texts(monkeypatch)
    surface = pygame.Surface((488, 252))
    series = {"La Compagnie de Thrain": ((200, 90, 40), [5], [8]),
              "Les Rôdeurs d'Ithilien": ((220, 190, 40), [10], [14])}
    text = Text(ui_scale((960, 600)))
    campaign_post.draw_chart(surface, surface.get_rect(), text, "Points de bande et XP",
                             series, ("points de bande", "XP de la bande"))
    legend = [(t, r) for t, r in drawn if t.startswith(("◆", "□", "■"))]
    assert len(legend) == 4 and len({r.y for _, r in legend}) == 2, legend
    assert all(surface.get_rect().contains(r) for _, r in drawn), drawn
    zero = next(r for t, r in drawn if t == "0")
    assert zero.bottom < min(r.top for _, r in legend)
    assert text.font(campaign_post.CHART_TEXT).get_height() >= MIN_PX


def test_a_bookmark_flag_leaves_the_turn_label_readable(monkeypatch) -> None:
    import pygame

    from skirmish.app.screens import replay_timebar
    from skirmish.app.screens.replay_timebar import TimeBar
    from skirmish.app.text import Text
    from skirmish.app.theme import WARN
    from skirmish.replay.record import Bookmark
    from skirmish.replay.timeline import Mark

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    flags: list[pygame.Rect] = []
    polygon = pygame.draw.polygon

    def record(surface, colour, points, *a, **k):  # noqa: ANN001, ANN202
        if tuple(colour) == WARN:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            flags.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        return polygon(surface, colour, points, *a, **k)

    monkeypatch.setattr(replay_timebar.pygame.draw, "polygon", record)
    drawn = drawn_texts(monkeypatch)
    bar = TimeBar(pygame.Rect(0, 0, 800, 46), 100)
    marks = [Mark(step=40, kind="turn", turn=3)]
    bar.draw(pygame.Surface((800, 46)), Text(), 40, marks, [Bookmark(step=40, label="x")], "T")
    label = next(r for t, r in drawn if t == "T 3")
    assert flags and not flags[0].colliderect(label), (flags, label)


def test_the_campaign_heading_is_whole_at_960x600_in_french(app_factory) -> None:
    from pygame_gui.elements import UILabel

    from skirmish.app.screens.campaign import CampaignScreen
    from tests.app.test_campaign_screen import new_campaign

    path = new_campaign(name="Campagne des Marches")
    app = app_factory(size=(960, 600), lang="fr")
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    st = app.screen.camp.state
    from skirmish.campaign import files

    whole = app.t("campaign.heading", name=st.name, games=files.played(len(st.games), st.phase),
                  phase=app.t(f"campaign.phase.{st.phase}"))
    labels = [e.text for e in app.manager.get_root_container().elements
              if isinstance(e, UILabel)]
    assert whole in labels, labels
