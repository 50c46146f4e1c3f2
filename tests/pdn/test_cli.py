"""``shashki pdn check / replay / convert``: output, JSON shape, exit status."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from shashki.pdn import iter_games, read_games

DATA = Path(__file__).parent / "data"




def test_check_good_files(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("pdn", "check", str(DATA / "lidraughts_russian.pdn"),
                       str(DATA / "russian_db_cp1251.pdn"))
    assert code == 0
    assert out.strip() == "2 file(s), 5 game(s), 0 broken, 0 error(s), 0 warning(s)"


def test_check_reports_each_broken_game(cli: Callable[..., tuple[int, str, str]]) -> None:
    path = str(DATA / "errors.pdn")
    code, out, _ = cli("pdn", "check", path)
    lines = out.strip().splitlines()
    assert code == 1
    assert len(lines) == 8  # 7 broken games and the summary
    assert lines[0] == (f"{path}:10:19: game 1: illegal move 'd4-c5'; legal moves from d4: "
                        "d4:f6")
    assert lines[1].startswith(f"{path}:16:4: game 2: ambiguous move 'h4:h8'")
    assert lines[3] == f"{path}:27:10: game 4: unterminated comment: '{{' without '}}'"
    assert lines[-1] == "1 file(s), 10 game(s), 7 broken, 7 error(s), 0 warning(s)"


def test_check_in_russian_and_unreadable_files(cli: Callable[..., tuple[int, str, str]],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    code, out, err = cli("pdn", "check", str(DATA / "errors.pdn"),
                         str(tmp_path / "missing.pdn"))
    assert code == 2
    assert "партия 1:" in out and out.strip().endswith(
        "файлов: 2, партий: 10, с ошибками: 7, ошибок: 7, предупреждений: 0")
    assert "missing.pdn" in err and "ошибка" in err


def test_check_of_a_missing_file_prints_one_line(cli: Callable[..., tuple[int, str, str]],
                                                 tmp_path: Path) -> None:
    """Item 10: one line on stderr, no summary of nothing on stdout."""
    code, out, err = cli("pdn", "check", str(tmp_path / "missing.pdn"))
    assert code == 2 and out == ""
    assert err.splitlines() == [f"shashki: error: {tmp_path / 'missing.pdn'}: "
                                "No such file or directory"]


def test_check_prints_each_warning(cli: Callable[..., tuple[int, str, str]],
                                   tmp_path: Path) -> None:
    """A file that departs from PDN 3.0 is read; each departure is a line, once a game."""
    f = tmp_path / "dambo.pdn"
    f.write_text('[Event "x"]\n[Site ""]\\r\n[Result "2-0"]\\r\n[GameType "20"]\\r\n'
                 '1. 32-28 19-23 *\\r\n')
    code, out, _ = cli("pdn", "check", str(f))
    assert code == 0
    assert out.splitlines() == [
        f"{f}:2:10: game 0: warning: the text '\\r' after the line (the line end written as "
        "text): skipped (4 times)",
        f"{f}:5:16: game 0: warning: the game ends with '*' but its Result tag says '2-0': "
        "the tag's result is kept",
        "1 file(s), 1 game(s), 0 broken, 0 error(s), 2 warning(s)"]


def test_check_bad_usage(cli: Callable[..., tuple[int, str, str]]) -> None:
    assert cli("pdn", "check")[0] == 2
    code, _, err = cli("pdn", "check", "--variant", "chess", str(DATA / "errors.pdn"))
    assert code == 2 and "unknown variant" in err
    code, _, err = cli("pdn", "check", "--encoding", "nope", str(DATA / "errors.pdn"))
    assert code == 2 and "unknown encoding" in err


def test_check_all_errors_and_variant(cli: Callable[..., tuple[int, str, str]],
                                      tmp_path: Path) -> None:
    f = tmp_path / "intl.pdn"
    f.write_text("1. 32-28 19-23 2. 28x19 14x23 1-1\n\n1. 32-28 {x 1. 28-23 ( *\n")
    code, out, _ = cli("pdn", "check", "--all", "--variant", "international", str(f))
    assert code == 1
    assert out.count("game 1:") == 1 and "warning:" not in out
    code, out, _ = cli("pdn", "check", str(f))  # squares above 32: read as International
    assert "game 0: warning: no GameType tag: read as International" in out
    code, out, _ = cli("pdn", "check", "--variant", "russian", str(f))  # 32-28 is no move
    assert "game 0: illegal move '32-28'" in out and code == 1


def test_replay_json(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("pdn", "replay", str(DATA / "errors.pdn"), "--json")
    recs = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [r["index"] for r in recs] == list(range(10))
    good = recs[0]
    assert set(good) == {"index", "headers", "plies", "fen", "result", "termination",
                         "warnings"}
    assert good["warnings"] == []
    assert good["plies"] == 4 and good["headers"]["Event"] == "good 0"
    assert good["fen"] == "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    bad = recs[1]
    assert set(bad) == {"index", "error"}
    assert bad["error"]["type"] == "PdnMoveError" and bad["error"]["line"] == 10
    assert bad["error"]["column"] == 19 and bad["error"]["text"] == "d4-c5"
    assert bad["error"]["fen"].startswith("W:W18,")
    games = [g for g in iter_games(DATA / "errors.pdn") if not g.errors]
    assert [r["fen"] for r in recs if "fen" in r] == [g.end().board().fen() for g in games]


POLISH = """[Event "a"] [Result "1-1"] [GameType "20"]  1.32-28 19-23 2.28x19 14x23  1-1

