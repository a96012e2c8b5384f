"""A purchase's page in the post-game panel: each item bought, then what it did to the
figure's profile — not the profile first, where it read as the previous line's."""

from __future__ import annotations

from skirmish.campaign import events as ce
from tests.app.test_campaign_fit import post_game, walk_to_shop
from tests.app.test_campaign_shop_refusals import buy


def test_a_purchase_comes_before_the_profile_it_changes_R_CAMP_VP(app_factory) -> None:
    """[R-CAMP-VP] [R-EQ-SIGHT]: a buckler for Brok, then a sighting device for Gunnar
    (CT 4+ → 3+): the shop's page says each purchase, then the figure's profile after it.
    Gunnar's CT line came before his purchase, under Brok's, as if the buckler had
    changed it; and Brok's profile, before the page's first purchase, fell on the page
    before (the band points)."""
    app = post_game(app_factory, "en")
    walk_to_shop(app)
    camp = app.screen.camp
    camp.band(camp.pending.band).band_points = 100
    buy(app, "Brok", "buckler")
    buy(app, "Gunnar", "sight")
    screen = app.screen
    page = screen.pages()[screen.page]
    shown = [e for e in page if isinstance(e, ce.Bought | ce.ProfileChanged)]
    assert [(type(e).__name__, e.figure) for e in shown] == [  # the buckler changes no
        ("Bought", "dwarf_throng:brok"),                          # number: no profile line
        ("Bought", "dwarf_throng:gunnar"), ("ProfileChanged", "dwarf_throng:gunnar")]
    assert (shown[-1].before["ct"], shown[-1].after["ct"]) == (4, 3)


def test_each_recruit_is_offered_a_name_of_its_own_R_CAMP_VP(app_factory) -> None:
    """The shop offered "Recruit" for every hire, so a band rebuilt after its losses had
    several figures of one name; it offers the first the band has not taken."""
    from tests.app.drive import press

    app = post_game(app_factory, "en")
    walk_to_shop(app)
    camp = app.screen.camp
    band = camp.band(camp.pending.band)
    band.band_points = 100
    app.rebuild()
    assert app.screen.shop.name.get_text() == "Recruit"
    press(app, app.screen.shop.hire)
    assert [m.spec.name for m in band.members].count("Recruit") == 1
    assert app.screen.shop.name.get_text() == "Recruit 2"


def test_a_purchase_that_changes_no_number_adds_no_profile_line_R_CAMP_VP(app_factory,
                                                                          monkeypatch) -> None:
    """A cosh for Brok: its profile line repeated his profile unchanged."""
    from tests.app.drive import drawn_texts, step

    app = post_game(app_factory, "en")
    walk_to_shop(app)
    camp = app.screen.camp
    camp.band(camp.pending.band).band_points = 100
    buy(app, "Brok", "club")
    assert isinstance(camp.log[-1], ce.ProfileChanged)  # the engine says the profile
    drawn = drawn_texts(monkeypatch)
    step(app)
    texts = [t for t, _ in drawn]
    assert any("Cosh" in t and "Brok" in t for t in texts), texts
    assert not [t for t in texts if t.startswith("Brok: Mvt")]
