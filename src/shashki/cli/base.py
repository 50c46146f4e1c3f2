"""What every command of ``shashki`` shares: one-line errors with status 2, the
user's language, the ``--variant`` option, and running a parsed command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from shashki.errors import ShashkiError
from shashki.i18n import N_, _
from shashki.rules import VARIANTS

ARGPARSE_ERRORS = (N_("the following arguments are required:"), N_("unrecognized arguments:"),
                   N_("invalid choice:"), N_("expected one argument"), N_("invalid int value:"),
                   N_("(choose from"))
"""The phrases of argparse's own errors, shown in the user's language."""


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its "usage:" in the user's language."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An argument parser in the user's language (its help's headings and its errors,
    ``SHASHKI_LANG=ru``) whose errors are one line and exit status 2.

    >>> p = Parser(prog="demo")
    >>> p._optionals.title, p.format_usage()
    ('options', 'usage: demo [-h]\\n')
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        helps = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if helps:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        if message.startswith("argument "):  # "argument --depth: ..."
            message = _("argument") + message[len("argument"):]
        for phrase in ARGPARSE_ERRORS:
            message = message.replace(phrase, _(phrase))
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
