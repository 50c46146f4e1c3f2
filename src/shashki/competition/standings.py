"""Standings: places by points (Code 3.16.1), then the event's tie-breaks in its order
(Code 3.16.3, 3.16.10, 3.16.12); players equal on everything share the place ("3–4").

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(system="berger", tiebreaks=["sonneborn-berger"])
>>> for name in "ABCD":
...     _ = t.add_player(name)
>>> t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 2, 3, ["1-0"])]))
>>> [(s.place, s.player.name, s.points) for s in standings(t)]
[('1–2', 'A', 2.0), ('1–2', 'B', 2.0), ('3–4', 'C', 0.0), ('3–4', 'D', 0.0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from shashki.competition.catalogue import TIEBREAKS
from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Player, Tournament
from shashki.competition.tiebreaks import SIMPLE, Context, against_places, direct

Value = float | tuple[float, ...]


@dataclass
class Standing:
    """One line of the standings."""

    place: str
    rank: int
    player: Player
    points: float
    values: dict[str, Value] = field(default_factory=dict)
    games: int = 0


def standings(t: Tournament, tiebreaks: Sequence[str] | None = None,
              upto: int | None = None) -> list[Standing]:
    """The standings after round ``upto`` (default: all results) with ``tiebreaks`` (default:
    the event's list), in order of places."""
    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    for tb in tbs:
        if tb not in TIEBREAKS:
            raise InvalidTournament(f"unknown tie-break {tb!r}; known: {', '.join(TIEBREAKS)}")
    ctx = Context(t, upto)
    values: dict[int, dict[str, Value]] = {p.number: {} for p in t.players}
    for tb in tbs:
        if tb in SIMPLE:
            fn = SIMPLE[tb]
            for p in t.players:
                values[p.number][tb] = fn(ctx, p.number)
    # Groups of players still tied, in order; split by each criterion in turn.
    by_points: dict[float, list[int]] = {}
    for n, pts in ctx.points.items():
        by_points.setdefault(pts, []).append(n)
    groups: list[list[int]] = [sorted(by_points[k]) for k in sorted(by_points, reverse=True)]
    for tb in tbs:
        new: list[list[int]] = []
        order = [n for g in groups for n in g]
        for g in groups:
            if len(g) == 1:
                new.append(g)
                continue
            keys: dict[int, Value]
            if tb == "direct":
                members = frozenset(g)
                keys = {n: direct(ctx, n, members) for n in g}
            elif tb == "places":
                others = [o for o in order if o not in g]
                keys = {n: against_places(ctx, n, others) for n in g}
            else:
                keys = {n: values[n][tb] for n in g}
            new.extend(_split(g, keys))
        groups = new
    if "direct" in tbs:  # shown: points against the players with the same points
        for same in by_points.values():
            for n in same:
                values[n]["direct"] = direct(ctx, n, frozenset(same))
    if "places" in tbs:  # no single number to show
        for p in t.players:
            values[p.number]["places"] = 0.0
    out: list[Standing] = []
    rank = 0
    for g in groups:
        first, last = rank + 1, rank + len(g)
        place = str(first) if first == last else f"{first}–{last}"
        for n in g:
            rank += 1
            games = sum(1 for e in ctx.entries[n] if e.opponent is not None)
            out.append(Standing(place, rank, t.player(n), ctx.points[n], values[n], games))
    return out


def _split(group: list[int], keys: dict[int, Value]) -> list[list[int]]:
    """Split a tied group by a key, higher first (Code 3.16.10)."""
    def norm(v: Value) -> tuple[float, ...]:
        return v if isinstance(v, tuple) else (v,)

    distinct = sorted({norm(keys[n]) for n in group}, reverse=True)
    return [sorted(n for n in group if norm(keys[n]) == k) for k in distinct]


def display(v: Value) -> str:
    """A tie-break value as shown: the first element of a vector, halves as ``.5``.

    >>> display(3.0), display(2.5), display((7.0, 4.0))
    ('3', '2.5', '7')
    """
    x = v[0] if isinstance(v, tuple) else v
    if x == int(x):
        return str(int(x))
    return f"{x:g}"
