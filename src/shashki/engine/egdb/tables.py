"""Slices, the in-memory layout of a database, and its files.

The whole database lives in one ``uint8`` array (``eg``), which the compiled search
receives as it is (:func:`shashki.engine.probe.probe`):

- a header of 8 int64 words: magic, squares, 2 x squares a row, most pieces (these
  three are the kernels' ``gp``), number of material codes, binomial table rows and
  columns, byte where the values start;
- the offset of each material's slice (int64, -1 where absent), by
  :func:`~shashki.engine.egdb.kernels.material_code`;
- the binomial table ``C(n, k)`` (int64) used by the index;
- one byte per position of every slice (see :mod:`shashki.engine.egdb.kernels`).

On disk a database is a directory: ``egdb.json`` (variant, pieces, index version and,
per slice, its size, counts and build time) and one zlib-compressed file of bytes per
slice, ``<om><ok><pm><pk>.egz`` (e.g. ``0201.egz``: two kings against a king with the
two kings to move).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from shashki.engine.egdb.kernels import MAGIC, material_code
from shashki.rules import Variant

FORMAT = 1
"""Version of the index and the value bytes; a directory of another version is rebuilt."""
HEADER = 8
H_MAGIC, H_SQUARES, H_ROW2, H_MAXP, H_NCODES, H_BROWS, H_BCOLS, H_DATA = range(HEADER)
MANIFEST = "egdb.json"


@dataclass(frozen=True, order=True)
class Material:
    """Men and kings of the side to move (``om``, ``ok``) and of the other side."""

    om: int
    ok: int
    pm: int
    pk: int

    @property
    def pieces(self) -> int:
        return self.om + self.ok + self.pm + self.pk

    @property
    def men(self) -> int:
        return self.om + self.pm

    def reverse(self) -> Material:
        """The same material with the other side to move."""
        return Material(self.pm, self.pk, self.om, self.ok)

    @property
    def name(self) -> str:
        return f"{self.om}{self.ok}{self.pm}{self.pk}"

    def describe(self) -> str:
        """``2K+0M v 1K+0M``-style text: side to move first."""
        return f"{self.ok}K{self.om}M–{self.pk}K{self.pm}M"

    def size(self, squares: int, row: int) -> int:
        """Number of index values of the slice (holes included)."""
        om, ok, pm, pk = self.om, self.ok, self.pm, self.pk
        return (comb(squares - row, om) * comb(squares - row, pm)
                * comb(squares - om - pm, ok) * comb(squares - om - pm - ok, pk))


def materials(pieces: int) -> list[Material]:
    """Every material with 2..``pieces`` pieces, each side having at least one."""
    out = []
    for om in range(pieces + 1):
        for ok in range(pieces + 1 - om):
            for pm in range(pieces + 1 - om - ok):
                for pk in range(pieces + 1 - om - ok - pm):
                    m = Material(om, ok, pm, pk)
                    if om + ok and pm + pk:
                        out.append(m)
    return out


def pairs(pieces: int) -> list[tuple[Material, Material | None]]:
    """The materials in building order, a material with its reverse (None when it is its
    own reverse): fewer pieces first, then fewer men. A capture removes a piece and a
    promotion turns a man into a king, so both lead into pairs built before; a quiet move
    of a man or a king stays in the pair (with the other side to move)."""
    seen: set[Material] = set()
    out: list[tuple[Material, Material | None]] = []
    for m in sorted(materials(pieces), key=lambda m: (m.pieces, m.men, m)):
        if m in seen:
            continue
        r = m.reverse()
        seen.update((m, r))
        out.append((m, None if r == m else r))
    return out


def binomials(squares: int, pieces: int) -> Any:
    t = np.zeros((squares + 1, pieces + 2), dtype=np.int64)
    for n in range(squares + 1):
        for k in range(pieces + 2):
            t[n, k] = comb(n, k)
    return t


class Layout:
    """Where everything of a database of ``pieces`` pieces lies in its ``eg`` array."""

    def __init__(self, variant: Variant, pieces: int) -> None:
        g = variant.geometry
        self.variant = variant
        self.pieces = pieces
        self.squares = g.squares
        self.row = g.per_row
        self.ncodes = (pieces + 1) ** 4
        self.binom = binomials(g.squares, pieces)
        self.offset: dict[Material, int] = {}
        self.sizes: dict[Material, int] = {}
        pos = 0
        for a, b in pairs(pieces):
            for m in (a, b):
                if m is not None:
                    self.offset[m] = pos
                    self.sizes[m] = m.size(g.squares, g.per_row)
                    pos += self.sizes[m]
        self.positions = pos
        self.data_start = 8 * (HEADER + self.ncodes + self.binom.size)

    def allocate(self) -> Any:
        """A fresh ``eg`` array: header, offsets and binomials filled, values zero."""
        eg = np.zeros(self.data_start + self.positions, dtype=np.uint8)
        h = eg[: 8 * HEADER].view(np.int64)
        h[H_MAGIC] = MAGIC
        h[H_SQUARES] = self.squares
        h[H_ROW2] = 2 * self.row
        h[H_MAXP] = self.pieces
        h[H_NCODES] = self.ncodes
        h[H_BROWS], h[H_BCOLS] = self.binom.shape
        h[H_DATA] = self.data_start
        offs = self.offsets(eg)
        offs[:] = -1
        for m, o in self.offset.items():
            offs[material_code(m.om, m.ok, m.pm, m.pk, self.pieces)] = o
        b0 = 8 * (HEADER + self.ncodes)
        eg[b0: self.data_start].view(np.int64)[:] = self.binom.ravel()
        return eg

    def gp(self, eg: Any) -> Any:
        return eg[8 * H_SQUARES: 8 * (H_MAXP + 1)].view(np.int64)

    def offsets(self, eg: Any) -> Any:
        return eg[8 * HEADER: 8 * (HEADER + self.ncodes)].view(np.int64)

    def data(self, eg: Any) -> Any:
        return eg[self.data_start:]

    def slice_of(self, eg: Any, m: Material) -> Any:
        o = self.data_start + self.offset[m]
        return eg[o: o + self.sizes[m]]


def read_manifest(directory: Path) -> dict[str, Any] | None:
    path = directory / MANIFEST
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # unreadable, not UTF-8, not JSON: no manifest
        return None
    return doc if isinstance(doc, dict) else None


def write_manifest(directory: Path, doc: dict[str, Any]) -> None:
    tmp = directory / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    tmp.replace(directory / MANIFEST)


def save_slice(directory: Path, m: Material, values: Any) -> int:
    """Write a slice's bytes compressed; returns the file size."""
    blob = zlib.compress(np.ascontiguousarray(values).tobytes(), 6)
    path = directory / f"{m.name}.egz"
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    tmp.replace(path)
    return len(blob)


def load_slice(directory: Path, m: Material, out: Any) -> None:
    """Read a slice's bytes into ``out``; ValueError when the file does not fit."""
    raw = zlib.decompress((directory / f"{m.name}.egz").read_bytes())
    if len(raw) != out.shape[0]:
        raise ValueError(f"{directory / (m.name + '.egz')}: {len(raw)} values, "
                         f"expected {out.shape[0]}")
    out[:] = np.frombuffer(raw, dtype=np.uint8)
