"""Capture rules, one test per subtlety, each naming the article it checks.

Positions come from ``shared/reference/rules.md`` §3.4 (R1-R4, B1-B4, I1-I4), from
``perft.md`` §4.1/§4.2, and a few built here (the reasoning is in each docstring). 8x8
FENs use algebraic squares, which the FEN reader accepts directly (a1 = White's lower
left, 1 = b8, 29 = a1). A move is described as ``(path, captured, "K" | "m")``: the
squares the piece stands on joined by ``:``, the set of captured squares, and the kind
of the moving piece after the move.
"""

from __future__ import annotations

import random

import pytest

from shashki import BLACK, WHITE, Board, Move

# --- helpers ---------------------------------------------------------------------------


def _name(board: Board, square: int) -> str:
    """Algebraic name on 8x8 (rules.md §3.4 style), the number on 10x10 (FMJD)."""
    g = board.variant.geometry
    return g.square_name(square) if g.files == 8 else str(square)


def _kind_after(board: Board, move: Move) -> str:
    after = board.copy()
    after.push(move)
    piece = after.piece_at(move.end)
    assert piece is not None and piece.color == board.turn
    return "K" if piece.king else "m"


def describe(board: Board, move: Move) -> tuple[str, frozenset[str], str]:
    path = ":".join(_name(board, sq) for sq in move.path)
    return path, frozenset(_name(board, sq) for sq in move.captured), _kind_after(board, move)


def table(board: Board) -> set[tuple[str, frozenset[str], str]]:
    """Every legal move as ``(path, captured, kind after)``; no two legal moves are equal."""
    moves = board.legal_moves
    assert len(set(moves)) == len(moves), "duplicate moves in the legal move list"
    out = {describe(board, m) for m in moves}
    assert len(out) == len(moves)
    return out


def row(path: str, captured: str, kind: str) -> tuple[str, frozenset[str], str]:
    """A move of the expected tables: ``row("b6:d8:g5", "c7 f6", "K")``."""
    return path, frozenset(captured.split()), kind


Row = tuple[str, frozenset[str], str]


def expand(prefix: str, ends: str, captured: str, kind: str) -> set[Row]:
    """rules.md's ``g5:c1:a3:{c5,d6,e7,f8}``: one move per final landing square."""
    return {row(f"{prefix}:{end}", captured, kind) for end in ends.split()}


def check_invariants(board: Board) -> None:
    """Path, capture order and promotion flag agree with the position (Code 1.5.7-1.5.13).

    Each step of a capture path is one diagonal run that jumps exactly one enemy piece,
    the next of ``captures``, over otherwise empty squares (the start square counts as
    empty, Code 1.5.9); no piece is jumped twice (Code 1.5.9); ``promotion`` is set exactly
    when a man ends the move as a king.
    """
    g = board.variant.geometry
    me = board.turn
    for move in board.legal_moves:
        start_piece = board.piece_at(move.start)
        assert start_piece is not None and start_piece.color == me
        assert move.promotion == (not start_piece.king and _kind_after(board, move) == "K")
        if not move.is_capture:
            assert len(move.path) == 2
            assert board.piece_at(move.end) is None
            continue
        assert len(move.captures) == len(move.path) - 1 == len(move.captured)
        steps = zip(move.path, move.path[1:], strict=False)
        for step, ((a, b), victim) in enumerate(zip(steps, move.captures, strict=True)):
            (fa, ra), (fb, rb) = g.file_rank(a), g.file_rank(b)
            assert abs(fb - fa) == abs(rb - ra) > 1, (move, a, b)
            df, dr = (fb - fa) // abs(fb - fa), (rb - ra) // abs(rb - ra)
            between = [g.square_at(fa + i * df, ra + i * dr) for i in range(1, abs(fb - fa))]
            occupied = [sq for sq in between if board.piece_at(sq) is not None
                        and sq != move.start]
            assert occupied == [victim], (move, a, b)
            vp = board.piece_at(victim)
            assert vp is not None and vp.color != me
            assert b == move.start or board.piece_at(b) is None
            if not start_piece.king and not (
                board.variant.promote_mid_capture and _crowned_before(board, move, step)
            ):
                assert abs(fb - fa) == 2, "a man jumps an adjacent piece (Code 1.5.1)"


