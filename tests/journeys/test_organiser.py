"""An organiser's first hour on README command 1's install (``pip install -e '.[server]'``):
a 40-player Dutch Swiss of ``shared/data/swiss-dutch`` run through its 9 rounds by the
command line, every round's pairing equal to bbpPairings', then the standings, the
crosstable and the judges' report (Code 4.6.3) as a PDF in Russian on a machine whose
locale is not Russian; and the same event through the REST API of ``shashki serve`` from
the same install."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.journeys import organiser, organiser_api, swiss
from tests.journeys.installs import Install, install
from tests.journeys.platform import Person, serve

pytestmark = pytest.mark.journey


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[organiser.Run, str, list[
        tuple[int, set[tuple[int, int]], set[tuple[int, int]]]]]]:
    """The event played through by the command line: (run, its file, the rounds)."""
    if not swiss.SWISS.is_dir():
        pytest.skip("shared/data/swiss-dutch is absent")
    where = tmp_path_factory.mktemp("organiser")
    server: Install = install("server")
    # A machine whose locale is not Russian: the event's language decides the report's.
    env = server.env(LANG="C.UTF-8", NUMBA_CACHE_DIR=str(where / "numba"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "SHASHKI_LANG"):
        env.pop(var, None)
    run = organiser.runner(server.shashki, env, where)
    f = str(where / "swiss.json")
    rounds = organiser.play_swiss(run, f, ["--language", "ru", "--city", "Тула",
                                           "--organiser", "Федерация шашек Тульской области",
                                           "--time-control", "90m+30s"])
    yield run, f, rounds


def test_every_round_equals_bbppairings(event: tuple[organiser.Run, str, list[
        tuple[int, set[tuple[int, int]], set[tuple[int, int]]]]]) -> None:
    _, _, rounds = event
    assert len(rounds) == swiss.rounds() == 9 and len(swiss.players()) == 41
    wrong = [(rnd, sorted(got - want), sorted(want - got)) for rnd, got, want in rounds
             if got != want]
    assert not wrong, wrong


def test_standings_and_crosstable(event: tuple[organiser.Run, str, list[
        tuple[int, set[tuple[int, int]], set[tuple[int, int]]]]]) -> None:
    run, f, _ = event
    assert "Турнирная таблица" in run("tournament", "standings", f).stdout  # its language
    table = run("tournament", "export", f, "csv").stdout.splitlines()
    assert len(table) == 1 + 41 and "Test0001 Player0001" in "".join(table)
    cross = run("tournament", "export", f, "crosstable-csv").stdout.splitlines()
    assert len(cross) == 1 + 41


def test_the_judges_report_is_a_russian_pdf(event: tuple[organiser.Run, str, list[
        tuple[int, set[tuple[int, int]], set[tuple[int, int]]]]], tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian: poppler-utils) is not installed")
    run, f, _ = event
    pdf = tmp_path / "report.pdf"
    run("tournament", "report", f, "-o", str(pdf))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Главный судья" in text or "главный судья" in text.lower(), text[:2000]
    assert "Тула" in text
    assert "Chief arbiter" not in text


def test_the_same_swiss_through_the_platforms_api(tmp_path: Path) -> None:
    if not swiss.SWISS.is_dir():
        pytest.skip("shared/data/swiss-dutch is absent")
    server = install("server")
    env = server.env(PYTHONUNBUFFERED="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
                     XDG_DATA_HOME=str(tmp_path / "data"))
    database = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with serve(server, database, tmp_path / "serve.log", env=env) as base:
        org = Person(base, "organiser")
        org.signup()
        r = subprocess.run([str(server.shashki), "users", "role", "organiser", "organiser",
                            "--database", database], capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        auth = {"Authorization": f"Bearer {org.token}"}
        rounds = organiser_api.play_swiss_api(
            lambda path, body: org.http.post(path, json=body, headers=auth),
            lambda path: org.http.get(path, headers=auth))
    assert len(rounds) == 9
    wrong = [(rnd, sorted(got - want), sorted(want - got)) for rnd, got, want in rounds
             if got != want]
    assert not wrong, wrong
