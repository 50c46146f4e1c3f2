"""DXP, the DamExchange Protocol (Frank Mesander), for 10x10 games between engines.

Layer 1 is a TCP stream (port 27531); every message is 1–127 ASCII characters ended by
a NUL byte. Layer 2: the first character is the message type, then fixed-width fields
(numbers zero-padded, squares ``01``–``50``):

=========  =====================================================================
``R``      GAMEREQ: version ``01``, initiator's name (32), the follower's colour
           (``W``/``Z``), thinking time in minutes (3), moves in that time (3, ``000``
           none), ``A`` (initial position) or ``B`` + side to move + 50 squares
           (``w``/``z`` men, ``W``/``Z`` kings, ``e`` empty)
``A``      GAMEACC: follower's name (32), ``0`` accepted, ``1`` wrong version,
           ``2`` not this game, ``3`` no games at all
``M``      MOVE: seconds used (4), from (2), to (2), pieces captured (2), their squares
``E``      GAMEEND: reason (``0`` unknown, ``1`` I lose, ``2`` draw, ``3`` I win), stop
           code (``0`` another game welcome, ``1`` stop)
``C``      CHAT: free text
``B``      BACKREQ: move number (3), side to move (``W``/``Z``)
``K``      BACKACC: ``0`` accepted, ``1`` refused
=========  =====================================================================

The Initiator (:class:`DxpClient`) sends ``R``; the Follower (:class:`DxpServer`)
answers ``A``; moves alternate strictly (forced moves too); the game ends with ``E``
answered by ``E``, after which the Initiator may request another game. A capture is
named by its captured set, as in Hub. Both ends conduct the game with
:class:`shashki.game.Game` (FMJD rules and draw rules) and play with any engine of
:mod:`shashki.engine.match` (``shashki``, ``hub:…``, ``py-draughts`` …), made by the caller
(``make_player``): this module knows players only through
:class:`~shashki.engine.players.Player`.

>>> encode(Move_(12, 5, 25, (22, 12, 23, 20)))
'M001205250422122320'
>>> decode('R01Scan 3.1                        Z001075A')
GameReq(name='Scan 3.1', follower=<Color.BLACK: 1>, minutes=1, moves=75, position=None, version=1)
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from shashki.board import Board
from shashki.clock import Stage, TimeControl
from shashki.color import BLACK, WHITE, Color
from shashki.engine.limits import Limit
from shashki.engine.players import Control, EngineSpec, MatchError, Player, SideClock
from shashki.errors import ShashkiError
from shashki.game import Game
from shashki.move import Move

PORT = 27531
"""The TCP port of DXP by convention.

