"""The players' news channel: every logged-in page listens to it (``/ws/notifications``,
:mod:`shashki.server.accounts.notices`; the page's script ``core/static/notify.js``) and
is told when one of his games starts (a challenge accepted, a pool's pairing, an event's
round) and when it is his move in correspondence.

A feature says what to tell inside its own transaction (:func:`later`); the news goes out
once that transaction commits, and never if it rolls back. Nothing is stored: a player
whose page is not open is not told here (the page he opens shows his games; the
correspondence mail is the lasting notice). It costs nothing per move: live play never
calls it, and telling a player with no page open is one dictionary look-up.

Instances behind one load balancer relay their news to each other (``relay``: the Redis
bus, :mod:`shashki.server.core.bus`), each handing it to the pages it serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, Callable, Coroutine, Iterable
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

from shashki.server.core.db import Database

log = logging.getLogger("shashki.server.core.notify")

_KEY = "shashki.notices"
MAX_QUEUED = 50
"""A page that does not read its news loses the oldest beyond this many."""


def later(db: Session, user_ids: Iterable[int], data: dict[str, Any]) -> None:
    """Tell ``user_ids`` ``data`` once ``db``'s transaction commits: ``{"kind":
    "started", "url": "/games/7"}``, ``{"kind": "turn", "url": "/corr/3"}``."""
    db.info.setdefault(_KEY, []).append((tuple(user_ids), data))


class Notifier:
    """The open pages of each account in this process, and the news for them."""

    def __init__(self) -> None:
        self.pages: dict[int, set[asyncio.Queue[dict[str, Any]]]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._relaying: set[asyncio.Task[None]] = set()
        self.told = 0
        """News handed to open pages so far (the tests count it)."""
        self.relay: Callable[[list[int], dict[str, Any]], Coroutine[Any, Any, None]] | None = (
            None)
        """Set when instances share news (the Redis bus): every news goes to it too."""

    def attach(self, database: Database) -> None:
        """Send what sessions of ``database`` queued (:func:`later`) when they commit."""
        self.loop = asyncio.get_running_loop()
        event.listen(database.sessions, "after_commit", self._committed)
        event.listen(database.sessions, "after_rollback", self._dropped)

    def detach(self, database: Database) -> None:
        with contextlib.suppress(Exception):
            event.remove(database.sessions, "after_commit", self._committed)
            event.remove(database.sessions, "after_rollback", self._dropped)
        self.loop = None

    def _committed(self, session: Session) -> None:
        for user_ids, data in session.info.pop(_KEY, []):
            self.tell(user_ids, data)

    def _dropped(self, session: Session) -> None:
        session.info.pop(_KEY, None)

    def tell(self, user_ids: Iterable[int], data: dict[str, Any]) -> None:
        """Hand ``data`` to every open page of ``user_ids`` (from any thread)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        users = list(user_ids)
        wanted = users if self.relay is not None else [u for u in users if u in self.pages]
        if not wanted:
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing
            loop.call_soon_threadsafe(self._send, wanted, data)

    def _send(self, user_ids: list[int], data: dict[str, Any]) -> None:
        self.deliver(user_ids, data)
        if self.relay is not None:
            task = asyncio.get_running_loop().create_task(self.relay(user_ids, data))
            self._relaying.add(task)
            task.add_done_callback(self._relaying.discard)

    def deliver(self, user_ids: list[int], data: dict[str, Any]) -> None:
        """Hand ``data`` to this process's open pages of ``user_ids`` (in the loop)."""
        for user_id in user_ids:
            for queue in list(self.pages.get(user_id, ())):
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(data)
                self.told += 1

    async def listen(self, user_id: int) -> AsyncGenerator[dict[str, Any], None]:
        """The news for one open page of ``user_id``, as it comes."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(MAX_QUEUED)
        self.pages.setdefault(user_id, set()).add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            pages = self.pages.get(user_id)
            if pages is not None:
                pages.discard(queue)
                if not pages:
                    del self.pages[user_id]
