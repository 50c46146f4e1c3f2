"""TRF-2026 import and export."""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shashki.competition.errors import TrfError, TrfWarning
from shashki.competition.model import SCORING, Adjustment, Bye, Pairing, Round, Tournament
from shashki.competition.standings import standings
from shashki.competition.tiebreaks import SIMPLE
from shashki.competition.trf import export_trf, parse_trf, read_trf


def test_round_trip(swiss: Tournament) -> None:
    text = export_trf(swiss)
    back = parse_trf(text)
    assert back.all_points() == swiss.all_points()
    assert sorted((r.number, p.white, p.black, p.results) for r in back.rounds
                  for p in r.pairings) == sorted((r.number, p.white, p.black, p.results)
                                                 for r in swiss.rounds for p in r.pairings)
    assert [(b.player, b.kind) for r in back.rounds for b in r.byes] == [
        (5, "PAB"), (4, "PAB"), (3, "Z")]
    assert back.scoring is SCORING["2-1-0"]
    assert export_trf(back).splitlines()[11:] == text.splitlines()[11:]


def test_columns(swiss: Tournament) -> None:
    line = next(x for x in export_trf(swiss).splitlines() if x.startswith("001    1"))
    assert line[14:47].strip() == "P1"
    assert line[80:84] == " 5.0"
    # Round 1: opponent 3 with White, won; columns 92-95, 97, 99.
    assert line[91:95] == "   3" and line[96] == "w" and line[98] == "1"
    five = next(x for x in export_trf(swiss).splitlines() if x.startswith("001    5"))
    assert five[91:99] == "0000 - U"


def test_point_system_record(swiss: Tournament) -> None:
    rec = next(x for x in export_trf(swiss).splitlines() if x.startswith("162"))
    assert rec.split() == ["162", "W", "2.0", "D", "1.0", "L", "0.0", "A", "0.0", "P", "2.0"]
    swiss.scoring = SCORING["1-0.5-0"]
    assert parse_trf(export_trf(swiss)).scoring is SCORING["1-0.5-0"]


def test_forbidden_pairs_record() -> None:
    t = Tournament(rounds_planned=5)
    for name in "ABCD":
        t.add_player(name)
    t.forbid(1, 3)
    assert "260   1   5    1    3" in export_trf(t)
    assert parse_trf(export_trf(t)).forbidden[0].players == (1, 3)


def test_javafo_records() -> None:
    t = parse_trf("XXR 7\nXXC black1\nXXP 1 2\n001    1      A\n001    2      B\n")
    assert (t.rounds_planned, t.first_color) == (7, "black")
    assert t.is_forbidden(1, 2, 5)


def test_errors_name_the_line() -> None:
    good = "012 X\n001    1      A                                 2000\n"
    with pytest.raises(TrfError, match="line 2, column 5: bad starting rank"):
        parse_trf("012 X\n001   xx      A\n")
    with pytest.raises(TrfError, match="line 2, column 99: round 1: bad result code 'Q'"):
        parse_trf("012 X\n" + good.splitlines()[1].ljust(91) + "0000 - Q\n")
    with pytest.raises(TrfError, match="line 3, column 5: starting rank 1 appears twice"):
        parse_trf(good + good.splitlines()[1] + "\n")



def test_inconsistent_pairs() -> None:
    a = "001    1      A                                 2000" + " " * 39 + "   2 w 1"
    b = "001    2      B                                 2000" + " " * 39 + "   3 b 0"
    c = "001    3      C                                 2000"
    with pytest.raises(TrfError, match="line 1, column 92: round 1: player 1 meets 2, "
                                       "whose record does not name 1"):
        parse_trf("\n".join([a, b, c]))


def test_gacrux_checker_accepts_our_export(tmp_path: pathlib.Path) -> None:
    """A gacrux-generated event read by shashki and written again passes gacrux's pairing
    checker round by round (the TRF interchange works both ways)."""
    spec = importlib.util.spec_from_file_location(
        "competition_rtg_for_trf", pathlib.Path(__file__).with_name("rtg.py"))
    assert spec and spec.loader
    rtg = importlib.util.module_from_spec(spec)
    sys.modules["competition_rtg_for_trf"] = rtg
    spec.loader.exec_module(rtg)
    generate = rtg.generate

    text = export_trf(parse_trf(generate(3, 24, 7)))
    f = tmp_path / "event.trf"
    f.write_text(text, encoding="latin-1")
    out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(f), "-c",
                          "-dT"], capture_output=True, text=True, timeout=300, check=False)
    assert out.stdout.strip().endswith("Check: True"), out.stdout[-2000:]


