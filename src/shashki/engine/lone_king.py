"""Three kings against a lone king: the plies to the win, learned from the endgame tables.

Code 1.9.1.3 gives the side with three kings against a lone king 15 moves to take it;
off the main road the lone king is lost (Petrov's triangle), but the win takes up to 25
plies, beyond the search's horizon, so the evaluation alone has to steer the kings. A
table fitted to the 4-piece endgame tables (:mod:`shashki.engine.lone_king_fit`; issue
17: "the endgame databases as exact labels where they apply") estimates, for three kings
against a king off the main road, the plies to the win as

    bias[s] + sum over the kings k of A[s, L, k] + sum over pairs of kings B[s, k, k']

(``s``: 1 when the kings are to move, 0 when the lone king is; ``L``: the lone king's
square). It holds the estimate times :data:`PLY_COST`, in hundredths of a man, in the
kernel's form (:func:`shashki.engine.evaluate.lone_king_penalty`): a ``(2, 3, 64, 64)``
int64 array by bit, ``[s, 0]`` = A, ``[s, 1]`` = B, ``[s, 2, 0, 0]`` the bias.

On 40 won positions at least 11 plies from the end (Brazilian, 20,000 nodes a move,
the Code's rules; ``python benchmarks/lone_king.py``) the engine took 5 with the
hand-set bonus alone and 37 with the table (docs/engine.md, "Three kings against one").

>>> t = table_for("brazilian")
>>> t.shape, t.dtype.name
((2, 3, 64, 64), 'int64')
>>> table_for("international") is None  # four kings are needed there (FMJD 6.3)
True
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

import numpy as np

from shashki.engine.evaluate import NO_KINGS
from shashki.engine.model import LearnError, shipped

PLY_COST = 16
"""Hundredths of a man an estimated ply to the win costs, up to the whole lone-king bonus
(``benchmarks/lone_king.py``: 8, 12 and 16 took 31, 32 and 37 of 40 won positions of
three kings, 8 and 16 took 31 and 39 of 40 of two kings and a man)."""
RIDGE = 1.0
"""The ridge penalty of the fit (the design is one-hot: it only settles the squares
that no won position distinguishes)."""
FORMAT = 1


def table_hash(a: Any) -> str:
    """SHA-256 of an integer array (a table, or the positions it was fitted to)."""
    return hashlib.sha256(np.ascontiguousarray(a, dtype=np.int64).tobytes()).hexdigest()


def load(source: Any) -> tuple[Any, dict[str, Any]]:
    """``(table, meta)`` of a file written by :func:`shashki.engine.lone_king_fit.save`
    (the weights hash checked)."""
    try:
        with np.load(source, allow_pickle=False) as z:
            table = z["table"].astype(np.int64)
            meta = json.loads(bytes(z["meta"]).decode())
    except (OSError, ValueError, KeyError) as e:
        raise LearnError(f"cannot read the lone-king table {source}: {e}") from None
    if meta.get("format") != FORMAT or table.shape != (2, 3, 64, 64):
        raise LearnError(f"{source}: not a lone-king table of format {FORMAT}")
    if table_hash(table) != meta.get("weights_hash"):
        raise LearnError(f"{source}: its weights do not match their hash")
    return table, meta


def _read(f: Any) -> tuple[Any, str]:
    table, meta = load(f)
    return table, str(meta["variant"])


@cache
def table_for(variant: str) -> Any:
    """The table shipped for ``variant`` (``learned/<variant>-lone-king.npz``), or the
    one of the variant its ``weights.json`` entry is based on when the board and the
    goal are the same (Brazilian takes Russian's: kings capture alike in both); None
    where there is none (:func:`shashki.engine.model.shipped`)."""
    return shipped(variant, "-lone-king.npz", _read)


def engine_table(variant: str) -> Any:
    """The table the engine's evaluation takes: :func:`table_for`'s or
    :data:`~shashki.engine.evaluate.NO_KINGS`."""
    t = table_for(variant)
    return NO_KINGS if t is None else t
