"""Micro-matches: openings drawn reproducibly without replacement (Code 3.7.4)."""

from __future__ import annotations

from shashki.competition.export import to_pdn
from shashki.competition.micromatch import draw_openings, start_board, used_openings
from shashki.competition.model import Tournament
from shashki.competition.pairing import pair_next_round


def _event(seed: int, table: str = "fmjd-russian", n: int = 8) -> Tournament:
    t = Tournament(system="berger", games_per_pairing=2, ballot=table, seed=seed)
    for i in range(n):
        t.add_player(f"P{i + 1}")
    return t


def _run(t: Tournament, rounds: int) -> list[str]:
    for _ in range(rounds):
        r = pair_next_round(t)
        for p in r.pairings:
            p.results = ["1-0", "1/2-1/2"]
        t.add_round(r)
    return [p.opening or "" for r in t.rounds for p in r.pairings]


def test_reproducible_and_recorded() -> None:
    a, b = _event(11), _event(11)
    assert _run(a, 7) == _run(b, 7)
    assert _run(_event(12), 7) != _run(_event(11), 7)
    assert [d["round"] for d in a.draws if d["what"] == "openings"] == list(range(1, 8))


def test_without_replacement_until_exhausted() -> None:
    t = _event(3, "idf-150", n=16)
    codes = _run(t, 15)  # 15 rounds x 8 boards = 120 <= 150
    assert len(codes) == len(set(codes)) == 120
    assert used_openings(t) == set(codes)


def test_table_refills_after_exhaustion() -> None:
    t = _event(5, "idf-150", n=40)
    r = pair_next_round(t)
    for p in r.pairings:
        p.results = ["1-0", "0-1"]
    t.add_round(r)
    # 20 boards a round; after 8 rounds 160 > 150: the table starts again.
    for _ in range(7):
        r = pair_next_round(t)
        for p in r.pairings:
            p.results = ["1-0", "0-1"]
        t.add_round(r)
    assert len(used_openings(t)) == 150


def test_both_games_from_the_ballot() -> None:
    t = _event(1)
    _run(t, 1)
    p = t.rounds[0].pairings[0]
    board = start_board(t, p)
    assert board.fen() != "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" \
        or p.opening == "5-VII"
    pdn = to_pdn(t, 1)
    assert pdn.count("[Event ") == 2 * len(t.rounds[0].pairings)
    assert f'[MicroMatch "fmjd-russian {p.opening}"]' in pdn
    assert '[Round "1.2"]' in pdn


def test_draw_keeps_existing_openings() -> None:
    t = _event(1)
    r = pair_next_round(t)
    before = [p.opening for p in r.pairings]
    draw_openings(t, r)
    assert [p.opening for p in r.pairings] == before
