"""The Hub protocol, version 2 (Scan 3.x, Hub 2.x), engine side, for every variant.

Lines are ``<command> <name>=<value> ...``; values with spaces, ``=`` or nothing in them
are quoted. The engine answers ``hub`` with ``id``, ``param`` lines and ``wait``,
``init`` with ``ready``, and a search (``pos``, ``level``, ``go``) with ``info`` lines and
``done move=... ponder=...``. During a search it accepts ``stop``, ``ping`` and
``ponder-hit``. Draws (an extension, ignored by GUIs that do not know it): ``go think
draw-offer`` says the opponent offers a draw, and ``done`` carries ``accept-draw`` when
the engine accepts it or ``offer-draw`` when it offers one with its move
(:mod:`shashki.engine.offers`). See notation-pdn.md §4.1 and Scan's ``protocol.txt``
("Hub protocol for draughts, version 2", Fabien Letouzey, 2017; cited below as *Hub 2*).

Positions are written as in Hub's 10x10 format — the side to move (``W``/``B``) and one
character per square in square order (``w``, ``b``, ``W``, ``B`` for men and kings,
``e`` for empty) — so 51 characters on 10x10 ("so 51 in total", Hub 2 §1 position) and
33 on 8x8. Moves are numeric on every board: ``22-18``, captures ``from x to x captured x
...`` (captured squares in any order).

The variant. Hub 2 is a 10x10 protocol: Scan's ``variant`` parameter defaults to
``normal`` (International), and a GUI sets a parameter "only if the user-selected value
is different from the current value declared by the engine" (Hub 2, initialisation), so
International GUIs never send it. Unless a variant is given (``shashki hub --variant``,
or ``set-param name=variant``), the session's variant is ``auto``: each ``pos`` picks the
variant by the position's length — 51 characters International, 33 the 8x8 default
(Russian), 41 Russian-80 — and ``pos start`` is International, Scan's default.

Draw rules. ``set-param name=ruleset value=...`` names the draw ruleset the games are
judged by (``default``: the variant's own, the Code's on 8x8; ``code-2004``, ``fmjd``,
``cbd`` where the variant has them, :data:`shashki.draws.RULESETS`): the search counts
toward its draws (:mod:`shashki.engine.rulecount`).

Warming up. Hub 2's ``init`` is where "the engine should initialise its data structures",
and the GUI waits for ``ready``. A session made by :func:`hub_loop` starts compiling (or
loading) the kernels and a tiny search at once, in a thread, so ``hub`` is answered at
once; ``init`` waits for it, warms the chosen variant and only then answers ``ready`` —
so the first ``go`` keeps to its time like every later one. On a cold cache that takes
about 50 s on a busy 2-core machine (docs/engine.md, "First use").

>>> import io
>>> out = io.StringIO()
>>> session = HubSession(out, threaded=False)
>>> for line in ["hub", "set-param name=variant value=russian", "init",
...              "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "level depth=4", "go think"]:
...     session.handle(line)
>>> lines = out.getvalue().splitlines()
>>> lines[0].startswith("id name=shashki"), "wait" in lines, "ready" in lines
(True, True, True)
>>> lines[-1].startswith("done move=")
True
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING, TextIO

from shashki import __version__
from shashki.board import Board
from shashki.draws import RULESETS
from shashki.engine.book import book_for
from shashki.engine.egdb import for_engine
from shashki.engine.engine import LEVELS, MAX_HASH_MB, Analysis, Engine, EngineError
from shashki.engine.limits import Limit, budget
from shashki.engine.offers import accepts_draw, offers_draw
from shashki.engine.warm import warm_engine
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.rules import VARIANTS, Variant, variant_by_name

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


class HubError(ShashkiError):
    """A Hub line that cannot be read or obeyed.

    >>> from shashki.rules import INTERNATIONAL
    >>> try:
    ...     board_from_position(INTERNATIONAL, "Wxyz")
    ... except HubError as e:
    ...     print(str(e).split(";")[1])
     international needs 51 (side to move and 50 squares)
    """


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """``(command, {name: value})`` of a Hub line; flags get the empty string.

    >>> parse_line('pos pos=Weeee moves="32-28 19-23"')
    ('pos', {'pos': 'Weeee', 'moves': '32-28 19-23'})
    >>> parse_line("level infinite")
    ('level', {'infinite': ''})
    """
    i = 0
    n = len(line)

    def blank() -> None:
        nonlocal i
        while i < n and line[i].isspace():
            i += 1

    def name() -> str:
        nonlocal i
        blank()
        start = i
        while i < n and not line[i].isspace() and line[i] not in '="':
            i += 1
        if start == i:
            raise HubError(f"bad Hub line {line!r}: a name expected at column {i + 1}")
        return line[start:i]

    command = name()
    args: dict[str, str] = {}
    blank()
    while i < n:
        key = name()
        blank()
        value = ""
        if i < n and line[i] == "=":
            i += 1
            blank()
            if i < n and line[i] == '"':
                end = line.find('"', i + 1)
                if end < 0:
                    raise HubError(f"bad Hub line {line!r}: missing closing quote")
                value = line[i + 1:end]
                i = end + 1
            else:
                value = name()
        args[key] = value
        blank()
    return command, args


def quote(value: str) -> str:
    """A Hub value, quoted when it has to be.

    >>> quote("shashki"), quote("shashki 0.1")
    ('shashki', '"shashki 0.1"')
    """
    if value and not any(c.isspace() or c in '="' for c in value):
        return value
    return f'"{value}"'


def position_text(board: Board) -> str:
    """The Hub position of ``board``: side letter and one character per square.

    >>> position_text(Board("russian"))
    'Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww'
    """
    chars = [board.turn.letter]
    for sq in range(1, board.variant.geometry.squares + 1):
        p = board.piece_at(sq)
        chars.append(p.symbol if p else "e")
    return "".join(chars)


def board_from_position(variant: Variant, text: str) -> Board:
    """The board of a Hub position (``start`` for the initial position).

    >>> from shashki.rules import RUSSIAN
    >>> board_from_position(RUSSIAN, "start").fen()[:12]
    'W:W21,22,23,'
    >>> board_from_position(RUSSIAN, "B" + "b" + "e" * 20 + "w" + "e" * 10).fen()
    'B:W22:B1'
    """
    if text == "start":
        return Board(variant)
    n = variant.geometry.squares
    if len(text) != n + 1:
        raise HubError(f"position {text!r} has {len(text)} characters; {variant.name} needs "
                       f"{n + 1} (side to move and {n} squares)")
    side = text[0]
    if side not in "WB":
        raise HubError(f"position {text!r}: side to move must be W or B, not {side!r}")
    blocks: dict[str, list[str]] = {"W": [], "B": []}
    for sq, c in enumerate(text[1:], 1):
        if c in "eE.":
            continue
        if c not in "wbWB":
            raise HubError(f"position {text!r}: bad square character {c!r} at square {sq}")
        blocks[c.upper()].append(("K" if c.isupper() else "") + str(sq))
    fen = f"{side}:W{','.join(blocks['W'])}:B{','.join(blocks['B'])}"
    return Board(variant, fen)


def move_text(move: Move) -> str:
    """A move in Hub form: ``32-28``, ``28x19x23`` (start, end, captured squares).

    >>> from shashki import Board
    >>> [move_text(m) for m in Board("international", "W:W28:B23,K5").legal_moves]
    ['28x19x23']
    """
    if not move.is_capture:
        return f"{move.start}-{move.end}"
    return "x".join(str(s) for s in (move.start, move.end, *sorted(move.captures)))


def parse_move(board: Board, text: str) -> Move:
    """The legal move of ``board`` that a Hub move names (by start, end, captured set).

    >>> from shashki import Board
    >>> parse_move(Board("international"), "32-28")
    Move((32, 28))
    """
    sep = "x" if "x" in text else "-"
    try:
        squares = [int(s) for s in text.strip().split(sep)]
    except ValueError:
        raise HubError(f"bad move {text!r}") from None
    if len(squares) < 2:
        raise HubError(f"bad move {text!r}")
    start, end, caps = squares[0], squares[1], frozenset(squares[2:])
    found = [m for m in board.legal_moves if m.start == start and m.end == end
             and (m.captured == caps or (not caps and sep == "-" and not m.is_capture))]
    if not found and sep == "x" and not caps:
        found = [m for m in board.legal_moves if m.start == start and m.end == end]
    if len(found) != 1:
        what = "illegal" if not found else "ambiguous"
        raise HubError(f"{what} move {text!r} in {board.fen()}")
    return found[0]


class HubSession:
    """One engine speaking Hub on ``out``; feed it lines with :meth:`handle`.

    With ``threaded`` (the default) a search runs in its own thread, so that ``stop``,
    ``ping`` and ``ponder-hit`` are answered while it thinks; without, ``go`` returns
    after the search (for tests and scripts).

    >>> import io
    >>> out = io.StringIO()
    >>> s = HubSession(out, threaded=False)
    >>> s.handle("hub")
    >>> out.getvalue().splitlines()[-1]
    'wait'
    """

    def __init__(self, out: TextIO, threaded: bool = True, variant: str | None = None,
                 hash_mb: int = 64, egdb: str = "off", warm: bool = False) -> None:
        self.out = out
        self.egdb = egdb
        """Which endgame database the engine probes (:func:`egdb.for_engine`)."""
        self.threaded = threaded
        if variant is not None:
            _known_variant(variant)
        self.params: dict[str, str] = {"variant": variant or AUTO, "hash": str(hash_mb),
                                       "level": "full", "ruleset": DEFAULT_RULES,
                                       "book": "true"}
        self.engine: Engine | None = None
        self.board: Board | None = None
        self.limit = Limit(time=1.0)
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pondering = False
        self._warmed: tuple[Variant, int] | None = None
        """(variant, hash) of the engine as last warmed up."""
        self._warming: threading.Thread | None = None
        self._warm_error: BaseException | None = None
        self.quit = False
        if warm:
            self._warming = threading.Thread(target=self._warm_up, name="shashki-hub-warm-up",
                                             daemon=True)
            self._warming.start()

    # --- output ---------------------------------------------------------------------

    def write(self, line: str) -> None:
        with self._write_lock:
            self.out.write(line + "\n")
            self.out.flush()

    def error(self, message: str) -> None:
        self.write(f"error message={quote(message)}")

    # --- input ----------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """Obey one line from the GUI."""
        if not line.strip():
            return
        try:
            command, args = parse_line(line)
        except HubError as e:
            self.error(str(e))
            return
        if self.searching:
            if command == "stop":
                self._stop_search()
                return
            if command == "ping":
                self.write("pong")
                return
            if command == "ponder-hit":
                self._ponder_hit()
                return
            # anything else: finish the search first (its "done" is still written)
            self._stop_search()
            self.wait()
        handler = getattr(self, "cmd_" + command.replace("-", "_"), None)
        if handler is None:
            return  # unknown commands are ignored (protocol)
        try:
            handler(args)
        except (ShashkiError, ValueError) as e:
            self.error(str(e))
        except MemoryError:
            self.error(f"not enough memory for {line!r}")

    def _stop_search(self) -> None:
        if self.engine is not None:
            self.engine.stop()

    @property
    def searching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self) -> None:
        """Wait for the running search to write its move."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    # --- commands -------------------------------------------------------------------

    def cmd_hub(self, args: dict[str, str]) -> None:
        self.write(f"id name=shashki version={__version__} author={quote('shashki authors')} "
                   "country=Russia")
        variants = " ".join((AUTO, *VARIANTS))
        self.write(f"param name=variant value={self.params['variant']} type=enum "
                   f"values={quote(variants)}")
        self.write(f"param name=hash value={self.params['hash']} type=int min=1 "
                   f"max={MAX_HASH_MB}")
        self.write(f"param name=level value={self.params['level']} type=enum "
                   f"values={quote(' '.join(LEVELS))}")
        self.write(f"param name=ruleset value={self.params['ruleset']} type=enum "
                   f"values={quote(' '.join(RULESET_NAMES))}")
        self.write(f"param name=book value={self.params['book']} type=bool")
        self.write("wait")

    def cmd_set_param(self, args: dict[str, str]) -> None:
        name = args.get("name", "")
        value = args.get("value", "")
        if name == "variant":
            if value != AUTO:
                _known_variant(value)
        elif name == "hash":
            if not value.isdigit() or not 1 <= int(value) <= MAX_HASH_MB:
                raise HubError(f"hash must be a whole number of MB from 1 to {MAX_HASH_MB}, "
                               f"not {value!r}")
        elif name == "level":
            if value not in LEVELS:
                raise HubError(f"unknown level {value!r}; known: {', '.join(LEVELS)}")
        elif name == "ruleset":
            if value not in RULESET_NAMES:
                raise HubError(f"unknown ruleset {value!r}; known: {', '.join(RULESET_NAMES)}")
        elif name == "book":
            if value not in ("true", "false"):
                raise HubError(f"book must be true or false, not {value!r}")
        else:
            return
        self.params[name] = value  # applied by the next command that needs the engine

    def cmd_init(self, args: dict[str, str]) -> None:
        """Hub 2 ``init``: set up with the parameters given, warm up, then ``ready``."""
        engine = self._engine()
        if self._warmed != (engine.variant, engine.hash_mb):  # e.g. set-param came later
            warm_engine(engine)
            self._warmed = (engine.variant, engine.hash_mb)
        self.write("ready")

    def _warm_up(self) -> None:
        """The start-up thread: compile or load the kernels with a tiny search."""
        try:
            engine = self._apply_params(rules=False)  # the variant may not be set yet
            warm_engine(engine)
            self._warmed = (engine.variant, engine.hash_mb)
        except BaseException as e:  # reported by the command that waits for it
            self._warm_error = e

    def _wait_warm_up(self) -> None:
        if self._warming is not None and threading.current_thread() is not self._warming:
            self._warming.join()
            self._warming = None
            if self._warm_error is not None:
                error, self._warm_error = self._warm_error, None
                raise error

    def _variant(self, position: str | None = None) -> Variant:
        """The variant set, or under ``auto`` the one of ``position``'s length (module
        docstring; Hub 2 §1: one character for the side and one per square)."""
        name = self.params["variant"]
        if name != AUTO:
            return _known_variant(name)
        if position is None or position == "start":  # the size in use (first: 10x10)
            if self.engine is not None:
                return self.engine.variant
        else:
            by_size = AUTO_BY_SQUARES.get(len(position) - 1)
            if by_size is None:
                sizes = ", ".join(f"{n + 1} ({v})" for n, v in AUTO_BY_SQUARES.items())
                raise HubError(f"position {position!r} has {len(position)} characters; "
                               f"known sizes: {sizes}")
            return variant_by_name(by_size)
        return variant_by_name(AUTO_BY_SQUARES[50])

    def _apply_params(self, position: str | None = None, rules: bool = True) -> Engine:
        variant = self._variant(position)
        hash_mb = int(self.params["hash"])
        if self.engine is None:
            self.engine = Engine(variant, hash_mb=hash_mb, level=self.params["level"])
            self.engine.set_egdb(for_engine(variant, self.egdb))
            self.board = None
        elif self.engine.variant != variant:
            self.engine.set_variant(variant)
            self.engine.set_egdb(for_engine(variant, self.egdb))
            self.board = None
        if self.engine.hash_mb != hash_mb:
            self.engine.set_hash(hash_mb)
        self.engine.set_level(self.params["level"])
        self.engine.set_book(book_for(variant.name) if self.params["book"] == "true" else None)
        name = self.params["ruleset"]
        if rules:
            self.engine.set_ruleset(None if name == DEFAULT_RULES else name)
        return self.engine

    def _engine(self, position: str | None = None) -> Engine:
        """The engine for the parameters (and, under ``auto``, for ``position``)."""
        self._wait_warm_up()
        return self._apply_params(position)

    def cmd_new_game(self, args: dict[str, str]) -> None:
        self._engine().new_game()

    def cmd_ping(self, args: dict[str, str]) -> None:
        self.write("pong")

    def cmd_stop(self, args: dict[str, str]) -> None:
        pass  # no search running

    def cmd_ponder_hit(self, args: dict[str, str]) -> None:
        pass

    def cmd_quit(self, args: dict[str, str]) -> None:
        self.quit = True

    def cmd_pos(self, args: dict[str, str]) -> None:
        text = args.get("pos", "start" if "start" in args else "")
        if not text:
            raise HubError("pos needs pos=<position> or start")
        engine = self._engine(text)
        board = board_from_position(engine.variant, text)
        for m in args.get("moves", "").split():
            board.push(parse_move(board, m))
        self.board = board

    def cmd_level(self, args: dict[str, str]) -> None:
        def num(key: str) -> float | None:
            if key not in args:
                return None
            try:
                return float(args[key])
            except ValueError:
                raise HubError(f"level {key}={args[key]!r} is not a number") from None

        if "infinite" in args:
            self.limit = Limit()
            return
        depth = num("depth")
        nodes = num("nodes")
        move_time = num("move-time")
        remaining = num("time")
        moves = num("moves")
        inc = num("inc")
        self.limit = Limit(
            depth=int(depth) if depth is not None else None,
            nodes=int(nodes) if nodes is not None else None,
            time=move_time,
            remaining=remaining,
            increment=inc or 0.0,
            moves_to_go=int(moves) if moves is not None else None,
        )

    def cmd_go(self, args: dict[str, str]) -> None:
        engine = self._engine()
        if self.board is None:
            raise HubError("go before pos")
        board = self.board
        mode = "ponder" if "ponder" in args else "analyze" if "analyze" in args else "think"
        moves = board.legal_moves
        if not moves:
            raise HubError(f"no legal move in {board.fen()}")
        self._pondering = mode == "ponder"
        limit = Limit() if mode == "ponder" else self.limit
        if self.limit.remaining is not None and self.limit.increment:
            # Hub adds the increment before the move ("the increment is added before
            # every move"); the time management expects it after.
            limit = Limit(limit.depth, limit.nodes, limit.time,
                          max(self.limit.remaining - self.limit.increment, 0.0),
                          self.limit.increment, 0.0, self.limit.moves_to_go) \
                if mode != "ponder" else limit

        def job() -> None:
            if mode == "think" and len(moves) == 1:
                self.write(f"done move={move_text(moves[0])}")
                return
            known = engine.book_move(board) if mode == "think" else None
            if known is not None:  # as Scan: a score and a one-move line, no depth
                assert engine.book is not None  # the move came from it
                value = dict(engine.book.moves(board))[board.move_text(known)]
                self.write(f"info score={value / 100:.2f} pv={quote(move_text(known))}")
                self.write(f"done move={move_text(known)}")
                return
            info = engine.analyse(board, limit=limit, callback=self._info(board))
            best = info.bestmove or moves[0]
            line = f"done move={move_text(best)}"
            if info.ponder is not None:
                line += f" ponder={move_text(info.ponder)}"
            if mode == "think":
                line += _draw_flag(board, best, info, "draw-offer" in args)
            self.write(line)

        if self.threaded:
            self._thread = threading.Thread(target=job, name="shashki-hub-search", daemon=True)
            self._thread.start()
        else:
            job()

    def _ponder_hit(self) -> None:
        """The opponent played the expected move: from now on the level's limits count."""
        if not self._pondering or self.engine is None:
            return
        self._pondering = False
        self.engine.limit_from_now(budget(self.limit))

    def _info(self, board: Board) -> Callable[[Analysis], None]:
        def report(a: Analysis) -> None:
            pv = " ".join(move_text(m) for m in a.pv)
            mean = a.mean_depth if a.mean_depth else float(a.depth)
            self.write(f"info depth={a.depth} mean-depth={mean:.1f} score={a.score.men:.2f} "
                       f"nodes={a.nodes} time={a.time:.3f} nps={a.nps / 1e6:.2f} "
                       f"pv={quote(pv)}")

        return report


