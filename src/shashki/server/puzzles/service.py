"""Puzzles for a solver: the next one near his rating, an attempt judged (the move read by
the library's notation parser, so ``c3:e5:g7``, ``c3:g7`` and ``22x15`` are one move),
both ratings updated (:func:`shashki.server.puzzles.rating.rate`).

A fresh platform has puzzles from the first request: the starter set the package ships
(:func:`shashki.engine.puzzles.starter`) is seeded into the ``puzzles`` table for each
variant that has none of it yet (:func:`seed_starter`, idempotent, called before a puzzle
is chosen), each at a first rating by its difficulty (:func:`.rating.start_rating`).
Where a puzzle came from (the game, its ply) would give its answer away (the next move of
the game), so it is shown with the answer, never before (:func:`puzzle_json`,
:func:`attempt`)."""

from __future__ import annotations

import time
import weakref
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine as DBEngine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.engine.puzzles import PuzzleSet, StarterPuzzle, starter
from shashki.errors import IllegalMove
from shashki.rules import variant_by_name
from shashki.server.accounts.models import User
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from shashki.server.puzzles.rating import rate, start_rating

STARTER = "starter"
"""The ``source`` of a puzzle of the shipped starter set (its ``source_id`` is the
puzzle's number in the set, its ``ply`` the ply of its game)."""

_SEEDED: weakref.WeakSet[DBEngine] = weakref.WeakSet()
"""The databases this process has seen seeded already (one query less a request)."""


def shipped() -> PuzzleSet:
    """The starter set to seed (the package's; a test may put another in its place)."""
    return starter()


def seed_starter(db: DBSession) -> int:
    """Insert the starter set's puzzles of every variant that has none of them in the
    table yet; returns how many were added. Two instances seeding at once: the second
    one's insert breaks the table's unique key and is dropped."""
    bind = db.get_bind()
    engine = bind if isinstance(bind, DBEngine) else bind.engine
    if engine in _SEEDED:
        return 0
    shipped_set = shipped()
    have = set(db.scalars(select(Puzzle.variant).where(Puzzle.source == STARTER).distinct()))
    todo = [p for p in shipped_set.puzzles if p.variant not in have]
    if not todo:  # remembered only once seen committed
        _SEEDED.add(engine)
        return 0
    now = time.time()
    try:
        with db.begin_nested():
            db.add_all(_row(p, now) for p in todo)
    except IntegrityError:
        return 0  # another instance seeded them meanwhile
    return len(todo)


def _row(p: StarterPuzzle, now: float) -> Puzzle:
    return Puzzle(variant=p.variant, fen=p.fen, solution=p.solution, line=" ".join(p.line),
                  kind=p.kind, gain=p.gain, source=STARTER, source_id=p.id,
                  ply=int(p.source.get("ply", 0)), rating=start_rating(p.difficulty, p.forced),
                  created_at=now)


def source_of(p: Puzzle) -> dict[str, Any]:
    """Where a puzzle came from, for its attribution once answered: the analysed game
    (``archive`` or ``game``, its id, the ply), or for a starter puzzle the record file,
    the game's number in it and the ply (or the engine's self-play game)."""
    if p.source != STARTER:
        return {"source": p.source, "id": p.source_id, "ply": p.ply}
    for s in shipped().of(p.variant):
        if s.fen == p.fen:
            return {"source": STARTER, **s.source}
    return {"source": STARTER, "ply": p.ply}


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
    seed_starter(db)
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
            "puzzle_rating": round(p.rating), "source": source_of(p)}


def puzzle_json(p: Puzzle) -> dict[str, Any]:
    """The puzzle as the API shows it before it is answered: no solution, no line, and
    not where it came from (the game's next move is the answer)."""
    return {"id": p.id, "variant": p.variant, "fen": p.fen, "kind": p.kind,
            "rating": round(p.rating), "attempts": p.attempts, "solved": p.solved,
            "turn": "white" if p.fen.startswith("W") else "black"}
