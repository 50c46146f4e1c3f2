"""What every command of ``shashki`` shares: one-line errors with status 2, the
user's language, the ``--variant`` option, and running a parsed command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from shashki.errors import ShashkiError
from shashki.i18n import _
from shashki.rules import VARIANTS


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f'{self.prog}: ' + _('error') + f': {message}\n')
        raise SystemExit(2)


def fail(message: str) -> NoReturn:
    """Print one error line and exit with status 2."""
    sys.stderr.write('shashki: ' + _('error') + f': {message}\n')
    raise SystemExit(2)


def variant_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="russian", help=_("variant: {}").format(
        ", ".join(VARIANTS)))


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; shashki's errors become one line, exit 2.

    A real command line (``argv`` None) also gets the compile notice
    (:mod:`shashki.cli.compiling`) on stderr."""
    from shashki.cli.compiling import install

    args = parser.parse_args(argv)
    if argv is None:  # a real command line (not a call with arguments, as in the tests)
        install()
    try:
        result: int = args.func(args)
    except ShashkiError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{e.filename or ''}: {e.strerror or e}".strip(": "))
    except MemoryError:
        fail(_("not enough memory for this command"))
    except KeyboardInterrupt:
        return 130
    return result


def version() -> str:
    """The installed distribution's version (the package's own when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("shashki")
    except PackageNotFoundError:
        from shashki import __version__

        return __version__
