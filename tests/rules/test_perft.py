"""Perft: leaf counts of the legal-move tree against the published numbers (perft.md §2, §3).

All numbers are the "dedup" columns (two routes with the same start, end and captured set
are one move); from the initial positions the dedup and no-dedup columns first differ at
depth 8, so Russian d8-d9 and International d8 also check the merging.
"""

from __future__ import annotations

import pytest

from shashki import Board

RUSSIAN = [7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_899, 4_570_586]
BRAZILIAN = [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766]
INTERNATIONAL = [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961]

RANDOM178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"
WOLDOUBY = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
ALLKINGS = (
    "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50"
    ":BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20"
)
ALMOST_PROMOTION = "W:W6,7,8,9,10:B41,42,43,44,45"

POSITIONS = {
    "Random178": (RANDOM178, [14, 55, 1_168, 5_432, 87_195]),
    "Woldouby": (WOLDOUBY, [6, 12, 30, 73, 215, 590, 1_944, 6_269]),
    "AllKings": (ALLKINGS, [17, 79, 352, 1_399, 7_062]),
    "AlmostPromotion": (ALMOST_PROMOTION, [9, 81, 795, 7_578, 86_351]),
}


def _initial(table: list[int], fast: int) -> list[object]:
    """``(depth, expected)`` parameters, depths beyond ``fast`` marked slow."""
    return [
        pytest.param(d, n, marks=[pytest.mark.slow] if d > fast else [], id=f"d{d}")
        for d, n in enumerate(table, 1)
    ]


@pytest.mark.parametrize(("depth", "expected"), _initial(RUSSIAN, 7))
def test_russian_initial(depth: int, expected: int) -> None:
    """perft.md §2.2: Russian draughts from W:W21-32:B1-12 (Code 1.4-1.5)."""
    assert Board("russian").perft(depth) == expected


@pytest.mark.parametrize(("depth", "expected"), _initial(BRAZILIAN, 7))
def test_brazilian_initial(depth: int, expected: int) -> None:
    """perft.md §2.3: Brazilian (majority capture, no promotion in passing)."""
    assert Board("brazilian").perft(depth) == expected


@pytest.mark.parametrize(("depth", "expected"), _initial(INTERNATIONAL, 6))
def test_international_initial(depth: int, expected: int) -> None:
    """perft.md §2.1: International draughts from W:W31-50:B1-20 (FMJD)."""
    assert Board("international").perft(depth) == expected


@pytest.mark.parametrize("depth", range(1, 7))
def test_giveaway_initial_equals_russian(depth: int) -> None:
    """Giveaway has the Russian move rules (docs/rules.md M8), hence the same tree."""
    assert Board("russian-giveaway").perft(depth) == RUSSIAN[depth - 1]


@pytest.mark.parametrize(
    ("name", "depth", "expected"),
    [
        pytest.param(name, d, n, id=f"{name}-d{d}")
        for name, (_, table) in POSITIONS.items()
        for d, n in enumerate(table, 1)
    ],
)
def test_international_positions(name: str, depth: int, expected: int) -> None:
    """perft.md §3: DCTL/damforum International test positions (dedup)."""
    fen = POSITIONS[name][0]
    assert Board("international", fen).perft(depth) == expected


def test_first_position_side_to_move_black() -> None:
    """Random178 has Black to move and its colour blocks in the order B, W (perft.md §3)."""
    b = Board("international", RANDOM178)
    assert b.turn.letter == "B"
    assert len(b.legal_moves) == 14


@pytest.mark.parametrize(
    ("variant", "fen", "depth"),
    [
        ("russian", None, 6),
        ("brazilian", None, 6),
        ("international", None, 5),
        ("international", RANDOM178, 4),
        ("international", WOLDOUBY, 7),
        ("international", ALLKINGS, 4),
        ("international", ALMOST_PROMOTION, 4),
        ("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24", 5),
        ("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14", 5),
        ("russian-giveaway", None, 5),
    ],
)
def test_bulk_and_full_counting_agree(variant: str, fen: str | None, depth: int) -> None:
    """Bulk counting (moves at depth 1 counted, not played) never changes the number."""
    b = Board(variant, fen)
    for d in range(depth + 1):
        assert b.perft(d, bulk=True) == b.perft(d, bulk=False), d


def test_perft_zero_and_one() -> None:
    """perft(0) is the position itself; perft(1) the number of legal moves."""
    for variant, fen in [("russian", None), ("international", RANDOM178),
                         ("brazilian", "W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3")]:
        b = Board(variant, fen)
        assert b.perft(0) == 1
        assert b.perft(1) == b.perft(1, bulk=False) == len(b.legal_moves)


def test_perft_of_finished_position() -> None:
    """No legal moves: no leaves at any positive depth."""
    b = Board("russian", "W:W29:B22,25")
    assert b.legal_moves == []
    assert [b.perft(d) for d in range(4)] == [1, 0, 0, 0]


@pytest.mark.parametrize(
    ("variant", "fen", "depth"),
    [
        ("russian", None, 5),
        ("brazilian", None, 5),
        ("international", None, 4),
        ("international", RANDOM178, 3),
        ("international", ALLKINGS, 3),
        ("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14", 4),
    ],
)
def test_divide_sums_to_perft(variant: str, fen: str | None, depth: int) -> None:
    """divide(d) lists every legal move once, with the perft under it; the sum is perft(d)."""
    b = Board(variant, fen)
    before = b.fen()
    parts = list(b.divide(depth))
    assert [m for m, _ in parts] == b.legal_moves
    assert sum(n for _, n in parts) == b.perft(depth)
    assert b.fen() == before and not b.move_stack
    for move, n in parts:
        b.push(move)
        assert b.perft(depth - 1) == n
        b.pop()


def test_divide_initial_russian_by_move() -> None:
    """Each first move from the Russian start has its own subtree; sums to 302 at d3."""
    b = Board("russian")
    parts = {m.numeric(): n for m, n in b.divide(3)}
    assert set(parts) == {"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}
    assert sum(parts.values()) == 302
