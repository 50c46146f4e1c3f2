"""Move notation: the Code's algebraic notation, PDN/FMJD numeric notation, and parsing."""

from __future__ import annotations

import pytest

from shashki import Board, IllegalMove
from shashki.notation import Style, move_text, parse_move, split_squares

AMBIGUOUS = "W:WK47:B8,13,20,23,31,42"  # two king captures from 47 to 25


def texts(b: Board, style: str | None = None) -> list[str]:
    return [b.move_text(m, style) for m in b.legal_moves]


def test_russian_writes_the_codes_algebraic_notation() -> None:
    """Code ch. I notation: quiet moves with '-', captures with ':'."""
    b = Board("russian", "W:Wc3,e3:Bd4,f6")
    assert texts(b) == ["c3:g7", "e3:c5"]
    assert texts(b, "numeric") == ["22x8", "23x14"]
    assert texts(Board("russian"))[:2] == ["a3-b4", "c3-b4"]


def test_international_writes_numeric_with_x() -> None:
    """FMJD 8.2: numeric squares, '-' for a move, 'x' for a capture."""
    assert texts(Board("international"))[:2] == ["31-26", "31-27"]
    b = Board("international", "W:W36,44:B31,22,23,K38,K39")
    assert texts(b) == ["36x29"]


def test_short_form_unless_two_moves_share_start_and_end() -> None:
    """Code ch. II, Diagram 12: the full path only when the short form is ambiguous."""
    b = Board("international", AMBIGUOUS)
    assert sorted(texts(b)) == ["47x29x12x3x25", "47x29x18x9x25"]
    m = b.legal_moves[0]
    assert move_text(b, m, full=False) == "47x25"
    assert move_text(b, m, Style.NUMERIC, capture_sep=":").count(":") == 4


@pytest.mark.parametrize("text", ["c3-d4", "C3-D4", "c3d4", "22-18", "c3xd4", "c3:d4", " c3-d4 "])
def test_parse_accepts_every_spelling(text: str) -> None:
    b = Board("russian")
    assert b.move_text(parse_move(b, text)) == "c3-d4"


@pytest.mark.parametrize("text", ["47x29x18x9x25", "47x29x18", "47:18:25", "47-29-18-9-25"])
def test_parse_full_path_subsequence_and_prefix(text: str) -> None:
    b = Board("international", AMBIGUOUS)
    m = b.parse_move(text)
    assert m.path == (47, 29, 18, 9, 25)
    assert set(m.captured) == {42, 23, 13, 20}


def test_ambiguous_short_form_lists_the_candidates() -> None:
    b = Board("international", AMBIGUOUS)
    with pytest.raises(IllegalMove, match=r"ambiguous move '47x25': 47x29x1.* or 47x29x1"):
        b.parse_move("47x25")


def test_errors_say_what_was_expected() -> None:
    b = Board("russian", "W:Wc3,e3,a1:Bd4,f6")
    with pytest.raises(IllegalMove, match=r"a capture is compulsory \(Code 1\.5\.3\)"):
        b.parse_move("a1-b2")
    with pytest.raises(IllegalMove, match="no piece on h2"):
        b.parse_move("h2-g3")
    with pytest.raises(IllegalMove, match="the opponent's"):
        b.parse_move("d4-e5")
    with pytest.raises(IllegalMove, match=r"legal moves from c3: c3:e5:g7"):
        b.parse_move("c3:a5")
    intl = Board("international", "W:W36,44:B31,22,23,K38,K39")
    with pytest.raises(IllegalMove, match=r"largest number of pieces .*FMJD 4\.13.*here 3"):
        intl.parse_move("44x33")
    braz = Board("brazilian", "W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3")
    with pytest.raises(IllegalMove, match="Brazilian rules, rule 1"):
        braz.parse_move("h2:f4:d2")


@pytest.mark.parametrize("bad", ["", "c3", "z9-a1", "c3+d4", "33-1", "c3-d4-e5"])
def test_bad_text(bad: str) -> None:
    b = Board("russian")
    with pytest.raises(IllegalMove):
        b.parse_move(bad)


def test_split_squares() -> None:
    b = Board("russian")
    assert split_squares(b, "c3:e5:g3") == [22, 15, 24]
    assert split_squares(b, "22x15x24") == [22, 15, 24]
    assert split_squares(b, "C3E5") == [22, 15]


# --- every route of a move is the move (Code 1.5.13; perft.md §1) -----------------------

#: perft.md §2: leaf counts from the initial positions keeping duplicate routes apart
#: ("no-dedup") and merging them ("dedup", what Board.legal_moves gives).
NO_DEDUP = {("russian", 8): (929_905, 929_899), ("brazilian", 8): (907_836, 907_830),
            ("international", 8): (6_483_971, 6_483_961),
            ("russian", 9): (4_570_667, 4_570_586),
            ("international", 9): (41_022_614, 41_022_423)}
