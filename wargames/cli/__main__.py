"""``python -m wargames.cli``: the ``wargames`` command."""

import sys

from wargames.cli import main

if __name__ == "__main__":
    sys.exit(main())
