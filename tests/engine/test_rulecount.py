"""The search's draw counts (shashki.engine.rulecount) against the arbiter's (shashki.draws).

Code 1.9.1.3, 1.9.1.4, 1.9.1.6; FMJD-64 7.2.4-7.2.8; FMJD 6.2-6.4; CBD 16.
"""

from __future__ import annotations

import random

import pytest

from shashki import Board, draws
from shashki.engine import Engine
from shashki.engine import search as S
from shashki.engine.rulecount import R_CODE, R_FMJD64, R_FMJD100, R_NONE, material_plies
from shashki.rules.bits import U64

# (variant, ruleset, position, the count of plies since the last capture or promotion
# that draws it with this side to move: three kings against one draw at the stronger
# side's 15th move, ply 29 when it moved first, then the lone king is to move)
CASES = [
    ("russian", "code-2004", "W:WKg1,Kc1:BKd8", 10),            # 1.9.1.4, 3 pieces
    ("russian", "code-2004", "W:WKg1,c3:BKd8", 10),             # 1.9.1.4, king and man
    ("russian", "code-2004", "W:WKg1,Kc1:BKd8,a7", 60),         # 1.9.1.4, 4 pieces
    ("russian", "code-2004", "W:WKg1,c1,e1:BKd8", 60),          # 1.9.1.3 wants 3 kings
    ("russian", "code-2004", "W:WKg1,c1,e1:BKd8,a7,h8", 120),   # 1.9.1.4, 6 pieces
    ("russian", "code-2004", "W:WKg1,Kc1,Ke1:BKd8", 30),        # 1.9.1.3: White's 15th
    ("russian", "code-2004", "B:WKg1,Kc1,Ke1:BKd8", 29),        # ... before Black's 15th
    ("russian", "code-2004", "W:Wa3,c1,e1:BKd8", 0),            # no king on White's side
    ("russian", "code-2004", "W:WKg1,c1,e1,a3,h2:BKd8,a7,c7", 0),  # 8 pieces
    ("russian", "fmjd", "W:WKg1,Kc1:BKd8", 10),                 # 7.2.8
    ("russian", "fmjd", "W:WKg1,c3:BKd8,a7", 60),               # 7.2.6
    ("russian", "fmjd", "W:WKg1,c1,e1:BKd8,a7,h8", 120),        # 7.2.6
    ("russian", "fmjd", "W:WKg1,Kc1,Ke1:BKd8", 30),             # 7.2.4
    ("brazilian", "cbd", "W:WKg1,Kc1:BKd8", 0),
    ("international", "fmjd", "W:WK46,K47,K48:BK3", 32),        # 6.3
    ("international", "fmjd", "W:WK46,47,48:BK3", 32),          # 6.3, a king and two men
    ("international", "fmjd", "W:W46,47,48:BK3", 0),            # 6.3 wants a king
    ("international", "fmjd", "W:WK46,47:BK3", 10),             # 6.4
    ("international", "fmjd", "W:WK46:BK3", 10),                # 6.4, king against king
    ("international", "fmjd", "W:WK46,K47:BK3,K4", 0),          # two kings each
]
CODES = {("russian", "code-2004"): R_CODE, ("russian", "fmjd"): R_FMJD64,
         ("brazilian", "cbd"): R_NONE, ("international", "fmjd"): R_FMJD100}


@pytest.mark.parametrize(("variant", "ruleset", "fen", "plies"), CASES)
def test_material_plies(variant: str, ruleset: str, fen: str, plies: int) -> None:
    """The counts of Code 1.9.1.3-1.9.1.4, FMJD-64 7.2.4/7.2.6/7.2.8, FMJD 6.3-6.4."""
    assert _count(Board(variant, fen), CODES[variant, ruleset]) == plies


def _count(board: Board, code: int) -> int:
    w, b, k, turn = board.position
    own, opp = (w, b) if turn == 0 else (b, w)
    return int(material_plies(U64(own), U64(opp), U64(k), code))


def _shuffle(board: Board, plies: int, rng: random.Random) -> bool:
    """Play ``plies`` king moves that neither capture nor give a capture; False where the
    side to move has none left (its king trapped on a diagonal)."""
    g = board.variant.geometry
    for _ in range(plies):
        moves = [m for m in board.legal_moves
                 if not m.is_capture and (board.position[2] >> g.bit(m.start)) & 1]
        rng.shuffle(moves)
        for m in moves:
            board.push(m)
            if board.legal_moves and not any(x.is_capture for x in board.legal_moves):
                break
            board.pop()
        else:
            return False
    return True


def _shuffled(variant: str, fen: str, plies: int) -> list[Board]:
    """The positions of the first ``plies``-ply walk of kings from ``fen`` that does not
    get stuck (seeds 0, 1, ... in turn)."""
    for seed in range(50):
        rng = random.Random(seed)
        board = Board(variant, fen)
        out = []
        while len(out) < plies and _shuffle(board, 1, rng):
            out.append(board.copy())
        if len(out) == plies:
            return out
    pytest.fail(f"every walk from {fen} got stuck")


@pytest.mark.parametrize(("variant", "ruleset", "fen", "plies"),
                         [c for c in CASES if c[3]])
def test_the_arbiter_draws_at_the_same_ply(variant: str, ruleset: str, fen: str,
                                           plies: int) -> None:
    """Kings moved about from the position, ply by ply: the arbiter's rules of the balance
    of forces (shashki.draws, without the kings-only and main-road rules, which count
    otherwise) draw the game at the first ply whose count reaches the search's."""
    full = draws.ruleset(variant, ruleset)
    counts = draws.Ruleset(full.name, full.title, tuple(
        r for r in full.rules if r.id not in ("threefold", "kings-only", "main-road")))
    g = Board(variant).variant.geometry
    code = CODES[variant, ruleset]
    for n, board in enumerate(_shuffled(variant, fen, plies + 1), 1):
        drawn = counts.check(draws.history(board), g, repetition=False) is not None
        assert drawn == (n >= _count(board, code)), n
        if drawn:
            assert abs(n - plies) <= 1  # the count is the side to move's
            break
    else:
        pytest.fail("no draw")


def test_the_search_scores_the_count_a_draw() -> None:
    """Three kings against one, Code 1.9.1.3: after 28 plies of king moves the stronger
    side's 15th move falls inside any search, so the engine scores a draw; from the bare
    position (no count) it sees three kings against one."""
    board = _shuffled("russian", "W:WKg1,Kc1,Ke1:BKd8", 28)[-1]
    assert abs(Engine("russian", hash_mb=1).analyse(board, depth=6).score.value) < 20
    fresh = Board("russian", board.fen())
    assert Engine("russian", hash_mb=1).analyse(fresh, depth=6).score.value > 100


def test_the_ruleset_sets_the_counts() -> None:
    """Brazilian under the Code (its default, docs/rules.md D10) draws kings-only play
    after 15 moves each (1.9.1.6), under the CBD's rules after 20 (CBD 16); the baseline
    keeps its count-blind search."""
    e = Engine("brazilian", hash_mb=1)
    assert (e.params[S.P_RULESET], e.params[S.P_RULES_PLIES]) == (R_CODE, 30)
    e.set_ruleset("cbd")
    assert (e.params[S.P_RULESET], e.params[S.P_RULES_PLIES]) == (R_NONE, 40)
    e.set_variant("international")
    assert (e.params[S.P_RULESET], e.params[S.P_RULES_PLIES]) == (R_FMJD100, 50)
    assert Engine("brazilian", hash_mb=1, version="baseline-2026-12").params[
        S.P_DRAW_RULES] == 0