>>> PORT, parse_address("localhost")
(27531, ('localhost', 27531))
"""
VERSION = 1
NAME_WIDTH = 32


class DxpError(ShashkiError):
    """A DXP message that cannot be read, or a peer that breaks the protocol.

    >>> decode("Q123")
    Traceback (most recent call last):
        ...
    shashki.engine.dxp.DxpError: unknown DXP message type 'Q' in 'Q123'
    """


class DxpTimeout(DxpError):
    """The peer did not send a message in time.

    >>> import socket
    >>> a, b = socket.socketpair()
    >>> Connection(a).recv(timeout=0.01)
    Traceback (most recent call last):
        ...
    shashki.engine.dxp.DxpTimeout: no DXP message within 0.01 s; last: none
    >>> a.close(); b.close()
    """


class DxpClosed(DxpError):
    """The peer closed the connection.

    >>> import socket
    >>> a, b = socket.socketpair()
    >>> b.close()
    >>> Connection(a).recv(timeout=1.0)
    Traceback (most recent call last):
        ...
    shashki.engine.dxp.DxpClosed: DXP peer closed the connection
    """


# --- messages -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameReq:
    """GAMEREQ (``R``): the Initiator asks for a game: its name, the Follower's colour, the minutes
    and the moves of the time control, and the start position (None: the initial one).

    >>> from shashki.color import BLACK
    >>> encode(GameReq("shashki", BLACK, 60, 50))
    'R01shashki                         Z060050A'
    >>> request = GameReq("shashki", BLACK, 60, 50)
    >>> decode(encode(request)) == request
    True
    """
    name: str
    follower: Color
    minutes: int
    moves: int
    position: str | None = None
    """None for the initial position, else side to move (``W``/``Z``) and 50 squares."""
    version: int = VERSION


@dataclass(frozen=True)
class GameAcc:
    """GAMEACC (``A``): the Follower's answer to a GAMEREQ, with its name; ``code`` 0 accepts.

    >>> encode(GameAcc("shashki", 0)), decode("Ascan                              1")
    ('Ashashki                         0', GameAcc(name='scan', code=1))
    """
    name: str
    code: int


@dataclass(frozen=True)
class Move_:
    """MOVE (``M``): the seconds the move took, its start and end squares and the squares it
    captured.

    >>> encode(Move_(5, 32, 28))
    'M0005322800'
    >>> decode(encode(Move_(1, 28, 17, (22,))))
    Move_(seconds=1, start=28, end=17, captured=(22,))
    """
    seconds: int
    start: int
    end: int
    captured: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameEnd:
    """GAMEEND (``E``): the game is over; ``reason`` 0 unknown, 1 sender loses, 2 draw, 3 sender
    wins; ``stop`` 1 ends the session.

    >>> encode(GameEnd(0, 1)), decode("E20")
    ('E01', GameEnd(reason=2, stop=0))
    """
    reason: int
    stop: int = 0


@dataclass(frozen=True)
class Chat:
    """CHAT (``C``): free text between the two programs.

    >>> encode(Chat("good luck")), decode("Chi")
    ('Cgood luck', Chat(text='hi'))
    """
    text: str


@dataclass(frozen=True)
class BackReq:
    """BACKREQ (``B``): a request to take the game back to ``move`` with ``side`` to play.

    >>> from shashki.color import WHITE
    >>> encode(BackReq(12, WHITE)), decode("B012W")
    ('B012W', BackReq(move=12, side=<Color.WHITE: 0>))
    """
    move: int
    side: Color


@dataclass(frozen=True)
class BackAcc:
    """BACKACC (``K``): the answer to a BACKREQ, ``code`` 0 accepted.

    >>> encode(BackAcc(0)), decode("K1")
    ('K0', BackAcc(code=1))
    """
    code: int


Message = Union[GameReq, GameAcc, Move_, GameEnd, Chat, BackReq, BackAcc]  # noqa: UP007


def _color_letter(c: Color) -> str:
    return "W" if c is WHITE else "Z"


def _color(ch: str, text: str) -> Color:
    if ch == "W":
        return WHITE
    if ch == "Z":
        return BLACK
    raise DxpError(f"bad DXP message {text!r}: colour {ch!r} is neither W nor Z")


def encode(msg: Message) -> str:
    """The DXP text of a message (without the closing NUL).

    >>> encode(Chat("hi"))
    'Chi'
    """
    if isinstance(msg, GameReq):
        start = "A" if msg.position is None else "B" + msg.position
        return (f"R{msg.version:02d}{msg.name[:NAME_WIDTH]:<{NAME_WIDTH}}"
                f"{_color_letter(msg.follower)}{msg.minutes:03d}{msg.moves:03d}{start}")
    if isinstance(msg, GameAcc):
        return f"A{msg.name[:NAME_WIDTH]:<{NAME_WIDTH}}{msg.code}"
    if isinstance(msg, Move_):
        caps = "".join(f"{s:02d}" for s in msg.captured)
        return (f"M{min(msg.seconds, 9999):04d}{msg.start:02d}{msg.end:02d}"
                f"{len(msg.captured):02d}{caps}")
    if isinstance(msg, GameEnd):
        return f"E{msg.reason}{msg.stop}"
    if isinstance(msg, Chat):
        return "C" + msg.text[:126]
    if isinstance(msg, BackReq):
        return f"B{msg.move:03d}{_color_letter(msg.side)}"
    return f"K{msg.code}"


def _int(text: str, field: str, whole: str) -> int:
    if not text.isdigit():
        raise DxpError(f"bad DXP message {whole!r}: {field} {text!r} is not a number")
    return int(text)


def decode(text: str) -> Message:
    """The message of a DXP text; :class:`DxpError` names the bad field.

    >>> decode("M0001322800")
    Move_(seconds=1, start=32, end=28, captured=())
    >>> decode("E00"), decode("K0"), decode("B012Z")
    (GameEnd(reason=0, stop=0), BackAcc(code=0), BackReq(move=12, side=<Color.BLACK: 1>))
    """
    if not text:
        raise DxpError("empty DXP message")
    kind, body = text[0], text[1:]
    if kind == "R":
        if len(body) < 2 + NAME_WIDTH + 8:
            raise DxpError(f"bad DXP GAMEREQ {text!r}: too short")
        version = _int(body[:2], "version", text)
        name = body[2:2 + NAME_WIDTH].strip()
        rest = body[2 + NAME_WIDTH:]
        follower = _color(rest[0], text)
        minutes = _int(rest[1:4], "minutes", text)
        moves = _int(rest[4:7], "moves", text)
        start = rest[7:]
        if start == "A":
            position = None
        elif start.startswith("B") and len(start) == 52:
            position = start[1:]
        else:
            raise DxpError(f"bad DXP GAMEREQ {text!r}: start {start!r} is neither A nor "
                           "B + side + 50 squares")
        return GameReq(name, follower, minutes, moves, position, version)
    if kind == "A":
        if len(body) < 1:
            raise DxpError(f"bad DXP GAMEACC {text!r}: too short")
        return GameAcc(body[:-1].strip(), _int(body[-1], "code", text))
    if kind == "M":
        if len(body) < 10:
            raise DxpError(f"bad DXP MOVE {text!r}: too short")
        seconds = _int(body[:4], "time", text)
        frm = _int(body[4:6], "from", text)
        to = _int(body[6:8], "to", text)
        n = _int(body[8:10], "capture count", text)
        caps = body[10:]
        if len(caps) != 2 * n:
            raise DxpError(f"bad DXP MOVE {text!r}: {n} captures but {len(caps)} digits")
        captured = tuple(_int(caps[i:i + 2], "captured square", text) for i in range(0, 2 * n, 2))
        return Move_(seconds, frm, to, captured)
    if kind == "E":
        if len(body) < 2:
            raise DxpError(f"bad DXP GAMEEND {text!r}: too short")
        return GameEnd(_int(body[0], "reason", text), _int(body[1], "stop code", text))
    if kind == "C":
        return Chat(body)
    if kind == "B":
        if len(body) < 4:
            raise DxpError(f"bad DXP BACKREQ {text!r}: too short")
        return BackReq(_int(body[:3], "move number", text), _color(body[3], text))
    if kind == "K":
        if not body:
            raise DxpError(f"bad DXP BACKACC {text!r}: too short")
        return BackAcc(_int(body[0], "code", text))
    raise DxpError(f"unknown DXP message type {kind!r} in {text!r}")


def position_text(board: Board) -> str:
    """Side to move and 50 squares, as GAMEREQ writes a start position.

    >>> position_text(Board("international"))[:22]
    'Wzzzzzzzzzzzzzzzzzzzze'
    """
    chars = [_color_letter(board.turn)]
    for sq in range(1, 51):
        p = board.piece_at(sq)
        if p is None:
            chars.append("e")
        else:
            ch = "w" if p.color is WHITE else "z"
            chars.append(ch.upper() if p.king else ch)
    return "".join(chars)


def board_from_position(text: str) -> Board:
    """The board of a GAMEREQ position (side to move and 50 squares).

    >>> from shashki import Board
    >>> board = board_from_position("W" + "z" * 20 + "e" * 10 + "w" * 20)
    >>> board.fen() == Board("international").fen()
    True
    """
    if len(text) != 51:
        raise DxpError(f"DXP position {text!r} has {len(text)} characters, not 51")
    side = _color(text[0], text)
    blocks: dict[str, list[str]] = {"W": [], "B": []}
    for sq, c in enumerate(text[1:], 1):
        if c in "eE":
            continue
        if c not in "wzWZ":
            raise DxpError(f"DXP position {text!r}: bad square character {c!r} at square {sq}")
        blocks["W" if c in "wW" else "B"].append(("K" if c.isupper() else "") + str(sq))
    fen = f"{'W' if side is WHITE else 'B'}:W{','.join(blocks['W'])}:B{','.join(blocks['B'])}"
    return Board("international", fen)


def move_message(move: Move, seconds: float) -> Move_:
    return Move_(round(seconds), move.start, move.end, tuple(sorted(move.captured)))


def find_move(board: Board, msg: Move_) -> Move:
    """The legal move a MOVE message names (start, end, captured set).

    >>> from shashki import Board
    >>> find_move(Board("international"), Move_(0, 32, 28))
    Move((32, 28))
    """
    caps = frozenset(msg.captured)
    for m in board.legal_moves:
        if m.start == msg.start and m.end == msg.end and m.captured == caps:
            return m
    raise DxpError(f"illegal DXP move {encode(msg)!r} in {board.fen()}")


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``, port 27531).

    >>> parse_address("10.0.0.5:27000"), parse_address("localhost")
    (('10.0.0.5', 27000), ('localhost', 27531))
    """
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise DxpError(f"bad DXP address {text!r}: port {port!r}")
    return host or "127.0.0.1", int(port)


