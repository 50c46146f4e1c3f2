"""Live games: the in-memory :class:`~shashki.game.Game` of each game being played, its
WebSocket audience, its server-authoritative clock, and its rebuild after a restart.

Time. The hub's clock is :func:`time.monotonic` shifted once, at start, to the epoch
(``now() = monotonic() - offset``): it never jumps while the process runs, and the value
stored with each move is the very value the game's clock used, so a replay reproduces
the clocks exactly. After a restart the new offset maps the stored times to the new
process's monotonic clock; the side to move is charged the time since its clock started,
downtime included (it is the wall time that passed).

Order of an action (a move, an offer, a claim...): under the game's lock the action is
checked and applied to the in-memory game, then written to the database in its own
transaction and committed, and only then acknowledged and broadcast. If the write fails
the in-memory game is dropped and rebuilt from the database, so nothing that was not
acknowledged is shown and nothing acknowledged is lost.

Lag compensation. A move arrives ``lag`` seconds after the player made it (the network
round trip of the player's connection, capped by the settings): the mover's clock is
stopped ``lag`` seconds earlier, and the opponent's clock starts when the move arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import anyio.to_thread
from starlette.requests import HTTPConnection

from shashki.clock import ClockState
from shashki.color import BLACK, WHITE, Color
from shashki.errors import IllegalMove, ShashkiError
from shashki.game import Event as GameEvent
from shashki.game import Game, GameOver, RuleViolation
from shashki.move import Move
from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.errors import (
    Conflict,
    Forbidden,
    GameRuleError,
    InvalidInput,
    RateLimited,
    ServerError,
)
from shashki.server.core.ratelimit import RateLimit
from shashki.server.core.settings import Settings
from shashki.server.core.words import result_text
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.authority import (
    CASUAL,
    TAKEBACK_ARTICLE,
    Officials,
    authorise,
    authorise_takeback,
)
from shashki.server.play.writer import Writer
from shashki.svg import board_svg

log = logging.getLogger("shashki.server.play.live")

TAKEBACK_ACTIONS = ("takeback", "takeback_accept", "takeback_decline")
"""A player proposes to take back his last move (or the last two plies, when the opponent
has replied), the opponent accepts or declines (docs/rules.md L4; casual games only)."""
ACTIONS = ("move", "offer", "accept", "decline", "claim", "resign", "flag", "decide", "rule",
           "adjust", "both_lose", "abort", *TAKEBACK_ACTIONS)
ARBITER_ACTIONS = ("decide", "rule", "adjust", "both_lose")
"""``rule``: the arbiter's ruling on a claim held for him (Code 1.9.2); ``adjust``: time
added to (or taken from) a clock by the arbiter's decision; ``both_lose``: the game is
lost by both players (Code 3.13.3 both absent, 3.10.4 no record, or a sanction)."""
HELD_CLAIM = "held claim"
"""How a threefold claim is stored in a game with an arbiter (an event's game): held for the
arbiter's ruling instead of being ruled at once from the record."""
PLAYER_ACTIONS = ("move", "offer", "accept", "decline", "claim", "resign", "abort",
                  *TAKEBACK_ACTIONS)
ABORT_ARTICLE = "Platform L1"
"""The platform's rule on the first moves of a casual or rated game (docs/rules.md L1):
the clock starts with White's first move, a game in which a player has not made his first
move within :attr:`Settings.abort_after` seconds is aborted, not lost, and either player
may abort it before both have moved."""
LATE_ARTICLE = "Code 3.13.1"
"""An event's player who has not made his first move when his first control's time is
out has lost by lateness (Code 3.13.1: the opponent gets the point for his absence)."""
FINISHED_CACHE = 200

FANOUT_CHUNK = 64
"""Viewers offered a new frame in one turn of the event loop: a game watched by a thousand
is offered to them a chunk at a time, and the moves of other games arriving meanwhile are
handled between the chunks instead of after all of them."""


def color_name(color: Color | None) -> str | None:
    return None if color is None else color.name.lower()


def parse_color(name: str | None) -> Color | None:
    if name is None:
        return None
    if name == "white":
        return WHITE
    if name == "black":
        return BLACK
    raise InvalidInput("color", code="color")


class Timebase:
    """The hub's time for one game: live, or frozen at the moment of an action."""

    def __init__(self, offset: float) -> None:
        self.offset = offset
        self.frozen: float | None = None

    def now(self) -> float:
        return self.frozen if self.frozen is not None else time.monotonic() - self.offset


@dataclass(frozen=True)
class Action:
    """One logged action, as stored (a move row or an event row)."""

    seq: int
    kind: str
    at: float
    ply: int
    """For a move: the ply it makes; for an event: the ply before it."""
    color: Color | None = None
    text: str | None = None
    """A move's text, or a claim's written move."""
    lag: float = 0.0
    article: str = ""
    detail: str = ""


TAKEBACK_EVENTS = ("takeback", "takeback_decline", "taken back")


def pending_takeback(game: Game) -> GameEvent | None:
    """The takeback proposed in the current position and not yet answered, if any (a move
    made since withdraws it: its ply is no longer the game's; docs/rules.md L4)."""
    if game.termination is not None:
        return None
    for e in reversed(game.events):
        if e.action in TAKEBACK_EVENTS:
            return e if e.action == "takeback" and e.ply == game.ply else None
    return None


def takeback_plies(game: Game, proposer: Color) -> int | None:
    """How many plies a takeback that ``proposer`` proposes now would undo: his last move
    (1) while the opponent is to move, else his last move and the reply (2), as lidraughts
    does; None when none may be proposed now (docs/rules.md L4): it would go back before
    both players' first moves (L1's abort covers those), a proposal is pending, or the
    opponent declined his proposal in this very position."""
    if game.termination is not None or game.claim is not None:
        return None
    n = 1 if game.board.turn is not proposer else 2
    if game.ply - n < 2:
        return None
    for e in reversed(game.events):
        if e.action in TAKEBACK_EVENTS:
            if e.ply == game.ply and (e.action == "takeback" or e.color is not proposer):
                return None
            break
    return n


def apply(game: Game, tb: Timebase, a: Action) -> Move | None:
    """Apply one action to ``game`` at its time; return the move played, if any.

    Used both live and when rebuilding a game from the database, so both give the same
    game, clocks included.
    """
    tb.frozen = a.at
    try:
        if a.kind == "move":
            if game.ply >= a.ply:  # already on the board: a claim's ruling played it
                return None
            assert a.text is not None
            clock = game.clock
            if a.lag > 0 and clock is not None and clock.state is ClockState.RUNNING:
                mover = game.board.turn
                tb.frozen = a.at - a.lag
                move = game.play(a.text)
                tb.frozen = a.at
                if clock.state is ClockState.RUNNING:
                    clock.adjust(mover.other, a.lag, "the opponent's clock starts on arrival")
                return move
            return game.play(a.text)
        color = a.color
        if a.kind == "offer":
            assert color is not None
            game.offer_draw(color)
        elif a.kind == "accept":
            assert color is not None
            game.accept_draw(color)
        elif a.kind == "decline":
            assert color is not None
            game.decline_draw(color)
        elif a.kind == "claim":
            assert color is not None
            before = game.ply
            game.claim_threefold(color, a.text)
            game.rule_on_claim()
            return game.board.move_stack[-1] if game.ply > before else None
        elif a.kind == HELD_CLAIM:
            assert color is not None
            game.claim_threefold(color, a.text)
        elif a.kind == "rule":
            before = game.ply
            game.rule_on_claim()
            return game.board.move_stack[-1] if game.ply > before else None
        elif a.kind == "adjust":
            assert color is not None and a.text is not None
            if game.clock is None:
                raise RuleViolation("the game has no clock")
            game.clock.adjust(color, float(a.text), a.detail)
            game.events.append(GameEvent(game.ply, "adjust", color, a.article,
                                         f"{float(a.text):+g} s {a.detail}".strip(), a.at))
        elif a.kind == "resign":
            assert color is not None
            game.resign(color)
        elif a.kind == "flag":
            game.check_time()
        elif a.kind == "decide":
            game.decide(color, a.article, a.detail)
        elif a.kind == "both_lose":
            game.both_lose(a.article, a.detail)
        elif a.kind == "abort":
            game.abort(ABORT_ARTICLE, a.detail)
        elif a.kind == "late":
            assert color is not None
            game.forfeit(color, LATE_ARTICLE, a.detail)
        elif a.kind == "takeback":
            assert color is not None
            game._require_open()
            if takeback_plies(game, color) is None:
                raise RuleViolation(f"no takeback now ({TAKEBACK_ARTICLE})")
            game.events.append(GameEvent(game.ply, "takeback", color, TAKEBACK_ARTICLE, "",
                                         a.at))
        elif a.kind in ("takeback_accept", "takeback_decline"):
            assert color is not None
            game._require_open()
            proposal = pending_takeback(game)
            if proposal is None or proposal.color is color:
                raise RuleViolation("there is no takeback proposal to answer")
            if a.kind == "takeback_decline":
                game.events.append(GameEvent(game.ply, "takeback_decline", color,
                                             TAKEBACK_ARTICLE, "", a.at))
            else:
                plies = 1 if game.board.turn is not proposal.color else 2
                game.take_back(plies, color, TAKEBACK_ARTICLE, a.detail)
        else:
            raise ServerError(f"unknown action {a.kind!r}")
        return None
    finally:
        tb.frozen = None


class Bus(Protocol):
    """Announces committed actions to the other instances."""

    async def publish(self, game_id: int, seq: int) -> None: ...


class Frame:
    """One message for many viewers: its JSON text is made once, for the first viewer
    who sends it."""

    __slots__ = ("_text", "data")

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))
        return self._text


