"""The ``shashki`` command.

Bad input prints one line naming the problem and exits with status 2; no traceback.
Messages speak Russian when ``SHASHKI_LANG`` or ``LANG`` starts with ``ru``. Each group
of commands lives in its own module and adds itself with ``register(subparsers)``.

The first start on a fresh machine compiles the kernels: :mod:`shashki.cli.compiling` says
so once on stderr; ``shashki warm-up`` compiles everything ahead (for installers and
container images). ``shashki --version`` prints the installed package's version.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from shashki.cli.base import Parser, run, version
from shashki.i18n import _


def build_parser() -> argparse.ArgumentParser:
    from shashki.cli import competition, compose, egdb, engine, play, records
    from shashki.cli import rules as rules_cli
    from shashki.server.cli import register as register_serve

    p = Parser(prog="shashki", description=_("Russian, Brazilian and International draughts by the "
                                             "Russian Draughts Code."))
    p.add_argument("--version", action="version", version=f"shashki {version()}",
                   help=_("print the version and exit"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    w = sub.add_parser("warm-up", help=_("compile the kernels now (move generator, engine, endgame "
                                         "databases), for installers and containers"))
    w.set_defaults(func=_cmd_warm_up)
    rules_cli.register(sub)
    records.register(sub)
    play.register(sub)
    competition.register(sub)
    engine.register(sub)
    egdb.register(sub)
    register_serve(sub)
    compose.register(sub)
    return p


def _cmd_warm_up(args: argparse.Namespace) -> int:
    """Compile (or load) every kernel and say how long each part took."""
    import time

    from shashki.cli.compiling import install
    from shashki.engine.warm import PARTS

    notice = install()
    for what, warm in PARTS.values():
        before = notice.compiled
        t0 = time.perf_counter()
        warm()
        how = _("compiled") if notice.compiled > before else _("already compiled, loaded from the "
                                                               "cache")
        print(_("{what}: {seconds:.1f} s "
                "({how})").format(what=what, seconds=time.perf_counter() - t0, how=how),
              flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)


