"""Puzzles: the criterion that makes a position one, and the starter set the package ships.

A position is a puzzle when one move wins — the game (a forced win) or at least
:data:`MATERIAL` hundredths of a man — and every other move is at least :data:`MARGIN`
worse (:func:`judge`, over the engine's two best lines, :meth:`Engine.lines`). A position
with a single legal move is no puzzle. The platform's miner (``server/puzzles/mine.py``)
and the builder of the starter set (``tools/puzzles_build.py``) both judge by it.

The starter set (:func:`starter`) is ``learned/starter-puzzles.json``: puzzles of Russian,
International and Brazilian draughts mined from public game records and the engine's
self-play, each judged at :data:`DEPTH` and again, deeper, by the build. The file carries
its recipe (sources with their SHA-256, depths, the criterion's constants, the package's
version and commit) and the SHA-256 of its entries; a file whose entries do not match
that hash is refused (:class:`PuzzleSetError`).

>>> from shashki import Board
>>> board = Board("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8")
>>> found = judge(Engine("russian", hash_mb=4), board)
>>> found.solution, found.kind
('c3-d4', 'win')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from shashki.board import Board
from shashki.engine.engine import Engine
from shashki.errors import ShashkiError

__all__ = [
    "DEPTH",
    "FILE",
    "MARGIN",
    "MATERIAL",
    "Found",
    "PuzzleSet",
    "PuzzleSetError",
    "StarterPuzzle",
    "entries_hash",
    "judge",
    "load",
    "starter",
]

MATERIAL = 150
"""Hundredths of a man the winning move must be worth at least (for the side to move).

>>> MATERIAL / 100  # men
1.5
"""
MARGIN = 150
"""How much worse than the winning move every other move must be (hundredths of a man).

>>> MARGIN / 100
1.5
"""
DEPTH = 8
"""The depth of the two lines searched in a candidate position (the platform's miner; the
starter set is judged again deeper, its recipe says how deep).

>>> DEPTH
8
"""
FILE = "starter-puzzles.json"
"""The starter set's file name in ``shashki/engine/learned/``.

>>> FILE
'starter-puzzles.json'
"""
LINE_PLIES = 7
"""At most this many plies of the engine's line after the solution are kept."""


@dataclass(frozen=True)
class Found:
    """A puzzle found by :func:`judge`: the winning move, the line after it, what it wins
    (``"win"``: a forced win; ``"material"``) and the score of the solution (hundredths
    of a man; a win as 10,000 less its moves).

    >>> Found("c3-d4", ["e5:c3"], "win", 9995).gain
    9995
    """

    solution: str
    line: list[str]
    kind: str
    gain: int


def judge(engine: Engine, board: Board, depth: int = DEPTH) -> Found | None:
    """The puzzle in ``board``, if one move (and only that one) wins there, by the two
    best lines to ``depth`` plies; None otherwise.

    >>> from shashki import Board
    >>> judge(Engine("russian", hash_mb=1), Board("russian")) is None
    True
    """
    lines = engine.lines(board, 2, depth)
    if len(lines) < 2:
        return None
    best, second = lines
    wins = best.score.wins_in
    if wins is not None and wins > 0:
        kind = "win"
        if second.score.wins_in is not None and second.score.wins_in > 0:
            return None  # another move wins as well
    elif best.score.value >= MATERIAL:
        kind = "material"
    else:
        return None
    if kind == "material" and best.score.value - second.score.value < MARGIN:
        return None
    pv = best.pv_text(board)
    return Found(pv[0], pv[1:1 + LINE_PLIES], kind,
                 best.score.value if wins is None else 10000 - wins)


class PuzzleSetError(ShashkiError):
    """A puzzle set that cannot be used: damaged (its entries do not match their hash),
    or not a puzzle set at all.

    >>> try:
    ...     load('{"recipe": {}, "sha256": "0", "puzzles": []}')
    ... except PuzzleSetError as e:
    ...     print(e)
    the puzzle set is damaged: its entries do not match their SHA-256
    """