def _crowned_before(board: Board, move: Move, step: int) -> bool:
    """Whether the man stood on its last row before making step ``step`` of its path."""
    g = board.variant.geometry
    last = g.ranks - 1 if board.turn == WHITE else 0
    return any(g.file_rank(sq)[1] == last for sq in move.path[1 : step + 1])


# --- rules.md §3.4: Russian ------------------------------------------------------------


def test_r1_promotion_mid_capture_continues_as_king() -> None:
    """Code 1.5.15 (rules.md R1): a man crowned on d8 mid-capture goes on as a flying king."""
    b = Board("russian", "W:Wb6:Bc7,f6,h8")
    assert table(b) == {row("b6:d8:g5", "c7 f6", "K"), row("b6:d8:h4", "c7 f6", "K")}
    assert all(m.promotion for m in b.legal_moves)
    check_invariants(b)


def test_r2_crowned_king_lands_freely_after_last_capture() -> None:
    """Code 1.5.15 + 1.5.6 (rules.md R2): crowned on d8, any free square after the last piece."""
    b = Board("russian", "W:Wb6:Bc7,e7,h8")
    assert table(b) == expand("b6:d8", "f6 g5 h4", "c7 e7", "K")
    check_invariants(b)


def test_r3_turkish_strike_and_forced_landing() -> None:
    """Code 1.5.12 + 1.5.6 (rules.md R3): f4 stays on the board and blocks d6-h2; the king
    may not stop on e3 after f4, because from c1 and d2 it can capture further."""
    b = Board("russian", "W:WKg5:Bb2,b4,f4,g3")
    expected = expand("g5:c1:a3", "c5 d6 e7 f8", "f4 b2 b4", "K")
    expected.add(row("g5:d2:a5", "f4 b4", "K"))
    assert table(b) == expected
    assert not any(m.promotion for m in b.legal_moves)  # already a king
    check_invariants(b)


def test_r4_free_choice_no_majority() -> None:
    """Code 1.5.14 (rules.md R4): 3 men or 2 kings, the capturer chooses freely."""
    b = Board("russian", "W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3")
    assert table(b) == {row("a3:c5:e7:g5", "b4 d6 f6", "m"), row("h2:f4:d2", "g3 e3", "m")}
    check_invariants(b)


# --- rules.md §3.4: Brazilian ----------------------------------------------------------


def test_b1_brazilian_passes_last_row_stays_man() -> None:
    """Brazilian rule 2 (rules.md B1): passes d8, goes on capturing as a man, stays a man."""
    b = Board("brazilian", "W:Wb6:Bc7,e7,h8")
    assert table(b) == {row("b6:d8:f6", "c7 e7", "m")}
    assert not b.legal_moves[0].promotion
    check_invariants(b)


def test_b2_brazilian_ends_on_last_row_crowned_no_continuation() -> None:
    """Brazilian rule 3 / FMJD 3.5 (rules.md B2): ends on d8, crowned, no king capture of f6."""
    b = Board("brazilian", "W:Wb6:Bc7,f6,h8")
    assert table(b) == {row("b6:d8", "c7", "K")}
    assert b.legal_moves[0].promotion
    check_invariants(b)


def test_b3_brazilian_majority_by_count() -> None:
    """Brazilian rule 1 (rules.md B3): 3 men beat 2 kings; a king counts as one piece."""
    b = Board("brazilian", "W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3")
    assert table(b) == {row("a3:c5:e7:g5", "b4 d6 f6", "m")}
    check_invariants(b)


def test_b4_brazilian_turkish_strike_with_majority() -> None:
    """Brazilian rule 1 + Code 1.5.12 (rules.md B4): the 2-piece route g5:d2:a5 is dropped."""
    b = Board("brazilian", "W:WKg5:Bb2,b4,f4,g3")
    assert table(b) == expand("g5:c1:a3", "c5 d6 e7 f8", "f4 b2 b4", "K")
    check_invariants(b)


# --- rules.md §3.4: International ------------------------------------------------------