def _player(num: int, name: str, rating: int, pts: float, cells: str) -> str:
    """A 001 record in TRF-2026 columns (starting rank 5-8, name 15-47, rating 49-52,
    points 81-84, rank 86-89, round cells from 92)."""
    return (f"001 {num:4d} m    {name:<33} {rating:4d} RUS {num + 4100000:11d} 2000/01/01 "
            f"{pts:4.1f} {num:4d}  {cells}")


# A TRF-2026 report of a 4-player Swiss after round 2, with the records other tools write:
# deputies (112), allotted time (122), round dates (132), starting-rank method (172),
# pairing controller (182), encoded type (192), tie-breaks with a code shashki has no
# equivalent for (202 ARO), time control (222), a half-point bye asked for round 3 (240),
# accelerated round (250), prohibited pairing (260), abnormal points (299), a national
# rating record (NRS) and a JaVaFo acceleration line (XXA).
TRF26 = "\n".join([
    "012 Open of Tula", "022 Tula", "032 RUS", "042 2026/05/01", "052 2026/05/03",
    "062 4", "072 4", "092 Individual: Swiss-System", "102 IA Petrov, Ivan 4100000",
    "112 FA Sidorova, Anna", "112 Smirnov, Oleg", "122 45 min per game",
    "132".ljust(91) + "26/05/01  26/05/02  26/05/03", "142 3", "152 W",
    "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0", "172 RUS NIDOF", "182 Vega 8.0",
    "192 FIDE_DUTCH_2026", "202 BH/C1,BH,DE,ARO", "222 2700", "240 H   3    4",
    "250      1.0   1   1    1    2", "260   1   3    3    4",
    "299 +        1.0    2    1", "RUS    1 m    Ivanov, Ivan                      1650",
    "XXA    1  1.0", "### a comment other tools write",
    _player(1, "Ivanov, Ivan", 2200, 3.0, "   3 w 1     4 b +"),
    _player(2, "Petrov, Petr", 2150, 3.0, "   4 w =     3 b 1"),
    _player(3, "Sidorov, Sidor", 2100, 0.0, "   1 b 0     2 w 0"),
    _player(4, "Smirnov, Semen", 2050, 1.0, "   2 b =     1 w -"),
]) + "\r\n"


def test_trf2026_records_are_read() -> None:
    t, found = read_trf(TRF26)
    # Every record kept but not applied is named, with its line (TRF-2026 line numbers).
    assert found == [f"TRF line {n} (record {rec}): kept and written back, not applied"
                     for n, rec in ((17, "172, encoded starting-rank method"),
                                    (18, "182, pairing controller"), (20, "202, tie-breaks"),
                                    (26, "RUS, national rating"),
                                    (27, "XXA, accelerated points per round"))]
    assert (t.name, t.city, t.federation, t.start, t.end) == (
        "Open of Tula", "Tula", "RUS", "2026-05-01", "2026-05-03")
    assert t.deputies == ["FA Sidorova, Anna", "Smirnov, Oleg"]
    assert (t.time_control_text, t.time_control) == ("45 min per game", "2700")
    assert t.round_dates == ["2026-05-01", "2026-05-02", "2026-05-03"]
    assert (t.system, t.rounds_planned, t.first_color) == ("dutch", 3, "white")
    assert t.scoring is SCORING["2-1-0"]
    # 202: the codes before the first one shashki lacks (ARO); the record itself is kept.
    assert t.tiebreaks == ["buchholz-cut1", "buchholz", "direct"]
    assert [(b.player, b.kind) for b in t.byes_requested[3]] == [(4, "H")]
    assert t.is_forbidden(3, 4, 3) and not t.is_forbidden(1, 2, 3)
    assert [r[:3] for r in t.trf_records] == ["172", "182", "202", "250", "RUS", "XXA"]
    # 299: player 1's forfeit win of round 2 is worth 1 point, not 2.
    assert t.adjustments == [Adjustment(1.0, 2, (1,), "+")]
    assert t.all_points() == {1: 3.0, 2: 3.0, 3: 0.0, 4: 1.0}
    assert t.rounds[1].pairings[1].results == ["-/+"]  # 4 (White) lost by forfeit


def test_trf2026_round_trip_keeps_every_record() -> None:
    t, _ = read_trf(TRF26)
    text = export_trf(t)
    lines = text.splitlines()
    for rec in t.trf_records:
        assert rec in lines
    for rec in ("112 FA Sidorova, Anna", "122 45 min per game", "222 2700", "142 3",
                "192 FIDE_DUTCH_2026", "240 H   3    4", "260   1   3    3    4"):
        assert rec in lines
    assert "132".ljust(91) + "26/05/01  26/05/02  26/05/03" in lines
    # The file's own 202 stands (shashki cannot write ARO), not a second one.
    assert [x for x in lines if x.startswith("202")] == ["202 BH/C1,BH,DE,ARO"]
    with pytest.warns(TrfWarning) as caught:
        back = parse_trf(text)
    assert len(caught) == 5  # the same five records, warned about again
    assert back.to_dict() == t.to_dict()
    assert export_trf(back) == text