#: perft.md §3 (Random178, Woldouby) and the hand-built circles of tests/rules/test_captures.py.
POSITIONS = [
    ("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 1),
    ("international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 10),
    ("russian", "W:Wd4,c3,e3:Bc5,c7,e5,e7", 1),
    ("russian", "W:Wd4:Bc5,c7,e5,e7", 1),
    ("brazilian", "W:Wd4,c3,e3:Bc5,c7,e5,e7", 1),
    ("international", "W:W22:B7,8,17,18", 1),
    ("international", "W:WK2:B7,8,17,18", 1),
    ("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14", 1),
]


def perft(board: Board, depth: int, every_route: bool) -> int:
    import numpy as np

    from shashki.rules import kernels as K
    from shashki.rules import movegen

    geo, rules = board.variant.kernel_arrays()
    if every_route:
        rules = movegen.every_route(rules)
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    return int(K.perft(np.uint64(own), np.uint64(opp), np.uint64(k), t, depth, True, geo,
                       rules, *K.buffers(depth)))


def positions_with_duplicate_routes(board: Board, depth: int) -> list[Board]:
    """The positions of the tree ``depth`` plies deep from ``board`` (leaves not counted)
    where a move has several routes: only subtrees whose no-dedup and dedup leaf counts
    differ are entered."""
    from shashki.notation import routes

    out = []
    stack = [(board, depth)]
    while stack:
        b, d = stack.pop()
        if len(routes(b)) > len(b.legal_moves):
            out.append(b)
        if d <= 1:
            continue
        for m in b.legal_moves:
            child = b.copy(stack=False)
            child.push(m)
            if perft(child, d - 1, True) != perft(child, d - 1, False):
                stack.append((child, d - 1))
    return out


def check_every_route(boards: list[Board]) -> int:
    """Each route of each move with several, written in full (Code notation and numeric),
    names that move, to Board.parse_move and to the PDN reader (whose kernels know one route
    a move). Returns how many routes beyond one a move there were."""
    from shashki.notation import routes
    from shashki.pdn import read_game
    from shashki.pdn.gametype import gametype_number

    extra = 0
    for b in boards:
        pairs = routes(b)
        extra += len(pairs) - len(b.legal_moves)
        for route, move in pairs:
            if sum(m is move for _, m in pairs) < 2:
                continue
            for style in (Style.ALGEBRAIC, Style.NUMERIC):
                text = move_text(b, route, style, full=True)
                assert parse_move(b, text) is move, (b.fen(), text)
                game = read_game(f'[GameType "{gametype_number(b.variant)}"]\n'
                                 f'[FEN "{b.fen()}"]\n1. {text} *')
                assert game is not None and game.errors == [], (b.fen(), text, game.errors)
                after = b.copy(stack=False)
                after.push(move)
                assert game.end_fen() == after.fen()
    return extra


@pytest.mark.parametrize("variant, depth", [
    pytest.param(v, d, marks=[pytest.mark.slow] if d > 8 else [], id=f"{v}-d{d}")
    for v, d in NO_DEDUP])
def test_every_route_of_the_initial_trees(variant: str, depth: int) -> None:
    """Item 9: the kernels enumerate every route (their no-dedup counts are perft.md's);
    the routes beyond the one a move keeps are exactly the difference of the columns at
    d8, and each of them, written in full, is read as its move."""
    board = Board(variant)
    no_dedup, dedup = NO_DEDUP[(variant, depth)]
    assert (perft(board, depth, True), perft(board, depth, False)) == (no_dedup, dedup)
    boards = positions_with_duplicate_routes(board, depth)
    extra = check_every_route(boards)
    if depth == 8:  # duplicates first appear on the last ply: each adds one leaf
        assert extra == no_dedup - dedup
    else:
        assert extra >= NO_DEDUP[(variant, 8)][0] - NO_DEDUP[(variant, 8)][1]


@pytest.mark.parametrize("variant, fen, depth", POSITIONS)
def test_every_route_of_the_perft_positions(variant: str, fen: str, depth: int) -> None:
    boards = positions_with_duplicate_routes(Board(variant, fen), depth)
    assert boards
    assert check_every_route(boards) > 0


def test_full_path_of_a_circle_in_the_other_direction() -> None:
    """Code 1.5.15: the man on d4 goes round the diamond through d8 (crowned) either way;
    one move, and the full notation of both routes names it."""
    b = Board("russian", "W:Wd4,c3,e3:Bc5,c7,e5,e7")
    (move,) = b.legal_moves
    kept = move_text(b, move, full=True)
    other = "d4:f6:d8:b6:d4" if kept == "d4:b6:d8:f6:d4" else "d4:b6:d8:f6:d4"
    assert parse_move(b, other) is move and parse_move(b, kept) is move
    with pytest.raises(IllegalMove):
        parse_move(b, "d4:c5:d4")
