"""The ``shashki`` command.

Bad input prints one line naming the problem and exits with status 2; no traceback.
Messages speak Russian when ``SHASHKI_LANG`` or ``LANG`` starts with ``ru``. Each group
of commands lives in its own module and adds itself with ``register(subparsers)``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from shashki.errors import ShashkiError
from shashki.i18n import tr
from shashki.rules import VARIANTS


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {tr('error')}: {message}\n")
        raise SystemExit(2)


def fail(message: str) -> NoReturn:
    """Print one error line and exit with status 2."""
    sys.stderr.write(f"shashki: {tr('error')}: {message}\n")
    raise SystemExit(2)


def variant_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="russian", help=tr("variant.help").format(
        ", ".join(VARIANTS)))


def build_parser() -> argparse.ArgumentParser:
    from shashki.cli import play, records
    from shashki.cli import rules as rules_cli
    from shashki.competition.cli import register as register_competition
    from shashki.engine.cli import register as register_engine
    from shashki.engine.egdb.cli import register as register_egdb
    from shashki.server.cli import register as register_serve

    p = Parser(prog="shashki", description=tr("description"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    rules_cli.register(sub)
    records.register(sub)
    play.register(sub)
    register_competition(sub)
    register_engine(sub)
    register_egdb(sub)
    register_serve(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; shashki's errors become one line, exit 2."""
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except ShashkiError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{e.filename or ''}: {e.strerror}".strip(": "))
    except KeyboardInterrupt:
        return 130
    return result
