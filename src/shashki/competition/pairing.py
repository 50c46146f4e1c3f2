"""Pair the next round by the event's system, with the micro-match ballot when there is one.

>>> from shashki.competition.model import Tournament
>>> t = Tournament(system="berger")
>>> for name in "ABC":
...     _ = t.add_player(name)
>>> r = pair_next_round(t)
>>> [(p.white, p.black) for p in r.pairings], [(b.player, b.kind) for b in r.byes]
([(2, 3)], [(1, 'Z')])
"""

from __future__ import annotations

from collections.abc import Iterable

from shashki.competition.berger import pair_berger_round
from shashki.competition.dutch import pair_dutch
from shashki.competition.errors import PairingError
from shashki.competition.micromatch import draw_openings
from shashki.competition.model import Round, Tournament


def pair_next_round(t: Tournament, absent: Iterable[int] = (),
                    half_byes: Iterable[int] = (), engine: str | None = None) -> Round:
    """The next round (not yet added): Berger table or Dutch system (``engine``: ``shashki``,
    the default, or ``gacrux``, see :func:`pair_dutch`); openings drawn for a micro-match
    event with a ballot table (Code 3.7.2, 3.7.4)."""
    if len(t.players) < 2:
        raise PairingError("at least two players are needed")
    if t.system == "dutch":
        rnd = pair_dutch(t, absent, half_byes, engine=engine)
    else:
        rnd = pair_berger_round(t)
    if t.micromatch and t.ballot:
        draw_openings(t, rnd)
    return rnd
