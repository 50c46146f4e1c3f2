"""Database operations of the platform: challenges, games, and the per-game action log.

Every function takes a SQLAlchemy session inside the caller's transaction, except
:func:`append_actions`, which commits its own: it is the write that must be durable
before the server acknowledges a move (:mod:`shashki.server.play.writer` batches it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, or_, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.clock import InvalidTimeControl, TimeControl
from shashki.color import BLACK, WHITE
from shashki.errors import InvalidFen, UnknownVariant
from shashki.game import Game as RulesGame
from shashki.rules import VARIANTS, variant_by_name
from shashki.server.accounts.auth import find_user
from shashki.server.accounts.models import Role, User
from shashki.server.core import metrics, notify
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput, NotFound
from shashki.server.play import models as m

MAX_FEN = 400


def check_variant(name: str) -> str:
    try:
        return variant_by_name(name).name
    except KeyError:
        raise InvalidInput("variant", code="variant") from None


def check_time_control(text: str | None) -> str:
    """The control's canonical text ('' for none): a preset name or the parsed stages."""
    if text is None or text.strip() in ("", "-", "none"):
        return ""
    if len(text) > 64:
        raise InvalidInput("time_control", "too long", code="time_control")
    try:
        tc = TimeControl.parse(text)
    except InvalidTimeControl as e:
        raise InvalidInput("time_control", str(e), code="time_control") from None
    return tc.name or str(tc)


def check_fen(variant: str, fen: str | None) -> str | None:
    """A start position that can stand and in which the game is not over (or None)."""
    if fen is None or not fen.strip():
        return None
    fen = fen.strip()
    if len(fen) > MAX_FEN:
        raise InvalidInput("fen", f"longer than {MAX_FEN} characters", code="fen")
    try:
        board = Board(variant, fen)
    except (InvalidFen, UnknownVariant) as e:
        raise InvalidInput("fen", str(e), code="fen") from None
    if board.outcome() is not None or not board.pieces(WHITE) or not board.pieces(BLACK):
        raise InvalidInput("fen", code="fen_over")
    return board.fen()


def check_color(color: str) -> str:
    if color not in ("white", "black", "random"):
        raise InvalidInput("color", code="color")
    return color


# --- challenges ----------------------------------------------------------------------------


def check_range(low: int | None, high: int | None) -> tuple[int | None, int | None]:
    """A seek's rating range: both ends between 0 and 4000, the lower first."""
    for name, v in (("rating_min", low), ("rating_max", high)):
        if v is not None and not 0 <= v <= 4000:
            raise InvalidInput(name, "between 0 and 4000", code="rating_range")
    if low is not None and high is not None and low > high:
        raise InvalidInput("rating_min", "above the maximum", code="rating_range")
    return low, high


def create_challenge(db: DBSession, creator: User, variant: str, time_control: str | None,
                     color: str = "random", opponent: str | None = None,
                     fen: str | None = None, rated: bool = False,
                     rating_min: int | None = None,
                     rating_max: int | None = None) -> m.Challenge:
    """A challenge; a rated one has a clock and the standard start (docs/ratings.md)."""
    variant = check_variant(variant)
    target = None
    if opponent is not None and opponent.strip():
        target = find_user(db, opponent)
        if target is None:
            raise InvalidInput("opponent", code="no_such_user", name=opponent.strip()[:40])
        if target.id == creator.id:
            raise InvalidInput("opponent", code="self_challenge")
    control = check_time_control(time_control)
    start = check_fen(variant, fen)
    if rated and not control:
        raise InvalidInput("rated", "a rated game needs a clock", code="rated_clock")
    if rated and start is not None:
        raise InvalidInput("rated", "a rated game starts from the initial position",
                           code="rated_fen")
    low, high = check_range(rating_min, rating_max)
    if target is not None:
        low = high = None
    ch = m.Challenge(creator_id=creator.id, target_id=target.id if target else None,
                     variant=variant, time_control=control, color=check_color(color),
                     fen=start, created_at=time.time(), rated=rated, rating_min=low,
                     rating_max=high)
    db.add(ch)
    db.flush()
    return ch


