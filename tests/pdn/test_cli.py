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
    assert out.strip() == "2 file(s), 5 game(s), 0 broken, 0 error(s)"


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
    assert lines[-1] == "1 file(s), 10 game(s), 7 broken, 7 error(s)"


def test_check_in_russian_and_unreadable_files(cli: Callable[..., tuple[int, str, str]],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    code, out, err = cli("pdn", "check", str(DATA / "errors.pdn"),
                         str(tmp_path / "missing.pdn"))
    assert code == 2
    assert "партия 1:" in out and out.strip().endswith(
        "файлов: 2, партий: 10, с ошибками: 7, ошибок: 7")
    assert "missing.pdn" in err and "ошибка" in err


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
    assert out.count("game 1:") == 1
    code, out, _ = cli("pdn", "check", str(f))  # as Russian: 32-28 is no move
    assert "game 0:" in out and code == 1


def test_replay_json(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("pdn", "replay", str(DATA / "errors.pdn"), "--json")
    recs = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [r["index"] for r in recs] == list(range(10))
    good = recs[0]
    assert set(good) == {"index", "headers", "plies", "fen", "result", "termination"}
    assert good["plies"] == 4 and good["headers"]["Event"] == "good 0"
    assert good["fen"] == "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    bad = recs[1]
    assert set(bad) == {"index", "error"}
    assert bad["error"]["type"] == "PdnMoveError" and bad["error"]["line"] == 10
    assert bad["error"]["column"] == 19 and bad["error"]["text"] == "d4-c5"
    assert bad["error"]["fen"].startswith("W:W18,")
    games = [g for g in iter_games(DATA / "errors.pdn") if not g.errors]
    assert [r["fen"] for r in recs if "fen" in r] == [g.end().board().fen() for g in games]


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
    assert code == 1
    assert err.count("errors.pdn:") == 7
    gs = read_games(out)
    assert len(gs) == 10
    assert "% shashki: not converted: game 1, line 10, column 19" in out