class Connection(Protocol):
    """A live viewer of a game (a WebSocket, a stream)."""

    flipped: bool

    def offer(self, frame: Frame) -> None:
        """Hand ``frame`` to the viewer without waiting for it to be sent: the hub never
        waits for a viewer, and a viewer who falls behind gets the latest state instead
        of every one (docs/security.md)."""


@dataclass
class Pass:
    """One frame to offer every viewer of a game; a newer state supersedes an older one
    (each viewer wants only the latest), other messages are never dropped."""

    frame: Callable[[bool], Frame]
    state: bool


@dataclass
class MoveInfo:
    ply: int
    text: str
    white_clock: float | None
    black_clock: float | None
    at: float


@dataclass
class Actor:
    """Who acts: an account id and its role."""

    user_id: int
    role: Role = Role.PLAYER
    bot: bool = False
    """The engine playing under its account: not held to the players' move rate."""

    @classmethod
    def of(cls, user: User) -> Actor:
        """The account acting."""
        return cls(user.id, user.role_enum)


@dataclass
class LiveGame:
    """A game in memory, rebuilt from its record."""

    id: int
    variant: str
    time_control: str
    white_id: int
    black_id: int
    white_name: str
    black_name: str
    game: Game
    tb: Timebase
    created_at: float
    moves: list[MoveInfo] = field(default_factory=list)
    seq: int = 0
    turn_started: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    players: set[Connection] = field(default_factory=set)
    """The connections of the game's two players (also in ``conns``): offered first."""
    passes: list[Pass] = field(default_factory=list)
    """Frames waiting to be offered to a large audience (:meth:`Hub._fan_out`)."""
    fanout: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    mismatches: list[str] = field(default_factory=list)
    arbitrated: bool = False
    """Claims are held for an arbiter (an event's game) instead of ruled at once."""
    rated: bool = False
    ratings: tuple[str | None, str | None] = (None, None)
    """White's and Black's ratings as shown beside their names (rated classes only)."""
    changes: tuple[int | None, int | None] = (None, None)
    """White's and Black's rating changes, once a rated game has ended and been rated."""
    _svg: dict[tuple[int, bool, str], str] = field(default_factory=dict)

    @classmethod
    def rebuild(cls, rec: store.GameRecord, offset: float) -> LiveGame:
        row = rec.game
        tb = Timebase(offset)
        tb.frozen = row.started_at if row.started_at is not None else row.created_at
        game = Game(row.variant, row.initial_fen, ruleset=row.ruleset,
                    time_control=row.time_control or None, now=tb.now, repetition="claim")
        tb.frozen = None
        lg = cls(id=row.id, variant=row.variant, time_control=row.time_control,
                 white_id=row.white_id, black_id=row.black_id,
                 white_name=row.white.username, black_name=row.black.username,
                 game=game, tb=tb, created_at=row.created_at, rated=row.rated)
        if game.clock is not None and row.started_at is not None:
            tb.frozen = row.started_at
            game.start()
            tb.frozen = None
            lg.turn_started = row.started_at
        lg.replay(rec)
        return lg

    def replay(self, rec: store.GameRecord) -> None:
        """Apply the record's actions from :attr:`seq` on (all of them when rebuilding;
        the newer ones when another instance made them) and check the stored result."""
        game, tb, row = self.game, self.tb, rec.game
        actions: list[tuple[Action, m.Move | None]] = []
        for mv in rec.moves:
            actions.append((Action(mv.seq, "move", mv.at, mv.ply, text=mv.text, lag=mv.lag), mv))
        for ev in rec.events:
            actions.append((Action(ev.seq, ev.action, ev.at, ev.ply, parse_color(ev.color),
                                   ev.written, 0.0, ev.article, ev.detail), None))
        actions.sort(key=lambda pair: pair[0].seq)
        for a, mv_row in actions:
            if a.seq < self.seq:
                continue
            try:
                apply(game, tb, a)
            except ShashkiError as e:
                self.mismatches.append(f"seq {a.seq} ({a.kind}): {e}")
                log.error("game %s: cannot replay seq %s (%s): %s", row.id, a.seq, a.kind, e)
                continue
            if mv_row is not None:
                self._check_reading(mv_row)
                self.moves.append(MoveInfo(mv_row.ply, mv_row.text, mv_row.white_clock,
                                           mv_row.black_clock, mv_row.at))
                self.turn_started = mv_row.at
            elif a.kind in ("claim", "rule", "takeback_accept"):
                self.turn_started = a.at
            del self.moves[game.ply:]  # a takeback undid the last ones
            self.seq = a.seq + 1
        if (row.status == m.GameStatus.FINISHED.value) != game.is_over or (
                game.is_over and game.result != row.result):
            self.mismatches.append(f"stored status {row.status} {row.result}, replayed "
                                   f"{game.result}")
            log.error("game %s: stored result %s %s, replay gives %s", row.id, row.status,
                      row.result, game.result)

    def _check_reading(self, row: m.Move) -> None:
        if self.game.ply < row.ply:
            return
        reading = self.game.readings[row.ply] if row.ply < len(self.game.readings) else None
        if reading is None or reading.clock is None or row.white_clock is None:
            return
        stored = (row.white_clock, row.black_clock or 0.0)
        if any(abs(x - y) > 1e-6 for x, y in zip(reading.clock, stored, strict=True)):
            self.mismatches.append(f"ply {row.ply}: clocks {reading.clock} != stored {stored}")

    # --- reading -----------------------------------------------------------------------

    def color_of(self, user_id: int | None) -> Color | None:
        if user_id is None:
            return None
        if user_id == self.white_id:
            return WHITE
        if user_id == self.black_id:
            return BLACK
        return None

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def clock_state(self) -> dict[str, Any] | None:
        clock = self.game.clock
        if clock is None:
            return None
        running = clock.running if clock.state is ClockState.RUNNING else None
        return {"white": clock.remaining(WHITE), "black": clock.remaining(BLACK),
                "running": color_name(running), "control": self.time_control}

    def svg(self, flipped: bool) -> str:
        g = self.game
        key = (g.ply, flipped, g.board.fen())
        if key not in self._svg:
            if len(self._svg) > 8:
                self._svg.clear()
            last = g.board.move_stack[-1] if g.board.move_stack else None
            self._svg[key] = board_svg(g.board, size=None, flipped=flipped, lastmove=last)
        return self._svg[key]

    def legal(self) -> list[dict[str, Any]]:
        if self.game.is_over:
            return []
        b = self.game.board
        return [{"text": b.move_text(mv), "path": list(mv.path), "captures": list(mv.captures)}
                for mv in b.legal_moves]

    def names(self) -> list[str]:
        """The squares' names in the variant's notation, square 1 first (the page writes
        typed and chosen moves with them: ``c3`` on 8x8, ``22`` on 10x10)."""
        from shashki.notation import default_style, square_text

        b = self.game.board
        style = default_style(b)
        return [square_text(b, sq, style) for sq in range(1, b.variant.geometry.squares + 1)]

    def _takeback(self) -> dict[str, Any] | None:
        proposal = pending_takeback(self.game)
        if proposal is None:
            return None
        plies = 1 if self.game.board.turn is not proposal.color else 2
        return {"by": color_name(proposal.color), "plies": plies,
                "article": TAKEBACK_ARTICLE}

    def state(self, flipped: bool = False) -> dict[str, Any]:
        g = self.game
        t = g.termination
        return {
            "type": "state",
            "id": self.id,
            "variant": self.variant,
            "rated": self.rated,
            "ply": g.ply,
            "turn": color_name(g.board.turn),
            "fen": g.board.fen(),
            "status": "finished" if t else "live",
            "result": g.result,
            "result_text": result_text(g.result, self.variant),
            "first": "white" if g.initial_fen[:1].upper() != "B" else "black",
            "termination": None if t is None else {
                "kind": t.kind.value, "article": t.article, "ply": t.ply,
                "detail": t.detail, "winner": color_name(t.winner)},
            "white": {"id": self.white_id, "name": self.white_name,
                      "rating": self.ratings[0], "change": self.changes[0]},
            "black": {"id": self.black_id, "name": self.black_name,
                      "rating": self.ratings[1], "change": self.changes[1]},
            "moves": [{"ply": mi.ply, "text": mi.text, "white_clock": mi.white_clock,
                       "black_clock": mi.black_clock} for mi in self.moves],
            "clock": self.clock_state(),
            "offer": None if g.offer is None else {
                "by": color_name(g.offer.by), "article": g.offer.article},
            "takebacks": not self.rated and not self.arbitrated,
            "takeback": self._takeback(),
            "claim": None if g.claim is None else {
                "by": color_name(g.claim.by), "article": "Code 1.9.2",
                "written": None if g.claim.written is None else g.board.move_text(
                    g.claim.written)},
            "events": [{"ply": e.ply, "action": e.action, "color": color_name(e.color),
                        "article": e.article, "detail": e.detail} for e in g.events],
            "legal": self.legal(),
            "names": self.names(),
            "last": None if not g.board.move_stack else list(g.board.move_stack[-1].path),
            "flipped": flipped,
            "svg": self.svg(flipped),
        }