def can_see_challenge(ch: m.Challenge, user: User | None) -> bool:
    """Open challenges are public; an invitation only to its two players and staff."""
    if ch.target_id is None:
        return True
    if user is None:
        return False
    return user.id in (ch.creator_id, ch.target_id) or user.role_enum.at_least(
        Role.ADMINISTRATOR)


def get_challenge(db: DBSession, challenge_id: int, user: User | None) -> m.Challenge:
    ch = db.get(m.Challenge, challenge_id)
    if ch is None or not can_see_challenge(ch, user):
        raise NotFound("challenge")
    return ch


Admission = Callable[[DBSession, m.Challenge, User], None]
"""Raises if ``user`` may not accept the challenge (a seek's rating range, set by the
lobby feature on :attr:`Hub.admit <shashki.server.play.live.Hub.admit>`)."""


def accept_challenge(db: DBSession, ch: m.Challenge, user: User,
                     rng: random.Random | None = None,
                     admit: Admission | None = None) -> m.Game:
    """Start the game of a challenge; ``user`` is the opponent. The clock starts with
    White's first move (docs/rules.md L1)."""
    if ch.status != m.ChallengeStatus.OPEN.value:
        raise Conflict("challenge is no longer open")
    if ch.creator_id == user.id:
        raise InvalidInput("challenge", code="self_challenge")
    if ch.target_id is not None and ch.target_id != user.id:
        raise Forbidden("the invitation is for another player")
    if admit is not None:
        admit(db, ch, user)
    color = ch.color
    if color == "random":
        color = (rng or random.SystemRandom()).choice(["white", "black"])
    # Claim the challenge in one statement, so that two instances (or two requests)
    # accepting it at the same moment cannot both start a game.
    claimed = db.execute(update(m.Challenge).where(
        m.Challenge.id == ch.id, m.Challenge.status == m.ChallengeStatus.OPEN.value)
        .values(status=m.ChallengeStatus.ACCEPTED.value))
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict("challenge is no longer open")
    white, black = (ch.creator_id, user.id) if color == "white" else (user.id, ch.creator_id)
    game = new_game(db, ch.variant, ch.time_control, white, black, fen=ch.fen,
                    rated=ch.rated)
    db.refresh(ch)
    ch.game_id = game.id
    return game


def new_game(db: DBSession, variant: str, time_control: str, white_id: int, black_id: int,
             *, fen: str | None = None, rated: bool = False,
             started_at: float | None = None) -> m.Game:
    """A new live game (a challenge's, a pool's). ``started_at``: when White's clock was
    started (an event's game, Code 3.7.3); None: the clock starts with White's first move
    (docs/rules.md L1)."""
    rules = RulesGame(variant, fen, time_control=time_control or None)
    game = m.Game(variant=variant, initial_fen=rules.initial_fen, time_control=time_control,
                  ruleset=rules.ruleset.name, white_id=white_id, black_id=black_id,
                  created_at=time.time(), rated=rated,
                  started_at=started_at if time_control else None)
    db.add(game)
    db.flush()
    metrics.on_commit(db, metrics.GAMES_STARTED.labels(variant))
    # both players' pages are told once the game is committed (an event's round, a pool)
    notify.later(db, (white_id, black_id), {"kind": "started", "game": game.id,
                                           "url": f"/games/{game.id}"})
    return game


def close_challenge(db: DBSession, ch: m.Challenge, user: User) -> None:
    """The creator cancels, the invited player declines."""
    if ch.status != m.ChallengeStatus.OPEN.value:
        raise Conflict("challenge is no longer open")
    if user.id == ch.creator_id:
        ch.status = m.ChallengeStatus.CANCELLED.value
    elif ch.target_id == user.id:
        ch.status = m.ChallengeStatus.DECLINED.value
    else:
        raise Forbidden("not your challenge")


def lobby(db: DBSession, user: User | None) -> dict[str, list[m.Challenge]]:
    open_q = select(m.Challenge).where(m.Challenge.status == "open",
                                       m.Challenge.target_id.is_(None))
    out: dict[str, list[m.Challenge]] = {
        "open": list(db.scalars(open_q.order_by(m.Challenge.id.desc()).limit(100)))}
    if user is not None:
        out["invitations"] = list(db.scalars(
            select(m.Challenge).where(m.Challenge.status == "open",
                                      m.Challenge.target_id == user.id)))
        out["mine"] = list(db.scalars(
            select(m.Challenge).where(m.Challenge.status == "open",
                                      m.Challenge.creator_id == user.id)))
    return out


