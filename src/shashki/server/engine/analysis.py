"""Post-game analysis as a job (kind ``engine.analysis``): every position of a finished
game (platform or archive) searched by the engine, with the score after each move, the
engine's best move and line before it, the loss against the best and a mark (?!, ?, ??).

The web side (:class:`Analyser`) creates the job and reads the stored analysis; the job
(:func:`run_analysis`) runs in a worker's job process, searching one position at a time
(:func:`shashki.server.engine.pool.worker_analyse`), storing what it has every second
together with the job's progress, and stopping between two positions when cancelled.
The engine's replies in live games stay in the web server's own engine pool: they are
not long work, and never wait behind an analysis.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.color import WHITE
from shashki.server.core.db import Database
from shashki.server.core.web import run_db
from shashki.server.engine.models import Analysis
from shashki.server.engine.pool import ANALYSIS_DEPTH, ANALYSIS_TIME, _value, worker_analyse
from shashki.server.jobs.models import CANCELLED, ENDED, Job
from shashki.server.jobs.runner import Context, Outcome, register
from shashki.server.jobs.service import Jobs

KIND = "engine.analysis"


@dataclass(frozen=True)
class Record:
    """What an analysis needs of a game."""

    source: str
    source_id: int
    variant: str
    initial_fen: str | None
    moves: tuple[str, ...]


def mark(loss: int | None) -> str:
    """The annotation of a move that loses ``loss`` hundredths of a man against the best."""
    if loss is None:
        return ""
    if loss >= 200:
        return "??"
    if loss >= 90:
        return "?"
    if loss >= 45:
        return "?!"
    return ""


def annotate(positions: list[dict[str, Any]], moves: Sequence[str], white_first: bool
             ) -> list[dict[str, Any]]:
    """Per move: the score after it, the best move and line before it, the loss."""
    out = []
    for i, text in enumerate(moves):
        if i + 1 >= len(positions):
            break
        before, after = positions[i], positions[i + 1]
        white = (i % 2 == 0) == white_first
        vb, va = _value(before), _value(after)
        loss = None
        if vb is not None and va is not None:
            loss = max(0, (vb - va) if white else (va - vb))
            loss = min(loss, 100000)
        elif vb is not None and after.get("over"):
            loss = 0
        out.append({"ply": i + 1, "move": text, "color": "white" if white else "black",
                    "score": after.get("score"), "mate": after.get("mate"),
                    "best": before.get("best"), "pv": before.get("pv", []),
                    "depth": before.get("depth", 0), "loss": loss,
                    "mark": "" if text == before.get("best") else mark(loss)})
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per side: moves, the average loss against the engine's best (hundredths of a man,
    wins counted as 10 men) and how many moves got each mark."""
    out: dict[str, dict[str, Any]] = {}
    for color in ("white", "black"):
        mine = [r for r in rows if r["color"] == color]
        losses = [min(r["loss"], 1000) for r in mine if r["loss"] is not None]
        out[color] = {"moves": len(mine),
                      "average_loss": round(sum(losses) / len(losses)) if losses else None,
                      **{k: sum(1 for r in mine if r["mark"] == k) for k in ("?!", "?", "??")}}
    return out


def _row(db: DBSession, source: str, source_id: int) -> Analysis | None:
    return db.scalar(select(Analysis).where(Analysis.source == source,
                                            Analysis.source_id == source_id))


def page_of(rec: Record) -> str:
    """The analysis page of a record's game."""
    return (f"/games/{rec.source_id}/analysis" if rec.source == "game"
            else f"/archive/games/{rec.source_id}/analysis")


