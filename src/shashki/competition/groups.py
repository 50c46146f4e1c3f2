"""Prize groups with their own tables: women, juniors by birth year, veterans, rating bands
(the regulations name them; the event's standings decide, Code 3.16). A player is in a group
when he meets every condition it sets; the group's table keeps the event's order and
renumbers the places, players who share a place in the event sharing it in the group.

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(system="berger")
>>> for name, sex, birth in (("A", "m", "1990"), ("B", "w", "2010"), ("C", "w", "1960")):
...     _ = t.add_player(name, sex=sex, birth=birth)
>>> t.add_round(Round(1, [Pairing(1, 2, 3, ["1-0"])]))
>>> t.prize_groups.append(PrizeGroup("Women", sex="w"))
>>> [(s.place, s.player.name) for s in group_standings(t, t.prize_groups[0])]
[('1', 'B'), ('2', 'C')]
"""

from __future__ import annotations

from typing import Any

from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Player, PrizeGroup, Tournament
from shashki.competition.standings import Standing, standings

__all__ = ["PrizeGroup", "group_standings", "member", "prize_group"]


def member(g: PrizeGroup, p: Player) -> bool:
    """Whether ``p`` belongs to group ``g`` (a birth year or rating the group needs but the
    player lacks keeps him out)."""
    if g.sex and p.sex.lower()[:1] != g.sex.lower()[:1]:
        return False
    year = int(p.birth[:4]) if p.birth[:4].isdigit() else None
    if g.born_from is not None and (year is None or year < g.born_from):
        return False
    if g.born_to is not None and (year is None or year > g.born_to):
        return False
    if g.rating_min is not None and p.rating < g.rating_min:
        return False
    return g.rating_max is None or bool(p.rating and p.rating <= g.rating_max)


def group_standings(t: Tournament, g: PrizeGroup) -> list[Standing]:
    """The group's table: its members in the event's order, places renumbered (Code 3.16.1
    within the group), a place shared in the event shared in the group."""
    rows = [s for s in standings(t) if member(g, s.player)]
    out: list[Standing] = []
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1].place == rows[i].place:
            j += 1
        place = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        for k in range(i, j + 1):
            s = rows[k]
            out.append(Standing(place, k + 1, s.player, s.points, s.values, s.games,
                                s.decided, s.criterion, s.depth))
        i = j + 1
    return out


def prize_group(spec: dict[str, Any]) -> PrizeGroup:
    """A group from a mapping (the JSON document, the command line's ``KEY=VALUE`` list)."""
    try:
        g = PrizeGroup(str(spec["name"]), str(spec.get("sex", "")),
                       *(None if spec.get(k) in (None, "") else int(spec[k])
                         for k in ("born_from", "born_to", "rating_min", "rating_max")))
    except KeyError:
        raise InvalidTournament("a prize group needs a name") from None
    except (TypeError, ValueError) as e:
        raise InvalidTournament(f"prize group {spec.get('name')!r}: {e}") from None
    return g

