"""``shashki analyse`` and ``shashki hub`` probe an endgame database (``--egdb``)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from shashki.engine.egdb import Database, for_engine
from shashki.engine.hub import hub_loop

Cli = Callable[..., tuple[int, str, str]]

# Three kings against one off the main road: a win (Petrov's triangle, Code 1.9.1.3
# gives 15 moves); the database knows the distance, the bare search only the material.
THREE_KINGS = "W:WK1,K2,K3:BK32"


@pytest.fixture(scope="module")
def ru4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("egdb-cli")
    Database.build("russian", 4, directory)
    return directory


def test_analyse_reports_the_databases_win(cli: Cli, ru4: Path) -> None:
    code, out, _ = cli("analyse", "--fen", THREE_KINGS, "--depth", "4", "--egdb", str(ru4))
    assert code == 0 and " #" in out.splitlines()[-2]
    code, out, _ = cli("analyse", "--fen", THREE_KINGS, "--depth", "4", "--egdb", "off")
    assert code == 0 and " #" not in out


def test_a_missing_database_is_one_line_and_status_2(cli: Cli, tmp_path: Path) -> None:
    code, _, err = cli("analyse", "--depth", "2", "--egdb", str(tmp_path / "none"))
    assert code == 2 and "egdb build" in err and len(err.strip().splitlines()) == 1


def test_auto_finds_nothing_in_an_empty_data_directory() -> None:
    # tests/conftest.py points the user's data directory at an empty one.
    assert for_engine("russian", "auto") is None and for_engine("russian", "off") is None


def test_the_hub_engine_probes_the_database(ru4: Path) -> None:
    out = io.StringIO()
    # Hub's 8x8 position: side letter, 32 squares from 1 (w/b men, W/B kings, e empty).
    def lines() -> Iterator[str]:
        yield from ["hub", "init", "pos pos=W" + "WWW" + "e" * 28 + "B", "level depth=3",
                    "go think"]
        while "done" not in out.getvalue():  # Hub 2: no quit during a search
            time.sleep(0.01)
        yield "quit"

    hub_loop(lines(), out, variant="russian", egdb=str(ru4))
    info = [x for x in out.getvalue().splitlines() if x.startswith("info")]
    assert info and "score=" in info[-1]
    score = float(info[-1].split("score=")[1].split()[0])
    assert score > 50  # a won database position scores far beyond the material