class Analyser:
    """The web side of analyses: ask for one (a job), read one."""

    def __init__(self, database: Database, jobs: Jobs) -> None:
        self.db = database
        self.jobs = jobs
        self.seconds = ANALYSIS_TIME
        self.depth = ANALYSIS_DEPTH

    def load(self, source: str, source_id: int) -> dict[str, Any] | None:
        """The stored analysis; while it is ``running``, how its job stands (a job that
        ended without finishing it makes it ``failed`` or ``cancelled``)."""
        with self.db.session() as db:
            row = _row(db, source, source_id)
            if row is None:
                return None
            data: dict[str, Any] = {"status": row.status, "depth": row.depth,
                                    **json.loads(row.data or "{}"), "job": row.job_id}
            job = db.get(Job, row.job_id) if row.job_id is not None else None
            if job is not None:
                data["owner_id"] = job.owner_id
            if row.status == "running":
                if job is None:  # asked for before analyses were jobs, and lost
                    data["status"] = "failed"
                elif job.status in ENDED:
                    data["status"] = "cancelled" if job.status == CANCELLED else "failed"
                    data["error"] = job.message
                else:
                    data["done"], data["total"] = job.done, job.total or data.get("total", 0)
            return data

    async def state(self, rec: Record) -> dict[str, Any] | None:
        return await run_db(self.load, rec.source, rec.source_id)

    async def request(self, rec: Record, user_id: int) -> dict[str, Any]:
        """Start the analysis of ``rec`` unless it is done or under way (a job of
        ``user_id``'s, within his limit of jobs)."""
        data = await self.state(rec)
        if data is not None and data["status"] in ("done", "running"):
            return data
        params = {"record": asdict(rec), "seconds": self.seconds, "depth": self.depth}
        total = len(rec.moves) + 1

        def setup(s: DBSession, job: Job) -> None:
            now = time.time()
            row = _row(s, rec.source, rec.source_id)
            if row is None:
                row = Analysis(source=rec.source, source_id=rec.source_id, created_at=now,
                               requested_by=user_id, updated_at=now)
                s.add(row)
            row.status, row.depth, row.job_id, row.updated_at = "running", 0, job.id, now
            row.requested_by = user_id
            row.data = json.dumps({"moves": [], "done": 0, "total": total})
            job.link = page_of(rec)

        await run_db(lambda: self.jobs.create(KIND, user_id, params, unit="positions",
                                              total=total, setup=setup))
        return await self.state(rec) or {"status": "running", "done": 0, "total": total}


def _save(db: DBSession, rec: Record, status: str, data: dict[str, Any], depth: int) -> None:
    row = _row(db, rec.source, rec.source_id)
    if row is None:
        return
    row.status, row.depth, row.updated_at = status, depth, time.time()
    row.data = json.dumps(data, ensure_ascii=False)


@register(KIND)
def run_analysis(ctx: Context) -> Outcome:
    """Search every position of the game, one at a time (in this job's process)."""
    r = ctx.params["record"]
    rec = Record(r["source"], int(r["source_id"]), r["variant"], r["initial_fen"],
                 tuple(r["moves"]))
    seconds, depth = float(ctx.params["seconds"]), int(ctx.params["depth"])
    white_first = Board(rec.variant, rec.initial_fen).turn is WHITE
    positions: list[dict[str, Any]] = []
    total = len(rec.moves) + 1
    for i in range(total):
        if ctx.cancelled():
            data = {"moves": annotate(positions, rec.moves, white_first), "done": i,
                    "total": total}
            with ctx.db.session() as s:
                _save(s, rec, "cancelled", data, 0)
                ctx.progress(s, i)
            return Outcome({"done": i, "total": total}, f"cancelled at position {i}",
                           cancelled=True)
        positions.append(worker_analyse(rec.variant, rec.initial_fen, rec.moves[:i],
                                        seconds, depth))
        if ctx.due() and i + 1 < total:
            data = {"moves": annotate(positions, rec.moves, white_first), "done": i + 1,
                    "total": total}
            with ctx.db.session() as s:
                _save(s, rec, "running", data, 0)
                ctx.progress(s, i + 1)
    reached = min((p["depth"] for p in positions if not p.get("over")), default=0)
    rows = annotate(positions, rec.moves, white_first)
    data = {"moves": rows, "done": total, "total": total, "start": positions[0],
            "summary": summary(rows)}
    with ctx.db.session() as s:
        _save(s, rec, "done", data, reached)
        ctx.progress(s, total)
    return Outcome({"done": total, "total": total, "depth": reached}, f"depth {reached}")
