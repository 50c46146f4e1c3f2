"""Engine matches: ``shashki match ENGINE_A ENGINE_B``.

Every opening is played twice, A with White and then A with Black. Russian and Brazilian
openings are drawn without replacement (seeded) from the official ballot tables of
:mod:`shashki.openings` (FMJD Drawing Table 64, 736 Russian / 725 Brazilian
entries; ``--openings idf-150`` for the IDF basic positions). No official 10x10 ballot
list exists (ballots README) and no published 10x10 opening set for engine matches was
found (docs/engine.md), so International and giveaway openings follow a documented random
procedure: from the initial position two moves of each side (4 plies) are drawn uniformly
from the legal moves with the match's seed, and the result is kept only if it is balanced
(:func:`balanced`: equal men and kings, and no capture pending for either side) and not
drawn before; otherwise it is drawn again.

Games are conducted by :class:`shashki.game.Game`: the rules end them (no pieces, no
moves) and so do the variant's draw rules (:mod:`shashki.draws`, threefold repetition
declared at once); a clock flag falling loses (Code 1.8.1). Each side has its own clock,
so that handicap matches (``odds=0.5``: half the time) are possible. Time controls:
a game clock of :class:`shashki.clock.TimeControl` (sudden death, stages, increment),
a fixed time per move, fixed nodes or a fixed depth.

An engine is written as

* ``shashki[@VERSION][:LEVEL][,name=value...]`` — shashki's own engine in this process at
  a level (``full`` … ``beginner``), the current version or ``shashki@baseline-2026-12``
  (the fixed baseline, :data:`shashki.engine.engine.VERSIONS`); ``hash=MB``, ``seed=N``,
  search parameters (``lmr=0``, ``prune=0`` …, :data:`SEARCH_PARAMS`), the reduction
  table (``lmr_base=``, ``lmr_div=``), an evaluation (``model=FILE``, a learned model
  file; ``model=none``, the hand-set weights), an endgame database (``egdb=auto``: the
  one ``shashki egdb build`` made in the default directory, if any; ``egdb=DIR``; the
  default ``off``), the lone-king table (``lone_king=off`` or ``=FILE``,
  :mod:`shashki.engine.lone_king`), the shipped opening book (``book=on``; the default
  ``off``, :mod:`shashki.engine.book`) and own fixed limits ``depth=``, ``nodes=``,
  ``movetime=`` (seconds);
* ``hub:COMMAND[,name=value...]`` — an external engine over Hub
  (:class:`~shashki.engine.hubclient.HubClient`), e.g. ``hub:dame hub`` or
  ``hub:scan hub``; other ``name=value`` pairs are sent as ``set-param``;
* ``dxp:HOST:PORT`` — an engine behind a DXP server (:mod:`shashki.engine.dxp`; 10x10);
* ``py-draughts[:simple|turbo][,depth=N]`` — py-draughts' built-in engine driven in
  this process (``turbo`` = its TurboEngine, 10x10 only, the default on 10x10;
  ``simple`` = its SimpleEngine, every board, the default on 8x8);
* ``random[,seed=N]`` — a uniformly random mover.

Every engine also takes ``odds=F`` (its share of the time, nodes or depth; 0.5 = half)
and ``label=TEXT`` (its name in the records).

The result is scored 1, ½, 0 per game; the Elo difference follows from the score
fraction and its 95 % margin from the spread of the game scores (:func:`elo`).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from shashki.board import Board
from shashki.clock import TimeControl
from shashki.color import BLACK, WHITE, Color
from shashki.engine.book import book_for
from shashki.engine.dxp import DxpPlayer
from shashki.engine.egdb import EgdbError, for_engine
from shashki.engine.engine import Engine, EngineError
from shashki.engine.evaluate import weight_table, weights_for
from shashki.engine.limits import Limit, budget, check_depth
from shashki.engine.lone_king import load as load_lone_king
from shashki.engine.model import load_model, same_board
from shashki.engine.players import (
    KINDS,
    SEARCH_PARAMS,
    ClaimsGameOver,
    Control,
    EngineSpec,
    MatchError,
    Player,
    SideClock,
    parse_spec,
)
from shashki.engine.sprt import Sprt, elo, mean_and_margin
from shashki.errors import ShashkiError
from shashki.game import Game, Kind
from shashki.move import Move
from shashki.rules import Goal, Variant, variant_by_name

BALLOT_TABLES = {"russian": "fmjd-russian", "brazilian": "fmjd-brazilian"}
"""Default ballot table per variant; other variants use random openings."""

RANDOM_PLIES = 4
"""Plies of a random opening (two moves of each side)."""
STALE_TRIES = 10_000
"""Draws without a new random opening after which the drawn ones repeat."""
MAX_GAMES = 100_000
"""The longest match (a bigger number is surely a typing error)."""
MAX_CONCURRENCY = 64
"""Most games played at once (worker processes)."""
MAX_PLIES = 1000
"""A game still running after this many plies is adjudicated a draw (the draw rules end
every real game long before)."""


def _weights_file(path: Path, variant: str) -> dict[str, Any]:
    """Hand-set evaluation weights from a JSON file laid out as ``weights.json``
    (``{variant: {...}}``, e.g. ``python -m shashki.engine.tune --out FILE``): its entries
    over the package's."""
    import json

    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise MatchError(f"weights file {path}: {e}") from None
    if not isinstance(table, dict):
        raise MatchError(f"weights file {path}: not a table of variants")
    try:
        return weights_for(variant, {**weight_table(), **table})
    except (KeyError, TypeError, ValueError) as e:
        raise MatchError(f"weights file {path}: {e}") from None


