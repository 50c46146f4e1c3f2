"""Board: push/pop, copies, squares, errors, outcome, Zobrist keys; property tests."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shashki import (
    BLACK,
    WHITE,
    Board,
    IllegalMove,
    InvalidSquare,
    Move,
    Piece,
    ShashkiError,
    Termination,
    UnknownVariant,
)

VARIANTS = ["russian", "brazilian", "international", "russian-giveaway", "russian-80"]


def parse(board: Board, text: str) -> Move:
    """The move named by ``text`` (``parse_move``; ``parse_numeric`` in older trees)."""
    method = getattr(board, "parse_move", None) or board.parse_numeric  # type: ignore[attr-defined]
    return method(text)


def random_game(variant: str, seed: int, plies: int = 200) -> Board:
    rng = random.Random(seed)
    b = Board(variant)
    for _ in range(plies):
        moves = b.legal_moves
        if not moves:
            break
        b.push(rng.choice(moves))
    return b


# --- push / pop ---------------------------------------------------------------------------


def test_push_pop_restores_fen_and_zobrist() -> None:
    b = Board("russian")
    fen0, key0, moves0 = b.fen(), b.zobrist_hash(), b.legal_moves
    move = parse(b, "22-18")
    b.push(move)
    assert b.turn == BLACK
    assert b.fen() == "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert b.zobrist_hash() != key0
    assert b.move_stack == [move]
    assert b.pop() == move
    assert (b.fen(), b.zobrist_hash(), b.legal_moves, b.turn) == (fen0, key0, moves0, WHITE)
    assert b.move_stack == []


def test_push_capture_and_pop() -> None:
    """A capture removes the captured pieces (Code 1.5.7); pop puts them back."""
    b = Board("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24")
    before = (b.fen(), b.zobrist_hash())
    b.push(Move((28, 19, 12, 3, 10), captures=(24, 16, 8, 7)))
    assert b.fen() == "B:W5,K10,13,15,17,27,32:B1,6,23"
    assert b.piece_at(10) == Piece(WHITE, True)
    b.pop()
    assert (b.fen(), b.zobrist_hash()) == before


def test_push_uses_generated_route() -> None:
    """A Move is equal to the legal one with the same start, end and captured set; push
    plays the generated move (its path and capture order)."""
    b = Board("russian", "W:Wb6:Bc7,f6,h8")
    short = Move((9, 20), captures=(11, 6))
    assert short in b.legal_moves
    b.push(short)
    assert b.peek().path == (9, 2, 20)
    assert b.peek().captures == (6, 11)
    assert b.piece_at("h4") == Piece(WHITE, True)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pop_everything_along_random_game(variant: str) -> None:
    b = random_game(variant, seed=7, plies=0)
    rng = random.Random(11)
    history = []
    for _ in range(150):
        if not b.legal_moves:
            break
        history.append((b.fen(), b.zobrist_hash(), b.legal_moves))
        b.push(rng.choice(b.legal_moves))
    while history:
        b.pop()
        assert (b.fen(), b.zobrist_hash(), b.legal_moves) == history.pop()
    assert b.fen() == Board(variant).fen()


# --- copy -----------------------------------------------------------------------------------


def test_copy_is_independent() -> None:
    b = Board("russian")
    b.push(parse(b, "22-18"))
    c = b.copy()
    assert c == b and c.fen() == b.fen() and c.move_stack == b.move_stack
    assert c.zobrist_hash() == b.zobrist_hash()
    c.push(c.legal_moves[0])
    assert c.fen() != b.fen()
    assert len(b.move_stack) == 1 and len(c.move_stack) == 2
    b.pop()
    assert c.pop() == c.legal_moves[0]
    # the copy still has its own history after the original popped everything
    assert len(c.move_stack) == 1
    assert c.pop() == Move((22, 18))
    assert c.fen() == Board("russian").fen()


def test_copy_without_stack() -> None:
    b = random_game("russian", seed=3, plies=10)
    c = b.copy(stack=False)
    assert c == b and c.move_stack == []
    with pytest.raises(IndexError):
        c.pop()
    assert len(b.move_stack) == 10


def test_copy_legal_moves_not_shared() -> None:
    b = Board("russian")
    moves = b.legal_moves
    moves.clear()  # the caller's list, not the board's
    assert len(b.legal_moves) == 7
    c = b.copy()
    c.push(c.legal_moves[0])
    assert len(b.legal_moves) == 7


# --- squares -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "expected"),
    [
        (22, Piece(WHITE)), ("c3", Piece(WHITE)), ("C3", Piece(WHITE)), ("22", Piece(WHITE)),
        (1, Piece(BLACK)), ("b8", Piece(BLACK)), (29, Piece(WHITE)), ("a1", Piece(WHITE)),
        (4, Piece(BLACK)), ("h8", Piece(BLACK)), (32, Piece(WHITE)), ("g1", Piece(WHITE)),
        (15, None), ("e5", None), ("d4", None),
    ],
)
def test_piece_at_int_and_algebraic(square: int | str, expected: Piece | None) -> None:
    assert Board("russian").piece_at(square) == expected


def test_piece_at_kings() -> None:
    b = Board("russian", "W:WK18:BK5")
    assert b.piece_at(18) == b.piece_at("d4") == Piece(WHITE, True)
    assert b.piece_at("a7") == Piece(BLACK, True)
    assert b.piece_at("a7").symbol == "B"  # type: ignore[union-attr]


def test_piece_at_international() -> None:
    b = Board("international")
    assert b.piece_at("a1") == b.piece_at(46) == Piece(WHITE)
    assert b.piece_at("j10") == b.piece_at(5) == Piece(BLACK)
    assert b.piece_at(25) is None


@pytest.mark.parametrize("square", [0, 33, -1, "a2", "z1", "i1", "xx", "", "33"])
def test_piece_at_bad_square(square: int | str) -> None:
    with pytest.raises(InvalidSquare):
        Board("russian").piece_at(square)


# --- errors --------------------------------------------------------------------------------


def test_illegal_push_raises() -> None:
    b = Board("russian")
    with pytest.raises(IllegalMove) as info:
        b.push(Move((22, 19)))
    assert isinstance(info.value, ShashkiError) and isinstance(info.value, ValueError)
    assert "22" in str(info.value) and "19" in str(info.value)
    assert b.fen() == Board("russian").fen() and b.move_stack == []


def test_illegal_push_capture_ignored() -> None:
    """Code 1.5.3: a quiet move while a capture exists is illegal."""
    b = Board("russian", "W:Wd4,h2:Bc3")
    with pytest.raises(IllegalMove):
        b.push(Move((28, 24)))
    with pytest.raises(IllegalMove):
        b.push(Move((18, 25)))  # right squares, nothing captured: not the legal capture
    b.push(Move((18, 25), captures=(22,)))
    assert b.fen() == "B:W25,28:B"


def test_illegal_text_lists_legal_moves_from_square() -> None:
    b = Board("russian")
    with pytest.raises(IllegalMove) as info:
        parse(b, "22-19")
    msg = str(info.value)
    assert "22-19" in msg
    assert "22-17" in msg and "22-18" in msg
    assert "21-17" not in msg and "23-18" not in msg


@pytest.mark.parametrize("text", ["abc", "22", "", "22-", "99-100"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(IllegalMove) as info:
        parse(Board("russian"), text)
    assert repr(text) in str(info.value) or text in str(info.value)


def test_parse_text_full_path_and_ambiguity() -> None:
    """Two legal moves 8x13 (perft.md §4.2): the short form is ambiguous, a path is not."""
    b = Board("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14")
    with pytest.raises(IllegalMove, match="ambiguous"):
        parse(b, "8x13")
    assert parse(b, "8x15x24x31x22x13").captured == {11, 19, 27, 26, 17}
    assert parse(b, "8x24x13").captured == {11, 19, 27, 26, 17}
    assert parse(b, "8x15").captured == {11, 19, 27, 26, 18}


def test_parse_text_exact_full_path_is_not_ambiguous() -> None:
    b = Board("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14")
    assert parse(b, "8x15x22x13").captured == {11, 18, 17}


@pytest.mark.parametrize("name", ["chess", "", "russian2", "checkers"])
def test_unknown_variant(name: str) -> None:
    with pytest.raises(UnknownVariant) as info:
        Board(name)
    assert isinstance(info.value, ShashkiError) and isinstance(info.value, ValueError)
    assert "russian" in str(info.value) and "international" in str(info.value)


@pytest.mark.parametrize("name", ["RUSSIAN", " russian ", "giveaway", "standard"])
def test_variant_aliases(name: str) -> None:
    assert Board(name).legal_moves


# --- outcome ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "fen", "termination", "winner", "result"),
    [
        ("russian", "W:W:B1", Termination.NO_PIECES, BLACK, "0-1"),
        ("russian", "B:W21:B", Termination.NO_PIECES, WHITE, "1-0"),
        # a1 blocked by b2 and c3 (no jump: c3 is occupied)
        ("russian", "W:W29:B22,25", Termination.NO_MOVES, BLACK, "0-1"),
        # h2 blocked by the white man on g1, which cannot be jumped (edge)
        ("russian", "B:W32:B28", Termination.NO_MOVES, WHITE, "1-0"),
        ("brazilian", "W:W29:B22,25", Termination.NO_MOVES, BLACK, "0-1"),
        ("international", "W:W:B1", Termination.NO_PIECES, BLACK, "0-1"),
        # giveaway: the side that cannot move wins
        ("russian-giveaway", "W:W:B1", Termination.NO_PIECES, WHITE, "1-0"),
        ("russian-giveaway", "B:W21:B", Termination.NO_PIECES, BLACK, "0-1"),
        ("russian-giveaway", "W:W29:B22,25", Termination.NO_MOVES, WHITE, "1-0"),
        ("russian-giveaway", "B:W32:B28", Termination.NO_MOVES, BLACK, "0-1"),
    ],
)
def test_outcome(variant: str, fen: str, termination: Termination, winner: object,
                 result: str) -> None:
    """Code 1.8.1: no pieces, or no move (blocked), loses; giveaway (Code 5.1.4) wins."""
    b = Board(variant, fen)
    assert b.legal_moves == []
    outcome = b.outcome()
    assert outcome is not None
    assert outcome.termination is termination
    assert outcome.winner == winner
    assert outcome.result() == result
    assert b.is_game_over()


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_outcome_while_moves_exist(variant: str) -> None:
    b = Board(variant)
    assert b.outcome() is None and not b.is_game_over()


def test_outcome_after_last_capture() -> None:
    """The capture of the last black piece ends the game: Black, to move, has no pieces."""
    b = Board("russian", "W:Wd4:Bc5")
    b.push(b.legal_moves[0])
    outcome = b.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (Termination.NO_PIECES, WHITE)


# --- Zobrist ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(4))
def test_zobrist_matches_recomputation(variant: str, seed: int) -> None:
    """The incremental key equals the key of the same position read from its FEN."""
    rng = random.Random(seed)
    b = Board(variant)
    for _ in range(200):
        assert b.zobrist_hash() == Board(variant, b.fen()).zobrist_hash(), b.fen()
        moves = b.legal_moves
        if not moves:
            break
        b.push(rng.choice(moves))


def test_zobrist_special_moves() -> None:
    """Keys after a promotion mid-capture, a circular capture (start = end) and a quiet
    promotion equal the keys computed from scratch."""
    for variant, fen in [
        ("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24"),
        ("russian", "W:Wd4,c3,e3:Bc5,c7,e5,e7"),
        ("brazilian", "W:Wd4,c3,e3:Bc5,c7,e5,e7"),
        ("russian", "W:Wc7:Ba5,f6"),
        ("international", "W:WK29:B31,33,39,41"),
    ]:
        b = Board(variant, fen)
        for move in b.legal_moves:
            b.push(move)
            assert b.zobrist_hash() == Board(variant, b.fen()).zobrist_hash(), (fen, move)
            b.pop()


def test_zobrist_distinguishes_side_kind_and_colour() -> None:
    keys = {
        Board("russian", f).zobrist_hash()
        for f in ("W:W18:B1", "B:W18:B1", "W:WK18:B1", "W:W22:B18", "W:W18:B22")
    }
    assert len(keys) == 5


# --- property tests ------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120),
)
def test_random_game_push_pop_and_fen_round_trip(variant: str, choices: list[int]) -> None:
    """Random legal games: the FEN round-trips at every ply, and popping every move returns
    the initial position (FEN, key, legal moves)."""
    b = Board(variant)
    start = (b.fen(), b.zobrist_hash(), b.legal_moves)
    for choice in choices:
        again = Board(variant, b.fen())
        assert again == b and again.fen() == b.fen()
        assert again.zobrist_hash() == b.zobrist_hash()
        moves = b.legal_moves
        if not moves:
            assert b.outcome() is not None
            break
        b.push(moves[choice % len(moves)])
    while b.move_stack:
        b.pop()
    assert (b.fen(), b.zobrist_hash(), b.legal_moves) == start