# --- the connection -----------------------------------------------------------------------


class Connection:
    """Messages over a TCP socket: NUL-terminated ASCII, read with a timeout.

    >>> import socket
    >>> a, b = socket.socketpair()
    >>> left, right = Connection(a), Connection(b)
    >>> left.send(Chat("hello"))
    >>> right.recv(timeout=1.0)
    Chat(text='hello')
    >>> left.close(); right.close()
    """

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._buf = b""
        self.log: list[str] = []

    def send(self, msg: Message) -> None:
        text = encode(msg)
        self.log.append("> " + text)
        del self.log[:-20]
        try:
            self.sock.sendall(text.encode("ascii", "replace") + b"\0")
        except OSError as e:
            raise DxpClosed(f"DXP peer closed the connection (sending {text!r}): {e}") from None

    def recv(self, timeout: float | None) -> Message:
        """The next message; skips empty ones."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if b"\0" in self._buf:
                raw, _, self._buf = self._buf.partition(b"\0")
                if not raw.strip():
                    continue
                text = raw.decode("ascii", "replace")
                self.log.append("< " + text)
                del self.log[:-20]
                return decode(text)
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DxpTimeout(f"no DXP message within {timeout:g} s; last: "
                                     f"{' | '.join(self.log[-3:]) or 'none'}")
                self.sock.settimeout(left)
            else:
                self.sock.settimeout(None)
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            except OSError as e:
                raise DxpClosed(f"DXP connection failed: {e}") from None
            if not data:
                raise DxpClosed("DXP peer closed the connection")
            self._buf += data

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


# --- one game -----------------------------------------------------------------------------


@dataclass
class DxpGame:
    """A finished DXP game.

    >>> game = DxpGame("shashki", "scan", "2-0", "no pieces", 81, "...")
    >>> game.result, game.plies, game.stop
    ('2-0', 81, False)
    """

    white: str
    black: str
    result: str
    termination: str
    plies: int
    pdn: str
    stop: bool = False
    """The peer asked to stop after this game."""


def control_of(minutes: int, moves: int) -> Control:
    """Our engine's clock for a GAMEREQ: ``minutes`` for ``moves`` moves (0: the game)."""
    return Control(TimeControl((Stage(minutes * 60.0, moves or None),)))


