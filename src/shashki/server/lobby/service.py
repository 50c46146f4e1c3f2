"""Quick pairing: players wait in pools (a variant and a time control) and are paired with
the nearest rating within a window that widens while they wait (docs/ratings.md).

>>> window(0), window(4), window(60)
(100.0, 200.0, 800.0)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts.models import User
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput
from shashki.server.lobby.models import EntryStatus, PoolEntry
from shashki.server.play import models as pm
from shashki.server.play import store
from shashki.server.ratings import service as ratings


@dataclass(frozen=True)
class Pool:
    name: str
    control: str
    """The time control as :class:`shashki.clock.TimeControl` reads it."""
    code: str = ""
    """The Code's article when the control is one of the Code's."""


POOLS = {p.name: p for p in (
    Pool("1+0", "1m"), Pool("3+2", "3m+2s"), Pool("5+3", "5m+3s"), Pool("10+5", "10m+5s"),
    Pool("15+10", "15m+10s"),
    Pool("blitz-5", "blitz-5", "Code 3.9.3"), Pool("rapid-15", "rapid-15", "Code 3.9.4"),
    Pool("code-45", "code-45", "Code 3.9.1"))}
"""The pools: lichess's usual controls and the Code's own (blitz 5 min, Code 3.9.3;
rapid 15 min, 3.9.4; 45 min, 3.9.1)."""

BASE_WINDOW = 100.0
WIDEN_PER_SECOND = 25.0
MAX_WINDOW = 800.0
GONE_AFTER = 10.0
"""A waiting player whose page has not asked for news for this long has left."""


def window(waited: float) -> float:
    """How far apart two ratings may be for a player who has waited ``waited`` seconds:
    100 points at once, 25 more each second, at most 800."""
    return min(MAX_WINDOW, BASE_WINDOW + WIDEN_PER_SECOND * max(0.0, waited))


def join(db: DBSession, user: User, variant: str, pool: str, rated: bool = True,
         now: float | None = None) -> PoolEntry:
    """Put ``user`` in a pool (leaving any other he was waiting in)."""
    variant = store.check_variant(variant)
    if pool not in POOLS:
        raise InvalidInput("pool", code="pool")
    now = time.time() if now is None else now
    leave(db, user)
    tc = ratings.time_class(POOLS[pool].control)
    rating = ratings.shown(db, [user.id], variant, tc).get(user.id, ratings.NEW).rating
    entry = PoolEntry(user_id=user.id, variant=variant, pool=pool, rated=rated,
                      rating=rating, joined_at=now, seen_at=now)
    db.add(entry)
    db.flush()
    return entry


def leave(db: DBSession, user: User) -> None:
    db.execute(update(PoolEntry).where(PoolEntry.user_id == user.id,
                                       PoolEntry.status == EntryStatus.WAITING.value)
               .values(status=EntryStatus.LEFT.value))


def entry_of(db: DBSession, user: User, entry_id: int) -> PoolEntry:
    entry = db.get(PoolEntry, entry_id)
    if entry is None or entry.user_id != user.id:
        raise Forbidden("not your place in a pool")
    return entry


def pairable(a: PoolEntry, b: PoolEntry, now: float) -> bool:
    """Whether the two may be paired now: same pool, variant and kind (rated or casual),
    two players, each within the other's window."""
    if (a.variant, a.pool, a.rated) != (b.variant, b.pool, b.rated) or a.user_id == b.user_id:
        return False
    gap = abs(a.rating - b.rating)
    return gap <= window(now - a.joined_at) and gap <= window(now - b.joined_at)


def match(db: DBSession, variant: str, pool: str, now: float | None = None,
          rng: random.Random | None = None) -> list[int]:
    """Pair whoever can be paired in one pool; return the new games' ids.

    The player who has waited longest is paired first, with the nearest rating among
    those pairable with him (:func:`pairable`); colours are drawn by lot. Each pair is
    claimed by one statement, so two instances matching at once cannot both pair a player.
    """
    now = time.time() if now is None else now
    rng = rng or random.SystemRandom()
    db.execute(update(PoolEntry).where(
        PoolEntry.status == EntryStatus.WAITING.value, PoolEntry.seen_at < now - GONE_AFTER)
        .values(status=EntryStatus.LEFT.value))
    waiting = list(db.scalars(select(PoolEntry).where(
        PoolEntry.status == EntryStatus.WAITING.value, PoolEntry.variant == variant,
        PoolEntry.pool == pool).order_by(PoolEntry.joined_at, PoolEntry.id)))
    games: list[int] = []
    taken: set[int] = set()
    for a in waiting:
        if a.id in taken:
            continue
        partners = [b for b in waiting if b.id not in taken and b.id != a.id
                    and pairable(a, b, now)]
        if not partners:
            continue
        b = min(partners, key=lambda e: (abs(e.rating - a.rating), e.joined_at))
        claimed = db.execute(update(PoolEntry).where(
            PoolEntry.id.in_((a.id, b.id)), PoolEntry.status == EntryStatus.WAITING.value)
            .values(status=EntryStatus.PAIRED.value))
        if claimed.rowcount != 2:  # type: ignore[attr-defined]
            raise Conflict("a player of the pair was paired elsewhere")
        white, black = (a, b) if rng.random() < 0.5 else (b, a)
        game = store.new_game(db, variant, POOLS[pool].control, white.user_id,
                              black.user_id, rated=a.rated)
        db.execute(update(PoolEntry).where(PoolEntry.id.in_((a.id, b.id)))
                   .values(game_id=game.id))
        taken |= {a.id, b.id}
        games.append(game.id)
    return games


def poll(db: DBSession, user: User, entry_id: int, now: float | None = None
         ) -> tuple[PoolEntry, list[int]]:
    """The player's page asks for news: he is still there; pair his pool."""
    now = time.time() if now is None else now
    entry = entry_of(db, user, entry_id)
    new: list[int] = []
    if entry.status == EntryStatus.WAITING.value:
        entry.seen_at = now
        db.flush()
        new = match(db, entry.variant, entry.pool, now)
        db.refresh(entry)
    return entry, new


def waiting_counts(db: DBSession) -> dict[tuple[str, str], int]:
    """How many wait in each (variant, pool) now."""
    out: dict[tuple[str, str], int] = {}
    cutoff = time.time() - GONE_AFTER
    for e in db.scalars(select(PoolEntry).where(PoolEntry.status == EntryStatus.WAITING.value,
                                                PoolEntry.seen_at >= cutoff)):
        out[(e.variant, e.pool)] = out.get((e.variant, e.pool), 0) + 1
    return out


# --- open seeks with a rating range -------------------------------------------------------------


def admit(db: DBSession, ch: pm.Challenge, user: User) -> None:
    """An open seek with a rating range admits only players rated within it
    (:attr:`Hub.admit <shashki.server.play.live.Hub.admit>`)."""
    if ch.rating_min is None and ch.rating_max is None:
        return
    tc = ratings.time_class(ch.time_control)
    r = ratings.shown(db, [user.id], ch.variant, tc).get(user.id, ratings.NEW).rating
    if (ch.rating_min is not None and r < ch.rating_min) or (
            ch.rating_max is not None and r > ch.rating_max):
        raise Forbidden(code="rating_range_out", rating=round(r),
                        low=ch.rating_min if ch.rating_min is not None else "",
                        high=ch.rating_max if ch.rating_max is not None else "")
