"""Database operations of the platform: challenges, games, and the per-game action log.

Every function takes a SQLAlchemy session inside the caller's transaction, except
:func:`append_actions`, which commits its own: it is the write that must be durable
before the server acknowledges a move (:mod:`shashki.server.play.writer` batches it).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.clock import InvalidTimeControl, TimeControl
from shashki.color import BLACK, WHITE
from shashki.errors import InvalidFen, UnknownVariant
from shashki.game import Game as RulesGame
from shashki.rules import VARIANTS, variant_by_name
from shashki.server.accounts.auth import find_user
from shashki.server.accounts.models import Role, User
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


def create_challenge(db: DBSession, creator: User, variant: str, time_control: str | None,
                     color: str = "random", opponent: str | None = None,
                     fen: str | None = None) -> m.Challenge:
    variant = check_variant(variant)
    target = None
    if opponent is not None and opponent.strip():
        target = find_user(db, opponent)
        if target is None:
            raise InvalidInput("opponent", code="no_such_user", name=opponent.strip()[:40])
        if target.id == creator.id:
            raise InvalidInput("opponent", code="self_challenge")
    ch = m.Challenge(creator_id=creator.id, target_id=target.id if target else None,
                     variant=variant, time_control=check_time_control(time_control),
                     color=check_color(color), fen=check_fen(variant, fen),
                     created_at=time.time())
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


def accept_challenge(db: DBSession, ch: m.Challenge, user: User, started_at: float,
                     rng: random.Random | None = None) -> m.Game:
    """Start the game of a challenge; ``user`` is the opponent."""
    if ch.status != m.ChallengeStatus.OPEN.value:
        raise Conflict("challenge is no longer open")
    if ch.creator_id == user.id:
        raise InvalidInput("challenge", code="self_challenge")
    if ch.target_id is not None and ch.target_id != user.id:
        raise Forbidden("the invitation is for another player")
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
    rules = RulesGame(ch.variant, ch.fen, time_control=ch.time_control or None)
    game = m.Game(variant=ch.variant, initial_fen=rules.initial_fen,
                  time_control=ch.time_control, ruleset=rules.ruleset.name,
                  white_id=white, black_id=black, created_at=time.time(),
                  started_at=started_at if ch.time_control else None)
    db.add(game)
    db.flush()
    db.refresh(ch)
    ch.game_id = game.id
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


Action = tuple[int, "m.Move | None", "m.Event | None", "Ending | None"]
"""One action to write: (game id, move row, event row, the game's end)."""


def append_actions(database: Database, actions: list[Action]) -> None:
    """Write several actions (of any games) in one transaction: one commit, one disk
    flush for all of them (group commit). Raises if the commit fails: none happened."""
    events = [_values(e) for _, _, e, _ in actions if e is not None]
    moves = [_values(mv) for _, mv, _, _ in actions if mv is not None]
    # Core statements, not the ORM's unit of work: this runs for every move of every game.
    with database.engine.begin() as conn:
        if events:
            conn.execute(insert(m.Event), events)
        if moves:
            conn.execute(insert(m.Move), moves)
        for game_id, _, _, ending in actions:
            if ending is None:
                continue
            done = conn.execute(update(m.Game).where(m.Game.id == game_id).values(
                status=m.GameStatus.FINISHED.value, result=ending.result,
                termination_kind=ending.kind, termination_article=ending.article,
                termination_ply=ending.ply, termination_detail=ending.detail,
                ended_at=ending.at))
            if done.rowcount != 1:
                raise NotFound("game")


def _values(row: m.Move | m.Event) -> dict[str, Any]:
    """A new row's column values (its id is left to the database)."""
    return {c.key: getattr(row, c.key) for c in row.__table__.columns
            if c.key != "id" or row.id is not None}


def variants() -> list[str]:
    return list(VARIANTS)
