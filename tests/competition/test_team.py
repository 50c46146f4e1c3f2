"""Team round robin: match points, board points, colours by board, tie-breaks."""

from __future__ import annotations

import pytest

from shashki.competition.errors import InvalidTournament, PairingError, ResultError
from shashki.competition.team import TeamTournament


def _event(tiebreaks: list[str]) -> TeamTournament:
    """Four teams, two boards. Hand-computed below."""
    t = TeamTournament(name="Teams", boards=2, tiebreaks=tiebreaks)
    for name in "ABCD":
        t.add_team(name, [f"{name}1", f"{name}2", f"{name}3"])
    # Berger 4: R1 1-4 2-3; R2 4-3 1-2; R3 2-4 3-1. Board 2: the second team has White.
    results = {
        1: {(1, 4): ["1-0", "1-0"],            # A 2:2 D? board 2 White = D: "1-0" is D's win
            (2, 3): ["1/2-1/2", "1/2-1/2"]},   # B 2:2 C
        2: {(4, 3): ["0-1", "1/2-1/2"],        # board 1: C wins; board 2 (C White) draw: C 3:1
            (1, 2): ["1-0", "0-1"]},           # A wins b1; b2 B White loses: A 4:0
        3: {(2, 4): ["1-0", "1-0"],            # B wins b1; b2 D White wins: 2:2
            (3, 1): ["0-1", "0-1"]},           # A wins b1; b2 A White loses: 2:2
    }
    for rnd in (1, 2, 3):
        r = t.pair_next_round()
        for m in r.matches:
            t.set_result(rnd, m.table, list(results[rnd][(m.white, m.black)]))
    return t


def test_points_by_hand() -> None:
    t = _event(["board-points"])
    # Board points (2/1/0): A 2+4+2 = 8, B 2+0+2 = 4, C 2+3+2 = 7, D 2+1+2 = 5.
    assert t.board_points() == {1: 8.0, 2: 4.0, 3: 7.0, 4: 5.0}
    # Matches: A-D draw, B-C draw, C beat D, A beat B, B-D draw, C-A draw.
    assert t.match_points() == {1: 4.0, 2: 2.0, 3: 4.0, 4: 2.0}
    assert [(s.place, s.team.name) for s in t.standings()] == [
        ("1", "A"), ("2", "C"), ("3", "D"), ("4", "B")]


def test_direct_and_sonneborn_berger() -> None:
    t = _event(["direct"])
    # A and C drew; B and D drew: nothing separated.
    assert [s.place for s in t.standings()] == ["1–2", "1–2", "3–4", "3–4"]
    t.tiebreaks = ["sonneborn-berger"]
    # SB: A 1*2(D) + 2*2(B) + 1*4(C) = 10; C 1*2 + 2*2 + 1*4 = 10; B 1*4 + 1*2 = 6;
    # D 1*4 + 1*2 = 6.
    assert {s.team.name: s.values["sonneborn-berger"] for s in t.standings()} == {
        "A": 10.0, "B": 6.0, "C": 10.0, "D": 6.0}


def test_validation() -> None:
    t = TeamTournament(boards=2)
    with pytest.raises(InvalidTournament, match="1 players for 2 boards"):
        t.add_team("X", ["x"])
    t.add_team("X", ["x1", "x2"])
    t.add_team("Y", ["y1", "y2"])
    t.pair_next_round()
    with pytest.raises(ResultError, match="1 results for 2 boards"):
        t.set_result(1, 1, ["1-0"])
    with pytest.raises(ResultError, match="no match 2"):
        t.set_result(1, 2, ["1-0", "1-0"])
    with pytest.raises(PairingError, match="all 1 rounds"):
        t.pair_next_round()
    with pytest.raises(InvalidTournament, match="round robins"):
        TeamTournament(system="dutch")


def test_json_round_trip() -> None:
    t = _event(["board-points", "direct"])
    back = TeamTournament.from_json(t.to_json())
    assert back.to_json() == t.to_json()
    assert [s.team.name for s in back.standings()] == [s.team.name for s in t.standings()]
