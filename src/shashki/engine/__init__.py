"""The engine: search, evaluation, time management and the Hub protocol.

:class:`Engine` searches one variant with its own transposition table: ``analyse``
reports the principal variation, score, depth, nodes and speed (streamed per iteration
through a callback), ``play`` returns a move within a :class:`Limit` (depth, nodes, time
per move or a game clock) at a :class:`Level` of strength. The compiled parts are
:mod:`shashki.engine.search` and :mod:`shashki.engine.evaluate`; :mod:`shashki.engine.hub`
speaks the Hub protocol and :mod:`shashki.cli.engine` holds ``shashki analyse`` and
``shashki hub``. See docs/engine.md.

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