class Hub:
    """Every live game of this process, with its viewers and clock timers."""

    def __init__(self, database: Database, settings: Settings) -> None:
        self.db = database
        self.settings = settings
        self.offset = time.monotonic() - time.time()
        self.games: dict[int, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self.move_limit = RateLimit(settings.move_burst, settings.move_window)
        self.stopping = False
        self.ended: list[store.EndHook] = []
        """Called inside the transaction that writes a game's end (the ratings)."""
        self.writer = Writer(database, self.ended)
        self.admit: store.Admission | None = None
        """Who may accept a challenge beyond the challenge's own terms (a seek's rating
        range; set by the lobby feature)."""
        self.bus: Bus | None = None
        """Set when instances share live games (:mod:`shashki.server.core.bus`)."""
        self.arbitrated: Callable[[int], bool] = lambda _game_id: False
        self.officials: Callable[[int], Officials] = lambda _game_id: CASUAL
        self.rating_labels: Callable[[int], tuple[str | None, str | None]] = (
            lambda _game_id: (None, None))
        """The players' ratings shown beside their names (set by the ratings feature;
        called in a worker thread when a game is loaded)."""
        self.rating_changes: Callable[[int], tuple[int | None, int | None]] = (
            lambda _game_id: (None, None))
        """A rated game's two rating changes once it has ended (set by the ratings feature;
        called in a worker thread when a rated game ends or a finished one is loaded:
        once a game, never a move)."""
        """The officials of a game (set by the events feature; casual games have none)."""
        """Whether a game has an arbiter who rules on its claims (set by the events
        feature; called in a worker thread when a game is loaded)."""
        self.observers: list[Callable[[LiveGame], None]] = []
        """Called (in the event loop) with a game when it is loaded and after every
        action committed in it here; the engine player is one (:mod:`.engine_pool`)."""

    def now(self) -> float:
        """The hub's time: monotonic, in seconds since the epoch."""
        return time.monotonic() - self.offset

    # --- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every live game from the database and settle flags that fell meanwhile."""
        self.writer.start()
        ids = await anyio.to_thread.run_sync(store.live_game_ids, self.db)
        for game_id in ids:
            lg = await self.get(game_id)
            if lg.mismatches:
                log.warning("game %s rebuilt with differences: %s", game_id, lg.mismatches)
            async with lg.lock:
                await self._flag_check(lg, self.now())
            self._schedule(lg)
        if ids:
            log.info("resumed %d live game(s)", len(ids))

    async def stop(self) -> None:
        self.stopping = True
        for lg in list(self.games.values()):
            if lg.timer is not None:
                lg.timer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lg.timer
                lg.timer = None
        await self.writer.stop()

    async def get(self, game_id: int) -> LiveGame:
        """The game in memory, rebuilt from the database when it is not there yet."""
        lg = self.games.get(game_id)
        if lg is not None:
            return lg
        async with self._load_lock:
            lg = self.games.get(game_id)
            if lg is not None:
                return lg
            lg = await anyio.to_thread.run_sync(self._load, game_id)
            self.games[game_id] = lg
            self._trim()
        if not lg.is_over:
            self._schedule(lg)
        self._notify(lg)
        return lg

    def _load(self, game_id: int) -> LiveGame:
        """Read a game and rebuild it, in one trip to a worker thread (a thousand players
        arriving at once each cost one, not four)."""
        lg = LiveGame.rebuild(store.load_game(self.db, game_id), self.offset)
        lg.arbitrated = self.arbitrated(game_id)
        lg.ratings = self.rating_labels(game_id)
        if lg.rated and lg.is_over:
            lg.changes = self.rating_changes(game_id)
        return lg

    def _notify(self, lg: LiveGame) -> None:
        for observer in list(self.observers):
            try:
                observer(lg)
            except Exception:
                log.exception("game %s: an observer failed", lg.id)

    def _trim(self) -> None:
        finished = [g for g in self.games.values() if g.is_over and not g.conns]
        for lg in finished[:max(0, len(finished) - FINISHED_CACHE)]:
            del self.games[lg.id]

    async def _drop(self, lg: LiveGame) -> None:
        """Forget the in-memory game (its write failed); viewers reload from the database."""
        self.games.pop(lg.id, None)
        if lg.timer is not None:
            lg.timer.cancel()
        reload = Frame({"type": "reload"})
        self._send_all(lg, lambda _flipped: reload, state=False)

    # --- viewers -----------------------------------------------------------------------

    async def join(self, lg: LiveGame, conn: Connection, player: bool = False) -> None:
        """Add a viewer (``player``: one of the game's two, offered every frame first)."""
        async with lg.lock:
            lg.conns.add(conn)
            if player:
                lg.players.add(conn)
            data = lg.state(conn.flipped)
        conn.offer(Frame(data))

    def leave(self, lg: LiveGame, conn: Connection) -> None:
        lg.conns.discard(conn)
        lg.players.discard(conn)

    async def broadcast(self, lg: LiveGame) -> None:
        """Offer the game's state to every viewer (each viewer's own task sends it)."""
        async with lg.lock:
            state = lg.state(False)
            frames = {False: Frame(state),
                      True: Frame({**state, "flipped": True, "svg": lg.svg(True)})}
        self._send_all(lg, lambda flipped: frames[flipped])

    def tell(self, lg: LiveGame, data: dict[str, Any]) -> None:
        """Offer one message (not a state) to every viewer of the game: a rematch offer."""
        frame = Frame(data)
        self._send_all(lg, lambda _flipped: frame, state=False)

    def _send_all(self, lg: LiveGame, frame: Callable[[bool], Frame],
                  state: bool = True) -> None:
        """Offer a frame to every viewer: at once to the players and to a small audience;
        to a large one a chunk per turn of the event loop (:meth:`_fan_out`)."""
        for conn in lg.players:
            conn.offer(frame(conn.flipped))
        busy = lg.fanout is not None and not lg.fanout.done()
        if not busy and len(lg.conns) <= FANOUT_CHUNK + len(lg.players):
            for conn in lg.conns - lg.players:
                conn.offer(frame(conn.flipped))
            return
        if state:
            lg.passes = [p for p in lg.passes if not p.state]
        lg.passes.append(Pass(frame, state))
        if not busy:
            lg.fanout = asyncio.get_running_loop().create_task(self._fan_out(lg))

    async def _fan_out(self, lg: LiveGame) -> None:
        """Offer the waiting frames to the audience, :data:`FANOUT_CHUNK` viewers a turn; a
        pass of a state stops when a newer state waits (it goes to everyone, those
        already offered the old one included)."""
        while lg.passes:
            p = lg.passes.pop(0)
            audience = list(lg.conns - lg.players)
            for i in range(0, len(audience), FANOUT_CHUNK):
                if p.state and any(q.state for q in lg.passes):
                    break
                for conn in audience[i:i + FANOUT_CHUNK]:
                    conn.offer(p.frame(conn.flipped))
                await asyncio.sleep(0)

    # --- actions -----------------------------------------------------------------------

    async def act(self, game_id: int, actor: Actor, kind: str, *, text: str | None = None,
                  ply: int | None = None, color: str | None = None, article: str = "",
                  detail: str = "", lag: float = 0.0, arrived: float | None = None) -> LiveGame:
        """Do one action for ``actor``; return when it is committed (then broadcast it).

        ``ply``, when given, is the ply the actor saw: if the game has moved on since, the
        action is refused as stale. ``lag`` is the actor's measured network lag.
        """
        t = arrived if arrived is not None else self.now()
        if kind not in ACTIONS or kind == "flag":
            raise InvalidInput("type", code="message")
        if actor.bot:
            return await self._act(game_id, actor, kind, t, text, ply, color, article,
                                   detail, lag)
        # A legal move on one's own turn is never held back; refused actions (illegal
        # moves, moves out of turn, stale plies) and the other actions (offers, claims)
        # count against the player's budget (docs/security.md, "Limits").
        key = str(actor.user_id)
        over = self.move_limit.retry_after(key) > 0
        if over and kind != "move":
            raise RateLimited(self.move_limit.retry_after(key))
        try:
            lg = await self._act(game_id, actor, kind, t, text, ply, color, article, detail,
                                 lag)
        except RateLimited:
            raise
        except ServerError:
            if self.move_limit.hit(key) > 0 or over:
                raise RateLimited(max(self.move_limit.retry_after(key), 0.1)) from None
            raise
        if kind != "move":
            self.move_limit.hit(key)
        return lg

    async def _act(self, game_id: int, actor: Actor, kind: str, t: float, text: str | None,
                   ply: int | None, color: str | None, article: str, detail: str,
                   lag: float) -> LiveGame:
        lg = await self.get(game_id)
        officials = CASUAL
        if kind in ARBITER_ACTIONS or kind in TAKEBACK_ACTIONS:  # read afresh, not per move
            officials = await anyio.to_thread.run_sync(self.officials, game_id)
        async with lg.lock:
            g = lg.game
            if g.termination is not None:
                raise GameRuleError(g.termination.tag(), code="game_over",
                                    article=g.termination.article)
            if kind in ARBITER_ACTIONS:
                authorise(actor.user_id, actor.role, (lg.white_id, lg.black_id), officials,
                          detail)
                if kind != "rule" and not article.strip():
                    raise InvalidInput("article", "an arbiter's decision names its article")
                who = parse_color(color) if color not in (None, "", "draw") else None
                if kind == "adjust":
                    text = _seconds(text, who)
                if kind == "rule":
                    article = "Code 1.9.2"
            else:
                who = lg.color_of(actor.user_id)
                if who is None:
                    raise Forbidden(code="not_a_player")
            if ply is not None and ply != g.ply:
                raise Conflict(code="stale")
            if kind == "move" and g.board.turn is not who:
                raise GameRuleError(code="not_your_turn")
            if kind == "abort" and (lg.arbitrated or g.ply >= 2):
                raise GameRuleError(code="no_abort", article=ABORT_ARTICLE)
            if kind in TAKEBACK_ACTIONS:
                assert who is not None
                authorise_takeback(actor.user_id, (lg.white_id, lg.black_id), officials,
                                   lg.rated or lg.arbitrated)
                article, detail = TAKEBACK_ARTICLE, ""
                proposal = pending_takeback(g)
                if kind == "takeback" and takeback_plies(g, who) is None:
                    raise GameRuleError(code="takeback_not_now", article=TAKEBACK_ARTICLE)
                if kind != "takeback" and (proposal is None or proposal.color is who):
                    raise GameRuleError(code="no_takeback_offer", article=TAKEBACK_ARTICLE)
                if kind == "takeback_accept" and proposal is not None:
                    plies = 1 if g.board.turn is not proposal.color else 2
                    detail = " ".join(mi.text for mi in lg.moves[g.ply - plies:])
            if kind != "move" or g.clock is None or g.clock.state is not ClockState.RUNNING:
                lag = 0.0
            else:
                lag = max(0.0, min(lag, self.settings.max_lag_compensation, t - lg.turn_started))
            if await self._flag_check(lg, t - lag):
                ended = True
            else:
                ended = False
                if kind == "claim" and lg.arbitrated:
                    kind, detail = HELD_CLAIM, ""
                await self._do(lg, actor, kind, who, t, lag, text, article, detail)
        self._schedule(lg)
        await self.broadcast(lg)
        await self._announce(lg)
        self._notify(lg)
        if ended:
            term = lg.game.termination
            assert term is not None
            raise GameRuleError(term.tag(), code="game_over", article=term.article)
        return lg

    async def _do(self, lg: LiveGame, actor: Actor, kind: str, who: Color | None, t: float,
                  lag: float, text: str | None, article: str, detail: str) -> None:
        g = lg.game
        before_ply = g.ply
        move_text: str | None = None
        if kind in ("move", "claim", HELD_CLAIM) and text:
            if len(text) > 200:
                raise InvalidInput("move", "too long", code="illegal_move")
            try:
                move_text = g.board.move_text(g.board.parse_move(text))
            except IllegalMove as e:
                raise GameRuleError(str(e), code="illegal_move") from None
        elif kind == "move":
            raise InvalidInput("move", "no move given", code="illegal_move")
        elif kind == "rule" and g.claim is not None and g.claim.written is not None:
            move_text = g.board.move_text(g.claim.written)
        elif kind == "adjust":
            move_text = text
        if kind == "move":
            a = Action(lg.seq, "move", t, before_ply + 1, who, move_text, lag)
        else:
            a = Action(lg.seq, kind, t, before_ply, who, move_text, 0.0, article.strip()[:40],
                       detail.strip()[:2000])
        try:
            apply(g, lg.tb, a)
        except IllegalMove as e:
            raise GameRuleError(str(e), code="illegal_move") from None
        except (RuleViolation, GameOver) as e:
            raise GameRuleError(str(e), code="rule", article=_article(str(e))) from None
        event_row: m.Event | None = None
        move_row: m.Move | None = None
        seq = lg.seq
        if kind != "move":
            event_row = m.Event(game_id=lg.id, seq=seq, ply=before_ply, action=kind,
                                color=color_name(who), article=a.article, detail=a.detail,
                                written=move_text, at=t, user_id=actor.user_id)
            seq += 1
        new_move: MoveInfo | None = None
        if g.ply > before_ply:
            assert move_text is not None
            clk = g.readings[g.ply].clock if g.ply < len(g.readings) else None
            new_move = MoveInfo(g.ply, move_text, clk[0] if clk else None,
                                clk[1] if clk else None, t)
            move_row = m.Move(game_id=lg.id, ply=g.ply, seq=seq, text=move_text,
                              fen_after=g.board.fen(), white_clock=new_move.white_clock,
                              black_clock=new_move.black_clock, at=t,
                              lag=lag if kind == "move" else 0.0, user_id=actor.user_id,
                              taken_back=False)
            seq += 1
        # a takeback: its moves are marked taken back in the same write
        await self._commit(lg, move_row, event_row, t,
                           g.ply if g.ply < before_ply else None)
        lg.seq = seq
        if new_move is not None:
            lg.moves.append(new_move)
            lg.turn_started = t
        elif kind in ("claim", "rule", "takeback_accept"):
            lg.turn_started = t
        del lg.moves[g.ply:]

    async def _commit(self, lg: LiveGame, move_row: m.Move | None, event_row: m.Event | None,
                      t: float, back_to: int | None = None) -> None:
        term = lg.game.termination
        ending = None if term is None else store.Ending(
            term.result, term.kind.value, term.article, term.ply, term.detail, t)
        try:
            await self.writer.write((lg.id, move_row, event_row, ending, back_to))
        except Exception as e:
            log.exception("game %s: could not store an action; rebuilding", lg.id)
            await self._drop(lg)
            err = ServerError("the action could not be stored; it did not happen")
            err.status = 503
            raise err from e
        if ending is not None and lg.rated:  # rated in that transaction: show the change
            lg.changes = await anyio.to_thread.run_sync(self.rating_changes, lg.id)

    async def _flag_check(self, lg: LiveGame, t: float) -> bool:
        """Under the lock: end the game if the flag of the side to move has fallen by ``t``;
        return whether it ended now."""
        g = lg.game
        if g.termination is not None or g.clock is None:
            return False
        due = self._abort_due(lg)
        if due is not None and t >= due:
            return await self._end_first_move(lg, "abort", t)
        lg.tb.frozen = t
        try:
            fallen = g.clock.flag_fallen(g.board.turn)
        finally:
            lg.tb.frozen = None
        if fallen and lg.arbitrated and g.ply < 2:  # the side to move has not yet moved
            return await self._end_first_move(lg, "late", t)
        if fallen and not lg.arbitrated and g.ply < 2:
            return await self._end_first_move(lg, "abort", t)
        lg.tb.frozen = t
        try:
            ended = g.check_time()
        finally:
            lg.tb.frozen = None
        if ended is None:
            return False
        row = m.Event(game_id=lg.id, seq=lg.seq, ply=g.ply, action="flag",
                      color=color_name(g.board.turn), article=ended.article,
                      detail=ended.detail, at=t)
        await self._commit(lg, None, row, t)
        lg.seq += 1
        return True

    def _abort_due(self, lg: LiveGame) -> float | None:
        """When a casual or rated game is aborted if the side to move has not made its
        first move (docs/rules.md L1); None when that no longer applies."""
        g = lg.game
        if lg.arbitrated or g.termination is not None or g.ply >= 2 or g.clock is None:
            return None
        since = lg.created_at if g.ply == 0 else lg.moves[0].at
        return since + self.settings.abort_after

    async def _end_first_move(self, lg: LiveGame, kind: str, t: float) -> bool:
        """Under the lock: abort the game, or forfeit the late player of an event's game."""
        g = lg.game
        who = g.board.turn
        detail = (f"no first move within {self.settings.abort_after:g} s" if kind == "abort"
                  else "no first move within the first control's time")  # shashki.messages
        a = Action(lg.seq, kind, t, g.ply, who, None, 0.0,
                   ABORT_ARTICLE if kind == "abort" else LATE_ARTICLE, detail)
        apply(g, lg.tb, a)
        row = m.Event(game_id=lg.id, seq=lg.seq, ply=g.ply, action=kind,
                      color=color_name(who), article=a.article, detail=detail, at=t)
        await self._commit(lg, None, row, t)
        lg.seq += 1
        return True

    # --- clocks ------------------------------------------------------------------------

    def _schedule(self, lg: LiveGame) -> None:
        """(Re)arm the timer that ends the game when the running side's flag falls."""
        if lg.timer is not None and lg.timer is not asyncio.current_task():
            lg.timer.cancel()
        lg.timer = None
        clock = lg.game.clock
        if self.stopping or lg.is_over or clock is None or lg.id not in self.games:
            return
        due = self._abort_due(lg)
        delay = None if due is None else max(0.0, due - self.now()) + 0.01
        if (clock.running is not None and lg.game.claim is None
                and clock.state is ClockState.RUNNING):
            flag = clock.remaining(clock.running) + 0.01
            delay = flag if delay is None else min(delay, flag)
        if delay is None:
            return
        lg.timer = asyncio.get_running_loop().create_task(self._flag_later(lg, delay))

    async def _flag_later(self, lg: LiveGame, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            async with lg.lock:
                ended = await self._flag_check(lg, self.now())
        except ServerError:
            return
        lg.timer = None
        if ended:
            await self.broadcast(lg)
            await self._announce(lg)
        else:
            self._schedule(lg)

    # --- other instances ---------------------------------------------------------------

    async def _announce(self, lg: LiveGame) -> None:
        if self.bus is not None:
            await self.bus.publish(lg.id, lg.seq)

    async def catch_up(self, game_id: int, next_seq: int) -> None:
        """Another instance committed this game's actions up to ``next_seq - 1``: apply
        them from the database to the copy in memory (if any) and show them."""
        lg = self.games.get(game_id)
        if lg is None or lg.seq >= next_seq:
            return
        async with lg.lock:
            if lg.seq >= next_seq:
                return
            rec = await anyio.to_thread.run_sync(store.load_game, self.db, game_id, lg.seq)
            lg.replay(rec)
            if lg.rated and lg.is_over and lg.changes == (None, None):
                lg.changes = await anyio.to_thread.run_sync(self.rating_changes, game_id)
        self._schedule(lg)
        await self.broadcast(lg)

    def live_ids(self) -> Iterable[int]:
        return [i for i, lg in self.games.items() if not lg.is_over]


def _seconds(text: str | None, who: Color | None) -> str:
    """An arbiter's time adjustment: a number of seconds (negative takes time) for a side."""
    if who is None:
        raise InvalidInput("color", code="color")
    try:
        seconds = float(text or "")
    except ValueError:
        raise InvalidInput("seconds", "a number of seconds") from None
    if not -36000 <= seconds <= 36000 or seconds != seconds or seconds == 0:
        raise InvalidInput("seconds", "between -36000 and 36000, not 0")
    return f"{seconds:g}"


def _article(message: str) -> str | None:
    """The article a library message cites, e.g. ``Code 1.9.6`` from "... (Code 1.9.6)"."""
    start = message.rfind("(")
    if start >= 0 and message.endswith(")"):
        inner = message[start + 1:-1]
        if inner.startswith(("Code ", "FMJD")):
            return inner
    return None


def hub_of(conn: HTTPConnection) -> Hub:
    """The app's live hub (``app.state.hub``), for a request or a WebSocket."""
    hub: Hub = conn.app.state.hub
    return hub
