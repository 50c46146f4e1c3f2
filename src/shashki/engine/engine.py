"""The engine object: analyse a position, play a move, at a chosen strength.

>>> from shashki import Board
>>> from shashki.engine import Engine
>>> engine = Engine("russian", hash_mb=4)
>>> board = Board("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8")
>>> info = engine.analyse(board, depth=8)
>>> info.pv_text(board)[:3]       # a man given up for three and a king
['c3-d4', 'e5:c3', 'b2:d8']
>>> info.depth, str(info.score)
(8, '#5')
>>> engine.play(Board("russian"), Limit(depth=4)) in Board("russian").legal_moves
True

Scores are in hundredths of a man for the side to move; a :class:`Score` knows when it
is a forced win (``wins_in`` moves, negative when the side to move loses).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from shashki.draws import ruleset as draw_ruleset
from shashki.engine import search as S
from shashki.engine.evaluate import EW_SIZE, NO_KINGS, W_NOISE, W_SEED, eval_arrays
from shashki.engine.limits import MAX_DEPTH, Budget, Limit, budget
from shashki.engine.lone_king import engine_table
from shashki.engine.model import model_for
from shashki.engine.probe import EMPTY
from shashki.engine.rulecount import ruleset_code
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.rules import Goal, Variant, as_variant
from shashki.rules import kernels as K

if TYPE_CHECKING:
    from shashki.board import Board
    from shashki.engine.book import Book

U64 = np.uint64

DRAW_PLIES = {"russian": 30, "russian-giveaway": 30, "brazilian": 40, "international": 50}
"""King moves without a capture or a man move after which the baseline's search (and the
current one with ``draw_rules`` 0) scores a draw, whatever the ruleset: Code 1.9.1.6 /
FMJD-64 7.2.5 (15 moves each), CBD 16 (20), FMJD 6.2 (25). The current engine counts
by the game's ruleset instead (:meth:`Engine.set_ruleset`, :mod:`shashki.engine.rulecount`)."""


MAX_HASH_MB = 16384
"""Largest transposition table, in MB (what ``shashki hub`` declares as ``hash``'s max)."""

DEFAULT_MOVE_TIME = 1.0
"""Seconds :meth:`Engine.play` spends when neither the limit nor the level caps it."""


class EngineError(ShashkiError):
    """A request the engine cannot serve (wrong variant, finished game, bad level).

    >>> from shashki import Board
    >>> Engine("russian", hash_mb=1).play(Board("international"), Limit(depth=1))
    Traceback (most recent call last):
        ...
    shashki.engine.engine.EngineError: this engine plays russian, the board is international
    """


CURRENT = "current"
BASELINE = "baseline-2026-12"
VERSIONS = (CURRENT, BASELINE)
"""Engine versions one package plays: ``current`` (the learned models where they ship,
the current search) and ``baseline-2026-12`` (the engine as it was on 2026-12-01: the
hand-set ``weights.json``, no patterns, the search parameters of then), the fixed
baseline of every strength claim (docs/engine.md)."""

SEARCH_PARAMS = {"prune": S.P_PRUNE, "prune_margin": S.P_PRUNE_MARGIN,
                 "prune_pct": S.P_PRUNE_PCT, "prune_depth": S.P_PRUNE_DEPTH,
                 "qs_quiet": S.P_QS_QUIET, "qs_exch": S.P_QS_EXCH, "qs_promo": S.P_QS_PROMO,
                 "lmr": S.P_LMR, "lmr_depth": S.P_LMR_DEPTH, "lmr_moves": S.P_LMR_MOVES,
                 "tt": S.P_TT, "ext": S.P_EXT_SINGLE, "history": S.P_HISTORY,
                 "killers": S.P_KILLERS, "malus": S.P_HIST_MALUS, "qs_threat": S.P_QS_THREAT,
                 "lmr_style": S.P_LMR_STYLE, "tt_pv": S.P_TT_PV,
                 "tt_move": S.P_TT_MOVE, "lmr_pv": S.P_LMR_PV, "lmr_two": S.P_LMR_TWO,
                 "draw_rules": S.P_DRAW_RULES}
"""Search parameters by name (engine specs, scoring recipes) → ``search`` parameter index."""


def check_version(version: str | None) -> str:
    """``version`` or the current one; raises :class:`EngineError` for an unknown one."""
    if version is None or version == "":
        return CURRENT
    if version not in VERSIONS:
        raise EngineError(f"unknown engine version {version!r}; known: {', '.join(VERSIONS)}")
    return version


