"""A Hub client: drive an external engine that speaks Hub version 2 (Scan 3.x, dame-rs,
Kingsrow's hub build, ``shashki hub``) as a subprocess over its stdin/stdout.

The client starts the program, sends ``hub`` and reads ``id``, ``param`` lines up to
``wait``; it sets the parameters asked for (``variant`` when the engine declares one),
sends ``init`` and waits for ``ready``. A search sends ``pos`` (the position after the
last irreversible move, with the king moves since in ``moves=`` for repetitions),
``level`` and ``go think``, then collects ``info`` lines up to ``done``. Every read has a
timeout: a search that overruns its time by :attr:`HubClient.grace` seconds is sent
``stop``; an engine that does not answer then, or dies, raises :class:`HubTimeout` or
:class:`HubClosed` naming the command that was waiting. Moves are mapped to the legal
moves of the board by (start, end, captured set), as the protocol requires.

    with HubClient(["dame", "hub"], variant="international") as engine:
        result = engine.go(board, Limit(time=0.5))
        board.push(result.move)

See notation-pdn.md §4.1 and Scan's ``protocol.txt``; the engine side is
:mod:`shashki.engine.hub`.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO

from shashki.board import Board
from shashki.engine.hub import (
    SCAN_VARIANTS,
    HubError,
    move_text,
    parse_line,
    parse_move,
    position_text,
    quote,
)
from shashki.engine.limits import Limit
from shashki.move import Move
from shashki.rules import Variant, variant_by_name


class HubTimeout(HubError):
    """The engine did not answer in time."""


class HubClosed(HubError):
    """The engine's process ended (or closed its output) while an answer was awaited."""


class HubNoMove(HubError):
    """The engine answered ``done`` without a move: it holds the game over (dame-rs does
    so when its own draw rules end the game) while the position has legal moves."""


@dataclass
class HubParam:
    """A parameter the engine declared in answer to ``hub``."""

    name: str
    value: str
    type: str
    values: tuple[str, ...] = ()
    min: str | None = None
    max: str | None = None


@dataclass
class HubInfo:
    """One ``info`` line of a search (fields the engine did not send are None)."""

    depth: int | None = None
    score: float | None = None
    nodes: int | None = None
    time: float | None = None
    nps: float | None = None
    pv: str = ""
    raw: dict[str, str] = field(default_factory=dict)


@dataclass
class HubResult:
    """What a search returned: the move (a legal move of the board), the expected reply
    in Hub text, the ``info`` lines and the seconds the engine took."""

    move: Move
    ponder: str | None
    infos: list[HubInfo]
    seconds: float
    text: str

    @property
    def last(self) -> HubInfo | None:
        return self.infos[-1] if self.infos else None


_EOF = object()
VARIANT_NAMES = {v: k for k, v in SCAN_VARIANTS.items()}
"""shashki's variant name → the name Scan uses for it (``international`` → ``normal``)."""


def level_line(limit: Limit) -> str:
    """The ``level`` command for ``limit``.

    A game clock is written as Hub expects it: the time left *including* the increment
    of this move (Hub adds the increment before every move, shashki's clock after it).

    >>> level_line(Limit(time=0.25))
    'level move-time=0.25'
    >>> level_line(Limit(remaining=60.0, increment=1.0, moves_to_go=12))
    'level moves=12 time=61 inc=1'
    >>> level_line(Limit(depth=6, nodes=20000))
    'level depth=6 nodes=20000'
    >>> level_line(Limit())
    'level infinite'
    """
    parts: list[str] = []
    if limit.depth is not None:
        parts.append(f"depth={limit.depth}")
    if limit.nodes is not None:
        parts.append(f"nodes={limit.nodes}")
    if limit.time is not None:
        parts.append(f"move-time={_num(limit.time)}")
    if limit.remaining is not None:
        if limit.moves_to_go is not None:
            parts.append(f"moves={limit.moves_to_go}")
        parts.append(f"time={_num(limit.remaining + limit.increment)}")
        if limit.increment:
            parts.append(f"inc={_num(limit.increment)}")
    return "level " + (" ".join(parts) if parts else "infinite")


