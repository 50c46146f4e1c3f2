"""International draughts (Code, chapter II; FMJD Annex 1).

10x10, 20 men each on 31-50 and 1-20 (FMJD 2.8); majority capture (FMJD 4.13-4.14);
a man is crowned only when it ends its move on the last row (FMJD 3.5, 4.15).
"""

from shashki.rules.geometry import Geometry
from shashki.rules.variant import Variant

INTERNATIONAL = Variant(
    name="international",
    title="International draughts",
    geometry=Geometry(10, 10),
    initial_fen="W:W31-50:B1-20",
    majority_capture=True,
    promote_mid_capture=False,
    gametype=20,
    aliases=("standard", "100", "fmjd"),
)
"""International draughts (Code ch. II, FMJD): 10x10, 20 men each, majority capture.

>>> INTERNATIONAL.geometry.squares, INTERNATIONAL.initial_fen, INTERNATIONAL.gametype
(50, 'W:W31-50:B1-20', 20)
"""
