"""Russian draughts (Code, chapter I).

8x8, 12 men each, White first (Code 1.4.1); men capture forwards and backwards, kings
fly (1.5.1-1.5.3); free choice among captures, no majority rule (1.5.14); a man reaching
the last row during a capture continues at once as a king (1.5.15).
"""

from shashki.rules.geometry import Geometry
from shashki.rules.variant import Variant

RUSSIAN = Variant(
    name="russian",
    title="Russian draughts",
    geometry=Geometry(8, 8),
    initial_fen="W:W21-32:B1-12",
    majority_capture=False,
    promote_mid_capture=True,
    gametype=25,
    aliases=("shashki", "russkie"),
)
"""Russian draughts (Code ch. I): 8x8, men capture backwards, flying kings, free choice of capture,
a man crowned during a capture goes on as a king.

>>> RUSSIAN.title, RUSSIAN.geometry, RUSSIAN.initial_fen, RUSSIAN.gametype
('Russian draughts', Geometry(files=8, ranks=8), 'W:W21-32:B1-12', 25)
"""