def test_i1_international_passes_promotion_row_stays_man() -> None:
    """FMJD 4.15 (rules.md I1): passes square 2 during the capture, ends on 13 as a man."""
    b = Board("international", "W:W11:B7,8,45")
    assert table(b) == {row("11:2:13", "7 8", "m")}
    check_invariants(b)


def test_i2_international_ends_on_promotion_row_crowned() -> None:
    """FMJD 3.5 (rules.md I2): ends on 2, crowned; does not go on over 19 as a king."""
    b = Board("international", "W:W11:B7,19,45")
    assert table(b) == {row("11:2", "7", "K")}
    check_invariants(b)


def test_i3_international_majority_by_count() -> None:
    """FMJD 4.13 (rules.md I3): three men beat two kings, a king counting as one piece."""
    b = Board("international", "W:W36,44:B31,22,23,K38,K39")
    assert table(b) == {row("36:27:18:29", "31 22 23", "m")}
    check_invariants(b)


def test_i4_international_turkish_strike_with_majority() -> None:
    """FMJD 4.8, 4.11, 4.13 (rules.md I4): the jumped 33 blocks; 3 pieces, six landings."""
    b = Board("international", "W:WK29:B31,33,39,41")
    assert table(b) == expand("29:47:36", "27 22 18 13 9 4", "33 41 31", "K")
    check_invariants(b)


# --- perft.md §4 -----------------------------------------------------------------------


def numeric_table(board: Board) -> set[tuple[tuple[int, ...], frozenset[int], str]]:
    return {(m.path, m.captured, _kind_after(board, m)) for m in board.legal_moves}


def test_perft_4_1_promotion_during_capture_recorded() -> None:
    """Code 1.5.15 (perft.md §4.1): crowned mid-capture, the move ends with a king even when
    it leaves the last row (28x19x12x3x10/14) or returns to its start square (27x...x27)."""
    b = Board("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24")
    assert numeric_table(b) == {
        ((27, 18), frozenset({23}), "m"),
        ((27, 20, 11, 4), frozenset({24, 16, 8}), "K"),
        ((27, 20, 11, 2, 9, 27), frozenset({24, 16, 7, 6, 23}), "K"),
        ((28, 19, 26), frozenset({24, 23}), "m"),
        ((28, 19, 12, 3, 10), frozenset({24, 16, 8, 7}), "K"),
        ((28, 19, 12, 3, 14), frozenset({24, 16, 8, 7}), "K"),
    }
    by_path = {m.path: m for m in b.legal_moves}
    assert by_path[(27, 20, 11, 2, 9, 27)].captures == (24, 16, 7, 6, 23)
    assert by_path[(28, 19, 12, 3, 10)].captures == (24, 16, 8, 7)
    assert by_path[(27, 20, 11, 2, 9, 27)].promotion
    assert not by_path[(27, 18)].promotion
    check_invariants(b)
    # The circular capture leaves a white king on its own start square f2.
    b.push(by_path[(27, 20, 11, 2, 9, 27)])
    assert b.fen() == "B:W5,13,15,17,K27,28,32:B1,8"


def test_perft_4_2_route_lands_again_on_visited_square() -> None:
    """Code 1.5.9 (perft.md §4.2): a route may land on a square it already used (15); two
    routes with the same start, end and captured set are one move (dedup)."""
    b = Board("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14")
    moves = b.legal_moves
    assert len(moves) == 3
    keys = {(m.start, m.end, m.captured, _kind_after(b, m)) for m in moves}
    assert keys == {
        (8, 13, frozenset({11, 18, 17}), "m"),
        (8, 13, frozenset({11, 19, 27, 26, 17}), "K"),
        (8, 15, frozenset({11, 19, 27, 26, 18}), "K"),
    }
    paths = {m.captured: m for m in moves}
    assert paths[frozenset({11, 18, 17})].path == (8, 15, 22, 13)
    assert paths[frozenset({11, 19, 27, 26, 17})].path == (8, 15, 24, 31, 22, 13)
    merged = paths[frozenset({11, 19, 27, 26, 18})]
    # Either direction of the loop is the same move; the capture order follows the path.
    assert (merged.path, merged.captures) in {
        ((8, 15, 24, 31, 22, 15), (11, 19, 27, 26, 18)),
        ((8, 15, 22, 31, 24, 15), (11, 18, 26, 27, 19)),
    }
    assert all(m.promotion == (len(m.captured) == 5) for m in moves)
    check_invariants(b)


