"""Brazilian draughts (excerpts, `003`: "identical to Russian except ...").

Rule 1: capturing the largest number of pieces is compulsory, a king counting as one
piece, free choice among equal maxima with a man or a king. Rule 2: a man that reaches
the last row during a capture and can go on capturing continues as a man and stays a man;
it is crowned only when the move ends there (as FMJD 3.5, 4.15).
"""

from shashki.rules.geometry import Geometry
from shashki.rules.variant import Variant

BRAZILIAN = Variant(
    name="brazilian",
    title="Brazilian draughts",
    geometry=Geometry(8, 8),
    initial_fen="W:W21-32:B1-12",
    majority_capture=True,
    promote_mid_capture=False,
    gametype=26,
    majority_article="Brazilian rules, rule 1",
)
"""Brazilian draughts: International rules (majority capture) on the 8x8 board; a man passing the
last row during a capture stays a man (docs/rules.md M6).

>>> BRAZILIAN.majority_capture, BRAZILIAN.promote_mid_capture, BRAZILIAN.gametype
(True, False, 26)
"""
