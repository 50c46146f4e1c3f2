"""Three kings against a lone king: the table in the evaluation and in play."""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from tests.engine.test_patterns import _eval, _turned

from shashki import Board
from shashki.color import Color
from shashki.draws import check_board
from shashki.engine import Engine, Limit
from shashki.engine.evaluate import NO_KINGS, eval_arrays, evaluate, weights_for
from shashki.engine.lone_king import engine_table, load, table_for
from shashki.engine.match import ShashkiPlayer
from shashki.engine.model import LearnError
from shashki.engine.players import MatchError, parse_spec

SHIPPED = resources.files("shashki.engine").joinpath("learned", "russian-lone-king.npz")

# three kings against a king off the main road, the kings to move, won in 17 to 23 plies
# by the 4-piece tables (Russian and Brazilian alike; drawn at random from them)
WON = ["W:WK7,K10,K21:BK1", "W:WK22,K25,K32:BK24", "W:WK9,K10,K23:BK3", "W:WK2,K27,K29:BK21",
       "W:WK1,K15,K16:BK21", "W:WK4,K21,K29:BK28", "W:WK6,K26,K27:BK3", "W:WK22,K29,K31:BK16"]


def test_every_variant_with_a_main_road_has_its_table() -> None:
    t = table_for("russian")
    assert t is not None and t.shape == (2, 3, 64, 64)
    assert np.array_equal(table_for("brazilian"), t)  # kings alone capture alike
    for name in ("international", "russian-80", "russian-giveaway"):
        assert table_for(name) is None
        assert engine_table(name) is NO_KINGS


@pytest.mark.parametrize("variant", ["russian", "brazilian"])
def test_the_penalty_is_colour_symmetric_and_compiled_as_written(variant: str) -> None:
    """Issue 17: the evaluation is colour-symmetric; the compiled and interpreted
    evaluations agree."""
    arrays = eval_arrays(Board(variant).variant)
    kt = engine_table(variant)
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(200):
        sq = [int(s) for s in rng.choice(np.arange(1, 33), 4, replace=False)]
        turn = "W" if rng.integers(2) else "B"
        board = Board(variant, f"{turn}:WK{sq[0]},K{sq[1]},K{sq[2]}:BK{sq[3]}")
        with_table = _eval(board, arrays, kt=kt)
        assert with_table == _eval(_turned(board), arrays, kt=kt), board.fen()
        assert with_table == _eval(board, arrays, evaluate.py_func, kt=kt), board.fen()
        if with_table != _eval(board, arrays):
            checked += 1
    assert checked > 100  # off the main road the table counts


def test_the_score_falls_as_the_win_nears() -> None:
    """The kings close in: with the same kings, the lone king a ply from being taken (on
    6) scores the kings more than the lone king 21 plies from it (on 32), and both more
    than the lone king on the main road (29), a draw (Code 1.9.1.5)."""
    arrays = eval_arrays(Board("russian").variant)
    kt = engine_table("russian")
    near, far, road = (_eval(Board("russian", f"W:WK2,K3,K4:BK{s}"), arrays, kt=kt)
                       for s in (6, 32, 29))
    assert near > far > road
    # the table only takes from the lone-king bonus, never more than all of it: the lone
    # king to move far from being caught still scores below the kings
    plain = _eval(Board("russian", "W:WK2,K3,K4:BK32"), arrays)
    bonus = weights_for("russian")["lone_king_bonus"]
    assert 0 < plain - far <= bonus
    black = Board("russian", "B:WK2,K3,K4:BK32")
    lone_to_move, lone_plain = _eval(black, arrays, kt=kt), _eval(black, arrays)
    assert lone_plain < lone_to_move <= lone_plain + bonus and lone_to_move < 0


def _play_out(engine: Engine, fen: str, nodes: int) -> bool:
    """Whether the engine, playing both sides, takes the lone king under the Code's draw
    rules (Code 1.9.1.3: fifteen moves)."""
    board = Board(engine.variant.name, fen)
    engine.new_game()
    while board.outcome() is None and check_board(board) is None:
        board.push(engine.play(board, Limit(nodes=nodes)))
    o = board.outcome()
    return o is not None and o.winner == Color.WHITE


@pytest.mark.slow
def test_the_table_wins_what_the_bonus_alone_draws() -> None:
    """Code 1.9.1.3 and Petrov's triangle: at 20,000 nodes a move the engine with the
    table takes the lone king in positions where the hand-set bonus alone does not."""
    with_table = Engine("brazilian", hash_mb=16, seed=1)
    without = Engine("brazilian", hash_mb=16, seed=1)
    without.set_lone_king(None)
    won = sum(_play_out(with_table, fen, 20000) for fen in WON)
    alone = sum(_play_out(without, fen, 20000) for fen in WON)
    assert won >= 6 and alone <= 2, (won, alone)


def test_a_fixed_version_or_another_model_has_no_table(tmp_path: Path) -> None:
    assert Engine("russian", hash_mb=1).kt is table_for("russian")
    assert Engine("russian", hash_mb=1, version="baseline-2026-12").kt is NO_KINGS
    assert Engine("russian", hash_mb=1, weights=weights_for("russian")).kt is NO_KINGS


def test_engine_specs_name_the_table() -> None:
    off = ShashkiPlayer(parse_spec("shashki,lone_king=off"), "brazilian")
    assert off.engine.kt is NO_KINGS
    on = ShashkiPlayer(parse_spec(f"shashki,model=none,lone_king={SHIPPED}"), "russian")
    assert np.array_equal(on.engine.kt, table_for("russian"))
    with pytest.raises(MatchError, match="neither off nor a file"):
        parse_spec("shashki,lone_king=nowhere.npz")
    with pytest.raises(MatchError, match="fixed version"):
        parse_spec("shashki@baseline-2026-12,lone_king=off")
    with pytest.raises(MatchError, match="is for russian, not international"):
        ShashkiPlayer(parse_spec(f"shashki,lone_king={SHIPPED}"), "international")


def test_a_damaged_file_is_refused(tmp_path: Path) -> None:
    table, meta = load(SHIPPED.open("rb"))
    bad = tmp_path / "bad.npz"
    raw = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez_compressed(bad, table=(table + 1).astype(np.int16), meta=raw)
    with pytest.raises(LearnError, match="do not match their hash"):
        load(bad)
    with pytest.raises(LearnError, match="cannot read"):
        load(io.BytesIO(b"not a file"))