def _model_of(spec: EngineSpec, variant: str) -> tuple[Any, Any, Any]:
    """The weights, patterns and network a ``model=`` parameter names (all None without
    one: the engine's own): a learned model (.npz), a weights file (.json, hand-set weights) or
    ``none`` (the package's hand-set weights)."""
    name = spec.param("model")
    if name is None:
        return None, None, None
    if name.lower() == "none":
        return weights_for(variant), None, None
    if name.lower().endswith(".json"):
        return _weights_file(Path(name), variant), None, None
    model = load_model(Path(name))
    if variant_by_name(model.variant).geometry != variant_by_name(variant).geometry:
        raise MatchError(f"the model {name} is for {model.variant}, not {variant}")
    return model.weights, model.patterns, model.network


def _lone_king_file(path: Path, variant: str) -> Any:
    """The table of a ``lone_king=FILE`` parameter (:mod:`shashki.engine.lone_king`)."""
    table, meta = load_lone_king(path)
    if not same_board(variant, meta["variant"]):
        raise MatchError(f"the lone-king table {path} is for {meta['variant']}, not "
                         f"{variant_by_name(variant).name}")
    return table


class ShashkiPlayer(Player):
    """shashki's own engine in this process."""

    def __init__(self, spec: EngineSpec, variant: str) -> None:
        super().__init__(spec)
        weights, patterns, network = _model_of(spec, variant)
        try:
            self.engine = Engine(variant, hash_mb=int(float(spec.param("hash", "64") or 64)),
                                 level=spec.arg or "full",
                                 seed=int(float(spec.param("seed", "1") or 1)),
                                 version=spec.version or None, weights=weights,
                                 patterns=patterns, network=network)
        except ShashkiError:
            raise
        except ValueError as e:  # e.g. no evaluation weights for the variant
            raise MatchError(f"shashki's engine cannot play {variant}: {e}") from None
        from shashki.engine import search as S

        for k, v in spec.params:
            if k in SEARCH_PARAMS:
                self.engine.set_param(k, int(float(v)))
        if spec.param("lmr_base") is not None or spec.param("lmr_div") is not None:
            self.engine.lmr = S.lmr_table(
                float(spec.param("lmr_base") or 0.5),
                float(spec.param("lmr_div") or S.lmr_divisor(self.engine.version)))
        lone = spec.param("lone_king")
        if lone is not None:
            self.engine.set_lone_king(None if lone.lower() == "off" else _lone_king_file(
                Path(lone), variant))
        own = {k: spec.param(k) for k in ("depth", "nodes", "movetime")}
        self.own: Limit | None = None
        if any(v is not None for v in own.values()):
            self.own = Limit(
                depth=int(float(own["depth"])) if own["depth"] is not None else None,
                nodes=int(float(own["nodes"])) if own["nodes"] is not None else None,
                time=float(own["movetime"]) if own["movetime"] is not None else None)
        self._tables_for(self.engine.variant)

    def _tables_for(self, variant: Variant) -> None:
        """Probe the endgame database ``egdb=`` names, if it covers ``variant``, and play
        from the shipped opening book with ``book=on`` (off by default: the matches
        recorded before the book played without one)."""
        try:
            db = for_engine(variant, self.spec.param("egdb", "off") or "off")
        except EgdbError as e:
            raise MatchError(f"engine {self.spec.text!r}: {e}") from None
        self.engine.set_egdb(db)
        on = (self.spec.param("book", "off") or "off").lower() == "on"
        self.engine.set_book(book_for(variant.name) if on else None)

    def new_game(self, board: Board, color: Color, control: Control) -> None:
        if board.variant != self.engine.variant:
            self.engine.set_variant(board.variant)
            self._tables_for(self.engine.variant)
        self.engine.new_game()
        self.engine.compile()  # before the game's clocks start: compiling is not thinking

    def set_ruleset(self, name: str | None) -> None:
        self.engine.set_ruleset(name)

    def move(self, board: Board, limit: Limit) -> Move:
        return self.engine.play(board, self.own if self.own is not None else limit)


