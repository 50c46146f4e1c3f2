"""When the engine offers a draw, and when it accepts one (the platform and Hub use both).

Code 1.9.3: a player may offer a draw right after his move; the opponent accepts,
declines, or answers with a move. The engine's policy, from its own search score:

* **accept** an offer when it stands clearly worse: a lost score, or one at most
  :data:`ACCEPT_BELOW` (half a man down). A lost-looking position is worth a draw; an
  even one is played on (the engine may still win it).
* **offer** a draw after its move only in a *dead-drawn* position: kings only, on both
  sides, no man left, a search deep enough to mean it (:data:`OFFER_MIN_DEPTH`) and a
  score within :data:`OFFER_WITHIN` of zero (no win found: the strong king endings, three
  kings against one off the main road, score as wins). Such a game ends drawn by the
  Code's king-move limits (1.9.1.4-1.9.1.6 and their FMJD counterparts) within a few
  dozen moves anyway; with men on the board a level score is only level, and an offer
  would give away its chances.

>>> from shashki import Board
>>> from shashki.engine.engine import Score
>>> accepts_draw(Score(-80)), accepts_draw(Score(-10)), accepts_draw(Score(80))
(True, False, False)
>>> offers_draw(Board("russian", "W:WK1,K6:BK30"), Score(25), depth=14)  # two kings v one
True
>>> offers_draw(Board("russian", "W:W21,K10:BK28"), Score(7), depth=14)  # a man is left
False
"""

from __future__ import annotations

from shashki.board import Board
from shashki.color import BLACK, WHITE
from shashki.engine.engine import Score

ACCEPT_BELOW = -50
"""Accept a draw offer at this score (hundredths of a man, the engine's view) or lower.

>>> accepts_draw(Score(ACCEPT_BELOW)), accepts_draw(Score(ACCEPT_BELOW + 1))
(True, False)
"""
OFFER_WITHIN = 50
"""Offer a draw when the score is within this of zero (and the position is dead drawn):
in kings-only endings the evaluation scores a won one far above it (a lone king off the
main road against three kings: +2.5 and more), so a score within half a man is no win.

>>> kings = Board("russian", "W:WK1,K6:BK30")
>>> offers_draw(kings, Score(OFFER_WITHIN), 14), offers_draw(kings, Score(OFFER_WITHIN + 1), 14)
(True, False)
"""
OFFER_MIN_DEPTH = 8
"""Offer only after a search at least this deep.

>>> kings = Board("russian", "W:WK1,K6:BK30")
>>> offers_draw(kings, Score(0), OFFER_MIN_DEPTH), offers_draw(kings, Score(0), OFFER_MIN_DEPTH - 1)
(True, False)
"""


def accepts_draw(score: Score) -> bool:
    """Whether the engine accepts a draw offer (Code 1.9.3) when its search scores the
    position ``score`` for itself.

    >>> accepts_draw(Score(-300)), accepts_draw(Score(0))
    (True, False)
    """
    if score.is_win:
        return False
    return score.is_loss or score.value <= ACCEPT_BELOW


def offers_draw(board: Board, score: Score, depth: int) -> bool:
    """Whether the engine offers a draw (Code 1.9.3) with ``board`` after its move,
    ``score`` being its search's score for itself and ``depth`` the search's depth: a
    dead-drawn position (module docstring).

    >>> offers_draw(Board("russian", "W:WK1:BK30"), Score(0), depth=20)
    True
    """
    if score.is_win or score.is_loss or depth < OFFER_MIN_DEPTH:
        return False
    if abs(score.value) > OFFER_WITHIN:
        return False
    if not board.pieces(WHITE, king=True) or not board.pieces(BLACK, king=True):
        return False
    return not board.pieces(WHITE, king=False) and not board.pieces(BLACK, king=False)
