"""Official ballot (drawing) tables for 8x8 micro-matches, shipped with the package.

Files and provenance: ``tables/README.md``. Each entry is a short move sequence in the
tables' notation (``ab4`` = the man on file a that goes to b4; ``bd6`` a capture) or a
relocation of one man per side (``b2-h6 h6-a5``, ``---`` = none), after which White moves.
:func:`replay` builds the start position with shashki's own move generator.

>>> e = load("fmjd-russian")[0]
>>> e.code, e.moves
('1-I', ('ab4', 'ba5', 'ba3', 'ab6', 'ab2', 'dc5'))
>>> replay(e).fen() == e.fen
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from shashki.board import Board
from shashki.color import BLACK, WHITE
from shashki.errors import IllegalMove, ShashkiError
from shashki.move import Move

TABLES: dict[str, tuple[str, str, str]] = {
    "fmjd-russian": ("fmjd_drawing_table_64_russian.json", "russian",
                     "FMJD Drawing Table 64 (Russian), 736 entries"),
    "fmjd-brazilian": ("fmjd_drawing_table_64_brazilian.json", "brazilian",
                       "FMJD Drawing Table 64 (Brazilian), 725 entries"),
    "idf-150": ("idf_basic_positions_150.json", "russian",
                "IDF Drawing Table 64: the 150 basic positions"),
    "idf-russian": ("russian.json", "russian", "former IDF table of draw (Russian), 745"),
    "idf-brazilian": ("brazilian.json", "brazilian", "former IDF table of draw (Brazilian), 736"),
    "idf-150-pydraughts": ("150russian_and_brazilian.json", "russian",
                           "the 150 IDF positions (pydraughts copy)"),
}
"""Ballot table name → (file, variant, description).

