"""TRF-2026 import and export."""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys

import pytest

from shashki.competition.errors import TrfError
from shashki.competition.model import SCORING, Tournament
from shashki.competition.trf import export_trf, parse_trf


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
    with pytest.raises(TrfError, match="line 2: bad starting rank"):
        parse_trf("012 X\n001   xx      A\n")
    with pytest.raises(TrfError, match="line 2: round 1: bad result code 'Q'"):
        parse_trf("012 X\n" + good.splitlines()[1].ljust(91) + "0000 - Q\n")
    with pytest.raises(TrfError, match="appears twice"):
        parse_trf(good + good.splitlines()[1] + "\n")



def test_inconsistent_pairs() -> None:
    a = "001    1      A                                 2000" + " " * 39 + "   2 w 1"
    b = "001    2      B                                 2000" + " " * 39 + "   3 b 0"
    c = "001    3      C                                 2000"
    with pytest.raises(TrfError, match="meets 2, whose record does not name 1"):
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