def _reason(game: Game, me: Color) -> int:
    t = game.termination
    if t is None:
        return 0
    if t.winner is None:
        return 1 if t.both_lost else 2
    return 3 if t.winner is me else 1


class Session:
    """Plays games on one connection with one player (either role).

    >>> import socket
    >>> from shashki.engine.match import make_player
    >>> a, b = socket.socketpair()
    >>> session = Session(Connection(a), make_player("shashki,depth=1", "international"), "me")
    >>> session.name, session.chat
    ('me', [])
    >>> session.player.close(); a.close(); b.close()
    """

    end_wait = 5.0
    """Seconds to wait for the peer's GAMEEND once the rules ended the game."""

    def __init__(self, conn: Connection, player: Player, name: str,
                 move_timeout: float = 600.0) -> None:
        self.conn = conn
        self.player = player
        self.name = name
        self.move_timeout = move_timeout
        self.chat: list[str] = []

    def play(self, start: Board, me: Color, control: Control, peer: str,
             event: str = "DXP game") -> DxpGame:
        """Play one game from ``start`` with colour ``me`` until the GAMEEND exchange."""
        from shashki.pdn import write_game

        game = Game("international", start.fen(), repetition="auto")
        moves: list[Move] = []
        clock = SideClock(control)
        self.player.new_game(game.board.copy(), me, control)
        peer_end: GameEnd | None = None
        while not game.is_over:
            if game.board.turn is me:
                t0 = time.perf_counter()
                move = self.player.move(game.board.copy(), clock.limit())
                spent = time.perf_counter() - t0
                clock.charge(spent)
                self.conn.send(move_message(move, spent))
                game.play(move)
                moves.append(move)
                continue
            msg = self.conn.recv(self.move_timeout)
            if isinstance(msg, Move_):
                move = find_move(game.board, msg)
                game.play(move)
                moves.append(move)
            elif isinstance(msg, GameEnd):
                peer_end = msg
                self._peer_ended(game, me, msg)
            elif isinstance(msg, Chat):
                self.chat.append(msg.text)
            elif isinstance(msg, BackReq):
                game = self._take_back(game, moves, msg, start)
            else:
                raise DxpError(f"unexpected DXP message {encode(msg)!r} during the game")
        stop = self._finish(game, me, peer_end)
        self.player.end_game(game)
        white, black = (self.name, peer) if me is WHITE else (peer, self.name)
        record = game.to_pdn({"Event": event, "Site": "DXP", "Date": time.strftime("%Y.%m.%d"),
                              "White": white, "Black": black})
        if start.fen() != Board("international").fen():
            record.headers["FEN"] = start.fen()
        term = game.termination
        return DxpGame(white, black, game.result, term.tag() if term else "", game.ply,
                       write_game(record), stop)

    def _peer_ended(self, game: Game, me: Color, msg: GameEnd) -> None:
        """The peer ended the game before the rules did: take its word (DXP has no
        arbiter); reason 1 = it loses, 2 = draw, 3 = it wins."""
        if msg.reason == 1:
            game.decide(me, "DXP GAMEEND", "the opponent gave up")
        elif msg.reason == 3:
            game.decide(me.other, "DXP GAMEEND", "the opponent claimed the win")
        else:
            game.decide(None, "DXP GAMEEND", "the opponent ended the game")

    def _finish(self, game: Game, me: Color, peer_end: GameEnd | None) -> bool:
        """The GAMEEND exchange; True when the peer asked to stop.

        DamExchange, GAMEEND: the program to move sends the first GAMEEND (with a reason:
        1 I give up, 2 draw, 3 I win, or 0), "the other program (on receipt of the initial
        GAMEEND message) acknowledge[s] the termination request", and an acknowledgement's
        reason "is always '0'"."""
        if peer_end is not None:
            self.conn.send(GameEnd(0, 0))
            return peer_end.stop == 1
        if game.board.turn is not me:  # the side to move initiates: wait for it a little
            try:
                while True:
                    msg = self.conn.recv(self.end_wait)
                    if isinstance(msg, GameEnd):
                        self.conn.send(GameEnd(0, 0))  # the acknowledgement
                        return msg.stop == 1
                    if isinstance(msg, Chat):
                        self.chat.append(msg.text)
            except DxpTimeout:
                pass
        self.conn.send(GameEnd(_reason(game, me), 0))
        while True:
            msg = self.conn.recv(self.end_wait)
            if isinstance(msg, GameEnd):
                return msg.stop == 1
            if isinstance(msg, Chat):
                self.chat.append(msg.text)

    def _take_back(self, game: Game, moves: list[Move], req: BackReq, start: Board) -> Game:
        """BACKREQ: back to move ``req.move`` with ``req.side`` to move; BACKACC 0 if
        that position is in the game, else 1."""
        first = 0 if start.turn is WHITE else 1
        ply = (req.move - 1) * 2 + (0 if req.side is WHITE else 1) - first
        if not 0 <= ply <= len(moves):
            self.conn.send(BackAcc(1))
            return game
        del moves[ply:]
        g = Game("international", start.fen(), repetition="auto")
        for m in moves:
            g.play(m)
        self.conn.send(BackAcc(0))
        return g