@dataclass(frozen=True)
class StarterPuzzle:
    """One puzzle of the starter set.

    ``id`` is its number in the set (stable within one build); ``solution`` the winning
    move and ``line`` the engine's line after it (the Code's notation); ``forced`` how
    many plies from the solution on the solver's moves stay the only winning ones;
    ``difficulty`` the shallowest depth from which a single search keeps to the solution
    (one more than the verifying depth when it never does);
    ``source`` where it came from (``{"file", "sha256", "game", "ply"}`` of a record, or
    ``{"selfplay", "game", "ply"}``) — for attribution once solved, never before.

    >>> p = StarterPuzzle(1, "russian", "W:W21:B18", "c3:e5", [], 1, "win", 9999, 1, {})
    >>> p.variant, p.solution
    ('russian', 'c3:e5')
    """

    id: int
    variant: str
    fen: str
    solution: str
    line: list[str]
    forced: int
    kind: str
    gain: int
    difficulty: int
    source: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleSet:
    """A verified puzzle set: its recipe, the hash of its entries, and the puzzles.

    >>> s = starter()
    >>> s.counts()["russian"] >= 300
    True
    """

    recipe: dict[str, Any]
    sha256: str
    puzzles: tuple[StarterPuzzle, ...]

    def of(self, variant: str) -> list[StarterPuzzle]:
        """The puzzles of ``variant``.

        >>> all(p.variant == "brazilian" for p in starter().of("brazilian"))
        True
        """
        return [p for p in self.puzzles if p.variant == variant]

    def counts(self) -> dict[str, int]:
        """How many puzzles each variant has.

        >>> sorted(starter().counts())
        ['brazilian', 'international', 'russian']
        """
        out: dict[str, int] = {}
        for p in self.puzzles:
            out[p.variant] = out.get(p.variant, 0) + 1
        return out


def entries_hash(entries: list[dict[str, Any]]) -> str:
    """The SHA-256 of a set's entries (canonical JSON: sorted keys, no spaces, UTF-8).

    >>> entries_hash([])[:12]
    '4f53cda18c2b'
    """
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_FIELDS = ("id", "variant", "fen", "solution", "line", "forced", "kind", "gain",
           "difficulty", "source")


def load(text: str) -> PuzzleSet:
    """Read and verify a puzzle set's JSON text; raises :class:`PuzzleSetError` when it
    is not one or its entries do not match their hash.

    >>> s = load('{"recipe": {}, "sha256": "%s", "puzzles": []}' % entries_hash([]))
    >>> len(s.puzzles)
    0
    """
    try:
        data = json.loads(text)
    except ValueError as e:
        raise PuzzleSetError(f"the puzzle set is not JSON: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleSetError("the puzzle set has no list of puzzles")
    entries = data["puzzles"]
    if entries_hash(entries) != data.get("sha256"):
        raise PuzzleSetError(
            "the puzzle set is damaged: its entries do not match their SHA-256")
    try:
        puzzles = tuple(StarterPuzzle(**{k: e[k] for k in _FIELDS}) for e in entries)
    except (KeyError, TypeError) as e:
        raise PuzzleSetError(f"a puzzle of the set lacks a field: {e}") from None
    return PuzzleSet(dict(data.get("recipe") or {}), str(data["sha256"]), puzzles)


@cache
def starter() -> PuzzleSet:
    """The starter set shipped with the package, verified (read once a process).

    >>> p = starter().of("international")[0]
    >>> p.variant, p.solution in [Board(p.variant, p.fen).move_text(m)
    ...                           for m in Board(p.variant, p.fen).legal_moves]
    ('international', True)
    """
    res = resources.files("shashki.engine").joinpath("learned", FILE)
    return load(res.read_text("utf-8"))
