"""Play-offs for players equal on points (Code 3.16.2): «распределение мест производится по
результату дополнительного матча или турнира. Допускается проведение дополнительного
соревнования с укороченным контролем времени.» Only where one cannot be held do the criteria
of 3.16.3 decide.

A play-off is a round robin of its own (a match for two players: ``double=True`` plays both
colours) with its own time control, tie-breaks and, where the regulations say so, lots; it
is stored in the event (``Tournament.playoffs``) and its final table places the group in the
event's final table (:func:`~shashki.competition.standings.standings`, ``decided`` =
``play-off``). The event asks for it with ``ties="playoff"`` (and ``playoff_places``).

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(name="Cup", system="berger", ties="playoff", seed=3)
>>> for name in "ABC":
...     _ = t.add_player(name)
>>> for r, (w, b) in enumerate([(1, 2), (2, 3), (3, 1)], 1):
...     t.add_round(Round(r, [Pairing(1, w, b, ["1-0"])]))
>>> pending(t)
[(1, [1, 2, 3])]
>>> po = create_playoff(t, [1, 2, 3], time_control="900")
>>> while po.event.current_round < po.event.rounds_planned:
...     pair_playoff(po)
...     for p in po.event.rounds[-1].pairings:
...         po.event.set_result(po.event.current_round, p.board, "1-0" if po.original(
...             p.white) == 2 or po.original(p.black) == 3 else "0-1")
>>> [(s.place, s.player.name, s.decided) for s in standings(t)]
[('1', 'B', 'play-off'), ('2', 'A', 'play-off'), ('3', 'C', 'play-off')]
"""

from __future__ import annotations

from collections.abc import Iterable

from shashki.competition.berger import draw_numbers, pair_berger_round
from shashki.competition.errors import CompetitionError, PairingError
from shashki.competition.model import PlayOff, Tournament
from shashki.competition.standings import Standing, find_playoff, playoff_places, standings


def pending(t: Tournament) -> list[tuple[int, list[int]]]:
    """The groups equal on points whose places a play-off is to decide and that have none
    yet: (first place, players)."""
    out: list[tuple[int, list[int]]] = []
    rows = standings(t)
    for s in rows:
        if s.decided != "play-off pending" or find_playoff(t, _group(rows, s.place)):
            continue
        group = _group(rows, s.place)
        if not out or out[-1][1] != group:
            out.append((int(s.place.split("–")[0]), group))
    return out


def _group(rows: list[Standing], place: str) -> list[int]:
    return sorted(r.player.number for r in rows if r.place == place)


def create_playoff(t: Tournament, players: Iterable[int], *, double: bool = False,
                   time_control: str = "", tiebreaks: Iterable[str] = (),
                   seed: int | None = None) -> PlayOff:
    """Set up the play-off of ``players`` (Code 3.16.2): they must be equal on points after
    the last round, in places the regulations decide by play-off. Its numbers are drawn by
    lot (Code ch. IV; recorded in the play-off's ``draws``, seeded by ``seed``, default the
    event's), its first round is not paired yet (:func:`pair_playoff`).
    ``time_control`` is the play-off's own (a shorter one is allowed), as TRF 222 / PDN
    write it; default the event's."""
    group = sorted(set(players))
    for n in group:
        t.player(n)
    if len(group) < 2:
        raise PairingError("a play-off needs at least two players")
    if not t.finished():
        raise PairingError("a play-off is held after the last round, when every result is in")
    pts = t.all_points()
    if len({pts[n] for n in group}) != 1:
        raise PairingError(f"players {', '.join(map(str, group))} are not equal on points")
    same = sorted(n for n, v in pts.items() if v == pts[group[0]])
    if same != group:
        raise PairingError(f"the play-off takes the whole group equal on points: "
                           f"{', '.join(map(str, same))}")
    first = 1 + sum(1 for v in pts.values() if v > pts[group[0]])
    place = f"{first}–{first + len(group) - 1}"
    if not playoff_places(t, same, first):
        raise PairingError(f"place {place} is not decided by play-off (ties={t.ties}, "
                           f"playoff_places={t.playoff_places})")
    if find_playoff(t, group) is not None:
        raise PairingError("these players already have a play-off")
    sub = Tournament(
        name=f"{t.name} — play-off, place {place}" if t.name else f"play-off, place {place}",
        system="double-berger" if double else "berger", variant=t.variant, scoring=t.scoring,
        tiebreaks=list(tiebreaks), time_control=time_control or t.time_control,
        seed=t.seed if seed is None else seed, lots=t.lots, city=t.city, arbiter=t.arbiter,
        start=t.end or t.start)
    for n in group:
        p = t.player(n)
        sub.add_player(p.name, title=p.title, rating=p.rating, club=p.club,
                       federation=p.federation, federation_id=p.federation_id, sex=p.sex,
                       birth=p.birth)
    mapping = draw_numbers(sub)
    order = [0] * len(group)
    for i, n in enumerate(group, 1):
        order[mapping[i] - 1] = n
    k = len(group)
    sub.rounds_planned = (k - 1 + k % 2) * (2 if double else 1)
    po = PlayOff(tuple(order), sub)
    t.playoffs.append(po)
    return po


def playoff_not_held(t: Tournament, players: Iterable[int], note: str) -> PlayOff:
    """Record that the play-off of ``players`` cannot be held (Code 3.16.3: «в случае
    невозможности проведения дополнительного соревнования»), with the reason; the criteria
    then decide."""
    group = tuple(sorted(set(players)))
    for n in group:
        t.player(n)
    if not note.strip():
        raise CompetitionError("say why the play-off cannot be held")
    po = PlayOff(group, Tournament(system="berger"), held=False, note=note.strip())
    t.playoffs = [x for x in t.playoffs if set(x.players) != set(group)] + [po]
    return po


def pair_playoff(po: PlayOff) -> None:
    """Pair the play-off's next round from its Berger table (Code 3.7.2) and add it."""
    if not po.held:
        raise PairingError("this play-off was not held")
    if not po.event.complete():
        raise PairingError("the play-off's round has games without a result")
    po.event.add_round(pair_berger_round(po.event))


def playoff_number(po: PlayOff, original: int) -> int:
    """The play-off number of the event's player ``original``."""
    return po.players.index(original) + 1
