"""The pages' one FEN parser (``core/static/squares.js``), used by the game page and the
analysis board: run under Node on the FEN tags of real PDN files, its pieces are those the
library reads from the same FEN; neither page keeps a parser of its own."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from shashki import Board
from shashki.errors import ShashkiError
from shashki.notation import default_style, square_text

# the pages' script against the library: CI runs it on SQLite only
pytestmark = pytest.mark.store_independent

SERVER = Path(__file__).resolve().parents[2] / "src" / "shashki" / "server"
SCRIPT = SERVER / "core" / "static" / "squares.js"
REPO = Path(__file__).resolve().parents[2]
# beside the repository, or one level up (a git worktree sits deeper than the checkout)
DATA = next((b / "shared" / "data" / "real-pdn" for b in REPO.parents
             if (b / "shared" / "data" / "real-pdn").is_dir()), REPO.parent / "shared" / "data")
FEN_TAG = re.compile(r'\[FEN "([^"]+)"\]')


def _cases() -> list[tuple[str, str]]:
    if not DATA.is_dir():
        pytest.skip(f"the shared data is absent ({DATA})")
    cases: list[tuple[str, str]] = []
    for variant in ("russian", "international"):
        for path in sorted((DATA / variant).glob("*.pdn")):
            for fen in FEN_TAG.findall(path.read_text(encoding="utf-8", errors="replace")):
                cases.append((variant, fen.rstrip(".")))
    return cases


def test_the_pages_read_fens_as_the_library_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    inputs, expected = [], []
    for variant, fen in _cases():
        try:
            board = Board(variant, fen)
        except ShashkiError:
            continue  # a tag the library refuses: nothing to compare with
        style = default_style(board)
        names = [square_text(board, sq, style)
                 for sq in range(1, board.variant.geometry.squares + 1)]
        want = {}
        for sq in range(1, board.variant.geometry.squares + 1):
            piece = board.piece_at(sq)
            if piece is not None:
                want[str(sq)] = ("w" if piece.color.value == 0 else "b") + (
                    "k" if piece.king else "m")
        # the tag as written, and the server's own printing of it (what the pages get)
        for text in (fen, board.fen()):
            inputs.append({"fen": text, "names": names})
            expected.append(want)
    assert len(inputs) > 100, "too few FEN tags in the shared data"
    program = SCRIPT.read_text() + """
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(cases.map((c) =>
  Object.fromEntries(window.shashkiSquares.piecesOf(c.fen, c.names)))));
"""
    out = subprocess.run([node, "-e", "var window = globalThis;\n" + program],
                         input=json.dumps(inputs), capture_output=True, text=True,
                         check=True, timeout=60).stdout
    got = json.loads(out)
    wrong = [(i["fen"], g, w) for i, g, w in zip(inputs, got, expected, strict=True) if g != w]
    assert not wrong, wrong[:3]
    names = inputs[0]["names"]
    run = subprocess.run([node, "-e", "var window = globalThis;\n" + SCRIPT.read_text() +
                          f"\nconsole.log(window.shashkiSquares.name({json.dumps(names)}, 22))"],
                         capture_output=True, text=True, check=True, timeout=60)
    assert run.stdout.strip() == names[21]


def test_one_parser_for_both_pages() -> None:
    for script in (SERVER / "play" / "static" / "board.js",
                   SERVER / "analysis" / "static" / "analysis.js"):
        text = script.read_text()
        assert 'split(":")' not in text, f"{script.name} parses FENs itself"
        assert "shashkiSquares" in text
    for template in (SERVER / "play" / "templates" / "game.html",
                     SERVER / "analysis" / "templates" / "analysis_board.html"):
        text = template.read_text()
        shared = text.index("/static/squares.js")
        own = text.index("/static/board.js" if "play" in str(template) else "/static/analysis.js")
        assert shared < own, f"{template.name} loads squares.js after its own script"
