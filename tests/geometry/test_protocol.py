"""The table is what the rules ask for (``rules.geometry``), and sits below the rules."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

import skirmish.geometry as geometry
from skirmish.geometry import Table
from skirmish.rules import geometry as protocol

PROTOCOLS = [
    (protocol.TableLike, Table),
    (protocol.PathLike, geometry.Path),
    (protocol.SightLike, geometry.Sight),
    (protocol.ReachLike, geometry.Reach),
]


def _members(proto: type) -> list[str]:
    return [
        name
        for name, value in vars(proto).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    ]


@pytest.mark.parametrize(("proto", "impl"), PROTOCOLS)
def test_implementation_has_every_protocol_member_with_compatible_signature(proto, impl):
    for name in _members(proto):
        assert hasattr(impl, name), f"{impl.__name__} lacks {name}"
        wanted = vars(proto)[name]
        if isinstance(wanted, property):
            continue
        got = inspect.signature(getattr(impl, name))
        want = inspect.signature(wanted)
        got_params = {p.name: p for p in got.parameters.values() if p.name != "self"}
        for param in want.parameters.values():
            if param.name == "self":
                continue
            assert param.name in got_params, f"{impl.__name__}.{name} lacks {param.name}"
            have = got_params[param.name]
            assert have.kind == param.kind, f"{impl.__name__}.{name}({param.name}) kind"
            if param.default is not inspect.Parameter.empty:
                assert have.default == param.default, f"{impl.__name__}.{name}({param.name})"


def test_table_constants_match_the_rules():
    assert geometry.CONTACT_GAP == protocol.CONTACT_GAP
    assert geometry.FORCED_MOVE_MARGIN == protocol.FORCED_MOVE_MARGIN


def test_table_has_width_and_height():
    table = Table(48, 32, [])
    assert (table.width, table.height) == (48.0, 32.0)
    assert table.pieces == ()
    assert isinstance(table.visibility(np.zeros((2, 3)) + [[1, 1, 0.5], [5, 5, 0.5]]), np.ndarray)


def test_geometry_imports_nothing_above_it():
    """ARCHITECTURE: geometry sits below the rules; it imports pymunk, numpy, scipy, shapely."""
    root = Path(geometry.__file__).parent
    allowed = {"pymunk", "numpy", "scipy", "shapely", "__future__"}
    for file in root.glob("*.py"):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top == "skirmish":
                    assert name.startswith("skirmish.geometry"), f"{file.name} imports {name}"
                else:
                    stdlib = top in __import__("sys").stdlib_module_names
                    assert stdlib or top in allowed, f"{file.name} imports {name}"
