"""The engine plays every variant of the rules core (Code 5.1.4 names them all for
correspondence play), with evaluation weights of its own or of its base variant."""

from __future__ import annotations

import pytest

from shashki import Board
from shashki.engine import Engine
from shashki.rules import VARIANTS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_has_weights_and_a_legal_best_move(variant: str) -> None:
    board = Board(variant)
    analysis = Engine(variant).analyse(board, depth=4)
    assert analysis.pv and analysis.pv[0] in board.legal_moves