# --- follower: the server -----------------------------------------------------------------


class DxpServer:
    """A DXP Follower: listens on ``host:port`` and plays every game it is asked for with
    ``player`` (e.g. ``make_player("shashki", "international")`` of
    :mod:`shashki.engine.match`); :meth:`close` closes the player too. Port 0 picks a free
    port (:attr:`port` tells which).

    >>> from shashki.engine.match import make_player
    >>> server = DxpServer(make_player("shashki,depth=1", "international"), port=0)
    >>> server.port > 0
    True
    >>> server.close()
    """

    def __init__(self, player: Player, host: str = "127.0.0.1", port: int = PORT,
                 name: str = "shashki") -> None:
        self.name = name
        self._player: Player | None = player
        self._sock = socket.create_server((host, port), reuse_port=False)
        self.host, self.port = self._sock.getsockname()[:2]
        self._closed = threading.Event()

    def player(self) -> Player:
        if self._player is None:
            raise DxpError("the DXP server is closed")
        return self._player

    def serve(self, once: bool = False, timeout: float | None = None) -> Iterator[DxpGame]:
        """Accept connections one after another and yield every game played."""
        self._sock.settimeout(timeout)
        while not self._closed.is_set():
            try:
                sock, _ = self._sock.accept()
            except TimeoutError:
                raise DxpTimeout(f"no DXP connection within {timeout:g} s") from None
            except OSError:
                if self._closed.is_set():
                    return
                raise
            conn = Connection(sock)
            try:
                yield from self.games(conn)
            finally:
                conn.close()
            if once:
                return

    def games(self, conn: Connection) -> Iterator[DxpGame]:
        """The games of one connection, until the Initiator stops or goes away."""
        session = Session(conn, self.player(), self.name)
        while True:
            try:
                msg = conn.recv(None)
            except DxpClosed:
                return
            if isinstance(msg, Chat):
                session.chat.append(msg.text)
                continue
            if isinstance(msg, GameEnd):  # a stop after the last game
                return
            if not isinstance(msg, GameReq):
                raise DxpError(f"expected a GAMEREQ, got {encode(msg)!r}")
            if msg.version != VERSION:
                conn.send(GameAcc(self.name, 1))
                continue
            try:
                start = (Board("international") if msg.position is None
                         else board_from_position(msg.position))
            except ShashkiError:
                conn.send(GameAcc(self.name, 2))
                continue
            conn.send(GameAcc(self.name, 0))
            game = session.play(start, msg.follower, control_of(msg.minutes, msg.moves),
                                msg.name, event=f"DXP game, {msg.name} vs {self.name}")
            yield game
            if game.stop:
                return

    def close(self) -> None:
        self._closed.set()
        self._sock.close()
        if self._player is not None:
            self._player.close()
            self._player = None

    def __enter__(self) -> DxpServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- initiator: the client ----------------------------------------------------------------


