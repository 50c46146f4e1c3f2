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


# --- every command with bad input: one line on stderr, exit status 2 ----------------------


@pytest.fixture
def bad(tmp_path: Path) -> dict[str, str]:
    """Paths of bad inputs: a binary file, a non-UTF-8 text, a missing file, a missing
    directory, and endgame-database directories with a broken manifest."""
    (tmp_path / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "latin1.txt").write_bytes("W:W21-32:B1-12 \xe9t\xe9\n".encode("latin-1"))
    (tmp_path / "fens.txt").write_text("W:W21-32:B1-12\n", encoding="utf-8")
    for name, content in (("eg-binary", b"\xff\xfe{"), ("eg-list", b"[1, 2]")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "egdb.json").write_bytes(content)
    return {"binary": str(tmp_path / "binary.bin"), "latin1": str(tmp_path / "latin1.txt"),
            "fens": str(tmp_path / "fens.txt"), "missing": str(tmp_path / "missing.txt"),
            "nodir": str(tmp_path / "no" / "such" / "dir"), "dir": str(tmp_path),
            "eg-binary": str(tmp_path / "eg-binary"), "eg-list": str(tmp_path / "eg-list")}


BAD_INPUT = [
    # perft: absurd depths (a 458 GiB buffer, then a numpy error before), files
    (["perft", "--depth", "1000000"], "too deep: perft goes to 64 plies"),
    (["perft", "--depth", "99999999999999999999999"], "too deep"),
    (["perft", "--depth", "65", "--divide"], "too deep"),
    (["perft", "--depth", "1", "--positions", "{binary}"], "a binary file, not text"),
    (["perft", "--depth", "1", "--positions", "{missing}"], "No such file"),
    (["perft", "--depth", "1", "--positions", "{dir}"], "Is a directory"),
    (["perft", "--depth", "1", "--fen", "W:W21,99:B1"], "off the board"),
    # moves, diagram
    (["moves", "--fen", "garbage"], "invalid FEN"),
    (["moves", "--variant", "chess"], "unknown variant"),
    (["diagram", "--fen", "zzz", "-o", "{dir}/x.svg"], "invalid FEN"),
    (["diagram", "--move", "a1-z9", "-o", "{dir}/x.svg"], "a1-z9"),
    (["diagram", "-o", "{nodir}/x.svg"], "No such file"),
    (["diagram", "-o", "{dir}/x.gif"], "x.gif"),
    (["diagram", "--size", "10000000", "-o", "{dir}/x.png"], "at most 10000 pixels"),
    # analyse: absurd numbers, bad databases
    (["analyse", "--fen", "W:Wx:B1"], "invalid FEN"),
    (["analyse", "--depth", "100000"], "too deep: the engine searches at most 100"),
    (["analyse", "--nodes", "99999999999999999999999"], "too many"),
    (["analyse", "--time", "nan"], "not a number"),
    (["analyse", "--time", "1e308"], "too long"),
    (["analyse", "--hash", "100000000", "--depth", "2"], "hash size must be 1 to 16384 MB"),
    (["analyse", "--egdb", "{missing}", "--depth", "2"], "no endgame database"),
    (["analyse", "--egdb", "{eg-binary}", "--depth", "2"], "no endgame database"),
    (["analyse", "--egdb", "{eg-list}", "--depth", "2"], "no endgame database"),
    # hub: what is refused before the loop starts
    (["hub", "--variant", "chess"], "unknown variant"),
    (["hub", "--hash", "100000000"], "--hash must be 1 to 16384 MB"),
    (["hub", "--egdb", "{eg-list}"], "no endgame database"),
    # match: specs, controls, absurd numbers, files
    (["match", "shashki", "nosuch"], "unknown engine 'nosuch'"),
    (["match", "shashki", "random", "--games", "1000000000000", "--nodes", "10"],
     "--games must be 1 to 100,000"),
    (["match", "shashki", "random", "--depth", "100000"], "too deep"),
    (["match", "shashki", "random", "--nodes", "99999999999999999999999"], "too many"),
    (["match", "shashki", "random", "--move-time", "nan"], "not a number"),
    (["match", "shashki", "random", "--move-time", "1e308"], "too long"),
    (["match", "shashki", "random", "--nodes", "10", "--concurrency", "100000"],
     "--concurrency must be 1 to 64"),
    (["match", "shashki", "random", "--games", "1", "--nodes", "10", "--pdn",
      "{nodir}/x.pdn"], "No such file"),
    (["match", "shashki", "random", "--time", "zz"], "zz"),
    (["match", "shashki,hash=100000000", "random", "--nodes", "10"], "hash=100000000"),
    (["match", "shashki,depth=1000000", "random", "--nodes", "10"], "too deep"),
    (["match", "shashki,seed=1e400", "random", "--nodes", "10"], "out of range"),
    (["match", "shashki,odds=nan", "random", "--nodes", "10"], "odds"),
    (["match", "shashki", "hub:{missing}", "--games", "1", "--nodes", "10"], "cannot start"),
    (["match", "shashki", "hub:{binary}", "--games", "1", "--nodes", "10"], "cannot start"),
    # dxp
    (["dxp", "serve", "--port", "-5"], "--port must be 0..65535"),
    (["dxp", "serve", "--engine", "nosuch", "--port", "0"], "unknown engine"),
    (["dxp", "connect", "127.0.0.1:port"], "'port'"),
    (["dxp", "connect", "127.0.0.1:1", "--games", "99999999999999999999", "--minutes", "0"],
     "--minutes must be 1..999"),
    # egdb
    (["egdb", "build", "--pieces", "100", "--dir", "{dir}/eg"], "pieces"),
    (["egdb", "build", "--pieces", "-1", "--dir", "{dir}/eg"], "pieces"),
    (["egdb", "build", "--pieces", "2", "--variant", "russian-giveaway", "--dir", "{dir}/eg"],
     "giveaway"),
    (["egdb", "build", "--pieces", "2", "--dir", "{binary}"], "binary.bin"),
    (["egdb", "probe", "--fen", "zz"], "invalid FEN"),
    (["egdb", "probe", "--fen", "W:WK1:BK32", "--dir", "{eg-binary}"], "no endgame database"),
    (["egdb", "probe", "--fen", "W:WK1:BK32", "--dir", "{eg-list}"], "no endgame database"),
    (["egdb", "probe", "--fen", "W:WK1:BK32", "--variant", "chess"], "chess"),
    # play
    (["play", "--time", "zzz"], "zzz"),
    (["play", "--fen", "zzz"], "invalid FEN"),
    (["play", "--ruleset", "nope"], "nope"),
    (["play", "--time", "99999999999999999999999m"], None),
]


