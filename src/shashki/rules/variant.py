"""What makes a variant: board, initial position, capture, promotion and game-end policies.

A new variant is a small module that builds one :class:`Variant`; the kernels read its
policies from two arrays and need no change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from shashki.rules.geometry import Geometry


class Goal(Enum):
    """Who wins when a side cannot move.

    >>> from shashki.rules import RUSSIAN, RUSSIAN_GIVEAWAY
    >>> RUSSIAN.goal, RUSSIAN_GIVEAWAY.goal
    (<Goal.NORMAL: 'normal'>, <Goal.GIVEAWAY: 'giveaway'>)
    """

    NORMAL = "normal"
    """Code 1.8.1: the side that cannot move (blocked or no pieces) loses."""
    GIVEAWAY = "giveaway"
    """Поддавки (Code 5.1.4): the side that cannot move wins."""


@dataclass(frozen=True)
class Variant:
    """One game of draughts: its board and the policies the kernels apply.

    >>> from shashki.rules import variant_by_name
    >>> v = variant_by_name("brazilian")
    >>> v.title, v.geometry.squares, v.majority_capture
    ('Brazilian draughts', 32, True)
    """

    name: str
    title: str
    geometry: Geometry
    initial_fen: str
    majority_capture: bool
    """Capturing the largest number of pieces is compulsory (FMJD 4.13)."""
    promote_mid_capture: bool
    """A man reaching the last row during a capture continues as a king (Code 1.5.15)."""
    goal: Goal = Goal.NORMAL
    majority_article: str = "FMJD 4.13"
    """Where the majority rule is written, for messages."""
    gametype: int | None = None
    """PDN 3.0 GameType number."""
    aliases: tuple[str, ...] = ()
    notation: str | None = None
    """``"algebraic"`` or ``"numeric"``: how this game writes moves by default; None for
    the board's custom (algebraic on 8x8, the Code; numeric on 10x10, FMJD)."""
    _arrays: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def default_notation(self) -> str:
        """``"algebraic"`` or ``"numeric"`` (see :attr:`notation`)."""
        if self.notation is not None:
            return self.notation
        return "algebraic" if self.geometry.files <= 8 else "numeric"

    @property
    def men_per_side(self) -> int:
        g = self.geometry
        return g.per_row * ((g.ranks - 2) // 2)

    def kernel_arrays(self) -> tuple[Any, Any]:
        """``(geo, rules)`` arrays for :mod:`shashki.rules.kernels` (built once)."""
        if not self._arrays:
            import numpy as np

            g = self.geometry
            geo = np.array(
                [g.board_mask, g.row_mask(0), g.row_mask(g.ranks - 1), g.per_row, g.per_row + 1],
                dtype=np.uint64,
            )
            # Two routes capturing the same pieces need at least four of them on a
            # diagonal board (perft.md §1), so shorter captures skip the duplicate check.
            rules = np.array(
                [int(self.majority_capture), int(self.promote_mid_capture), 4], dtype=np.int64
            )
            self._arrays["geo"] = geo
            self._arrays["rules"] = rules
        return self._arrays["geo"], self._arrays["rules"]
