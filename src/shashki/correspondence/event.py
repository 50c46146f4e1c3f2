"""A correspondence event: many games at once, a judge and a captain, the captain's results
table, periodic digests and the final standings with the Code's tie-breaks.

The pairings, results and standings are :mod:`shashki.competition`'s: a round robin
(Berger tables, Code 3.7.2) starts every round's games on the first day, as correspondence
events do (rules.md P9); a Swiss event (Dutch system) starts each round's games together
once the previous round is registered.

>>> from datetime import datetime, UTC
>>> from shashki.correspondence.calendar import SimulatedClock
>>> clock = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
>>> ev = CorrespondenceEvent("ПЧР-26", "30d/10", judge=Person("Judge", Role.JUDGE),
...                          captain=Person("Captain", Role.CAPTAIN), now=clock)
>>> for name in ["A", "B", "C", "D"]:
...     _ = ev.add_player(Person(name))
>>> len(ev.start())   # 4 players, 3 rounds, 2 games a round: all six at once
6
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from shashki.competition import Round, Tournament
from shashki.competition.pairing import pair_next_round
from shashki.competition.standings import Standing, standings
from shashki.correspondence.calendar import Calendar, Now, utc_now
from shashki.correspondence.control import DayControl
from shashki.correspondence.errors import PlayError
from shashki.correspondence.game import CorrespondenceGame
from shashki.correspondence.leave import LeaveBook, LeavePolicy
from shashki.correspondence.roles import Person, Role, require
from shashki.i18n import N_

TIEBREAKS = {
    "berger": ["sonneborn-berger", "wins", "direct", "places"],
    "dutch": ["truncated-solkoff", "wins", "direct"],
}
"""Default tie-breaks (Code 3.16.3-3.16.8, 3.16.12; rules.md L10)."""

_RESULT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "0-0": "-/-"}


@dataclass
class Board:
    """A game of the event: its round and board in the tournament."""

    round: int
    board: int
    game: CorrespondenceGame
    recorded: bool = False
    """The result has been entered in the results table (Code 5.1.8)."""


@dataclass
class CorrespondenceEvent:
    """A correspondence tournament run by a judge and a captain (Code 5.1.6-5.1.8).

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import Person, Role, SimulatedClock
    >>> judge, captain = Person("Judge", Role.JUDGE), Person("Captain", Role.CAPTAIN)
    >>> ev = CorrespondenceEvent("Кубок", "30d/10", judge=judge, captain=captain,
    ...                          now=SimulatedClock(datetime(2026, 1, 10, tzinfo=UTC)))
    >>> for name in ["Ivanov", "Petrov", "Sidorov"]:
    ...     _ = ev.add_player(Person(name))
    >>> boards = ev.start()          # a round robin: every round at once (P9)
    >>> len(boards), sorted({b.round for b in boards})
    (3, [1, 2, 3])
    """

    name: str
    control: DayControl | str
    system: str = "berger"
    variant: str = "russian"
    zone: str = "Europe/Moscow"
    judge: Person | None = None
    captain: Person | None = None
    policy: LeavePolicy = field(default_factory=LeavePolicy)
    remind_after: int = 10
    escalate_after: int = 20
    rounds: int = 0
    """Swiss: the number of rounds; round robin: set by the number of players."""
    now: Now = utc_now
    tiebreaks: list[str] | None = None
    players: list[Person] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    tournament_json: str = ""
    """A saved tournament (:meth:`Tournament.to_json`) to go on with; its players by name."""

    def __post_init__(self) -> None:
        if isinstance(self.control, str):
            self.control = DayControl.parse(self.control)
        if self.system not in TIEBREAKS:
            raise PlayError(N_("unknown system {system}; use berger or "
                               "dutch"), system=repr(self.system))
        if self.judge is not None:
            require(self.judge, Role.JUDGE, action=N_("act as the judge"), article="Code 5.1.6")
        if self.captain is not None:
            require(self.captain, Role.CAPTAIN, action=N_("act as the captain"),
                    article="Code 5.1.6")
        self.calendar = Calendar(self.zone)
        self.leave = LeaveBook(self.policy)
        if self.tournament_json:
            self.tournament = Tournament.from_json(self.tournament_json)
            known = {p.name: p for p in self.players}
            self.players = [known.get(p.name, Person(p.name)) for p in self.tournament.players]
            return
        self.tournament = Tournament(
            name=self.name, system=self.system, variant=self.variant,
            rounds_planned=self.rounds,
            tiebreaks=list(self.tiebreaks if self.tiebreaks is not None
                           else TIEBREAKS[self.system]),
            arbiter=self.judge.name if self.judge else "")

    @property
    def registrar(self) -> Person | None:
        """Who keeps the results table: the captain, or the judge without one (Code 5.1.8)."""
        return self.captain or self.judge

    def add_player(self, person: Person) -> Person:
        if self.tournament.rounds:
            raise PlayError(N_("the event has started"))
        if any(p.name == person.name for p in self.players):
            raise PlayError(N_("{name} is already entered"), name=person.name)
        self.players.append(person)
        self.tournament.add_player(person.name)
        return person

    def number(self, name: str) -> int:
        for p in self.tournament.players:
            if p.name == name:
                return p.number
        raise PlayError(N_("{name} does not play in {name2}"), name=name, name2=self.name)

    def person(self, number: int) -> Person:
        return self.players[number - 1]

    def _open(self, rnd: Round) -> list[Board]:
        new = []
        for p in rnd.pairings:
            g = CorrespondenceGame(
                self.person(p.white), self.person(p.black), self.control,
                variant=self.variant, calendar=self.calendar, leave=self.leave, now=self.now,
                remind_after=self.remind_after, escalate_after=self.escalate_after,
                judge=self.judge, captain=self.captain,
                label=f"{self.name}, round {rnd.number}, board {p.board}")
            b = Board(rnd.number, p.board, g)
            self.boards.append(b)
            new.append(b)
        return new

    def start(self) -> list[Board]:
        """Pair and start the games: every round of a round robin at once (P9), round 1 of a
        Swiss."""
        if self.tournament.rounds:
            raise PlayError(N_("the event has started"))
        if len(self.players) < 2:
            raise PlayError(N_("at least two players are needed"))
        if self.system == "dutch":
            return self.next_round()
        games: list[Board] = []
        while True:
            rnd = pair_next_round(self.tournament)
            if rnd.number > _berger_rounds(len(self.players)):
                break
            self.tournament.add_round(rnd)
            games += self._open(rnd)
            if rnd.number == _berger_rounds(len(self.players)):
                break
        return games

    def next_round(self) -> list[Board]:
        """Swiss: pair the next round when every game of the last one is registered."""
        if self.system != "dutch":
            raise PlayError(N_("a round robin starts all its rounds at once"))
        if self.tournament.rounds and not self.tournament.complete():
            raise PlayError(N_("the current round is not finished"))
        if self.rounds and len(self.tournament.rounds) >= self.rounds:
            raise PlayError(N_("all rounds have been played"))
        rnd = pair_next_round(self.tournament)
        self.tournament.add_round(rnd)
        return self._open(rnd)

    def games_of(self, name: str) -> list[Board]:
        return [b for b in self.boards if name in (b.game.white.name, b.game.black.name)]

    def register(self, captain: Person, board: Board) -> str:
        """The captain registers a finished game and enters it in the results table
        (Code 5.1.8)."""
        result = board.game.register(captain)
        self.tournament.set_result(board.round, board.board, _RESULT.get(result, result))
        board.recorded = True
        return result

    def check(self, today: date | None = None) -> list[tuple[Board, list[Any]]]:
        """The daily check of every running game (oversteps, reminders, escalations)."""
        out = []
        for b in self.boards:
            notes = b.game.check(today)
            if notes:
                out.append((b, notes))
        return out

    # --- the captain's table, digests, standings ------------------------------------------

    def results_table(self) -> str:
        """The captain's results table (Code 5.1.8): a crosstable for a round robin, a
        list by rounds for a Swiss; ``*`` for a game still running, ``·`` unfinished and
        not registered."""
        names = [p.name for p in self.players]
        win = self.tournament.scoring.win
        if self.system == "berger":
            width = max(len(n) for n in names) + 2
            head = " " * (width + 3) + " ".join(f"{i + 1:>3}" for i in range(len(names)))
            lines = [self.name, head + "  Σ"]
            cells: dict[tuple[int, int], str] = {}
            for b in self.boards:
                w, bl = self.number(b.game.white.name), self.number(b.game.black.name)
                if not b.recorded:
                    cells[(w, bl)] = cells[(bl, w)] = "*"
                    continue
                r = b.game.result
                ws = {"1-0": win, "0-1": 0.0, "1/2-1/2": win / 2}.get(r, 0.0)
                bs = {"1-0": 0.0, "0-1": win, "1/2-1/2": win / 2}.get(r, 0.0)
                cells[(w, bl)], cells[(bl, w)] = _pts(ws), _pts(bs)
            for i, n in enumerate(names, 1):
                row = " ".join(f"{'X' if i == j else cells.get((i, j), '·'):>3}"
                               for j in range(1, len(names) + 1))
                lines.append(f"{i:>2} {n:<{width}}{row}  {_pts(self.tournament.points(i))}")
            return "\n".join(lines)
        lines = [self.name]
        for b in self.boards:
            res = b.game.result if b.recorded else "*"
            lines.append(f"{b.round}.{b.board} {b.game.white.name} - {b.game.black.name} {res}")
        return "\n".join(lines)

    def digest(self, name: str, today: date | None = None) -> str:
        """The periodic report to a player (Code 5.1.8: the captain informs the players):
        his games with the days used and left, and the standings so far."""
        day = today or self.calendar.day(self.now())
        lines = [f"{self.name}: {day}", ""]
        for b in self.games_of(name):
            g = b.game
            you = g.color_of(name)
            if g.is_over:
                state = f"finished {g.result}"
            elif g.to_move is you:
                state = (f"your move; {g.used(you, day)} of {g.allowed(you)} days used")
            else:
                state = "opponent to move"
            lines.append(f"  round {b.round}: {g.white.name} - {g.black.name}, "
                         f"{g.game.ply} plies, {state}")
        lines += ["", self.results_table()]
        return "\n".join(lines)

    def report(self) -> str:
        """The captain's report to the judge (Code 5.1.8: "по окончанию соревнования
        представляют отчет судье"): the table, the standings with their tie-breaks, and
        every overstep with the judge's decision."""
        lines = [self.results_table(), ""]
        for s in self.standings():
            values = ", ".join(f"{k} {_value(v)}" for k, v in s.values.items())
            lines.append(f"{s.place:>5} {s.player.name} {_pts(s.points)}"
                         + (f" ({values})" if values else ""))
        oversteps = [(b, o) for b in self.boards for o in b.game.oversteps]
        if oversteps:
            lines.append("")
        for b, o in oversteps:
            verdict = f"{o.decision.value}: {o.reason}" if o.decision else "no decision"
            lines.append(f"{b.round}.{b.board} {b.game.player(o.color).name} {o.day}: "
                         f"{o.used}/{o.allowed} d, {verdict}")
        unregistered = [b for b in self.boards if not b.recorded]
        if unregistered:
            lines += ["", f"{len(unregistered)} game(s) not registered"]
        return "\n".join(lines)

    def standings(self) -> list[Standing]:
        """Places by points, then the event's tie-breaks (Code 3.16.1, 3.16.3, 3.16.12)."""
        return standings(self.tournament)


def _berger_rounds(n: int) -> int:
    return n - 1 if n % 2 == 0 else n


def _value(v: float | tuple[float, ...]) -> str:
    return _pts(v[0] if v else 0.0) if isinstance(v, tuple) else _pts(v)


def _pts(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


__all__ = ["Board", "CorrespondenceEvent"]
