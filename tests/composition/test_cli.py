"""``shashki compose check|show|diagram``: one line a record, JSON for tools, one error
line and status 2 for bad input, a broken record reported and the others checked."""

from __future__ import annotations

import json
from pathlib import Path

from shashki.engine.egdb import Database

from ..conftest import Cli

FILE = '''[Event "«Этюды», draughts.narod.ru"]
[FEN "W:WKa5,a3:Ba7,f4"]
[Stipulation "Белые начинают и выигрывают"]
[Author "А. Шошин"]

1. a5-b4 f4-g3 2. b4-c5 g3-h2 3. a3-b4 *

[FEN "W:Wb4,d4:Bb6,h8"]
[Source "Тульский молодёжный курьер, 10.02.1994"]

1. b4-a5 *

[FEN "W:Wa1,b2,c3:Ba5,e5"]
[Stipulation "mate"]

1. c3-b4 *

[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]
[Stipulation "+3"]

1. c3-b4 a5:c3 2. b2:h8 *
'''


def test_check_one_line_a_record(cli: Cli, tmp_path: Path, ru4: Database) -> None:
    f = tmp_path / "c.pdn"
    f.write_text(FILE, encoding="utf-8")
    code, out, err = cli("compose", "check", str(f), "--egdb", str(ru4.directory))
    lines = out.splitlines()
    assert code == 1 and err == "" and len(lines) == 4
    assert "#1 А. Шошин" in lines[0] and ": sound; solutions a5-b4 (6); exact" in lines[0]
    assert ": unsound;" in lines[1] and "cook: b4-c5 also wins, in 9 moves" in lines[1]
    assert lines[2].startswith(f"{f}#3:14:15: error: cannot read the stipulation 'mate'")
    assert "shorter: a win in 2 moves" in lines[3]


def test_check_json(cli: Cli, tmp_path: Path) -> None:
    f = tmp_path / "c.pdn"
    f.write_text(FILE, encoding="utf-8")
    code, out, _ = cli("compose", "check", str(f), "--json", "--egdb", "off",
                       "--max-moves", "9")
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 1
    assert [r.get("status") for r in rows] == ["sound", "unsound", None, "unsound"]
    assert rows[2]["line"] == 14 and rows[2]["column"] == 15
    assert rows[1]["defects"][0]["kind"] == "cook"
    assert rows[1]["defects"][0]["fens"][0] == "W:W17,18:B4,9"


def test_bad_input_is_one_line(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("compose", "check", str(tmp_path / "none.pdn"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "no such file" in err
    f = tmp_path / "c.pdn"
    f.write_text(FILE, encoding="utf-8")
    code, _, err = cli("compose", "check", str(f), "--nodes", "-1")
    assert code == 2 and err.count("\n") == 1
    code, _, err = cli("compose", "show", str(f), "--index", "9")
    assert code == 2 and "has 4 record(s)" in err
    code, _, err = cli("compose", "diagram", str(f), "-o", str(tmp_path / "x.gif"))
    assert code == 2 and ".svg or .png" in err


def test_show_and_diagram(cli: Cli, tmp_path: Path) -> None:
    f = tmp_path / "c.pdn"
    f.write_text(FILE, encoding="utf-8")
    code, out, _ = cli("compose", "show", str(f))
    assert code == 0 and "White to play and win" in out and "1. a5-b4 f4-g3" in out
    code, _, _ = cli("compose", "diagram", str(f), "-o", str(tmp_path / "d.png"))
    assert code == 0 and (tmp_path / "d.png").read_bytes().startswith(b"\x89PNG")
    code, _, _ = cli("compose", "diagram", str(f), "-o", str(tmp_path / "d.svg"), "--lang",
                     "ru", "--anonymous")
    svg = (tmp_path / "d.svg").read_text(encoding="utf-8")
    assert "Белые начинают и выигрывают (2 + 2)" in svg and "Шошин" not in svg
