"""Group commit: the actions of every live game are written by one task, as many in one
transaction as have arrived while the previous transaction was being committed.

A move is acknowledged only after its commit (:mod:`shashki.server.play.live`), and a commit
waits for the disk (SQLite ``synchronous=FULL``, PostgreSQL ``fsync``): one flush per move
would cap the platform at the disk's flush rate (about 100 a second here). One flush per
batch serves hundreds of games with the same guarantee. If a batch fails, its actions are
written one by one, so one bad action (a sequence number another instance took) fails
alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

import anyio.to_thread

from shashki.server.core.db import Database
from shashki.server.play import store

Pending = tuple[store.Action, "asyncio.Future[None]"]

CHECKPOINT_EVERY = 1.0
"""Seconds between SQLite checkpoints while moves are being written."""

log = logging.getLogger("shashki.server.play.writer")


class Writer:
    """Writes :data:`store.Action` tuples in batches; :meth:`write` returns once the
    action is committed (or raises: then it did not happen)."""

    def __init__(self, database: Database, ended: Sequence[store.EndHook] = ()) -> None:
        self.db = database
        self.ended = ended
        """The game-ended hooks, called in the transaction of a game's end."""
        self._pending: list[Pending] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self._written = 0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())
        if self.db.is_sqlite:
            self._checkpoints = asyncio.get_running_loop().create_task(self._checkpoint())

    async def stop(self) -> None:
        """Finish what is queued, then stop."""
        if self._task is None:
            return
        while self._pending:
            await asyncio.sleep(0.01)
        for task in (self._task, self._checkpoints):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._checkpoints = None
        if self.db.is_sqlite:
            await anyio.to_thread.run_sync(self.db.checkpoint)

    async def write(self, action: store.Action) -> None:
        if self._task is None:  # not started (tests driving a Hub directly): write now
            await anyio.to_thread.run_sync(store.append_actions, self.db, [action],
                                           self.ended)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((action, future))
        self._wake.set()
        await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if batch:
                await self._commit(batch)

    async def _checkpoint(self) -> None:
        """SQLite: copy the log into the database file once a second while games are being
        written, beside the commits rather than inside one of them."""
        done = 0
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            if self._written != done:
                done = self._written
                try:
                    await anyio.to_thread.run_sync(self.db.checkpoint)
                except Exception:  # the next one will do; the commits are safe in the log
                    log.exception("checkpoint failed")

    async def _commit(self, batch: list[Pending]) -> None:
        try:
            await anyio.to_thread.run_sync(store.append_actions, self.db,
                                           [a for a, _ in batch], self.ended)
        except Exception as error:
            if len(batch) == 1:
                _settle(batch[0][1], error)
                return
            for action, future in batch:
                try:
                    await anyio.to_thread.run_sync(store.append_actions, self.db, [action],
                                           self.ended)
                except Exception as e:
                    _settle(future, e)
                else:
                    _settle(future, None)
            return
        self._written += len(batch)
        for _, future in batch:
            _settle(future, None)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():  # its caller was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
