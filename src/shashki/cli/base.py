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
    args = parser.parse_args(argv)  # --help and --version end here
    if argv is None:  # a real command line (not a call with arguments, as in the tests)
        from shashki.cli.compiling import install

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
    """The installed distribution's version (the package's own when not installed).

    Read from the first ``shashki-*.dist-info/METADATA`` on ``sys.path``, the one
    :func:`importlib.metadata.version` finds, without importing :mod:`importlib.metadata`
    and its e-mail parser nor reading every distribution's metadata: that took 40 ms, most
    of ``shashki --version`` (docs/engine.md, "First use")."""
    import os

    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith("shashki-") and name.endswith(".dist-info"):
                try:
                    with open(os.path.join(entry, name, "METADATA"), encoding="utf-8") as f:
                        for line in f:
                            if line.startswith("Version:"):
                                return line.split(":", 1)[1].strip()
                            if not line.strip():
                                break  # the headers end
                except OSError:
                    continue
    from shashki import __version__

    return __version__


class VersionAction(argparse.Action):
    """``--version``: print ``shashki VERSION`` and exit; the version is looked up only
    then (:func:`version`), not for every command."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        sys.stdout.write(f"shashki {version()}\n")
        parser.exit()
