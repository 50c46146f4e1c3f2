"""The ``shashki`` command: output formats and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


def test_perft_json(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("perft", "--variant", "international", "--depth", "5", "--json")
    rec = json.loads(out)
    assert code == 0
    assert rec["nodes"] == 27_117
    assert rec["variant"] == "international"
    assert rec["fen"].startswith("W:W31,32")
    assert set(rec) == {"variant", "fen", "depth", "nodes", "seconds"}


def test_perft_divide_sums(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("perft", "--depth", "4", "--divide", "--json")
    rec = json.loads(out)
    assert code == 0
    assert sum(rec["divide"].values()) == rec["nodes"] == 1469
    assert len(rec["divide"]) == 7


def test_perft_positions_file_with_a_bad_line(
    tmp_path: Path, cli: Callable[..., tuple[int, str, str]]
) -> None:
    f = tmp_path / "pos.txt"
    f.write_text("W:W21-32:B1-12\n# a comment\nW:W21,21:B1\nB:W21-32:B1-12\n")
    code, out, err = cli("perft", "--depth", "3", "--positions", str(f), "--all-depths")
    lines = [json.loads(x) for x in out.splitlines()]
    assert [r["nodes_by_depth"] for r in lines] == [[7, 49, 302], [7, 49, 302]]
    assert code == 2
    assert ":3: invalid FEN" in err and "two pieces on square 21" in err


def test_moves_json(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("moves", "--fen", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24",
                       "--json", "--notation", "numeric")
    rec = json.loads(out)
    assert code == 0
    by_text = {m["move"]: m for m in rec["moves"]}
    assert by_text["28x10"]["captured"] == [24, 16, 8, 7]
    assert by_text["28x10"]["promotion"] is True
    assert by_text["28x10"]["fen"] == "B:W5,K10,13,15,17,27,32:B1,6,23"
    assert by_text["27x27"]["path"] == [27, 20, 11, 2, 9, 27]
    code, out, _ = cli("moves", "--fen", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24",
                       "--json")
    assert {m["move"] for m in json.loads(out)["moves"]} == {
        "f2:d4", "f2:f2", "f2:h8", "h2:d6", "h2:c5", "h2:d2"}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["perft", "--variant", "chess", "--depth", "2"], "unknown variant 'chess'"),
        (["perft", "--depth", "2", "--fen", "W:W21,40:B1"], "square '40' is off the board"),
        (["moves", "--fen", "W:W21,21:B1"], "two pieces on square 21"),
        (["moves", "--fen", "W:W2:B9"], "promotion row"),
        (["moves", "--fen", "W:W21"], None),
        (["perft", "--depth", "x"], "invalid int value"),
        (["moves", "--fen", "Q:W21:B1"], "side to move must be W or B"),
    ],
)
def test_bad_input_one_line_exit_2(
    cli: Callable[..., tuple[int, str, str]], args: list[str], needle: str | None
) -> None:
    code, _, err = cli(*args)
    if needle is None:  # a legal, if odd, position: no error
        assert code == 0
        return
    assert code == 2
    assert err.count("\n") == 1 and needle in err
    assert "Traceback" not in err


def test_console_script_errors_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "shashki.cli", "moves", "--fen", "W:W21,99:B1"],
        capture_output=True, text=True,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("shashki: error: invalid FEN")
    assert "Traceback" not in proc.stderr


def test_russian_messages(monkeypatch: pytest.MonkeyPatch,
                          cli: Callable[..., tuple[int, str, str]]) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    code, _, err = cli("perft", "--variant", "chess", "--depth", "1")
    assert code == 2 and err.startswith("shashki: ошибка:")


def test_diagram_svg_and_png(tmp_path: Path, cli: Callable[..., tuple[int, str, str]]) -> None:
    svg = tmp_path / "d.svg"
    code, _, _ = cli("diagram", "--fen", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24",
                     "--move", "h2:f4:h6:f8:d6", "-o", str(svg))
    assert code == 0 and svg.read_text().startswith("<svg")
    assert 'data-squares="28 19 12 3 10"' in svg.read_text()
    png = tmp_path / "d.png"
    code, _, _ = cli("diagram", "--variant", "international", "--size", "200", "-o",
                     str(png))
    assert code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, _, err = cli("diagram", "-o", str(tmp_path / "d.gif"))
    assert code == 2 and "must end in .svg or .png" in err
    code, _, err = cli("diagram", "--move", "a1-b2", "-o", str(svg))
    assert code == 2 and "illegal move" in err


def test_play_saves_a_pdn(tmp_path: Path) -> None:
    out = tmp_path / "g.pdn"
    proc = subprocess.run(
        [sys.executable, "-m", "shashki.cli", "play", "--time", "5m+3s", "-o", str(out)],
        input="c3-d4\nf6-e5\nd4:f6\ng7:e5\nresign\n", capture_output=True, text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert '[Termination "resignation (Code 1.8.1)"]' in text and "2. d4:f6" in text


REPLAY = """[Event "a"]
[GameType "25"]
[FEN "W:WKb4:BKg5"]
[Result "1-0"]
1. b4-a3 g5-h4 2. a3-b4 h4-g5 3. b4-a3 g5-h4 4. a3-b4 h4-g5 5. b4-a3 g5-h4 1-0

[Event "b"]
[GameType "25"]
[Result "1-0"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0

[Event "c"]
[GameType "25"]
[FEN "W:Wc3:Bd4"]
[Result "1-0"]
1. c3:e5 1-0
"""


def test_pdn_replay_adds_the_rules_verdict(tmp_path: Path,
                                          cli: Callable[..., tuple[int, str, str]]) -> None:
    """Issue 4: replay says what the rules make of each record, and shows a differing tag."""
    f = tmp_path / "r.pdn"
    f.write_text(REPLAY)
    code, out, _ = cli("pdn", "replay", str(f), "--json")
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert recs[0]["result"] == "1/2-1/2" and recs[0]["result_tag"] == "1-0"
    assert recs[0]["termination"] == {"kind": "draw by rule", "article": "Code 1.9.1.7",
                                      "ply": 8}
    assert recs[1]["termination"] is None and recs[1]["result"] == "1-0"
    assert recs[2]["termination"] == {"kind": "no pieces", "article": "Code 1.8.1", "ply": 1}
    assert "result_tag" not in recs[2]
