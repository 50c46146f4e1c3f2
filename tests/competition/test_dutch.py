"""Swiss pairings by the FIDE Dutch system: rules around the engine, and the comparison
with gacrux's random tournaments (rtg.py)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

from shashki.competition.dutch import pair_dutch, pairing_numbers
from shashki.competition.errors import PairingError
from shashki.competition.model import Tournament
from shashki.competition.pairing import pair_next_round

_spec = importlib.util.spec_from_file_location(
    "competition_rtg", pathlib.Path(__file__).with_name("rtg.py"))
assert _spec and _spec.loader
rtg = importlib.util.module_from_spec(_spec)
sys.modules["competition_rtg"] = rtg
_spec.loader.exec_module(rtg)


def _event(n: int, **kw: object) -> Tournament:
    t = Tournament(system="dutch", rounds_planned=5, **kw)  # type: ignore[arg-type]
    for i in range(n):
        t.add_player(f"P{i + 1:02d}", rating=2400 - 10 * i)
    return t


def _play(t: Tournament) -> None:
    rnd = pair_next_round(t)
    for p in rnd.pairings:
        p.results = ["1-0" if p.white < p.black else "1/2-1/2"]
    t.add_round(rnd)


def test_round_one_top_half_against_bottom_half() -> None:
    t = _event(8)
    r = pair_dutch(t)
    # C.04.3: 1-5, 6-2, 3-7, 8-4 with White to the top seed on board 1 (colour by lot).
    assert [(p.white, p.black) for p in r.pairings] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    t.first_color = "black"
    assert [(p.white, p.black) for p in pair_dutch(t).pairings] == [(5, 1), (2, 6), (7, 3),
                                                                     (4, 8)]


def test_pairing_numbers_by_rating() -> None:
    t = Tournament(system="dutch")
    t.add_player("Low", rating=1500)
    t.add_player("High", rating=2500)
    assert pairing_numbers(t) == {2: 1, 1: 2}
    t.pairing_order = "number"
    assert pairing_numbers(t) == {1: 1, 2: 2}


def test_bye_goes_to_the_lowest_and_only_once() -> None:
    t = _event(5)
    seen = []
    for _ in range(4):
        _play(t)
        pab = [b.player for b in t.rounds[-1].byes if b.kind == "PAB"]
        assert len(pab) == 1
        seen.append(pab[0])
    assert len(set(seen)) == 4
    assert seen[0] == 5


def test_forbidden_pair_and_same_club() -> None:
    t = _event(4)
    t.forbid(1, 3)
    r = pair_dutch(t)
    assert {frozenset((p.white, p.black)) for p in r.pairings} == {frozenset((1, 4)),
                                                                  frozenset((2, 3))}
    t2 = _event(4, avoid_same_club=True)
    t2.players[0].club = t2.players[2].club = "Dynamo"
    r2 = pair_dutch(t2)
    assert frozenset((1, 3)) not in {frozenset((p.white, p.black)) for p in r2.pairings}


def test_no_rematch_over_rounds() -> None:
    t = _event(10)
    for _ in range(5):
        _play(t)
    met = t.opponents_met()
    assert max(met.values()) == 1


def test_late_entry_withdrawal_absence() -> None:
    t = _event(6)
    _play(t)
    late = t.add_player("Late", rating=2500)
    t.withdraw(2)
    r = pair_dutch(t, absent=[3])
    players = {x for p in r.pairings for x in (p.white, p.black)}
    assert late.number in players
    assert 2 not in players and 3 not in players
    # 6 + 1 late - 1 withdrawn - 1 absent = 5 players: one pairing-allocated bye.
    assert sorted(b.kind for b in r.byes) == ["PAB", "Z"]
    assert (3, "Z") in [(b.player, b.kind) for b in r.byes]
    t.add_round(r)
    # The late entrant's first round counts as a zero-point bye.
    assert t.entries()[late.number][0].outcome == "Z"


def test_nobody_to_pair() -> None:
    with pytest.raises(PairingError, match="no players"):
        pair_dutch(Tournament(system="dutch"))
    t = _event(3)
    r = pair_dutch(t, absent=[1, 2])
    assert r.pairings == [] and [(b.player, b.kind) for b in r.byes] == [
        (3, "PAB"), (1, "Z"), (2, "Z")]


def test_results_needed_before_pairing() -> None:
    t = _event(4)
    t.add_round(pair_dutch(t))
    with pytest.raises(PairingError, match="without a result"):
        pair_dutch(t)


def test_all_rounds_paired() -> None:
    t = _event(4)
    t.rounds_planned = 1
    _play(t)
    with pytest.raises(PairingError, match="all 1 rounds"):
        pair_dutch(t)


def test_impossible_round() -> None:
    t = _event(2)
    t.rounds_planned = 2
    _play(t)
    with pytest.raises(PairingError, match="cannot be paired"):
        pair_dutch(t)


def test_random_tournaments_small() -> None:
    """20 of gacrux's random tournaments (10-40 players, 5-9 rounds), every round equal."""
    same, total, diffs = rtg.run(rtg.plan(20, seed=7, players=(10, 40), rounds=(5, 9)),
                                 progress=False)
    assert diffs == []
    assert same == total > 100


@pytest.mark.slow
def test_random_tournaments_1000() -> None:
    """1,000 random tournaments of 10-200 players and 5-11 rounds (figure in docs/rules.md:
    8,002 of 8,002 rounds identical)."""
    same, total, diffs = rtg.run(rtg.plan(1000), progress=False)
    print(f"identical pairings: {same} of {total} rounds")
    assert diffs == [], diffs[:10]
