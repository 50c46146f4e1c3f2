"""``python -m shashki.cli``."""

from shashki.cli import main

raise SystemExit(main())
