"""``simulate --cluster ADDRESS`` with an address that is no Dask scheduler: a malformed one
is a usage error (status 2) saying the form expected; one where nothing, or something
else, answers fails within a few seconds in one line (status 1). None is a traceback, an
allocation of exabytes, a wait past a minute or Dask's 30 s."""

from __future__ import annotations

import http.server
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from skirmish import cluster
from skirmish.ai import player  # noqa: F401 - what --ai loads, imported before any timing
from skirmish.cli import main
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "street_fight.toml")
FORM = "expected tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"


def simulate(capsys: pytest.CaptureFixture[str], address: str) -> tuple[int, list[str], float]:
    t0 = time.monotonic()
    try:
        code = main(["simulate", SCENARIO, "--games", "1", "--cluster", address])
    except SystemExit as e:
        code = int(e.code or 0)
    took = time.monotonic() - t0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err.strip().splitlines(), took


@pytest.mark.parametrize(("address", "problem"), [
    ("", "no host"),
    ("127.0.0.1", "no port (a whole number from 1 to 65535)"),
    ("tcp://", "no host"),
    ("inproc://", "inproc:// is not a scheduler this program can reach over the network"),
    ("tls://127.0.0.1:8786", "a TLS scheduler needs certificates, which skirmish does not take"),
    ("scheduler:99999", "no port"),
])
def test_a_malformed_address_is_a_usage_error(capsys, address: str, problem: str) -> None:
    code, lines, _ = simulate(capsys, address)
    assert code == 2
    assert lines[-1].startswith("skirmish simulate: error: argument --cluster: ")
    assert problem in lines[-1] and FORM in lines[-1]


@pytest.fixture
def silent() -> Iterator[int]:
    """A port that accepts connections and never says a word."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


@pytest.fixture
def web() -> Iterator[int]:
    """An HTTP server: it waits for a request, which Dask's client never sends."""
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def refused() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nothing listens there


@pytest.mark.parametrize("kind", ["silent", "web", "refused"])
def test_no_scheduler_at_the_address_fails_in_seconds_in_one_line(
        capsys, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
        kind: str) -> None:
    # the wait is the program's to choose; the test needs only that it ends the run
    monkeypatch.setattr(cluster.probe, "__defaults__", (0.5,))
    port = request.getfixturevalue(kind)
    code, lines, took = simulate(capsys, f"127.0.0.1:{port}")
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"--cluster tcp://127.0.0.1:{port}: ")
    expected = "nothing listens there" if kind == "refused" else "no Dask scheduler answered"
    assert expected in lines[0]
    assert took < 5


def test_an_unknown_host_fails_in_seconds_in_one_line(capsys) -> None:
    code, lines, took = simulate(capsys, "tcp://no-such-host.invalid:8786")
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith("--cluster tcp://no-such-host.invalid:8786: ")
    assert took < 8
