"""80-square draughts (``russian-80``, Spantsiretti): the 10x8 board against a reference.

No perft has been published for this board, so the kernels are checked against a
deliberately simple move generator written here from the rules text (Code 1.4-1.5, the
Russian rules of play; rules.md §10 for the board and the set-up). It knows nothing of
bitboards or square numbers: squares are ``(file, rank)`` pairs, 0-based from White's
bottom-left corner a1, and positions go to the kernels as FENs of algebraic squares.
It is slow and plain on purpose; it agrees with the kernels on perft from the initial
position, on random placements of men and kings, and along random games. Hand-checked
positions then pin the rules themselves (a man's capture backwards, a flying king's
capture, promotion in the middle of a capture, the Turkish strike, free choice).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator

import pytest

from shashki import Board, InvalidFen
from shashki.draws import check_board, history, ruleset
from shashki.notation import Style, move_text, parse_move
from shashki.pdn import read_game, write_game
from shashki.pdn.gametype import parse_gametype, renumber, variant_for
from shashki.pdn.model import Game
from shashki.rules import RUSSIAN_80, Geometry, variant_by_name
from shashki.svg import board_svg

# --- the reference generator ------------------------------------------------------------

FILES, RANKS = 10, 8
LETTERS = "abcdefghij"
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
WHITE, BLACK = 0, 1

Square = tuple[int, int]
Pieces = dict[Square, tuple[int, bool]]  # square -> (colour, king)
Key = tuple[Square, Square, frozenset[Square]]  # start, end, captured pieces


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < FILES and 0 <= sq[1] < RANKS


def dark(sq: Square) -> bool:
    """a1 is dark (rules.md §10: the bottom-left square is playable)."""
    return (sq[0] + sq[1]) % 2 == 0


def name(sq: Square) -> str:
    return f"{LETTERS[sq[0]]}{sq[1] + 1}"


def square(text: str) -> Square:
    return LETTERS.index(text[0]), int(text[1:]) - 1


def last_row(colour: int) -> int:
    """White promotes on rank 8, Black on rank 1 (Code 1.4.4)."""
    return RANKS - 1 if colour == WHITE else 0


def step(sq: Square, d: Square, k: int = 1) -> Square:
    return sq[0] + k * d[0], sq[1] + k * d[1]


def _sequences(pieces: Pieces, turn: int, start: Square, at: Square, king: bool,
               taken: tuple[Square, ...]) -> list[tuple[Square, tuple[Square, ...], bool]]:
    """Every complete capture continuing from ``at``: ``(end, taken, king after)``.

    The piece has left ``start`` (an empty square now). Captured pieces stay on the board
    until the move ends (Code 1.5.12): they block and cannot be jumped again (1.5.9).
    """

    def empty(sq: Square) -> bool:
        return on_board(sq) and (sq == start or sq not in pieces)

    done: list[tuple[Square, tuple[Square, ...], bool]] = []
    jumped = False
    for d in DIAGONALS:
        victim = step(at, d)
        if king:  # a king sees along the whole diagonal (Code 1.5.2)
            while empty(victim):
                victim = step(victim, d)
        if not on_board(victim) or victim == start or victim not in pieces:
            continue
        if pieces[victim][0] == turn or victim in taken:
            continue
        landings = []
        land = step(victim, d)
        while empty(land):
            landings.append(land)
            if not king:  # a man lands right behind the piece (Code 1.5.1)
                break
            land = step(land, d)
        if not landings:
            continue
        jumped = True
        options = []
        for land in landings:
            # Code 1.5.15: reaching the last row during a capture, a man goes on as a king.
            crowned = king or land[1] == last_row(turn)
            options.append(_sequences(pieces, turn, start, land, crowned, (*taken, victim)))
        # Code 1.5.6: a king must land where it can capture further, if it can anywhere.
        going_on = [o for o in options if any(len(t) > len(taken) + 1 for _, t, _ in o)]
        for o in going_on or options:
            done.extend(o)
    if not jumped:
        return [(at, taken, king)] if taken else []
    return done


def reference_moves(pieces: Pieces, turn: int) -> dict[Key, bool]:
    """Legal moves of the side to move, each with whether the piece is a king after it.

    Captures are compulsory (Code 1.5.3), forwards and backwards, with free choice among
    them (1.5.14); otherwise men step diagonally forward (1.4.3) and kings fly (1.4.5).
    Two routes with the same start, end and captured pieces are one move (docs M1).
    """
    out: dict[Key, bool] = {}
    for sq, (colour, king) in pieces.items():
        if colour != turn:
            continue
        for end, taken, king_after in _sequences(pieces, turn, sq, sq, king, ()):
            key = (sq, end, frozenset(taken))
            assert out.get(key, king_after) == king_after, key
            out[key] = king_after
    if out:
        return out
    forward = 1 if turn == WHITE else -1
    for sq, (colour, king) in pieces.items():
        if colour != turn:
            continue
        if king:
            for d in DIAGONALS:
                to = step(sq, d)
                while on_board(to) and to not in pieces:
                    out[(sq, to, frozenset())] = True
                    to = step(to, d)
            continue
        for df in (-1, 1):
            to = (sq[0] + df, sq[1] + forward)
            if on_board(to) and to not in pieces:
                out[(sq, to, frozenset())] = to[1] == last_row(turn)
    return out


def play(pieces: Pieces, turn: int, key: Key, king_after: bool) -> Pieces:
    """The position after a move: captured pieces leave together at its end (1.5.12)."""
    start, end, taken = key
    after = {sq: p for sq, p in pieces.items() if sq != start and sq not in taken}
    after[end] = (turn, king_after)
    return after


def reference_perft(pieces: Pieces, turn: int, depth: int) -> int:
    if depth == 0:
        return 1
    moves = reference_moves(pieces, turn)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(play(pieces, turn, k, ka), 1 - turn, depth - 1)
               for k, ka in moves.items())


def initial() -> Pieces:
    """15 men each on the three nearest rows (rules.md §10)."""
    pieces: Pieces = {}
    for colour, ranks in ((WHITE, range(3)), (BLACK, range(RANKS - 3, RANKS))):
        for rank in ranks:
            for file in range(FILES):
                if dark((file, rank)):
                    pieces[(file, rank)] = (colour, False)
    return pieces


def fen(pieces: Pieces, turn: int) -> str:
    """A FEN of algebraic squares (no square numbers involved)."""
    blocks = []
    for colour, letter in ((WHITE, "W"), (BLACK, "B")):
        items = [("K" if k else "") + name(sq) for sq, (c, k) in sorted(pieces.items())
                 if c == colour]
        blocks.append(letter + ",".join(items))
    return ("W" if turn == WHITE else "B") + ":" + ":".join(blocks)


def kernel_moves(board: Board) -> dict[Key, bool]:
    """The kernels' legal moves in the reference's terms; no two share a key."""
    g = board.variant.geometry
    out: dict[Key, bool] = {}
    for m in board.legal_moves:
        start = square(g.square_name(m.start))
        was_king = bool(board.piece_at(m.start) and board.piece_at(m.start).king)  # type: ignore[union-attr]
        key = (start, square(g.square_name(m.end)),
               frozenset(square(g.square_name(c)) for c in m.captures))
        assert key not in out, f"{key} twice in {board.fen()}"
        out[key] = was_king or m.promotion
    return out


def random_position(rng: random.Random) -> tuple[Pieces, int]:
    """Men and kings scattered over the board; no man on its own promotion row."""
    free = [(f, r) for f in range(FILES) for r in range(RANKS) if dark((f, r))]
    rng.shuffle(free)
    pieces: Pieces = {}
    for colour in (WHITE, BLACK):
        for _ in range(rng.randint(1, 9)):
            sq = free.pop()
            king = rng.random() < 0.3 or sq[1] == last_row(colour)
            pieces[sq] = (colour, king)
    return pieces, rng.randint(0, 1)


# --- the reference itself ------------------------------------------------------------------


def test_reference_board() -> None:
    assert sum(dark((f, r)) for f in range(FILES) for r in range(RANKS)) == 40
    assert len(initial()) == 30
    assert sorted(name(sq) for sq, (c, _) in initial().items() if c == WHITE and sq[1] == 2) \
        == ["a3", "c3", "e3", "g3", "i3"]


# --- kernels against the reference ---------------------------------------------------------

INITIAL_PERFT = [9, 81, 658, 4_265, 27_132, 168_316, 1_040_706, 6_238_312]
"""Leaf counts from W:W26-40:B1-15, depths 1-8 (dedup, as perft.md); depths 1-6 are
also counted by the reference generator (6 in the slow run)."""


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_reference_perft_initial(depth: int) -> None:
    assert reference_perft(initial(), WHITE, depth) == INITIAL_PERFT[depth - 1]


@pytest.mark.parametrize(
    "depth", [*range(1, 8), pytest.param(8, marks=pytest.mark.slow)])
def test_kernel_perft_initial(depth: int) -> None:
    assert Board("russian-80").perft(depth) == INITIAL_PERFT[depth - 1]


def test_initial_position_is_the_reference_one() -> None:
    assert Board("russian-80") == Board("russian-80", fen(initial(), WHITE))
    assert RUSSIAN_80.initial_fen == "W:W26-40:B1-15"


def _random_positions(seed: int, count: int) -> Iterator[tuple[Pieces, int]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield random_position(rng)


@pytest.mark.parametrize("seed", range(4))
def test_random_positions_moves_and_perft(seed: int) -> None:
    """Random placements (many king captures and promotions): the same moves at the root
    and the same perft three plies deep."""
    for pieces, turn in _random_positions(seed, 60):
        board = Board("russian-80", fen(pieces, turn))
        assert kernel_moves(board) == reference_moves(pieces, turn), board.fen()
        assert board.perft(3) == reference_perft(pieces, turn, 3), board.fen()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 110))
def test_random_positions_deeper(seed: int) -> None:
    for pieces, turn in _random_positions(seed, 100):
        board = Board("russian-80", fen(pieces, turn))
        assert board.perft(4) == reference_perft(pieces, turn, 4), board.fen()


@pytest.mark.parametrize("seed", range(6))
def test_random_games(seed: int) -> None:
    """Random games from the initial position: the same moves at every ply."""
    rng = random.Random(seed)
    board = Board("russian-80")
    pieces, turn = initial(), WHITE
    for _ in range(200):
        ref = reference_moves(pieces, turn)
        assert kernel_moves(board) == ref, board.fen()
        if not ref:
            break
        move = rng.choice(board.legal_moves)
        g = board.variant.geometry
        key = (square(g.square_name(move.start)), square(g.square_name(move.end)),
               frozenset(square(g.square_name(c)) for c in move.captures))
        board.push(move)
        pieces, turn = play(pieces, turn, key, ref[key]), 1 - turn
        assert board == Board("russian-80", fen(pieces, turn))


# --- hand-checked positions -------------------------------------------------------------


def moves_of(fen_text: str) -> set[tuple[str, str, bool]]:
    """``(full path, captured squares sorted, king after)`` of each legal move, in
    algebraic squares, checked against the reference on the way."""
    board = Board("russian-80", fen_text)
    g = board.variant.geometry
    pieces: Pieces = {}
    for sq in range(1, g.squares + 1):
        p = board.piece_at(sq)
        if p is not None:
            pieces[square(g.square_name(sq))] = (int(p.color), p.king)
    assert kernel_moves(board) == reference_moves(pieces, int(board.turn))
    out = set()
    for m in board.legal_moves:
        was_king = board.piece_at(m.start).king  # type: ignore[union-attr]
        out.add((":".join(g.square_name(s) for s in m.path),
                 ",".join(sorted(g.square_name(c) for c in m.captures)),
                 was_king or m.promotion))
    return out


def test_man_captures_backwards_at_the_edge() -> None:
    """Code 1.5.3: a man captures backwards; j4 and j6 have no square behind them."""
    assert moves_of("W:Wi5:Bh4,j4,j6") == {("i5:g3", "h4", False)}


def test_flying_king_must_land_where_it_goes_on() -> None:
    """Code 1.5.2, 1.5.6: the king on i1 takes f4 from a distance along i1-b8 and must land
    on d6, the one square of e5-d6-c7-b8 from which it can take c5; then free landing."""
    assert moves_of("W:WKi1:Bf4,c5") == {
        ("i1:d6:b4", "c5,f4", True), ("i1:d6:a3", "c5,f4", True)}


def test_flying_king_free_landing() -> None:
    """Code 1.5.2: with nothing more to take, any free square behind the piece."""
    assert moves_of("W:WKj2:Bg5") == {
        ("j2:f6", "g5", True), ("j2:e7", "g5", True), ("j2:d8", "g5", True)}


def test_promotion_mid_capture_continues_as_a_king() -> None:
    """Code 1.5.15: crowned on d8 by taking c7, the piece takes g5 from a distance as a
    king in the same move and stays a king on h4, i3 or j2, off the last row."""
    assert moves_of("W:Wb6:Bc7,g5") == {
        ("b6:d8:h4", "c7,g5", True), ("b6:d8:i3", "c7,g5", True), ("b6:d8:j2", "c7,g5", True)}


def test_black_promotes_on_rank_1_mid_capture() -> None:
    """The same for Black, whose last row is rank 1: crowned on e1, it takes h4 from a
    distance, which a man on e1 could not."""
    assert moves_of("B:Wd2,h4:Bc3") == {("c3:e1:i5", "d2,h4", True),
                                        ("c3:e1:j6", "d2,h4", True)}


def test_turkish_strike() -> None:
    """Code 1.5.9, 1.5.12 (rules.md §3.4 R3 turned half round onto files h-j): e5 stays on
    the board until the move ends and blocks g3-d6, so d6 is not taken; h8 and g7 are the
    landing squares from which the king goes on (Code 1.5.6)."""
    assert {(p, c) for p, c, _ in moves_of("W:WKd4:Bi7,i5,e5,d6")} == {
        ("d4:h8:j6:h4", "e5,i5,i7"), ("d4:h8:j6:g3", "e5,i5,i7"),
        ("d4:h8:j6:f2", "e5,i5,i7"), ("d4:h8:j6:e1", "e5,i5,i7"), ("d4:g7:j4", "e5,i5")}


def test_free_choice_among_captures() -> None:
    """Code 1.5.14: no majority rule; two kings or three men, as the capturer likes."""
    assert moves_of("W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3") == {
        ("a3:c5:e7:g5", "b4,d6,f6", False), ("h2:f4:d2", "e3,g3", False)}


def test_quiet_promotion_and_no_capture_in_the_same_move() -> None:
    """Code 1.4.4, 1.5.16: a man reaching rank 8 by a quiet move is crowned and stops."""
    assert moves_of("W:Wi7:Bc5") == {("i7:h8", "", True), ("i7:j8", "", True)}


# --- the variant around the kernels ------------------------------------------------------


def test_names_and_aliases() -> None:
    for alias in ("russian-80", "spantsiretti", "80-square", "80", "Russian-10x8"):
        assert variant_by_name(alias) is RUSSIAN_80
    assert RUSSIAN_80.men_per_side == 15 and RUSSIAN_80.gametype == 41


def test_square_numbers_and_names() -> None:
    """Numbered from the top left as on every board (1 = b8); a1 is 36, j8 is 5."""
    g = RUSSIAN_80.geometry
    assert (g.files, g.ranks, g.squares) == (10, 8, 40)
    assert [g.square_name(s) for s in (1, 5, 6, 10, 36, 40)] == ["b8", "j8", "a7", "i7",
                                                                  "a1", "i1"]
    for f in range(FILES):
        for r in range(RANKS):
            sq = g.square_at(f, r)
            assert (sq is not None) == dark((f, r))
            if sq is not None:
                assert g.square_name(sq) == name((f, r)) and g.parse_square(name((f, r))) == sq
    with pytest.raises(ValueError):
        g.parse_square("j1")  # light
    with pytest.raises(ValueError):
        g.parse_square("k2")


@pytest.mark.parametrize(("files", "ranks"), [(8, 8), (10, 10), (10, 8), (12, 8), (8, 10),
                                              (6, 12), (4, 4)])
def test_padded_layout_steps(files: int, ranks: int) -> None:
    """On square and oblong boards alike, each diagonal step is a shift by files/2 or
    files/2 + 1 that lands on the neighbour's bit, or off the board's bits at an edge."""
    g = Geometry(files, ranks)
    n = files // 2
    shifts = {(-1, 1): -(n + 1), (1, 1): -n, (-1, -1): n, (1, -1): n + 1}  # up = towards bit 0
    for sq in range(1, g.squares + 1):
        f, r = g.file_rank(sq)
        assert g.bit(sq) == (sq - 1) + (sq - 1) // (2 * n)
        for (df, dr), shift in shifts.items():
            to = g.bit(sq) + shift
            target = g.square_at(f + df, r + dr)
            if target is None:
                assert to < 0 or to >= 64 or not g.board_mask >> to & 1
            else:
                assert to == g.bit(target)
    promote_white = g.squares_of(g.row_mask(0))
    assert {g.file_rank(s)[1] for s in promote_white} == {ranks - 1}
    assert {g.file_rank(s)[1] for s in g.squares_of(g.row_mask(ranks - 1))} == {0}


def test_odd_ranks_refused() -> None:
    with pytest.raises(ValueError, match="odd"):
        Geometry(10, 9)


def test_fen() -> None:
    b = Board("russian-80", "W:Wa1,Kj2,26:Bb8,15")
    assert b.fen() == "W:W26,K35,36:B1,15"
    with pytest.raises(InvalidFen, match="promotion row"):
        Board("russian-80", "W:Wd8:B1")
    with pytest.raises(InvalidFen, match="promotion row"):
        Board("russian-80", "W:W30:Bc1")
    with pytest.raises(InvalidFen, match="more than 15"):
        Board("russian-80", "W:W21-40:B1")
    with pytest.raises(InvalidFen, match="off the board"):
        Board("russian-80", "W:W41:B1")


def test_notation_algebraic_by_default_numeric_too() -> None:
    b = Board("russian-80")
    m = parse_move(b, "i3-j4")
    assert move_text(b, m) == "i3-j4" and move_text(b, m, Style.NUMERIC) == "30-25"
    assert parse_move(b, "30-25") == m and parse_move(b, "i3j4") == m
    b = Board("russian-80", "W:WKi1:Bf4,c5")
    m = b.legal_moves[0]
    assert move_text(b, m).count(":") == 1 and move_text(b, m)[:3] == "i1:"
    assert move_text(b, m, Style.NUMERIC, capture_sep=":").startswith("40:")


def test_pdn_gametype_41_round_trip() -> None:
    gt = parse_gametype("41")
    assert gt.full() == "41,W,10,8,A0,0" and variant_for(gt) is RUSSIAN_80
    with pytest.raises(ValueError, match="10x8"):
        variant_for(parse_gametype("41,W,8,8,A0,0"))
    rng = random.Random(5)
    board = Board("russian-80")
    for _ in range(80):
        if not board.legal_moves:
            break
        board.push(rng.choice(board.legal_moves))
    game = Game.from_board(board)
    text = write_game(game)
    assert '[GameType "41"]' in text and re.search(r"\b[ij]\d", text)
    again = read_game(text)
    assert again is not None and not again.errors and again == game
    numeric = write_game(game, notation="numeric")
    assert '[GameType "41,W,10,8,N2,0"]' in numeric
    back = read_game(numeric)
    assert back is not None and not back.errors
    assert [n.move for n in back.mainline()] == [n.move for n in game.mainline()]


def test_pdn_numbered_from_the_bottom_left() -> None:
    """A file numbered from a1 (``N0``) is renumbered on reading: its 1 is a1 (our 36)."""
    g = RUSSIAN_80.geometry
    table = renumber(g, 0)
    assert g.square_name(table[1]) == "a1" and g.square_name(table[40]) == "j8"
    back = {v: k for k, v in enumerate(table) if k}
    text = ('[GameType "41,W,10,8,N0,0"]\n\n1. {} {} *\n'
            .format(*(f"{back[g.parse_square(a)]}-{back[g.parse_square(b)]}"
                      for a, b in (("i3", "j4"), ("b6", "a5")))))
    game = read_game(text)
    assert game is not None and not game.errors
    board = game.end().board()
    assert board.piece_at("j4") is not None and board.piece_at("a5") is not None


def test_draw_rules_default() -> None:
    """docs/rules.md D13: the Code's 1.9.1 rules except 1.9.1.5 (no main road on 10x8).

    Three kings against a lone king shuttling on a1-h8: the Russian ruleset would draw
    after White's 5th move (1.9.1.5); on 10x8 the game goes on to White's 15th (1.9.1.3).
    """
    rs = ruleset("russian-80")
    assert rs.name == "code-2004"
    assert [r.article for r in rs.rules] == [
        "Code 1.9.1.7", "Code 1.9.1.3", "Code 1.9.1.4", "Code 1.9.1.6"]
    b = Board("russian-80", "W:WKa3,Kc1,Ki1:BKh8")
    g = b.variant.geometry
    first: dict[str, tuple[int, str]] = {}
    for ply in range(1, 40):
        assert not b.has_capture()
        b.push_text(("i1-j2", "h8-g7", "j2-i1", "g7-h8")[(ply - 1) % 4])
        h = history(b)
        for label, rules in (("80", rs), ("russian", ruleset("russian"))):
            d = rules.check(h, g, repetition=False)
            if d is not None:
                first.setdefault(label, (ply, d.article))
    assert first == {"russian": (9, "Code 1.9.1.5"), "80": (29, "Code 1.9.1.3")}
    draw = check_board(b, repetition=False)
    assert draw is not None and draw.article == "Code 1.9.1.3"


def test_svg_of_the_10x8_board() -> None:
    """Ten files a-j, eight ranks 1-8, algebraic coordinates by default; a wide picture."""
    svg = board_svg(Board("russian-80"), size=500)
    assert svg.count('class="square dark') == 40
    assert svg.count('class="piece white') == 15 and svg.count('class="piece black') == 15
    labels = re.findall(r"<text[^>]*>([a-z0-9]+)<", svg)
    assert labels == [*"abcdefghij", *"12345678"]
    width, height = (float(v) for v in re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)[0])
    assert 1.2 < width / height < 1.3
    numbered = board_svg(Board("russian-80"), coordinates="numeric")
    assert re.findall(r'class="number sq(\d+)"', numbered) == [str(n) for n in range(1, 41)]


def test_cli_perft_and_moves(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = cli("perft", "--variant", "russian-80", "--depth", "4", "--json")
    assert code == 0 and json.loads(out)["nodes"] == 4265
    code, out, _ = cli("moves", "--variant", "spantsiretti", "--fen", "W:Wi5:Bh4,j4,j6")
    assert code == 0 and "i5:g3" in out
