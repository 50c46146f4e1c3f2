"""Sliding-window rate limits kept in memory (one process; a shared store comes with Redis).

>>> t = [0.0]
>>> limit = RateLimit(2, 10.0, now=lambda: t[0])
>>> limit.hit("k"), limit.hit("k"), limit.hit("k")
(0.0, 0.0, 10.0)
>>> t[0] = 10.5
>>> limit.hit("k")
0.0
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimit:
    """At most ``count`` hits per key in any ``window`` seconds."""

    def __init__(self, count: int, window: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.window = window
        self._now = now
        self._hits: dict[str, deque[float]] = {}

    def _prune(self, key: str, t: float) -> deque[float]:
        q = self._hits.setdefault(key, deque())
        while q and q[0] <= t - self.window:
            q.popleft()
        return q

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may be hit again (0: now)."""
        t = self._now()
        q = self._prune(key, t)
        if len(q) < self.count:
            return 0.0
        return max(q[0] + self.window - t, 0.0)

    def hit(self, key: str) -> float:
        """Count a hit; return 0 if allowed, else the seconds to wait (not counted)."""
        wait = self.retry_after(key)
        if wait > 0:
            return wait
        self._hits[key].append(self._now())
        if len(self._hits) > 10000:
            self._sweep()
        return 0.0

    def reset(self, key: str) -> None:
        self._hits.pop(key, None)

    def _sweep(self) -> None:
        t = self._now()
        for key in list(self._hits):
            if not self._prune(key, t):
                del self._hits[key]