AUTO = "auto"
"""The ``variant`` value that follows the positions (module docstring).

>>> import io
>>> session = HubSession(io.StringIO(), threaded=False)
>>> session.params["variant"] == AUTO
True
"""
DEFAULT_RULES = "default"
RULESET_NAMES = (DEFAULT_RULES, *dict.fromkeys(n for v in RULESETS.values() for n in v))
"""The ``ruleset`` parameter's values: the variant's default (:data:`DEFAULT_RULES`), or
a name of :data:`shashki.draws.RULESETS` (the variant must have it).

>>> RULESET_NAMES
('default', 'code-2004', 'fmjd', 'cbd')
"""
AUTO_BY_SQUARES = {50: "international", 32: "russian", 40: "russian-80"}
"""Under ``auto``: the variant of a board of so many squares.

>>> from shashki.rules import as_variant
>>> board_from_position(as_variant(AUTO_BY_SQUARES[32]), "start").fen()[:12]
'W:W21,22,23,'
"""

SCAN_VARIANTS = {"normal": "international"}
"""Scan's names for the variants shashki plays (Scan's ``killer``, ``bt``, ``frisian`` and
``losing`` are not played)."""


def _draw_flag(board: Board, best: Move, info: Analysis, offered: bool) -> str:
    """`` accept-draw`` when the opponent offers a draw (``go think draw-offer``) and the
    engine accepts it, `` offer-draw`` when the engine offers one with its move, else
    nothing (:mod:`shashki.engine.offers`, Code 1.9.3). Hub 2 has no draw messages; it
    asks both sides to "ignore commands and arguments that they don't understand", so
    these flags extend it without troubling a GUI that does not know them."""
    if offered and accepts_draw(info.score):
        return " accept-draw"
    after = board.copy(stack=False)
    after.push(best)
    return " offer-draw" if offers_draw(after, info.score, info.depth) else ""