# --- hand-built positions ----------------------------------------------------------------


def test_circular_capture_through_promotion_row_merged_russian() -> None:
    """Code 1.5.15 + perft.md §1 (dedup): the man on d4 takes the diamond c5, c7, e7, e5
    clockwise (d4:f6:d8:b6:d4) or anticlockwise (d4:b6:d8:f6:d4), crowned on d8 either way.
    White men on c3 and e3 close both runs after the last capture, so both routes end on
    d4 with the same four pieces: one move, ending with a king."""
    b = Board("russian", "W:Wd4,c3,e3:Bc5,c7,e5,e7")
    (move,) = b.legal_moves
    assert describe(b, move)[1:] == (frozenset({"c5", "c7", "e5", "e7"}), "K")
    assert describe(b, move)[0] in {"d4:f6:d8:b6:d4", "d4:b6:d8:f6:d4"}
    assert move.start == move.end == 18
    assert move.promotion
    check_invariants(b)
    b.push(move)
    assert b.fen() == "B:WK18,22,23:B"


def test_circular_capture_both_directions_distinct_ends() -> None:
    """Code 1.5.6, 1.5.15, perft.md §1: without the blockers each direction may land beyond
    d4 after the last piece (e3, f2, g1 one way; c3, b2, a1 the other); only the two routes
    ending on d4 coincide, so 7 moves, not 8."""
    b = Board("russian", "W:Wd4:Bc5,c7,e5,e7")
    four = "c5 c7 e5 e7"
    got = {(p.split(":")[-1], c, k) for p, c, k in table(b)}
    assert got == {(end, frozenset(four.split()), "K")
                   for end in ("d4", "e3", "f2", "g1", "c3", "b2", "a1")}
    check_invariants(b)


def test_circular_capture_through_promotion_row_brazilian_stays_man() -> None:
    """Brazilian rule 2 + dedup: the same diamond as a man (passing d8), one move, a man."""
    b = Board("brazilian", "W:Wd4,c3,e3:Bc5,c7,e5,e7")
    (move,) = b.legal_moves
    assert describe(b, move)[1:] == (frozenset({"c5", "c7", "e5", "e7"}), "m")
    assert move.start == move.end and not move.promotion
    # Without the blockers a man cannot fly: still exactly the one circular move.
    assert [describe(Board("brazilian", "W:Wd4:Bc5,c7,e5,e7"), m)[1:]
            for m in Board("brazilian", "W:Wd4:Bc5,c7,e5,e7").legal_moves] == [
        (frozenset({"c5", "c7", "e5", "e7"}), "m")
    ]
    check_invariants(b)


def test_international_circular_capture_passing_promotion_row() -> None:
    """FMJD 4.15 + dedup: the man on d6 (22) takes c7, c9, e9, e7 round the diamond, passing
    d10 (2) on the promotion row; both directions are one move and it stays a man."""
    b = Board("international", "W:W22:B7,8,17,18")
    (move,) = b.legal_moves
    assert move.start == move.end == 22
    assert move.captured == {7, 8, 17, 18}
    assert move.path in {(22, 11, 2, 13, 22), (22, 13, 2, 11, 22)}
    assert _kind_after(b, move) == "m"
    check_invariants(b)


def test_international_king_windmill_merged() -> None:
    """FMJD 4.8 + perft.md §1: the king's windmill W:WK2:B7,8,17,18 (both directions round
    the four pieces, back to 2) is one move."""
    b = Board("international", "W:WK2:B7,8,17,18")
    (move,) = b.legal_moves
    assert (move.start, move.end, move.captured) == (2, 2, {7, 8, 17, 18})
    check_invariants(b)


