"""``python -m skirmish`` is the ``skirmish`` command."""

import sys

from skirmish.cli import main

sys.exit(main())
