"""The opening book (shashki.engine.book): its build, the shipped books, and where the
engine plays from it (Engine.play, Hub, shashki match, the platform)."""

from __future__ import annotations

import gzip
import io
import json
import random

import pytest

from shashki import Board
from shashki.engine import Engine, Limit
from shashki.engine.book import Book, BookError, book_for
from shashki.engine.book_build import RECIPES, _init, _search, build, tree
from shashki.engine.hub import HubSession
from shashki.engine.match import MatchError, make_player


def test_tree_counts_the_positions_of_the_first_plies() -> None:
    # perft: Russian 7, 49, 302 positions a ply (302 lines reach 216 positions);
    # International 9, 81, 658
    inner, edge = tree("russian", 3)
    assert len(inner) == 1 + 7 + 49 and len(edge) == 216
    assert sum(len(c) for c in inner.values()) == 7 + 49 + 302
    inner, edge = tree("international", 2)
    assert len(inner) == 1 + 9 and len(edge) == 81


def test_build_is_the_same_book_whatever_the_workers_and_scores_by_minimax() -> None:
    one = build("russian", 1, 3000, workers=1)
    two = build("russian", 1, 3000, workers=2)
    assert one.hash == two.hash and one.entries == two.entries
    start = Board("russian")
    moves = one.moves(start)
    # the start's moves are scored by the positions they lead to: each the negated best
    # score of the searched position after it, and every kept one within KEEP of the best
    for text, score in moves:
        after = start.copy()
        after.push(start.parse_move(text))
        assert score == -one.moves(after)[0][1]
    assert moves[0][1] - moves[-1][1] <= one.meta["recipe"]["keep"]
    assert [s for _, s in moves] == sorted((s for _, s in moves), reverse=True)
    assert len(one) == 1 + 7 and one.meta["searched"] == 7


def test_a_ballot_table_adds_its_positions() -> None:
    book = build("russian", 0, 1000, tables=["fmjd-russian"], workers=2)
    # the initial position (the tree of 0 plies) and the table's 736 entries, two of
    # them the same position
    assert len(book) == 1 + 734
    board = Board("russian", next(iter(book.entries)))
    assert board.parse_move(book.moves(board)[0][0]) in board.legal_moves


def test_a_book_file_keeps_the_book_and_refuses_damage(tmp_path: object) -> None:
    book = Book("russian", {Board("russian").fen(): [("c3-d4", 5)]}, {"recipe": {"plies": 0}})
    again = Book.read(book.dumps())
    assert again.entries == book.entries and again.meta == book.meta
    assert book.dumps() == again.dumps()  # byte for byte: the same book, the same file
    doc = json.loads(gzip.decompress(book.dumps()))
    doc["entries"][Board("russian").fen()] = [["g3-h4", 5]]
    with pytest.raises(BookError, match="damaged"):
        Book.read(gzip.compress(json.dumps(doc).encode()))
    with pytest.raises(BookError, match="not an opening book"):
        Book.read(gzip.compress(b'{"entries": 3}'))


@pytest.mark.parametrize("variant", sorted(RECIPES))
def test_the_shipped_book_holds_legal_moves_from_its_recipe(variant: str) -> None:
    book = book_for(variant)
    assert book is not None, f"no book ships for {variant}"
    recipe = book.meta["recipe"]
    assert recipe == {**RECIPES[variant], "variant": variant, "keep": recipe["keep"]}
    inner, edge = tree(variant, recipe["plies"])
    assert set(inner) | set(edge) <= set(book.entries)
    for fen, moves in book.entries.items():
        board = Board(variant, fen)
        legal = board.legal_moves
        assert moves and all(board.parse_move(m) in legal for m, _ in moves), fen


@pytest.mark.parametrize("variant", ["russian", "international"])
def test_the_shipped_book_s_searches_come_again(variant: str) -> None:
    """Two searched entries of the shipped book, searched again by its recipe, give the
    same move and score (the search at a fixed node count is deterministic)."""
    book = book_for(variant)
    assert book is not None
    nodes = book.meta["recipe"]["nodes"]
    inner, _ = tree(variant, book.meta["recipe"]["plies"])
    searched = sorted(f for f in book.entries if f not in inner)
    _init(variant)
    for fen in random.Random(7).sample(searched, 2):
        _, move, score = _search((variant, fen, nodes))
        assert book.entries[fen][0] == (move, score), fen


def test_the_engine_plays_the_book_at_full_strength_only() -> None:
    book = Book("russian", {Board("russian").fen(): [("g3-h4", 5)]})
    engine = Engine("russian", hash_mb=1, seed=1)
    start = Board("russian")
    mate = Board("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8")  # c3-d4 mates in 5
    book.entries[mate.fen()] = [("g1-f2", 0)]
    engine.set_book(book)
    assert start.move_text(engine.play(start, Limit(depth=1))) == "g3-h4"
    assert mate.move_text(engine.play(mate, Limit(depth=8))) == "g1-f2"
    # analysis searches: the book is for playing
    assert mate.move_text(engine.analyse(mate, depth=8).pv[0]) == "c3-d4"
    engine.set_level("beginner")  # noise and blunders: no book
    assert engine.book_move(start) is None
    engine.set_level("full")
    engine.set_variant("brazilian")  # another variant drops the book
    assert engine.book is None
    with pytest.raises(Exception, match="book is for russian"):
        engine.set_book(book)


def test_the_engine_varies_within_the_margin() -> None:
    start = Board("russian")
    book = Book("russian", {start.fen(): [("c3-d4", 5), ("g3-h4", 0), ("a3-b4", -20)]})
    engine = Engine("russian", hash_mb=1, seed=3)
    engine.set_book(book, margin=10)
    seen = {start.move_text(engine.play(start, Limit(depth=1))) for _ in range(40)}
    assert seen == {"c3-d4", "g3-h4"}


def _hub(*lines: str) -> list[str]:
    out = io.StringIO()
    s = HubSession(out, threaded=False, variant="russian")
    for line in lines:
        s.handle(line)
    return out.getvalue().splitlines()


def test_hub_plays_the_book_unless_told_not_to() -> None:
    book = book_for("russian")
    assert book is not None
    best = Board("russian").move_text(book.choose(Board("russian")))
    numeric = {"c3-d4": "22-18", "g3-h4": "24-20", "e3-f4": "23-19", "c3-b4": "22-17",
               "a3-b4": "21-17", "e3-d4": "23-18", "g3-f4": "24-19"}[best]
    lines = _hub("hub", "init", "pos pos=start", "level move-time=0.5", "go think")
    assert "param name=book value=true type=bool" in lines
    assert lines[-1] == f"done move={numeric}"
    assert lines[-2].startswith("info score=") and "depth" not in lines[-2]
    lines = _hub("hub", "set-param name=book value=false", "init", "pos pos=start",
                 "level depth=4", "go think")
    assert lines[-2].startswith("info depth=4") and lines[-1].startswith("done move=")
    assert _hub("set-param name=book value=maybe")[-1].startswith("error message=")


def test_match_spec_book_on() -> None:
    player = make_player("shashki,book=on", "russian")
    assert player.engine.book is book_for("russian")  # type: ignore[attr-defined]
    assert make_player("shashki", "russian").engine.book is None  # type: ignore[attr-defined]
    with pytest.raises(MatchError, match="book must be on or off"):
        make_player("shashki,book=yes", "russian")
