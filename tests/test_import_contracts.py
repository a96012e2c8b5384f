"""The layers of ARCHITECTURE.md hold (the import-linter contracts of pyproject.toml): a
module imports only from the layers below its own, the generic rules seam imports no
ruleset, rulesets do not import one another, only the window imports pygame, and no two
modules or packages import each other. An exception a contract no longer needs fails
too (import-linter reports an ignored import that matches nothing)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(capsys, monkeypatch):
    from importlinter.cli import lint_imports  # imported here, not by every worker's collection

    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out
