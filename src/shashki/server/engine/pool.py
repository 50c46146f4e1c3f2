"""The engine on the platform: a process pool that searches, the accounts it plays
under, and its moves in live games (post-game analysis is a job:
:mod:`shashki.server.engine.analysis`).

* :class:`EnginePool` runs :class:`shashki.engine.Engine` in worker processes
  (:class:`concurrent.futures.ProcessPoolExecutor`, spawned), so a search never blocks
  the event loop. Each worker keeps one engine a variant.
* :class:`EnginePlayer` owns one account a level of :data:`shashki.engine.LEVELS`
  (``engine-club``...). It watches the live hub (:attr:`Hub.observers`): whenever an
  engine account is to move in a live game, the position goes to the pool with the
  engine's share of its clock, and the answer is played through :meth:`Hub.act` like a
  player's move, so the engine's clock runs while it thinks and the move is stored before
  anyone sees it.
* :func:`worker_analyse` is one position of a post-game analysis; the analysis job calls
  it in its own process, never in this pool, so the engine's replies in live games never
  wait behind an analysis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
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
from shashki.engine.book import book_for
from shashki.engine.egdb import for_engine
from shashki.engine.engine import Score
from shashki.engine.offers import OFFER_MIN_DEPTH, accepts_draw, offers_draw
from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, NotFound, ServerError
from shashki.server.engine.models import EngineAccount
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import Actor, Hub, LiveGame, pending_takeback

log = logging.getLogger("shashki.server.engine")

HASH_MB = 16
ACCOUNT_PREFIX = "engine-"
MOVE_TIME = 1.0
"""Seconds a move without a game clock may take (the level's caps come first)."""
MAX_MOVE_TIME = 10.0
"""No engine move takes longer than this, whatever the clock allows."""
BOOK_MARGIN = 10
"""Hundredths of a man: the engine's accounts play any book move within this of the
best (a human opponent should not meet the same opening every game); levels with noise
or blunders play without the book (:meth:`Engine.book_move`)."""
ANALYSIS_TIME = 0.3
"""Seconds of search per position of a post-game analysis (and of a draw offer's look)."""
ANALYSIS_DEPTH = 14
ANALYSIS_MIN_DEPTH = 8
"""Plies an analysis reaches whatever the time: a loaded server's 0.3 s may be 3 plies,
too few to see a man lost (and the marks would change with the load)."""
INVITATIONS_EVERY = 1.0
"""Seconds between looks for invitations to the engine's accounts (accepted at once)."""


# --- in the worker processes ---------------------------------------------------------------

_ENGINES = threading.local()


def _engine(variant: str, ruleset: str | None = None) -> Engine:
    """This thread's engine for ``variant``: one per worker process, one per thread when the
    pool searches in threads (an engine's tables and buffers serve one search at a time).
    It probes the endgame database built in the default directory, as ``shashki hub``
    does (the tables are loaded once per process), plays the shipped opening book's
    moves at the levels without noise (:data:`BOOK_MARGIN`), and counts toward the draws of
    ``ruleset`` (None: the variant's default), set anew for every request, since one
    engine serves every game of its variant."""
    engines: dict[str, Engine] | None = getattr(_ENGINES, "by_variant", None)
    if engines is None:
        engines = _ENGINES.by_variant = {}
    e = engines.get(variant)
    if e is None:
        e = engines[variant] = Engine(variant, hash_mb=HASH_MB)
        e.set_egdb(for_engine(variant))  # what `shashki egdb build` made, if anything
        e.set_book(book_for(variant), BOOK_MARGIN)
    e.set_ruleset(ruleset)
    return e


def _board(variant: str, initial_fen: str | None, moves: Sequence[str]) -> Board:
    board = Board(variant, initial_fen)
    for t in moves:
        board.push_text(t)
    return board


def _warm() -> None:
    """Load the compiled search in a fresh worker, and end the worker when the server is
    gone (a killed server's pool would otherwise live on, 100 MB a worker)."""
    threading.Thread(target=_exit_with_parent, daemon=True, name="engine-parent").start()
    _engine("russian").analyse(Board("russian"), depth=2)  # a search, not the book's move


def _exit_with_parent() -> None:
    parent = multiprocessing.parent_process()
    if parent is None:  # not in a pool's process
        return
    parent.join()  # returns when the parent's sentinel closes: it has ended
    os._exit(0)


def _noop() -> None:
    """Nothing: submitted to make the pool spawn its worker (which runs :func:`_warm`)."""


def worker_move(variant: str, initial_fen: str | None, moves: Sequence[str], level: str,
                limit: Limit, ruleset: str | None = None) -> str:
    """The engine's move at ``level`` after ``moves``, counting toward the draws of the
    game's ``ruleset`` (runs in a worker)."""
    board = _board(variant, initial_fen, moves)
    e = _engine(variant, ruleset)
    e.set_level(level)
    return board.move_text(e.play(board, limit))


def worker_analyse(variant: str, initial_fen: str | None, moves: Sequence[str],
                   seconds: float, depth: int, ruleset: str | None = None) -> dict[str, Any]:
    """The position after ``moves``: score for White, the best line, under the draw
    counts of ``ruleset`` (runs in a worker)."""
    board = _board(variant, initial_fen, moves)
    outcome = board.outcome()
    if outcome is not None or not board.legal_moves:
        return {"score": None, "mate": None, "best": None, "pv": [], "depth": 0,
                "over": True}
    e = _engine(variant, ruleset)
    e.set_level("full")
    info = e.analyse(board, limit=Limit(depth=depth, time=seconds))
    floor = min(depth, ANALYSIS_MIN_DEPTH)
    if info.depth < floor and info.score.wins_in is None:
        info = e.analyse(board, limit=Limit(depth=floor))
    sign = 1 if board.turn is WHITE else -1
    wins = info.score.wins_in
    pv = info.pv_text(board)
    return {"score": sign * info.score.value if wins is None else None,
            "mate": None if wins is None else sign * wins,
            "best": pv[0] if pv else None, "pv": pv[:10], "depth": info.depth,
            "over": False}


def worker_lines(variant: str, fen: str, moves: Sequence[str], count: int,
                 depth: int) -> dict[str, Any]:
    """The engine's ``count`` best lines of a position at ``depth`` (one step of a live
    analysis, :mod:`shashki.server.analysis`; runs in a worker, whose engine keeps its
    transposition table between the steps), with the CPU seconds the step took."""
    started = time.process_time()
    board = _board(variant, fen, moves)
    e = _engine(variant)
    e.set_level("full")
    sign = 1 if board.turn is WHITE else -1
    out = []
    for a in e.lines(board, count, depth, start=depth):
        wins = a.score.wins_in
        out.append({"moves": a.pv_text(board)[:12], "path": list(a.pv[0].path),
                    "score": sign * a.score.value if wins is None else None,
                    "mate": None if wins is None else sign * wins, "depth": a.depth})
    return {"depth": depth, "lines": out, "cpu": time.process_time() - started}


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
        """End the worker processes and wait for them: a search still running is cut
        short, and the pool's queues and semaphores are released before the server
        exits (a pool left to the interpreter's exit leaks them)."""
        if self.executor is None:
            return
        executor, self.executor = self.executor, None
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(5)
            if proc.is_alive():  # deaf to SIGTERM (a busy machine, a C call): SIGKILL
                proc.kill()
                proc.join(5)
        with contextlib.suppress(Exception):  # a terminated worker breaks the pool
            executor.shutdown(wait=True)
        # The executor's own thread joins the workers too: when it reaps one first, our
        # join returns with the exit code not yet stored, and is_alive() says True until
        # that thread stores it (seen on a loaded machine).
        deadline = time.monotonic() + 5
        while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
            time.sleep(0.02)

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

    async def lines(self, variant: str, fen: str, moves: Sequence[str], count: int,
                    depth: int) -> dict[str, Any]:
        """One depth of a live analysis's lines (:func:`worker_lines`)."""
        out: dict[str, Any] = await self._run(worker_lines, variant, fen, list(moves), count,
                                              depth)
        return out

    async def move(self, variant: str, initial_fen: str | None, moves: Sequence[str],
                   level: str, limit: Limit, ruleset: str | None = None) -> str:
        text: str = await self._run(worker_move, variant, initial_fen, list(moves), level,
                                    limit, ruleset)
        return text

    async def analyse(self, variant: str, initial_fen: str | None,
                      moves: Sequence[str], ruleset: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = await self._run(worker_analyse, variant, initial_fen,
                                              list(moves), self.analysis_time,
                                              self.analysis_depth, ruleset)
        return out


def _value(p: dict[str, Any]) -> int | None:
    """A position's score for White as one number (wins far above any material)."""
    if p.get("mate") is not None:
        mate = int(p["mate"])
        return 100000 - abs(mate) if mate > 0 else -100000 + abs(mate)
    score = p.get("score")
    return None if score is None else int(score)


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
            user = User(username=name, username_key=name, password_hash="!", bot=True,
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
    ruleset: str | None = None


class EnginePlayer:
    """Plays the engine's accounts' moves in live games."""

    def __init__(self, hub: Hub, pool: EnginePool, database: Database) -> None:
        self.hub = hub
        self.pool = pool
        self.db = database
        self.accounts: dict[int, str] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.answers: set[asyncio.Task[None]] = set()
        """Takeback proposals being accepted (beside a game's move task)."""
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
                    games.append(store.accept_challenge(db, ch, bot).id)
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
        running = [*self.tasks.values(), *self.answers]
        for task in running:
            task.cancel()
        for task in running:
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
        """The hub's observer: start the engine's move when an engine account is to move;
        accept a takeback its opponent proposes."""
        if lg.is_over or self.hub.stopping:
            return
        proposal = pending_takeback(lg.game)
        if proposal is not None:
            answerer = lg.black_id if proposal.color is WHITE else lg.white_id
            if answerer in self.accounts:
                task = asyncio.get_running_loop().create_task(
                    self._accept_takeback(lg.id, answerer, lg.game.ply))
                self.answers.add(task)
                task.add_done_callback(self.answers.discard)
        if lg.id in self.tasks:
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
                    tuple(mi.text for mi in lg.moves), limit, g.ruleset.name)

    async def _accept_takeback(self, game_id: int, user_id: int, ply: int) -> None:
        """The engine accepts every takeback its opponent proposes (docs/rules.md L4; only
        casual games have them), as lidraughts' computer does: a move it is thinking about
        meanwhile is then refused as stale and thought again."""
        try:
            await self.hub.act(game_id, Actor(user_id, bot=True), "takeback_accept", ply=ply)
        except (Conflict, ServerError) as e:  # answered, or withdrawn by a move meanwhile
            log.info("game %s: the engine's takeback answer was not played: %s", game_id, e)

    async def _answer_offer(self, lg: LiveGame, turn: Turn) -> bool:
        """Answer the opponent's draw offer, if there is one: accepted when the engine
        stands clearly worse (:func:`shashki.engine.offers.accepts_draw`), else declined
        (then it moves). Returns whether the game ended."""
        async with lg.lock:
            pending = _offered_to(lg, turn.user_id)
        if not pending:
            return False
        p = await self.pool.analyse(turn.variant, turn.initial_fen, turn.moves, turn.ruleset)
        value = _value(p)
        white = lg.color_of(turn.user_id) is WHITE
        mine = None if value is None else (value if white else -value)
        actor = Actor(turn.user_id, bot=True)
        if mine is not None and accepts_draw(Score(mine)):
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
                                        turn.level, turn.limit, turn.ruleset)
            if await self._answer_offer(lg, turn):
                return
            await self.hub.act(game_id, Actor(user_id, bot=True), "move", text=text,
                               ply=turn.ply)
            self.moves_played += 1
            await self._offer(lg, turn, text)
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

    async def _offer(self, lg: LiveGame, turn: Turn, text: str) -> None:
        """Offer a draw with the move just played in a dead-drawn position
        (:func:`shashki.engine.offers.offers_draw`, Code 1.9.3)."""
        after = _board(turn.variant, turn.initial_fen, (*turn.moves, text))
        if not offers_draw(after, Score(0), OFFER_MIN_DEPTH):
            return  # not a kings-only ending: no search needed to say no
        p = await self.pool.analyse(turn.variant, turn.initial_fen, (*turn.moves, text),
                                    turn.ruleset)
        value = _value(p)
        mine = None if value is None else (value if lg.color_of(turn.user_id) is WHITE
                                           else -value)
        if mine is not None and offers_draw(after, Score(mine), int(p["depth"])):
            with contextlib.suppress(Conflict, ServerError):  # e.g. Code 1.9.6
                await self.hub.act(lg.id, Actor(turn.user_id, bot=True), "offer",
                                   ply=turn.ply + 1)


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