>>> list(TABLES)[:4]
['fmjd-russian', 'fmjd-brazilian', 'idf-150', 'idf-russian']
>>> TABLES["fmjd-russian"][2]
'FMJD Drawing Table 64 (Russian), 736 entries'
"""


class BallotError(ShashkiError):
    """A ballot entry that cannot be played from the initial position.

    >>> entry("fmjd-russian", "99-Z")
    Traceback (most recent call last):
        ...
    shashki.openings.BallotError: ballot table 'fmjd-russian' has no entry '99-Z'
    """


@dataclass(frozen=True)
class Entry:
    """One ballot entry: its code, the move or relocation tokens and the FEN of the file.

    >>> e = entry("fmjd-russian", "1-I")
    >>> e.table, e.code, e.text()
    ('fmjd-russian', '1-I', 'ab4 ba5 ba3 ab6 ab2 dc5')
    """

    table: str
    code: str
    moves: tuple[str, ...]
    fen: str

    @property
    def relocation(self) -> bool:
        """Whether the entry moves men before play instead of playing moves."""
        return bool(self.moves) and all(_is_relocation(m) for m in self.moves)

    def text(self) -> str:
        return " ".join(self.moves) if self.moves else "Free"


@cache
def load(table: str) -> tuple[Entry, ...]:
    """The entries of a ballot table, in table order (:data:`TABLES`)."""
    if table not in TABLES:
        raise BallotError(f"unknown ballot table {table!r}; known: {', '.join(TABLES)}")
    fname = TABLES[table][0]
    data = json.loads(resources.files("shashki.openings").joinpath("tables", fname)
                      .read_text(encoding="utf-8"))
    out: list[Entry] = []
    if "positions" in data:
        for p in data["positions"]:
            moves = tuple(m for m in p["moves"].split() if m.lower() != "free")
            out.append(Entry(table, p["code"], moves, p["fen"]))
    else:
        for key in data["standard"]:
            code, _, rest = key.replace(": ", " ", 1).partition(" ")
            moves = tuple(m for m in rest.split() if m.lower() != "free")
            out.append(Entry(table, code, moves, data["all"][key]))
    return tuple(out)


def entry(table: str, code: str) -> Entry:
    """The entry ``code`` of ``table``.

    >>> entry("fmjd-brazilian", "1-I").moves
    ('ab4', 'ba5', 'ba3', 'ab6', 'ab2', 'dc5')
    """
    for e in load(table):
        if e.code == code:
            return e
    raise BallotError(f"ballot table {table!r} has no entry {code!r}")


def variant_of(table: str) -> str:
    """The variant a ballot table's openings are played in.

    >>> variant_of("fmjd-russian"), variant_of("fmjd-brazilian")
    ('russian', 'brazilian')
    """
    return TABLES[table][1]


def replay(e: Entry, variant: str | None = None) -> Board:
    """The start position of entry ``e``, built with shashki's move generator.

    Moves must be legal (captures compulsory; majority capture in Brazilian); a relocation
    moves the White man and the Black man of its two tokens, then White moves (README of the
    tables). Raises :class:`BallotError` naming the entry and the bad token.

    >>> board = replay(entry("fmjd-russian", "1-I"))
    >>> board.turn, len(board.move_stack)
    (<Color.WHITE: 0>, 6)
    """
    board = Board(variant or variant_of(e.table))
    if e.relocation:
        return _relocate(board, e)
    for tok in e.moves:
        try:
            board.push(_short_move(board, tok))
        except ShashkiError as err:
            raise BallotError(f"{e.table} {e.code}: move {tok!r}: {err}") from None
    return board


def _is_relocation(tok: str) -> bool:
    return tok.strip("-") == "" or (len(tok) == 5 and tok[2] == "-")


def _relocate(board: Board, e: Entry) -> Board:
    g = board.variant.geometry
    white = set(board.pieces(WHITE))
    black = set(board.pieces(BLACK))
    sides = (white, black)
    moves: list[tuple[int, int, int]] = []
    for side, tok in enumerate(e.moves[:2]):
        if tok.strip("-") == "":
            continue
        try:
            a, b = (g.parse_square(x) for x in tok.split("-"))
        except ValueError as err:
            raise BallotError(f"{e.table} {e.code}: relocation {tok!r}: {err}") from None
        if a not in sides[side]:
            raise BallotError(f"{e.table} {e.code}: relocation {tok!r}: no "
                              f"{'White' if side == 0 else 'Black'} man on {tok[:2]}")
        moves.append((side, a, b))
    for side, a, _ in moves:  # simultaneous: first lift both men …
        sides[side].discard(a)
    for side, _, b in moves:  # … then put them down
        if b in white or b in black:
            raise BallotError(f"{e.table} {e.code}: relocation to an occupied square {b}")
        sides[side].add(b)
    fen = "W:W" + ",".join(map(str, sorted(white))) + ":B" + ",".join(map(str, sorted(black)))
    try:
        return Board(board.variant, fen)
    except ShashkiError as err:
        raise BallotError(f"{e.table} {e.code}: {err}") from None


def _short_move(board: Board, tok: str) -> Move:
    """The legal move named by a ballot token: file of departure + arrival square."""
    if "-" in tok or ":" in tok:
        return board.parse_move(tok)
    g = board.variant.geometry
    try:
        end = g.parse_square(tok[1:])
    except ValueError as err:
        raise IllegalMove(f"bad square in {tok!r}: {err}") from None
    found = [m for m in board.legal_moves
             if m.end == end and board.move_text(m, "algebraic", True)[0] == tok[0]]
    if len(found) != 1:
        legal = ", ".join(board.move_text(m, "algebraic") for m in board.legal_moves)
        raise IllegalMove(f"{tok!r} names {len(found)} legal moves (legal: {legal})")
    return found[0]


def same_position(a: str, b: str, variant: str) -> bool:
    """Whether two FENs describe the same pieces and side to move.

    >>> same_position("W:W21,22:B1", "W:W22,21:B01", "russian")
    True
    >>> same_position("W:W21:B1", "B:W21:B1", "russian")
    False
    """
    return Board(variant, a) == Board(variant, b)


def check_table(table: str) -> list[str]:
    """Every entry replayed; the problems found (bad moves, FEN disagreeing with the replay).

    >>> [problem.split(":")[0] for problem in check_table("fmjd-russian")]
    ['fmjd-russian 22-XV', 'fmjd-russian 45-IX']
    """
    problems: list[str] = []
    var = variant_of(table)
    for e in load(table):
        try:
            board = replay(e)
        except BallotError as err:
            problems.append(str(err))
            continue
        try:
            same = same_position(board.fen(), e.fen, var)
        except ShashkiError as err:
            problems.append(f"{table} {e.code}: the file's FEN: {err}")
            continue
        if not same:
            problems.append(f"{table} {e.code}: replay gives {board.fen()}, file has {e.fen}")
    return problems