class RandomPlayer(Player):
    """Plays a uniformly random legal move."""

    def __init__(self, spec: EngineSpec) -> None:
        super().__init__(spec)
        self.rng = random.Random(int(float(spec.param("seed", "1") or 1)))

    def move(self, board: Board, limit: Limit) -> Move:
        return self.rng.choice(board.legal_moves)


class HubPlayer(Player):
    """An external Hub engine (:class:`~shashki.engine.hubclient.HubClient`)."""

    def __init__(self, spec: EngineSpec, variant: str) -> None:
        super().__init__(spec)
        from shashki.engine.hubclient import HubClient

        self.client = HubClient(spec.arg, variant=variant, params=dict(spec.params))

    @property
    def label(self) -> str:
        return self.spec.label or self.client.name

    def new_game(self, board: Board, color: Color, control: Control) -> None:
        if board.variant != self.client.variant:
            raise MatchError(f"the Hub engine was started for {self.client.variant.name}")
        self.client.new_game()

    def move(self, board: Board, limit: Limit) -> Move:
        from shashki.engine.hubclient import HubNoMove

        try:
            return self.client.go(board, limit).move
        except HubNoMove as e:
            raise ClaimsGameOver(str(e)) from None

    def close(self) -> None:
        self.client.close()


def _py_draughts(module: str) -> Any:
    """A module of py-draughts, with its logging silenced."""
    import importlib

    try:
        from loguru import logger

        logger.disable("draughts")
    except ImportError:
        pass
    try:
        return importlib.import_module(module)
    except Exception as e:  # pragma: no cover - depends on the installation
        raise MatchError(f"py-draughts cannot be imported ({module}): {e}") from None