class DxpClient:
    """A DXP Initiator: connects to a Follower and plays games with ``player`` (closed with
    the client).

    >>> from shashki.engine.match import make_player
    >>> server = DxpServer(make_player("shashki,depth=1", "international"), port=0)
    >>> client = DxpClient(make_player("shashki,depth=1", "international"), port=server.port)
    >>> client.close(); server.close()
    """

    def __init__(self, player: Player, host: str = "127.0.0.1", port: int = PORT,
                 name: str = "shashki", timeout: float = 30.0) -> None:
        self.name = name
        self.timeout = timeout
        self.player = player
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except (OSError, UnicodeError) as e:  # UnicodeError: not a host name (IDNA)
            player.close()
            raise DxpError(f"cannot connect to DXP server {host}:{port}: {e}") from None
        self.conn = Connection(sock)
        self.session = Session(self.conn, self.player, name)

    def request(self, follower: Color, minutes: int, moves: int = 0,
                start: Board | None = None) -> str:
        """Send GAMEREQ and read GAMEACC; the follower's name, or :class:`DxpError`."""
        position = None
        if start is not None and start.fen() != Board("international").fen():
            position = position_text(start)
        self.conn.send(GameReq(self.name, follower, minutes, moves, position))
        while True:
            msg = self.conn.recv(self.timeout)
            if isinstance(msg, Chat):
                continue
            if not isinstance(msg, GameAcc):
                raise DxpError(f"expected GAMEACC, got {encode(msg)!r}")
            if msg.code != 0:
                why = {1: "wrong version", 2: "not this game", 3: "no games at all"}
                raise DxpError(f"DXP follower {msg.name!r} refused the game: code {msg.code} "
                               f"({why.get(msg.code, 'unknown')})")
            return msg.name

    def play(self, color: Color, minutes: int = 5, moves: int = 0,
             start: Board | None = None) -> DxpGame:
        """One game with our engine playing ``color``."""
        board = start if start is not None else Board("international")
        peer = self.request(color.other, minutes, moves, board)
        return self.session.play(board, color, control_of(minutes, moves), peer,
                                 event=f"DXP game, {self.name} vs {peer}")

    def close(self) -> None:
        self.conn.close()
        self.player.close()

    def __enter__(self) -> DxpClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- an engine behind a DXP server, as a match player ------------------------------------