def _num(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") or "0"


def hub_position(board: Board) -> tuple[str, list[str]]:
    """The position to send with ``pos`` and the moves to send with it: the board after
    the last capture or man move, and the king moves since (for repetitions)."""
    b = board.copy()
    moves: list[Move] = []
    g = board.variant.geometry
    while b.move_stack:
        m = b.move_stack[-1]
        kings_before = b._stack[-1][2]
        if m.is_capture or not (kings_before >> g.bit(m.start)) & 1:
            break
        moves.append(b.pop())
    moves.reverse()
    return position_text(b), [move_text(m) for m in moves]


class HubClient:
    """One external Hub engine in a subprocess.

    ``command`` is a list of arguments or a shell-like string (split with
    :func:`shlex.split`). ``variant`` is set through the engine's ``variant`` parameter
    when it declares one; an engine without it is taken to play International only.
    ``params`` are sent with ``set-param`` before ``init``. ``timeout`` bounds the
    handshake and every answer that has no time limit of its own.
    """

    grace = 5.0
    """Seconds a search may overrun its time before ``stop`` is sent (and again after)."""
    init_timeout = 300.0
    """Seconds to wait for ``ready`` after ``init``: Hub 2 lets the engine do "long
    operations like initialisation/loading of complex data structures" there (``shashki
    hub`` compiles its kernels on a fresh machine, about 30 s)."""

    def __init__(self, command: str | Sequence[str], variant: str | Variant = "international",
                 params: Mapping[str, str] | None = None, timeout: float = 30.0,
                 start: bool = True) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise HubError("empty engine command")
        self.variant = variant if isinstance(variant, Variant) else variant_by_name(variant)
        self.params_wanted = dict(params or {})
        self.timeout = timeout
        self.id: dict[str, str] = {}
        self.params: dict[str, HubParam] = {}
        self.errors: list[str] = []
        """``error`` messages the engine sent."""
        self.log: list[str] = []
        """The last lines exchanged (``> `` sent, ``< `` received), for error messages."""
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._reader: threading.Thread | None = None
        if start:
            self.start()

    # --- process --------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The engine's name and version from its ``id`` line (else the command)."""
        if "name" in self.id:
            return f"{self.id['name']} {self.id.get('version', '')}".strip()
        return " ".join(self.command)

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start the engine and do the handshake (``hub`` … ``wait``, ``init`` … ``ready``)."""
        try:
            self._proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, encoding="utf-8",
                errors="replace")
        except OSError as e:
            raise HubError(f"cannot start Hub engine {self.command[0]!r}: {e.strerror}") from None
        out = self._proc.stdout
        assert out is not None
        self._reader = threading.Thread(target=self._read, args=(out,), daemon=True,
                                        name="hub-reader")
        self._reader.start()
        try:
            self._handshake()
        except BaseException:
            self.close(timeout=0.5)
            raise

    def _read(self, out: IO[str]) -> None:
        for line in out:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(_EOF)

    def _handshake(self) -> None:
        self.send("hub")
        while True:
            command, args = self.expect(("id", "param", "wait"), self.timeout, "hub")
            if command == "wait":
                break
            if command == "id":
                self.id.update(args)
            else:
                name = args.get("name", "")
                self.params[name] = HubParam(
                    name, args.get("value", ""), args.get("type", "string"),
                    tuple(args.get("values", "").split()), args.get("min"), args.get("max"))
        wanted = dict(self.params_wanted)
        if "variant" in self.params:
            wanted.setdefault("variant", self._variant_value(self.params["variant"]))
        elif self.variant.name != "international":
            raise HubError(f"Hub engine {self.name!r} declares no variant parameter, so it "
                           f"plays International only, not {self.variant.name}")
        for name, value in wanted.items():
            self.send(f"set-param name={quote(name)} value={quote(str(value))}")
        self.send("init")
        self.expect(("ready",), max(self.timeout, self.init_timeout), "init")

    def _variant_value(self, param: HubParam) -> str:
        ours = self.variant.name
        if not param.values or ours in param.values:
            return ours
        theirs = VARIANT_NAMES.get(ours)
        if theirs is not None and theirs in param.values:
            return theirs
        raise HubError(f"Hub engine {self.name!r} does not play {ours}; its variants: "
                       f"{' '.join(param.values)}")

    # --- lines ----------------------------------------------------------------------

    def send(self, line: str) -> None:
        """Write one line to the engine."""
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise HubClosed(f"Hub engine {self.name!r} is not running (sending {line!r})")
        if proc.poll() is not None:  # it may end before the first line reaches it
            raise HubClosed(f"Hub engine {self.name!r} ended (exit status {proc.returncode}) "
                            f"before {line!r} was sent; last lines: {self._tail()}")
        self._note("> " + line)
        try:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(1.0)
            raise HubClosed(f"Hub engine {self.name!r} closed its input (exit status "
                            f"{proc.returncode}) when sent {line!r}; last lines: "
                            f"{self._tail()}") from None

    def readline(self, timeout: float, waiting_for: str = "an answer") -> str:
        """The next line from the engine within ``timeout`` seconds."""
        try:
            item = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise HubTimeout(f"Hub engine {self.name!r} did not answer {waiting_for!r} within "
                             f"{timeout:g} s; last lines: {self._tail()}") from None
        if item is _EOF:
            self._lines.put(_EOF)  # stay closed for later reads
            code = None
            if self._proc is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    code = self._proc.wait(1.0)
            raise HubClosed(f"Hub engine {self.name!r} ended (exit status {code}) while "
                            f"waiting for {waiting_for!r}; last lines: {self._tail()}")
        assert isinstance(item, str)
        self._note("< " + item)
        return item

    def expect(self, commands: Sequence[str], timeout: float,
               waiting_for: str) -> tuple[str, dict[str, str]]:
        """Read lines until one starts with one of ``commands``; ``error`` lines are kept
        in :attr:`errors`, other lines are ignored (protocol)."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(deadline - time.monotonic(), waiting_for)
            if not line.strip():
                continue
            try:
                command, args = parse_line(line)
            except HubError:
                continue
            if command == "error":
                self.errors.append(args.get("message", line))
                continue
            if command in commands:
                return command, args

    def _note(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-100]

    def _tail(self) -> str:
        return " | ".join(self.log[-4:]) or "none"

    # --- commands -------------------------------------------------------------------

    def new_game(self) -> None:
        """Tell the engine a new game starts (it may clear its tables)."""
        self.send("new-game")

    def ping(self, timeout: float | None = None) -> float:
        """Send ``ping``, wait for ``pong``; the round trip in seconds."""
        t = time.monotonic()
        self.send("ping")
        self.expect(("pong",), self.timeout if timeout is None else timeout, "ping")
        return time.monotonic() - t

    def set_param(self, name: str, value: str) -> None:
        self.send(f"set-param name={quote(name)} value={quote(value)}")

    def go(self, board: Board, limit: Limit, timeout: float | None = None) -> HubResult:
        """Search ``board`` under ``limit`` and return the engine's move.

        ``timeout`` (default: the limit's time plus :attr:`grace`, or :attr:`timeout` for
        depth and node limits) is when ``stop`` is sent; the engine then has
        :attr:`grace` seconds more to answer ``done``.
        """
        if board.variant != self.variant:
            raise HubError(f"this Hub engine was set up for {self.variant.name}, the board "
                           f"is {board.variant.name}")
        if not board.legal_moves:
            raise HubError(f"no legal move in {board.fen()}: the game is over")
        errors = len(self.errors)
        pos, moves = hub_position(board)
        line = f"pos pos={pos}"
        if moves:
            line += f" moves={quote(' '.join(moves))}"
        self.send(line)
        self.send(level_line(limit))
        if timeout is None:
            if limit.time is not None:
                timeout = limit.time + self.grace
            elif limit.remaining is not None:
                timeout = limit.remaining + limit.increment + self.grace
            else:
                timeout = self.timeout
        t0 = time.monotonic()
        self.send("go think")
        infos: list[HubInfo] = []
        deadline = t0 + timeout
        stopped = False
        while True:
            try:
                command, args = self.expect(("info", "done"), deadline - time.monotonic(),
                                            "go think")
            except HubTimeout:
                if stopped:
                    raise
                self.send("stop")
                stopped = True
                deadline = time.monotonic() + self.grace
                continue
            if command == "info":
                infos.append(_info(args))
                continue
            text = args.get("move", "")
            if not text:
                raise HubNoMove(f"Hub engine {self.name!r} answered done without a move "
                                f"in {board.fen()}")
            try:
                move = parse_move(board, text)
            except HubError as e:
                said = "; ".join(self.errors[errors:])
                raise HubError(f"Hub engine {self.name!r} played {text!r}: {e}"
                               + (f" (it reported: {said})" if said else "")) from None
            return HubResult(move, args.get("ponder"), infos, time.monotonic() - t0, text)

    def stop(self) -> None:
        """Ask a running search to answer now."""
        self.send("stop")

    def close(self, timeout: float = 3.0) -> None:
        """Send ``quit`` and wait for the process to end (killing it if it does not)."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            try:
                if proc.stdin is not None:
                    proc.stdin.write("quit\n")
                    proc.stdin.flush()
                    proc.stdin.close()
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        elif proc.stdin is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                proc.stdin.close()
        if proc.stdout is not None:
            proc.stdout.close()
        self._proc = None

    quit = close

    def __enter__(self) -> HubClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            proc.kill()


def _info(args: dict[str, str]) -> HubInfo:
    def num(key: str) -> float | None:
        try:
            return float(args[key]) if key in args else None
        except ValueError:
            return None

    depth = num("depth")
    nodes = num("nodes")
    return HubInfo(int(depth) if depth is not None else None, num("score"),
                   int(nodes) if nodes is not None else None, num("time"), num("nps"),
                   args.get("pv", ""), dict(args))


__all__ = ["HubClient", "HubClosed", "HubInfo", "HubNoMove", "HubParam", "HubResult", "HubTimeout",
           "hub_position", "level_line"]