class PyDraughtsPlayer(Player):
    """py-draughts' own engine, driven in this process (its Hub client is not used).

    Its board is kept in step with the game move by move (so that its repetition
    history is right); moves are matched by (start, end, captured squares) — py-draughts
    numbers squares from 0 in the same order as PDN.
    """

    BOARDS: ClassVar[dict[str, str]] = {
        "russian": "draughts.boards.russian", "brazilian": "draughts.boards.brazilian",
        "international": "draughts.boards.standard"}

    def __init__(self, spec: EngineSpec, variant: str) -> None:
        super().__init__(spec)
        if variant not in self.BOARDS:
            raise MatchError(f"py-draughts does not play {variant}")
        which = spec.arg or ("turbo" if variant == "international" else "simple")
        if which == "turbo" and variant != "international":
            raise MatchError("py-draughts' TurboEngine plays International only")
        self.board_class = _py_draughts(self.BOARDS[variant]).Board
        if which == "turbo":
            self.engine = _py_draughts("draughts.engines.turbo").TurboEngine()
        else:
            self.engine = _py_draughts("draughts.engines.simple").SimpleEngine()
        self.which = which
        depth = spec.param("depth")
        self.max_depth = int(float(depth)) if depth is not None else 64
        self._board: Any = None
        self._synced: list[Move] = []
        self._start = ""

    @property
    def label(self) -> str:
        return self.spec.label or f"py-draughts {self.which}"

    def new_game(self, board: Board, color: Color, control: Control) -> None:
        if control.clock is None and control.move_time is None and control.depth is None:
            raise MatchError("py-draughts' engines take a time or a depth, not a node count")
        self._board = None
        self._synced = []

    @staticmethod
    def _key(m: Any) -> tuple[int, int, frozenset[int]]:
        return (m.square_list[0] + 1, m.square_list[-1] + 1,
                frozenset(c + 1 for c in m.captured_list))

    def _sync(self, board: Board) -> Any:
        start = board.copy()
        while start.move_stack:
            start.pop()
        stack = board.move_stack
        if (self._board is None or start.fen() != self._start
                or stack[:len(self._synced)] != self._synced):
            self._start = start.fen()
            self._board = self.board_class.from_fen(self._start)
            self._synced = []
        for m in stack[len(self._synced):]:
            key = (m.start, m.end, m.captured)
            found = [pm for pm in self._board.legal_moves if self._key(pm) == key]
            if not found:
                raise MatchError(f"py-draughts has no move {m.numeric(full=True)}")
            self._board.push(found[0])
            self._synced.append(m)
        return self._board

    def move(self, board: Board, limit: Limit) -> Move:
        pd = self._sync(board)
        b = budget(limit)
        self.engine.time_limit = b.soft if b.soft is not None else None
        self.engine.depth_limit = min(limit.depth or self.max_depth, self.max_depth)
        pm = self.engine.get_best_move(pd)
        key = self._key(pm)
        for m in board.legal_moves:
            if (m.start, m.end, m.captured) == key:
                return m
        raise MatchError(f"py-draughts played {pm}, which is not legal in {board.fen()}")


def make_player(spec: EngineSpec | str, variant: str) -> Player:
    """The player of an engine spec for ``variant`` (starting its process, if any)."""
    s = parse_spec(spec) if isinstance(spec, str) else spec
    if s.kind == "shashki":
        return ShashkiPlayer(s, variant)
    if s.kind == "hub":
        return HubPlayer(s, variant)
    if s.kind == "py-draughts":
        return PyDraughtsPlayer(s, variant)
    if s.kind == "dxp":
        return DxpPlayer(s, variant)
    return RandomPlayer(s)


# --- openings -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """A start position: its code (ballot code or ``R<n>``), moves and FEN."""

    code: str
    moves: str
    fen: str

    def name(self) -> str:
        return f"{self.code} {self.moves}".strip()


def openings(variant: str, count: int, seed: int = 1, table: str | None = None) -> list[Opening]:
    """``count`` openings for ``variant`` (module docstring), reproducible from ``seed``.

    >>> [o.name() for o in openings("russian", 2, seed=1)]
    ['24-XIII f2-a5 d8-f4', '34-XV a3-h4 b6-c5']
    >>> o = openings("international", 1, seed=1)[0]
    >>> o.code, len(o.moves.split())
    ('R1', 4)
    """
    v = variant_by_name(variant).name
    name = table if table not in (None, "random") else (
        None if table == "random" else BALLOT_TABLES.get(v))
    if name is None:
        return _random_openings(v, count, seed)
    from shashki import openings as ballots

    if name not in ballots.TABLES:
        raise MatchError(f"unknown opening table {name!r}; known: random, "
                         f"{', '.join(ballots.TABLES)}")
    if Board(v).variant.geometry.squares != 32:
        raise MatchError(f"the ballot table {name!r} is for 8x8 boards, not {v}")
    pool: list[Opening] = []
    for e in ballots.load(name):
        try:
            board = ballots.replay(e, v)
        except ShashkiError:
            continue  # an entry that is not legal under this variant's rules
        if board.legal_moves:
            pool.append(Opening(e.code, e.text(), board.fen()))
    rng = random.Random(seed)
    out: list[Opening] = []
    while len(out) < count:
        batch = pool[:]
        rng.shuffle(batch)
        out.extend(batch[:count - len(out)])
    return out


