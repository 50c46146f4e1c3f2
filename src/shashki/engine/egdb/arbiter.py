"""The databases for the arbiter: draw rules that ask whether a position is winning.

Code 1.9.1.5 draws an endgame of three kings, two kings and a man, a king and two men or
three men against a lone king standing on the main road "if the stronger side's 5th move
does not reach a winning position". :mod:`shashki.draws` reads "winning" without a
database (the lone king is still on the road, docs/rules.md D6); with one,
:func:`main_road_rule` reads it exactly: the position after that 5th move is won for the
stronger side. :func:`code_ruleset` is the Code's ruleset with that rule in its place, for
``Ruleset.check`` as the game conduct uses it. The game module does not import the engine;
the platform passes the ruleset in.

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shashki.color import BLACK, WHITE, Color
from shashki.draws import CODE_2004, RuleFn, Ruleset, Snapshot, main_road_code, material
from shashki.engine.egdb import Database
from shashki.rules.geometry import Geometry

__all__ = ["Database", "code_ruleset", "main_road_rule", "winning"]

FORCES = {(3, 0), (2, 1), (1, 2), (0, 3)}
"""Code 1.9.1.5: the stronger side's (kings, men) against the lone king."""


def winning(db: Database, position: tuple[int, int, int, int], color: Color) -> bool | None:
    """Whether ``color`` wins ``position`` (white, black, kings, turn) with best play by the
    database; None when the database does not cover it."""
    r = db.probe_position(*position)
    if r is None:
        return None
    mover = WHITE if position[3] == 0 else BLACK
    return r.outcome == ("win" if color is mover else "loss")


def main_road_rule(db: Database) -> RuleFn:
    """Code 1.9.1.5 with "a winning position" read by ``db``: the count starts at the first
    position since the balance of forces arose in which the lone king stands on the main
    road; the game is drawn at the stronger side's 5th move from there unless the position
    it reaches is won for the stronger side. Positions the database does not cover fall
    back on :func:`shashki.draws.main_road_code`."""

    def check(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
        m = material(h[-1])
        lone = None
        for c in (WHITE, BLACK):
            if m.kings[c] == 1 and m.men[c] == 0 and m.pieces(c.other) > 1:
                lone = c
        if lone is None or (m.kings[lone.other], m.men[lone.other]) not in FORCES:
            return None
        if m.total > db.pieces:
            return main_road_code(h, g)
        start = len(h) - 1
        while start > 0 and not (h[start].capture or h[start].promotion):
            start -= 1
        road = g.mask(g.main_road)
        on = None
        for i in range(start, len(h)):
            s = h[i]
            own = s.white if lone is WHITE else s.black
            if own & s.kings & road:
                on = i
                break
        if on is None:
            return None
        moves = 0
        for i in range(on + 1, len(h)):
            if h[i].mover is lone.other:
                moves += 1
                if moves == 5:
                    s = h[i]
                    if winning(db, (s.white, s.black, s.kings, s.turn), lone.other):
                        return None
                    return on, (f"the stronger side's 5th move (ply {i}) reached no winning "
                                "position (endgame database)")
        return None

    return check


def code_ruleset(db: Database) -> Ruleset:
    """The Code's draw rules (1.9.1) with 1.9.1.5 judged by the database."""
    rules = tuple(replace(r, check=main_road_rule(db)) if r.id == "main-road" else r
                  for r in CODE_2004.rules)
    return Ruleset(CODE_2004.name + "+egdb", CODE_2004.title + ", 1.9.1.5 by the endgame "
                   "database", rules)

