"""Several instances of the platform behind one load balancer share live games.

The database orders every action: a game's moves and events carry a sequence number that
is unique per game, so two instances can never both commit action *n* of a game — the
second commit fails, its instance forgets its copy of the game and its player is told the
action did not happen. After a commit, the instance announces ``(game, seq)`` on Redis
(pub/sub channel :data:`CHANNEL`); every other instance that holds the game in memory
reads the new actions from the database and shows them to its own viewers.

The players' news (:mod:`shashki.server.core.notify`) goes the same way, on
:data:`NEWS`: each instance hands it to the pages it serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("shashki.server.core.bus")

CHANNEL = "shashki:actions"
NEWS = "shashki:news"

OnAction = Callable[[int, int], Awaitable[None]]
"""Called with ``(game_id, next_seq)`` for an action another instance committed."""
OnNews = Callable[[list[int], dict[str, Any]], None]
"""Called with ``(user ids, news)`` for news another instance committed."""


class RedisBus:
    """Announcements of committed actions between instances, over Redis pub/sub."""

    def __init__(self, url: str, on_action: OnAction) -> None:
        from shashki.extras import need

        need("redis", "redis", "--redis")
        import redis.asyncio

        self.url = url
        self.instance = secrets.token_hex(8)
        self.on_action = on_action
        self.on_news: OnNews | None = None
        """Set by the app: hands another instance's news to this one's pages."""
        self.redis: Any = redis.asyncio.from_url(url)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self) -> None:
        """Subscribe; return once the subscription is in place."""
        await self.redis.ping()
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), 10)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.redis.aclose()

    async def publish(self, game_id: int, seq: int) -> None:
        """Tell the other instances that ``game_id`` has actions up to ``seq - 1``."""
        try:
            await self.redis.publish(CHANNEL, f"{self.instance} {game_id} {seq}")
        except Exception:  # the action is committed; viewers elsewhere catch up later
            log.exception("could not announce game %s seq %s", game_id, seq)

    async def publish_news(self, user_ids: list[int], data: dict[str, Any]) -> None:
        """Hand news to the other instances' pages of ``user_ids``."""
        try:
            await self.redis.publish(NEWS, json.dumps(
                {"from": self.instance, "users": user_ids, "data": data}))
        except Exception:  # the page will show the game when it reloads
            log.exception("could not relay news for %s", user_ids)

    def _news(self, data: bytes | str) -> None:
        try:
            msg = json.loads(data)
            users, news = [int(u) for u in msg["users"]], dict(msg["data"])
        except (ValueError, KeyError, TypeError):
            log.warning("ignoring malformed news %r", data)
            return
        if msg.get("from") != self.instance and self.on_news is not None:
            self.on_news(users, news)

    async def _listen(self) -> None:
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL, NEWS)
                    self._ready.set()
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        channel = message.get("channel")
                        if channel in (NEWS, NEWS.encode()):
                            self._news(message["data"])
                            continue
                        await self._handle(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Redis subscription lost; resubscribing")
                await asyncio.sleep(1)

    async def _handle(self, data: bytes | str) -> None:
        text = data.decode() if isinstance(data, bytes) else data
        try:
            instance, game, seq = text.split()
            game_id, next_seq = int(game), int(seq)
        except ValueError:
            log.warning("ignoring a malformed announcement %r", text)
            return
        if instance == self.instance:
            return
        try:
            await self.on_action(game_id, next_seq)
        except Exception:
            log.exception("could not catch up game %s", game_id)