def test_king_must_land_where_it_can_continue() -> None:
    """Code 1.5.6: the king a1 takes b2 and could stop on c3..h8, but from e5 it can take g3
    (f4 empty, h2 empty), so it must land on e5 and go on: the one move a1:e5:h2."""
    b = Board("russian", "W:WKa1:Bb2,g3")
    assert table(b) == {row("a1:e5:h2", "b2 g3", "K")}
    check_invariants(b)


def test_king_lands_on_any_free_square_when_it_cannot_continue() -> None:
    """Code 1.5.2 / 1.5.6: with nothing more to take, every free square beyond b2 is legal."""
    b = Board("russian", "W:WKa1:Bb2")
    assert table(b) == {row(f"a1:{sq}", "b2", "K") for sq in ("c3", "d4", "e5", "f6", "g7", "h8")}


def test_turkish_strike_own_position() -> None:
    """Code 1.5.12 (Turkish strike): K a1 takes c3, d6, b6 (a1:e5:c7:a5); from a5 the way
    a5-b4-c3-d2-e1 is blocked by c3, which stays on the board until the move ends, so d2
    is not taken. If c3 were lifted at once the king would go on a5:e1 (4 pieces).
    From d4 the king can also take b6 alone (a1:d4:a7); f6, g7, h8 are not allowed landings
    (Code 1.5.6)."""
    b = Board("russian", "W:WKa1:Bc3,d6,b6,d2")
    assert table(b) == {row("a1:e5:c7:a5", "c3 d6 b6", "K"), row("a1:d4:a7", "c3 b6", "K")}
    check_invariants(b)
    brazil = Board("brazilian", "W:WKa1:Bc3,d6,b6,d2")
    assert table(brazil) == {row("a1:e5:c7:a5", "c3 d6 b6", "K")}


def test_brazilian_majority_king_route_beats_man_route() -> None:
    """Brazilian rule 1: the king's 3-piece capture (a1:e5:c7:a5) beats the man's 2-piece
    capture g1:e3:c1 (f2, d2); in Russian (Code 1.5.14) all three captures are legal."""
    fen = "W:WKa1,g1:Bb6,c3,d2,d6,f2"
    assert table(Board("brazilian", fen)) == {row("a1:e5:c7:a5", "c3 d6 b6", "K")}
    assert table(Board("russian", fen)) == {
        row("a1:e5:c7:a5", "c3 d6 b6", "K"),
        row("a1:d4:a7", "c3 b6", "K"),
        row("g1:e3:c1", "f2 d2", "m"),
    }


def test_brazilian_majority_man_route_beats_king_route() -> None:
    """Brazilian rule 1: the man's 2-piece capture g1:e3:c1 beats the king's 1-piece
    captures a1x c3 (five landing squares); Russian keeps all six (Code 1.5.14)."""
    fen = "W:WKa1,g1:Bc3,d2,f2"
    assert table(Board("brazilian", fen)) == {row("g1:e3:c1", "f2 d2", "m")}
    russian = table(Board("russian", fen))
    assert russian == {row("g1:e3:c1", "f2 d2", "m")} | {
        row(f"a1:{sq}", "c3", "K") for sq in ("d4", "e5", "f6", "g7", "h8")
    }


def test_brazilian_majority_equal_counts_free_choice_man_or_king() -> None:
    """Brazilian rule 1 ("можно брать любой из них"), FMJD 4.14: 2 pieces by the king
    (a1:d4:a7) and 2 by the man (g1:e3:c1) are both legal."""
    fen = "W:WKa1,g1:Bb6,c3,d2,f2"
    expected = {row("a1:d4:a7", "c3 b6", "K"), row("g1:e3:c1", "f2 d2", "m")}
    assert table(Board("brazilian", fen)) == expected
    assert table(Board("russian", fen)) == expected


