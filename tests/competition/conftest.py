"""Shared fixtures of competition tests: the hand-computed example events."""

from __future__ import annotations

import pytest

from shashki.competition.model import Bye, Pairing, Round, Tournament


def rr5() -> Tournament:
    """Five-player round robin, 2/1/0 (hand-computed values in test_tiebreaks.py).

    A-B 1-0, A-C =, A-D 1-0, A-E 0-1, B-C 1-0, B-D =, B-E 1-0, C-D 1-0, C-E =, D-E 1-0.
    Points: A 5, B 5, C 4, D 3, E 3.
    """
    t = Tournament(name="RR5", system="berger")
    for name in "ABCDE":
        t.add_player(name)
    games = {(1, 2): "1-0", (1, 3): "1/2-1/2", (1, 4): "1-0", (1, 5): "0-1", (2, 3): "1-0",
             (2, 4): "1/2-1/2", (2, 5): "1-0", (3, 4): "1-0", (3, 5): "1/2-1/2", (4, 5): "1-0"}
    from shashki.competition.berger import pair_berger_round

    for _ in range(5):
        r = pair_berger_round(t)
        for p in r.pairings:
            key = (min(p.white, p.black), max(p.white, p.black))
            res = games[key]
            if p.white != key[0]:
                res = {"1-0": "0-1", "0-1": "1-0"}.get(res, res)
            p.results = [res]
        t.add_round(r)
    return t


def swiss5() -> Tournament:
    """Five-player Swiss, 3 rounds, 2/1/0, with byes and a withdrawal (Code 3.16.11).

    R1: 1-3 1-0, 2-4 =, 5 bye. R2: 5-1 0-1, 3-2 1-0, 4 bye. Player 3 withdraws.
    R3: 1-2 =, 4-5 0-1. Points: P1 5, P2 2, P3 2, P4 3, P5 4.
    """
    t = Tournament(name="Swiss5", system="dutch", rounds_planned=3)
    for i in range(1, 6):
        t.add_player(f"P{i}")
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 2, 4, ["1/2-1/2"])],
                      [Bye(5, "PAB")]))
    t.add_round(Round(2, [Pairing(1, 5, 1, ["0-1"]), Pairing(2, 3, 2, ["1-0"])],
                      [Bye(4, "PAB")]))
    t.withdraw(3)
    t.add_round(Round(3, [Pairing(1, 1, 2, ["1/2-1/2"]), Pairing(2, 4, 5, ["0-1"])]))
    return t


@pytest.fixture
def rr() -> Tournament:
    return rr5()


@pytest.fixture
def swiss() -> Tournament:
    return swiss5()
