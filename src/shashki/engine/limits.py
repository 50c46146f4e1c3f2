"""Search limits and time management for every control of :mod:`shashki.clock`.

A :class:`Limit` says what the engine may spend on one move: a depth, a number of
nodes, a fixed time per move, or a game clock (time left, increment or Bronstein delay,
moves to the next time control). :func:`budget` turns it into a :class:`Budget`: the
depth and node caps and two times, a *soft* one after which no new iteration starts
and a *hard* one at which the search is cut off.

>>> b = budget(Limit(time=2.0))        # fixed time per move, less the overhead
>>> (b.soft, b.hard)
(1.99, 1.99)
>>> b = budget(Limit(remaining=300.0))           # sudden death, 5 minutes left
>>> 5 < b.soft < 15 and b.soft < b.hard <= 300 * 0.3
True
>>> b = budget(Limit(remaining=60.0, moves_to_go=5))    # 5 moves to the time control
>>> 8 < b.soft < 12
True
>>> budget(Limit(depth=6))
Budget(depth=6, nodes=None, soft=None, hard=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shashki.errors import ShashkiError

if TYPE_CHECKING:
    from shashki.clock import Clock, TimeControl
    from shashki.color import Color

MAX_DEPTH = 100
"""Deepest iteration the engine starts (a deeper depth limit searches to it)."""
MAX_NODES = 10**15
"""Most nodes a limit may name (the kernel counts in 64-bit integers; 10^15 nodes are
years of search)."""
MAX_SECONDS = 1e7
"""Longest time a limit may name: about 116 days."""
OVERHEAD = 0.03
"""Seconds kept back per move of a clock for the program's own latency (process, pipes,
GUI)."""
MOVE_OVERHEAD = 0.01
"""Seconds kept back of a fixed time per move: the search stops at its deadline within
a millisecond, and no clock falls if the move comes a little late (the time used to be
cut by :data:`OVERHEAD`, so a move at 0.2 s searched 0.17 s and came after 0.175 s)."""
SUDDEN_DEATH_MOVES = 30
"""Moves a sudden-death game is assumed still to last, at least."""


class LimitError(ShashkiError):
    """A limit that cannot be met (negative, not a number, or beyond any real search).

    >>> Limit(depth=-1)
    Traceback (most recent call last):
        ...
    shashki.engine.limits.LimitError: depth must not be negative, got -1
    """


def check_depth(depth: int | None) -> None:
    """Refuse a depth asked for by a person beyond :data:`MAX_DEPTH` (a :class:`Limit`
    itself searches to :data:`MAX_DEPTH` at most, which alone would never end).

    >>> check_depth(100)
    >>> check_depth(101)
    Traceback (most recent call last):
    ...
    shashki.engine.limits.LimitError: depth 101 is too deep: the engine searches at most 100 plies
    """
    if depth is not None and depth > MAX_DEPTH:
        raise LimitError(f"depth {depth} is too deep: the engine searches at most "
                         f"{MAX_DEPTH} plies")


@dataclass(frozen=True)
class Limit:
    """What one search may spend. Unset fields do not limit; an empty Limit is infinite.

    ``time`` is a fixed time for this move. ``remaining`` is the clock time left to the
    side to move; with it ``increment`` (Fischer, added after the move), ``delay``
    (Bronstein, time given back up to ``delay``) and ``moves_to_go`` (moves left to the
    next time control, None for sudden death) shape the share of this move.

    >>> Limit(depth=6).depth, Limit(time=0.5).time, Limit().remaining
    (6, 0.5, None)
    """

    depth: int | None = None
    nodes: int | None = None
    time: float | None = None
    remaining: float | None = None
    increment: float = 0.0
    delay: float = 0.0
    moves_to_go: int | None = None

    def __post_init__(self) -> None:
        for name in ("depth", "nodes", "time", "remaining", "moves_to_go", "increment",
                     "delay"):
            v = getattr(self, name)
            if v is None:
                continue
            if v != v:  # NaN
                raise LimitError(f"{name} is not a number: {v}")
            if v < 0:
                raise LimitError(f"{name} must not be negative, got {v}")
        if self.nodes is not None and self.nodes > MAX_NODES:
            raise LimitError(f"nodes {self.nodes} is too many: at most {MAX_NODES:.0e}")
        for name in ("time", "remaining", "increment", "delay"):
            v = getattr(self, name)
            if v is not None and v > MAX_SECONDS:
                raise LimitError(f"{name} {v:g} s is too long: at most {MAX_SECONDS:g} s")

    @classmethod
    def from_clock(cls, clock: Clock, color: Color, depth: int | None = None) -> Limit:
        """The limit of ``color``'s next move on a running game clock."""
        stage = clock.control.stages[clock.stage(color)]
        return cls(depth=depth, remaining=clock.remaining(color), increment=stage.increment,
                   delay=stage.delay, moves_to_go=clock.moves_to_control(color))

    @classmethod
    def from_control(cls, control: TimeControl, remaining: float, moves_made: int) -> Limit:
        """The limit under ``control`` for a side with ``remaining`` seconds that has made
        ``moves_made`` moves (the stage and the moves to its control follow from it)."""
        i = control.stage_at(moves_made)
        stage = control.stages[i]
        mtg = None
        done = 0
        for s in control.stages[: i + 1]:
            if s.moves is None:
                break
            done += s.moves
        else:
            if done > moves_made:
                mtg = done - moves_made
            else:  # every stage has a move count: the last one repeats
                last = control.stages[-1].moves or 1
                mtg = last - (moves_made - done) % last
        return cls(remaining=remaining, increment=stage.increment, delay=stage.delay,
                   moves_to_go=mtg)


