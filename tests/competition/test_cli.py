"""The competition commands through competition.cli.main (as the main CLI will run them)."""

from __future__ import annotations

import json
import pathlib

import pytest

from shashki.competition.cli import main
from shashki.competition.model import Tournament
from shashki.competition.trf import export_trf


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        rc = main(list(argv))
    except SystemExit as e:
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


def test_whole_event(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f = str(tmp_path / "ev.json")
    assert _run(capsys, "tournament", "new", f, "--name", "Cup", "--rounds", "3",
                "--tiebreaks", "buchholz,wins")[0] == 0
    for name, r in [("Ivanov", "2300"), ("Petrov", "2250"), ("Sidorov", "2200"),
                    ("Smirnov", "2100")]:
        assert _run(capsys, "tournament", "add", f, name, "--rating", r)[0] == 0
    rc, out, _ = _run(capsys, "tournament", "pair", f)
    assert rc == 0 and "Round 1" in out and "Ivanov" in out
    assert _run(capsys, "tournament", "result", f, "1", "1", "2-0")[0] == 0
    assert _run(capsys, "tournament", "result", f, "1", "2", "1-1")[0] == 0
    rc, out, _ = _run(capsys, "tournament", "standings", f)
    assert rc == 0 and "Standings" in out
    rc, out, _ = _run(capsys, "tournament", "export", f, "pairings", "--round", "1")
    assert out.splitlines()[0] == "2"
    rc, out, _ = _run(capsys, "tournament", "export", f, "trf")
    assert "001    1" in out
    t = Tournament.load(f)
    assert t.current_round == 1 and t.complete()


def test_errors_one_line_exit_2(tmp_path: pathlib.Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "ev.json")
    _run(capsys, "tournament", "new", f)
    rc, _, err = _run(capsys, "tournament", "result", f, "1", "1", "2-0")
    assert rc == 2 and err.count("\n") == 1 and "no round 1" in err
    rc, _, err = _run(capsys, "tournament", "new", f)
    assert rc == 2 and "exists" in err
    rc, _, err = _run(capsys, "standings", "--trf", str(tmp_path / "missing.trf"))
    assert rc == 2 and err.count("\n") == 1
    rc, _, err = _run(capsys, "standings", "--trf", f, "--tiebreaks", "bogus")
    assert rc == 2 and "bogus" in err
    (tmp_path / "bad.trf").write_text("001   xx  A\n")
    rc, _, err = _run(capsys, "pair", "--trf", str(tmp_path / "bad.trf"))
    assert rc == 2 and "TRF line 1" in err and "Traceback" not in err


def test_pair_trf_bbp_output(swiss: Tournament, tmp_path: pathlib.Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    swiss.rounds_planned = 0
    src = tmp_path / "in.trf"
    t = Tournament(system="dutch", rounds_planned=3)
    for i in range(6):
        t.add_player(f"P{i}", rating=2000 - i)
    src.write_text(export_trf(t))
    rc, out, _ = _run(capsys, "pair", "--system", "dutch", "--trf", str(src))
    assert rc == 0 and out.splitlines() == ["3", "1 4", "5 2", "3 6"]
    rc, out, _ = _run(capsys, "pair", "--trf", str(src), "--absent", "6")
    assert rc == 0 and out.splitlines() == ["3", "1 3", "4 2", "5 0"]
    # A half-point bye requested in the file for the round to pair (bbpPairings style).
    lines = src.read_text().splitlines()
    lines = [x.ljust(91) + "0000 - H" if x.startswith("001    6") else x for x in lines]
    src.write_text("\n".join(lines) + "\n")
    rc, out, _ = _run(capsys, "pair", "--trf", str(src))
    assert rc == 0 and out.splitlines() == ["3", "1 3", "4 2", "5 0"]
    rc, out, _ = _run(capsys, "pair", "--system", "berger", "--trf", str(src),
                      "-o", str(tmp_path / "p.txt"))
    assert (tmp_path / "p.txt").read_text().splitlines() == ["3", "1 6", "2 5", "3 4"]


def test_standings_formats(swiss: Tournament, tmp_path: pathlib.Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "s.trf"
    src.write_text(export_trf(swiss))
    rc, out, _ = _run(capsys, "standings", "--trf", str(src), "--tiebreaks", "buchholz",
                      "--json")
    doc = json.loads(out)
    assert rc == 0 and [r["number"] for r in doc["standings"]] == [1, 5, 4, 2, 3]
    rc, out, _ = _run(capsys, "standings", "--trf", str(src), "--csv")
    assert out.startswith("place,number")
    rc, out, _ = _run(capsys, "standings", "--trf", str(src), "--html")
    assert "<table>" in out
    rc, _, err = _run(capsys, "standings", "--trf", str(src), "--pdf")
    assert rc == 2 and "-o" in err


def test_russian_messages(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    rc, out, _ = _run(capsys, "tournament", "new", str(tmp_path / "e.json"))
    assert rc == 0 and "создан" in out
    rc, _, err = _run(capsys, "tournament", "result", str(tmp_path / "e.json"), "1", "1", "1-0")
    assert rc == 2 and "ошибка" in err


def test_micromatch_event(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "mm.json")
    _run(capsys, "tournament", "new", f, "--system", "berger", "--micromatch", "idf-150",
         "--seed", "5")
    for name in "ABCD":
        _run(capsys, "tournament", "add", f, name)
    _run(capsys, "tournament", "draw", f)
    rc, out, _ = _run(capsys, "tournament", "pair", f)
    assert rc == 0
    t = Tournament.load(f)
    assert all(p.opening for p in t.rounds[0].pairings)
    assert _run(capsys, "tournament", "result", f, "1", "1", "1-0", "2")[0] == 0
    rc, out, _ = _run(capsys, "tournament", "export", f, "pdn", "--round", "1")
    assert out.count("[Event ") == 4


def test_every_text_in_both_languages() -> None:
    import re

    import shashki.competition.cli as cli_module
    from shashki.competition.i18n import TEXTS

    assert all(en and ru for en, ru in TEXTS.values())
    source = pathlib.Path(cli_module.__file__).read_text(encoding="utf-8")
    for key in re.findall(r'tr\("([^"]+)"\)', source):
        assert key in TEXTS, key
