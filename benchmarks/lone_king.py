"""Three kings against a lone king: how many won positions the engine converts.

Positions are drawn (seeded) from the variant's 4-piece endgame tables, built in a
temporary directory: three kings against a king off the main road, the kings to move,
won by the tables in at least ``--min-plies`` plies. The engine plays both sides at a
fixed number of nodes a move under the Code's draw rules (Code 1.9.1.3: the lone king
must be taken by the 15th move), once with each engine spec; a position counts when
the kings take the lone king. Node counts make the games the same on every machine.
The engine of today against the hand-set bonus alone (``lone_king=off``) and the
baseline:

    python benchmarks/lone_king.py --variant brazilian --positions 40
    python benchmarks/lone_king.py --variant russian --engines shashki shashki@baseline-2026-12
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from typing import Any

SPECS = ("shashki", "shashki,lone_king=off", "shashki@baseline-2026-12")


def won_positions(variant: str, count: int, min_plies: int, seed: int) -> list[str]:
    """FENs of ``count`` positions the kings win in ``min_plies`` plies or more."""
    import numpy as np

    from shashki.engine.egdb import Database
    from shashki.engine.lone_king_fit import off_road, positions
    from shashki.rules import variant_by_name

    g = variant_by_name(variant).geometry
    with tempfile.TemporaryDirectory() as d:
        data = positions(Database.build(variant, 4, d))
    rows = data[(data[:, 0] == 1) & off_road(variant, data) & (data[:, 5] >= min_plies)]
    pick = rows[np.random.default_rng(seed).choice(len(rows), count, replace=False)]
    sq = {g.bit(s): s for s in range(1, g.squares + 1)}
    return [f"W:WK{sq[r[2]]},K{sq[r[3]]},K{sq[r[4]]}:BK{sq[r[1]]}" for r in pick]


def converts(player: Any, variant: str, fen: str, nodes: int) -> int | None:
    """The plies the engine (both sides) takes to win ``fen``, or None (a draw)."""
    from shashki import Board
    from shashki.color import Color
    from shashki.draws import check_board
    from shashki.engine.limits import Limit

    board = Board(variant, fen)
    player.engine.new_game()
    plies = 0
    while board.outcome() is None and check_board(board) is None:
        board.push(player.engine.play(board, Limit(nodes=nodes)))
        plies += 1
    o = board.outcome()
    return plies if o is not None and o.winner == Color.WHITE else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="brazilian", choices=("russian", "brazilian"))
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--min-plies", type=int, default=11)
    ap.add_argument("--nodes", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--engines", nargs="+", default=list(SPECS))
    args = ap.parse_args(argv)
    from rich.progress import Progress

    from shashki.engine.match import ShashkiPlayer
    from shashki.engine.players import parse_spec

    fens = won_positions(args.variant, args.positions, args.min_plies, args.seed)
    print(f"{args.variant}: {len(fens)} positions won by the tables in ≥ {args.min_plies} "
          f"plies, {args.nodes:,} nodes a move")
    with Progress(transient=True) as bar:
        for spec in args.engines:
            player = ShashkiPlayer(parse_spec(f"{spec},hash=16"), args.variant)
            task = bar.add_task(spec, total=len(fens))
            won = []
            for fen in fens:
                p = converts(player, args.variant, fen, args.nodes)
                if p is not None:
                    won.append(p)
                bar.advance(task)
            mid = sorted(won)[len(won) // 2] if won else 0
            bar.console.print(f"  {spec:28s} won {len(won):3d} of {len(fens)}"
                              + (f" (median {mid} plies)" if won else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
