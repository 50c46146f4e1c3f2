"""The analysis board's services: positions checked and drawn for the page, and the engine's
live lines.

Live lines. Each viewer who analyses gets the engine's best lines (multi-PV,
:meth:`shashki.engine.Engine.lines`) deepening two plies at a time, one depth a step, each
step a task for an engine process of the analysis board's own (:class:`EnginePool`, so
the engine's moves in live games never wait behind an analysis). A viewer's analysis ends
when he leaves (the stream closes), at :data:`MAX_DEPTH`, at a forced result (at a depth
of at least its plies), or after :data:`LIVE_SECONDS` — the bound on what one analysing
viewer costs (docs/platform.md, "Analysis board", has the figures of
``benchmarks/analysis_board.py``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import Request

from shashki.board import Board
from shashki.errors import IllegalMove, ShashkiError
from shashki.notation import default_style, square_text
from shashki.rules import variant_by_name
from shashki.server.core.errors import InvalidInput
from shashki.server.core.words import position_words
from shashki.server.engine.pool import EnginePool
from shashki.svg import board_svg

MAX_DEPTH = 16
"""The deepest the live lines go."""
LIVE_SECONDS = 12.0
"""No viewer's live analysis runs longer (then it stops, as deep as it got)."""
MAX_LINES = 5
MAX_MOVES = 400


def board_of(variant: str, fen: str | None, moves: Sequence[str]) -> Board:
    """The position after ``moves`` from ``fen`` (the variant's start when empty), or a
    typed error naming the field: ``variant``, ``fen`` or ``moves`` (with the library's
    reason for the first move refused)."""
    try:
        v = variant_by_name(variant).name
    except KeyError:
        raise InvalidInput("variant", code="variant") from None
    try:
        board = Board(v, fen or None)
    except ShashkiError as e:
        raise InvalidInput("fen", str(e), code="fen") from None
    if len(moves) > MAX_MOVES:
        raise InvalidInput("moves", f"at most {MAX_MOVES} moves")
    for text in moves:
        try:
            board.push_text(text)
        except IllegalMove as e:
            raise InvalidInput("moves", str(e), code="illegal_move") from None
    return board


def position_json(board: Board, lang: str, flipped: bool = False) -> dict[str, Any]:
    """What the page needs of a position: its FEN, its diagram, its legal moves (text and
    squares), the squares' names, and the position in words."""
    last = board.move_stack[-1] if board.move_stack else None
    style = default_style(board)
    outcome = board.outcome()
    return {
        "fen": board.fen(), "turn": board.turn.name.lower(),
        "svg": board_svg(board, size=None, flipped=flipped, lastmove=last),
        "last": list(last.path) if last else None,
        "legal": [{"text": board.move_text(m), "path": list(m.path),
                   "captures": list(m.captures)} for m in board.legal_moves],
        "names": [square_text(board, s, style)
                  for s in range(1, board.variant.geometry.squares + 1)],
        "words": position_words(board, lang),
        "over": outcome is not None or not board.legal_moves,
    }


@dataclass
class AnalysisServices:
    """The analysis board's parts of a running app (``app.state.analysis``)."""

    pool: EnginePool

    def stop(self) -> None:
        self.pool.stop()


def start_analysis(workers: int | None = None) -> AnalysisServices:
    """The analysis board's engine processes (``$SHASHKI_ANALYSIS_WORKERS``, default 1;
    0 searches in a thread), spawned at the first analysis."""
    if workers is None:
        workers = int(os.environ.get("SHASHKI_ANALYSIS_WORKERS", "1"))
    pool = EnginePool(workers)
    pool.start()
    return AnalysisServices(pool)


def analysis_of(request: Request) -> AnalysisServices:
    svc: AnalysisServices = request.app.state.analysis
    return svc


async def live_lines(request: Request, board: Board, count: int) -> AsyncIterator[str]:
    """Server-sent events: the lines after each depth (``data:``), then ``event: done``
    with the depth reached and the CPU seconds spent on this viewer."""
    pool = analysis_of(request).pool
    started = time.monotonic()
    cpu = 0.0
    reached = 0
    fen = board.fen()
    variant = board.variant.name
    if not board.legal_moves:
        yield _event({"depth": 0, "lines": [], "over": True}, "done")
        return
    for depth in range(2, MAX_DEPTH + 1, 2):
        if await request.is_disconnected():
            return
        step = await pool.lines(variant, fen, [], count, depth)
        cpu += step.pop("cpu", 0.0)
        reached = depth
        yield _event(step)
        if time.monotonic() - started > LIVE_SECONDS:
            break
        mate = step["lines"][0]["mate"] if step["lines"] else None
        if mate is not None and depth >= 2 * abs(mate) - 1:
            # a forced result at a depth that covers it: deeper says no more (found
            # shallower, through reduced moves, a shorter one may still be there)
            break
        if len(board.legal_moves) == 1 and depth >= 4:
            break
    yield _event({"depth": reached, "cpu": round(cpu, 3),
                  "seconds": round(time.monotonic() - started, 3)}, "done")


def _event(data: dict[str, Any], name: str | None = None) -> str:
    head = f"event: {name}\n" if name else ""
    return head + "data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n\n"
