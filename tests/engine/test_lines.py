"""Multi-PV (:meth:`Engine.lines`): one line per root move searched to the same depth, best
first; its best line agrees with the engine's single-line search (score and first move)
on the positions of the engine's own doctests, and a forced move gives one line."""

from __future__ import annotations

from shashki import Board
from shashki.engine import Engine


def test_the_best_line_is_the_single_search() -> None:
    e = Engine("russian", hash_mb=4)
    for fen, depth in (("W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8", 8), (None, 6)):
        board = Board("russian", fen)
        lines = e.lines(board, 3, depth)
        single = Engine("russian", hash_mb=4).analyse(board, depth=depth)
        assert len(lines) == 3 and all(x.depth == depth for x in lines)
        assert [x.score.value for x in lines] == sorted((x.score.value for x in lines),
                                                        reverse=True)
        if single.score.wins_in is not None:
            assert lines[0].score.wins_in == single.score.wins_in
            assert lines[0].bestmove == single.bestmove
        # every line starts with its own legal move
        assert len({x.bestmove for x in lines}) == 3
        assert all(x.bestmove in board.legal_moves for x in lines)


def test_callback_after_each_depth_and_a_forced_move() -> None:
    e = Engine("russian", hash_mb=4)
    seen: list[int] = []
    e.lines(Board("russian"), 2, 6, callback=lambda ls: seen.append(ls[0].depth))
    assert seen == [2, 4, 6]
    forced = Board("russian", "W:Wc3:Bd4,h8")  # c3:e5 is the only move
    assert [x.pv_text(forced)[0] for x in e.lines(forced, 3, 6)] == ["c3:e5"]