def test_promotion_by_quiet_move() -> None:
    """Code 1.5.16 / 1.4.4: c7-d8 is a quiet move that crowns the man; the new king would
    see f6 along d8-e7-f6-g5 but captures only on its next move, as a king."""
    b = Board("russian", "W:Wc7:Ba5,f6")
    assert table(b) == {row("c7:b8", "", "K"), row("c7:d8", "", "K")}
    assert all(m.promotion and not m.is_capture for m in b.legal_moves)
    b.push(next(m for m in b.legal_moves if m.end == 2))
    assert b.turn == BLACK
    assert b.fen() == "B:WK2:B11,13"
    b.push(next(m for m in b.legal_moves if (m.start, m.end) == (13, 17)))  # a5-b4
    assert table(b) == {row("d8:g5", "f6", "K"), row("d8:h4", "f6", "K")}
    assert not any(m.promotion for m in b.legal_moves)


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international"])
def test_black_promotion_by_quiet_move(variant: str) -> None:
    """Code 1.4.4 / FMJD 3.5: a black man reaching White's first row by a quiet move is
    crowned (the black promotion row is 29-32 on 8x8, 46-50 on 10x10)."""
    fen = "B:WK1:B26" if variant != "international" else "B:WK1:B41"
    b = Board(variant, fen)
    assert b.legal_moves and all(m.promotion for m in b.legal_moves)
    for m in b.legal_moves:
        b.push(m)
        piece = b.piece_at(m.end)
        assert piece is not None and piece.king and piece.color == BLACK
        b.pop()


def test_capture_is_compulsory() -> None:
    """Code 1.5.3: a capture must be made, backwards too; h2 may not move quietly and the
    man on d4 must take c3 behind it."""
    b = Board("russian", "W:Wd4,h2:Bc3")
    assert b.has_capture()
    assert table(b) == {row("d4:b2", "c3", "m")}
    quiet = Board("russian", "W:Wd4,h2:Bb6")
    assert not quiet.has_capture()
    assert all(not m.is_capture for m in quiet.legal_moves)
    assert len(quiet.legal_moves) == 3  # d4-c5, d4-e5, h2-g3


@pytest.mark.parametrize("variant", ["russian", "brazilian", "russian-giveaway"])
def test_capture_compulsory_for_kings_at_a_distance(variant: str) -> None:
    """Code 1.5.2-1.5.3: a king must take an enemy piece at a distance; no quiet move."""
    b = Board(variant, "W:WKh8,a3:Bc3")
    assert table(b) == {row("h8:b2", "c3", "K"), row("h8:a1", "c3", "K")}


def test_capture_sequence_must_be_completed() -> None:
    """Code 1.5.5: a man may not stop halfway; a3:c5 alone is not a move."""
    b = Board("russian", "W:Wa3:Bb4,d6")
    assert table(b) == {row("a3:c5:e7", "b4 d6", "m")}


def test_own_pieces_cannot_be_jumped() -> None:
    """Code 1.5.3, 1.5.8: the king on a1 may not take d4 over its own man on b2 (c3 empty);
    with no capture, only the man's quiet moves remain (the king is shut in)."""
    b = Board("russian", "W:WKa1,b2:Bd4")
    assert not b.has_capture()
    assert table(b) == {row("b2:a3", "", "m"), row("b2:c3", "", "m")}


@pytest.mark.parametrize(
    ("variant", "fen", "winner"),
    [
        ("russian-giveaway", "W:W:B1", WHITE),  # White has no pieces: wins
        ("russian-giveaway", "B:W21:B", BLACK),
        ("russian-giveaway", "W:W29:B22,25", WHITE),  # a1 blocked by b2, c3: wins
        ("russian", "W:W:B1", BLACK),
        ("russian", "W:W29:B22,25", BLACK),
    ],
)
def test_giveaway_outcome_side_without_moves_wins(variant: str, fen: str, winner: object) -> None:
    """Поддавки (Code 5.1.4; rules.md §10): the side that cannot move wins; in Russian it
    loses (Code 1.8.1)."""
    outcome = Board(variant, fen).outcome()
    assert outcome is not None
    assert outcome.winner == winner


