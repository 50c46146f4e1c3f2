"""Fuzzers (item 12): no input makes the PDN reader, the FEN parser or the move-text parser
raise anything but their typed errors, and nesting has no depth limit.

Each fuzzer runs a few thousand cases in the default run and many more under ``-m slow``
(``SHASHKI_FUZZ_SLOW`` sets how many).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shashki import Board, IllegalMove, InvalidFen
from shashki.errors import ShashkiError
from shashki.fen import parse_fen
from shashki.notation import split_squares
from shashki.pdn import (
    Game,
    PdnError,
    PdnReader,
    PdnWarning,
    iter_games,
    read_game,
    read_games,
    write_game,
)
from shashki.rules import VARIANTS

DATA = Path(__file__).parent / "data"
FAST = int(os.environ.get("SHASHKI_FUZZ_FAST", "1000"))
SLOW = int(os.environ.get("SHASHKI_FUZZ_SLOW", "25000"))
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def fuzz(strategy: Any, share: float = 1.0) -> Callable[[Callable[..., None]], Any]:
    """The test with ``share`` of FAST examples, and a ``*_slow`` twin with SLOW of them."""

    def wrap(body: Callable[..., None]) -> Any:
        fast = settings(max_examples=max(1, int(FAST * share)), deadline=None,
                        suppress_health_check=_HEALTH)(given(strategy)(body))
        slow = pytest.mark.slow(settings(max_examples=int(SLOW * share), deadline=None,
                                         suppress_health_check=_HEALTH)(given(strategy)(body)))
        return fast, slow

    return wrap


# --- the PDN reader ----------------------------------------------------------------------


def read_both_ways(data: bytes) -> list[Game]:
    """Read with the block reader and with the line machine: they agree, nothing but typed
    errors and warnings come out, each located, and every good game is written back
    identical."""
    blocks = list(iter_games(io.BytesIO(data)))
    reader = PdnReader(io.BytesIO(data))
    lines = list(reader.read(iter(reader.source)))
    assert blocks == lines
    assert [[str(e) for e in g.errors] for g in blocks] == \
        [[str(e) for e in g.errors] for g in lines]
    assert [[str(w) for w in g.warnings] for g in blocks] == \
        [[str(w) for w in g.warnings] for g in lines]
    for g in blocks:
        for e in g.errors:
            assert isinstance(e, PdnError)
            assert not e.message.startswith("internal error"), e
            assert e.line is not None and e.column is not None and e.index == g.index
        for w in g.warnings:
            assert isinstance(w, PdnWarning) and w.line is not None and w.index == g.index
        if not g.errors:
            text = write_game(g)
            again = read_game(text)
            assert again is not None and again.errors == [] and again == g, text
    return blocks


def _real_files() -> list[Path]:
    root = Path(__file__).resolve().parents[2]
    for up in root.parents:
        real = up / "shared" / "data" / "real-pdn"
        if real.is_dir():
            return sorted(real.glob("*/*.pdn"))[::4]
    return []


PIECES = ["1-0", "1-1", "2-0", "0-2", "*", "-", " - ", "4-6", "{", "}", "(", ")", "[", "]",
          "[[", '"', '\\"', "/FEN \"", "/", "$3", "!?", "(?)", "...", "\n", "\n\n",
          "[Event \"x\"]\n", "Event \"x\"]\n", "[Empty]\n", "[GameType \"20\"]\n",
          "[GameType \"21\"]\n", "[Result \" 0-1\"]", "\\r", "c3-d4", "c3d4", "32-28", "1- 7",
          "16x 7", "5 x 14", "06-11", "x", ":", "%", ";", "1.", "12...", "\x00", "é", "\r\n",
          "\r", " ", "\t", "½-½", "K", "W:W", ":B"]
SOURCE = "\n".join([(DATA / n).read_text(encoding="utf-8") for n in
                    ("errors.pdn", "fmjd_international.pdn", "lidraughts_russian.pdn")]
                   + [p.read_bytes().decode("utf-8", "replace")[:4000]
                      for p in _real_files()])

@fuzz(st.binary(max_size=2000), share=0.5)
def _bytes(data: bytes) -> None:
    read_both_ways(data)


test_random_bytes_never_crash, test_random_bytes_never_crash_slow = _bytes


WINDOW = 2500


@fuzz(st.tuples(st.integers(0, len(SOURCE) - WINDOW),
                st.lists(st.tuples(st.integers(0, WINDOW), st.integers(0, 6),
                                   st.sampled_from(PIECES)), min_size=1, max_size=8)),
      share=0.5)
def _mutated(args: tuple[int, list[tuple[int, int, str]]]) -> None:
    """Stretches of real files (ours and the field's) with pieces of PDN put in and
    taken out."""
    start, edits = args
    text = SOURCE[start:start + WINDOW]
    for at, cut, piece in edits:
        text = text[:at] + piece + text[at + cut:]
    assert isinstance(read_both_ways(text.encode("utf-8")), list)


test_mutated_pdn_never_crashes, test_mutated_pdn_never_crashes_slow = _mutated

SQUARE = st.one_of(st.integers(0, 60).map(str), st.integers(1, 9).map(lambda n: f"0{n}"),
                   st.tuples(st.sampled_from("abcdefghijk"), st.integers(0, 11)).map(
                       lambda t: f"{t[0]}{t[1]}"))
MOVE = st.tuples(SQUARE, st.lists(st.tuples(st.sampled_from(["-", "x", ":", "×", "- ", " x ",
                                                             ""]), SQUARE),
                                  min_size=1, max_size=4)).map(
    lambda t: t[0] + "".join(sep + sq for sep, sq in t[1]))
TOKEN = st.one_of(MOVE, st.sampled_from(PIECES), st.integers(1, 99).map(lambda n: f"{n}."),
                  st.text(alphabet="abc xyz{}()[]\"!?$%;/\\\n", max_size=6))


@fuzz(st.lists(TOKEN, max_size=40))
def _tokens(tokens: list[str]) -> None:
    """Texts made of PDN's own tokens, moves mostly illegal."""
    assert isinstance(read_both_ways(" ".join(tokens).encode("utf-8")), list)


test_pdn_tokens_never_crash, test_pdn_tokens_never_crash_slow = _tokens


@fuzz(st.tuples(st.integers(0, 2**31), st.integers(1, 60), st.integers(0, 4),
                st.sampled_from(["russian", "brazilian", "international", "russian-80"])),
      share=0.25)
def _legal(args: tuple[int, int, int, str]) -> None:
    """Legal random games with the field's spellings: each reads without an error."""
    seed, plies, style, variant = args
    if style == 4:  # no GameType tag: the board follows from numeric squares (R15)
        assume(variant in ("russian", "international"))
    rng = random.Random(seed)
    board = Board(variant)
    words = []
    for ply in range(plies):
        if not board.legal_moves:
            break
        move = rng.choice(board.legal_moves)
        text = board.move_text(move, "numeric" if style % 2 or style == 4 else "algebraic",
                               full=True if rng.random() < 0.3 else None)
        if style == 3 and rng.random() < 0.5:  # old programs: '1- 7', '16x 7'
            text = re.sub(r"([-x])(\d)(?!\d)", r"\1 \2", text)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(text)
        board.push(move)
    gametype = {"russian": "25", "brazilian": "26", "international": "20",
                "russian-80": "41"}[variant]
    numeric = "N2" if style % 2 else "A0"
    g = Board(variant).variant.geometry
    head = f'[GameType "{gametype},W,{g.files},{g.ranks},{numeric},0"]\n' if style != 4 else ""
    text = head + " ".join(words) + (" *" if rng.random() < 0.5 else "")
    games = read_games(text)
    assert len(games) == 1 and games[0].errors == [], (text, games[0].errors)
    assert games[0].end_fen() == board.fen()


test_legal_games_with_quirks_read, test_legal_games_with_quirks_read_slow = _legal


# --- the FEN parser and the move-text parser ---------------------------------------------

FEN_TEXT = st.one_of(
    st.text(alphabet="WBKwbk:,-.0123456789abcdefghij ?HF\n\t", max_size=60),
    st.text(max_size=30),
    st.lists(st.one_of(st.sampled_from(["W", "B", ":", ",", "K", "-", ".", ":W", ":B"]),
                       SQUARE), max_size=30).map("".join),
)


@fuzz(st.tuples(FEN_TEXT, st.sampled_from(sorted(VARIANTS))))
def _fen(args: tuple[str, str]) -> None:
    text, name = args
    variant = VARIANTS[name]
    with contextlib.suppress(InvalidFen):
        parse_fen(text, variant)
    with contextlib.suppress(ShashkiError):
        Board(variant, text)


test_fen_parser_raises_only_invalid_fen, test_fen_parser_raises_only_invalid_fen_slow = _fen

MOVE_TEXT = st.one_of(MOVE, st.text(alphabet="abcdefghijkx:×-0123456789 .K!?", max_size=20),
                      st.text(max_size=12))


@fuzz(st.tuples(MOVE_TEXT, st.integers(0, 2**31), st.sampled_from(sorted(VARIANTS))))
def _move_text(args: tuple[str, int, str]) -> None:
    """Move text in random positions (random play, so captures and kings come up)."""
    text, seed, name = args
    rng = random.Random(seed)
    board = Board(name)
    for _ in range(rng.randint(0, 40)):
        if not board.legal_moves:
            break
        board.push(rng.choice(board.legal_moves))
    with contextlib.suppress(IllegalMove):
        split_squares(board, text)
    try:
        move = board.parse_move(text)
    except IllegalMove:
        return
    assert move in board.legal_moves


test_move_text_parser_raises_only_illegal_move, \
    test_move_text_parser_raises_only_illegal_move_slow = _move_text


# --- nesting -----------------------------------------------------------------------------


def test_thousands_of_nested_variations() -> None:
    """Once 'internal error: RecursionError'; now read (and written) without recursion."""
    n = 5000
    text = '[GameType "25"]\n1. c3-d4 ' + "(1. a3-b4 " * n + ")" * n + " *"
    g = read_game(text)
    assert g is not None and g.errors == [] and len(g.variations) == n + 1
    unclosed = read_game('[GameType "25"]\n1. c3-d4 ' + "(1. a3-b4 " * n + "\n")
    assert unclosed is not None
    (e,) = unclosed.errors
    assert e.message == "unterminated variation: '(' without ')'"
    assert (e.line, e.column) == (2, 10 * n)  # the innermost


def test_a_tree_thousands_of_variations_deep() -> None:
    """Each variation inside the one before: 1,500 levels, written and read back."""
    fen = "W:WK32:BK1"
    game = Game("russian", fen=fen)
    node, board = game, Board("russian", fen)
    rng = random.Random(6)
    depth = 0
    while depth < 1500:
        safe = []
        for m in board.legal_moves:  # moves after which no capture ends the walk
            b = board.copy(stack=False)
            b.push(m)
            if not b.has_capture():
                safe.append(m)
        main, alt = rng.sample(safe, 2)
        node.add_variation(main)
        node = node.add_variation(alt)
        board.push(alt)
        depth += 1
    text = write_game(game)
    assert text.count("(") == 1500
    again = read_game(text)
    assert again is not None and again.errors == [] and again == game


@pytest.mark.parametrize("data", [b'[GameType "\r"]\n1. 32-28 *\n',
                                  b'[GameType "\r"]\n1. c3-d4 *\n'])
def test_found_by_the_fuzzer(data: bytes) -> None:
    """A GameType of a lone CR with the board inferred from the moves: the fast path took
    the tag for a GameType (the mutated-file fuzzer found it)."""
    [game] = read_both_ways(data)
    assert not game.errors
