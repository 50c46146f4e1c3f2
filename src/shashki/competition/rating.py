"""Ratings: each event's rating changes by the Elo method of the FIDE Rating Regulations
(Handbook B.02, the version applied from 1 March 2024: 8.1.2's table of scoring
probabilities, 8.3.1's rule of 400 points, 8.3.3's development coefficients K), the
performance rating (B.02 8.2, already the ``performance`` tie-break), and players imported
from a rating list in CSV.

FMJD's own rating regulations (Annex 9, "FMJD rating system and its application rules",
revised after the General Assembly 2009) are the Elo system as well; their calculation
article could not be read in the sources searched (docs/rules.md K34), so the method here
is FIDE's, and the organiser may set K (``k=``) as his federation's list does.

>>> round(expected(2240, 2114), 2), k_factor(2240), k_factor(2450), k_factor(2100, age=15)
(0.67, 20, 10, 40)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Tournament

PD_TABLE: tuple[tuple[int, float], ...] = (
    (3, .50), (10, .51), (17, .52), (25, .53), (32, .54), (39, .55), (46, .56), (53, .57),
    (61, .58), (68, .59), (76, .60), (83, .61), (91, .62), (98, .63), (106, .64), (113, .65),
    (121, .66), (129, .67), (137, .68), (145, .69), (153, .70), (162, .71), (170, .72),
    (179, .73), (188, .74), (197, .75), (206, .76), (215, .77), (225, .78), (235, .79),
    (245, .80), (256, .81), (267, .82), (278, .83), (290, .84), (302, .85), (315, .86),
    (328, .87), (344, .88), (357, .89), (374, .90), (391, .91), (411, .92), (432, .93),
    (456, .94), (484, .95), (517, .96), (559, .97), (619, .98), (735, .99),
)
"""FIDE B.02 8.1.2: (the highest rating difference D of a band, the higher-rated player's
scoring probability PD); above 735 it is 1.00, the lower-rated player's is 1 − PD."""


def expected(rating: float, opponent: float, cap: int = 400) -> float:
    """The scoring probability of a player against an opponent (FIDE B.02 8.1.2), the
    difference counted as at most ``cap`` (the rule of 400 points, 8.3.1).

    >>> expected(2000, 2000), expected(2400, 2000), expected(1600, 2500)
    (0.5, 0.92, 0.08)
    """
    d = abs(round(rating - opponent))
    if cap:
        d = min(d, cap)
    pd = next((p for top, p in PD_TABLE if d <= top), 1.0)
    return pd if rating >= opponent else round(1.0 - pd, 2)


def k_factor(rating: float, age: int | None = None, games: int | None = None,
             reached_2400: bool = False) -> int:
    """FIDE B.02 8.3.3's development coefficient: 40 for a player new to the list until he
    has completed events with at least 30 games, and for all players under 18 as long as
    their rating stays under 2300; 20 while the rating stays under 2400; 10 once the
    published rating has reached 2400 (it stays 10)."""
    if games is not None and games < 30:
        return 40
    if age is not None and age < 18 and rating < 2300:
        return 40
    if rating < 2400 and not reached_2400:
        return 20
    return 10


@dataclass
class RatingChange:
    """A player's rated games in the event and what they do to his rating."""

    player: int
    rating: int
    games: int
    score: float
    expected: float
    k: int
    change: float
    performance: int | None

    @property
    def new_rating(self) -> int:
        return round(self.rating + self.change)


def rating_changes(t: Tournament, k: int | None = None, cap: int = 400) -> list[RatingChange]:
    """Every rated player's change (FIDE B.02 8.3: ΔR = Σ(score − PD) × K) over the games
    played over the board against rated opponents (forfeits and byes are not rated; a draw
    is ½ whatever the event's scoring), in player-number order. ``k`` fixes K for
    everyone; by default B.02 8.3.3 from the rating and the age in the event's year.

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> t = Tournament(system="berger")
    >>> _ = t.add_player("A", rating=2240); _ = t.add_player("B", rating=2114)
    >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"])]))
    >>> [(c.player, c.change, c.new_rating) for c in rating_changes(t)]
    [(1, 6.6, 2247), (2, -6.6, 2107)]
    """
    from shashki.competition.tiebreaks import Context, performance

    ents = t.entries()
    year = next((int(d[:4]) for d in (t.end, t.start) if d[:4].isdigit()), None)
    ctx = Context(t)
    out: list[RatingChange] = []
    for p in sorted(t.players, key=lambda p: p.number):
        if not p.rating:
            continue
        games = [e for e in ents[p.number] if e.opponent is not None
                 and e.outcome in ("W", "D", "L") and t.player(e.opponent).rating]
        score = sum(1.0 if e.outcome == "W" else 0.5 if e.outcome == "D" else 0.0
                    for e in games)
        exp = sum(expected(p.rating, t.player(e.opponent).rating, cap)
                  for e in games if e.opponent)
        age = year - int(p.birth[:4]) if year and p.birth[:4].isdigit() else None
        kk = k if k is not None else k_factor(p.rating, age)
        perf = int(performance(ctx, p.number)) if games else None
        out.append(RatingChange(p.number, p.rating, len(games), score, round(exp, 2), kk,
                                round((score - exp) * kk, 1), perf))
    return out