@dataclass(frozen=True)
class Budget:
    """Caps of one search: ``soft`` seconds before the last iteration starts, ``hard`` to
    cut off; None means no cap.

    >>> budget(Limit(depth=4))
    Budget(depth=4, nodes=None, soft=None, hard=None)
    >>> b = budget(Limit(remaining=60.0, moves_to_go=20))
    >>> b.soft is not None and b.soft < 60.0 / 3
    True
    """

    depth: int
    nodes: int | None
    soft: float | None
    hard: float | None


def budget(limit: Limit) -> Budget:
    """Spend the clock in proportion to the moves left: about remaining / moves-to-go
    (sudden death: remaining / 30) plus most of the increment or delay; never more than
    a third of what is left, keeping :data:`OVERHEAD` seconds back.

    >>> b = budget(Limit(remaining=300.0, increment=3.0))
    >>> round(b.soft, 2), round(b.hard, 2)
    (12.7, 38.1)
    """
    depth = min(limit.depth, MAX_DEPTH) if limit.depth is not None else MAX_DEPTH
    if limit.time is not None:
        t = max(limit.time - (MOVE_OVERHEAD if limit.time > 4 * MOVE_OVERHEAD else 0.0),
                0.001)
        return Budget(depth, limit.nodes, t, t)
    if limit.remaining is None:
        return Budget(depth, limit.nodes, None, None)
    left = max(limit.remaining - OVERHEAD, 0.0)
    bonus = 0.9 * (limit.increment + limit.delay)
    if limit.moves_to_go is not None and limit.moves_to_go > 0:
        mtg = limit.moves_to_go
        share = left / (mtg + 1) if mtg > 1 else left * 0.6
    else:
        share = left / SUDDEN_DEATH_MOVES
    soft = share + bonus
    cap = left * (0.6 if limit.moves_to_go == 1 else 0.3) + bonus * 0.5
    hard = min(soft * 3.0, max(cap, 0.001), left)
    soft = min(soft, hard)
    return Budget(depth, limit.nodes, max(soft, 0.001), max(hard, 0.001))
