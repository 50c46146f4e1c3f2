"""Shared fixtures of competition tests: the hand-computed example events, and the shared
read-only test data beside the repository (``../shared/data``)."""

from __future__ import annotations

import pathlib

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


def swiss6() -> Tournament:
    """Six-player Swiss, 3 rounds, 2/1/0: forfeits, a double forfeit, a withdrawal, a bye.

    R1: 1-4 1-0; 2-5 forfeit (5 is 50 min late, first control 45 min: Code 3.13.1); 3-6 =.
    R2: 1-2 =; 6-4 0-1; 3-5 both absent (Code 3.13.3: both lose). Player 6 withdraws.
    R3: 1-3 0-1; 2-4 0-1; 5 gets the pairing bye. Points: P1 3, P2 3, P3 3, P4 4, P5 2, P6 1.
    """
    from shashki.competition.model import lateness_result

    t = Tournament(name="Swiss6", system="dutch", rounds_planned=3)
    for i in range(1, 7):
        t.add_player(f"P{i}")
    forfeit = lateness_result(None, 50, 45)
    both = lateness_result(60, 70, 45)
    t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 2, 5, [forfeit]),
                          Pairing(3, 3, 6, ["1/2-1/2"])]))
    t.add_round(Round(2, [Pairing(1, 1, 2, ["1/2-1/2"]), Pairing(2, 6, 4, ["0-1"]),
                          Pairing(3, 3, 5, [both])]))
    t.withdraw(6)
    t.add_round(Round(3, [Pairing(1, 1, 3, ["0-1"]), Pairing(2, 2, 4, ["0-1"])],
                      [Bye(5, "PAB")]))
    return t


@pytest.fixture
def swiss_forfeits() -> Tournament:
    return swiss6()


@pytest.fixture
def rr() -> Tournament:
    return rr5()


@pytest.fixture
def swiss() -> Tournament:
    return swiss5()


REPO = pathlib.Path(__file__).resolve().parents[2]


def shared_data(name: str) -> pathlib.Path | None:
    """``shared/data/NAME`` beside the repository: ``REPO.parent / "shared" / "data"``, or the
    same under a further ancestor (a git worktree sits one level deeper than the main
    checkout). None when it is absent; tests then skip."""
    for base in REPO.parents:
        d = base / "shared" / "data" / name
        if d.is_dir():
            return d
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``bbp_round``: every round of the shared Dutch set (``swiss-dutch/eSSSS-rK.trf``, each
    with bbpPairings' ``.pairs``), or one None when the data is absent (the test skips)."""
    if "bbp_round" in metafunc.fixturenames:
        d = shared_data("swiss-dutch")
        files = sorted(d.glob("e*-r*.trf")) if d else []
        metafunc.parametrize("bbp_round", files or [None],
                             ids=[f.stem for f in files] or ["absent"])
    if "bbp_round_gacrux" in metafunc.fixturenames:
        # gacrux takes 20 s for the whole set: one round in ten by default, all under -m slow.
        d = shared_data("swiss-dutch")
        files = sorted(d.glob("e*-r*.trf")) if d else []
        metafunc.parametrize("bbp_round_gacrux", [
            pytest.param(f, marks=() if i % 10 == 0 else pytest.mark.slow)
            for i, f in enumerate(files)] or [None], ids=[f.stem for f in files] or ["absent"])
