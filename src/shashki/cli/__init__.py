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
import sys
from collections.abc import Sequence
from typing import NoReturn

from shashki.errors import ShashkiError
from shashki.i18n import language, tr
from shashki.rules import VARIANTS

_TEXTS: dict[str, tuple[str, str]] = {
    "version": ("print the version and exit", "показать версию и выйти"),
    "warm.help": ("compile the kernels now (move generator, engine, endgame databases), "
                  "for installers and containers",
                  "скомпилировать ядра сейчас (генератор ходов, движок, базы окончаний) — "
                  "для установщиков и контейнеров"),
    "warm.part": ("{what}: {seconds:.1f} s ({how})", "{what}: {seconds:.1f} с ({how})"),
    "warm.compiled": ("compiled", "скомпилировано"),
    "warm.cached": ("already compiled, loaded from the cache",
                    "уже скомпилировано, загружено из кэша"),
}


def _t(key: str) -> str:
    en, ru = _TEXTS[key]
    return ru if language() == "ru" else en


def say(en: str, ru: str) -> str:
    """``en`` or ``ru``, in the user's language (for messages of one command)."""
    return ru if language() == "ru" else en


def version() -> str:
    """The installed distribution's version (the package's own when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("shashki")
    except PackageNotFoundError:
        from shashki import __version__

        return __version__


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
    from shashki.cli import compose, play, records
    from shashki.cli import rules as rules_cli
    from shashki.competition.cli import register as register_competition
    from shashki.engine.cli import register as register_engine
    from shashki.engine.egdb.cli import register as register_egdb
    from shashki.server.cli import register as register_serve

    p = Parser(prog="shashki", description=tr("description"))
    p.add_argument("--version", action="version", version=f"shashki {version()}",
                   help=_t("version"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    w = sub.add_parser("warm-up", help=_t("warm.help"))
    w.set_defaults(func=_cmd_warm_up)
    rules_cli.register(sub)
    records.register(sub)
    play.register(sub)
    register_competition(sub)
    register_engine(sub)
    register_egdb(sub)
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
        how = _t("warm.compiled") if notice.compiled > before else _t("warm.cached")
        print(_t("warm.part").format(what=what, seconds=time.perf_counter() - t0, how=how),
              flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)


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
        fail(say("not enough memory for this command", "не хватает памяти для этой команды"))
    except KeyboardInterrupt:
        return 130
    return result