def _random_openings(variant: str, count: int, seed: int) -> list[Opening]:
    """Seeded random openings that keep the game balanced (module docstring). When no new
    opening turns up in :data:`STALE_TRIES` draws (there are a few thousand), the ones
    drawn are played again, as the ballot tables repeat."""
    rng = random.Random(seed)
    out: list[Opening] = []
    seen: set[str] = set()
    stale = 0
    while len(out) < count:
        if stale > STALE_TRIES:
            if not out:
                raise MatchError(f"no balanced random opening found for {variant}")
            out.extend(out[:count - len(out)])
            continue
        stale += 1
        b = Board(variant)
        texts = []
        for _ in range(RANDOM_PLIES):
            moves = b.legal_moves
            if not moves:
                break
            m = rng.choice(moves)
            texts.append(b.move_text(m))
            b.push(m)
        if len(texts) < RANDOM_PLIES or not balanced(b):
            continue
        fen = b.fen()
        if fen in seen:
            continue
        seen.add(fen)
        stale = 0
        out.append(Opening(f"R{len(out) + 1}", " ".join(texts), fen))
    return out


def balanced(board: Board) -> bool:
    """Whether ``board`` is a fair start: the same number of men and kings on each side,
    and a quiet position — neither the side to move nor the other side (were it its turn)
    has a capture, so no exchange or shot is pending.

    >>> b = Board("international")
    >>> for t in ["34-29", "18-22", "33-28", "22x24"]:  # White drops two men
    ...     _ = b.push_text(t)
    >>> balanced(b), balanced(Board("international"))
    (False, True)
    """
    for king in (False, True):
        if len(board.pieces(WHITE, king)) != len(board.pieces(BLACK, king)):
            return False
    if not board.legal_moves:
        return False
    if board.legal_moves[0].is_capture:
        return False
    other = Board(board.variant, board.turn.other.letter + board.fen()[1:])
    return not (other.legal_moves and other.legal_moves[0].is_capture)


# --- one game -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One game of a match, as sent to a worker."""

    round: str
    index: int
    variant: str
    opening: Opening
    a: EngineSpec
    b: EngineSpec
    a_white: bool
    control: Control
    ruleset: str | None = None
    max_plies: int = MAX_PLIES
    event: str = ""


@dataclass
class GameRecord:
    """A finished game: who had White, the result, why it ended, and its PDN."""

    round: str
    index: int
    opening: Opening
    white: str
    black: str
    a_white: bool
    result: str
    a_score: float
    termination: str
    plies: int
    seconds: float
    pdn: str


