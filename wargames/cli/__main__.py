"""``python -m wargames.cli``: the ``wargames`` command."""

import sys

from wargames.cli import main

sys.exit(main())
