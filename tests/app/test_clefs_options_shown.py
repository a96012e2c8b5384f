"""The set-up and rules screens offer a ruleset only the options it honours (RULESETS §0.7):
under Les Clefs de l'Aube, cover is GAP-CA-17's own ND +5 and a blast one roll at its
target (GAP-CA-21), so Skirmish's GAP-22 cover and GAP-33 scatter are not offered."""

import pygame

from tests.app.drive import key, press, step


def _texts(app) -> str:  # noqa: ANN001 - App
    return " ".join(str(e.text) for e in app.manager.get_root_container().elements
                    if hasattr(e, "text"))


def test_clefs_set_up_and_rules_leave_out_skirmish_cover_and_scatter_GAP_CA_17_GAP_CA_21(
        app_factory):
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    assert "(GAP-22)" in _texts(app) and "(GAP-33)" in _texts(app)  # Skirmish's own
    press(app, setup.ruleset_button)
    assert setup.ruleset == "clefs_aube"
    texts = _texts(app)
    assert "(GAP-CA-17)" in texts and "(GAP-47)" in texts  # its cover; a frame test it keeps
    assert "(GAP-22)" not in texts and "(GAP-33)" not in texts, texts
    press(app, setup.start)
    key(app, pygame.K_F1)
    html = app.screen.html()
    assert "(GAP-CA-17)" in html and "(GAP-47)" in html
    assert "(GAP-22)" not in html and "(GAP-33)" not in html