def _known_variant(name: str) -> Variant:
    try:
        return variant_by_name(SCAN_VARIANTS.get(name, name))
    except KeyError:
        raise HubError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}") from None


def hub_loop(inp: Iterable[str] | None = None, out: TextIO | None = None,
             variant: str | None = None, hash_mb: int = 64, egdb: str = "off") -> int:
    """Speak Hub on ``inp``/``out`` (stdin/stdout) until ``quit`` or the end of input;
    the kernels warm up from the start (``init`` waits for them).

    >>> import io
    >>> out = io.StringIO()
    >>> hub_loop(["hub", "quit"], out)
    0
    >>> out.getvalue().splitlines()[0][:8], out.getvalue().splitlines()[-1]
    ('id name=', 'wait')
    """
    session = HubSession(out if out is not None else sys.stdout, variant=variant,
                         hash_mb=hash_mb, egdb=egdb, warm=True)
    source = inp if inp is not None else sys.stdin
    for line in source:
        session.handle(line.rstrip("\r\n"))
        if session.quit:
            break
    if session.searching:
        if session.quit or inp is None:
            session._stop_search()  # quit, or the GUI went away: answer quickly
        session.wait()
    return 0


__all__ = ["AUTO", "AUTO_BY_SQUARES", "EngineError", "HubError", "HubSession",
           "board_from_position", "hub_loop", "move_text", "parse_line", "parse_move",
           "position_text", "quote"]
