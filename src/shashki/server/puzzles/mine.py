"""Mining puzzles (the job kind ``puzzles.mine``): in every analysed game not mined yet,
each position after a move the analysis marked a mistake (? or ??) is judged by
:func:`shashki.engine.puzzles.judge` (the criterion the shipped starter set is built by):
its two best lines (:meth:`shashki.engine.Engine.lines`) to :data:`DEPTH`; it is a puzzle
when the best move wins the game (a forced win) or at least :data:`MATERIAL` of a man, and
every other move is at least :data:`MARGIN` worse — one move wins, and only that one. A
position with a single legal move is no puzzle.
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.engine import Engine
from shashki.engine.puzzles import DEPTH, MARGIN, MATERIAL
from shashki.engine.puzzles import judge as judge_position
from shashki.server.archive.models import ArchiveGame
from shashki.server.engine.models import Analysis
from shashki.server.jobs.runner import Context, Outcome, register
from shashki.server.play import models as play
from shashki.server.puzzles.models import Puzzle, PuzzleMined

KIND = "puzzles.mine"
__all__ = ["DEPTH", "KIND", "MARGIN", "MATERIAL", "candidates", "initial_fen", "judge", "run_mine"]
MISTAKES = ("?", "??")


def initial_fen(db: DBSession, source: str, source_id: int) -> str | None:
    if source == "archive":
        row = db.get(ArchiveGame, source_id)
        return None if row is None else row.initial_fen
    game = db.get(play.Game, source_id)
    return None if game is None else game.initial_fen


def candidates(variant: str, fen: str | None, rows: list[dict[str, Any]]
               ) -> list[tuple[int, Board]]:
    """(ply, position) after each move marked a mistake."""
    board = Board(variant, fen)
    out = []
    for r in rows:
        board.push_text(r["move"])
        if r.get("mark") in MISTAKES and len(board.legal_moves) > 1:
            out.append((int(r["ply"]), board.copy(stack=False)))
    return out


def judge(engine: Engine, board: Board) -> dict[str, Any] | None:
    """The puzzle in ``board`` as the ``puzzles`` table stores it, if one move (and only
    that one) wins there (:func:`shashki.engine.puzzles.judge` at :data:`DEPTH`)."""
    found = judge_position(engine, board, DEPTH)
    if found is None:
        return None
    return {"solution": found.solution, "line": " ".join(found.line), "kind": found.kind,
            "gain": found.gain}


@register(KIND)
def run_mine(ctx: Context) -> Outcome:
    """Mine every analysed game not mined yet, one game a transaction."""
    with ctx.db.session() as s:
        mined = set(s.scalars(select(PuzzleMined.analysis_id)))
        todo = [a.id for a in s.scalars(select(Analysis).where(Analysis.status == "done")
                                        .order_by(Analysis.id)) if a.id not in mined]
        ctx.progress(s, 0, total=len(todo))
    engines: dict[str, Engine] = {}
    found = 0
    for i, analysis_id in enumerate(todo):
        if ctx.cancelled():
            return Outcome({"games": i, "puzzles": found}, f"cancelled at game {i}",
                           cancelled=True)
        with ctx.db.session() as s:
            a = s.get(Analysis, analysis_id)
            assert a is not None
            data = json.loads(a.data or "{}")
            rows = data.get("moves", [])
            fen = initial_fen(s, a.source, a.source_id)
            variant = _variant(s, a.source, a.source_id)
            new = 0
            if variant is not None:
                engine = engines.get(variant) or engines.setdefault(
                    variant, Engine(variant, hash_mb=16))
                for ply, board in candidates(variant, fen, rows):
                    p = judge(engine, board)
                    if p is None or s.scalar(select(Puzzle.id).where(
                            Puzzle.source == a.source, Puzzle.source_id == a.source_id,
                            Puzzle.ply == ply)) is not None:
                        continue
                    s.add(Puzzle(variant=variant, fen=board.fen(), source=a.source,
                                 source_id=a.source_id, ply=ply, created_at=time.time(), **p))
                    new += 1
            s.add(PuzzleMined(analysis_id=analysis_id, found=new, at=time.time()))
            found += new
            ctx.progress(s, i + 1, message=f"{found} puzzles found")
    return Outcome({"games": len(todo), "puzzles": found},
                   f"{len(todo)} games mined, {found} puzzles found")


def _variant(db: DBSession, source: str, source_id: int) -> str | None:
    if source == "archive":
        row = db.get(ArchiveGame, source_id)
        return None if row is None else row.variant
    game = db.get(play.Game, source_id)
    return None if game is None else game.variant
