"""The competition commands through competition.cli.main (as the main CLI will run them)."""

from __future__ import annotations

import json
import pathlib

import pytest

from shashki.cli.competition import main
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


def test_every_label_the_command_line_names_is_known() -> None:
    import re

    import shashki.cli.competition as cli_module
    from shashki.competition.labels import LABELS

    source = pathlib.Path(cli_module.__file__).read_text(encoding="utf-8")
    for key in re.findall(r'label\("([^"]+)"\)', source):
        assert key in LABELS, key


def test_swiss_event_with_byes_and_withdrawal(tmp_path: pathlib.Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A 6-player Swiss run from the terminal: a half-point bye asked in advance, a forfeit
    (Code 3.13.1), a withdrawal and the pairing bye (Code 3.16.11); exports carry them."""
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f = str(tmp_path / "ev.json")
    assert _run(capsys, "tournament", "new", f, "--name", "Cup", "--rounds", "3",
                "--tiebreaks", "buchholz,wins", "--time-control", "70m/35 + 15m",
                "--city", "Tula", "--start", "2026-05-01")[0] == 0
    for name, r in [("A", "2300"), ("B", "2250"), ("C", "2200"), ("D", "2150"), ("E", "2100"),
                    ("F", "2050")]:
        _run(capsys, "tournament", "add", f, name, "--rating", r)
    rc, out, _ = _run(capsys, "tournament", "bye", f, "5", "--kind", "H")
    assert rc == 0 and "round 1" in out
    rc, out, _ = _run(capsys, "tournament", "pair", f)
    t = Tournament.load(f)
    assert sorted(b.kind for b in t.rounds[0].byes) == ["H", "PAB"]
    assert (5, "H") in [(b.player, b.kind) for b in t.rounds[0].byes]
    assert len(t.rounds[0].pairings) == 2 and not t.byes_requested
    _run(capsys, "tournament", "result", f, "1", "1", "+-")
    _run(capsys, "tournament", "result", f, "1", "2", "1-1")
    rc, out, _ = _run(capsys, "tournament", "withdraw", f, "4")
    assert rc == 0
    rc, out, _ = _run(capsys, "tournament", "pair", f)
    t = Tournament.load(f)
    assert 4 not in set(t.rounds[1].players())
    assert [b.kind for b in t.rounds[1].byes] == ["PAB"]
    rc, out, _ = _run(capsys, "tournament", "export", f, "trf")
    assert "222 35/4200:900" in out and "022 Tula" in out and "202 BH,WIN" in out
    rc, out, _ = _run(capsys, "tournament", "export", f, "pdn", "--round", "1")
    assert '[TimeControl "35/4200:900"]' in out and '[Date "2026.05.01"]' in out
    rc, out, _ = _run(capsys, "tournament", "export", f, "html")
    assert "withdrew from round 2" in out
    # The TRF keeps the tie-breaks: standings --trf uses them unless told otherwise.
    trf = tmp_path / "ev.trf"
    _run(capsys, "tournament", "export", f, "trf", "-o", str(trf))
    rc, out, _ = _run(capsys, "standings", "--trf", str(trf), "--json")
    assert [x["key"] for x in json.loads(out)["tiebreaks"]] == ["buchholz", "wins"]
    rc, _, err = _run(capsys, "tournament", "bye", f, "4")
    assert rc == 2 and "does not play round 3" in err
    rc, _, err = _run(capsys, "tournament", "new", str(tmp_path / "x.json"),
                      "--time-control", "7h")
    assert rc == 2 and "Code 3.9.5" in err


def test_swiss_micromatch_event(tmp_path: pathlib.Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Code 3.7.4: a Swiss of micro-matches ranked by match points, openings drawn from the
    FMJD table with a seed and recorded; both games' results entered by game number."""
    f = str(tmp_path / "mm.json")
    _run(capsys, "tournament", "new", f, "--rounds", "2", "--micromatch", "fmjd-russian",
         "--seed", "9", "--ranking", "match")
    for name in "ABCD":
        _run(capsys, "tournament", "add", f, name)
    rc, out, _ = _run(capsys, "tournament", "pair", f)
    assert rc == 0
    t = Tournament.load(f)
    openings = [p.opening for p in t.rounds[0].pairings]
    assert all(openings) and t.draws[-1]["seed"] == "9:1"
    for board in (1, 2):
        assert _run(capsys, "tournament", "result", f, "1", str(board), "2-0", "1")[0] == 0
        assert _run(capsys, "tournament", "result", f, "1", str(board), "1-1", "2")[0] == 0
    t = Tournament.load(f)
    winners = {p.white for p in t.rounds[0].pairings}
    assert {n: pts for n, pts in t.all_points().items() if n in winners} == {
        n: 2.0 for n in winners}  # a micro-match won 3:1 is 2 match points
    rc, out, _ = _run(capsys, "tournament", "export", f, "pdn", "--round", "1")
    assert out.count("[MicroMatch ") == 4 and out.count('[Round "1.2"]') == 2


def test_lateness_from_the_time_control(tmp_path: pathlib.Path,
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Code 3.13.1: with 70 min for 35 moves, a player 70 min late still plays, 71 min
    late loses; Code 3.13.3: both beyond it, both lose."""
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f = str(tmp_path / "ev.json")
    _run(capsys, "tournament", "new", f, "--system", "berger", "--time-control",
         "70m/35 + 15m")
    for name in "ABCD":
        _run(capsys, "tournament", "add", f, name)
    _run(capsys, "tournament", "pair", f)
    rc, out, _ = _run(capsys, "tournament", "late", f, "1", "1", "--black", "70")
    assert rc == 0 and "game is played" in out
    rc, out, _ = _run(capsys, "tournament", "late", f, "1", "1", "--black", "71")
    assert rc == 0 and "+:−" in out
    rc, out, _ = _run(capsys, "tournament", "late", f, "1", "2", "--white", "80", "--black",
                      "75")
    assert rc == 0 and "−:−" in out
    t = Tournament.load(f)
    assert [p.results for p in t.rounds[0].pairings] == [["+/-"], ["-/-"]]
    assert t.all_points() == {1: 2.0, 2: 0.0, 3: 0.0, 4: 0.0}
    g = str(tmp_path / "no_tc.json")
    _run(capsys, "tournament", "new", g)
    rc, _, err = _run(capsys, "tournament", "late", g, "1", "1", "--white", "50")
    assert rc == 2 and "no time control" in err


def test_pairing_sheet_of_a_round(tmp_path: pathlib.Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A round's pairing sheet: boards, colours and the balloted opening's moves
    (Code 3.7.2, 3.7.4), without the standings."""
    f = str(tmp_path / "mm.json")
    _run(capsys, "tournament", "new", f, "--system", "berger", "--micromatch", "idf-150",
         "--seed", "3")
    for name in "ABCD":
        _run(capsys, "tournament", "add", f, name)
    _run(capsys, "tournament", "pair", f)
    t = Tournament.load(f)
    from shashki.openings import entry

    rc, out, _ = _run(capsys, "tournament", "export", f, "html", "--round", "1")
    assert rc == 0 and "<h2>" in out
    for p in t.rounds[0].pairings:
        assert f"{p.opening}: {entry('idf-150', p.opening or '').text()}" in out
    assert out.count("<table>") == 1  # no standings, no crosstable
    rc, _, err = _run(capsys, "tournament", "export", f, "html", "--round", "2")
    assert rc == 2 and "no round 2" in err


def test_pair_berger_odd_lists_the_free_player(tmp_path: pathlib.Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Five players: FIDE's table for six, round 1 1-6 2-5 3-4; number 6 is the dummy, so
    player 1 is free (Code 3.7.2; FIDE C.05 Annex 1)."""
    t = Tournament(system="berger")
    for name in "ABCDE":
        t.add_player(name)
    src = tmp_path / "rr.trf"
    src.write_text(export_trf(t))
    rc, out, _ = _run(capsys, "pair", "--system", "berger", "--trf", str(src))
    assert rc == 0 and out.splitlines() == ["3", "2 5", "3 4", "1 0"]


def test_team_round_robin(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Three teams of two boards (docs/rules.md K21): the Berger table of four leaves one
    team free a round; Spartak beats Torpedo 3:1 on boards (2-0 on board 1, 1-1 on 2)."""
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f = str(tmp_path / "league.json")
    assert _run(capsys, "team", "new", f, "--name", "League", "--boards", "2")[0] == 0
    for name in ("Dynamo", "Spartak", "Torpedo"):
        rc, out, _ = _run(capsys, "team", "add", f, name, f"{name} 1", f"{name} 2")
        assert rc == 0 and "team " + name in out
    rc, out, _ = _run(capsys, "team", "pair", f)
    assert rc == 0 and "Spartak" in out and "bye" in out
    assert _run(capsys, "team", "result", f, "1", "1", "2-0", "1-1")[0] == 0
    rc, out, _ = _run(capsys, "team", "standings", f)
    rows = [x for x in out.splitlines() if x.startswith("│")]
    assert rc == 0 and "Spartak" in rows[0] and "Torpedo" in rows[1] and "Dynamo" in rows[2]
    from shashki.competition.team import TeamTournament

    tt = TeamTournament.from_json(pathlib.Path(f).read_text(encoding="utf-8"))
    assert tt.match_points() == {1: 0.0, 2: 2.0, 3: 0.0}
    assert tt.board_points() == {1: 0.0, 2: 3.0, 3: 1.0}
    rc, _, err = _run(capsys, "team", "result", f, "1", "1", "2-0")
    assert rc == 2 and "1 results for 2 boards" in err


def test_forfeits_as_the_readme_writes_them(tmp_path: pathlib.Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``+-``, ``-+`` and ``0-0`` (Code 3.13.1, 3.13.3) are results, not options, in
    ``tournament result`` and ``team result``."""
    f = str(tmp_path / "cup.json")
    _run(capsys, "tournament", "new", f, "--rounds", "3")
    for name in "ABCDEF":
        _run(capsys, "tournament", "add", f, name)
    _run(capsys, "tournament", "pair", f)
    for board, res in ((1, "-+"), (2, "+-"), (3, "0-0")):
        rc, out, err = _run(capsys, "tournament", "result", f, "1", str(board), res)
        assert (rc, err) == (0, "") and out.strip().endswith(res)
    assert [p.results for p in Tournament.load(f).rounds[0].pairings] == [
        ["-/+"], ["+/-"], ["-/-"]]
    lg = str(tmp_path / "league.json")
    _run(capsys, "team", "new", lg, "--boards", "2")
    for team in ("Dynamo", "Spartak"):
        _run(capsys, "team", "add", lg, team, "P1", "P2")
    _run(capsys, "team", "pair", lg)
    rc, _, err = _run(capsys, "team", "result", lg, "1", "1", "-+", "2-0")
    assert (rc, err) == (0, "")


def test_bad_files_one_line_exit_2(tmp_path: pathlib.Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed TRF for ``pair``/``standings``, a tournament file that is not UTF-8 for
    ``tournament add|standings``: one line on stderr naming the problem, status 2."""
    bad = tmp_path / "bad.trf"
    bad.write_text("001    0      A\n001    1      B\n")
    for cmd in ("pair", "standings"):
        rc, _, err = _run(capsys, cmd, "--trf", str(bad))
        assert rc == 2 and err.count("\n") == 1 and "line 1, column 5" in err
    bad.write_bytes(b"001    1      A\r  2 w 1\n")
    rc, _, err = _run(capsys, "standings", "--trf", str(bad))
    assert rc == 2 and err.count("\n") == 1 and "line 2, column 1" in err
    f = tmp_path / "cup.json"
    f.write_bytes(b'{"format": "shashki-tournament", "name": "\xff\xfe"}')
    for argv in (["add", str(f), "Ivanov"], ["standings", str(f)]):
        rc, _, err = _run(capsys, "tournament", *argv)
        assert rc == 2 and err.count("\n") == 1 and "not UTF-8" in err


def test_trf_warnings_on_stderr(tmp_path: pathlib.Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """A record read but not applied is named on stderr, one line each, and the command
    goes on."""
    f = tmp_path / "x.trf"
    f.write_text("012 X\n172 RUS FIDE\n062 3\n001    1      A\n001    2      B\n")
    rc, out, err = _run(capsys, "pair", "--trf", str(f))
    assert rc == 0 and out.splitlines() == ["1", "1 2"]
    assert err.splitlines() == [
        "shashki: warning: TRF line 3 (record 062): 3 players, the file has 2",
        "shashki: warning: TRF line 2 (record 172, encoded starting-rank method): kept and "
        "written back, not applied"]


def test_play_off_and_lots_from_the_command_line(tmp_path: pathlib.Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Code 3.16.2 through the CLI: B and C equal on 3 points play a two-game match that B
    wins; the final table says how each place was decided."""
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f = str(tmp_path / "po.json")
    _run(capsys, "tournament", "new", f, "--system", "berger", "--ties", "playoff", "--lots",
         "--tiebreaks", "sonneborn-berger", "--reading", "forfeit-wins=played")
    for name in "ABCD":
        _run(capsys, "tournament", "add", f, name)
    for _ in range(3):
        _run(capsys, "tournament", "pair", f)
    for rnd, board, res in [(1, 1, "1-1"), (1, 2, "0-2"), (2, 1, "1-1"), (2, 2, "1-1"),
                            (3, 1, "2-0"), (3, 2, "0-2")]:
        assert _run(capsys, "tournament", "result", f, str(rnd), str(board), res)[0] == 0
    rc, out, _ = _run(capsys, "tournament", "playoff", f)
    assert rc == 0 and "play-off of 2, 3 to be held" in out
    assert _run(capsys, "tournament", "playoff", f, "new", "2", "3", "--double",
                "--time-control", "10m+5s")[0] == 0
    assert Tournament.load(f).playoffs[0].event.time_control == "600+5"
    for rnd in ("1", "2"):
        assert _run(capsys, "tournament", "playoff", f, "pair", "1")[0] == 0
        po = Tournament.load(f).playoffs[0]
        won = "2-0" if po.event.rounds[-1].pairings[0].white == po.players.index(2) + 1 \
            else "-+"
        assert _run(capsys, "tournament", "playoff", f, "result", "1", rnd, "1", won)[0] == 0
    rc, out, _ = _run(capsys, "tournament", "standings", f)
    assert rc == 0 and out.count("play-off") == 2 and "Decided by" in out
    rc, out, _ = _run(capsys, "tournament", "lots", f)
    assert rc == 0 and "no lot to draw" in out
    rc, _, err = _run(capsys, "tournament", "new", str(tmp_path / "x.json"), "--reading",
                      "bye-opponent=highest")
    assert rc == 2 and err.count("\n") == 1 and "unknown reading" in err