class DxpPlayer(Player):
    """``dxp:HOST:PORT`` in a match: the remote engine is the Follower and plays our
    colour; the other side's moves are sent to it, its moves read back. Its clock is
    the match control rounded up to whole minutes (DXP has no time per move).

    >>> from shashki.engine.players import parse_spec
    >>> spec = parse_spec("dxp:127.0.0.1:27531")
    >>> spec.kind, spec.arg
    ('dxp', '127.0.0.1:27531')
    """

    def __init__(self, spec: EngineSpec, variant: str) -> None:
        super().__init__(spec)
        if variant != "international":
            raise MatchError(f"DXP plays International only, not {variant}")
        host, port = parse_address(spec.arg)
        try:
            sock = socket.create_connection((host, port), timeout=30)
        except OSError as e:
            raise DxpError(f"cannot connect to DXP server {host}:{port}: {e}") from None
        self.conn = Connection(sock)
        self.peer = spec.arg
        self._ply = 0
        self._color = WHITE
        self._active = False

    @property
    def label(self) -> str:
        return self.spec.label or f"dxp:{self.peer}"

    def new_game(self, board: Board, color: Color, control: Control) -> None:
        if control.clock is not None:
            first = control.clock.stages[0]
            minutes = max(1, -(-int(first.seconds + 60 * first.increment) // 60))
            moves = first.moves or 0
        elif control.move_time is not None:
            minutes, moves = max(1, -(-int(control.move_time * 75) // 60)), 75
        else:
            minutes, moves = 1, 0
        self.conn.send(GameReq("shashki match", color, min(minutes, 999), moves,
                               None if board.fen() == Board("international").fen()
                               else position_text(board)))
        msg = self.conn.recv(30.0)
        if not isinstance(msg, GameAcc) or msg.code != 0:
            raise DxpError(f"DXP engine at {self.peer} refused the game: {encode(msg)!r}")
        self.peer = msg.name or self.peer
        self._ply = 0
        self._color = color
        self._active = True

    def _send_moves(self, board: Board) -> None:
        stack = board.move_stack
        for m in stack[self._ply:]:
            self.conn.send(move_message(m, 0))
        self._ply = len(stack)

    def move(self, board: Board, limit: Limit) -> Move:
        self._send_moves(board)
        timeout = 600.0
        if limit.time is not None:
            timeout = limit.time * 10 + 30
        elif limit.remaining is not None:
            timeout = limit.remaining + limit.increment + 30
        while True:
            msg = self.conn.recv(timeout)
            if isinstance(msg, Move_):
                self._ply += 1
                return find_move(board, msg)
            if isinstance(msg, GameEnd):
                self._active = False
                self.conn.send(GameEnd(0, 0))
                raise DxpError(f"the DXP engine ended the game (reason {msg.reason})")
            if not isinstance(msg, Chat):
                raise DxpError(f"unexpected DXP message {encode(msg)!r}")

    def end_game(self, game: Game) -> None:
        if not self._active:
            return
        self._active = False
        self._send_moves(game.board)
        t = game.termination
        me = self._color.other  # we speak for the other side
        reason = 0
        if t is not None:
            reason = 2 if t.winner is None else 3 if t.winner is me else 1
        self.conn.send(GameEnd(reason, 0))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                msg = self.conn.recv(deadline - time.monotonic())
            except DxpTimeout:
                return
            if isinstance(msg, GameEnd):
                return

    def close(self) -> None:
        with contextlib.suppress(DxpError):
            self.conn.send(GameEnd(0, 1))
        self.conn.close()


__all__ = ["PORT", "BackAcc", "BackReq", "Chat", "Connection", "DxpClient", "DxpClosed",
           "DxpError", "DxpGame", "DxpPlayer", "DxpServer", "DxpTimeout", "GameAcc", "GameEnd",
           "GameReq", "Move_", "Session", "board_from_position", "decode", "encode",
           "find_move", "parse_address", "position_text"]