def live_games(db: DBSession, limit: int = 50) -> list[m.Game]:
    return list(db.scalars(select(m.Game).where(m.Game.status == "live")
                           .order_by(m.Game.id.desc()).limit(limit)))


def games_of(db: DBSession, user: User, limit: int = 50) -> list[m.Game]:
    return list(db.scalars(select(m.Game).where(
        or_(m.Game.white_id == user.id, m.Game.black_id == user.id))
        .order_by(m.Game.id.desc()).limit(limit)))


# --- the action log -----------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A game row with its moves and events, detached from the session."""

    game: m.Game
    moves: list[m.Move]
    events: list[m.Event]


def load_game(database: Database, game_id: int, since: int = 0) -> GameRecord:
    """The game with its actions from sequence number ``since`` on."""
    with database.session() as db:
        game = db.get(m.Game, game_id)
        if game is None:
            raise NotFound("game")
        moves = list(db.scalars(select(m.Move).where(m.Move.game_id == game_id,
                                                     m.Move.seq >= since)
                                .order_by(m.Move.seq)))
        events = list(db.scalars(select(m.Event).where(m.Event.game_id == game_id,
                                                       m.Event.seq >= since)
                                 .order_by(m.Event.seq)))
        db.expunge_all()
    return GameRecord(game, moves, events)


def live_game_ids(database: Database) -> list[int]:
    with database.session() as db:
        return list(db.scalars(select(m.Game.id).where(m.Game.status == "live")))


@dataclass(frozen=True)
class Ending:
    result: str
    kind: str
    article: str
    ply: int
    detail: str
    at: float


Action = tuple[int, "m.Move | None", "m.Event | None", "Ending | None", int | None]
"""One action to write: (game id, move row, event row, the game's end, and for a takeback
the ply it goes back to: the moves after it are marked taken back)."""


EndHook = Callable[[Connection, int, str, float], None]
"""Called with ``(connection, game id, result, time)`` inside the transaction that writes a
game's end, so what it writes (the ratings) commits with the result or not at all."""


def append_actions(database: Database, actions: list[Action],
                   ended: Sequence[EndHook] = ()) -> None:
    """Write several actions (of any games) in one transaction: one commit, one disk
    flush for all of them (group commit). Raises if the commit fails: none happened.
    Each hook in ``ended`` is called for each game that ends, in the same transaction."""
    events = [_values(e) for _, _, e, _, _ in actions if e is not None]
    moves = [_values(mv) for _, mv, _, _, _ in actions if mv is not None]
    # Core statements, not the ORM's unit of work: this runs for every move of every game.
    with database.engine.begin() as conn:
        if events:
            conn.execute(insert(m.Event), events)
        for game_id, _, _, _, back_to in actions:  # one action a game in a batch
            if back_to is not None:
                conn.execute(update(m.Move).where(
                    m.Move.game_id == game_id, m.Move.ply > back_to,
                    m.Move.taken_back.is_(False)).values(taken_back=True))
        if moves:
            conn.execute(insert(m.Move), moves)
        for game_id, _, _, ending, _ in actions:
            if ending is None:
                continue
            done = conn.execute(update(m.Game).where(m.Game.id == game_id).values(
                status=m.GameStatus.FINISHED.value, result=ending.result,
                termination_kind=ending.kind, termination_article=ending.article,
                termination_ply=ending.ply, termination_detail=ending.detail,
                ended_at=ending.at))
            if done.rowcount != 1:
                raise NotFound("game")
            for hook in ended:
                hook(conn, game_id, ending.result, ending.at)
    metrics.MOVES.inc(len(moves))  # committed
    for _, _, _, ending, _ in actions:
        if ending is not None:
            metrics.GAMES_FINISHED.labels(ending.result).inc()


def _values(row: m.Move | m.Event) -> dict[str, Any]:
    """A new row's column values (its id is left to the database)."""
    return {c.key: getattr(row, c.key) for c in row.__table__.columns
            if c.key != "id" or row.id is not None}


def variants() -> list[str]:
    return list(VARIANTS)