def test_giveaway_moves_are_russian_moves() -> None:
    """Giveaway keeps the Russian move rules (docs/rules.md M8): compulsory capture, free
    choice, promotion mid-capture."""
    for fen in ("W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3", "W:Wb6:Bc7,f6,h8", "W:WKg5:Bb2,b4,f4,g3"):
        assert table(Board("russian-giveaway", fen)) == table(Board("russian", fen))


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international", "russian-giveaway"])
def test_move_paths_and_capture_order_along_random_games(variant: str) -> None:
    """Code 1.5.7-1.5.13: along random games, every move's path, capture order and
    promotion flag agree with the position (see :func:`check_invariants`)."""
    rng = random.Random(20240601)
    for _ in range(12):
        b = Board(variant)
        for _ in range(120):
            moves = b.legal_moves
            if not moves:
                break
            check_invariants(b)
            b.push(rng.choice(moves))


# --- the kernels' shortcut for single jumps --------------------------------------------


def _general_captures(variant_name: str, own: int, opp: int, kings: int, side: int) -> object:
    """Every capture by the kernels' general search alone (``_captures_from`` for every
    piece with a first jump), the way ``search_captures`` ran before ``_single_jumps``."""
    import numpy as np

    from shashki.rules import kernels as K
    from shashki.rules import variant_by_name

    geo, rules = variant_by_name(variant_name).kernel_arrays()
    mvs, path, cx, cnt, fu, fi = K.buffers(0)
    s1, s2 = geo[K.G_S1], geo[K.G_S2]
    u = np.uint64
    empty = geo[K.G_BOARD] & ~u(own | opp)
    cx[0], cx[2], cx[3] = u(opp), s1, s2
    cx[4] = geo[K.G_PROMO_WHITE] if side == 0 else geo[K.G_PROMO_BLACK]
    cnt[:5] = 0, 0, rules[K.R_MAJORITY], rules[K.R_PROMOTE_MID_CAPTURE], rules[K.R_DEDUP_MIN]
    for king in (0, 1):
        p = int((K._king_jumpers if king else K._jumpers)(
            u(own & kings if king else own & ~kings), u(opp), empty, s1, s2))
        cx[6] = u(king)
        while p:
            b = p & -p
            p ^= b
            cx[1] = empty | u(b)
            cx[5] = u(b.bit_length() - 1)
            K._captures_from(u(b), king, cx, cnt, mvs[0], path, fu, fi)
    return mvs[0][: cnt[0]].copy()


@pytest.mark.parametrize("name", ["russian", "brazilian", "international", "russian-giveaway",
                                  "russian-80"])
def test_single_jumps_shortcut_gives_the_general_searchs_moves_in_its_order(name: str) -> None:
    """Code 1.5.5, 1.5.15 (``kernels._single_jumps``): a man whose every jump ends the move
    is listed without the general search; on random positions full of captures the list,
    its order and every route and captured square are the general search's own."""
    import numpy as np

    from shashki.rules import kernels as K
    from shashki.rules import variant_by_name

    v = variant_by_name(name)
    geo, rules = v.kernel_arrays()
    bits = [v.geometry.bit(sq) for sq in range(1, v.geometry.squares + 1)]
    rng = random.Random(1712)
    checked = shortcut = 0
    for _ in range(3000):
        squares = rng.sample(bits, rng.randint(4, 26))
        half = len(squares) // 2
        white = sum(1 << b for b in squares[:half])
        black = sum(1 << b for b in squares[half:])
        kings = sum(1 << b for b in squares if rng.random() < 0.1)
        side = rng.randint(0, 1)
        own, opp = (white, black) if side == 0 else (black, white)
        mvs, path, cx, cnt, fu, fi = K.buffers(0)
        n = K.generate(np.uint64(own), np.uint64(opp), np.uint64(kings), side, geo, rules,
                       mvs[0], path, cx, cnt, fu, fi)
        if n == 0 or not mvs[0][0, 2]:
            continue
        want = _general_captures(name, own, opp, kings, side)
        got = mvs[0][:n]
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            plen = int(w[3] >> 8 & 0xFF)
            assert g[:4].tolist() == w[:4].tolist()
            assert g[4:4 + plen].tolist() == w[4:4 + plen].tolist()
            assert g[K.CAPS:K.CAPS + plen].tolist() == w[K.CAPS:K.CAPS + plen].tolist()
        checked += 1
        shortcut += all(int(w[3] >> 8 & 0xFF) == 1 for w in want)
    assert checked > 500 and shortcut > 100  # both kinds of position were met
