"""``python -m shashki.server serve ...``: the same as ``shashki serve``."""

import sys

from shashki.server.cli import main

if __name__ == "__main__":
    sys.exit(main())
