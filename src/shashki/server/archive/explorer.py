"""The opening explorer and position search of the archive.

Every position of every archive game is stored at import (``archive_positions``) under a
64-bit key of the variant and the position's FEN, with the move played from it and the
game's result. What was played from a position, with how often and how those games
ended, is then one look-up in one covering index (key, move, result), whatever the size
of the archive; the games that reached a position (the archive's "later step") use the
same index.

The key is a hash (BLAKE2b, 8 bytes, as a signed 64-bit integer for the database) of
``variant|FEN``: the FEN names the pieces and the side to move, so transpositions meet,
and the variant keeps an 8x8 Russian and Brazilian position apart.

>>> position_key("russian", "W:W21-32:B1-12") == position_key("russian", "W:W21-32:B1-12")
True
>>> position_key("russian", "W:W21-32:B1-12") == position_key("brazilian", "W:W21-32:B1-12")
False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, case, func, insert, select
from sqlalchemy.orm import Session as DBSession

from shashki.board import Board
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.pdn import read_game
from shashki.pdn.lexer import escape
from shashki.rules import variant_by_name
from shashki.server.archive.models import ArchiveGame, ArchivePosition
from shashki.server.core.errors import InvalidInput

WHITE_WINS = ("1-0", "2-0")
BLACK_WINS = ("0-1", "0-2")
DRAWS = ("1/2-1/2", "1-1")


def position_key(variant: str, fen: str) -> int:
    """The position's key: 64 bits of BLAKE2b over ``variant|fen``, signed."""
    digest = hashlib.blake2b(f"{variant}|{fen}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


@dataclass(frozen=True)
class Position:
    ply: int
    key: int
    move: str


def positions(start: Board, moves: Sequence[Move]) -> list[Position]:
    """Each position of a game from ``start`` (ply 0) with the move played from it."""
    b = start.copy(stack=False)
    variant = b.variant.name
    out = []
    for i, mv in enumerate(moves):
        out.append(Position(i, position_key(variant, b.fen()), b.move_text(mv)))
        b.push(mv)
    out.append(Position(len(moves), position_key(variant, b.fen()), ""))
    return out


def store_positions(db: DBSession, rows: Sequence[tuple[ArchiveGame, list[Position]]]
                    ) -> int:
    """Insert the positions of games just flushed (their ids known); the rows inserted."""
    values = [{"game_id": game.id, "ply": p.ply, "key": p.key, "move": p.move,
               "result": game.result} for game, ps in rows for p in ps]
    if values:
        db.execute(insert(ArchivePosition), values)
    return len(values)


def positions_of_pdn(text: str) -> list[Position]:
    """The positions of a stored game's PDN (its tags and movetext), for the backfill of
    games stored before the index (:func:`index_unindexed`)."""
    game = read_game(text)
    if game is None or game.errors:
        return []
    return positions(game.board(), game.mainline_moves())


def index_unindexed(conn: Connection, batch: int = 500) -> int:
    """Index every archive game that has no positions yet (the games stored before the
    explorer, revision ``g0001``): its PDN replayed, its positions inserted. The data step
    of ``g0001`` (``shashki.server.tables.DATA_STEPS``), run on the upgrade's connection,
    in its transaction. Returns the games indexed."""
    G, P = ArchiveGame, ArchivePosition
    missing = ~select(P.game_id).where(P.game_id == G.id).exists()
    last, done = 0, 0
    while True:
        rows = conn.execute(select(G.id, G.result, G.headers, G.movetext)
                            .where(G.id > last, missing).order_by(G.id)
                            .limit(batch)).all()
        if not rows:
            return done
        values = []
        for row in rows:
            headers = json.loads(row.headers or "{}")
            tags = "\n".join(f'[{k} "{escape(str(v))}"]' for k, v in headers.items())
            text = (tags + "\n\n" if tags else "") + (row.movetext or "")
            ps = positions_of_pdn(text)
            done += bool(ps)
            values += [{"game_id": row.id, "ply": p.ply, "key": p.key, "move": p.move,
                        "result": row.result} for p in ps]
        if values:
            conn.execute(insert(P), values)
        last = rows[-1].id


def checked_fen(variant: str, fen: str | None) -> tuple[str, Board]:
    """The variant's name and the board of ``fen`` (the start when empty), or a typed
    error naming the field."""
    try:
        v = variant_by_name(variant).name
    except KeyError:
        raise InvalidInput("variant", code="variant") from None
    try:
        board = Board(v, fen or None)
    except ShashkiError as e:
        raise InvalidInput("fen", str(e), code="fen") from None
    return v, board


def explore(db: DBSession, variant: str, fen: str | None, games: int = 10) -> dict[str, Any]:
    """The moves played from the position in the archive's games: per move the games,
    White's wins, draws and Black's wins, most played first; and the first ``games``
    games that reached it."""
    v, board = checked_fen(variant, fen)
    key = position_key(v, board.fen())
    P = ArchivePosition
    win_w = func.sum(case((P.result.in_(WHITE_WINS), 1), else_=0))
    win_b = func.sum(case((P.result.in_(BLACK_WINS), 1), else_=0))
    draw = func.sum(case((P.result.in_(DRAWS), 1), else_=0))
    q = (select(P.move, func.count(), win_w, draw, win_b).where(P.key == key)
         .group_by(P.move).order_by(func.count().desc(), P.move))
    moves = []
    total = 0
    for move, n, w, d, b in db.execute(q):
        total += n
        if move:
            moves.append({"move": move, "games": n, "white": int(w or 0),
                          "draws": int(d or 0), "black": int(b or 0)})
    legal = {board.move_text(m) for m in board.legal_moves}
    for m in moves:
        m["legal"] = m["move"] in legal
    sample = db.execute(
        select(ArchiveGame.id, ArchiveGame.white, ArchiveGame.black, ArchiveGame.result,
               ArchiveGame.date, ArchiveGame.event, P.ply)
        .join(ArchiveGame, ArchiveGame.id == P.game_id)
        .where(P.key == key).limit(games)).all()  # no ORDER BY: it would sort them all
    return {"variant": v, "fen": board.fen(), "games": total, "moves": moves,
            "sample": [{"id": r.id, "white": r.white, "black": r.black, "result": r.result,
                        "date": r.date, "event": r.event, "ply": r.ply} for r in sample]}
