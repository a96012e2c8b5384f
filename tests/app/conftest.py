"""The real window, headless: dummy video and audio drivers, synthetic input events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from tests.app.drive import make_app  # noqa: E402


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SAVES", str(tmp_path / "saves"))


@pytest.fixture
def app_factory():
    apps = []

    def make(**kw):
        app = make_app(**kw)
        apps.append(app)
        return app

    yield make
