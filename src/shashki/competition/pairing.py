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


def pair_requested(t: Tournament, absent: Iterable[int] = (),
                   engine: str | None = None) -> Round:
    """The next round (not yet added) with the byes asked for before it
    (:meth:`Tournament.request_bye`, FIDE C.04.3 A.5 and C.04.1 c: players with a requested
    bye are not paired): a half-point bye ``H`` and an announced absence ``Z`` as the Dutch
    system takes them; a full-point bye ``F`` is paired as an absence and scored as a win.
    ``absent``: more players announced absent for this round (a zero-point bye; such an
    announcement overrides a bye asked for). The command line's ``tournament pair`` and the
    platform pair with it.

    >>> from shashki.competition.model import Tournament
    >>> t = Tournament(system="dutch", rounds_planned=3)
    >>> for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700), ("E", 1600)):
    ...     _ = t.add_player(name, rating=rating)
    >>> t.request_bye(2, 1, "H"); t.request_bye(4, 1, "F")
    >>> r = pair_requested(t, absent=[5])
    >>> sorted((b.player, b.kind) for b in r.byes)
    [(2, 'H'), (4, 'F'), (5, 'Z')]
    >>> sorted(sorted((p.white, p.black)) for p in r.pairings)
    [[1, 3]]
    """
    announced = list(dict.fromkeys(absent))
    zero, half, full = t.requested_for(t.current_round + 1)
    out = list(dict.fromkeys([*zero, *full, *announced]))
    rnd = pair_next_round(t, absent=out,
                          half_byes=[n for n in half if n not in announced], engine=engine)
    for b in rnd.byes:  # a full-point bye is paired as an absence, scored as a win
        if b.player in full and b.player not in announced:
            b.kind = "F"
    return rnd
