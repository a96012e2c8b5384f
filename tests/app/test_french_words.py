"""French as French says it: "à"/"de" contracted with a band name's article, a space
before the card's colons, and a wound below 0 PV not read as PV "left"."""

from __future__ import annotations

from pygame_gui.elements import UITextBox

from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator, contract
from skirmish.locations import SCENARIOS
from skirmish.rules import events as ev
from tests.app.drive import make_app, step


def test_french_contracts_a_and_de_with_a_band_names_article():
    assert contract("Passez l'écran à Les Survivants") == "Passez l'écran aux Survivants"
    assert contract("la zone de Les Boyz, puis de Le Clan") == "la zone des Boyz, puis du Clan"
    assert contract("Lefèvre à Lebrun") == "Lefèvre à Lebrun"  # names that merely start so
    assert contract("[HOUSE] Progression de Ithil (2d6)") == "[HOUSE] Progression d'Ithil (2d6)"
    assert contract("la zone de Elrond, de Oin et de Gloin") == \
        "la zone d'Elrond, d'Oin et de Gloin"
    assert contract("deux Orques") == "deux Orques"  # "de" only as a word
    assert Translator("en")("handoff.title", band="Les Survivants").endswith("Les Survivants")


def test_the_french_hand_off_passes_the_screen_aux_boyz():
    """The hot-seat hand-off at deployment, French window: the orks' French name is
    "Les Boyz à Gorgutz"."""
    app = make_app(scenario=str(SCENARIOS / "street_fight.toml"), lang="fr")
    step(app, n=3)
    panel = app.screen.handoff.panel
    assert panel is not None
    words = " ".join(w.html_text for w in panel.get_container().elements
                     if isinstance(w, UITextBox))
    assert "Passez l'écran aux Boyz à Gorgutz" in words
    assert "Déploiement des Boyz à Gorgutz." in words  # no verb to agree with a plural name


def test_a_wound_below_zero_is_not_pv_left_R_WOUND_DEAD():
    """R-WOUND-DEAD: below 0 PV the figure is dead; the log says "below 0", not "−1 PV
    left", in both languages."""
    app = make_app(scenario=str(SCENARIOS / "street_fight.toml"))
    state, book = app.screen.session.game.state, app.screen.session.game.book
    fid = next(iter(state.figures))
    for lang, below, left in (("en", "−1 PV, below 0", "0 PV left"),
                              ("fr", "−1 PV, sous 0", "0 PV restant")):
        d = Describer(state, book, Translator(lang))
        assert d.line(ev.Wounded(figure=fid, by=None, pv=-1)).endswith(below)
        assert d.line(ev.Wounded(figure=fid, by=None, pv=0)).endswith(left)



def test_the_french_card_puts_a_space_before_its_colons():
    app = make_app(scenario=str(SCENARIOS / "street_fight.toml"), lang="fr")
    screen = app.screen
    f = next(iter(screen.state.figures.values()))
    html = screen.card.html(f, screen.describer(), False, 3)
    assert "Armes : " in html and "État : " in html and "Armes: " not in html
    english = Describer(screen.state, screen.game.book, Translator("en"))
    assert "Weapons: " in screen.card.html(f, english, False, 3)


def test_a_held_objective_reads_as_french_in_the_results_R_VP():
    """[R-VP] the results credit a held objective; French names it as an objective
    ("tient l'objectif Pompe à eau"), never "tient Pompe à eau" without an article."""
    line = Translator("fr").engine("vp_objective", {"objective": "Pompe à eau", "vp": 10},
                                   "holds Pompe à eau: 10 VP")
    assert line == "tient l'objectif Pompe à eau : 10 points de victoire"
