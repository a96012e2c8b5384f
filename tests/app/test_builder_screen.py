"""The warband builder screen driven like a player (R-BAND-COMP, R-BAND-COST)."""

from __future__ import annotations

import pygame

from skirmish.app.screens.builder import BuilderScreen, warbands_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.campaign_new import NewCampaignScreen
from skirmish.app.screens.campaign_shop import selected
from skirmish.campaign import files as campaign_files
from skirmish.content.loading import load_warband
from skirmish.validate import validate_file
from tests.app.drive import click, key, press, step


def button(app, action: str):  # noqa: ANN001, ANN201
    return next(b for b, a in app.screen.buttons.items() if a[0] == action)


def test_builder_adds_refuses_with_reason_loads_and_saves(app_factory) -> None:
    app = app_factory()
    app.go(lambda: CampaignScreen(app))
    step(app)
    press(app, button(app, "builder"))
    assert isinstance(app.screen, BuilderScreen)
    press(app, button(app, "add_figure"))
    screen = app.screen
    fig = screen.builder.band.figures[0]
    assert fig.rank == "sous_fifre" and screen.selected == fig.id
    assert fig.weapons == ("dagger",)  # a new figure comes with its free first dagger
    assert "Dagger (first one free) 0 (free)" in app.screen.costs_html()  # [R-BAND-FREE]
    press(app, button(app, "save"))
    assert "exactly 1 Chef" in app.screen.message and "R-BAND-COMP" in app.screen.message
    press(app, button(app, "load"))
    assert app.screen.builder.band.id == "dwarf_throng"
    press(app, button(app, "save"))
    path = warbands_dir() / "dwarf_throng.toml"
    assert app.screen.good and path.is_file()
    assert validate_file(path) == []
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        step(app)


# -- usability audit: a band built from scratch, saved, reopened and fielded --------------
def choose(app, menu, text: str) -> None:  # noqa: ANN001
    """Open a drop-down and click the option that reads ``text``."""
    click(app, menu.rect.center)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    item = next(i for i in items if i["text"] == text)
    click(app, item["button_element"].rect.center)
    for _ in range(3):  # the list's selection, then the menu's "changed": a frame each
        step(app, pygame.event.get())


def type_into(app, entry, text: str) -> None:  # noqa: ANN001
    """Click a text entry, clear it and type ``text`` as keystrokes would."""
    click(app, entry.rect.center)
    for _ in range(len(entry.get_text()) + 2):
        key(app, pygame.K_BACKSPACE)
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
    step(app, pygame.event.get())


def build_legal_band(app, name: str | None = None) -> None:  # noqa: ANN001
    """[R-BAND-COMP] a Chef and a Sous-fifre, added through the screen."""
    if name is not None:
        type_into(app, app.screen.name, name)
    choose(app, app.screen.rank, "Chef")
    press(app, button(app, "add_figure"))
    choose(app, app.screen.rank, "Sous-fifre")
    press(app, button(app, "add_figure"))
    assert app.screen.builder.problems() == []


def open_builder(app) -> None:  # noqa: ANN001
    app.go(lambda: BuilderScreen(app))
    step(app)


def test_typed_band_name_survives_adding_figures_and_is_saved_R_BAND_COMP(app_factory) -> None:
    """The band's name typed in, then a Chef and a Sous-fifre added ([R-BAND-COMP]): every
    change rebuilds the screen, and the name used to go back to "Nouvelle bande"."""
    app = app_factory()
    open_builder(app)
    build_legal_band(app, "Rats of the Port")
    assert app.screen.name.get_text() == "Rats of the Port"
    press(app, button(app, "save"))
    path = warbands_dir() / "rats_of_the_port.toml"
    assert app.screen.good and path.is_file()
    assert load_warband(path).name == "Rats of the Port"


def test_a_second_new_band_does_not_overwrite_the_first_R_BAND_COMP(app_factory) -> None:
    """Two bands begun from scratch and saved under the default name: two files (every new
    band used to be written to ``new_band.toml``, the last one erasing the one before)."""
    app = app_factory()
    open_builder(app)
    assert app.screen.name.get_text() == "New band"  # not the French "Nouvelle bande"
    build_legal_band(app)
    press(app, button(app, "save"))
    open_builder(app)
    build_legal_band(app)
    choose(app, app.screen.rank, "Sous-chef")
    press(app, button(app, "add_figure"))
    press(app, button(app, "save"))
    files = sorted(warbands_dir().glob("*.toml"))
    assert [p.name for p in files] == ["new_band.toml", "new_band_2.toml"]
    assert [len(load_warband(p).figures) for p in files] == [2, 3]
    press(app, button(app, "save"))  # saving again keeps to the band's own file
    assert len(list(warbands_dir().glob("*.toml"))) == 2


