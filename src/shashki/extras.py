"""Optional parts of shashki and the extra that installs each.

``pip install shashki`` is the library and the command line: rules, notation, PDN, games,
clocks, competitions, the engine. The rest comes with an extra:

======== ========================================================= =======================
extra    what it adds                                              its packages
======== ========================================================= =======================
server   ``shashki serve``, ``shashki users``: the web platform    FastAPI, SQLAlchemy, ...
pdf      PDF tables and reports, PNG diagrams                      WeasyPrint, CairoSVG
postgres the platform on PostgreSQL                                psycopg
redis    several platform instances sharing live games and jobs    redis
test     the test suite, with the peer programs it compares with   pytest, py-draughts, ...
======== ========================================================= =======================

>>> need("json", "server", "a demonstration").__name__
'json'
>>> try:
...     need("no_such_module_here", "pdf", "a PDF")
... except MissingDependency as e:
...     print(e)
a PDF needs the pdf extra: pip install 'shashki[pdf]' (no_such_module_here is not installed)
"""

from __future__ import annotations

import importlib
from types import ModuleType

from shashki.errors import MissingDependency


def need(module: str, extra: str, feature: str) -> ModuleType:
    """``module``, imported; or :class:`MissingDependency` saying which extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        missing = e.name or module
        raise MissingDependency(f"{feature} needs the {extra} extra: pip install "
                                f"'shashki[{extra}]' ({missing} is not installed)") from None
    except OSError as e:  # a package whose system library is missing (cairo)
        raise MissingDependency(f"{feature} needs the {extra} extra and its system library: "
                                f"pip install 'shashki[{extra}]' ({e})") from None