def play_game(job: Job, players: tuple[Player, Player],
              on_move: Callable[[Game], None] | None = None) -> GameRecord:
    """Play one game of ``job`` between ``players`` (A, B) and return its record."""
    from shashki.pdn import write_game

    pa, pb = players
    white, black = (pa, pb) if job.a_white else (pb, pa)
    specs = {WHITE: job.a if job.a_white else job.b, BLACK: job.b if job.a_white else job.a}
    by_color = {WHITE: white, BLACK: black}
    game = Game(job.variant, job.opening.fen, ruleset=job.ruleset, repetition="auto")
    controls = {c: job.control.scaled(specs[c].odds) for c in (WHITE, BLACK)}
    clocks = {c: SideClock(controls[c]) for c in (WHITE, BLACK)}
    t_start = time.perf_counter()
    for c in (WHITE, BLACK):
        by_color[c].new_game(game.board.copy(), c, controls[c])
        by_color[c].set_ruleset(job.ruleset)
    while not game.is_over:
        if game.ply >= job.max_plies:
            game.decide(None, "match rules", f"adjudicated a draw after {job.max_plies} plies")
            break
        color = game.board.turn
        player = by_color[color]
        limit = clocks[color].limit()
        t0 = time.perf_counter()
        try:
            move = player.move(game.board.copy(), limit)
        except ClaimsGameOver as e:
            game.decide(None, "match rules", f"{color.label} engine held the game over ({e}); "
                        "scored a draw")
            break
        except (ValueError, OSError) as e:  # shashki's errors, a peer's, a broken pipe
            game.decide(color.other, "match rules", f"{color.label} engine failed: {e}")
            break
        spent = time.perf_counter() - t0
        if not clocks[color].charge(spent):
            game._end(Kind.TIME, "Code 1.8.1", color.other, detail=f"{color.label} flag fell")
            break
        try:
            game.play(move)
        except ShashkiError as e:
            game.decide(color.other, "match rules", f"{color.label} engine played an illegal "
                        f"move: {e}")
            break
        if on_move is not None:
            on_move(game)
    for p in (white, black):
        with contextlib.suppress(ShashkiError):
            p.end_game(game)
    result = game.result
    white_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    if result == "0-0":
        white_score = 0.0
    a_score = white_score if job.a_white else (0.0 if result == "0-0" else 1.0 - white_score)
    term = game.termination
    headers = {
        "Event": job.event or f"{job.a.name()} vs {job.b.name()}",
        "Site": "shashki match",
        "Date": time.strftime("%Y.%m.%d"),
        "Round": job.round,
        "White": white.label,
        "Black": black.label,
        "Opening": job.opening.name(),
        "WhiteType": "program",
        "BlackType": "program",
    }
    if controls[WHITE] == controls[BLACK]:
        headers["TimeControl"] = controls[WHITE].pdn()
    else:
        headers["TimeControlWhite"] = controls[WHITE].pdn()
        headers["TimeControlBlack"] = controls[BLACK].pdn()
    record = game.to_pdn(headers)
    record.headers["FEN"] = job.opening.fen
    return GameRecord(job.round, job.index, job.opening, white.label, black.label, job.a_white,
                      result, a_score, term.tag() if term else "", game.ply,
                      time.perf_counter() - t_start, write_game(record))


# --- the match ----------------------------------------------------------------------------


@dataclass
class Standing:
    """A's results so far: wins, draws, losses and what follows from them."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        """A's score fraction (0.5 before any game)."""
        return self.points / self.games if self.games else 0.5

    def add(self, a_score: float) -> None:
        if a_score == 1.0:
            self.wins += 1
        elif a_score == 0.5:
            self.draws += 1
        else:
            self.losses += 1

    def __add__(self, other: Standing) -> Standing:
        """Two matches' standings as one (the seeds of a row of the README).

        >>> Standing(3, 4, 1) + Standing(1, 0, 2)
        Standing(wins=4, draws=4, losses=3)
        """
        return Standing(self.wins + other.wins, self.draws + other.draws,
                        self.losses + other.losses)

    def elo(self) -> tuple[float, float]:
        """Elo difference of A over B and the half-width of its 95 % interval.

        The score p = (W + D/2) / N; each game's score has variance
        s² = (W(1-p)² + D(½-p)² + L·p²) / N, so p has standard error s/√N and the interval
        [elo(p - 1.96 s/√N), elo(p + 1.96 s/√N)]; the margin is half its width (infinite
        when the interval reaches a clean sweep).

        >>> e, m = Standing(60, 20, 20).elo()
        >>> round(e), round(m)
        (147, 66)
        """
        return mean_and_margin([self.losses, self.draws, self.wins])

    def los(self) -> float:
        """Likelihood of superiority: the chance that A is the stronger, from W and L."""
        if self.wins + self.losses == 0:
            return 0.5
        return 0.5 * (1 + math.erf((self.wins - self.losses)
                                   / math.sqrt(2 * (self.wins + self.losses))))

    def summary(self) -> str:
        """``+W =D -L, P/N (S %), Elo E ± M``.

        >>> Standing(3, 4, 1).summary()
        '+3 =4 -1, 5/8 (62.5 %), Elo +89 ± 190'
        """
        return (f"+{self.wins} ={self.draws} -{self.losses}, {self.points:g}/{self.games} "
                f"({100 * self.score:.1f} %), Elo {elo_text(*self.elo())}")


