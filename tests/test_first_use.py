"""First use (docs/engine.md, "First use"): compiling never counts in a time limit, a rate
or a clock; ``shashki --version`` and ``--help`` import nothing heavy; the compile notice
names the part that compiles.

The cold-cache checks run ``shashki`` in a subprocess with a new, empty
``NUMBA_CACHE_DIR`` (the kernels compile there: tens of seconds); they check what the
command reports against its own wall time, not any speed."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import time

import pytest

from shashki import Board
from shashki.cli import GROUPS, build_parser, command_of
from shashki.cli.compiling import Notice
from shashki.engine import Engine
from shashki.engine import search as S
from shashki.engine.limits import Limit
from shashki.rules import kernels as K
from shashki.rules import movegen

HEAVY = ("numba", "numpy", "shashki.engine", "shashki.server", "llvmlite")


def _subcommands(p: argparse.ArgumentParser) -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Each command of ``p``: its help and its aliases."""
    action = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    names: dict[int, list[str]] = {}
    for name, sp in action.choices.items():
        names.setdefault(id(sp), []).append(name)
    aliases = {n[0]: tuple(n[1:]) for n in names.values()}
    return {c.dest: (c.help, aliases[c.dest]) for c in action._choices_actions}


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_import_nothing_heavy(argv: list[str]) -> None:
    code = "\n".join([
        "import sys",
        "from shashki.cli import main",
        "try:",
        f"    main({argv!r})",
        "except SystemExit:",
        "    pass",
        f"print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))"])
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True, timeout=120)
    assert r.stdout.splitlines()[-1] == "[]", r.stdout


def test_a_command_imports_its_own_module_only() -> None:
    code = ("import sys\nfrom shashki.cli import build_parser\nbuild_parser(['perft', "
            "'--depth', '1'])\nprint('numba' in sys.modules, 'shashki.cli.rules' in "
            "sys.modules, 'shashki.cli.engine' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True, timeout=120)
    assert r.stdout.split() == ["False", "True", "False"]


def test_the_declared_commands_are_the_modules_commands() -> None:
    """:data:`shashki.cli.GROUPS` lists each module's commands with their help and
    aliases as the module adds them, in order; ``--help`` is the same either way."""
    full = _subcommands(build_parser())
    declared = {"warm-up": full["warm-up"]} | {
        name: (text, aliases) for _add, commands in GROUPS for name, aliases, text in commands}
    assert list(declared) == list(full)
    assert declared == full
    assert build_parser(["--help"]).format_help() == build_parser().format_help()
    for name in full:
        assert build_parser([name]).format_help() == build_parser().format_help()


def test_command_of() -> None:
    assert command_of([]) is None
    assert command_of(["-h"]) is None
    assert command_of(["--version", "hub"]) == "hub"


# --- the clocks start after the compiling -----------------------------------------------


def test_engine_compile_leaves_nothing_for_the_search_to_compile() -> None:
    """:meth:`Engine.compile` compiles the signatures the search then calls (the types
    numba derives from the real arguments), so a search compiles nothing inside its clock."""
    for variant in ("russian", "international"):
        engine = Engine(variant, hash_mb=1)
        engine.compile()
        before = {d: set(d.overloads) for d in (S.run, S.position_key, S.tt_hashfull,
                                                K.generate)}
        board = Board(variant)
        engine.analyse(board, depth=3).pv_text(board)
        engine.play(board, Limit(depth=2))
        assert {d: set(d.overloads) for d in before} == before


def test_perft_compile_leaves_nothing_to_compile() -> None:
    movegen.compile_moves(Board("brazilian").variant)
    movegen.compile_perft(Board("brazilian").variant, bulk=False)
    movegen.compile_perft(Board("brazilian").variant, bulk=True)
    before = {d: set(d.overloads) for d in (K.perft, K.generate)}
    board = Board("brazilian")
    assert board.perft(3) == board.perft(3, bulk=False)
    list(board.divide(2))
    assert {d: set(d.overloads) for d in before} == before


def test_notice_names_the_part_its_entry_starts() -> None:
    """A later process that compiles only the PDN reader's kernels says so, not that the
    move generator compiles again; what an entry compiles for itself is its part."""
    out = io.StringIO()
    n = Notice(out)
    n.started("shashki.rules.kernels", "replay")
    n.started("shashki.rules.kernels", "_path_has")
    n.ended()
    n.ended()
    n.started("shashki.engine.search", "run")
    n.started("shashki.engine.egdb.kernels", "lookup")  # called by the search: its part
    n.ended()
    n.ended()
    text = out.getvalue()
    assert "compiling the PDN move reader, once" in text
    assert "move generator" not in text and "endgame" not in text
    assert text.count("compiling the engine, once") == 1


@pytest.fixture(scope="module")
def cold(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a fresh installation's first start: an empty numba cache."""
    cache = tmp_path_factory.mktemp("numba-cache")
    return {**os.environ, "NUMBA_CACHE_DIR": str(cache), "SHASHKI_LANG": "en"}


def shashki(env: dict[str, str], *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "shashki.cli", *args], capture_output=True,
                       text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr
    return r, time.perf_counter() - t0


@pytest.mark.slow
def test_cold_cache_analyse_keeps_to_its_time_and_perft_rate_is_the_count(
        cold: dict[str, str]) -> None:
    r, wall = shashki(cold, "analyse", "--variant", "international", "--time", "0.5",
                      "--json", "--egdb", "off")
    assert "compiling the engine, once" in r.stderr  # the cache was cold
    last = [json.loads(line) for line in r.stdout.splitlines() if '"depth"' in line][-1]
    assert last["depth"] > 1
    assert last["time"] < 1.0 < wall  # the search's own time: the compiling is not in it

    r, wall = shashki(cold, "perft", "--variant", "russian", "--depth", "4", "--json")
    assert "compiling perft, once" in r.stderr
    assert "compiling the move generator" not in r.stderr  # analyse compiled it
    seconds = json.loads(r.stdout)["seconds"]
    assert seconds * 10 < wall  # the count alone, not the compiling before it

    r, _wall = shashki(cold, "perft", "--variant", "international", "--depth", "3")
    assert "compiling" not in r.stderr  # one compile serves every variant
