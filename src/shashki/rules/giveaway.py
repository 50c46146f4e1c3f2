"""Russian giveaway, поддавки (named in Code 5.1.4 for correspondence play).

The moves of Russian draughts with the opposite aim: the side that cannot move, having
no pieces or all of them blocked, wins (shashki.ru, "Поддавки": "за исключением главной
цели игры правила здесь идентичны правилам русских шашек").
"""

from dataclasses import replace

from shashki.rules.russian import RUSSIAN
from shashki.rules.variant import Goal

RUSSIAN_GIVEAWAY = replace(
    RUSSIAN,
    name="russian-giveaway",
    title="Russian giveaway (поддавки)",
    goal=Goal.GIVEAWAY,
    gametype=None,
    aliases=("giveaway", "poddavki"),
)
"""Russian giveaway (поддавки): Russian moves; the side that cannot move wins (docs/rules.md M8).

>>> RUSSIAN_GIVEAWAY.goal, RUSSIAN_GIVEAWAY.aliases
(<Goal.GIVEAWAY: 'giveaway'>, ('giveaway', 'poddavki'))
"""
