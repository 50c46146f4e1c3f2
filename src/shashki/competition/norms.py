"""Classification norms (Code 4.6.3: «заполнить соответствующие справки на всех участников,
выполнивших классификационные нормативы»): who met which norm of a table, from the event's
composition and results.

The norms of the unified all-Russian sports classification (ЕВСК) for draughts are set by
an order of the Ministry of Sport and change with its editions; their text could not be
found for shashki (docs/rules.md K33), so shashki does not ship them. The organiser supplies
the table as a JSON file (its header cites the order, its date and appendix), in this form::

    {"name": "ЕВСК, шашки", "source": "приказ Минспорта России от … N …, приложение …",
     "year": "2022",
     "coefficients": {"ГР": 7, "МС": 6, "КМС": 5, "I": 4, "II": 3, "III": 2},
     "norms": [{"award": "КМС", "min_games": 9, "min_percent": 75, "min_average": 3.5,
                "average_of": "opponents", "min_opponents": {"КМС": 2},
                "min_players": 10, "systems": ["berger", "dutch"], "min_age": 12}, …]}

``coefficients`` rank the qualifications (a title the table does not name counts 0, no
qualification); the norms come in order of precedence, the highest first, and a player is
credited with the first one whose every condition he meets. Conditions: games played over
the board (forfeits and byes do not count), the points scored in them as a percentage of
the most he could score, the average coefficient of his opponents (or of all participants),
the number of opponents of at least a given qualification, the number of participants, the
pairing system and the player's age in the event's year.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shashki.competition.errors import InvalidTournament
from shashki.competition.model import SYSTEMS, Tournament


@dataclass(frozen=True)
class Norm:
    """One norm of the table: the qualification it awards and its conditions."""

    award: str
    min_games: int = 0
    min_percent: float = 0.0
    min_average: float | None = None
    average_of: str = "opponents"
    min_opponents: Mapping[str, int] = field(default_factory=dict)
    min_players: int = 0
    systems: tuple[str, ...] = ()
    min_age: int = 0


@dataclass(frozen=True)
class NormTable:
    """A classification table the organiser supplies (see the module docstring)."""

    name: str
    source: str
    year: str
    coefficients: Mapping[str, float]
    norms: tuple[Norm, ...]

    def coefficient(self, qualification: str) -> float:
        return float(self.coefficients.get(qualification.strip(), 0.0))


@dataclass
class NormResult:
    """What one player met: ``award`` (None: no norm) and the figures it was judged on."""

    player: int
    award: str | None
    games: int
    percent: float
    average: float | None
    new: bool = False
    """Whether the award is above the qualification he holds."""
    missed: list[str] = field(default_factory=list)
    """Why the highest norm was not met (the first condition each norm missed)."""


_NORM_KEYS = {"award", "min_games", "min_percent", "min_average", "average_of",
              "min_opponents", "min_players", "systems", "min_age"}


def load_norms(source: str | Mapping[str, Any]) -> NormTable:
    """A table from a JSON file's path or text, or a mapping; a bad table is an
    :class:`~shashki.competition.errors.InvalidTournament` naming the field."""
    if isinstance(source, str):
        text = source
        if not source.lstrip().startswith("{"):
            try:
                with open(source, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as e:
                raise InvalidTournament(f"{source}: cannot read the norms table: {e}") from None
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidTournament(f"norms table: bad JSON at line {e.lineno} column "
                                    f"{e.colno}: {e.msg}") from None
    else:
        d = dict(source)
    if not isinstance(d, dict):
        raise InvalidTournament("a norms table is a JSON object")
    coeffs = d.get("coefficients", {})
    if not isinstance(coeffs, dict) or not all(
            isinstance(v, int | float) for v in coeffs.values()):
        raise InvalidTournament("norms table: coefficients maps qualifications to numbers")
    norms = []
    for i, n in enumerate(d.get("norms", []), 1):
        if not isinstance(n, dict) or "award" not in n:
            raise InvalidTournament(f"norms table: norm {i} needs an award")
        bad = set(n) - _NORM_KEYS
        if bad:
            raise InvalidTournament(f"norms table: norm {i}: unknown field {sorted(bad)[0]!r}")
        if n.get("average_of", "opponents") not in ("opponents", "participants"):
            raise InvalidTournament(f"norms table: norm {i}: average_of is opponents or "
                                    f"participants")
        for q in n.get("min_opponents", {}):
            if q not in coeffs:
                raise InvalidTournament(f"norms table: norm {i}: {q!r} has no coefficient")
        for s in n.get("systems", []):
            if s not in SYSTEMS:
                raise InvalidTournament(f"norms table: norm {i}: unknown system {s!r}")
        try:
            norms.append(Norm(
                str(n["award"]), int(n.get("min_games", 0)), float(n.get("min_percent", 0)),
                None if n.get("min_average") is None else float(n["min_average"]),
                n.get("average_of", "opponents"),
                {str(k): int(v) for k, v in n.get("min_opponents", {}).items()},
                int(n.get("min_players", 0)), tuple(n.get("systems", ())),
                int(n.get("min_age", 0))))
        except (TypeError, ValueError) as e:
            raise InvalidTournament(f"norms table: norm {i}: {e}") from None
    return NormTable(str(d.get("name", "")), str(d.get("source", "")), str(d.get("year", "")),
                     {str(k): float(v) for k, v in coeffs.items()}, tuple(norms))


def check_norms(t: Tournament, table: NormTable) -> list[NormResult]:
    """Every player's highest norm met, in the order of the standings' numbers.

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> t = Tournament(system="berger")
    >>> for name, q in (("A", "I"), ("B", "II"), ("C", "")):
    ...     _ = t.add_player(name, title=q)
    >>> t.add_round(Round(1, [Pairing(1, 2, 3, ["1-0"])]))
    >>> t.add_round(Round(2, [Pairing(1, 3, 1, ["0-1"])]))
    >>> t.add_round(Round(3, [Pairing(1, 1, 2, ["1-0"])]))
    >>> table = load_norms({"coefficients": {"I": 4, "II": 3, "III": 2},
    ...                     "norms": [{"award": "II", "min_games": 2, "min_percent": 75}]})
    >>> [(r.player, r.award, r.percent) for r in check_norms(t, table)]
    [(1, 'II', 100.0), (2, None, 50.0), (3, None, 0.0)]
    """
    ents = t.entries()
    year = _year(t)
    everyone = [table.coefficient(p.title) for p in t.players]
    out: list[NormResult] = []
    for p in sorted(t.players, key=lambda p: p.number):
        games = [e for e in ents[p.number]
                 if e.opponent is not None and e.outcome in ("W", "D", "L")]
        scored = sum(t.scoring.points(e.outcome) for e in games)
        most = len(games) * t.scoring.win
        percent = round(100.0 * scored / most, 2) if most else 0.0
        opps = [table.coefficient(t.player(e.opponent).title) for e in games if e.opponent]
        result = NormResult(p.number, None, len(games), percent,
                            round(sum(opps) / len(opps), 3) if opps else None)
        age = year - int(p.birth[:4]) if year and p.birth[:4].isdigit() else None
        for norm in table.norms:
            why = _miss(t, norm, table, len(games), percent, opps, everyone, age)
            if why is None:
                result.award = norm.award
                result.new = table.coefficient(norm.award) > table.coefficient(p.title)
                break
            result.missed.append(f"{norm.award}: {why}")
        out.append(result)
    return out


def _miss(t: Tournament, norm: Norm, table: NormTable, games: int, percent: float,
          opps: list[float], everyone: list[float], age: int | None) -> str | None:
    """The first condition of ``norm`` the player misses, or None."""
    if norm.systems and t.system not in norm.systems:
        return f"system {t.system}"
    if len(t.players) < norm.min_players:
        return f"{len(t.players)} participants < {norm.min_players}"
    if games < norm.min_games:
        return f"{games} games < {norm.min_games}"
    if percent + 1e-9 < norm.min_percent:
        return f"{percent:g}% < {norm.min_percent:g}%"
    if norm.min_average is not None:
        pool = opps if norm.average_of == "opponents" else everyone
        avg = sum(pool) / len(pool) if pool else 0.0
        if avg + 1e-9 < norm.min_average:
            return f"average {avg:.2f} < {norm.min_average:g}"
    for q, k in norm.min_opponents.items():
        have = sum(1 for c in opps if c >= table.coefficient(q))
        if have < k:
            return f"{have} opponents of {q} or higher < {k}"
    if norm.min_age and (age is None or age < norm.min_age):
        return f"age {age if age is not None else '?'} < {norm.min_age}"
    return None


def _year(t: Tournament) -> int:
    for d in (t.end, t.start):
        if d[:4].isdigit():
            return int(d[:4])
    return 0
