"""Every subcommand of ``shashki`` against hostile input (docs/security.md, "Bad input"):
a missing file, a binary file where text is read, a directory, nonsense values. Each
answer is one line on stderr and status 2, never a traceback. The walk finds the
subcommands in the parser itself, so a new command is walked the day it is added."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from shashki.cli import build_parser

Cli = Callable[..., tuple[int, str, str]]

SKIP = {("warm-up",): "takes no input"}
"""Commands with nothing to feed a hostile value to."""


def leaves(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
           ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:  # aliases (analyze) share their parser
                    seen.add(id(sub))
                    yield from leaves(sub, (*prefix, name))
            return
    yield prefix, parser


LEAVES = sorted((p for p, _ in leaves(build_parser())))
PARSERS = dict(leaves(build_parser()))


def hostile(command: tuple[str, ...], tmp: Path) -> Iterator[list[str]]:
    """Argument lists for ``command``: its inputs filled with hostile values."""
    parser = PARSERS[command]
    binary = tmp / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 8 + b"\xff\xfe\x00")
    inputs = [a for a in parser._actions if not a.option_strings
              or (a.required and a.option_strings)]
    options = {s for a in parser._actions for s in a.option_strings}

    def filled(value: str) -> list[str]:
        out: list[str] = []
        for a in inputs:
            v = "1" if a.type is int or a.type is float else value
            if a.choices:
                v = sorted(map(str, a.choices))[0]
            out += [a.option_strings[0], v] if a.option_strings else [v]
        return out

    if inputs:
        yield filled(str(tmp / "no" / "such.file"))
        yield filled(str(binary))
        yield filled(str(tmp))
    if "--variant" in options:
        yield [*filled("x"), "--variant", "nosuch"] if inputs else ["--variant", "nosuch"]
    if "--fen" in options:
        yield [*filled("x"), "--fen", "W:W99:Bzz"] if inputs else ["--fen", "W:W99:Bzz"]
    if "--database" in options:
        yield [*filled("x"), "--database", "nosuch://nowhere/db"]
    if "--port" in options:
        yield [*filled("x"), "--port", "999999"]


@pytest.mark.parametrize("command", [c for c in LEAVES if c not in SKIP],
                         ids=[" ".join(c) for c in LEAVES if c not in SKIP])
def test_hostile_input_is_one_line(command: tuple[str, ...], tmp_path: Path, cli: Cli) -> None:
    cases = list(hostile(command, tmp_path))
    assert cases, f"shashki {' '.join(command)}: no hostile input to try: add it to SKIP " \
                  "with the reason, or teach hostile() its inputs"
    for args in cases:
        code, out, err = cli(*command, *args)
        shown = f"shashki {' '.join((*command, *args))}"
        assert "Traceback" not in err, f"{shown}: {err}"
        if code == 0 or (code == 1 and out and command[-1] == "check"):
            continue  # fine for this command, or a checker's report of what is broken
        assert code == 2, f"{shown}: status {code}: {err}"
        lines = [line for line in err.splitlines() if not line.startswith("shashki: warning")]
        files = [a for a in args if a.startswith(str(tmp_path))]
        report = files and (out or lines) and all(
            line.startswith((*files, "shashki")) for line in lines)
        assert len(lines) == 1 or report, f"{shown}: {err!r}"
