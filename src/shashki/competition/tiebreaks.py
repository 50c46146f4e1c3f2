"""Tie-breaks: the Code's coefficient systems and criteria (3.16.3-3.16.11), and FIDE/FMJD ones.

S(o) is an opponent's final score. In a Swiss event (Code 3.16.11) a pairing-allocated bye
counts as a win over a virtual opponent whose score is the lowest final score anyone made,
and a withdrawn opponent counts as having scored, in the games he missed, the average result
of the players who shared his score when he stopped. A game lost or won by forfeit counts as a
loss or a win against that opponent; half- and zero-point byes have no opponent.

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(system="berger")
>>> for name in "ABC":
...     _ = t.add_player(name)
>>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"])]))
>>> t.add_round(Round(2, [Pairing(1, 2, 3, ["1/2-1/2"])]))
>>> t.add_round(Round(3, [Pairing(1, 3, 1, ["1/2-1/2"])]))
>>> ctx = Context(t)
>>> ctx.points
{1: 3.0, 2: 1.0, 3: 2.0}
>>> sonneborn_berger(ctx, 1), schmulyan(ctx, 2), riga(ctx, 3)
(4.0, -3.0, 6.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from shashki.competition.catalogue import SHORT, TIEBREAKS
from shashki.competition.model import Entry, Tournament

__all__ = ["SHORT", "SIMPLE", "TIEBREAKS", "Context"]

SCORE_TO_DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366,
    -351, -336, -322, -309, -296, -284, -273, -262, -251, -240,
    -230, -220, -211, -202, -193, -184, -175, -166, -158, -149,
    -141, -133, -125, -117, -110, -102, -95, -87, -80, -72,
    -65, -57, -50, -43, -36, -29, -21, -14, -7, 0,
    7, 14, 21, 29, 36, 43, 50, 57, 65, 72,
    80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
    251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)
"""FIDE Handbook B.02 8.1.1: rating difference dp for a score fraction p = 0.00 … 1.00."""

_WIN = ("W", "+")
_LOSS = ("L", "-")


@dataclass(frozen=True)
class Opp:
    """One game for the coefficients: the opponent (None = the bye's virtual one), his
    score for coefficients, and the outcome W/D/L."""

    opponent: int | None
    score: float
    outcome: str
    forfeit: bool = False


@dataclass
class Context:
    """What every tie-break needs: entries, final scores, the Code's adjusted scores."""

    t: Tournament
    upto: int | None = None
    entries: dict[int, list[Entry]] = field(init=False)
    points: dict[int, float] = field(init=False)
    adjusted: dict[int, float] = field(init=False)
    opps: dict[int, list[Opp]] = field(init=False)
    swiss: bool = field(init=False)
    rating: dict[int, int] = field(init=False)

    def __post_init__(self) -> None:
        t = self.t
        self.rating = {p.number: p.rating for p in t.players}
        self.entries = t.entries(self.upto)
        self.points = t.all_points(self.upto)
        self.swiss = t.system == "dutch"
        self.adjusted = dict(self.points)
        if self.swiss and t.reading("withdrawn-score") == "group-average":
            self.adjusted.update(withdrawn_scores(t, self.upto))
        bye = t.reading("bye-opponent")
        last = len(t.rounds[:self.upto])
        finished = [self.points[p.number] for p in t.players
                    if p.withdrawn is None or p.withdrawn > last]
        low = min(finished if bye == "lowest-finished" and finished else self.points.values(),
                  default=0.0)
        requested: dict[tuple[int, int], str] = {}
        if self.swiss and t.reading("requested-byes") == "virtual":
            requested = {(b.player, r.number): b.kind for r in t.rounds[:self.upto]
                         for b in r.byes if b.kind in ("H", "F", "Z")}
        double: dict[tuple[int, int], int] = {}
        if t.reading("double-forfeit") == "none":
            for r in t.rounds[:self.upto]:
                for p in r.pairings:
                    k = sum(1 for x in p.results if x == "-/-")
                    if k:
                        double[(r.number, p.white)] = double[(r.number, p.black)] = k
        self.opps = {}
        for n, ents in self.entries.items():
            lst: list[Opp] = []
            for e in ents:
                if e.opponent is not None:
                    if e.outcome == "-" and double.get((e.round, n)):
                        double[(e.round, n)] -= 1  # Code 3.13.3 read as no game
                        continue
                    o = "W" if e.outcome in _WIN else "L" if e.outcome in _LOSS else "D"
                    lst.append(Opp(e.opponent, self.adjusted[e.opponent], o,
                                   e.outcome in ("+", "-")))
                elif e.outcome == "PAB" and self.swiss and bye != "none":
                    lst.append(Opp(None, low, "W"))
                elif (n, e.round) in requested and e.outcome == requested[(n, e.round)]:
                    lst.append(Opp(None, low, {"F": "W", "H": "D", "Z": "L"}[e.outcome]))
            self.opps[n] = lst


def withdrawn_scores(t: Tournament, upto: int | None = None) -> dict[int, float]:
    """Code 3.16.11: the score a withdrawn player counts with in his opponents' coefficients.

    His score when he stopped plus the average result, over the rounds he missed, of the
    players who had the same score then; that is the average final score of that group. A
    player alone in his score group keeps his own score.
    """
    final = t.all_points(upto)
    last = len(t.rounds[:upto])
    out: dict[int, float] = {}
    cache: dict[int, dict[int, float]] = {}
    for p in t.players:
        if p.withdrawn is None or p.withdrawn > last:
            continue
        if p.withdrawn - 1 not in cache:
            cache[p.withdrawn - 1] = t.all_points(p.withdrawn - 1)
        before = cache[p.withdrawn - 1]
        group = [q.number for q in t.players
                 if q.number != p.number and before[q.number] == before[p.number]
                 and q.withdrawn is None]
        if group:
            out[p.number] = sum(final[q] for q in group) / len(group)
    return out


def _scores(ctx: Context, n: int) -> list[float]:
    return [o.score for o in ctx.opps[n]]


def schmulyan(ctx: Context, n: int) -> float:
    """Code 3.16.4 (Шмульян): Σ S(beaten) − Σ S(lost to)."""
    return sum(o.score for o in ctx.opps[n] if o.outcome == "W") - sum(
        o.score for o in ctx.opps[n] if o.outcome == "L")


def sonneborn_berger(ctx: Context, n: int) -> float:
    """Code 3.16.5 (Зонненборн-Бергер): 2·Σ S(beaten) + Σ S(drawn)."""
    return sum(2 * o.score if o.outcome == "W" else o.score if o.outcome == "D" else 0.0
               for o in ctx.opps[n])


def buchholz(ctx: Context, n: int) -> float:
    """Code 3.16.6 (Бухгольц): Σ S(o) over all opponents."""
    return sum(_scores(ctx, n))


def solkoff(ctx: Context, n: int) -> float:
    """Code 3.16.7 (Солкоф): Buchholz without the best and the worst opponent's score."""
    s = sorted(_scores(ctx, n))
    return sum(s[1:-1]) if len(s) > 2 else 0.0


def truncated_solkoff(ctx: Context, n: int) -> tuple[float, ...]:
    """Code 3.16.8 (усеченный Солкоф): Buchholz without the worst; if equal, without the two
    worst, then three … — compared as a vector, first element first."""
    s = sorted(_scores(ctx, n))
    total = sum(s)
    out = []
    for x in s:
        total -= x
        out.append(total)
    return tuple(out) if out else (0.0,)


def riga(ctx: Context, n: int) -> float:
    """Code 3.16.9 (Рижская): 2·Σ S(beaten) + 1.5·Σ S(drawn) + Σ S(lost to)."""
    k = {"W": 2.0, "D": 1.5, "L": 1.0}
    return sum(k[o.outcome] * o.score for o in ctx.opps[n])


def wins(ctx: Context, n: int) -> float:
    """Code 3.16.3, second criterion: number of games won (forfeit wins included, byes not;
    with the reading ``forfeit-wins: played``, games won over the board only)."""
    won = _WIN if ctx.t.reading("forfeit-wins") == "counted" else ("W",)
    return float(sum(1 for e in ctx.entries[n] if e.outcome in won))


def beaten_sum(ctx: Context, n: int) -> float:
    """Code 3.16.3, fourth criterion: sum of the scores of the opponents beaten (forfeit
    wins included unless the reading ``forfeit-wins`` is ``played``; the bye is no opponent,
    as for the number of wins)."""
    forfeits = ctx.t.reading("forfeit-wins") == "counted"
    return float(sum(o.score for o in ctx.opps[n] if o.outcome == "W" and o.opponent is not None
                     and (forfeits or not o.forfeit)))


def direct(ctx: Context, n: int, group: frozenset[int]) -> float:
    """Code 3.16.3, third criterion: points scored in the games between the tied players."""
    sc = ctx.t.scoring
    return sum(sc.points(e.outcome) for e in ctx.entries[n] if e.opponent in group)


def against_places(ctx: Context, n: int, others: list[int]) -> tuple[float, ...]:
    """Code 3.16.3, fifth criterion: the results against the other participants, taken in
    the order of their places; a missing game counts below a loss (−1)."""
    sc = ctx.t.scoring
    got: dict[int, float] = {}
    for e in ctx.entries[n]:
        if e.opponent is not None:
            got[e.opponent] = got.get(e.opponent, 0.0) + sc.points(e.outcome)
    return tuple(got.get(o, -1.0) for o in others)


def buchholz_cut1(ctx: Context, n: int) -> float:
    """FIDE C.07 BH/C1 (FMJD "short truncated Solkoff"): Buchholz without the lowest."""
    s = sorted(_scores(ctx, n))
    return sum(s[1:])


def median_buchholz(ctx: Context, n: int) -> float:
    """FIDE C.07 BH/M1 (FMJD "Solkoff median"): Buchholz without the highest and the lowest."""
    return solkoff(ctx, n)


def performance(ctx: Context, n: int) -> float:
    """FIDE B.02 8.2 tournament performance: Ra + dp(p) over games played over the board
    against rated opponents (lidraughts and FMJD events use it). 0 with no such game."""
    games = [e for e in ctx.entries[n] if e.opponent is not None and e.outcome in ("W", "D", "L")
             and ctx.rating[e.opponent] > 0]
    if not games:
        return 0.0
    ra = sum(ctx.rating[e.opponent] for e in games if e.opponent) / len(games)
    p = sum(1.0 if e.outcome == "W" else 0.5 if e.outcome == "D" else 0.0
            for e in games) / len(games)
    return float(round(ra) + SCORE_TO_DP[round(p * 100)])


Simple = Callable[[Context, int], "float | tuple[float, ...]"]



SIMPLE: dict[str, Simple] = {
    "schmulyan": schmulyan, "sonneborn-berger": sonneborn_berger, "buchholz": buchholz,
    "solkoff": solkoff, "truncated-solkoff": truncated_solkoff, "riga": riga, "wins": wins,
    "beaten": beaten_sum, "median-buchholz": median_buchholz, "buchholz-cut1": buchholz_cut1,
    "performance": performance,
}
"""The tie-breaks that depend on the player alone (not on the tied group)."""


