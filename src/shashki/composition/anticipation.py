"""Anticipation search (предшественник): is a position already in the archive or in a
collection of compositions, as it stands or with the colours swapped?

A composition is anticipated when an earlier work (or game) has the same position; the
rules of composition judge a work by its novelty (docs/composition.md, "Anticipation").
The only transformation that keeps the rules of play on the same board is the half turn
with the colours swapped (White's men move up, Black's down): :func:`colour_swap`. A
left-right mirror is no position of draughts at all on an even-width board — it puts the
pieces on the light squares — so it is not searched (decision C6).

Every position of each indexed record is kept (the initial one and each one along the
main line and the variations), so a match may be the whole composition (its initial
position) or a part of it (e.g. its final combination appearing later in a game).

>>> from shashki import Board
>>> from shashki.pdn import read_game
>>> idx = PositionIndex("russian")
>>> idx.add_game(read_game('[FEN "B:Wa1,b2:Bd4,h8"]\\n1... d4-c3 2. b2:d4 *'), "game 1")
3
>>> [(m.label, m.ply, m.swapped) for m in idx.find(Board("russian", "B:Wa1,d4:Bh8"))]
[('game 1', 2, False)]
>>> swapped = colour_swap(Board("russian", "B:Wa1,d4:Bh8"))
>>> swapped.fen(), [m.swapped for m in idx.find(swapped)]
('W:W29:B4,15', [True])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shashki.board import Board
from shashki.composition.record import Composition
from shashki.fen import Position, write_fen
from shashki.pdn import Game, GameNode
from shashki.rules import Variant, as_variant


def colour_swap(board: Board) -> Board:
    """The position turned half round with the colours and the side to move swapped: the
    same play with the roles exchanged."""
    g = board.variant.geometry
    w, b, k, t = board.position

    def turn(mask: int) -> int:
        out = 0
        for sq in g.squares_of(mask):
            f, r = g.file_rank(sq)
            other = g.square_at(g.files - 1 - f, g.ranks - 1 - r)
            assert other is not None
            out |= 1 << g.bit(other)
        return out

    pos = Position(turn(b), turn(w), turn(k), 1 - t)
    return Board(board.variant, write_fen(pos, board.variant))


def key(board: Board) -> str:
    """The position's key: its FEN with sorted squares (side to move included)."""
    return board.fen()


@dataclass(frozen=True)
class Match:
    label: str
    """Which record (as given when it was added)."""
    ply: int
    """Where in it: 0 for its initial position, else the ply of its main line or
    variation after which the position stands."""
    swapped: bool
    """True when the record has the colour-swapped position."""
    fen: str


class PositionIndex:
    """Positions of games and compositions of one variant, by key."""

    def __init__(self, variant: str | Variant = "russian") -> None:
        self.variant = as_variant(variant)
        self._where: dict[str, list[tuple[str, int]]] = {}

    def __len__(self) -> int:
        return len(self._where)

    def add(self, board: Board, label: str, ply: int = 0) -> None:
        self._where.setdefault(key(board), []).append((label, ply))

    def add_game(self, game: Game, label: str) -> int:
        """Index every position of a game record (main line and variations); return how
        many were added."""
        if game.variant != self.variant:
            return 0
        board = game.board()
        self.add(board, label, 0)
        return 1 + self._walk(game, board, label, 0)

    def _walk(self, node: GameNode, board: Board, label: str, ply: int) -> int:
        n = 0
        for child in node.variations:
            if child.move is None:
                continue
            board.push(child.move)
            self.add(board, label, ply + 1)
            n += 1 + self._walk(child, board, label, ply + 1)
            board.pop()
        return n

    def add_composition(self, comp: Composition, label: str | None = None) -> int:
        assert comp.solution is not None
        return self.add_game(comp.solution, label or comp.label())

    def add_all(self, items: Iterable[tuple[str, Game | Composition]]) -> int:
        n = 0
        for label, item in items:
            n += (self.add_composition(item, label) if isinstance(item, Composition)
                  else self.add_game(item, label))
        return n

    def find(self, board: Board) -> list[Match]:
        """Every record holding the position, or its colour swap."""
        out = []
        for swapped, b in ((False, board), (True, colour_swap(board))):
            for label, ply in self._where.get(key(b), []):
                out.append(Match(label, ply, swapped, b.fen()))
        return out

    def anticipations(self, comp: Composition) -> list[Match]:
        """Records with the composition's initial position (a full anticipation)."""
        return self.find(comp.board())
