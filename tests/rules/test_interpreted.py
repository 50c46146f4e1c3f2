"""``NUMBA_DISABLE_JIT=1`` runs the very same kernels as plain Python, with the same results."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import shashki

CASES = [
    ("russian", "W:W21-32:B1-12", 4),
    ("brazilian", "W:W21-32:B1-12", 5),
    ("international", "W:W31-50:B1-20", 3),
    ("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24", 3),
    ("russian", "B:W11,17,18,19,21,23,26,27,28,30,32:B1,2,4,5,8,9,10,12,14", 3),
    ("international", "W:WK29:B31,33,39,41", 3),
    ("russian-80", "W:W26-40:B1-15", 3),
    ("russian-80", "W:Wb6,Ki1:Bc7,f4,c5,g5", 3),
]

SCRIPT = """
import json, sys, shashki
out = []
for variant, fen, depth in json.loads(sys.argv[1]):
    b = shashki.Board(variant, fen)
    moves = sorted((m.path, m.captures, m.promotion) for m in b.legal_moves)
    out.append([b.perft(depth), b.perft(depth, bulk=False), moves])
print(json.dumps(out))
"""


def test_interpreted_kernels_agree_with_compiled() -> None:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(CASES)],
        env=env, capture_output=True, text=True, check=True, timeout=600,
    )
    interpreted = json.loads(proc.stdout)
    for (variant, fen, depth), (n, n_full, moves) in zip(CASES, interpreted, strict=True):
        b = shashki.Board(variant, fen)
        compiled = sorted([list(m.path), list(m.captures), m.promotion] for m in b.legal_moves)
        assert n == n_full == b.perft(depth), (variant, fen)
        assert moves == compiled, (variant, fen)
