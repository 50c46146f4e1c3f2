"""The sequence diagram of a move's way through the platform (docs/architecture.md, "How a
move travels"), written as SVG: ``python tools/sequence.py`` writes
``docs/images/move-flow.svg``; ``--check`` says whether the file is up to date.

The steps name the real functions; ``tests/test_docs.py`` checks that each exists.
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "images" / "move-flow.svg"

LANES: list[tuple[str, str]] = [
    ("browser", "play/static/board.js"),
    ("route", "play/ws.py · play/api.py"),
    ("hub", "play/live.py"),
    ("game", "shashki.game"),
    ("rules", "shashki.board · rules"),
    ("store", "play/writer.py"),
    ("bus", "core/bus.py"),
    ("viewers", "sockets · streams"),
]
"""The participants, left to right, with where each lives."""

STEPS: list[tuple[str, str, str]] = [
    ("browser", "route", '{"type": "move", "move": "c3:e5", "ply": 12} on /ws/games/{id}'),
    ("route", "hub", "Hub.act(game_id, Actor, 'move', text=...)  (origin, account, budget)"),
    ("hub", "game", "under the game's lock: Game.play(text)  (turn, ply seen, spam budget)"),
    ("game", "rules", "Board.parse_move(text): legal? then push"),
    ("rules", "game", "the Move (or IllegalMove)"),
    ("game", "hub", "termination by article (draws, clock) or None"),
    ("hub", "store", "Writer.write(action): one commit for every move that came meanwhile"),
    ("store", "hub", "committed (synchronous=FULL): only now is the move acknowledged"),
    ("hub", "bus", "Bus.publish(game_id, seq)  (with --redis: the other instances catch up)"),
    ("hub", "viewers", "Hub.broadcast: one JSON state for every viewer"),
    ("hub", "browser", "the mover's state, then the ack"),
]
"""(from, to, what) in order; the numbers follow the steps of docs/architecture.md."""

LANE_W, LEFT, TOP, STEP_H, HEAD_H = 150, 20, 20, 34, 44


def svg() -> str:
    """The diagram, as SVG text (no script, no external font or file)."""
    x = {name: LEFT + LANE_W * i + LANE_W // 2 for i, (name, _) in enumerate(LANES)}
    width = LEFT * 2 + LANE_W * len(LANES)
    bottom = TOP + HEAD_H + 20 + STEP_H * len(STEPS)
    height = bottom + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif" '
           'font-size="11">',
           '<title>How a move travels: browser, route, hub, game, rules, store, bus, viewers'
           '</title>',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
           'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#5b564c"/></marker></defs>',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for name, where in LANES:
        cx = x[name]
        out.append(f'<rect x="{cx - 66}" y="{TOP}" width="132" height="{HEAD_H - 6}" rx="6" '
                   'fill="#f4f1ea" stroke="#5b564c"/>')
        out.append(f'<text x="{cx}" y="{TOP + 16}" text-anchor="middle" font-weight="bold">'
                   f'{escape(name)}</text>')
        out.append(f'<text x="{cx}" y="{TOP + 31}" text-anchor="middle" font-size="9" '
                   f'fill="#5b564c">{escape(where)}</text>')
        out.append(f'<line x1="{cx}" y1="{TOP + HEAD_H - 6}" x2="{cx}" y2="{bottom}" '
                   'stroke="#c9c2b4" stroke-dasharray="4 3"/>')
    for i, (src, dst, what) in enumerate(STEPS, 1):
        y = TOP + HEAD_H + 20 + STEP_H * (i - 1) + 16
        x1, x2 = x[src], x[dst]
        dash = ' stroke-dasharray="5 3"' if x2 < x1 else ""  # a reply goes back leftwards
        out.append(f'<line x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" stroke="#5b564c"{dash} '
                   'marker-end="url(#arrow)"/>')
        tx = min(x1, x2) + 6
        out.append(f'<text x="{tx}" y="{y - 5}">{i}. {escape(what)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the SVG is out of date")
    args = ap.parse_args(argv)
    text = svg()
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print("sequence: docs/images/move-flow.svg out of date: run python tools/sequence.py",
                  file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