def test_tiebreaks_with_and_without_fide_codes(swiss: Tournament) -> None:
    swiss.tiebreaks = ["buchholz", "sonneborn-berger", "riga", "direct"]
    lines = export_trf(swiss).splitlines()
    # FIDE codes up to the first tie-break without one; the whole list in a comment.
    assert "202 BH,SB" in lines
    assert "### shashki tiebreaks: buchholz,sonneborn-berger,riga,direct" in lines
    assert parse_trf(export_trf(swiss)).tiebreaks == swiss.tiebreaks
    assert parse_trf("212 PTS,BH/M1,SB,TPR\n001    1      A\n").tiebreaks == [
        "median-buchholz", "sonneborn-berger", "performance"]


def test_trfx_extensions() -> None:
    """JaVaFo's XXS point system and XXZ absences, bbpPairings' BBx points."""
    t = parse_trf("XXS W=2 D=1 PAB=2\nXXZ 2\nXXC rank white1\n"
                  "001    1      A\n001    2      B\n001    3      C\n")
    assert t.scoring is SCORING["2-1-0"] and t.first_color == "white"
    assert [(b.player, b.kind) for b in t.byes_requested[1]] == [(2, "Z")]
    t = parse_trf("BBW  3.0\nBBD  1.0\nBBL  0.0\n001    1      A\n")
    assert (t.scoring.win, t.scoring.draw, t.scoring.name) == (3.0, 1.0, "custom")
    # A code not written keeps the standard value (TRF-2026 162, JaVaFo XXS): D is 0.5.
    assert parse_trf("XXS W=3\n001    1      A\n").scoring.draw == 0.5
    assert parse_trf("162  W 3.0\n001    1      A\n").scoring.draw == 0.5


def test_trf2026_record_errors() -> None:
    with pytest.raises(TrfError, match="line 1, column 5: bad bye record"):
        parse_trf("240 Q   3    4\n001    4      A\n")
    with pytest.raises(TrfError, match="line 1, column 92: bad round date '26-05-01'"):
        parse_trf("132".ljust(91) + "26-05-01\n")
    with pytest.raises(TrfError, match="line 1, column 14: no player 9"):
        parse_trf("240 H   2    9\n001    1      A\n")
    with pytest.raises(TrfError, match="unknown tie-break 'bogus'"):
        parse_trf("### shashki tiebreaks: bogus\n")


def test_pair_with_a_bye_asked_in_record_240(tmp_path: pathlib.Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Player 4's half-point bye (240) leaves 1, 2, 3: 1-3 and 2-3 have met, so 1-2 play
    and 3 gets the pairing bye. Player 1's forfeit win left no colour (C.04.1), so he
    is due Black after his White in round 1; 2 alternates to White."""
    f = tmp_path / "tula.trf"
    f.write_text(TRF26)
    from shashki.cli.competition import main

    assert main(["pair", "--trf", str(f)]) == 0
    assert capsys.readouterr().out.splitlines() == ["2", "2 1", "3 0"]


def _gacrux_event(tmp_path: pathlib.Path) -> str:
    """gacrux's generator: 12 players, 5 rounds, Baku acceleration (250 records)."""
    subprocess.run([sys.executable, "-m", "gacrux.tournamentgenerator", "-n", "5", "-p", "12",
                    "-o", str(tmp_path / "A%d.trf"), "-g", "3", "1", "-a", "-S", "0", "0", "0"],
                   check=True, capture_output=True, timeout=300)
    return (tmp_path / "A0003.trf").read_text(encoding="latin-1")


@pytest.mark.parametrize("engine", ["gacrux", "shashki"])
def test_accelerated_file_from_another_tool(tmp_path: pathlib.Path, engine: str) -> None:
    """A TRF made by gacrux with accelerated rounds: shashki keeps the 250 records, its
    export passes gacrux's checker, and pairing round 2 again gives gacrux's round 2 (the
    acceleration reaches the engine)."""
    text = _gacrux_event(tmp_path)
    t = parse_trf(text)
    assert [r[:3] for r in t.trf_records] == ["250", "250"]
    f = tmp_path / "back.trf"
    f.write_text(export_trf(t), encoding="latin-1")
    out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(f), "-c",
                          "-dT"], capture_output=True, text=True, timeout=300, check=False)
    assert out.stdout.strip().endswith("Check: True"), out.stdout[-2000:]
    from shashki.competition.dutch import pair_dutch

    want = {(p.white, p.black) for p in t.rounds[1].pairings}
    del t.rounds[1:]
    assert {(p.white, p.black) for p in pair_dutch(t, engine=engine).pairings} == want


