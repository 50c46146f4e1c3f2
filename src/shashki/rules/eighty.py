"""80-square draughts, восьмидесятиклеточные шашки (Spantsiretti).

The Code names 80-square draughts among the correspondence disciplines (5.1.4) and gives
no rules of its own for it. The board, the set-up and the notation follow rules.md §10:
PDN 3.0 GameType 41 (``41,W,10,8,A0,0``), a board 10 files wide and 8 ranks high whose
bottom-left square a1 is playable, algebraic squares a-j x 1-8 from the bottom left, the
capture separator ``:``; 15 men each on the three nearest rows (squares 26-40 for White,
1-15 for Black), White first. The rules of play are Russian (Code ch. I, 1.4-1.5): men
capture forwards and backwards, kings fly, free choice among captures (1.5.14), a man
reaching the last row during a capture continues at once as a king (1.5.15), captured
pieces leave the board only when the move ends (1.5.12). See docs/rules.md M9.
"""

from shashki.rules.geometry import Geometry
from shashki.rules.variant import Variant

RUSSIAN_80 = Variant(
    name="russian-80",
    title="80-square draughts (Spantsiretti)",
    geometry=Geometry(10, 8),
    initial_fen="W:W26-40:B1-15",
    majority_capture=False,
    promote_mid_capture=True,
    gametype=41,
    aliases=("spantsiretti", "80-square", "80", "russian-10x8", "shashki-80"),
    notation="algebraic",
)
"""80-square draughts (Spantsiretti, Code 5.1.4): a 10x8 board, 15 men each, Russian rules
(docs/rules.md M9).

>>> RUSSIAN_80.geometry, RUSSIAN_80.initial_fen, RUSSIAN_80.gametype
(Geometry(files=10, ranks=8), 'W:W26-40:B1-15', 41)
"""
