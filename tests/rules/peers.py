"""Adapters for the two peer move generators used by the differential tests.

Both peers install into the same top-level package directory ``draughts``:

* ``py-draughts`` 1.10.1 (bitboards, pure Python) owns ``draughts/boards/``,
  ``draughts/move.py``, ``draughts/models.py`` …
* ``pydraughts`` 0.6.7 (object model) owns ``draughts/core/`` and ``draughts/convert.py``.

They overlap only in ``draughts/__init__.py``, ``draughts/svg.py``,
``draughts/engines/__init__.py`` and ``draughts/engines/hub.py``: whichever wheel pip
installed last owns those four files, so ``import draughts`` gives one peer's top-level
API or the other's depending on install order. The move generators themselves live in
disjoint submodules, so both peers load side by side in one process as long as we
never rely on the top-level ``draughts`` namespace. This module therefore

1. imports ``draughts`` as installed; if its ``__init__`` cannot be imported at all
   (e.g. one peer was uninstalled and took the shared ``__init__.py`` with it, or its
   dependencies are missing), it registers a bare package object for the directory
   instead, so the submodules still import;
2. imports only the generator submodules by their full names; and
3. checks every file it relies on against the ``RECORD`` hashes of the distribution
   that should own it, so an overwritten file shows up as a clear error instead of
   as a bogus move-generation difference.

Squares are converted to shashki's numbering (8x8: 1 = b8, 4 = h8, 29 = a1, 32 = g1;
10x10: 1..50 as in FMJD); a move becomes the key ``(start, end, frozenset(captured))``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.metadata
import importlib.util
import sys
import types
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

MoveKey = tuple[int, int, frozenset[int]]
#: (start, end, captured, piece is a king after the move)
MoveKeyK = tuple[int, int, frozenset[int], bool]

VARIANTS = ("russian", "brazilian", "international")

PY_DRAUGHTS = "py-draughts"
PYDRAUGHTS = "pydraughts"
#: The versions whose behaviour (and known bugs) the tests document.
PINNED = {PY_DRAUGHTS: "1.10.1", PYDRAUGHTS: "0.6.7"}

_OWNED_FILES = {
    PY_DRAUGHTS: (
        "draughts/boards/__init__.py", "draughts/boards/_core.py", "draughts/boards/_draw.py",
        "draughts/boards/base.py", "draughts/boards/russian.py",
        "draughts/boards/brazilian.py", "draughts/boards/standard.py", "draughts/move.py",
        "draughts/models.py",
    ),
    PYDRAUGHTS: (
        "draughts/convert.py", "draughts/core/__init__.py", "draughts/core/board.py",
        "draughts/core/board_initializer.py", "draughts/core/board_searcher.py",
        "draughts/core/game.py", "draughts/core/move.py", "draughts/core/piece.py",
        "draughts/core/variant.py",
    ),
}


class PeerUnavailable(RuntimeError):
    """A peer cannot be used."""


class PeerMissing(PeerUnavailable):
    """The peer is not installed, or not the pinned version (tests skip)."""


class PeerBroken(PeerUnavailable):
    """The peer is installed but its files were overwritten or do not import (tests fail)."""


# --- square numbering ------------------------------------------------------------------


def alg8(square: int) -> str:
    """Algebraic name of an 8x8 square in shashki/PDN numbering (1 = b8, 29 = a1)."""
    row, col = divmod(square - 1, 4)  # row 0 = rank 8
    file = 2 * col + (1 if row % 2 == 0 else 0)
    return f"{'abcdefgh'[file]}{8 - row}"


ALG8_TO_NUM = {alg8(sq): sq for sq in range(1, 33)}


def fen_parts(fen: str) -> tuple[str, list[tuple[int, bool]], list[tuple[int, bool]]]:
    """Side to move and (square, king) lists of a numeric FEN as shashki writes it."""
    turn, *blocks = fen.split(":")
    pieces: dict[str, list[tuple[int, bool]]] = {"W": [], "B": []}
    for block in blocks:
        if not block:
            continue
        for tok in filter(None, block[1:].split(",")):
            king = tok.startswith("K")
            pieces[block[0]].append((int(tok[1:] if king else tok), king))
    return turn, pieces["W"], pieces["B"]


# --- loading ---------------------------------------------------------------------------


def _file_hash(path: Path) -> str:
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _check_files(dist_name: str) -> None:
    """Raise PeerUnavailable when a file the adapter needs is not the one ``dist_name`` shipped."""
    try:
        dist = importlib.metadata.distribution(dist_name)
    except importlib.metadata.PackageNotFoundError:
        raise PeerMissing(f"{dist_name} is not installed") from None
    if dist.version != PINNED[dist_name]:
        raise PeerMissing(
            f"{dist_name} {dist.version} is installed; the tests document {PINNED[dist_name]}"
        )
    record = {str(f): f for f in dist.files or ()}
    for rel in _OWNED_FILES[dist_name]:
        entry = record.get(rel)
        if entry is None or entry.hash is None:
            raise PeerBroken(f"{dist_name}: {rel} missing from its RECORD")
        path = Path(str(entry.locate()))
        if not path.is_file():
            raise PeerBroken(f"{dist_name}: {path} is missing")
        got = _file_hash(path)
        if got != f"{entry.hash.mode}={entry.hash.value}":
            raise PeerBroken(
                f"{dist_name}: {path} is not the file {dist_name} installed (overwritten by "
                "the other distribution that also installs the package 'draughts'?)"
            )


def _ensure_draughts_package() -> None:
    """Make ``draughts.<sub>`` importable whichever peer owns ``draughts/__init__.py``."""
    if "draughts" in sys.modules:
        return
    try:
        importlib.import_module("draughts")
        return
    except Exception:
        for name in [n for n in sys.modules if n == "draughts" or n.startswith("draughts.")]:
            del sys.modules[name]
    spec = importlib.util.find_spec("draughts")
    if spec is None or not spec.submodule_search_locations:
        raise PeerBroken("no package 'draughts' is importable")
    stub = types.ModuleType("draughts")
    stub.__path__ = list(spec.submodule_search_locations)
    stub.__package__ = "draughts"
    sys.modules["draughts"] = stub


def _quiet_loguru() -> None:
    """py-draughts logs every board set-up through loguru; its own ``__init__`` removes
    loguru's default stderr handler, but when pydraughts owns ``draughts/__init__.py``
    that never runs and every ``from_fen`` would print two lines."""
    try:
        from loguru import logger
    except ImportError:  # pragma: no cover - loguru is a py-draughts dependency
        return
    logger.disable("draughts")


@cache
def load(dist_name: str) -> dict[str, Any]:
    """The generator modules of one peer (cached); raises PeerUnavailable."""
    _check_files(dist_name)
    _ensure_draughts_package()
    if dist_name == PY_DRAUGHTS:
        names = ["draughts.boards.russian", "draughts.boards.brazilian", "draughts.boards.standard"]
        _quiet_loguru()
    else:
        names = ["draughts.core.variant", "draughts.convert"]
    try:
        return {n: importlib.import_module(n) for n in names}
    except Exception as e:  # pragma: no cover - depends on the installation
        raise PeerBroken(f"{dist_name}: cannot import its modules: {e!r}") from e


# --- adapters --------------------------------------------------------------------------


class PyDraughtsPeer:
    """py-draughts 1.10.1: ``Board.from_fen`` takes shashki's numeric FEN as is.

    Its squares are 0-based indices in the same order as the PDN numbers (index 0 = b8 on
    8x8, = square 1 on 10x10), so ``number = index + 1``.
    """

    name = PY_DRAUGHTS

    def __init__(self, variant: str) -> None:
        mods = load(PY_DRAUGHTS)
        module = {
            "russian": "draughts.boards.russian",
            "brazilian": "draughts.boards.brazilian",
            "international": "draughts.boards.standard",
        }[variant]
        self.variant = variant
        self.board_class = mods[module].Board

    def board(self, fen: str) -> Any:
        return self.board_class.from_fen(fen)

    def raw_moves(self, fen: str) -> list[MoveKey]:
        """Every move py-draughts lists, duplicates kept."""
        return [
            (m.square_list[0] + 1, m.square_list[-1] + 1,
             frozenset(c + 1 for c in m.captured_list))
            for m in self.board(fen).legal_moves
        ]

    def moves(self, fen: str) -> set[MoveKey]:
        return set(self.raw_moves(fen))

    def moves_with_king(self, fen: str) -> set[MoveKeyK]:
        """Moves with whether the moving piece is a king once the move is made."""
        board = self.board(fen)
        out = set()
        for m in board.legal_moves:
            board.push(m)
            king = abs(int(board[m.square_list[-1]])) == 2
            board.pop()
            out.add((m.square_list[0] + 1, m.square_list[-1] + 1,
                     frozenset(c + 1 for c in m.captured_list), king))
        return out


class PydraughtsPeer:
    """pydraughts 0.6.7 through ``draughts.core.variant.Board``.

    For Russian and Brazilian it reads and writes the variant's *own* numeric squares
    (1 = a1, 2 = c1, … counted from White's side) and algebraic FENs, so positions go in
    as algebraic FENs and squares come back through its ``_number_to_algebraic``.
    International ("standard") uses the FMJD numbers unchanged. It does not merge
    duplicate capture routes, hence sets.
    """

    name = PYDRAUGHTS

    def __init__(self, variant: str) -> None:
        mods = load(PYDRAUGHTS)
        self.variant = variant
        self._vname = "standard" if variant == "international" else variant
        self._board_class = mods["draughts.core.variant"].Board
        to_alg: Callable[..., str] = mods["draughts.convert"]._number_to_algebraic
        if variant == "international":
            self._sq = {n: n for n in range(1, 51)}
        else:
            self._sq = {n: ALG8_TO_NUM[to_alg(str(n), variant=variant)] for n in range(1, 33)}

    def peer_fen(self, fen: str) -> str:
        if self.variant == "international":
            return fen
        turn, white, black = fen_parts(fen)

        def block(pieces: list[tuple[int, bool]]) -> str:
            return ",".join(("K" if k else "") + alg8(sq) for sq, k in pieces)

        return f"{turn}:W{block(white)}:B{block(black)}"

    def board(self, fen: str) -> Any:
        return self._board_class(self._vname, self.peer_fen(fen))

    def raw_moves(self, fen: str) -> list[MoveKey]:
        """Every route pydraughts lists (it keeps duplicate routes)."""
        sq = self._sq
        out = []
        for m in self.board(fen).legal_moves():
            steps = m.steps_move
            caps = m.captures or []
            out.append((sq[steps[0]], sq[steps[-1]], frozenset(sq[c] for c in caps)))
        return out

    def moves(self, fen: str) -> set[MoveKey]:
        return set(self.raw_moves(fen))

    def start_moves(self) -> set[MoveKey]:
        """Moves of pydraughts' own start position (no FEN conversion involved)."""
        board = self._board_class(self._vname)
        return {(self._sq[m.steps_move[0]], self._sq[m.steps_move[-1]], frozenset())
                for m in board.legal_moves()}


PEERS: dict[str, type[PyDraughtsPeer] | type[PydraughtsPeer]] = {
    PY_DRAUGHTS: PyDraughtsPeer,
    PYDRAUGHTS: PydraughtsPeer,
}


def peer(dist_name: str, variant: str) -> PyDraughtsPeer | PydraughtsPeer:
    return PEERS[dist_name](variant)
