"""Anticipation search over real game records (../shared/data/real-pdn, games we did not
write): a position met in a game is found again, as it stands and with the colours
swapped, and a position from no game is not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shashki import Board
from shashki.composition import Composition
from shashki.composition.anticipation import PositionIndex, colour_swap
from shashki.pdn import iter_games

SHARED = Path(os.environ.get("SHASHKI_SHARED_DATA")
              or Path(__file__).resolve().parents[2].parent / "shared" / "data")
"""``../shared/data`` beside the repository (``SHASHKI_SHARED_DATA`` for a worktree
elsewhere)."""
DATA = SHARED / "real-pdn" / "russian"


def test_colour_swap_is_an_involution_and_keeps_the_play() -> None:
    b = Board("russian", "W:Wa1,c3,Kh2:Bb8,e5,Kd4")
    s = colour_swap(b)
    assert colour_swap(s).fen() == b.fen()
    assert s.turn.value == 1 - b.turn.value
    assert b.perft(4) == s.perft(4)  # the same play, roles exchanged


@pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data absent: {DATA}")
def test_positions_of_real_games_are_found() -> None:
    idx = PositionIndex("russian")
    games = []
    for path in sorted(DATA.glob("*.pdn"))[:6]:
        for i, g in enumerate(iter_games(path)):
            if g.errors or g.variant.name != "russian" or g.ply_count() < 12:
                continue
            idx.add_game(g, f"{path.name}#{i}")
            games.append((path.name, i, g))
    assert games, "no usable game in the shared data"
    name, i, g = games[0]
    b = g.board()
    for node in list(g.mainline())[:10]:
        assert node.move is not None
        b.push(node.move)
    here = [m for m in idx.find(b) if m.label == f"{name}#{i}"]
    assert here and here[0].ply == 10 and not here[0].swapped
    swapped = [m for m in idx.find(colour_swap(b)) if m.label == f"{name}#{i}"]
    assert swapped and swapped[0].swapped
    assert idx.find(Board("russian", "W:WK1,K2,K3:BK32")) == []


def test_a_composition_anticipates_another() -> None:
    idx = PositionIndex("russian")
    old = Composition("W:Wa1,b2,c3:Ba5,e5,g7", author="old")
    idx.add_composition(old)
    assert [m.label for m in idx.anticipations(Composition("W:Wa1,b2,c3:Ba5,e5,g7"))] == [
        "old"]
    assert idx.anticipations(Composition("W:Wa1,b2,c3:Ba5,e5,h8")) == []