@dataclass(frozen=True, order=True)
class Score:
    """A search score for the side to move, in hundredths of a man.

    >>> str(Score(35)), str(Score(-120)), Score(S.MATE - 5).wins_in, str(Score(-S.MATE + 4))
    ('+0.35', '-1.20', 3, '#-2')
    """

    value: int

    @property
    def is_win(self) -> bool:
        return self.value > S.MATE_BOUND

    @property
    def is_loss(self) -> bool:
        return self.value < -S.MATE_BOUND

    @property
    def wins_in(self) -> int | None:
        """Moves of the side to move to the end of a won (positive) or lost (negative) game."""
        if self.is_win:
            return (S.MATE - self.value + 1) // 2
        if self.is_loss:
            return -((S.MATE + self.value) // 2)
        return None

    @property
    def men(self) -> float:
        """The score in men (Hub protocol), wins as +-1000 less the distance."""
        if self.wins_in is not None:
            w = self.wins_in
            return 1000.0 - w if w > 0 else -1000.0 - w
        return self.value / 100.0

    def __str__(self) -> str:
        if self.wins_in is not None:
            return f"#{self.wins_in}"
        return f"{self.value / 100:+.2f}"


@dataclass
class Analysis:
    """What a search found: the principal variation and its score, with statistics.

    >>> from shashki import Board
    >>> board = Board("russian", "W:Wc3:Bd4,f6")
    >>> a = Engine("russian", hash_mb=1).analyse(board, depth=2)
    >>> a.pv_text(board), a.depth
    (['c3:g7'], 2)
    """

    pv: list[Move]
    score: Score
    depth: int
    seldepth: int
    nodes: int
    time: float
    hashfull: int = 0
    complete: bool = True
    """False for a report of an iteration the limits cut off."""
    mean_depth: float = 0.0
    """Average ply of the leaves (quiet positions scored statically)."""
    reached: int = 0
    """The deepest iteration whose first root move was searched in full: ``depth``, or
    one more when the limits cut off the next iteration after its first move. Scan
    prints this one (it reports an iteration as soon as its first move has a score), so
    depths compare with its own in this count."""

    @property
    def nps(self) -> float:
        return self.nodes / self.time if self.time > 0 else 0.0

    @property
    def bestmove(self) -> Move | None:
        return self.pv[0] if self.pv else None

    @property
    def ponder(self) -> Move | None:
        return self.pv[1] if len(self.pv) > 1 else None

    def pv_text(self, board: Board, style: str | None = None) -> list[str]:
        """The principal variation as move text, played out from ``board``."""
        b = board.copy(stack=False)
        out = []
        for m in self.pv:
            out.append(b.move_text(m, style))
            b.push(m)
        return out


@dataclass(frozen=True)
class Level:
    """A playing strength: caps on depth, nodes and time, and evaluation noise.

    ``noise`` adds up to that many hundredths of a man, at random, to every evaluation;
    ``blunder`` is the chance of playing a random legal move instead of the search's.

    >>> level_by_name("beginner").noise > 0, level_by_name("full").depth
    (True, None)
    """

    name: str
    depth: int | None = None
    nodes: int | None = None
    time: float | None = None
    noise: int = 0
    blunder: float = 0.0
    title: str = ""


LEVELS: dict[str, Level] = {lv.name: lv for lv in (
    Level("beginner", depth=2, nodes=2_000, noise=100, blunder=0.10, title="first games"),
    Level("novice", depth=3, nodes=10_000, noise=60, blunder=0.03, title="knows the rules"),
    Level("amateur", depth=5, nodes=50_000, noise=40, title="club beginner"),
    Level("club", depth=8, nodes=300_000, noise=20, title="club player"),
    Level("expert", depth=12, nodes=2_000_000, noise=8, title="candidate master"),
    Level("master", time=2.0, noise=0, title="master"),
    Level("full", noise=0, title="full strength"),
)}
"""Levels from beginner to full strength (``full`` is limited only by the given limit).

>>> list(LEVELS)
['beginner', 'novice', 'amateur', 'club', 'expert', 'master', 'full']
>>> LEVELS["beginner"].depth
2
"""


def level_by_name(name: str | Level) -> Level:
    """The level of that name (:data:`LEVELS`), or ``name`` itself if it is a :class:`Level`; raises
    :class:`EngineError` otherwise.

    >>> level_by_name("beginner").title
    'first games'
    >>> try:
    ...     level_by_name("grandmaster")
    ... except EngineError as e:
    ...     print(str(e).split(";")[0])
    unknown level 'grandmaster'
    """
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise EngineError(f"unknown level {name!r}; known: {', '.join(LEVELS)}") from None


Callback = Callable[[Analysis], None]


@dataclass
class _Root:
    white: int
    black: int
    kings: int
    turn: int
    history: list[int] = field(default_factory=list)
    rev: int = 0
    mat: int = 0


def _plies_since_material_change(board: Board) -> int:
    """Plies played since the last capture or promotion (or since the record starts):
    the count of Code 1.9.1.3-1.9.1.4, FMJD-64 7.2.4-7.2.8 and FMJD 6.3-6.4.

    >>> from shashki import Board
    >>> b = Board("russian", "W:WKg1,c1:BKd8,f8")
    >>> for t in ["g1-h2", "d8-e7", "c1-d2"]:
    ...     _ = b.push_text(t)
    >>> _plies_since_material_change(b)
    3
    """
    n = 0
    for m in reversed(board.move_stack):
        if m.is_capture or m.promotion:  # as shashki.draws.Snapshot.material_changed
            break
        n += 1
    return n


class Engine:
    """A searching engine for one variant, with its own transposition table.

    ``hash_mb`` sizes the transposition table; ``level`` is a name of :data:`LEVELS` or
    a :class:`Level`. The engine can be stopped from another thread with :meth:`stop`.

    >>> from shashki import Board
    >>> engine = Engine("russian", hash_mb=1, seed=1)
    >>> board = Board("russian", "W:Wc3:Bd4,f6")
    >>> board.move_text(engine.play(board, Limit(depth=3)))
    'c3:g7'
    """

    def __init__(self, variant: str | Variant = "russian", hash_mb: int = 64,
                 level: str | Level = "full", weights: dict[str, Any] | None = None,
                 seed: int | None = None, version: str | None = None,
                 patterns: Any = None, network: Any = None, ruleset: str | None = None) -> None:
        self.variant = as_variant(variant)
        self._ruleset = ruleset
        self.hash_mb = hash_mb
        self.version = check_version(version)
        self._weights = weights
        self._patterns = patterns
        self._network = network
        self._rng = random.Random(seed)
        self._seed = self._rng.getrandbits(31)
        self._stop = threading.Event()
        self._soft_at: float | None = None
        self._hard_at: float | None = None
        self._lock = threading.Lock()
        self.params = S.default_params(self.version)
        self.lmr = S.lmr_table(divisor=S.lmr_divisor(self.version))
        self.zob = S.zobrist_table()
        self.book: Book | None = None
        self.book_margin = 0
        self._alloc(hash_mb)
        self.level = level_by_name(level)
        self._configure()

    # --- set-up ---------------------------------------------------------------------

    def _alloc(self, hash_mb: int) -> None:
        if not 1 <= hash_mb <= MAX_HASH_MB:
            raise EngineError(f"hash size must be 1 to {MAX_HASH_MB} MB, got {hash_mb}")
        entries = hash_mb * (1 << 20) // 16
        size = 4
        while size * 2 <= entries:
            size *= 2
        self.tt = np.zeros((size, 2), dtype=np.uint64)
        mp = S.MAX_PLY + 1
        self.ps = np.zeros((mp, 4), dtype=np.uint64)
        self.fr = np.zeros((mp, S.NF), dtype=np.int64)
        self.mq = np.zeros((mp, S.MAX_MOVES), dtype=np.uint64)
        self.mc = np.zeros((mp, S.MAX_MOVES), dtype=np.uint64)
        self.ms = np.zeros((mp, S.MAX_MOVES), dtype=np.int64)
        self.pvm = np.zeros((mp, mp), dtype=np.uint64)
        self.pvc = np.zeros((mp, mp), dtype=np.uint64)
        self.pvl = np.zeros(mp, dtype=np.int64)
        self.hist = np.zeros((2, 64, 64), dtype=np.int64)
        self.killers = np.zeros((mp, 2), dtype=np.uint64)
        self.ctl = np.zeros(S.NC, dtype=np.int64)
        self.keys = np.zeros(S.MAX_PLY + 2, dtype=np.uint64)  # each search makes its own
        self.gmv, self.path, self.cx, self.cnt, self.fu, self.fi = (
            x[0] if i == 0 else x for i, x in enumerate(K.buffers(0)))
        self._gen = 0

    def _configure(self) -> None:
        v = self.variant
        self.geo, self.rules = v.kernel_arrays()
        weights, patterns, network = self._weights, self._patterns, self._network
        # the shipped evaluation: the model and the lone-king table (an evaluation given
        # in their place, or a fixed version, has neither)
        shipped = (weights is None and patterns is None and network is None
                   and self.version == CURRENT)
        if shipped:
            model = model_for(v.name)
            if model is not None:
                weights, patterns, network = model.weights, model.patterns, model.network
        (self.ew, self.et, self.em, self.cone, self.pw, self.psh, self.t3,
         self.net) = eval_arrays(v, weights, patterns=patterns, network=network)
        assert self.ew.shape[0] == EW_SIZE
        self.nbuf = np.zeros((1, max(1, self.net.shape[1])), dtype=np.float32)  # a leaf's
        self.kt = engine_table(v.name) if shipped else NO_KINGS
        self.ew[W_NOISE] = self.level.noise
        self.ew[W_SEED] = self._seed
        self.params[S.P_GOAL] = 1 if v.goal is Goal.GIVEAWAY else 0
        # giveaway keeps the search of 2026-12-01: the threat check, Scan's reductions and
        # the PV table cuts lost there (-75 ± 35 together; docs/engine.md, measured choices)
        default = S.default_params(self.version)
        for p in (S.P_QS_THREAT, S.P_LMR_STYLE, S.P_TT_PV):
            self.params[p] = 0 if v.goal is Goal.GIVEAWAY else default[p]
        self.params[S.P_DRAW_PLIES] = DRAW_PLIES.get(v.name, 0)
        self.set_ruleset(self._ruleset)
        self.eg = EMPTY
        self.params[S.P_EG_PIECES] = 0

    def set_param(self, name: str, value: int) -> None:
        """Set a search parameter by its name in :data:`SEARCH_PARAMS` (what engine specs
        and scoring recipes name).

        >>> e = Engine("russian", hash_mb=1)
        >>> e.set_param("lmr", 0)
        >>> e.set_param("lmr_speed", 1)
        Traceback (most recent call last):
            ...
        shashki.engine.engine.EngineError: unknown search parameter 'lmr_speed'
        """
        if name not in SEARCH_PARAMS:
            raise EngineError(f"unknown search parameter {name!r}")
        self.params[SEARCH_PARAMS[name]] = value

    def set_ruleset(self, name: str | None) -> None:
        """Search under the draw rules ``name`` of the variant (:data:`shashki.draws.RULESETS`;
        None: the variant's default, the Code's on 8x8), from the next search on: their
        counts of kings' moves (Code 1.9.1.6, CBD 16, FMJD 6.2) and of the balance of
        forces (Code 1.9.1.3-1.9.1.4, FMJD 6.3-6.4; :mod:`shashki.engine.rulecount`).

        >>> e = Engine("brazilian", hash_mb=1)
        >>> e.set_ruleset("cbd")
        >>> e.set_ruleset("fide")
        Traceback (most recent call last):
            ...
        shashki.draws.UnknownRuleset: unknown ruleset 'fide' for brazilian; known: code-2004, cbd
        """
        code = ruleset_code(draw_ruleset(self.variant.name, name))
        self._ruleset = name
        self.params[S.P_RULESET], self.params[S.P_RULES_PLIES] = code

    def set_level(self, level: str | Level) -> None:
        """Play at another strength from the next search on."""
        self.level = level_by_name(level)
        self.ew[W_NOISE] = self.level.noise

    def set_variant(self, variant: str | Variant) -> None:
        """Switch to another variant (clears the tables; its default draw rules)."""
        self.variant = as_variant(variant)
        self._ruleset = None
        if self.book is not None and self.book.variant != self.variant.name:
            self.book = None
        self._configure()
        self.new_game()

    def set_book(self, book: Book | None, margin: int = 0) -> None:
        """Play ``book``'s moves where it has the position (:meth:`book_move`), one
        drawn among those within ``margin`` hundredths of the best (0: the best); None:
        none. Changing the variant drops a book of another."""
        if book is not None and book.variant != self.variant.name:
            raise EngineError(f"the book is for {book.variant}, the engine plays "
                              f"{self.variant.name}")
        self.book = book
        self.book_margin = margin

    def book_move(self, board: Board, level: Level | None = None) -> Move | None:
        """The book's move in ``board``, or None: no book, the position is not in it,
        or the level (the engine's by default) plays with noise or blunders, whose
        openings a book would make stronger than the rest of its game."""
        lv = level or self.level
        if self.book is None or lv.noise or lv.blunder:
            return None
        return self.book.choose(board, self._rng if self.book_margin else None,
                                self.book_margin)

    def set_egdb(self, db: Any) -> None:
        """Score positions covered by the endgame database ``db`` (a
        :class:`shashki.engine.egdb.Database` of this variant) from its tables; None
        turns probing off. Changing the variant turns it off too."""
        if db is not None and db.variant != self.variant:
            raise EngineError(f"the database is for {db.variant.name}, the engine plays "
                              f"{self.variant.name}")
        self.eg = EMPTY if db is None else db.eg
        self.params[S.P_EG_PIECES] = 0 if db is None else db.pieces

    def set_lone_king(self, table: Any) -> None:
        """Score three kings against a lone king by ``table``
        (:mod:`shashki.engine.lone_king`); None: by the hand-set bonus alone. The engine
        takes the variant's shipped table with its shipped model (not with weights,
        patterns or a network given in their place); changing the variant restores it."""
        self.kt = NO_KINGS if table is None else table

    def set_hash(self, hash_mb: int) -> None:
        """Resize the transposition table (clears it)."""
        self.hash_mb = hash_mb
        self._alloc(hash_mb)

    def new_game(self) -> None:
        """Forget the previous searches: transposition table, killers, history."""
        self.tt[:] = 0
        self.hist[:] = 0
        self.killers[:] = 0
        self._seed = self._rng.getrandbits(31)
        self.ew[W_SEED] = self._seed

    def stop(self) -> None:
        """Ask a running search to finish now (safe from another thread)."""
        self._stop.set()
        self.ctl[S.C_STOP] = 1

    def limit_from_now(self, bud: Budget) -> None:
        """Give a running search the times of ``bud``, counted from now (ponder-hit)."""
        now = time.perf_counter()
        self._soft_at = now + bud.soft if bud.soft is not None else None
        self._hard_at = now + bud.hard if bud.hard is not None else None

    # --- searching ------------------------------------------------------------------

    def analyse(self, board: Board, depth: int | None = None, time: float | None = None,
                nodes: int | None = None, callback: Callback | None = None,
                limit: Limit | None = None) -> Analysis:
        """Search ``board`` to the given depth, time (seconds) or nodes and report.

        ``callback`` receives an :class:`Analysis` after every iteration. With no limit
        at all the search runs until :meth:`stop` or the maximum depth.
        """
        lim = limit if limit is not None else Limit(depth=depth, nodes=nodes, time=time)
        return self._search(board, budget(lim), callback)

    def lines(self, board: Board, count: int = 3, depth: int = 8,
              callback: Callable[[list[Analysis]], None] | None = None,
              start: int = 2) -> list[Analysis]:
        """The ``count`` best lines of ``board`` (multi-PV), best first, to ``depth`` plies.

        Each root move is searched on its own (the position after it, one ply less, the
        score turned to the side to move here): a line per move, every one to the same
        depth, so their scores compare. Deepening two plies at a time from depth 2, the
        transposition table carrying over (``start`` is the first depth: a caller that
        deepens step by step asks for one depth a call); ``callback`` gets the lines after
        each depth.
        A forced move gives one line.

        >>> from shashki import Board
        >>> board = Board("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8")
        >>> lines = Engine("russian", hash_mb=4).lines(board, 2, 8)
        >>> len(lines), str(lines[0].score), lines[0].pv_text(board)[:3]
        (2, '#5', ['c3-d4', 'e5:c3', 'b2:d8'])
        """
        moves = board.legal_moves
        out: list[Analysis] = []
        start = max(1, min(start, depth))
        for d in range(start, depth + 1, 2) if start < depth else [depth]:
            found = []
            for mv in moves:
                child = board.copy()
                child.push(mv)
                if not child.legal_moves:  # the move wins at once (no move left to Black)
                    found.append(Analysis([mv], Score(S.MATE - 1), d, 1, 0, 0.0))
                    continue
                a = self.analyse(child, depth=max(1, d - 1))
                v = -a.score.value
                if abs(v) > S.MATE_BOUND:  # a forced result is one ply further from here
                    v -= 1 if v > 0 else -1
                found.append(Analysis([mv, *a.pv], Score(v), d, a.seldepth + 1,
                                      a.nodes, a.time, a.hashfull, a.complete, a.mean_depth))
                if self._stop.is_set():
                    break
            if self._stop.is_set() and out:
                break
            found.sort(key=lambda a: -a.score.value)
            out = found[:count]
            if callback is not None:
                callback(out)
            if len(moves) <= 1:
                break
        return out

    def play(self, board: Board, limit: Limit | Level | str | None = None,
             callback: Callback | None = None) -> Move:
        """The move the engine plays in ``board`` at its level within ``limit``.

        ``limit`` may be a :class:`Limit`, a :class:`Level` (or its name) to play at that
        strength, or None for the engine's level alone. Without any cap on depth, nodes
        or time from either, the move gets :data:`DEFAULT_MOVE_TIME` seconds. A single
        legal move is played at once, and so is a move of the book (:meth:`set_book`).
        """
        level = self.level
        lim: Limit
        if isinstance(limit, (Level, str)):
            level = level_by_name(limit)
            lim = Limit()
        else:
            lim = limit if limit is not None else Limit()
        moves = board.legal_moves
        if not moves:
            raise EngineError(f"no legal move in {board.fen()}: the game is over")
        if len(moves) == 1:
            return moves[0]
        if level.blunder and self._rng.random() < level.blunder:
            return self._rng.choice(moves)
        known = self.book_move(board, level)
        if known is not None:
            return known
        b = budget(lim)
        b = Budget(
            min(b.depth, level.depth or MAX_DEPTH),
            _min_opt(b.nodes, level.nodes),
            _min_opt(b.soft, level.time),
            _min_opt(b.hard, level.time),
        )
        if b.depth == MAX_DEPTH and b.nodes is None and b.hard is None:
            t = budget(Limit(time=DEFAULT_MOVE_TIME))
            b = Budget(b.depth, None, t.soft, t.hard)
        saved = self.ew[W_NOISE]
        self.ew[W_NOISE] = level.noise
        try:
            info = self._search(board, b, callback)
        finally:
            self.ew[W_NOISE] = saved
        if info.bestmove is None:  # cut off before the first iteration finished
            return moves[0]
        return info.bestmove

    def _root(self, board: Board) -> _Root:
        if board.variant != self.variant:
            raise EngineError(f"this engine plays {self.variant.name}, the board is "
                              f"{board.variant.name}")
        w, b, k, t = board.position
        root = _Root(w, b, k, t)
        # positions since the last irreversible move, for repetitions
        states = board._stack
        g = self.variant.geometry
        keys: list[int] = []
        for i in range(len(board.move_stack) - 1, -1, -1):
            m = board.move_stack[i]
            sw, sb, sk, st, _ = states[i]
            if m.is_capture or not (sk >> g.bit(m.start)) & 1:
                break
            keys.append(int(S.position_key(U64(sw), U64(sb), U64(sk), st, self.zob)))
        keys.reverse()
        root.history = keys
        root.rev = len(keys)
        root.mat = _plies_since_material_change(board)
        return root

    def compile(self) -> None:
        """Compile the kernels this engine's searches call (or load them from numba's
        cache), without searching: the move generator (the board's moves, the principal
        variation's text) and the search with its evaluation, for the types of this
        engine's arrays — which every variant shares, so one compile serves them all.

        Every search calls it before it starts its clock: on a fresh installation the
        compiling (tens of seconds) never counts in a time limit, and on a warm cache
        neither does numba's lazy loading of the cached code (a few tenths of a second at
        a process's first search). A match calls it before a game's clocks start. Once
        compiled it costs a look-up of the signatures."""
        from shashki.rules.bits import compile_for
        from shashki.rules.movegen import compile_moves

        compile_moves(self.variant)
        compile_for(S.position_key, U64(0), U64(0), U64(0), 0, self.zob)
        compile_for(S.run, *self._run_args())
        compile_for(S.tt_hashfull, self.tt, self._gen)

    def _run_args(self) -> tuple[Any, ...]:
        """The arguments of :func:`search.run`, in its order."""
        return (self.ps, self.fr, self.mq, self.mc, self.ms, self.keys, self.pvm, self.pvc,
                self.pvl, self.tt, self.hist, self.killers, self.ctl, self.params,
                self.lmr, self.geo, self.rules, self.zob, self.ew, self.et,
                self.em, self.cone, self.pw, self.psh, self.t3, self.net,
                self.nbuf, self.kt, self.eg, self.gmv, self.path, self.cx,
                self.cnt, self.fu, self.fi)

    def _search(self, board: Board, bud: Budget, callback: Callback | None) -> Analysis:
        with self._lock:
            self._stop.clear()
            self.ctl[S.C_STOP] = 0
            self.compile()  # before the clock starts (docs/engine.md, "First use")
            return self._iterate_all(board, bud, callback)

    def _iterate_all(self, board: Board, bud: Budget, callback: Callback | None) -> Analysis:
        root = self._root(board)
        t0 = time.perf_counter()
        self._soft_at = t0 + bud.soft if bud.soft is not None else None
        self._hard_at = t0 + bud.hard if bud.hard is not None else None
        self._gen = (self._gen + 1) & 0xFF
        self.hist //= 8
        self.killers[:] = 0
        ctl = self.ctl
        ctl[:] = 0
        ctl[S.C_GEN] = self._gen
        koff = len(root.history)
        ctl[S.C_KOFF] = koff
        self.keys = np.zeros(koff + S.MAX_PLY + 2, dtype=np.uint64)
        for i, key in enumerate(root.history):
            self.keys[i] = key
        own, opp = (root.white, root.black) if root.turn == 0 else (root.black, root.white)
        rkey = S.position_key(U64(root.white), U64(root.black), U64(root.kings), root.turn,
                              self.zob)
        self.keys[koff] = rkey
        self._rootpos = (U64(own), U64(opp), U64(root.kings), rkey)
        self._rootrev = root.rev
        self._rootmat = root.mat
        self._rootside = root.turn
        self._rate = 0.0  # nodes a second of the last slice (0: none yet)
        # iterations are kept raw (_Snap); their moves are read out only for a callback
        # and the result, not for every iteration a short search throws away
        best: _Snap | None = None
        prev = 0
        reached = 0
        for depth in range(1, bud.depth + 1):
            delta = 30
            ctl[S.C_LEAVES] = 0
            ctl[S.C_LEAFPLY] = 0
            if depth >= 4 and best is not None and abs(prev) < S.MATE_BOUND:
                alpha, beta = prev - delta, prev + delta
            else:
                alpha, beta = -S.INF, S.INF
            if best is not None and len(best.pvm):
                # the kernel searches it first (``P_TT_MOVE``)
                ctl[S.C_ROOT_Q] = np.int64(best.pvm[0].view(np.int64))
                ctl[S.C_ROOT_C] = np.int64(best.pvc[0].view(np.int64))
            while True:
                status = self._one(depth, alpha, beta, bud.nodes)
                if status == S.S_DONE or self.fr[0, S.F_CNT] > 0:
                    reached = depth  # a window searched, or its first move
                if status != S.S_DONE:
                    break
                score = int(ctl[S.C_RET])
                if score <= alpha and alpha > -S.INF:
                    alpha = max(score - delta, -S.INF)
                    delta *= 2
                elif score >= beta and beta < S.INF:
                    beta = min(score + delta, S.INF)
                    delta *= 2
                else:
                    break
            elapsed = time.perf_counter() - t0
            if status != S.S_DONE:
                if self.pvl[0] > 0 and best is not None:
                    partial = self._snap(int(ctl[S.C_ROOT_BEST]), depth - 1, elapsed,
                                         complete=False)
                    if partial.first() != best.first():
                        best = partial
                        if callback is not None:
                            callback(best.analysis(self, board))
                elif best is None and self.pvl[0] > 0:
                    best = self._snap(int(ctl[S.C_ROOT_BEST]), 0, elapsed, complete=False)
                break
            prev = score
            best = self._snap(score, depth, elapsed)
            if callback is not None:
                callback(best.analysis(self, board))
            if self._soft_at is not None and time.perf_counter() >= self._soft_at:
                break
            if bud.nodes is not None and int(ctl[S.C_NODES]) >= bud.nodes:
                break
            if abs(score) > S.MATE_BOUND and depth > S.MATE - abs(score) + 2:
                break  # a forced result, proven at every depth since
            if self._stop.is_set():
                break
        if best is None:
            out = Analysis([], Score(0), 0, 0, int(ctl[S.C_NODES]),
                           time.perf_counter() - t0, complete=False)
        else:
            out = best.analysis(self, board)
        out.nodes = int(ctl[S.C_NODES])
        out.time = time.perf_counter() - t0
        out.reached = reached  # every finished iteration set it too
        return out

    def _one(self, depth: int, alpha: int, beta: int, node_limit: int | None) -> int:
        """Run one iteration (one root window) in slices; return its status."""
        ps, fr, ctl = self.ps, self.fr, self.ctl
        own, opp, kings, key = self._rootpos
        ps[0, 0], ps[0, 1], ps[0, 2], ps[0, 3] = own, opp, kings, key
        fr[0, S.F_ALPHA] = alpha
        fr[0, S.F_BETA] = beta
        fr[0, S.F_DEPTH] = depth
        fr[0, S.F_REV] = self._rootrev
        fr[0, S.F_MAT] = self._rootmat
        fr[0, S.F_SIDE] = self._rootside
        fr[0, S.F_PRUNE] = 1
        fr[0, S.F_CNT] = 0  # root moves searched in this window (Analysis.reached)
        ctl[S.C_PLY] = 0
        ctl[S.C_MODE] = S.M_ENTER
        ctl[S.C_SELDEPTH] = 0
        ctl[S.C_ROOT_BEST] = -S.INF
        while True:
            nodes = int(ctl[S.C_NODES])
            if node_limit is not None and nodes >= node_limit:
                return S.S_ABORTED
            # aim at ~10 ms a slice; the last one ends at the deadline, not up to 10 ms
            # after it
            step = 5_000
            hard = self._hard_at
            if self._rate > 0:
                step = int(min(max(self._rate * 0.01, 1_000), 500_000))
                if hard is not None:
                    step = min(step, max(int((hard - time.perf_counter()) * self._rate), 100))
            end = nodes + step
            if node_limit is not None:
                end = min(end, node_limit)
            ctl[S.C_SLICE_END] = end
            t = time.perf_counter()
            status = S.run(*self._run_args())
            now = time.perf_counter()
            if status != S.S_PAUSED:
                return int(status)
            spent = now - t
            if spent > 0:
                self._rate = (int(ctl[S.C_NODES]) - nodes) / spent
            if self._stop.is_set():
                return S.S_ABORTED
            if hard is not None and now >= hard:
                return S.S_ABORTED

    def _snap(self, score: int, depth: int, elapsed: float, complete: bool = True) -> _Snap:
        n = int(self.pvl[0])
        leaves = int(self.ctl[S.C_LEAVES])
        mean = int(self.ctl[S.C_LEAFPLY]) / leaves if leaves else 0.0
        return _Snap(self.pvm[0, :n].copy(), self.pvc[0, :n].copy(), score, depth,
                     int(self.ctl[S.C_SELDEPTH]), int(self.ctl[S.C_NODES]), elapsed,
                     int(S.tt_hashfull(self.tt, self._gen)), complete, mean)

    def _pv_moves(self, board: Board, pvm: Any, pvc: Any) -> list[Move]:
        """A principal variation of the kernel as legal :class:`Move` s of ``board``."""
        g = self.variant.geometry
        b2s = g.bit_to_square
        b = board.copy(stack=False)
        out: list[Move] = []
        for j in range(len(pvm)):
            q = int(pvm[j])
            cap = int(pvc[j])
            frm, to = b2s[q & 0xFF], b2s[(q >> 8) & 0xFF]
            caps = frozenset(g.squares_of(cap))
            found = None
            for m in b.legal_moves:
                if m.start == frm and m.end == to and m.captured == caps:
                    found = m
                    break
            if found is None:  # cannot happen with a correct kernel; stop the line
                break
            out.append(found)
            b.push(found)
        return out


@dataclass
class _Snap:
    """One iteration's result as the kernel left it (the PV as move codes)."""

    pvm: Any
    pvc: Any
    score: int
    depth: int
    seldepth: int
    nodes: int
    elapsed: float
    hashfull: int
    complete: bool
    mean: float
    _done: Analysis | None = None

    def first(self) -> tuple[int, int] | None:
        return (int(self.pvm[0]), int(self.pvc[0])) if len(self.pvm) else None

    def analysis(self, engine: Engine, board: Board) -> Analysis:
        if self._done is None:
            self._done = Analysis(engine._pv_moves(board, self.pvm, self.pvc),
                                  Score(self.score), self.depth, self.seldepth, self.nodes,
                                  self.elapsed, self.hashfull, self.complete, self.mean)
        return self._done


def _min_opt(a: Any, b: Any) -> Any:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


