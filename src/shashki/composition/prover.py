"""An exact proof search for compositions: does the side to move force its goal within
``n`` of its own moves?

The search is an AND-OR tree walk with no forward pruning: at the attacker's nodes one
move that fulfils the goal is enough, at the defender's nodes every reply must be met.
Its answers are proofs, not estimates — "wins within n" comes with the winning line, "no
win within n" holds for every defence — except where the limits (nodes, seconds) stop
it: then it raises :class:`Undecided`, and the checker reports "not proven within the
limit". An endgame database (:class:`shashki.engine.egdb.Database`) answers exactly
for every position it covers, with the distance to the end of the game, so the tables
decide what the search alone could not reach.

A game is won when the opponent has no move, all his pieces taken or blocked (Code
1.8.1); a block poser's goal is that end with exactly the stipulated black men and kings
left, blocked (CPI draft rules for block posers 1.1.1). The move-count draw rules (Code
1.9.1.x) are not applied: the databases ignore them too, and a composition's solution is
judged by the rules of play (docs/composition.md, decision C4).

>>> from shashki import Board
>>> p = Prover("russian")
>>> b = Board("russian", "W:Wa1,b2,c3:Ba5,e5,g7")   # the shot from b2 (kombinashki.ru)
>>> p.wins(b, 3)
2
>>> [b.move_text(m) for m in p.line(b, 2)]
['c3-b4', 'a5:c3', 'b2:h8']
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from shashki.board import Board
from shashki.color import BLACK, WHITE
from shashki.composition.record import Goal
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.rules import Variant, as_variant

NEVER = 1 << 20
"""A failure bound meaning "never wins": no move left, or the tables say no win."""


class Undecided(ShashkiError):
    """The search reached its node or time limit before deciding.

    >>> from shashki import Board
    >>> prover = Prover("russian", limits=Limits(nodes=10, seconds=None))
    >>> prover.start()
    >>> prover.wins(Board("russian"), 5)
    Traceback (most recent call last):
        ...
    shashki.composition.prover.Undecided: node limit 10 reached
    """


@dataclass(frozen=True)
class Limits:
    """How far a proof may go: nodes of the search and seconds of wall time (None: no
    limit), and the most moves tried when the task states none.

    >>> Limits(), Limits(nodes=None, seconds=5.0).seconds
    (Limits(nodes=2000000, seconds=60.0, max_moves=12), 5.0)
    """

    nodes: int | None = 2_000_000
    seconds: float | None = 60.0
    max_moves: int = 12


class Prover:
    """Proofs for one variant and goal, with a transposition table kept between calls.

    ``db`` is an endgame database of the variant (or None); ``block`` the defender's
    (men, kings) a :attr:`Goal.BLOCK` task must leave blocked. With ``reach`` a position
    the tables prove won counts as the goal reached (a study's solution ends in a won
    position, not at the end of the game): moves are then counted to that position;
    without it, to the end of the game by the tables' exact distance.

    >>> from shashki import Board
    >>> prover = Prover("russian")
    >>> board = Board("russian", "W:Wa1,b2,c3:Ba5,e5,g7")
    >>> prover.start()
    >>> prover.wins(board, 3)
    2
    >>> [(board.move_text(m), n) for m, n in prover.winning_moves(board, 3)]
    [('c3-b4', 2)]
    """

    def __init__(self, variant: str | Variant = "russian", db: Any = None,
                 goal: Goal = Goal.WIN, block: tuple[int, int] | None = None,
                 limits: Limits | None = None, reach: bool = False) -> None:
        self.variant = as_variant(variant)
        if db is not None and db.variant != self.variant:
            raise ShashkiError(f"the database is for {db.variant.name}, "
                               f"not {self.variant.name}")
        self.db = db if goal is not Goal.BLOCK else None  # tables know wins, not blocks
        self.goal = goal
        self.block = block
        self.reach = reach
        self.limits = limits or Limits()
        self.nodes = 0
        self._deadline: float | None = None
        self._tt: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        """position -> (smallest n known to win, largest n known to fail)."""

    # --- limits ---------------------------------------------------------------------

    def start(self) -> None:
        """Start counting the limits afresh (the table is kept)."""
        self.nodes = 0
        s = self.limits.seconds
        self._deadline = time.monotonic() + s if s is not None else None

    def _tick(self) -> None:
        self.nodes += 1
        if self.limits.nodes is not None and self.nodes > self.limits.nodes:
            raise Undecided(f"node limit {self.limits.nodes:,} reached")
        if self._deadline is not None and not self.nodes & 1023 and \
                time.monotonic() > self._deadline:
            raise Undecided(f"time limit {self.limits.seconds:g} s reached")

    # --- the goal -------------------------------------------------------------------

    def fulfilled(self, board: Board) -> bool:
        """Whether the position, defender to move, is the goal reached: the defender has
        no move (and for a block poser, exactly the stipulated pieces left)."""
        if board.legal_moves:
            return self.reach and self._table(board, False) == 0
        if self.goal is not Goal.BLOCK:
            return True
        side = board.turn
        men = len(board.pieces(side, king=False))
        kings = len(board.pieces(side, king=True))
        return (men, kings) == self.block

    def _table(self, board: Board, attacker_to_move: bool) -> int | None:
        """From the tables: the attacker's moves still needed to win (NEVER when he cannot
        win), or None when the tables do not cover the position."""
        if self.db is None or not self.db.covers(board):
            return None
        r = self.db.probe(board)
        if r is None:
            return None
        if attacker_to_move:
            if r.outcome != "win":
                return NEVER
            return 1 if self.reach else (r.plies + 1) // 2
        if r.outcome != "loss":
            return NEVER
        return 0 if self.reach else r.plies // 2

    # --- the search -----------------------------------------------------------------

    def wins(self, board: Board, n: int) -> int | None:
        """The fewest moves (at most ``n``) in which the side to move forces the goal, or
        None when it cannot within ``n`` (proved). Raises :class:`Undecided`."""
        for k in range(1, n + 1):
            if self.win_within(board, k):
                return k
        return None

    def win_within(self, board: Board, n: int) -> bool:
        """Whether the side to move forces the goal within ``n`` of its moves."""
        key = board.position
        won, failed = self._tt.get(key, (NEVER, 0))
        if won <= n:
            return True
        if failed >= n:
            return False
        self._tick()
        t = self._table(board, True)
        if t is not None:
            result = t <= n
        else:
            result = False
            for m in self._ordered(board):
                board.push(m)
                try:
                    if self.fulfilled(board) or (n >= 2 and self._all_met(board, n - 1)):
                        result = True
                finally:
                    board.pop()
                if result:
                    break
        self._store(key, n, result)
        return result

    def _all_met(self, board: Board, n: int) -> bool:
        """Defender to move: whether every reply leaves a win within ``n`` moves."""
        key = board.position
        won, failed = self._tt.get(key, (NEVER, 0))
        if won <= n:
            return True
        if failed >= n:
            return False
        self._tick()
        t = self._table(board, False)
        if t is not None:
            result = t <= n
        else:
            moves = board.legal_moves
            result = bool(moves)
            for m in sorted(moves, key=lambda mv: -len(mv.captures)):
                board.push(m)
                try:
                    ok = self.win_within(board, n)
                finally:
                    board.pop()
                if not ok:
                    result = False
                    break
        self._store(key, n, result)
        return result

    def _store(self, key: tuple[int, int, int, int], n: int, result: bool) -> None:
        won, failed = self._tt.get(key, (NEVER, 0))
        if result:
            won = min(won, n)
        else:
            failed = max(failed, n)
        self._tt[key] = (won, failed)

    def _ordered(self, board: Board) -> list[Move]:
        """The attacker's moves, those that leave the defender fewest replies first (a
        reply-less move ends the game)."""
        scored = []
        for i, m in enumerate(board.legal_moves):
            board.push(m)
            replies = len(board.legal_moves)
            board.pop()
            scored.append((replies, i, m))
        scored.sort(key=lambda x: (x[0], x[1]))
        return [m for _, _, m in scored]

    # --- lines ----------------------------------------------------------------------

    def winning_moves(self, board: Board, n: int) -> list[tuple[Move, int]]:
        """Every move of the side to move that forces the goal within ``n`` moves, each
        with its fewest moves (the move itself counted)."""
        out = []
        for m in board.legal_moves:
            board.push(m)
            try:
                k = self.after_move(board, n)
            finally:
                board.pop()
            if k is not None:
                out.append((m, k))
        return out

    def after_move(self, board: Board, n: int) -> int | None:
        """Defender to move after the attacker's move: the fewest attacker moves (that
        move included, at most ``n``) to the goal, or None."""
        if self.fulfilled(board):
            return 1
        for k in range(1, n):
            if self._all_met(board, k):
                return k + 1
        return None

    def line(self, board: Board, n: int) -> list[Move]:
        """A principal line of a win within ``n`` moves: the attacker's quickest moves
        against the defender's longest defence (the tables' best moves past the search)."""
        b = board.copy(stack=False)
        out: list[Move] = []
        left = n
        while left >= 1:
            k = self.wins(b, left)
            if k is None:
                break
            move = next((m for m, mk in self._quickest(b, k)), None)
            if move is None:
                break
            out.append(move)
            b.push(move)
            if not b.legal_moves:
                break
            reply = self._longest_defence(b, k - 1)
            if reply is None:
                break
            out.append(reply)
            b.push(reply)
            left = k - 1
        return out

    def continuation(self, board: Board, n: int) -> list[Move]:
        """Defender to move after the attacker's move, with a win within ``n`` more
        attacker moves: the defender's longest defence, then :meth:`line`."""
        if n < 1 or not board.legal_moves:
            return []
        reply = self._longest_defence(board, n)
        if reply is None:
            return []
        b = board.copy(stack=False)
        b.push(reply)
        return [reply, *self.line(b, n)]

    def _quickest(self, board: Board, k: int) -> list[tuple[Move, int]]:
        found = [(m, mk) for m, mk in self.winning_moves(board, k) if mk <= k]
        found.sort(key=lambda x: x[1])
        return found

    def _longest_defence(self, board: Board, n: int) -> Move | None:
        best: tuple[int, Move] | None = None
        for m in board.legal_moves:
            board.push(m)
            try:
                k = self.wins(board, n)
            finally:
                board.pop()
            if k is None:  # cannot happen in a proven win; keep the line honest
                return m
            if best is None or k > best[0]:
                best = (k, m)
        return best[1] if best else None

    # --- the defender's side, for draw tasks -----------------------------------------

    def holds(self, board: Board, n: int) -> bool | None:
        """Attacker (side to move, playing for a draw) after his move: whether the other
        side has no win. True: proved by the tables (exact); False: the other side wins
        (proved); None: no win for the other side within ``n`` moves, and the tables do
        not reach (the checker says "not proven beyond n moves")."""
        other = Prover(self.variant, self.db, Goal.WIN, None, self.limits)
        other._deadline, other.nodes = self._deadline, self.nodes
        try:
            if other._table(board, True) is not None:
                return other._table(board, True) == NEVER
            k = other.wins(board, n)
        finally:
            self.nodes = other.nodes
        return False if k is not None else None


def material(board: Board) -> tuple[int, int, int, int]:
    """White men, white kings, black men, black kings."""
    return (len(board.pieces(WHITE, False)), len(board.pieces(WHITE, True)),
            len(board.pieces(BLACK, False)), len(board.pieces(BLACK, True)))