@pytest.mark.parametrize(("args", "needle"), BAD_INPUT,
                         ids=[" ".join(a)[:60] for a, _ in BAD_INPUT])
def test_every_command_with_bad_input(cli: Callable[..., tuple[int, str, str]],
                                      bad: dict[str, str], args: list[str],
                                      needle: str | None) -> None:
    code, _, err = cli(*[a.format(**bad) for a in args])
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    if needle is not None:
        assert needle in err, err


def test_perft_positions_not_utf8_reports_the_line_and_runs_the_others(
        tmp_path: Path, cli: Callable[..., tuple[int, str, str]]) -> None:
    f = tmp_path / "pos.txt"
    f.write_bytes(b"W:W21-32:B1-12\nB:W21-32:B1-12 \xff\nW:W21-32:B1-12\n")
    code, out, err = cli("perft", "--depth", "2", "--positions", str(f))
    assert [json.loads(x)["nodes"] for x in out.splitlines()] == [49, 49]
    assert code == 2
    assert err.count("\n") == 1
    assert f"{f}:2: column 16: byte 0xff is not UTF-8 text" in err


def test_version_is_the_package_metadata(cli: Callable[..., tuple[int, str, str]]) -> None:
    from importlib.metadata import version

    code, out, _ = cli("--version")
    assert code == 0 and out == f"shashki {version('shashki')}\n"
