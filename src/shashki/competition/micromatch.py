"""Micro-matches: two games per pairing, colours reversed, from one balloted opening.

Code 3.7.4 (the ballot of the first moves or the start position, binding both games) and
3.9.1 (micro-matches with classical openings). Openings are drawn from an official table
(:mod:`shashki.openings`) without replacement of positions within the event
(two codes of a table may give one position), reproducibly from
the event's seed and the round number; every draw is recorded in ``Tournament.draws``.

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> def first_round(seed):
...     t = Tournament(system="berger", games_per_pairing=2, ballot="fmjd-russian", seed=seed)
...     for name in "ABCD":
...         _ = t.add_player(name)
...     r = Round(1, [Pairing(1, 1, 4), Pairing(2, 2, 3)])
...     draw_openings(t, r)
...     return [p.opening for p in r.pairings]
>>> first_round(7) == first_round(7), len(set(first_round(7)))
(True, 2)
"""

from __future__ import annotations

import random
from functools import cache

from shashki.board import Board
from shashki.competition.errors import CompetitionError
from shashki.competition.model import Pairing, Round, Tournament
from shashki.openings import entry, load, replay


def used_openings(t: Tournament) -> set[str]:
    """Ballot codes already drawn in the event."""
    return {p.opening for r in t.rounds for p in r.pairings if p.opening}


@cache
def positions(table: str) -> dict[str, str]:
    """Each entry's code → the position it starts from (FEN after the replay): two codes of
    a table may give one position (FMJD 15-XV and 16-I, docs/rules.md B3)."""
    return {e.code: replay(e).fen() for e in load(table)}


def draw_openings(t: Tournament, rnd: Round) -> None:
    """Draw an opening for each pairing of ``rnd`` that has none (Code 3.7.4).

    Without replacement of positions: a position the event has already played (under any
    code) is not drawn again; each position is drawn under its first code in the table.
    Once every position has been used, drawing starts again from the full table. The random
    generator is seeded with ``(t.seed, round number)``.
    """
    if t.ballot is None:
        raise CompetitionError("the event has no ballot table (set Tournament.ballot)")
    pos = positions(t.ballot)
    first: dict[str, str] = {}
    for code, fen in pos.items():
        first.setdefault(fen, code)
    used = {pos[c] for c in used_openings(t) | {p.opening for p in rnd.pairings if p.opening}
            if c in pos}
    rng = random.Random(f"{t.seed}:{rnd.number}")
    drawn: dict[str, str] = {}
    for p in rnd.pairings:
        if p.opening:
            continue
        left = [code for fen, code in first.items() if fen not in used]
        if not left:
            used = set()
            left = list(first.values())
        code = rng.choice(left)
        used.add(pos[code])
        p.opening = code
        drawn[str(p.board)] = code
    t.draws.append({"what": "openings", "round": rnd.number, "table": t.ballot,
                    "seed": f"{t.seed}:{rnd.number}", "boards": drawn})


def start_board(t: Tournament, p: Pairing) -> Board:
    """The position both games of the micro-match start from."""
    if t.ballot is None or p.opening is None:
        return Board(t.variant)
    return replay(entry(t.ballot, p.opening), t.variant)
