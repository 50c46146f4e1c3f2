"""Team events: teams meet in matches over a fixed number of boards (round robin).

A match is won on board points; match points are 2/1/0 by default. The team named first
(the Berger table's White) has White on the odd boards, the other team on the even boards
(FIDE C.05 convention; the Code has no team rules). Places go by match points, then by the
event's criteria: ``board-points``, ``direct`` (match points between the tied teams),
``sonneborn-berger`` (Σ match points scored against each opponent × his match points, as the
Code's 3.16.5 weighs a win twice a draw) — decisions K21-K22 in docs/rules.md.

>>> t = TeamTournament(name="Cup", boards=2)
>>> for name in ("Dynamo", "Spartak", "Torpedo"):
...     _ = t.add_team(name, [f"{name} 1", f"{name} 2"])
>>> r = t.pair_next_round()
>>> [(m.white, m.black) for m in r.matches]
[(2, 3)]
>>> t.set_result(1, 1, ["1-0", "1/2-1/2"])
>>> t.match_points(), t.board_points()
({1: 0.0, 2: 2.0, 3: 0.0}, {1: 0.0, 2: 3.0, 3: 1.0})
>>> [(s.place, s.team.name) for s in t.standings()]
[('1', 'Spartak'), ('2', 'Torpedo'), ('3', 'Dynamo')]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from shashki.competition.berger import berger_table, double_berger_table
from shashki.competition.errors import InvalidTournament, PairingError, ResultError
from shashki.competition.model import _SIDE, SCORING, Scoring, parse_result, read_document

TEAM_TIEBREAKS = ("board-points", "direct", "sonneborn-berger")


@dataclass
class Team:
    number: int
    name: str
    players: list[str] = field(default_factory=list)
    """Board order."""
    club: str = ""


@dataclass
class TeamMatch:
    """A match of ``white`` (White on odd boards) against ``black``; ``results[i]`` is board
    ``i+1``'s result from that board's White side."""

    table: int
    white: int
    black: int
    results: list[str | None] = field(default_factory=list)

    def board_colors(self, board: int) -> tuple[int, int]:
        """(White team, Black team) on board ``board`` (1-based)."""
        return (self.white, self.black) if board % 2 == 1 else (self.black, self.white)


@dataclass
class TeamRound:
    number: int
    matches: list[TeamMatch] = field(default_factory=list)
    free: list[int] = field(default_factory=list)


@dataclass
class TeamStanding:
    place: str
    team: Team
    match_points: float
    board_points: float
    values: dict[str, float] = field(default_factory=dict)


@dataclass
class TeamTournament:
    """A team round robin (single or double)."""

    name: str = ""
    system: str = "berger"
    boards: int = 4
    scoring: Scoring = field(default_factory=lambda: SCORING["2-1-0"])
    match_scoring: Scoring = field(default_factory=lambda: SCORING["2-1-0"])
    tiebreaks: list[str] = field(default_factory=lambda: ["board-points"])
    teams: list[Team] = field(default_factory=list)
    rounds: list[TeamRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.system not in ("berger", "double-berger"):
            raise InvalidTournament(f"team events are round robins (berger, double-berger), "
                                    f"not {self.system!r}")
        if self.boards < 1:
            raise InvalidTournament(f"a team match needs at least one board, not {self.boards}")
        for tb in self.tiebreaks:
            if tb not in TEAM_TIEBREAKS:
                raise InvalidTournament(f"unknown team tie-break {tb!r}; known: "
                                        f"{', '.join(TEAM_TIEBREAKS)}")

    def team(self, number: int) -> Team:
        for t in self.teams:
            if t.number == number:
                return t
        raise PairingError(f"no team number {number}")

    def add_team(self, name: str, players: list[str], club: str = "") -> Team:
        """Register a team with its players in board order (at least ``boards`` of them)."""
        if self.rounds:
            raise PairingError("teams are registered before round 1")
        if len(players) < self.boards:
            raise InvalidTournament(f"team {name!r} has {len(players)} players for "
                                    f"{self.boards} boards")
        team = Team(len(self.teams) + 1, name, list(players), club)
        self.teams.append(team)
        return team

    def pair_next_round(self) -> TeamRound:
        """Append and return the next round of the Berger table (Code 3.7.2)."""
        n = len(self.teams)
        table = double_berger_table(n) if self.system == "double-berger" else berger_table(n)
        number = len(self.rounds) + 1
        if number > len(table):
            raise PairingError(f"all {len(table)} rounds are paired")
        rnd = TeamRound(number)
        for w, b in table[number - 1]:
            if w > n or b > n:
                rnd.free.append(min(w, b))
            else:
                rnd.matches.append(TeamMatch(len(rnd.matches) + 1, w, b, [None] * self.boards))
        self.rounds.append(rnd)
        return rnd

    def set_result(self, rnd: int, table: int, results: list[str | None]) -> None:
        """Record the board results of a match (each from that board's White side)."""
        if not 1 <= rnd <= len(self.rounds):
            raise ResultError(f"no round {rnd}")
        for m in self.rounds[rnd - 1].matches:
            if m.table == table:
                if len(results) != self.boards:
                    raise ResultError(f"round {rnd} match {table}: {len(results)} results for "
                                      f"{self.boards} boards")
                m.results = [None if r is None else parse_result(r) for r in results]
                return
        raise ResultError(f"round {rnd}: no match {table}")

    # --- scores -----------------------------------------------------------------------

    def _match_scores(self) -> list[tuple[int, int, float, float]]:
        """(team, opponent, board points, opponent's board points) of every finished match."""
        out = []
        for r in self.rounds:
            for m in r.matches:
                if any(x is None for x in m.results):
                    continue
                pts = {m.white: 0.0, m.black: 0.0}
                for board, res in enumerate(m.results, 1):
                    assert res is not None
                    w, b = m.board_colors(board)
                    ow, ob = _SIDE[res]
                    pts[w] += self.scoring.points(ow)
                    pts[b] += self.scoring.points(ob)
                out.append((m.white, m.black, pts[m.white], pts[m.black]))
                out.append((m.black, m.white, pts[m.black], pts[m.white]))
        return out

    def _mp(self, own: float, other: float) -> float:
        s = self.match_scoring
        return s.win if own > other else s.draw if own == other else s.loss

    def match_points(self) -> dict[int, float]:
        """Match points: won, drawn, lost on board points."""
        out = {t.number: 0.0 for t in self.teams}
        for team, _, own, other in self._match_scores():
            out[team] += self._mp(own, other)
        return out

    def board_points(self) -> dict[int, float]:
        out = {t.number: 0.0 for t in self.teams}
        for team, _, own, _ in self._match_scores():
            out[team] += own
        return out

    def standings(self) -> list[TeamStanding]:
        """Places by match points, then the event's criteria; equal teams share the place."""
        mp, bp = self.match_points(), self.board_points()
        scores = self._match_scores()
        sb = {t.number: sum(self._mp(own, other) * mp[opp]
                            for team, opp, own, other in scores if team == t.number)
              for t in self.teams}
        groups: list[list[int]] = [sorted(n for n in mp if mp[n] == v)
                                   for v in sorted(set(mp.values()), reverse=True)]
        for tb in self.tiebreaks:
            new: list[list[int]] = []
            for g in groups:
                if tb == "direct":
                    key = {n: sum(self._mp(own, other) for team, opp, own, other in scores
                                  if team == n and opp in g) for n in g}
                else:
                    key = bp if tb == "board-points" else sb
                for v in sorted({key[n] for n in g}, reverse=True):
                    new.append([n for n in g if key[n] == v])
            groups = new
        out: list[TeamStanding] = []
        rank = 0
        for g in groups:
            place = str(rank + 1) if len(g) == 1 else f"{rank + 1}–{rank + len(g)}"
            for n in g:
                out.append(TeamStanding(place, self.team(n), mp[n], bp[n],
                                        {"board-points": bp[n], "sonneborn-berger": sb[n]}))
            rank += len(g)
        return out

    # --- JSON --------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({
            "format": "shashki-team-tournament", "version": 1, "name": self.name,
            "system": self.system, "boards": self.boards, "scoring": self.scoring.name,
            "match_scoring": self.match_scoring.name, "tiebreaks": self.tiebreaks,
            "teams": [vars(t) for t in self.teams],
            "rounds": [{"number": r.number, "free": r.free,
                        "matches": [vars(m) for m in r.matches]} for r in self.rounds],
        }, ensure_ascii=False, indent=1)

    @classmethod
    def load(cls, path: str) -> TeamTournament:
        """Read a team event document (see :func:`read_document`)."""
        return cls.from_json(read_document(path))

    @classmethod
    def from_json(cls, text: str) -> TeamTournament:
        try:
            d: dict[str, Any] = json.loads(text)
            if d.get("format") != "shashki-team-tournament":
                raise InvalidTournament(f"not a shashki team tournament "
                                        f"(format {d.get('format')!r})")
            t = cls(name=d["name"], system=d["system"], boards=d["boards"],
                    scoring=SCORING[d["scoring"]], match_scoring=SCORING[d["match_scoring"]],
                    tiebreaks=d["tiebreaks"])
            t.teams = [Team(**x) for x in d["teams"]]
            t.rounds = [TeamRound(r["number"], [TeamMatch(**m) for m in r["matches"]],
                                  r["free"]) for r in d["rounds"]]
        except (KeyError, TypeError, json.JSONDecodeError) as e:
            raise InvalidTournament(f"bad team tournament document: {e}") from None
        return t
