"""``pip install shashki`` without extras (docs: README "Install what you use"): a fresh
virtual environment gets the library and the command line with no web framework, no
database driver and no PDF engine; the README's tour runs there, and a command that needs
an extra says which one, in one line. The checkout is copied without its ignored files
(as a fresh clone has it: no compiled ``.mo``), so the build itself compiles the
translations, and the Russian interface works there without Babel."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def tour() -> str:
    """The README's "A short tour" section, as doctest text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A short tour", 1)[1].split("\n## ", 1)[0]
    return "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with ``pip install <a clean copy of this checkout>``, no
    extras."""
    where = tmp_path_factory.mktemp("bare")
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout
    clone = where / "clone"
    for name in files.splitlines():
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    assert not list(clone.rglob("*.mo")), "a compiled catalogue in the sources"
    venv.create(where / "venv", with_pip=True)
    python = where / "venv" / "bin" / "python"
    r = subprocess.run([str(python), "-m", "pip", "install", "-q", str(clone)],
                       capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        pytest.fail(f"pip install failed: {r.stderr[-2000:]}")
    return python


def run(python: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(python), *args], capture_output=True, text=True, timeout=600,
                          cwd=cwd)


def test_only_the_library_is_installed(bare: Path) -> None:
    r = run(bare, "-m", "pip", "list", "--format=freeze")
    names = {line.split("==")[0].lower() for line in r.stdout.splitlines()}
    assert {"shashki", "numpy", "numba", "rich"} <= names
    for server_side in ("fastapi", "sqlalchemy", "uvicorn", "weasyprint", "psycopg",
                        "redis", "gacrux", "cairosvg", "babel"):
        assert server_side not in names, server_side
    r = run(bare, "-c", "import fastapi")
    assert r.returncode != 0 and "ModuleNotFoundError" in r.stderr


def test_the_readme_tour_runs_there(bare: Path, tmp_path: Path) -> None:
    (tmp_path / "tour.txt").write_text(tour(), encoding="utf-8")
    assert doctest.DocTestParser().get_examples(tour())  # the section was found
    r = run(bare, "-m", "doctest", str(tmp_path / "tour.txt"), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_commands_work_without_extras(bare: Path, tmp_path: Path) -> None:
    shashki = str(bare.parent / "shashki")
    out = subprocess.run([shashki, "perft", "--variant", "russian", "--depth", "5"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0 and "nodes: 7482 " in out.stdout, out.stdout + out.stderr
    pdn = tmp_path / "g.pdn"
    pdn.write_text('[GameType "25"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n', encoding="utf-8")
    assert subprocess.run([shashki, "pdn", "check", str(pdn)], timeout=300).returncode == 0
    cup = tmp_path / "cup.json"
    steps = [["tournament", "new", str(cup), "--name", "Cup", "--system", "dutch",
              "--rounds", "3"]]
    steps += [["tournament", "add", str(cup), name] for name in ("A", "B", "C", "D")]
    steps += [["tournament", "pair", str(cup)], ["tournament", "standings", str(cup)]]
    for step in steps:
        r = subprocess.run([shashki, *step], capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, (step, r.stderr)
    r = subprocess.run([shashki, "match", "shashki", "shashki", "--variant", "russian",
                        "--games", "2", "--nodes", "500"], capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    for needs, extra in ((["serve"], "server"), (["users", "list"], "server"),
                         (["tournament", "export", str(cup), "pdf", "-o",
                           str(tmp_path / "t.pdf")], "pdf"),
                         (["diagram", "-o", str(tmp_path / "d.png")], "pdf")):
        r = subprocess.run([shashki, *needs], capture_output=True, text=True, timeout=300)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (needs, r.stderr)
        assert f"pip install 'shashki[{extra}]'" in r.stderr, (needs, r.stderr)
    assert sys.executable  # the test's own interpreter made the environment


def test_the_russian_interface_works_there(bare: Path) -> None:
    """The build compiled the catalogue; the standard library reads it (no Babel)."""
    shashki = str(bare.parent / "shashki")
    env = {**os.environ, "SHASHKI_LANG": "ru"}
    r = subprocess.run([shashki, "perft", "--help"], capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "глубина в полуходах" in r.stdout and "depth in plies" not in r.stdout, r.stdout
    r = run(bare, "-c", "from shashki.messages import translate; "
                        "print(translate('illegal move \\'e1-f2\\': a capture is compulsory "
                        "(Code 1.5.3)', 'ru'))")
    assert r.stdout.strip() == "недопустимый ход 'e1-f2': взятие обязательно (Кодекс 1.5.3)", (
        r.stdout + r.stderr)
    r = subprocess.run([shashki, "perft", "--help"], capture_output=True, text=True,
                       timeout=300, env={**os.environ, "SHASHKI_LANG": "en"})
    assert "depth in plies" in r.stdout