def test_windows_1251_file(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF in Windows-1251 with CR line ends (TRF-2026 remark 1), Russian names."""
    from shashki.cli.competition import main

    text = "\r".join(["012 Первенство Тулы", _player(1, "Иванов, Иван", 2200, 0.0, ""),
                      _player(2, "Петров, Пётр", 2100, 0.0, "")]) + "\r"
    f = tmp_path / "cp1251.trf"
    f.write_bytes(text.encode("cp1251"))
    assert main(["standings", "--trf", str(f), "--csv"]) == 0
    out = capsys.readouterr().out
    assert "Иванов, Иван" in out and "Петров, Пётр" in out


def test_round_robin_file_keeps_byes_it_cannot_take() -> None:
    """A round robin pairs everyone by the Berger table (Code 3.7.2; an absent player
    forfeits, 3.13.1): a 240 or XXZ record for the next round is kept, not applied; the
    number of rounds written is the table's (3 players: 3 rounds, twice in a double one)."""
    t, found = read_trf("192 FIDE_DOUBLEROUNDROBIN\n240 H   1    2\nXXZ 1\n"
                        "001    1      A\n001    2      B\n001    3      C\n")
    assert found == [
        "TRF line 2 (record 240, requested byes in a round robin): kept and written back, "
        "not applied",
        "TRF line 3 (record XXZ, absent players in a round robin): kept and written back, "
        "not applied"]
    assert t.system == "double-berger" and not t.byes_requested
    assert t.trf_records == ["240 H   1    2", "XXZ 1"]
    lines = export_trf(t).splitlines()
    assert "142 6" in lines and "240 H   1    2" in lines and "XXZ 1" in lines


@st.composite
def _events(draw: st.DrawFn) -> Tournament:
    """Random Swiss events: results of every kind (Code 3.13.1 and 3.13.3 forfeits), byes
    of every kind, withdrawals, both point systems."""
    n = draw(st.integers(2, 9))
    t = Tournament(system="dutch", rounds_planned=4,
                   scoring=SCORING[draw(st.sampled_from(sorted(SCORING)))])
    for i in range(n):
        t.add_player(f"P{i + 1}", rating=draw(st.integers(0, 2500)))
    met: set[frozenset[int]] = set()
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        ids = [p.number for p in t.players if p.active(rnd)]
        ids = draw(st.permutations(ids))
        pairings: list[Pairing] = []
        byes: list[Bye] = []
        while len(ids) >= 2:
            a, b = ids.pop(), ids.pop()
            if frozenset((a, b)) in met:
                byes.append(Bye(a, "Z"))
                ids.append(b)
                continue
            met.add(frozenset((a, b)))
            res = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]))
            pairings.append(Pairing(len(pairings) + 1, a, b, [res]))
        byes += [Bye(x, draw(st.sampled_from(["PAB", "H", "Z", "F"]))) for x in ids]
        if sum(b.kind == "PAB" for b in byes) > 1:
            byes = [Bye(b.player, "Z") for b in byes]
        t.add_round(Round(rnd, pairings, byes))
        if draw(st.booleans()) and len(t.players) > 2:
            t.withdraw(draw(st.sampled_from([p.number for p in t.players])))
    return t


@settings(max_examples=60, deadline=None)
@given(_events())
def test_random_events_round_trip(t: Tournament) -> None:
    """Any event survives TRF export and import: same points, pairings, results, byes,
    withdrawals and standings with every tie-break."""
    back = parse_trf(export_trf(t))
    assert back.all_points() == t.all_points()
    assert back.scoring == t.scoring
    assert back.entries() == t.entries()  # an absence is a zero-point bye either way
    assert [(p.entered, p.withdrawn) for p in back.players] == [
        (p.entered, p.withdrawn) for p in t.players]
    for r, s in zip(t.rounds, back.rounds, strict=True):
        assert sorted((p.white, p.black, p.results[0]) for p in r.pairings) == sorted(
            (p.white, p.black, p.results[0]) for p in s.pairings)
    # Tie-breaks too: the withdrawals travel in shashki's comment record (Code 3.16.11).
    assert standings(back, list(SIMPLE)) == standings(t, list(SIMPLE))
    assert export_trf(back) == export_trf(t)
