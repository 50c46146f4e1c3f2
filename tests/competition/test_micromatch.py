"""Micro-matches: openings drawn reproducibly without replacement (Code 3.7.4)."""

from __future__ import annotations

import pytest

from shashki.competition.export import to_pdn
from shashki.competition.micromatch import draw_openings, start_board, used_openings
from shashki.competition.model import Pairing, Round, Tournament
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


def _swiss_after_round_1(ranking: str) -> Tournament:
    """Six players, micro-matches: 1 beats 4 2:0 in games, 2 beats 5 by a win and a draw,
    3 beats 6 by a win and a draw. Game points (2/1/0 a game): P1 4, P2 3, P3 3, P5 1,
    P6 1, P4 0; match results: 1, 2, 3 won, 4, 5, 6 lost."""
    t = Tournament(system="dutch", rounds_planned=3, games_per_pairing=2,
                   micromatch_ranking=ranking, ballot="fmjd-russian", seed=5)
    for i in range(6):
        t.add_player(f"P{i + 1}", rating=2300 - 10 * i)
    t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0", "0-1"]),
                          Pairing(2, 5, 2, ["0-1", "1/2-1/2"]),
                          Pairing(3, 3, 6, ["1-0", "1/2-1/2"])]))
    return t


def test_swiss_paired_on_game_points() -> None:
    """Ranked by game points, the Dutch system pairs on them (docs/rules.md K19): P1 (4)
    floats to P2/P3 (3) and meets P2; P3 floats to P5/P6 (1) and meets P5; P6 meets P4."""
    t = _swiss_after_round_1("games")
    assert t.all_points() == {1: 4, 2: 3, 3: 3, 4: 0, 5: 1, 6: 1}
    r = pair_next_round(t)
    assert {frozenset((p.white, p.black)) for p in r.pairings} == {
        frozenset(x) for x in ((1, 2), (3, 5), (4, 6))}
    # Code 3.7.4: an opening for each micro-match, recorded with the seed.
    assert all(p.opening for p in r.pairings)
    assert t.draws[-1]["seed"] == "5:2" and len(t.draws[-1]["boards"]) == 3


@pytest.mark.parametrize("engine", ["gacrux", "shashki"])
def test_swiss_paired_on_match_points(engine: str) -> None:
    """Ranked by match points (2/1/0 a match): 1, 2, 3 have 2, the others 0; P3 floats
    down and meets the first of the losers, P4; P5 meets P6 (docs/rules.md K19; gacrux
    through the TRF shashki writes, shashki's engine from the model)."""
    t = _swiss_after_round_1("match")
    assert t.all_points() == {1: 2, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}
    from shashki.competition.dutch import pair_dutch

    r = pair_dutch(t, engine=engine)
    assert {frozenset((p.white, p.black)) for p in r.pairings} == {
        frozenset(x) for x in ((1, 2), (3, 4), (5, 6))}


def test_micromatch_bye_and_trf() -> None:
    """The pairing bye of a micro-match round is a micro-match won (two games' points);
    TRF carries the match result of each round (docs/rules.md T1)."""
    t = Tournament(system="dutch", rounds_planned=2, games_per_pairing=2,
                   ballot="fmjd-russian", seed=1)
    for name in "ABC":
        t.add_player(name)
    r = pair_next_round(t)
    for p in r.pairings:
        p.results = ["1-0", "1/2-1/2"]
    t.add_round(r)
    bye = r.byes[0].player
    assert r.byes[0].kind == "PAB" and t.all_points()[bye] == 4.0
    from shashki.competition.trf import export_trf

    line = next(x for x in export_trf(t).splitlines() if x.startswith(f"001 {bye:4d}"))
    assert line[91:99] == "0000 - U"


def test_ballot_never_repeats_a_position_within_an_event() -> None:
    """The FMJD table's 15-XV and 16-I (and 15-XVI and 16-II) give one position each
    (docs/rules.md B3): drawing the whole table round after round uses each of its 734
    positions once before any comes again, and never under the second code."""
    from shashki.competition.micromatch import draw_openings, positions

    pos = positions("fmjd-russian")
    assert pos["15-XV"] == pos["16-I"] and pos["15-XVI"] == pos["16-II"]
    assert len(set(pos.values())) == 734
    idf = positions("idf-russian")  # transpositions: other move orders to one position
    assert idf["I-13"] == idf["XVII-8"] and idf["XXI-5"] == idf["XXI-11"]
    assert len(set(idf.values())) == 742
    t = Tournament(system="berger", games_per_pairing=2, ballot="fmjd-russian", seed=3)
    for name in "AB":
        t.add_player(name)
    seen: list[str] = []
    for number in range(1, 8):
        rnd = Round(number, [Pairing(b, 1, 2) for b in range(1, 106)])  # 735 boards in all
        draw_openings(t, rnd)
        t.rounds.append(rnd)  # the draw only, no pairing rules needed here
        seen += [pos[p.opening] for p in rnd.pairings if p.opening]
    assert len(set(seen[:734])) == 734
    assert seen[734] in seen[:734]  # the 735th starts the table again
    codes = {p.opening for r in t.rounds for p in r.pairings}
    assert not codes & {"16-I", "16-II"}
