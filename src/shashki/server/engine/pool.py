"""The engine on the platform: a process pool that searches, the accounts it plays
under, its moves in live games, and post-game analysis.

* :class:`EnginePool` runs :class:`shashki.engine.Engine` in worker processes
  (:class:`concurrent.futures.ProcessPoolExecutor`, spawned), so a search never blocks
  the event loop. Each worker keeps one engine a variant.
* :class:`EnginePlayer` owns one account a level of :data:`shashki.engine.LEVELS`
  (``engine-club``...). It watches the live hub (:attr:`Hub.observers`): whenever an
  engine account is to move in a live game, the position goes to the pool with the
  engine's share of its clock, and the answer is played through :meth:`Hub.act` like a
  player's move, so the engine's clock runs while it thinks and the move is stored before
  anyone sees it.
* :class:`Analyser` analyses a finished game position by position in the pool (one
  position at a time, so engine moves in live games are never queued behind a whole
  game) and stores the evaluation of every move and the engine's best line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from shashki.board import Board
from shashki.color import WHITE
from shashki.engine import LEVELS, Engine, Limit
from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, NotFound, ServerError
from shashki.server.engine.models import Analysis, EngineAccount
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import Actor, Hub, LiveGame

log = logging.getLogger("shashki.server.engine")

HASH_MB = 16
ACCOUNT_PREFIX = "engine-"
MOVE_TIME = 1.0
"""Seconds a move without a game clock may take (the level's caps come first)."""
MAX_MOVE_TIME = 10.0
"""No engine move takes longer than this, whatever the clock allows."""
ANALYSIS_TIME = 0.3
"""Seconds of search per position in a post-game analysis."""
ANALYSIS_DEPTH = 14
ACCEPT_DRAW_BELOW = -50
"""The engine accepts a draw offer when it stands worse than this (hundredths of a man)."""
INVITATIONS_EVERY = 1.0
"""Seconds between looks for invitations to the engine's accounts (accepted at once)."""
ANALYSES_PER_USER = 2
"""Analyses one player may have running at a time (each takes the pool a while)."""


# --- in the worker processes ---------------------------------------------------------------

_ENGINES: dict[str, Engine] = {}


def _engine(variant: str) -> Engine:
    e = _ENGINES.get(variant)
    if e is None:
        e = _ENGINES[variant] = Engine(variant, hash_mb=HASH_MB)
    return e


def _board(variant: str, initial_fen: str | None, moves: Sequence[str]) -> Board:
    board = Board(variant, initial_fen)
    for t in moves:
        board.push_text(t)
    return board


def _warm() -> None:
    """Load the compiled search in a fresh worker."""
    _engine("russian").play(Board("russian"), Limit(depth=2))


def _noop() -> None:
    """Nothing: submitted to make the pool spawn its worker (which runs :func:`_warm`)."""


def worker_move(variant: str, initial_fen: str | None, moves: Sequence[str], level: str,
                limit: Limit) -> str:
    """The engine's move at ``level`` after ``moves`` (runs in a worker)."""
    board = _board(variant, initial_fen, moves)
    e = _engine(variant)
    e.set_level(level)
    return board.move_text(e.play(board, limit))


def worker_analyse(variant: str, initial_fen: str | None, moves: Sequence[str],
                   seconds: float, depth: int) -> dict[str, Any]:
    """The position after ``moves``: score for White, the best line (runs in a worker)."""
    board = _board(variant, initial_fen, moves)
    outcome = board.outcome()
    if outcome is not None or not board.legal_moves:
        return {"score": None, "mate": None, "best": None, "pv": [], "depth": 0,
                "over": True}
    e = _engine(variant)
    e.set_level("full")
    info = e.analyse(board, limit=Limit(depth=depth, time=seconds))
    sign = 1 if board.turn is WHITE else -1
    wins = info.score.wins_in
    pv = info.pv_text(board)
    return {"score": sign * info.score.value if wins is None else None,
            "mate": None if wins is None else sign * wins,
            "best": pv[0] if pv else None, "pv": pv[:10], "depth": info.depth,
            "over": False}


# --- the pool -------------------------------------------------------------------------------


class EnginePool:
    """Worker processes running the engine. ``workers=0`` searches in a thread instead
    (for tools and tests that want no processes)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.executor: Executor | None = None
        self.move_time = MOVE_TIME
        self.max_move_time = MAX_MOVE_TIME
        self.analysis_time = ANALYSIS_TIME
        self.analysis_depth = ANALYSIS_DEPTH
        self.restarts = 0

    def start(self) -> None:
        if self.workers > 0:
            # processes are spawned at the first search, not before
            self.executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm)

    def stop(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    async def _run(self, fn: Any, *args: Any) -> Any:
        if self.executor is None:
            return await anyio.to_thread.run_sync(fn, *args)
        broken = self.executor
        try:
            return await asyncio.wrap_future(broken.submit(fn, *args))
        except BrokenProcessPool:
            # a worker died (killed, out of memory): a new pool (once, however many
            # searches saw it break), and the search again
            if self.executor is broken:
                log.error("the engine pool broke; starting it again")
                self.stop()
                self.start()
                self.restarts += 1
            assert self.executor is not None
            return await asyncio.wrap_future(self.executor.submit(fn, *args))

    async def move(self, variant: str, initial_fen: str | None, moves: Sequence[str],
                   level: str, limit: Limit) -> str:
        text: str = await self._run(worker_move, variant, initial_fen, list(moves), level,
                                    limit)
        return text

    async def analyse(self, variant: str, initial_fen: str | None,
                      moves: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = await self._run(worker_analyse, variant, initial_fen,
                                              list(moves), self.analysis_time,
                                              self.analysis_depth)
        return out


# --- the engine's accounts and moves -----------------------------------------------------


def ensure_accounts(database: Database) -> dict[int, str]:
    """The engine's account of every level (created when missing): user id -> level."""
    out: dict[int, str] = {}
    with database.session() as db:
        known = {a.level: a.user_id for a in db.scalars(select(EngineAccount))}
        for level in LEVELS:
            if level in known:
                out[known[level]] = level
                continue
            name = ACCOUNT_PREFIX + level
            n = 1
            while db.scalar(select(User).where(User.username_key == name)) is not None:
                n += 1
                name = f"{ACCOUNT_PREFIX}{level}-{n}"
            user = User(username=name, username_key=name, password_hash="!",
                          role=Role.PLAYER.value, created_at=time.time())
            db.add(user)
            db.flush()
            db.add(EngineAccount(user_id=user.id, level=level))
            out[user.id] = level
    return out


@dataclass(frozen=True)
class Turn:
    """A live game as the engine sees it when it is to move."""

    game_id: int
    user_id: int
    level: str
    ply: int
    variant: str
    initial_fen: str
    moves: tuple[str, ...]
    limit: Limit


class EnginePlayer:
    """Plays the engine's accounts' moves in live games."""

    def __init__(self, hub: Hub, pool: EnginePool, database: Database) -> None:
        self.hub = hub
        self.pool = pool
        self.db = database
        self.accounts: dict[int, str] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.moves_played = 0
        self.poller: asyncio.Task[None] | None = None

    async def start(self) -> None:
        try:
            self.accounts = await anyio.to_thread.run_sync(ensure_accounts, self.db)
        except IntegrityError:  # another instance created them at the same moment
            self.accounts = await anyio.to_thread.run_sync(ensure_accounts, self.db)
        self.hub.observers.append(self.notify)
        for lg in list(self.hub.games.values()):
            self.notify(lg)
        self.poller = asyncio.get_running_loop().create_task(self._invitations())

    def _accept_invitations(self) -> list[int]:
        """Accept every open invitation to an engine account; the new games' ids."""
        games = []
        with self.db.session() as db:
            rows = db.scalars(select(m.Challenge).where(
                m.Challenge.status == m.ChallengeStatus.OPEN.value,
                m.Challenge.target_id.in_(list(self.accounts))))
            for ch in rows:
                bot = db.get(User, ch.target_id)
                assert bot is not None
                try:  # refused before anything is written
                    games.append(store.accept_challenge(db, ch, bot, self.hub.now()).id)
                except ServerError as e:  # pragma: no cover - closed meanwhile
                    log.info("challenge %s not accepted: %s", ch.id, e)
        return games

    async def _invitations(self) -> None:
        """Players may invite the engine's accounts like anyone: the engine accepts."""
        while True:
            try:
                for game_id in await anyio.to_thread.run_sync(self._accept_invitations):
                    await self.hub.get(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("accepting invitations to the engine failed")
            await asyncio.sleep(INVITATIONS_EVERY)

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.hub.observers.remove(self.notify)
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.poller
            self.poller = None
        for task in list(self.tasks.values()):
            task.cancel()
        for task in list(self.tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks.clear()

    def user_of(self, level: str) -> int:
        for user_id, lv in self.accounts.items():
            if lv == level:
                return user_id
        raise NotFound("engine level")

    def is_engine(self, user_id: int) -> bool:
        return user_id in self.accounts

    def notify(self, lg: LiveGame) -> None:
        """The hub's observer: start the engine's move when an engine account is to move."""
        if lg.is_over or lg.id in self.tasks or self.hub.stopping:
            return
        mover = lg.white_id if lg.game.board.turn is WHITE else lg.black_id
        if mover not in self.accounts:
            return
        task = asyncio.get_running_loop().create_task(self._play(lg.id, mover))
        self.tasks[lg.id] = task

    def _turn(self, lg: LiveGame, user_id: int) -> Turn | None:
        g = lg.game
        if g.is_over or lg.color_of(user_id) is not g.board.turn:
            return None
        level = self.accounts[user_id]
        clock = g.clock
        if clock is not None and clock.running is not None:
            share = _share(Limit.from_clock(clock, g.board.turn))
            limit = Limit(time=max(0.01, min(self.pool.max_move_time, share)))
        else:
            limit = Limit(time=self.pool.move_time)
        return Turn(lg.id, user_id, level, g.ply, g.board.variant.name, g.initial_fen,
                    tuple(mi.text for mi in lg.moves), limit)

    async def _answer_offer(self, lg: LiveGame, turn: Turn) -> bool:
        """Answer the opponent's draw offer, if there is one: accepted when the engine
        stands worse by :data:`ACCEPT_DRAW_BELOW`, else declined (then it moves). Returns
        whether the game ended."""
        async with lg.lock:
            pending = _offered_to(lg, turn.user_id)
        if not pending:
            return False
        p = await self.pool.analyse(turn.variant, turn.initial_fen, turn.moves)
        value = _value(p)
        white = lg.color_of(turn.user_id) is WHITE
        mine = None if value is None else (value if white else -value)
        actor = Actor(turn.user_id, bot=True)
        if mine is not None and mine <= ACCEPT_DRAW_BELOW:
            await self.hub.act(lg.id, actor, "accept", ply=turn.ply)
            return True
        await self.hub.act(lg.id, actor, "decline", ply=turn.ply)
        return False

    async def _play(self, game_id: int, user_id: int) -> None:
        try:
            lg = await self.hub.get(game_id)
            async with lg.lock:
                turn = self._turn(lg, user_id)
            if turn is None:
                return
            text = await self.pool.move(turn.variant, turn.initial_fen, turn.moves,
                                        turn.level, turn.limit)
            if await self._answer_offer(lg, turn):
                return
            await self.hub.act(game_id, Actor(user_id, bot=True), "move", text=text,
                               ply=turn.ply)
            self.moves_played += 1
        except (Conflict, ServerError) as e:
            log.info("game %s: the engine's move was not played: %s", game_id, e)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the engine failed", game_id)
            return
        finally:
            self.tasks.pop(game_id, None)
        again = self.hub.games.get(game_id)
        if again is not None:
            self.notify(again)


def _offered_to(lg: LiveGame, user_id: int) -> bool:
    """Whether the opponent of ``user_id`` offers a draw that ``user_id`` is to answer."""
    offer = lg.game.offer
    me = lg.color_of(user_id)
    return (offer is not None and me is not None and offer.by is not me
            and not offer.deferred and not lg.is_over)


def _share(limit: Limit) -> float:
    """The time the engine gives this move on its clock (its own time management)."""
    from shashki.engine import budget

    b = budget(Limit(remaining=limit.remaining, increment=limit.increment,
                     delay=limit.delay, moves_to_go=limit.moves_to_go))
    return b.soft if b.soft is not None else MOVE_TIME


# --- post-game analysis -----------------------------------------------------------------


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


def _value(p: dict[str, Any]) -> int | None:
    """A position's score for White as one number (wins far above any material)."""
    if p.get("mate") is not None:
        mate = int(p["mate"])
        return 100000 - abs(mate) if mate > 0 else -100000 + abs(mate)
    score = p.get("score")
    return None if score is None else int(score)


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


class Analyser:
    """Post-game analyses, one task a game, each position searched in the pool."""

    def __init__(self, pool: EnginePool, database: Database) -> None:
        self.pool = pool
        self.db = database
        self.tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.owners: dict[tuple[str, int], int | None] = {}
        self.per_user = ANALYSES_PER_USER

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        for task in list(self.tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks.clear()

    def load(self, source: str, source_id: int) -> dict[str, Any] | None:
        with self.db.session() as db:
            row = db.scalar(select(Analysis).where(Analysis.source == source,
                                                   Analysis.source_id == source_id))
            if row is None:
                return None
            return {"status": row.status, "depth": row.depth,
                    **json.loads(row.data or "{}")}

    async def state(self, rec: Record) -> dict[str, Any] | None:
        """The stored analysis (resumed if its task was lost, e.g. by a restart)."""
        data = await anyio.to_thread.run_sync(self.load, rec.source, rec.source_id)
        if data is not None and data["status"] == "running" and (
                (rec.source, rec.source_id) not in self.tasks):
            self._spawn(rec)
        return data

    async def request(self, rec: Record, user_id: int | None) -> dict[str, Any]:
        """Start the analysis of ``rec`` unless it is done or running."""
        data = await anyio.to_thread.run_sync(self.load, rec.source, rec.source_id)
        if data is not None and data["status"] in ("done", "running"):
            return await self.state(rec) or data
        if user_id is not None and sum(
                1 for k, owner in self.owners.items()
                if owner == user_id and k in self.tasks) >= self.per_user:
            raise Conflict(code="analysis_busy", limit=self.per_user)
        await anyio.to_thread.run_sync(self._create, rec, user_id)
        self._spawn(rec, user_id)
        return {"status": "running", "depth": 0, "moves": [], "done": 0,
                "total": len(rec.moves) + 1}

    def _create(self, rec: Record, user_id: int | None) -> None:
        now = time.time()
        with self.db.session() as db:
            row = db.scalar(select(Analysis).where(Analysis.source == rec.source,
                                                   Analysis.source_id == rec.source_id))
            if row is None:
                row = Analysis(source=rec.source, source_id=rec.source_id, created_at=now,
                               requested_by=user_id, updated_at=now)
                db.add(row)
            row.status = "running"
            row.data = json.dumps({"moves": [], "done": 0, "total": len(rec.moves) + 1})
            row.updated_at = now

    def _save(self, rec: Record, status: str, data: dict[str, Any], depth: int) -> None:
        with self.db.session() as db:
            row = db.scalar(select(Analysis).where(Analysis.source == rec.source,
                                                   Analysis.source_id == rec.source_id))
            if row is None:
                return
            row.status = status
            row.depth = depth
            row.data = json.dumps(data, ensure_ascii=False)
            row.updated_at = time.time()

    def _spawn(self, rec: Record, user_id: int | None = None) -> None:
        key = (rec.source, rec.source_id)
        if key in self.tasks:
            return
        task = asyncio.get_running_loop().create_task(self._run(rec))
        self.tasks[key] = task
        self.owners[key] = user_id

        def done(_t: asyncio.Task[None]) -> None:
            self.tasks.pop(key, None)
            self.owners.pop(key, None)

        task.add_done_callback(done)

    async def _run(self, rec: Record) -> None:
        white_first = Board(rec.variant, rec.initial_fen).turn is WHITE
        positions: list[dict[str, Any]] = []
        total = len(rec.moves) + 1
        try:
            last_save = time.monotonic()
            for i in range(total):
                positions.append(await self.pool.analyse(rec.variant, rec.initial_fen,
                                                          rec.moves[:i]))
                if time.monotonic() - last_save > 1.0 and i + 1 < total:
                    last_save = time.monotonic()
                    data = {"moves": annotate(positions, rec.moves, white_first),
                            "done": i + 1, "total": total}
                    await anyio.to_thread.run_sync(self._save, rec, "running", data, 0)
            depth = min((p["depth"] for p in positions if not p.get("over")), default=0)
            rows = annotate(positions, rec.moves, white_first)
            data = {"moves": rows, "done": total, "total": total, "start": positions[0],
                    "summary": summary(rows)}
            await anyio.to_thread.run_sync(self._save, rec, "done", data, depth)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.exception("analysis of %s %s failed", rec.source, rec.source_id)
            await anyio.to_thread.run_sync(self._save, rec, "failed",
                                           {"moves": [], "error": str(e)}, 0)


# --- on the app ----------------------------------------------------------------------------


@dataclass
class EngineServices:
    """The engine's parts of a running app (``app.state.engine``)."""

    pool: EnginePool
    player: EnginePlayer
    analyser: Analyser

    async def stop(self) -> None:
        await self.player.stop()
        await self.analyser.stop()
        self.pool.stop()


async def start_engine(database: Database, hub: Hub, workers: int | None = None
                       ) -> EngineServices:
    """Start the pool, the engine's accounts and its moves in live games. ``workers``
    (default: ``$SHASHKI_ENGINE_WORKERS``, else 1) is the number of engine processes."""
    if workers is None:
        workers = int(os.environ.get("SHASHKI_ENGINE_WORKERS", "1"))
    pool = EnginePool(workers)
    pool.start()
    if os.environ.get("SHASHKI_ENGINE_WARM") == "1" and pool.executor is not None:
        pool.executor.submit(_noop)  # spawns the worker now, not at the first move
    services = EngineServices(pool, EnginePlayer(hub, pool, database),
                              Analyser(pool, database))
    await services.player.start()
    return services
