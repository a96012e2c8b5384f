"""Every test runs headless: no window, no sound device. A test that hangs fails with its
name after ``timeout`` seconds (pyproject.toml); the long runs under ``-m slow`` get an
hour.

The suite writes Python's bytecode caches even where the environment turns them off
(PYTHONDONTWRITEBYTECODE): each worker process and each command-line test's subprocess
would otherwise compile the program and the tests again (about 8 s of a core each).
Each worker keeps the memory the route searches free, as every ``skirmish`` command does
(``skirmish/allocator.py``)."""

import gc
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from skirmish.allocator import keep_freed_memory

keep_freed_memory()
# Python's cyclic collector runs far less often in the test processes: what start-up and
# collection load (the program, the test modules, their tables, some 4,500 test items) lives
# as long as the worker, and the full collections scanned it again and again (4 % of the
# suite's CPU; 0.3 s of each worker's collection alone, set any later). With the youngest
# objects collected every 10,000 allocations rather than 700, most of what a test makes and
# drops is gone by then, and full collections come far less often. (Freezing that heap
# instead would hide what the window's own freezing is tested for,
# tests/app/test_start_up_collector.py.)
gc.set_threshold(10_000, 20, 20)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers and subprocesses inherit it
sys.dont_write_bytecode = False
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SLOW_TIMEOUT = 3600

#: Seconds each test file took in a run of the suite: the longest files are handed to the
#: workers first (pyproject.toml: ``--dist loadfile --no-loadscope-reorder``), so the run
#: does not end on one worker alone with a long file. A file not listed goes first; the
#: list only orders the run, and ``pytest --write-file-costs`` writes the times of the files
#: it ran into it.
FILE_COSTS = Path(__file__).with_name("file_costs.json")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--write-file-costs", action="store_true",
                     help=f"write the seconds each test file took to {FILE_COSTS.name}")


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


_spent: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _spent[_file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    worker = hasattr(session.config, "workerinput")  # pytest-xdist's controller writes it
    if session.config.getoption("write_file_costs") and _spent and not worker:
        costs = json.loads(FILE_COSTS.read_text(encoding="utf-8"))
        costs.update((f, round(t, 1)) for f, t in _spent.items())  # the files run this time
        ordered = dict(sorted(costs.items(), key=lambda x: (-x[1], x[0])))
        FILE_COSTS.write_text(json.dumps(ordered, indent=0) + "\n", encoding="utf-8")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    costs: dict[str, float] = json.loads(FILE_COSTS.read_text(encoding="utf-8"))
    unknown = max(costs.values(), default=0.0) + 1.0
    items.sort(key=lambda item: -costs.get(_file_of(item.nodeid), unknown))  # stable
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


def _no_fsync(fd: int) -> None:
    """``os.fsync`` that leaves the flush to the disk to the system."""


@pytest.fixture(autouse=True, scope="session")
def _files_not_flushed_to_disk() -> Iterator[None]:
    """The files the tests write live in temporary folders nobody reads after a power cut,
    so flushing each one to the disk (``os.fsync``: about 5 ms a file here, and the window
    saves after every action) only keeps a worker waiting. Saves still go through their
    temporary file and rename; the full-disk tests put their own failing ``os.fsync`` over
    this one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _no_fsync)
        yield
