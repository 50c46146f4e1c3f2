"""A programmer's first hour with the bare library (``pip install .``, no extra), driven
from outside: a program run by that install's Python reads a real archive of
``shared/data/real-pdn``, walks its games, pushes moves, draws a diagram, counts perft and
asks the engine for half a second of analysis from an empty numba cache; the command line
of the same install pairs a Swiss round as bbpPairings does.

The figures checked come from outside shashki: the data's README (games a file holds),
published perft counts, bbpPairings' pairing."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from tests.journeys import swiss
from tests.journeys.installs import Install, install

pytestmark = pytest.mark.journey
REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "real-pdn"
ARCHIVE = REAL / "international" / "bruno__Montpellier_Open_Serie_B.pdn"
"""49 games, UTF-8, GameType 20 (the data's README)."""

PROGRAM = textwrap.dedent("""
    import json, sys, time
    import shashki
    from shashki.engine import Engine
    from shashki.pdn import open_pdn
    from shashki.svg import board_svg

    out = {}
    games = list(open_pdn(sys.argv[1]))
    out["games"] = len(games)
    out["plies"] = [sum(1 for _ in g.mainline()) for g in games]
    board = games[0].end().board()
    out["final"] = board.fen()
    b = shashki.Board("international")
    b.push(b.parse_move("32-28"))
    b.push_text("19-23")
    out["after"] = b.fen()
    out["svg"] = board_svg(b).startswith("<svg")
    out["perft"] = [shashki.Board("international").perft(d) for d in (1, 2, 3, 4, 5)]
    t0 = time.monotonic()
    a = Engine("international").analyse(shashki.Board("international"), time=0.5)
    out["wall"] = time.monotonic() - t0
    out["depth"], out["time"], out["nodes"] = a.depth, a.time, a.nodes
    out["best"] = str(a.pv[0])
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def bare() -> Install:
    return install("bare")


def test_the_library_on_a_real_archive_from_a_cold_start(bare: Install, tmp_path: Path) -> None:
    if not ARCHIVE.exists():
        pytest.skip("shared/data/real-pdn is absent")
    assert not bare.has("fastapi") and not bare.has("weasyprint")  # the bare library
    program = tmp_path / "first_hour.py"
    program.write_text(PROGRAM)
    env = bare.env(NUMBA_CACHE_DIR=str(tmp_path / "numba"), SHASHKI_LANG="en")
    r = subprocess.run([str(bare.python), str(program), str(ARCHIVE)], capture_output=True,
                       text=True, env=env, timeout=900, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.splitlines()[-1])
    assert out["games"] == 49
    assert all(p > 0 for p in out["plies"])
    assert out["svg"]
    # FMJD perft from the initial position (published: 9, 81, 658, 4265, 27117)
    assert out["perft"] == [9, 81, 658, 4265, 27117]
    # Compiling is never counted as thinking: half a second of search, whatever the wait.
    assert out["time"] <= 0.6 and out["depth"] >= 4, out


def test_the_command_line_pairs_a_swiss_round_as_bbppairings(bare: Install,
                                                            tmp_path: Path) -> None:
    """The Dutch engine's exact matching (networkx) is part of the bare install."""
    if not swiss.SWISS.is_dir():
        pytest.skip("shared/data/swiss-dutch is absent")
    for rnd in (2, 5, 9):
        trf = swiss.SWISS / f"{swiss.EVENT}-r{rnd}.trf"
        r = subprocess.run([str(bare.shashki), "pair", "--system", "dutch", "--trf", str(trf)],
                           capture_output=True, text=True, env=bare.env(), timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        assert set(swiss.parse_pairs(r.stdout)) == swiss.bbp_pairing(swiss.EVENT, rnd)


def test_a_pdf_without_the_pdf_extra_is_one_line(bare: Install, tmp_path: Path) -> None:
    """``tournament report -o x.pdf`` on the bare install names the extra, exit 2."""
    f = tmp_path / "cup.json"
    env = bare.env(SHASHKI_LANG="en")
    for args in (["tournament", "new", str(f), "--rounds", "3"],
                 ["tournament", "add", str(f), "A"], ["tournament", "add", str(f), "B"],
                 ["tournament", "pair", str(f)]):
        assert subprocess.run([str(bare.shashki), *args], capture_output=True,
                              env=env).returncode == 0
    for args in (["tournament", "report", str(f), "-o", str(tmp_path / "r.pdf")],
                 ["tournament", "print", str(f), "cards", "-o", str(tmp_path / "c.pdf")]):
        r = subprocess.run([str(bare.shashki), *args], capture_output=True, text=True,
                           env=env)
        assert r.returncode == 2, (args, r.stderr)
        assert r.stderr.count("\n") == 1 and "pip install 'shashki[pdf]'" in r.stderr, r.stderr


def test_version_and_help_import_nothing_heavy(bare: Install) -> None:
    """``shashki --version`` and ``--help`` load neither numba nor numpy (they answer in
    about the time ``import shashki`` takes)."""
    probe = ("import sys, runpy; sys.argv = ['shashki', '{arg}'];\n"
             "try:\n    runpy.run_module('shashki.cli', run_name='__main__')\n"
             "except SystemExit: pass\n"
             "print(sorted(m for m in ('numba', 'numpy', 'shashki.engine') if m in sys.modules),"
             " file=sys.stderr)")
    for arg in ("--version", "--help"):
        r = subprocess.run([str(bare.python), "-c", probe.format(arg=arg)],
                           capture_output=True, text=True, env=bare.env(), timeout=120)
        assert r.stderr.strip().splitlines()[-1] == "[]", (arg, r.stderr[-1000:])
    r = subprocess.run([str(bare.shashki), "--version"], capture_output=True, text=True,
                       env=bare.env())
    assert r.returncode == 0 and r.stdout.startswith("shashki ")
