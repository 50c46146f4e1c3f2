"""Rate limits kept in memory, per process: a sliding window (:class:`RateLimit`) and
growing delays after failures (:class:`Backoff`).

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


class Backoff:
    """Growing delays after failures: the first ``free`` failures of a key cost nothing;
    then each one makes the key wait ``base`` seconds, doubled with every further failure,
    up to ``cap``. A success (:meth:`reset`) clears the key; a key with no failure for
    ``forget`` seconds starts again.

    >>> t = [0.0]
    >>> b = Backoff(free=2, base=1.0, cap=4.0, now=lambda: t[0])
    >>> for _ in range(5):
    ...     b.fail("k")
    >>> b.wait("k")
    4.0
    >>> t[0] = 3.0
    >>> b.wait("k"), b.wait("other")
    (1.0, 0.0)
    """

    def __init__(self, free: int, base: float, cap: float, forget: float = 3600.0,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.free, self.base, self.cap, self.forget = free, base, cap, forget
        self._now = now
        self._keys: dict[str, tuple[int, float]] = {}
        """key -> (failures, time of the last)."""

    def _delay(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return float(min(self.cap, self.base * 2 ** min(failures - self.free, 40)))

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        entry = self._keys.get(key)
        if entry is None:
            return 0.0
        failures, last = entry
        t = self._now()
        if t - last > self.forget:
            del self._keys[key]
            return 0.0
        return max(0.0, last + self._delay(failures) - t)

    def fail(self, key: str) -> None:
        failures, _ = self._keys.get(key, (0, 0.0))
        self._keys[key] = (failures + 1, self._now())
        if len(self._keys) > 100_000:
            t = self._now()
            self._keys = {k: v for k, v in self._keys.items() if t - v[1] <= self.forget}

    def reset(self, key: str) -> None:
        self._keys.pop(key, None)