[Event "b"] [Result "-"] [GameType "20"]  1.32-28 19-23 -

[Event "c"] [GameType "20"]  1.32-28 19-23 2.28x19 14x23  1-1

[Event "d"] [GameType "20"]  1.32-28 19-23 2.28x17 *

[Event "e"] [GameType "20"]  1.33-28 18-23 *
"""


@pytest.mark.parametrize("command", ["replay", "convert"])
def test_replay_and_convert_go_on_after_a_broken_game(
        cli: Callable[..., tuple[int, str, str]], tmp_path: Path, command: str) -> None:
    """Item 2: a game ending with the result '-' and a broken game stop neither command;
    each broken game is reported and the status says so at the end."""
    f = tmp_path / "polish.pdn"
    f.write_text(POLISH)
    extra = ["--notation", "numeric"] if command == "convert" else []
    code, out, err = cli("pdn", command, str(f), *extra)
    assert code == 2
    if command == "replay":
        lines = out.splitlines()
        assert len(lines) == 5
        assert lines[1] == "1: 2 plies  W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46," \
                           "47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23"
        assert lines[3].startswith(f"{f}:7:") and "game 3: illegal move '28x17'" in lines[3]
        assert lines[4].startswith("4: 2 plies")
    else:
        gs = read_games(out)
        assert [g.headers["Event"] for g in gs] == ["a", "b", "c", "d", "e"]
        assert gs[1].result == "-" and gs[1].ply_count() == 2
        assert err.count("illegal move") == 1 and "% shashki: not converted: game 3" in out


def test_replay_of_unknown_moves(cli: Callable[..., tuple[int, str, str]],
                                 tmp_path: Path) -> None:
    """A game of unknown moves only (abatsiev.pdn: "1. - - 2. - -") has no final position;
    replay says so and goes on."""
    f = tmp_path / "unknown.pdn"
    f.write_text('[Result "1/2-1/2"]\n1. - - 2. - - 1/2-1/2\n\n[Result "1-0"]\n1. c3-d4 1-0\n')
    code, out, _ = cli("pdn", "replay", "--variant", "russian", str(f))
    assert code == 0
    assert out.splitlines()[0] == "0: 4 plies  position unknown (unknown moves)"
    code, out, _ = cli("pdn", "replay", "--variant", "russian", "--json", str(f))
    first = json.loads(out.splitlines()[0])
    assert first["fen"] is None and first["result"] == "1/2-1/2" and first["plies"] == 4


def test_replay_text_and_variant(cli: Callable[..., tuple[int, str, str]], tmp_path: Path) -> None:
    f = tmp_path / "g.pdn"
    f.write_text("1. 32-28 19-23 *\n")
    code, out, _ = cli("pdn", "replay", str(f), "--variant", "international")
    assert code == 0 and out.startswith("0: 2 plies  W:W28,31,")
    code, _, err = cli("pdn", "replay", str(tmp_path / "none.pdn"))
    assert code == 2 and "none.pdn" in err


@pytest.mark.parametrize("notation", ["algebraic", "numeric"])
def test_convert(cli: Callable[..., tuple[int, str, str]], tmp_path: Path, notation: str) -> None:
    src = tmp_path / "db.pdn"
    shutil.copy(DATA / "russian_db_cp1251.pdn", src)
    out_file = tmp_path / "out.pdn"
    code, out, _ = cli("pdn", "convert", str(src), "--notation", notation,
                       "-o", str(out_file))
    assert code == 0 and out == ""
    converted = read_games(out_file.read_text(encoding="utf-8"))
    originals = list(iter_games(src))
    assert len(converted) == 3
    for a, b in zip(converted, originals, strict=True):
        a.headers = b.headers
        assert a == b
    if notation == "numeric":
        assert "1. 21-17 10-15" in out_file.read_text(encoding="utf-8")


def test_convert_keeps_broken_games(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, err = cli("pdn", "convert", str(DATA / "errors.pdn"),
                         "--notation", "numeric")
    assert code == 2
    assert err.count("errors.pdn:") == 7
    gs = read_games(out)
    assert len(gs) == 10
    assert "% shashki: not converted: game 1, line 10, column 19" in out