def test_saved_band_reopens_in_builder_and_starts_a_campaign_R_BAND_COMP(app_factory) -> None:
    """A band saved with the builder is offered, by name, to load again for editing and
    when a campaign is begun (both offered only the shipped files, by file name)."""
    app = app_factory()
    open_builder(app)
    build_legal_band(app, "Rats of the Port")
    press(app, button(app, "save"))
    open_builder(app)
    assert selected(app.screen.load_menu) == "Rats of the Port (saved)"
    assert "dwarf_throng" not in app.screen.shipped  # shipped bands by name too
    press(app, button(app, "load"))
    assert app.screen.builder.band.name == "Rats of the Port"
    assert len(app.screen.builder.band.figures) == 2
    press(app, button(app, "back"))
    press(app, button(app, "new"))
    assert isinstance(app.screen, NewCampaignScreen)
    assert selected(app.screen.menus[0]) == "Rats of the Port (saved)"
    path = app.screen.make()
    assert path is not None
    assert campaign_files.load(path).state.bands[0].name == "Rats of the Port"


def test_race_and_setting_read_as_names_in_french_R_RACE_OPT(app_factory) -> None:
    """[R-RACE-OPT] the race and setting menus show names ("Nains", "Moderne"), not
    the ids "dwarf" and "modern", and choosing one still sets the band's race."""
    app = app_factory(lang="fr")
    open_builder(app)
    assert selected(app.screen.race) == "Aucune (profils de base)"
    assert selected(app.screen.setting) == "Médiéval"
    choose(app, app.screen.race, "Nains")
    choose(app, app.screen.setting, "Moderne")
    band = app.screen.builder.band
    assert (band.race, band.setting) == ("dwarf", "modern")
    assert selected(app.screen.race) == "Nains"


def test_problems_and_refusals_in_french_R_BAND_COMP_R_BAND_COST(app_factory) -> None:
    """The French window says what the band lacks ([R-BAND-COMP]) and why a purchase is
    refused ([R-BAND-COST], GAP-2) in French, without the file's entry ("figures:") or the
    band's id ("band 'new_band' is worth…")."""
    app = app_factory(lang="fr")
    open_builder(app)
    press(app, button(app, "add_figure"))  # a Sous-fifre, no Chef yet
    html = app.screen.costs_html()
    assert "une bande compte exactement 1 Chef, celle-ci en a 0 [R-BAND-COMP]" in html
    assert "a band needs" not in html
    press(app, button(app, "save"))
    assert app.screen.message == ("une bande compte exactement 1 Chef, celle-ci en a 0 "
                                  "[R-BAND-COMP]")
    choose(app, app.screen.rank, "Chef")
    press(app, button(app, "add_figure"))
    screen = app.screen
    for _ in range(10):  # 60 points, then morning stars (20) until the budget refuses one
        choose(app, screen.item, "Double Mörgensten (20)")
        press(app, button(app, "add_item"))
    assert screen.builder.cost().total == 240
    assert screen.message == ("la bande vaut 260 points, au-delà du budget de 250 points "
                              "[R-BAND-COST GAP-2]")


def pick(app, menu, text: str) -> None:  # noqa: ANN001
    """The drop-down's choice set to ``text``, as scrolling its long list to it would."""
    menu.selected_option = next(o for o in menu.options_list if o[0] == text)
    step(app)


def test_equipment_refusals_name_the_items_in_french_R_EQ_SHIELD_GAP_28(app_factory) -> None:
    """A second armour ([GAP-28]: one per figure) and a shield beside a two-handed weapon
    ([R-EQ-SHIELD]) are refused in French with the items' names and the figure's, where
    the window said "at most 1 armour (light or heavy) per figure, has 2: 'light_armour',
    'heavy_armour'" in English."""
    app = app_factory(lang="fr")
    open_builder(app)
    press(app, button(app, "add_figure"))
    screen = app.screen
    name = screen.builder.band.figures[0].name
    for item in ("Armure légère (30)", "Armure lourde (50)"):
        pick(app, screen.item, item)
        press(app, button(app, "add_item"))
    assert screen.message.startswith(f"{name} : au plus 1 armure (légère ou lourde) par "
                                     "figurine, celle-ci en a 2 ["), screen.message
    for item in ("Epée à deux mains (10)", "Bouclier (30)"):
        pick(app, screen.item, item)
        press(app, button(app, "add_item"))
    assert screen.message.startswith(f"{name} : un bouclier ne s'utilise pas avec une arme à "
                                     "deux mains (Epée à deux mains) [R-EQ-SHIELD"), \
        screen.message
    assert "_" not in screen.message  # no catalogue id
