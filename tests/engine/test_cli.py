"""``shashki analyse`` and ``shashki hub`` through :func:`shashki.cli.engine.main`."""

from __future__ import annotations

import io
import json

import pytest

from shashki.cli.engine import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_streams_each_depth(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "--fen", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8",
                       "--depth", "5")
    lines = out.splitlines()
    assert code == 0
    assert [ln.split()[1].split("/")[0] for ln in lines[:-1]] == ["1", "2", "3", "4", "5"]
    assert "pv c3-d4 e5:c3 b2:d8" in lines[-2]
    assert lines[-1] == "best move: c3-d4"


def test_analyse_json_numeric(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "--variant", "international", "--nodes", "20000",
                       "--json")
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert rows[-1]["bestmove"].count("-") == 1
    assert rows[-2]["nodes"] <= 20000 and rows[-2]["pv"]


def test_analyse_shows_the_opening_book_first(capsys: pytest.CaptureFixture[str]) -> None:
    from shashki import Board
    from shashki.engine.book import book_for

    book = book_for("international")
    assert book is not None
    start = Board("international")
    first = [start.move_text(start.parse_move(m)) for m, _ in book.moves(start)]
    code, out, _ = run(capsys, "analyse", "--variant", "international", "--depth", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("opening book: " + first[0] + " ")
    assert lines[0].count(",") == len(first) - 1 and lines[1].startswith("depth  1")
    code, out, _ = run(capsys, "analyse", "--variant", "international", "--depth", "2",
                       "--json")
    assert [row["move"] for row in json.loads(out.splitlines()[0])["book"]] == first
    # out of the book: the search alone
    code, out, _ = run(capsys, "analyse", "--fen", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8",
                       "--depth", "2")
    assert out.startswith("depth  1")


def test_analyse_at_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "--variant", "russian-giveaway", "--level", "novice",
                       "--time", "0.2")
    assert code == 0 and out.splitlines()[-1].startswith("best move: ")


def test_analyse_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyse", "--variant", "chess")
    assert code == 2 and "unknown variant 'chess'" in err
    code, _, err = run(capsys, "analyse", "--fen", "W:W21,21:B1")
    assert code == 2 and "invalid FEN" in err
    code, _, err = run(capsys, "analyse", "--depth", "0")
    assert code == 2 and "--depth" in err
    code, _, err = run(capsys, "analyse", "--depth", "3", "--time", "1")
    assert code == 2


def test_analyse_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "--fen", "W:W29:B25,22")
    assert code == 0 and "game is over" in out


def test_hub_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("hub\ninit\npos start\nlevel depth=3\n"
                                                 "go think\n"))
    code, out, _ = run(capsys, "hub", "--variant", "giveaway")
    assert code == 0
    assert "param name=variant value=russian-giveaway" in out
    assert out.splitlines()[-1].startswith("done move=")