def elo_text(e: float, margin: float) -> str:
    """``+E ± M`` with infinities spelt out.

    >>> elo_text(494.4, 115.2), elo_text(math.inf, math.inf)
    ('+494 ± 115', '+∞ ± ∞')
    """
    return f"{_signed(e)} ± {_inf(margin)}"


def _signed(x: float) -> str:
    if math.isinf(x):
        return "+∞" if x > 0 else "-∞"
    return f"{x + 0.0:+.0f}".replace("-0", "+0") if abs(x) < 0.5 else f"{x:+.0f}"


def _inf(x: float) -> str:
    return "∞" if math.isinf(x) else f"{x:.0f}"


@dataclass
class MatchResult:
    """A match's games and standing; with an SPRT, its decision (``'H1'``, ``'H0'`` or
    None), the log-likelihood ratio and the games it was taken on."""

    a: str
    b: str
    variant: str
    control: Control
    games: list[GameRecord] = field(default_factory=list)
    standing: Standing = field(default_factory=Standing)
    seconds: float = 0.0
    sprt: Sprt | None = None
    decision: str | None = None
    llr: float = 0.0
    decided_at: int = 0
    pairs: list[int] = field(default_factory=lambda: [0] * 5)
    """A's finished pairs (an opening with each colour) by their points: 0, ½, 1, 1½, 2.
    A pair whose second game is not over (an odd last game, or a game still running when
    an SPRT stopped the match) is not counted."""
    _firsts: dict[str, float] = field(default_factory=dict, repr=False)

    def terminations(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.games:
            out[g.termination] = out.get(g.termination, 0) + 1
        return out

    def add(self, rec: GameRecord) -> None:
        """Count a finished game in the games, the standing and, with its twin, the pairs."""
        self.games.append(rec)
        self.standing.add(rec.a_score)
        opening = rec.round.split(".")[0]
        first = self._firsts.pop(opening, None)
        if first is None:
            self._firsts[opening] = rec.a_score
        else:
            self.pairs[round(2 * (first + rec.a_score))] += 1

    def pentanomial(self) -> list[int]:
        """A copy of :attr:`pairs`, worst first (the order :meth:`Sprt.llr` takes)."""
        return list(self.pairs)


def jobs(a: EngineSpec, b: EngineSpec, variant: str, games: int, control: Control,
         seed: int = 1, table: str | None = None, ruleset: str | None = None,
         max_plies: int = MAX_PLIES) -> list[Job]:
    """The games of a match: each opening with A as White, then as Black."""
    if not 1 <= games <= MAX_GAMES:
        raise MatchError(f"a match has 1 to {MAX_GAMES:,} games, not {games:,}")
    v = variant_by_name(variant).name
    ops = openings(v, (games + 1) // 2, seed, table)
    event = f"{a.name()} vs {b.name()}, {v}, {control}"
    out: list[Job] = []
    for i, op in enumerate(ops):
        for j, a_white in enumerate((True, False)):
            if len(out) < games:
                out.append(Job(f"{i + 1}.{j + 1}", len(out), v, op, a, b, a_white, control,
                               ruleset, max_plies, event))
    return out


_WORKER_PLAYERS: dict[tuple[str, str, str], Player] = {}


def _worker_players(job: Job) -> tuple[Player, Player]:
    out = []
    for side, spec in (("a", job.a), ("b", job.b)):
        key = (side, spec.text, job.variant)
        if key not in _WORKER_PLAYERS:
            _WORKER_PLAYERS[key] = make_player(spec, job.variant)
        out.append(_WORKER_PLAYERS[key])
    return out[0], out[1]


def _worker_game(job: Job) -> GameRecord:
    return play_game(job, _worker_players(job))


def _worker_close() -> None:
    for p in _WORKER_PLAYERS.values():
        p.close()
    _WORKER_PLAYERS.clear()


def _worker_init() -> None:
    import atexit

    atexit.register(_worker_close)


def run_match(a: EngineSpec | str, b: EngineSpec | str, variant: str, games: int,
              control: Control, *, seed: int = 1, table: str | None = None,
              ruleset: str | None = None, concurrency: int = 1, max_plies: int = MAX_PLIES,
              on_game: Callable[[MatchResult, GameRecord], None] | None = None,
              sprt: Sprt | None = None) -> MatchResult:
    """Play a match of ``games`` games; ``on_game`` sees every game as it finishes.

    With ``concurrency`` 1 the games run one after another in this process; above 1
    in that many worker processes, each with its own engines. With ``sprt`` the match
    stops when the test decides on its finished pairs (:mod:`shashki.engine.sprt`), or
    after ``games``: no game starts after the decision, and the games already running
    are played out and counted in the standing (the decision stands as taken).
    """
    sa = parse_spec(a) if isinstance(a, str) else a
    sb = parse_spec(b) if isinstance(b, str) else b
    v = variant_by_name(variant).name
    if not 1 <= concurrency <= MAX_CONCURRENCY:
        raise MatchError(f"concurrency must be 1 to {MAX_CONCURRENCY}, not {concurrency}")
    todo = jobs(sa, sb, v, games, control, seed, table, ruleset, max_plies)
    result = MatchResult(sa.name(), sb.name(), v, control, sprt=sprt)
    t0 = time.perf_counter()

    def done(rec: GameRecord) -> None:
        result.add(rec)
        if sprt is not None and result.decision is None:
            result.llr = sprt.llr(result.pentanomial())
            result.decision = sprt.decide(result.llr)
            if result.decision is not None:
                result.decided_at = len(result.games)
        if on_game is not None:
            on_game(result, rec)

    if concurrency == 1:
        players = (make_player(sa, v), make_player(sb, v))
        try:
            result.a, result.b = players[0].label, players[1].label
            for job in todo:
                done(play_game(job, players))
                if result.decision is not None:
                    break
        finally:
            for p in players:
                p.close()
    else:
        with ProcessPoolExecutor(max_workers=concurrency, initializer=_worker_init) as pool:
            futures: list[Future[GameRecord]] = [pool.submit(_worker_game, j) for j in todo]
            for f in as_completed(futures):
                if f.cancelled():
                    continue
                done(f.result())
                if result.decision is not None:
                    for other in futures:
                        other.cancel()
        result.games.sort(key=lambda g: g.index)
    result.seconds = time.perf_counter() - t0
    return result


def iter_pdn(result: MatchResult) -> Iterator[str]:
    for g in sorted(result.games, key=lambda g: g.index):
        yield g.pdn


def control_from(time_control: str | None = None, move_time: float | None = None,
                 nodes: int | None = None, depth: int | None = None) -> Control:
    """A :class:`Control` from command-line values; errors name the bad value."""
    tc = TimeControl.parse(time_control) if time_control else None
    if move_time is not None and move_time <= 0:
        raise MatchError(f"time per move must be positive, not {move_time:g}")
    if nodes is not None and nodes < 1:
        raise MatchError(f"nodes per move must be at least 1, not {nodes}")
    if depth is not None and depth < 1:
        raise MatchError(f"depth must be at least 1, not {depth}")
    check_depth(depth)
    Limit(depth=depth, nodes=nodes, time=move_time)  # NaN and absurd values: LimitError
    return Control(tc, move_time, nodes, depth)


def is_giveaway(variant: str) -> bool:
    return variant_by_name(variant).goal is Goal.GIVEAWAY


def check_specs(specs: Sequence[EngineSpec], variant: str) -> None:
    """Refuse engines that cannot play ``variant`` before any process starts."""
    v = variant_by_name(variant).name
    for s in specs:
        if s.kind == "dxp" and v != "international":
            raise MatchError(f"DXP is a 10x10 protocol; {s.text!r} cannot play {v}")
        if s.kind == "py-draughts" and v not in PyDraughtsPlayer.BOARDS:
            raise MatchError(f"py-draughts does not play {v}")


__all__ = ["BALLOT_TABLES", "KINDS", "SEARCH_PARAMS", "ClaimsGameOver", "Control", "EngineError",
           "EngineSpec", "GameRecord", "Job", "MatchError", "MatchResult", "Opening", "Player",
           "SideClock", "Sprt", "Standing", "balanced", "check_specs", "control_from", "elo",
           "elo_text", "jobs", "make_player", "openings", "parse_spec", "play_game", "run_match"]
