"""Fitting the lone-king table (:mod:`shashki.engine.lone_king`) to the endgame tables.

Every position of three kings against a king in the variant's 4-piece tables
(:func:`positions`); of those the kings win with the lone king off the main road, the
plies to the win are fitted by ridge regression on the normal equations (:func:`fit`),
made symmetric under the board's four symmetries that keep the main road (so the
evaluation stays colour-symmetric), times ``PLY_COST`` and rounded.

    python -m shashki.engine.lone_king_fit --variant russian \\
        --out src/shashki/engine/learned/russian-lone-king.npz

builds the 4-piece tables in a temporary directory (about 5 seconds), fits and writes the
file; the same command gives the same data and weights hashes. Russian and Brazilian
give the same table (kings alone capture alike), so Brazilian takes Russian's file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from shashki.engine.egdb import Database
from shashki.engine.lone_king import FORMAT, PLY_COST, RIDGE, table_hash
from shashki.engine.model import LearnError
from shashki.errors import ShashkiError
from shashki.rules import Variant, as_variant

VARIANTS = ("russian", "brazilian")
"""The variants with a main road where three kings beat a lone king off it."""


def positions(db: Database) -> Any:
    """int64 ``(n, 6)``: every position of three White kings against a Black king of the
    4-piece tables (``s``, the lone king's bit, the kings' bits, the plies to the win or
    -1 where the kings do not win), ``s`` = 1 with White (the kings) to move."""
    g = db.variant.geometry
    bits = [g.bit(sq) for sq in range(1, g.squares + 1)]
    rows = []
    for lone in bits:
        for ks in itertools.combinations([b for b in bits if b != lone], 3):
            white = sum(1 << b for b in ks)
            black = 1 << lone
            for turn in (0, 1):
                r = db.probe_position(white, black, white | black, turn)
                if r is None:
                    raise LearnError(f"the {db.variant.name} tables lack three kings "
                                     "against one")
                kings_win = r.outcome == ("win" if turn == 0 else "loss")
                plies = r.plies if kings_win and r.plies is not None else -1
                rows.append((1 - turn, lone, *ks, plies))
    return np.array(rows, dtype=np.int64)


def off_road(variant: str | Variant, data: Any) -> Any:
    """bool ``(n,)``: whether the lone king of each row of ``data`` (:func:`positions`)
    stands off the main road."""
    g = as_variant(variant).geometry
    road = np.uint64(g.mask(g.main_road))
    return ((road >> data[:, 1].astype(np.uint64)) & np.uint64(1)) == 0


def _symmetries(variant: Variant) -> list[Any]:
    """Bit maps of the board's symmetries that keep the main road: the identity, the
    half turn, and the reflections in the two long diagonals."""
    g = variant.geometry
    last_f, last_r = g.files - 1, g.ranks - 1

    def image(k: int, f: int, r: int) -> tuple[int, int]:
        return ((f, r), (last_f - f, last_r - r), (r, f), (last_r - r, last_f - f))[k]

    maps = []
    for k in range(4):
        m = np.arange(64)
        for sq in range(1, g.squares + 1):
            to = g.square_at(*image(k, *g.file_rank(sq)))
            if to is None:
                raise LearnError(f"{variant.name}: the board is not square")
            m[g.bit(sq)] = g.bit(to)
        maps.append(m)
    return maps


def fit(variant: str | Variant, data: Any) -> Any:
    """The table (:data:`PLY_COST` times the fitted plies, int64, the kernel's form) of
    the won positions off the main road of ``data`` (:func:`positions`)."""
    v = as_variant(variant)
    off = off_road(v, data)
    won = data[:, 5] >= 0
    # features: A by (lone, king) at 0..4095, B by (king, king') at 4096..8191, the bias
    nf = 2 * 4096 + 1
    out = np.zeros((2, 3, 64, 64))
    for s in (0, 1):
        rows = data[(data[:, 0] == s) & off & won]
        lone, ks, y = rows[:, 1], rows[:, 2:5], rows[:, 5].astype(np.float64)
        cols = [lone * 64 + ks[:, i] for i in range(3)]
        cols += [4096 + np.minimum(ks[:, i], ks[:, j]) * 64 + np.maximum(ks[:, i], ks[:, j])
                 for i, j in ((0, 1), (0, 2), (1, 2))]
        cols.append(np.full(len(rows), nf - 1))
        x = np.stack(cols, axis=1)
        used = np.unique(x)
        col = np.searchsorted(used, x)  # only the features some position has
        k = len(used)
        pairs = (col[:, :, None] * k + col[:, None, :]).ravel()
        xtx = np.bincount(pairs, minlength=k * k).reshape(k, k).astype(np.float64)
        xty = np.bincount(col.ravel(), weights=np.repeat(y, x.shape[1]), minlength=k)
        w = np.linalg.solve(xtx + RIDGE * np.eye(k), xty)
        full = np.zeros(nf)
        full[used] = w
        a = full[:4096].reshape(64, 64)
        b = full[4096:8192].reshape(64, 64)
        out[s, 0] = a
        out[s, 1] = np.triu(b, 1) + np.triu(b, 1).T
        out[s, 2, 0, 0] = full[-1]
    sym = np.zeros_like(out)
    maps = _symmetries(v)
    for m in maps:
        inv = np.argsort(m)
        t = out.copy()
        t[:, :2] = out[:, :2][:, :, inv][:, :, :, inv]
        sym += t
    sym /= len(maps)
    return np.rint(sym * PLY_COST).astype(np.int64)


def save(path: Path, variant: Variant, table: Any, data: Any, pieces_dir: str) -> None:
    """Write the table with its recipe and the hashes of its data and weights."""
    meta = {"format": FORMAT, "variant": variant.name, "ply_cost": PLY_COST, "ridge": RIDGE,
            "recipe": f"python -m shashki.engine.lone_king_fit --variant {variant.name}",
            "positions": len(data),
            "won_off_road": int(((data[:, 5] >= 0) & off_road(variant, data)).sum()),
            "data_hash": table_hash(data), "weights_hash": table_hash(table), "tables": pieces_dir}
    raw = json.dumps(meta, sort_keys=True, indent=1).encode()
    with path.open("wb") as f:
        np.savez_compressed(f, table=table.astype(np.int16),
                            meta=np.frombuffer(raw, dtype=np.uint8))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m shashki.engine.lone_king_fit",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, choices=VARIANTS)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--dir", help="4-piece tables already built (default: build them in "
                    "a temporary directory)")
    args = ap.parse_args(argv)
    v = as_variant(args.variant)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            d = args.dir or tmp
            db = Database.build(v, 4, d) if args.dir is None else Database.open(v, d, pieces=4)
            data = positions(db)
    except ShashkiError as e:
        print(f"lone_king_fit: {e}", file=sys.stderr)
        return 2
    table = fit(v, data)
    save(args.out, v, table, data, "built" if args.dir is None else str(args.dir))
    print(f"{v.name}: {len(data):,} positions, data {table_hash(data)[:16]}…, "
          f"weights {table_hash(table)[:16]}… → {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
