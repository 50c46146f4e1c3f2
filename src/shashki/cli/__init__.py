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
import importlib
from collections.abc import Sequence

from shashki.cli.base import Parser, VersionAction, run
from shashki.i18n import N_, _

GROUPS: tuple[tuple[str, tuple[tuple[str, tuple[str, ...], str], ...]], ...] = (
    ("shashki.cli.rules", (
        ("perft", (), N_("count the leaves of the move tree")),
        ("moves", (), N_("list the legal moves of a position")))),
    ("shashki.cli.records", (
        ("pdn", (), N_("read, check and convert PDN game records")),
        ("diagram", (), N_("draw a board diagram (SVG or PNG)")))),
    ("shashki.cli.play", (
        ("play", (), N_("a game between two people at one keyboard, with clocks")),)),
    ("shashki.cli.competition", (
        ("pair", (), N_("pair the next round of a TRF file")),
        ("standings", (), N_("standings of a TRF file")),
        ("tournament", (), N_("run an event kept in a JSON file")),
        ("team", (), N_("run a team round robin kept in a JSON file")))),
    ("shashki.cli.engine", (
        ("analyse", ("analyze",), N_("search a position and stream what the engine thinks")),
        ("hub", (), N_("run the engine with the Hub protocol on stdin/stdout (Scan's "
                       "protocol)")),
        ("match", (), N_("play an engine match: ballot openings with both colours, Elo with "
                         "its margin, games as PDN")),
        ("dxp", (), N_("DXP (DamExchange) for 10x10 games between engines over TCP")))),
    ("shashki.cli.egdb", (
        ("egdb", (), N_("endgame databases: build by retrograde analysis, probe a position")),)),
    ("shashki.server.cli", (
        ("serve", (), N_("run the web platform (http://127.0.0.1:8000 by default)")),
        ("users", (), N_("list the platform's accounts or change a role (e.g. the first "
                         "administrator)")),
        ("worker", (), N_("run the platform's jobs (PDN imports, analyses), here or on "
                          "another machine")),
        ("backup", (), N_("back up the platform's database into a file (safe while the "
                          "server runs)")),
        ("restore", (), N_("replace the platform's database with a backup")))),
    ("shashki.cli.compose", (
        ("compose", (), N_("draughts composition: check, show, diagram")),)),
)
"""Each group of commands: the module whose ``register`` adds them, and each command's
name, aliases and one-line help, as the module gives them — so that
``shashki --help`` lists every command without importing any (the engine's would import
numba; ``tests/test_cli.py`` checks this list against the modules)."""


def command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (the top level's
    options, ``--help`` and ``--version``, take no value).

    >>> command_of(["--version"]), command_of(["analyse", "--depth", "3"])
    (None, 'analyse')
    """
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``shashki`` parser. With ``argv`` (a command line) only the module of the
    command it names is imported and adds its commands in full; every other command is
    there by its name and one-line help (:data:`GROUPS`), enough for ``--help``, for
    ``--version`` and for argparse's errors. Without, every module adds its own."""
    p = Parser(prog="shashki", description=_("Russian, Brazilian and International draughts by the "
                                             "Russian Draughts Code."))
    p.add_argument("--version", action=VersionAction, help=_("print the version and exit"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    w = sub.add_parser("warm-up", help=_("compile the kernels now (move generator, engine, endgame "
                                         "databases), for installers and containers"))
    w.set_defaults(func=_cmd_warm_up)
    chosen = None if argv is None else command_of(argv)
    for module, commands in GROUPS:
        if argv is None or any(chosen == name or chosen in aliases
                               for name, aliases, _help in commands):
            importlib.import_module(module).register(sub)
            continue
        for name, aliases, text in commands:
            sub.add_parser(name, aliases=list(aliases), help=_(text), add_help=False)
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
    import sys

    return run(build_parser(sys.argv[1:] if argv is None else argv), argv)


