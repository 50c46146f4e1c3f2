"""The engine: search, evaluation, time management and the Hub protocol.

>>> from shashki import Board
>>> from shashki.engine import Engine, Limit
>>> engine = Engine("russian", hash_mb=4)
>>> move = engine.play(Board("russian"), Limit(depth=6))
>>> move in Board("russian").legal_moves
True
"""

from shashki.engine.engine import (
    LEVELS,
    Analysis,
    Engine,
    EngineError,
    Level,
    Score,
    level_by_name,
)
from shashki.engine.limits import Budget, Limit, LimitError, budget

__all__ = [
    "LEVELS",
    "Analysis",
    "Budget",
    "Engine",
    "EngineError",
    "Level",
    "Limit",
    "LimitError",
    "Score",
    "budget",
    "level_by_name",
]
