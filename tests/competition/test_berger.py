"""Berger tables (Code 3.7.2 «таблицы очередности игр»; FIDE C.05 Annex 1)."""

from __future__ import annotations

import pytest

from shashki.competition.berger import (
    berger_table,
    double_berger_table,
    draw_numbers,
    pair_berger_round,
)
from shashki.competition.errors import PairingError
from shashki.competition.model import Tournament


def _table(text: str) -> list[list[tuple[int, int]]]:
    return [[tuple(int(x) for x in pair.split("-")) for pair in line.split()]  # type: ignore[misc]
            for line in text.strip().splitlines()]


# FIDE Handbook C.05 Annex 1, Berger tables, as published (round by round, board by board),
# for 3/4, 5/6, ... 15/16 players: every table FIDE publishes up to 16 (Code 3.7.2).
FIDE = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7
           12-7 8-6 9-5 10-4 11-3 1-2
           2-12 3-1 4-11 5-10 6-9 7-8
           12-8 9-7 10-6 11-5 1-4 2-3
           3-12 4-2 5-1 6-11 7-10 8-9
           12-9 10-8 11-7 1-6 2-5 3-4
           4-12 5-3 6-2 7-1 8-11 9-10
           12-10 11-9 1-8 2-7 3-6 4-5
           5-12 6-4 7-3 8-2 9-1 10-11
           12-11 1-10 2-9 3-8 4-7 5-6
           6-12 7-5 8-4 9-3 10-2 11-1""",
    14: """1-14 2-13 3-12 4-11 5-10 6-9 7-8
           14-8 9-7 10-6 11-5 12-4 13-3 1-2
           2-14 3-1 4-13 5-12 6-11 7-10 8-9
           14-9 10-8 11-7 12-6 13-5 1-4 2-3
           3-14 4-2 5-1 6-13 7-12 8-11 9-10
           14-10 11-9 12-8 13-7 1-6 2-5 3-4
           4-14 5-3 6-2 7-1 8-13 9-12 10-11
           14-11 12-10 13-9 1-8 2-7 3-6 4-5
           5-14 6-4 7-3 8-2 9-1 10-13 11-12
           14-12 13-11 1-10 2-9 3-8 4-7 5-6
           6-14 7-5 8-4 9-3 10-2 11-1 12-13
           14-13 1-12 2-11 3-10 4-9 5-8 6-7
           7-14 8-6 9-5 10-4 11-3 12-2 13-1""",
    16: """1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
           16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
           2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
           16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
           3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
           16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
           4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
           16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
           5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
           16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
           6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
           16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
           7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
           16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
           8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1""",
}


@pytest.mark.parametrize("n", sorted(FIDE))
def test_published_tables(n: int) -> None:
    assert berger_table(n) == _table(FIDE[n])
    assert berger_table(n - 1) == _table(FIDE[n])  # odd: the last number is the bye


@pytest.mark.parametrize("n", range(3, 17))
def test_equal_to_fide_tec_tables(n: int) -> None:
    from gacrux.berger import bergertables

    g = bergertables(n)["pairing"]
    want = [[(g[r][b]["white"], g[r][b]["black"]) for b in sorted(g[r])] for r in sorted(g)]
    assert berger_table(n) == want


@pytest.mark.parametrize("n", range(3, 17))
def test_every_pair_meets_once(n: int) -> None:
    size = n + n % 2
    seen = [frozenset(p) for rnd in berger_table(n) for p in rnd]
    assert len(seen) == len(set(seen)) == size * (size - 1) // 2
    for rnd in berger_table(n):
        assert sorted(x for p in rnd for x in p) == list(range(1, size + 1))


@pytest.mark.parametrize("n", range(3, 17))
def test_double_round_robin(n: int) -> None:
    first, second = berger_table(n), double_berger_table(n)
    size = n + n % 2
    assert len(second) == 2 * (size - 1)
    # Second cycle: colours reversed.
    assert second[size - 1:] == [[(b, w) for w, b in rnd] for rnd in first]
    # FIDE: last two rounds of the first cycle swapped; nobody has one colour 3 times running.
    assert second[size - 3] == first[size - 2] and second[size - 2] == first[size - 3]
    for player in range(1, n + 1):
        colours = []
        for rnd in second:
            for w, b in rnd:
                if player in (w, b) and max(w, b) <= n:
                    colours.append("w" if w == player else "b")
        runs = "".join(colours)
        assert "www" not in runs and "bbb" not in runs, (n, player, runs)


def test_pair_rounds_with_bye() -> None:
    t = Tournament(system="berger")
    for name in "ABCDE":
        t.add_player(name)
    r1 = pair_berger_round(t)
    assert [(p.board, p.white, p.black) for p in r1.pairings] == [(1, 2, 5), (2, 3, 4)]
    assert [(b.player, b.kind) for b in r1.byes] == [(1, "Z")]
    with pytest.raises(PairingError, match="has 5 rounds, not 6"):
        pair_berger_round(t, 6)


def test_draw_of_lots_is_reproducible() -> None:
    def event() -> Tournament:
        t = Tournament(system="berger", seed=2026)
        for name in "ABCDEFGH":
            t.add_player(name)
        t.forbid(1, 2)
        draw_numbers(t)
        return t

    a, b = event(), event()
    assert [(p.name, p.number) for p in a.players] == [(p.name, p.number) for p in b.players]
    assert sorted(p.number for p in a.players) == list(range(1, 9))
    assert a.draws[0]["what"] == "numbers" and a.draws[0]["seed"] == 2026
    names = {p.number: p.name for p in a.players}
    assert {names[x] for x in a.forbidden[0].players} == {"A", "B"}
    a.add_round(pair_berger_round(a))
    with pytest.raises(PairingError, match="before round 1"):
        draw_numbers(a)
