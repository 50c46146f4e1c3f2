"""Draw offers and their acceptance (shashki.engine.offers), directly and over Hub.

The positions are endings whose results the theory gives (docs/engine.md, "Theory checked
by the tests", from the endgame databases): one or two kings against one king are drawn,
three kings against a lone king off the main road win (Petrov's triangle)."""

from __future__ import annotations

import io

import pytest

from shashki import Board
from shashki.engine.engine import Score
from shashki.engine.hub import HubSession, position_text
from shashki.engine.offers import ACCEPT_BELOW, accepts_draw, offers_draw


def _done(fen: str | None, go: str = "go think draw-offer", depth: int = 12) -> str:
    out = io.StringIO()
    s = HubSession(out, threaded=False, hash_mb=4, variant="russian")
    for line in ["init", f"pos pos={position_text(Board('russian', fen))}",
                 f"level depth={depth}", go]:
        s.handle(line)
    done = out.getvalue().splitlines()[-1]
    assert done.startswith("done move=")
    return done


def test_acceptance_by_score() -> None:
    assert accepts_draw(Score(ACCEPT_BELOW)) and not accepts_draw(Score(ACCEPT_BELOW + 1))
    assert not accepts_draw(Score(0)) and not accepts_draw(Score(300))


def test_offers_only_in_kings_only_level_endings() -> None:
    two_v_one = Board("russian", "W:WK1,K6:BK30")
    assert offers_draw(two_v_one, Score(25), depth=12)
    assert not offers_draw(two_v_one, Score(25), depth=4)  # too shallow to mean it
    assert not offers_draw(two_v_one, Score(250), depth=12)  # a win found
    assert not offers_draw(Board("russian", "W:W21,K10:BK28"), Score(7), depth=12)  # a man
    assert not offers_draw(Board("russian"), Score(0), depth=20)


@pytest.mark.parametrize("fen", ["W:WK1,K6:BK30", "B:WK1,K6:BK30", "W:WK1:BK30"])
def test_a_dead_drawn_ending_is_offered_over_hub(fen: str) -> None:
    assert _done(fen, "go think").endswith(" offer-draw")


def test_the_lost_side_accepts_and_the_winning_side_declines() -> None:
    # three kings against one off the main road: the lone king's side accepts at once
    assert _done("B:WK2,K4,K11:BK21").endswith(" accept-draw")
    winning = _done("W:WK4,K7,K11:BK21")
    assert "draw" not in winning.removeprefix("done")
    # an even opening position: declined (answered by a move), nothing offered
    start = _done(None)
    assert "accept-draw" not in start and "offer-draw" not in start
