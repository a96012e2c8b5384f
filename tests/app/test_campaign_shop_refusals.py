"""The shop's refusals speak the window's language: an item the band rules refuse a figure
(GAP-28: one armour; [R-EQ-SHIELD]: no shield beside a two-handed weapon) is said as
the band builder says it — the item and the figure by their names, never a
catalogue id — in French as in English."""

from __future__ import annotations

import pygame
import pytest

from tests.app.drive import motion, press, step
from tests.app.test_campaign_fit import choose, post_game, walk_to_shop

#: What the window says (then the rule, in brackets) of each refused purchase.
REFUSALS = {
    "en": ["Thrain Poing-de-Fer: at most 1 Light armour per figure, this one has 2",
           "Oin: a shield cannot be used with a two-handed weapon (Spear)"],
    "fr": ["Thrain Poing-de-Fer : au plus 1 Armure légère par figurine, celle-ci en a 2",
           "Oin : un bouclier ne s'utilise pas avec une arme à deux mains (Lance)"],
}
RULES = ["R-EQ-ARMOUR", "R-EQ-SHIELD"]
#: And a purchase over the band's points ([R-CAMP-VP]).
TOO_DEAR = {"en": "Heavy armour costs 50 band points, Thrain's Company has 10",
            "fr": "Armure lourde coûte 50 points de bande, il en reste 10 à La Compagnie de Thrain"}


def shown(catalogue, label: str):  # noqa: ANN001, ANN201
    """The catalogue's row ``label`` if it shows where a click lands on it, else None."""
    return next((b for b in catalogue.item_list_container.elements
                 if b.text == label and catalogue.rect.collidepoint(b.rect.center)), None)


def buy(app, figure: str, item: str) -> None:  # noqa: ANN001
    """Scroll the catalogue to ``item``'s row and click it, pick ``figure``, press Buy."""
    shop = app.screen.shop
    label = next(lab for lab, i, _ in shop.items if i == item)
    motion(app, shop.catalogue.rect.center)
    for _ in range(200):  # a wheel notch at a time, until the row shows and stays
        row = shown(shop.catalogue, label)
        if row is not None:
            step(app, n=5)  # the list scrolls smoothly: let it settle
            if shown(shop.catalogue, label) is row:
                break
        step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                      precise_x=0.0, precise_y=-1.0)])
    press(app, row)
    assert shop.catalogue.get_single_selection() == label
    choose(app, shop.figure, figure)
    press(app, shop.buy)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_refused_purchases_name_the_item_and_the_figure_R_EQ_SHIELD_GAP_28(app_factory,
                                                                           lang) -> None:
    """[R-CAMP-VP] [GAP-28] [R-EQ-SHIELD]: a second light armour for Thrain and a shield
    for Oin, who holds a spear, are refused; the window says so in its language with
    "Armure légère" / "Lance" and the figure's name, where the French shop showed
    "Thrain Poing-de-Fer: at most 1 'light_armour' per figure, has 2"; and a purchase
    over the band's points says the item's price in the same language."""
    app = post_game(app_factory, lang)
    walk_to_shop(app)
    camp = app.screen.camp
    band = camp.band(camp.pending.band)
    assert band.id == "dwarf_throng"
    band.band_points = 200
    for (figure, item), said, rule in zip((("Thrain Poing-de-Fer", "light_armour"),
                                           ("Oin", "shield")), REFUSALS[lang], RULES,
                                          strict=True):
        buy(app, figure, item)
        assert app.screen.error.startswith(f"{said} [{rule} "), app.screen.error
        assert band.band_points == 200  # nothing bought
    band.band_points = 10
    buy(app, "Nali", "heavy_armour")
    assert app.screen.error == TOO_DEAR[lang]