_COLUMNS = {
    "name": ("name", "player", "имя", "фио", "участник", "фамилия, имя", "фамилия"),
    "id": ("id", "fmjd id", "fmjd_id", "fmjdid", "код", "идентификатор", "номер"),
    "rating": ("rating", "elo", "рейтинг"),
    "title": ("title", "звание", "разряд", "квалификация"),
    "club": ("club", "клуб", "команда", "город"),
    "birth": ("birth", "born", "birth year", "year", "год рождения", "год", "г.р."),
}
"""CSV headings read for each field (case and spaces ignored)."""


def import_players(t: Tournament, text: str, *, delimiter: str | None = None
                   ) -> list[int]:
    """Register the players of a rating list in CSV (a heading line naming the columns:
    name, id, rating, title, club, birth year — in English or Russian, any order; ``,`` or
    ``;`` separated). A player whose id is already registered is updated, not added.
    Returns the numbers of the players added or updated. A bad line is an
    :class:`~shashki.competition.errors.InvalidTournament` naming it.

    >>> t = Tournament()
    >>> import_players(t, "name;id;rating;title;club;birth year\\n"
    ...                   "Иванов, Иван;4100;2310;МС;Тула;1990")
    [1]
    >>> p = t.player(1); (p.name, p.federation_id, p.rating, p.title, p.club, p.birth)
    ('Иванов, Иван', '4100', 2310, 'МС', 'Тула', '1990')
    """
    body = text.lstrip("\ufeff")
    if not body.strip():
        raise InvalidTournament("the rating list is empty")
    first = body.splitlines()[0]
    sep = delimiter or (";" if first.count(";") > first.count(",") else ",")
    rows = list(csv.reader(io.StringIO(body), delimiter=sep))
    head = [h.strip().lower() for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in _COLUMNS.items():
        for i, h in enumerate(head):
            if h in names and key not in where:
                where[key] = i
    if "name" not in where:
        raise InvalidTournament(f"rating list line 1: no name column in {rows[0]!r}")
    by_id = {p.federation_id: p for p in t.players if p.federation_id}
    done: list[int] = []
    for lineno, row in enumerate(rows[1:], 2):
        if not any(x.strip() for x in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""

        name = cell("name")
        if not name:
            raise InvalidTournament(f"rating list line {lineno}: no name")
        rating_text = cell("rating")
        if rating_text and not rating_text.isdigit():
            raise InvalidTournament(f"rating list line {lineno}: bad rating {rating_text!r}")
        birth = cell("birth")
        if birth and not (birth[:4].isdigit() and len(birth) >= 4):
            raise InvalidTournament(f"rating list line {lineno}: bad birth year {birth!r}")
        pid = cell("id")
        rating, title, club = int(rating_text or 0), cell("title"), cell("club")
        old = by_id.get(pid) if pid else None
        if old is not None:
            old.name, old.rating, old.title, old.club, old.birth = (name, rating, title, club,
                                                                     birth)
            done.append(old.number)
            continue
        p = t.add_player(name, federation_id=pid, rating=rating, title=title, club=club,
                         birth=birth)
        if pid:
            by_id[pid] = p
        done.append(p.number)
    return done


def performance_ratings(t: Tournament) -> dict[int, int | None]:
    """Every player's performance rating (FIDE B.02 8.2, the ``performance`` tie-break:
    the rated opponents' average plus dp of the score over those games), None with no game
    over the board against a rated opponent."""
    from shashki.competition.tiebreaks import Context, performance

    ctx = Context(t)
    return {p.number: (int(v) if (v := performance(ctx, p.number)) else None)
            for p in sorted(t.players, key=lambda p: p.number)}
