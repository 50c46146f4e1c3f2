"""Property tests: written games read back identical (the crash fuzzers: test_fuzz.py)."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shashki import Board
from shashki.color import BLACK, WHITE
from shashki.pdn import ClockTimes, Game, read_game, write_game
from shashki.pdn.model import ChildNode, GameNode

DATA = Path(__file__).parent / "data"
#: More examples for a long run: SHASHKI_HYPOTHESIS_EXAMPLES=2000 pytest tests/pdn
EXAMPLES = int(os.environ.get("SHASHKI_HYPOTHESIS_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

WORDS = st.text(alphabet=st.characters(categories=("L", "N", "P", "S", "Zs"),
                                       exclude_characters="{}[]%\\"), max_size=24)
TAG_VALUES = st.text(alphabet=st.characters(categories=("L", "N", "P", "S", "Zs")),
                     max_size=20)
TIMES = st.integers(0, 5 * 36000).map(lambda t: t / 10)
CLOCKS = st.one_of(
    st.none(),
    st.builds(ClockTimes, clk=TIMES),
    st.builds(ClockTimes, white=TIMES, black=TIMES, running=st.sampled_from([WHITE, BLACK])),
    st.builds(ClockTimes, white=TIMES, emt=TIMES, egt=TIMES, mct=TIMES),
)


def annotate(data: st.DataObject, node: GameNode) -> None:
    if data.draw(st.booleans()):
        node.comment = data.draw(WORDS)
    node.nags = set(data.draw(st.sets(st.integers(0, 140), max_size=2)))
    node.clock = data.draw(CLOCKS)


def grow(data: st.DataObject, parent: GameNode, board: Board | None, plies: int,
         depth: int) -> None:
    """A random legal line from ``parent`` with comments, NAGs, clocks and variations."""
    node = parent
    for _ in range(plies):
        roll = data.draw(st.integers(0, 99))
        if board is None or roll < 3:  # a setup command: a position, or a null move
            if board is not None and data.draw(st.booleans()):
                fen = "W::" if board.turn is BLACK else "B::"
                new = Board(board.variant, board.fen().replace(board.fen()[0], fen[0], 1))
            else:
                new = board.copy(stack=False) if board is not None else Board(parent.game().variant)
                for _ in range(data.draw(st.integers(0, 3))):
                    if new.legal_moves:
                        new.push(data.draw(st.sampled_from(new.legal_moves)))
                fen = new.fen()
            child = ChildNode(node, None)
            child.setup_fen = fen
            annotate(data, child)
            node, board = child, Board(new.variant, new.fen())
            continue
        moves = board.legal_moves
        if not moves:
            return
        if roll < 5:  # a move not recorded
            child = ChildNode(node, None)
            annotate(data, child)
            node, board = child, None
            continue
        move = data.draw(st.sampled_from(moves))
        others = [m for m in moves if m != move]
        child = ChildNode(node, move)
        annotate(data, child)
        if others and depth < 2 and data.draw(st.integers(0, 9)) == 0:
            alt = ChildNode(node, data.draw(st.sampled_from(others)))
            alt.starting_comment = data.draw(WORDS)
            annotate(data, alt)
            b = board.copy(stack=False)
            b.push(alt.move)  # type: ignore[arg-type]
            grow(data, alt, b, data.draw(st.integers(0, 4)), depth + 1)
        board.push(move)
        node = child


@st.composite
def games(draw: st.DrawFn) -> Game:
    data = draw(st.data())
    variant = draw(st.sampled_from(["russian", "brazilian", "international",
                                    "russian-giveaway"]))
    game = Game(variant)
    for name in draw(st.lists(st.sampled_from(["Event", "Site", "White", "Black", "Annotator",
                                               "WhiteRating", "Opening"]), max_size=3)):
        game.headers[name] = draw(TAG_VALUES)
    game.result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "0-0", "*"]))
    if game.variant.name == "international":
        game.result = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}.get(game.result,
                                                                          game.result)
    board = Board(variant)
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 9))):
            if board.legal_moves:
                board.push(draw(st.sampled_from(board.legal_moves)))
        game.headers["FEN"] = board.fen()
        board = Board(variant, board.fen())
    if draw(st.booleans()):
        game.comment = draw(WORDS)
    grow(data, game, board, draw(st.integers(0, 40)), 0)
    return game


@SETTINGS
@given(games())
def test_written_games_read_back_identical(game: Game) -> None:
    text = write_game(game)
    again = read_game(text)
    assert again is not None
    assert again.errors == [], (again.errors, text)
    assert again == game, text
    assert write_game(again) == text
    lines = [line for line in text.splitlines() if not line.startswith("[")]
    assert all(len(line) < 80 or " " not in line.strip() or "/FEN" in line
               for line in lines), text


@SETTINGS
@given(games(), st.sampled_from(["algebraic", "numeric"]))
def test_other_notations_read_back_identical(game: Game, notation: str) -> None:
    again = read_game(write_game(game, notation))
    assert again is not None and again.errors == []
    again.headers = game.headers
    assert again == game
