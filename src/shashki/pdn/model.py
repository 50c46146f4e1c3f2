"""Games as trees of moves, after ``chess.pgn``: :class:`Game`, :class:`ChildNode`, headers.

A :class:`Game` is the root node: its headers, its variant and the starting position; each
:class:`ChildNode` holds one move (or a setup command, or an unknown move) with its
comment, NAGs and clock readings; ``variations[0]`` continues the main line and the other
children are alternatives.

>>> game = Game("russian")
>>> node = game.add_variation("c3-d4")
>>> node = node.add_variation("f6-e5", comment="the Отказанная городская", nags={1})
>>> alt = game.variations[0].add_variation("d6-c5")
>>> [n.move_text() for n in game.mainline()], game.end().ply()
(['c3-d4', 'f6-e5'], 2)
>>> game.end().board().fen()
'W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15'

Games compare equal when their variants, headers (as mappings: order is not compared),
trees, moves, comments (whitespace runs count as one space), NAGs, strengths, clock
readings and setup commands are equal. Errors, warnings, file positions and raw text are not
compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from shashki.board import Board
from shashki.color import WHITE, Color
from shashki.errors import IllegalMove
from shashki.fen import write_fen
from shashki.move import Move
from shashki.pdn.annotations import ClockTimes, normalize_comment, setup_board
from shashki.pdn.errors import PdnError, PdnWarning
from shashki.pdn.gametype import (
    gametype_number,
    is_giveaway,
    parse_gametype,
    refuse_variant_tag,
    variant_for,
)
from shashki.rules import VARIANTS, Variant, variant_by_name

if TYPE_CHECKING:
    from shashki.rules.movegen import Replay

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The tags every game written has, in this order (PDN 3.0 8.1).

>>> SEVEN_TAG_ROSTER
('Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result')
>>> list(Game().headers)
['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'GameType']
"""
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
                    "White": "?", "Black": "?", "Result": "*"}

#: Move strengths written after a move and the NAG each one stands for (PGN, PDN 3.0).
STRENGTH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
NAG_STRENGTHS = {v: k for k, v in STRENGTH_NAGS.items()}
NAG_FORCED = 7


class Headers(MutableMapping[str, str]):
    """Tags of a game: a mapping that lists the seven-tag roster first, then the rest
    in the order they were set.

    >>> h = Headers(GameType="25", White="Иванов И.")
    >>> list(h), h == {"White": "Иванов И.", "GameType": "25"}
    (['White', 'GameType'], True)
    """

    def __init__(self, data: Mapping[str, str] | Iterable[tuple[str, str]] = (),
                 **kw: str) -> None:
        self._d: dict[str, str] = {}
        if data or kw:
            self.update(data, **kw)

    def __getitem__(self, key: str) -> str:
        return self._d[key]

    def __setitem__(self, key: str, value: str) -> None:
        self._d[key] = value

    def __delitem__(self, key: str) -> None:
        del self._d[key]

    def __iter__(self) -> Iterator[str]:
        d = self._d
        for k in SEVEN_TAG_ROSTER:
            if k in d:
                yield k
        for k in d:
            if k not in _ROSTER_DEFAULTS:
                yield k

    def __len__(self) -> int:
        return len(self._d)

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def get(self, key: str, default: Any = None) -> Any:
        return self._d.get(key, default)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Headers):
            return self._d == other._d
        if isinstance(other, Mapping):
            return self._d == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Headers:
        return Headers(self._d)

    def __repr__(self) -> str:
        return "Headers(" + ", ".join(f"{k}={v!r}" for k, v in self.items()) + ")"


















# --- nodes ------------------------------------------------------------------------------


_LAST: list[Any] = [None]
"""``(node, game, variant, FEN tag, board)`` of the last :meth:`GameNode.board` (a node's
position depends only on the moves and setups above it, which are not reassigned)."""


