"""ARCHITECTURE convention 1: the rules never draw."""

import subprocess
import sys


def test_importing_rules_does_not_import_pygame():
    code = ("import sys, skirmish.rules.game, skirmish.rules.skirmish.preview, skirmish.match;"
            "print('pygame' in sys.modules, 'pygame_gui' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"
