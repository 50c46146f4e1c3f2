"""The tactics bench as a test: every published shot is found within a fixed node budget.

Positions and sources: ``src/shashki/engine/tactics.json``; the timed bench with nodes to
solution per position is ``benchmarks/tactics.py``. Node limits are exact and the search
is single-threaded, so the result does not depend on the machine.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from shashki import Board
from shashki.engine import Engine

NODE_BUDGET = 250_000
"""Nodes a position (the hardest, the Brazilian b2 build-up, needs 200,458 today, see
benchmarks/tactics.py and docs/engine.md)."""


def _positions() -> list[dict[str, Any]]:
    text = resources.files("shashki.engine").joinpath("tactics.json").read_text("utf-8")
    positions: list[dict[str, Any]] = json.loads(text)["positions"]
    return positions


POSITIONS = _positions()


def test_every_position_is_sourced_and_unique() -> None:
    ids = [p["id"] for p in POSITIONS]
    assert len(ids) == len(set(ids))
    for p in POSITIONS:
        assert p["source"].strip() and p["solution"].strip(), p["id"]
    assert {p["variant"] for p in POSITIONS} >= {"russian", "brazilian", "international"}


@pytest.mark.parametrize("pos", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_published_line_is_legal(pos: dict[str, Any]) -> None:
    board = Board(pos["variant"], pos["fen"])
    assert board.legal_moves, "the side to move must have a move"
    for text in pos["solution"].split():
        board.push_text(text)  # raises on an illegal move


@pytest.mark.parametrize("pos", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_engine_finds_the_first_move(pos: dict[str, Any]) -> None:
    board = Board(pos["variant"], pos["fen"])
    expected = board.parse_move(pos["solution"].split()[0])
    info = Engine(pos["variant"], hash_mb=16).analyse(board, nodes=NODE_BUDGET)
    assert info.nodes <= NODE_BUDGET
    assert info.bestmove == expected, (
        f"{pos['id']}: found {info.bestmove and board.move_text(info.bestmove)}, the solution "
        f"starts {board.move_text(expected)} (pv {' '.join(info.pv_text(board))})")


@pytest.mark.slow
@pytest.mark.parametrize("pos", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_deep_search_agrees(pos: dict[str, Any]) -> None:
    """The verification behind the data file: a deep search picks the published move."""
    board = Board(pos["variant"], pos["fen"])
    depth = 14 if pos["variant"] == "international" else 20
    info = Engine(pos["variant"], hash_mb=64).analyse(board, depth=depth)
    assert info.bestmove == board.parse_move(pos["solution"].split()[0])