class GameNode:
    """A position in a game tree: the root :class:`Game` or a :class:`ChildNode`.

    >>> from shashki.pdn import read_game
    >>> game = read_game("1. c3-d4 (1. e3-f4 f6-g5) f6-e5 *")
    >>> [str(m) for m in game.mainline_moves()], len(game.variations)
    (['22-18', '11-15'], 2)
    >>> game.variation(1).is_main_variation(), game.end().is_end()
    (False, True)
    """

    __slots__ = ("_variations", "clock", "comment", "move", "nags", "parent", "setup_fen",
                 "starting_comment", "strength")

    parent: GameNode | None
    move: Move | None

    def __init__(self) -> None:
        self.parent = None
        self.move = None
        self._variations: list[ChildNode] = []
        self.comment = ""
        """Comment after the move (for the root: before the first move)."""
        self.starting_comment = ""
        """Comment before the move; written for the first move of a variation."""
        self.nags: set[int] = set()
        self.strength = ""
        """A move strength that no NAG stands for, as written (``(!?!!!)``)."""
        self.clock: ClockTimes | None = None
        self.setup_fen: str | None = None
        """The FEN of a ``/FEN "..."/`` setup command (then ``move`` is None)."""

    # --- tree -----------------------------------------------------------------------

    @property
    def variations(self) -> list[ChildNode]:
        """The children; the first continues the main line."""
        return self._variations

    def game(self) -> Game:
        node: GameNode = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def ply(self) -> int:
        """Moves (known or not) from the root to this node; setup commands do not count."""
        n = 0
        node: GameNode | None = self
        while node is not None and node.parent is not None:
            if node.setup_fen is None:
                n += 1
            node = node.parent
        return n

    def is_setup(self) -> bool:
        return self.setup_fen is not None

    def is_unknown_move(self) -> bool:
        """A move written ``...`` or ``-``: played but not recorded."""
        return self.parent is not None and self.move is None and self.setup_fen is None

    def next(self) -> ChildNode | None:
        v = self.variations
        return v[0] if v else None

    def is_end(self) -> bool:
        return not self.variations

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node: GameNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def mainline(self) -> Iterator[ChildNode]:
        """The nodes of the main line after this one."""
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def mainline_moves(self) -> list[Move]:
        """The moves of the main line after this node (setups and unknown moves skipped)."""
        return [n.move for n in self.mainline() if n.move is not None]

    def is_mainline(self) -> bool:
        node: GameNode = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        return self.parent is None or self.parent.variations[0] is self

    def variation(self, which: int | Move | str) -> ChildNode:
        """A child by index, move or move text."""
        if isinstance(which, int):
            return self.variations[which]
        move = self._as_move(which) if isinstance(which, str) else which
        for child in self.variations:
            if child.move == move:
                return child
        raise KeyError(which)

    def has_variation(self, move: Move | str) -> bool:
        try:
            self.variation(move)
        except (KeyError, IllegalMove):
            return False
        return True

    # --- positions --------------------------------------------------------------------

    def board(self) -> Board:
        """The position at this node, with the moves since the last setup on its stack.

        Raises :class:`~shashki.pdn.PdnError` after an unknown move (no setup since).
        """
        path: list[GameNode] = []
        node: GameNode | None = self
        while node is not None:
            path.append(node)
            node = node.parent
        game = path[-1]
        assert isinstance(game, Game)
        fen = game.headers.get("FEN")
        board: Board | None = None
        last = _LAST[0]
        if last is not None and last[1] is game and last[2] is game.variant and last[3] == fen:
            # ``node = node.add_variation(...)`` in a loop: go on from the last position
            for i, n in enumerate(path):
                if n is last[0]:
                    board = last[4].copy()
                    path = path[:i + 1]
                    break
        if board is None:
            board = game.board()
        for n in reversed(path[:-1]):
            if n.setup_fen is not None:
                board = setup_board(game.variant, n.setup_fen, board)
            elif n.move is None:
                board = None
            elif board is None:
                raise PdnError("the position after an unknown move is not known")
            else:
                board.push(n.move)
        if board is None:
            raise PdnError("the position after an unknown move is not known")
        _LAST[0] = (self, game, game.variant, fen, board.copy())
        return board

    def turn(self) -> Color:
        return self.board().turn

    def _as_move(self, move: Move | str) -> Move:
        if isinstance(move, str):
            return self.board().parse_move(move)
        return move

    def move_text(self, notation: str | None = None, full: bool | None = None) -> str:
        """The move of this node as its parent position writes it (``...`` if unknown)."""
        if self.setup_fen is not None:
            return f'/FEN "{self.setup_fen}"/'
        if self.move is None or self.parent is None:
            return "..."
        return self.parent.board().move_text(self.move, notation, full)

    # --- editing ----------------------------------------------------------------------

    def add_variation(self, move: Move | str, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = (), clock: ClockTimes | None = None) -> ChildNode:
        """Add a legal move (or move text) as the last child; return its node."""
        board = self.board()
        if isinstance(move, str):
            move = board.parse_move(move)
        elif move not in board.legal_moves:
            raise IllegalMove(f"illegal move {move.numeric(full=True)} in {board.fen()}")
        else:
            move = board.legal_moves[board.legal_moves.index(move)]
        node = ChildNode(self, move)
        node.comment = comment
        node.starting_comment = starting_comment
        node.nags = set(nags)
        node.clock = clock
        return node

    def add_main_variation(self, move: Move | str, *, comment: str = "",
                           nags: Iterable[int] = ()) -> ChildNode:
        """Add a move as the first child (the new main line); return its node."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.remove(node)
        self.variations.insert(0, node)
        return node

    def add_setup(self, fen: str, *, comment: str = "") -> ChildNode:
        """Add a ``/FEN "..."/`` setup command as the last child; return its node."""
        before: Board | None
        try:
            before = self.board()
        except PdnError:
            before = None
        setup_board(self.game().variant, fen, before)  # raises for a bad FEN
        node = ChildNode(self, None)
        node.setup_fen = fen
        node.comment = comment
        return node

    def add_unknown_move(self, *, comment: str = "") -> ChildNode:
        """Add a move that was played but not recorded (written ``...``)."""
        node = ChildNode(self, None)
        node.comment = comment
        return node

    def remove_variation(self, which: int | Move | str) -> None:
        self.variations.remove(self.variation(which))

    def promote_to_main(self, which: int | Move | str) -> None:
        node = self.variation(which)
        self.variations.remove(node)
        self.variations.insert(0, node)

    # --- comparison -------------------------------------------------------------------

    def _same(self, other: GameNode) -> bool:
        """Equal subtrees (see the module docstring), without recursion limits."""
        stack: list[tuple[GameNode, GameNode]] = [(self, other)]
        while stack:
            a, b = stack.pop()
            if (a.move != b.move or a.setup_fen != b.setup_fen
                    or normalize_comment(a.comment) != normalize_comment(b.comment)
                    or a.nags != b.nags or a.strength != b.strength or a.clock != b.clock):
                return False
            if a.parent is not None and a.parent.variations[0] is not a and \
                    normalize_comment(a.starting_comment) != normalize_comment(b.starting_comment):
                return False
            va, vb = a.variations, b.variations
            if len(va) != len(vb):
                return False
            stack.extend(zip(va, vb, strict=True))
        return True


class ChildNode(GameNode):
    """A move (or setup command, or unknown move) and what follows it.

    >>> from shashki.pdn import read_game
    >>> node = read_game("1. c3-d4 {centre} f6-g5 *").next()
    >>> node.move, node.comment, node.ply(), node.parent is node.game()
    (Move((22, 18)), 'centre', 1, True)
    """

    __slots__ = ()

    parent: GameNode

    def __init__(self, parent: GameNode, move: Move | None) -> None:
        super().__init__()
        self.parent = parent
        self.move = move
        parent.variations.append(self)

    def __repr__(self) -> str:
        if self.setup_fen is not None:
            what = f"setup {self.setup_fen!r}"
        elif self.move is None:
            what = "unknown move"
        else:
            what = str(self.move)
        return f"<ChildNode ply {self.ply()}: {what}>"


# --- the game ---------------------------------------------------------------------------


class _Lazy:
    """A main line validated by the kernels, turned into nodes when first looked at."""

    __slots__ = ("ann", "overrides", "replay")

    def __init__(self, replay: Replay, ann: dict[int, Any],
                 overrides: dict[int, Move] | None = None) -> None:
        self.replay = replay
        self.ann = ann
        self.overrides = overrides or {}


class Game(GameNode):
    """A game: headers, variant, starting position and the tree of moves.

    ``Game()`` starts a new game with the seven-tag roster and a ``GameType`` tag; games
    read from files have exactly the tags of the file. ``errors`` lists what the reader
    found wrong (an empty list for a good game); then the tree holds what was read up to
    the error and ``raw`` the game's text. ``warnings`` lists where the file departs from
    PDN 3.0 in ways the reader read through (:class:`~shashki.pdn.PdnWarning`).

    >>> game = Game("russian", {"White": "Ivanov", "Black": "Petrov"})
    >>> node = game.add_variation("c3-d4").add_variation("f6-g5")
    >>> game.ply_count(), game.headers["White"], game.end().board().turn
    (2, 'Ivanov', <Color.WHITE: 0>)
    """

    __slots__ = ("_lazy", "errors", "headers", "index", "line", "raw", "variant", "warnings")

    def __init__(self, variant: str | Variant = "russian",
                 headers: Mapping[str, str] | None = None, fen: str | None = None) -> None:
        super().__init__()
        self.variant = variant if isinstance(variant, Variant) else variant_by_name(variant)
        if headers is None:
            h = Headers(_ROSTER_DEFAULTS)
            h["GameType"] = str(gametype_number(self.variant))
            if self.variant.gametype is None:
                h["Variant"] = self.variant.name
        else:
            h = headers if isinstance(headers, Headers) else Headers(headers)
        self.headers = h
        if fen is not None:
            Board(self.variant, fen)  # raises for a bad FEN
            self.headers["FEN"] = fen
        self.errors: list[PdnError] = []
        self.warnings: list[PdnWarning] = []
        self.index: int | None = None
        """0-based index of the game in the file it was read from."""
        self.line: int | None = None
        """1-based line where the game starts in its file."""
        self.raw: str | None = None
        """The game's text as read."""
        self._lazy: _Lazy | None = None

    @classmethod
    def _read(cls, variant: Variant, headers: Headers, index: int, line: int, raw: str,
              lazy: _Lazy) -> Game:
        """A game as the reader makes it (no checks: all was validated)."""
        game = cls.__new__(cls)
        game.parent = game.move = game.clock = game.setup_fen = None
        game._variations = []
        game.comment = game.starting_comment = game.strength = ""
        game.nags = set()
        game.variant, game.headers, game.errors, game.warnings = variant, headers, [], []
        game.index, game.line, game.raw, game._lazy = index, line, raw, lazy
        return game

    @classmethod
    def without_tag_roster(cls, variant: str | Variant = "russian") -> Game:
        return cls(variant, headers=Headers())

    @classmethod
    def from_board(cls, board: Board) -> Game:
        """A game of the moves on ``board``'s stack, from the position before them."""
        b = board.copy()
        moves = []
        while b.move_stack:
            moves.append(b.pop())
        game = cls(board.variant)
        if b.fen() != Board(board.variant).fen():
            game.headers["FEN"] = b.fen()
        node: GameNode = game
        for m in reversed(moves):
            node = ChildNode(node, m)
        return game

    # --- lazily built main line ---------------------------------------------------------

    @property
    def variations(self) -> list[ChildNode]:
        if self._lazy is not None:
            self._materialize()
        return self._variations

    def _materialize(self) -> None:
        lazy = self._lazy
        assert lazy is not None
        self._lazy = None
        ann = lazy.ann
        rep = lazy.replay
        node: GameNode = self
        overrides = lazy.overrides
        for p in range(rep.played):
            child = ChildNode(node, overrides[p] if p in overrides else rep.move(p))
            a = ann.get(p + 1)
            if a is not None:
                apply_annotations(child, a)
            node = child

    def ply_count(self) -> int:
        """Moves in the main line (a fast path of ``game.end().ply()``)."""
        if self._lazy is not None:
            return self._lazy.replay.played
        return self.end().ply()

    def end_fen(self) -> str:
        """FEN after the main line (a fast path of ``game.end().board().fen()``)."""
        if self._lazy is not None:
            w, b, k, t = self._lazy.replay.final
            from shashki.fen import Position

            return write_fen(Position(w, b, k, t), self.variant)
        return self.end().board().fen()

    # --- headers ----------------------------------------------------------------------

    def board(self) -> Board:
        """The starting position (the ``FEN`` tag, else the variant's initial position)."""
        return Board(self.variant, self.starting_fen())

    def starting_fen(self) -> str | None:
        """The ``FEN`` tag, None when absent or ``?`` (lidraughts writes ``FEN "?"``)."""
        fen: str | None = self.headers.get("FEN")
        if fen is None or fen.strip() in ("", "?"):
            return None
        return fen

    @property
    def result(self) -> str:
        """The ``Result`` tag (``*`` if absent); the writer ends the movetext with it."""
        value: str = self.headers.get("Result", "*")
        return value

    @result.setter
    def result(self, value: str) -> None:
        self.headers["Result"] = value

    def rating(self, color: Color) -> int | None:
        """``WhiteRating``/``BlackRating`` (or lidraughts' ``WhiteElo``) as a number."""
        side = "White" if color is WHITE else "Black"
        for tag in (f"{side}Rating", f"{side}Elo"):
            value = self.headers.get(tag, "").strip()
            if value.isdigit():
                return int(value)
        return None

    # --- errors -----------------------------------------------------------------------

    def is_valid(self) -> bool:
        return not self.errors

    def check(self) -> Game:
        """Raise the first error the reader found; return the game when there is none."""
        if self.errors:
            raise self.errors[0]
        return self

    # --- output and comparison --------------------------------------------------------

    def accept(self, writer: Any) -> str:
        """``writer.write(self)``, python-chess style: ``game.accept(PdnWriter(...))``."""
        result: str = writer.write(self)
        return result

    def __str__(self) -> str:
        from shashki.pdn.writer import write_game

        return write_game(self).rstrip("\n")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        if self.variant.name != other.variant.name or self.headers != other.headers:
            return False
        return self._same(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        head = " vs ".join(self.headers.get(t, "?") for t in ("White", "Black"))
        bad = f", {len(self.errors)} error(s)" if self.errors else ""
        return f"<Game {self.variant.name} {head!r} {self.result}{bad}>"


def apply_annotations(node: GameNode, ann: Any) -> None:
    """Set comment, NAGs, strength and clock from what the reader collected."""
    comments, nags, strength = ann
    if comments:
        text, clock = ClockTimes.parse(" ".join(comments))
        node.comment = normalize_comment(text)
        if clock is not None:
            node.clock = clock
    if nags:
        node.nags.update(nags)
    if strength:
        node.strength = strength


def variant_of_headers(headers: Mapping[str, str], default: Variant | None) -> Variant | None:
    """The variant the headers name (GameType, then a ``Variant`` tag), else ``default``.

    Raises ValueError for a GameType that cannot be read or is not supported, and for a
    ``Variant`` tag naming a game shashki does not play (``Antidraughts``, ``Frisian``).
    """
    gt = headers.get("GameType")
    vt = headers.get("Variant")
    if gt is not None and gt.strip():
        return variant_for(parse_gametype(gt), vt)
    if vt is not None:
        if is_giveaway(vt):
            return VARIANTS["russian-giveaway"]
        refuse_variant_tag(vt)
        try:
            return variant_by_name(vt)
        except KeyError:
            pass
    return default


__all__ = [
    "NAG_FORCED",
    "SEVEN_TAG_ROSTER",
    "STRENGTH_NAGS",
    "ChildNode",
    "Game",
    "GameNode",
    "Headers",
    "apply_annotations",
    "variant_of_headers",
]
