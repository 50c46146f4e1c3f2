"""Standings: places by points (Code 3.16.1); equal points decided by a play-off (3.16.2)
where the regulations hold one, else by the event's tie-breaks in its order (3.16.3,
3.16.10, 3.16.12); then by lot where the regulations say so; players still equal share the
place ("3–4"). Every line says how its place was decided (:attr:`Standing.decided`).

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(system="berger", tiebreaks=["sonneborn-berger"])
>>> for name in "ABCD":
...     _ = t.add_player(name)
>>> t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 2, 3, ["1-0"])]))
>>> [(s.place, s.player.name, s.points) for s in standings(t)]
[('1–2', 'A', 2.0), ('1–2', 'B', 2.0), ('3–4', 'C', 0.0), ('3–4', 'D', 0.0)]
>>> {s.decided for s in standings(t)}
{'shared'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shashki.competition.catalogue import TIEBREAKS
from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Player, PlayOff, Tournament
from shashki.competition.tiebreaks import SIMPLE, Context, against_places, direct

Value = float | tuple[float, ...]

DECIDED = ("points", "play-off", "tiebreak", "lot", "shared", "play-off pending",
           "lot pending")
"""How a place was decided: alone on his points; by a play-off (Code 3.16.2); by the
criterion named in :attr:`Standing.criterion` (3.16.3); by lot; shared; still to be decided
by a play-off or a lot the regulations call for."""


@dataclass
class Standing:
    """One line of the standings."""

    place: str
    rank: int
    player: Player
    points: float
    values: dict[str, Value] = field(default_factory=dict)
    games: int = 0
    decided: str = "points"
    """How the place was decided (:data:`DECIDED`)."""
    criterion: str = ""
    """The tie-break that decided it, when ``decided`` is ``tiebreak``."""
    depth: dict[str, int] = field(default_factory=dict)
    """For a vector tie-break (truncated Solkoff, 3.16.8): how many of its elements it took
    to tell this player from those equal with him before it (1 when the first did)."""


@dataclass
class _Group:
    """Players still equal, and what has been applied to them."""

    members: list[int]
    decided: str = "points"
    criterion: str = ""
    open: bool = True
    """Whether the tie-breaks may still split it (False: a play-off is to decide)."""


def standings(t: Tournament, tiebreaks: Sequence[str] | None = None,
              upto: int | None = None) -> list[Standing]:
    """The standings after round ``upto`` (default: all results) with ``tiebreaks`` (default:
    the event's list), in order of places. Play-offs and lots count only in the final
    table (all rounds)."""
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
    depth: dict[int, dict[str, int]] = {p.number: {} for p in t.players}
    final = upto is None or upto >= len(t.rounds)
    by_points: dict[float, list[int]] = {}
    for n, pts in ctx.points.items():
        by_points.setdefault(pts, []).append(n)
    groups = [_Group(sorted(by_points[k])) for k in sorted(by_points, reverse=True)]
    if final and t.ties == "playoff":
        groups = _play_offs(t, groups, tbs, upto)
    for tb in tbs:
        new: list[_Group] = []
        order = [n for g in groups for n in g.members]
        for g in groups:
            if len(g.members) == 1 or not g.open:
                new.append(g)
                continue
            keys: dict[int, Value]
            if tb == "direct":
                members = frozenset(g.members)
                keys = {n: direct(ctx, n, members) for n in g.members}
            elif tb == "places":
                others = [o for o in order if o not in g.members]
                keys = {n: against_places(ctx, n, others) for n in g.members}
            else:
                keys = {n: values[n][tb] for n in g.members}
            if tb in SIMPLE and any(isinstance(v, tuple) for v in keys.values()):
                for n, d in _depths(g.members, keys).items():
                    depth[n][tb] = d
            parts = _split(g.members, keys)
            if len(parts) == 1:
                new.append(g)
                continue
            new.extend(_Group(part, "tiebreak", tb) if len(part) == 1 else
                       _Group(part, g.decided, g.criterion) for part in parts)
        groups = new
    if final and t.lots:
        groups = _lots(t, groups)
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
        first, last = rank + 1, rank + len(g.members)
        place = str(first) if first == last else f"{first}–{last}"
        how = g.decided
        if len(g.members) > 1 and how in ("points", "tiebreak", "play-off", "lot"):
            how = "shared"
        for n in g.members:
            rank += 1
            games = sum(1 for e in ctx.entries[n] if e.opponent is not None)
            out.append(Standing(place, rank, t.player(n), ctx.points[n], values[n], games,
                                how, g.criterion if how == "tiebreak" else "", depth[n]))
    return out


def playoff_places(t: Tournament, members: Sequence[int], first_place: int) -> bool:
    """Whether a group equal on points, taking places from ``first_place``, is one the
    regulations decide by play-off (``ties="playoff"``, within ``playoff_places``)."""
    return (t.ties == "playoff" and len(members) > 1
            and (t.playoff_places == 0 or first_place <= t.playoff_places))


def find_playoff(t: Tournament, members: Sequence[int]) -> PlayOff | None:
    """The play-off recorded for exactly these players, if any (the latest)."""
    want = set(members)
    found = [po for po in t.playoffs if set(po.players) == want]
    return found[-1] if found else None


def _play_offs(t: Tournament, groups: list[_Group], tbs: list[str], upto: int | None
               ) -> list[_Group]:
    """Code 3.16.2: a group equal on points within the play-off places is placed by its
    play-off's final table; one not held yet stays shared (pending); one that could not
    be held goes to the criteria (3.16.3)."""
    out: list[_Group] = []
    rank = 0
    for g in groups:
        first = rank + 1
        rank += len(g.members)
        if not playoff_places(t, g.members, first):
            out.append(g)
            continue
        po = find_playoff(t, g.members)
        if po is None:
            out.append(_Group(g.members, "play-off pending", open=False))
        elif not po.held:
            out.append(g)
        elif not po.event.rounds or not po.event.complete() or (
                po.event.rounds_planned and po.event.current_round < po.event.rounds_planned):
            out.append(_Group(g.members, "play-off pending", open=False))
        else:
            inner = standings(po.event)
            parts: dict[str, list[int]] = {}
            for s in inner:
                parts.setdefault(s.place, []).append(po.original(s.player.number))
            for part in parts.values():
                # Still equal after the play-off (and its own rules): the criteria go on.
                out.append(_Group(sorted(part), "play-off"))
    return out


def _lots(t: Tournament, groups: list[_Group]) -> list[_Group]:
    """Groups still equal are ordered by the lot drawn for them (``draws``, what="lot"); a
    lot not drawn yet leaves the place shared, marked pending (:func:`draw_lots`)."""
    out: list[_Group] = []
    for g in groups:
        if len(g.members) == 1 or not g.open:
            out.append(g)
            continue
        lot = next((d for d in reversed(t.draws) if d.get("what") == "lot"
                    and sorted(d.get("players", [])) == g.members), None)
        if lot is None:
            out.append(_Group(g.members, "lot pending", g.criterion))
        else:
            out.extend(_Group([int(n)], "lot") for n in lot["order"])
    return out


def ties_for_lots(t: Tournament) -> list[list[int]]:
    """The groups the final table leaves equal that a lot is to place (``lots`` True)."""
    out: list[list[int]] = []
    rows = standings(t)
    for s in rows:
        if s.decided == "lot pending" and (not out or s.player.number not in out[-1]):
            out.append(sorted(r.player.number for r in rows if r.place == s.place))
    return out


def draw_lots(t: Tournament, seed: int | None = None) -> list[dict[str, Any]]:
    """Draw the lots the regulations call for (``t.lots``) for every group the final table
    leaves equal, reproducibly from ``seed`` (default: the event's) and the group, and
    record each in ``t.draws``; returns the new records.

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> t = Tournament(system="berger", lots=True, seed=7)
    >>> for name in "AB":
    ...     _ = t.add_player(name)
    >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1/2-1/2"])]))
    >>> [d["order"] for d in draw_lots(t)], [s.player.name for s in standings(t)]
    ([[1, 2]], ['A', 'B'])
    """
    import random

    s = t.seed if seed is None else seed
    made: list[dict[str, Any]] = []
    for group in ties_for_lots(t):
        order = list(group)
        random.Random(f"{s}:lot:{','.join(map(str, group))}").shuffle(order)
        rec: dict[str, Any] = {"what": "lot", "seed": s, "players": group, "order": order}
        t.draws.append(rec)
        made.append(rec)
    return made


def _depths(group: list[int], keys: dict[int, Value]) -> dict[int, int]:
    """For vector keys: the number of leading elements each player needs to be told from
    every other player of the group (all of them when he cannot be)."""
    out: dict[int, int] = {}
    for n in group:
        v = _norm(keys[n])
        need = 1
        for m in group:
            if m == n:
                continue
            w = _norm(keys[m])
            k = next((i for i, (a, b) in enumerate(zip(v, w, strict=False)) if a != b), None)
            need = max(need, len(v) if k is None else k + 1)
        out[n] = need
    return out


def _norm(v: Value) -> tuple[float, ...]:
    return v if isinstance(v, tuple) else (v,)


def _split(group: list[int], keys: dict[int, Value]) -> list[list[int]]:
    """Split a tied group by a key, higher first (Code 3.16.10)."""
    distinct = sorted({_norm(keys[n]) for n in group}, reverse=True)
    return [sorted(n for n in group if _norm(keys[n]) == k) for k in distinct]


def display(v: Value, depth: int = 1) -> str:
    """A tie-break value as shown: halves as ``.5``; of a vector, its first ``depth``
    elements (Code 3.16.8: as many as it took to split the tie), joined by ``/``.

    >>> display(3.0), display(2.5), display((7.0, 4.0)), display((7.0, 4.5, 2.0), depth=2)
    ('3', '2.5', '7', '7/4.5')
    """
    xs = v[:max(1, depth)] if isinstance(v, tuple) else (v,)
    return "/".join(str(int(x)) if x == int(x) else f"{x:g}" for x in xs)
