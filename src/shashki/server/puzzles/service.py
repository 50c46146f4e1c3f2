"""Puzzles for a solver: the next one near his rating, an attempt judged (the move read by
the library's notation parser, so ``c3:e5:g7``, ``c3:g7`` and ``22x15`` are one move),
both ratings updated (:func:`shashki.server.puzzles.rating.rate`)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.errors import IllegalMove
from shashki.rules import variant_by_name
from shashki.server.accounts.models import User
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from shashki.server.puzzles.rating import rate


def solver_rating(db: DBSession, user: User | None) -> PuzzleRating | None:
    if user is None:
        return None
    row = db.get(PuzzleRating, user.id)
    if row is None:
        row = PuzzleRating(user_id=user.id)
        db.add(row)
        db.flush()
    return row


def next_puzzle(db: DBSession, user: User | None, variant: str | None) -> Puzzle | None:
    """A puzzle the solver has not tried, the nearest to his rating (1500 for a guest)."""
    q = select(Puzzle)
    if variant:
        try:
            q = q.where(Puzzle.variant == variant_by_name(variant).name)
        except KeyError:
            raise InvalidInput("variant", code="variant") from None
    target = 1500.0
    if user is not None:
        mine = solver_rating(db, user)
        assert mine is not None
        target = mine.rating
        tried = select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.user_id == user.id)
        q = q.where(Puzzle.id.not_in(tried))
    return db.scalar(q.order_by(func.abs(Puzzle.rating - target), Puzzle.id).limit(1))


def get_puzzle(db: DBSession, puzzle_id: int) -> Puzzle:
    p = db.get(Puzzle, puzzle_id)
    if p is None:
        raise NotFound("puzzle")
    return p


def attempt(db: DBSession, user: User, puzzle_id: int, text: str) -> dict[str, Any]:
    """Judge ``text`` as the answer to the puzzle; a solver's first try counts for the
    ratings (a second try is judged, not rated)."""
    p = get_puzzle(db, puzzle_id)
    board = Board(p.variant, p.fen)
    try:
        move = board.parse_move(text.strip()[:120])
    except IllegalMove as e:
        raise InvalidInput("move", str(e), code="illegal_move") from None
    played = board.move_text(move)
    solved = played == p.solution
    first = db.scalar(select(func.count()).select_from(PuzzleAttempt).where(
        PuzzleAttempt.user_id == user.id, PuzzleAttempt.puzzle_id == p.id)) == 0
    mine = solver_rating(db, user)
    assert mine is not None
    before = mine.rating
    if first:
        (mine.rating, mine.rd, mine.vol), (p.rating, p.rd, p.vol) = rate(
            (mine.rating, mine.rd, mine.vol), (p.rating, p.rd, p.vol), solved)
        p.attempts += 1
        p.solved += int(solved)
    db.add(PuzzleAttempt(user_id=user.id, puzzle_id=p.id, move=played, solved=solved,
                         at=time.time()))
    return {"solved": solved, "move": played, "solution": p.solution, "line": p.line,
            "rated": first, "rating": round(mine.rating), "change": round(mine.rating - before),
            "puzzle_rating": round(p.rating)}


def puzzle_json(p: Puzzle) -> dict[str, Any]:
    return {"id": p.id, "variant": p.variant, "fen": p.fen, "kind": p.kind,
            "rating": round(p.rating), "attempts": p.attempts, "solved": p.solved,
            "turn": "white" if p.fen.startswith("W") else "black",
            "source": p.source, "source_id": p.source_id, "ply": p.ply}
