"""The tournament: players, rounds, pairings, results, scoring; validation and JSON.

Every change goes through a method that checks it (Code 3.7.2, 3.13, 3.16.1): a player is
paired at most once a round, never against a forbidden opponent, results only for paired
games. The whole event is one JSON document (:meth:`Tournament.to_json`).

>>> t = Tournament(name="Demo", system="berger")
>>> for name, rating in [("Ivanov", 2300), ("Petrov", 2250), ("Sidorov", 2200)]:
...     _ = t.add_player(name, rating=rating)
>>> t.add_round(Round(1, [Pairing(1, 1, 2)], [Bye(3, "PAB")]))
>>> t.set_result(1, 1, "1-0")
>>> t.points(1), t.points(2), t.points(3)
(2.0, 0.0, 2.0)
>>> Tournament.from_json(t.to_json()).points(1)
2.0
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from shashki.competition.catalogue import READINGS, TIEBREAKS
from shashki.competition.errors import InvalidTournament, PairingError, ResultError

FORMAT = "shashki-tournament"
VERSION = 1

SYSTEMS = ("dutch", "berger", "double-berger")
BYE_KINDS = ("PAB", "H", "Z", "F")
"""Pairing-allocated bye (a "плюс", Code 3.16.11), half-point bye, zero-point bye (absent,
withdrawn, late entry), full-point bye granted by the arbiter."""

RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")
"""Game results from White's side: played win, loss, draw; forfeit win for White (Code 3.13.1),
for Black; both lose (Code 3.13.3, 3.10.4)."""

_RESULT_ALIASES = {
    "1-0": "1-0", "2-0": "1-0", "0-1": "0-1", "0-2": "0-1",
    "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "1-1": "1/2-1/2", "=": "1/2-1/2", "draw": "1/2-1/2",
    "+/-": "+/-", "+-": "+/-", "+:-": "+/-", "-/+": "-/+", "-+": "-/+", "-:+": "-/+",
    "-/-": "-/-", "--": "-/-", "0-0": "-/-", "-:-": "-/-",
}

Outcome = Literal["W", "D", "L", "+", "-", "PAB", "H", "Z", "F"]
"""One player's outcome of one game: win, draw, loss, forfeit win, forfeit loss, or a bye."""

_SIDE: dict[str, tuple[Outcome, Outcome]] = {
    "1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D"),
    "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-"),
}


def parse_result(text: str) -> str:
    """The canonical result for ``text`` (``2-0``, ``1-1``, ``+-``, ``0-0`` ... are accepted).

    ``0-0`` and ``--`` are the double forfeit of Code 3.13.3.

    >>> parse_result("2-0"), parse_result("1-1"), parse_result("--")
    ('1-0', '1/2-1/2', '-/-')

    >>> parse_result("2-0"), parse_result("+-"), parse_result("--")
    ('1-0', '+/-', '-/-')
    """
    try:
        return _RESULT_ALIASES[text.strip()]
    except KeyError:
        raise ResultError(
            f"unknown result {text!r}; use one of {', '.join(RESULTS)} (or 2-0, 1-1, 0-2, 0-0)"
        ) from None


def lateness_result(white_late: float | None, black_late: float | None,
                    first_control: float) -> str | None:
    """The result forced by lateness, in minutes, or None when the game is played.

    Code 3.13.1: a player late by more than the first time control loses, his opponent gets the
    point for the no-show; Code 3.13.3: both late beyond it — both lose. ``None`` means present.

    >>> lateness_result(50, None, 45), lateness_result(50, 46, 45), lateness_result(10, 0, 45)
    ('-/+', '-/-', None)

    >>> lateness_result(None, None, 60), lateness_result(75, None, 60)
    (None, '-/+')
    """
    w = white_late is not None and white_late > first_control
    b = black_late is not None and black_late > first_control
    if w and b:
        return "-/-"
    if w:
        return "-/+"
    if b:
        return "+/-"
    return None


@dataclass(frozen=True)
class Scoring:
    """Points for each outcome (Code 3.16.1 ranks by their sum).

    >>> s = Scoring("3-1-0", win=3.0, draw=1.0)
    >>> s.points("W"), s.points("D"), s.points("L")
    (3.0, 1.0, 0.0)
    """

    name: str
    win: float
    draw: float
    loss: float = 0.0
    bye: float | None = None
    """Pairing-allocated bye; default a win (the Code's "плюс")."""
    half_bye: float | None = None
    zero_bye: float = 0.0

    def points(self, outcome: Outcome) -> float:
        """Points of one outcome.

        >>> SCORING["2-1-0"].points("PAB"), SCORING["1-0.5-0"].points("D")
        (2.0, 0.5)
        """
        if outcome in ("W", "+", "F"):
            return self.win
        if outcome == "PAB":
            return self.win if self.bye is None else self.bye
        if outcome in ("D", "H"):
            return self.draw if outcome == "D" or self.half_bye is None else self.half_bye
        if outcome == "Z":
            return self.zero_bye
        return self.loss

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "win": self.win, "draw": self.draw, "loss": self.loss,
                "bye": self.bye, "half_bye": self.half_bye, "zero_bye": self.zero_bye}


SCORING: dict[str, Scoring] = {
    "2-1-0": Scoring("2-1-0", 2.0, 1.0),
    "1-0.5-0": Scoring("1-0.5-0", 1.0, 0.5),
}
"""The scorings by name: 2-1-0 (the Code's points, the default) and 1-0.5-0.

>>> list(SCORING), SCORING["2-1-0"].draw
(['2-1-0', '1-0.5-0'], 1.0)
"""


@dataclass
class Player:
    """A participant. ``number`` is the starting number drawn or assigned (Code ch. IV).

    >>> from shashki.competition import Tournament
    >>> p = Tournament().add_player("Ivanov, Ivan", rating=2300, club="Tula")
    >>> p.number, p.name, p.rating, p.active(1)
    (1, 'Ivanov, Ivan', 2300, True)
    """

    number: int
    name: str
    title: str = ""
    rating: int = 0
    club: str = ""
    federation: str = ""
    federation_id: str = ""
    sex: str = ""
    birth: str = ""
    entered: int = 1
    """First round the player takes part in (a late entry enters after round 1)."""
    withdrawn: int | None = None
    """First round the player no longer plays (withdrawal or exclusion), or None."""

    def active(self, rnd: int) -> bool:
        """Whether the player is in the event for round ``rnd``."""
        return self.entered <= rnd and (self.withdrawn is None or rnd < self.withdrawn)


@dataclass
class Pairing:
    """A board of a round: one game, or a micro-match of two with colours reversed.

    ``results[i]`` is game ``i+1``'s result from that game's White side (game 2 is played with
    ``black`` as White). ``opening`` is the ballot code that binds both games of a micro-match.

    >>> p = Pairing(board=1, white=3, black=7)
    >>> p.results, p.game_colors(1)
    ([None], (3, 7))
    """

    board: int
    white: int
    black: int
    results: list[str | None] = field(default_factory=lambda: [None])
    opening: str | None = None

    def game_colors(self, game: int) -> tuple[int, int]:
        """(White, Black) of game ``game`` (1-based)."""
        return (self.white, self.black) if game % 2 == 1 else (self.black, self.white)


@dataclass
class Bye:
    """A player without an opponent in a round, and the kind of bye (:data:`BYE_KINDS`).

    >>> from shashki.competition import Tournament
    >>> t = Tournament(system="dutch", rounds_planned=3)
    >>> for name in ["Ivanov", "Petrov", "Sidorov"]:
    ...     _ = t.add_player(name)
    >>> from shashki.competition.pairing import pair_next_round
    >>> rnd = pair_next_round(t)
    >>> rnd.byes
    [Bye(player=3, kind='PAB')]
    """

    player: int
    kind: str = "PAB"


@dataclass
class Round:
    """The pairings and byes of one round.

    >>> r = Round(1, [Pairing(1, 1, 2), Pairing(2, 3, 4)], [Bye(5)])
    >>> sorted(r.players())
    [1, 2, 3, 4, 5]
    """

    number: int
    pairings: list[Pairing] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)

    def players(self) -> Iterator[int]:
        for p in self.pairings:
            yield p.white
            yield p.black
        for b in self.byes:
            yield b.player


@dataclass(frozen=True)
class Entry:
    """One player's game (or bye) as the tie-breaks see it."""

    round: int
    opponent: int | None
    color: str | None
    outcome: Outcome


ADJUSTMENT_KINDS = ("", "W", "D", "L", "F", "H", "Z", "+", "-")
"""TRF-2026 record 299's types: ``""`` a bonus or penalty, else the result whose points it
replaces (win, draw, loss, full-, half-, zero-point bye, forfeit win, forfeit loss)."""

_ADJUSTED: dict[str, str] = {"W": "W", "D": "D", "L": "L", "F": "F", "H": "H", "Z": "Z",
                             "+": "+", "-": "-"}
"""Outcome → the record 299 type that re-values it (the PAB has none)."""


@dataclass
class Adjustment:
    """Points assigned outside the game results (TRF-2026 record 299, "abnormal assignment
    points"): a bonus or penalty (``kind`` empty) added to a player's score in round
    ``round``, or, with ``kind`` a result code, the points that result is worth there instead
    of the event's scoring. ``round`` 0 means every round; no ``players`` means everyone.
    The regulations decide why (a sanction, a bonus for a qualifier); ``reason`` records it.

    >>> a = Adjustment(2.0, round=1, players=(4,))
    >>> a.applies(4, 1), a.applies(4, 2), a.applies(3, 1)
    (True, False, False)
    """

    points: float
    round: int = 0
    players: tuple[int, ...] = ()
    kind: str = ""
    match_points: float | None = None
    """Team events' match points (record 299 columns 8-11), kept for the write-back."""
    reason: str = ""

    def applies(self, player: int, rnd: int) -> bool:
        return (self.round in (0, rnd)) and (not self.players or player in self.players)


SANCTIONS = ("remark", "warning", "reprimand", "loss", "exclusion")
"""The Code's sanctions (chapter II «Санкции»): «замечанием; предупреждением; выговором;
поражением в партии (возможен случай, когда поражение ставится обоим участникам);
исключением из соревнований». The arbiter chooses by the gravity of the offence."""


@dataclass
class Sanction:
    """A sanction the arbiter gave (Code ch. II «Санкции»): to ``player`` in round ``round``,
    of ``kind`` (:data:`SANCTIONS`), for breaking ``article`` (``Code 1.9.4``), with a note.
    A loss of the game is also its result (set it with :meth:`Tournament.set_result`); an
    exclusion also withdraws the player."""

    round: int
    player: int
    kind: str
    article: str = ""
    note: str = ""


OFFICIAL_ROLES = ("deputy", "secretary", "senior", "judge")
"""The panel of judges besides the chief (Code 4.6.1): «заместители главного судьи, главный
секретарь, старшие судьи, судьи»."""


JUDGE_CATEGORIES = ("all-russian", "1", "2", "3", "young")
"""The categories of sports judges (судейские категории) in Russia, highest first:
«спортивный судья всероссийской категории» (ССВК, the Code's «ВК»), of the first, second and
third category (СС1К, СС2К, СС3К), and «юный спортивный судья» (ЮСС)."""

_CATEGORY_ALIASES = {
    "all-russian": "all-russian", "вк": "all-russian", "ссвк": "all-russian",
    "всероссийская": "all-russian", "всероссийской категории": "all-russian",
    "vk": "all-russian", "national": "all-russian",
    "1": "1", "1к": "1", "сс1к": "1", "i": "1", "первая": "1", "первой категории": "1",
    "first": "1",
    "2": "2", "2к": "2", "сс2к": "2", "ii": "2", "вторая": "2", "второй категории": "2",
    "second": "2",
    "3": "3", "3к": "3", "сс3к": "3", "iii": "3", "третья": "3", "третьей категории": "3",
    "third": "3",
    "young": "young", "юсс": "young", "юный": "young", "юный спортивный судья": "young",
    "юный судья": "young",
}


def judge_category(text: str) -> str:
    """A judge's category (судейская категория) as :data:`JUDGE_CATEGORIES` names it, read
    from the ways people write it (``ВК``, ``ССВК``, ``1К``, ``СС2К``, ``III``, ``юный``);
    another text (an international title, ``FMJD arbiter``) is kept as it is.

    >>> judge_category("ВК"), judge_category("сс1к"), judge_category("III"), judge_category("ЮСС")
    ('all-russian', '1', '3', 'young')
    >>> judge_category(" FMJD arbiter ")
    'FMJD arbiter'
    """
    text = " ".join(text.split())
    return _CATEGORY_ALIASES.get(text.lower().replace("ё", "е"), text)


def check_date(text: str, what: str = "date") -> str:
    """A date of the event as ``YYYY-MM-DD`` (empty: not given), or :class:`InvalidTournament`.

    >>> check_date("2026-05-01"), check_date("")
    ('2026-05-01', '')
    """
    import datetime

    text = text.strip()
    if not text:
        return ""
    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise InvalidTournament(f"{what} must be a date YYYY-MM-DD, not {text!r}")


@dataclass
class Official:
    """A member of the panel of judges (Code 4.6.1) with his category (судейская категория:
    a key of :data:`JUDGE_CATEGORIES`, or any other text)."""

    role: str
    name: str
    category: str = ""


@dataclass
class PrizeGroup:
    """A group with its own table and prizes (regulations): by sex (``w`` women), birth
    years (juniors born from a year, veterans born up to one), rating band."""

    name: str
    sex: str = ""
    born_from: int | None = None
    born_to: int | None = None
    rating_min: int | None = None
    rating_max: int | None = None


TIES = ("tiebreaks", "playoff")
"""How players equal on points are placed: by the tie-break criteria (Code 3.16.3, the
regulations choosing them, 3.16.12), or first by a play-off (3.16.2), the criteria deciding
only where one cannot be held."""


@dataclass
class PlayOff:
    """A play-off among players equal on points (Code 3.16.2: «дополнительного матча или
    турнира», possibly with a shorter time control): a round robin of its own (two players:
    a match), whose final table places the group. ``players[i]`` is the event's number of
    the play-off's player ``i + 1``. ``held`` False records that it could not be held: the
    criteria of 3.16.3 decide, and ``note`` says why.

    >>> po = PlayOff((4, 9), Tournament(system="double-berger"))
    >>> po.original(2)
    9
    """

    players: tuple[int, ...]
    event: Tournament
    held: bool = True
    note: str = ""

    def original(self, n: int) -> int:
        """The event's number of play-off player ``n``."""
        return self.players[n - 1]

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "event": self.event.to_dict(),
                "held": self.held, "note": self.note}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayOff:
        return cls(tuple(int(x) for x in d["players"]), Tournament.from_dict(d["event"]),
                   bool(d.get("held", True)), str(d.get("note", "")))


@dataclass
class Forbidden:
    """Players who must not meet (siblings, team-mates) in rounds ``first``..``last``."""

    players: tuple[int, ...]
    first: int = 1
    last: int | None = None

    def applies(self, rnd: int) -> bool:
        return self.first <= rnd and (self.last is None or rnd <= self.last)


@dataclass
class Tournament:
    """An individual event by one pairing system, with its scoring and tie-break order.

    >>> from shashki.competition.pairing import pair_next_round
    >>> from shashki.competition.standings import standings
    >>> t = Tournament(name="Кубок", system="berger")
    >>> for name in ["Ivanov", "Petrov", "Sidorov", "Kuznetsov"]:
    ...     _ = t.add_player(name)
    >>> rnd = pair_next_round(t)
    >>> [(p.white, p.black) for p in rnd.pairings]
    [(1, 4), (2, 3)]
    >>> t.add_round(rnd)
    >>> t.set_result(1, 1, "2-0"); t.set_result(1, 2, "1-1")
    >>> [(row.place, row.points) for row in standings(t)]
    [('1', 2.0), ('2–3', 1.0), ('2–3', 1.0), ('4', 0.0)]
    """

    name: str = ""
    system: str = "dutch"
    rounds_planned: int = 0
    variant: str = "russian"
    scoring: Scoring = field(default_factory=lambda: SCORING["2-1-0"])
    tiebreaks: list[str] = field(default_factory=list)
    games_per_pairing: int = 1
    micromatch_ranking: str = "games"
    """Micro-match events: rank by game points (``games``) or match points (``match``)."""
    ballot: str | None = None
    """Ballot table of a micro-match event (a key of :data:`shashki.openings.TABLES`)."""
    seed: int = 0
    first_color: str = "white"
    """Colour of the top-seeded player on board 1 in round 1 (drawn by lot, Code ch. IV)."""
    avoid_same_club: bool = False
    late_entry_bye: str = "Z"
    pairing_order: str = "rating"
    """Swiss pairing numbers: ``rating`` (initial ranking by rating, title, name) or
    ``number`` (the starting numbers as given, e.g. a TRF's starting ranks)."""
    forbidden: list[Forbidden] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    arbiter: str = ""
    draws: list[dict[str, Any]] = field(default_factory=list)
    """Record of the lots drawn: numbers (Code ch. IV), ballot openings (Code 3.7.4)."""
    _index: dict[int, Player] = field(default_factory=dict, init=False, repr=False,
                                      compare=False)
    deputies: list[str] = field(default_factory=list)
    """Deputy chief arbiters (TRF 112)."""
    time_control: str = ""
    """Encoded time control as TRF-2026 record 222 writes it (``2700``, ``40/4200:900``)."""
    time_control_text: str = ""
    """Allotted time in words (TRF 122)."""
    round_dates: list[str] = field(default_factory=list)
    """Date of each round, ``YYYY-MM-DD`` (TRF 132)."""
    byes_requested: dict[int, list[Bye]] = field(default_factory=dict)
    """Byes asked for in advance, by round not yet paired: ``H`` half-point, ``Z`` absent,
    ``F`` full-point bye granted by the arbiter (TRF 240, XXZ)."""
    trf_records: list[str] = field(default_factory=list)
    """Records of an imported TRF that shashki keeps without interpreting (NRS, 172, 182,
    250, team records, XXA ...), written back on export."""
    acceleration: str = ""
    """Accelerated pairings of a Swiss: ``baku`` (FIDE C.04.5.1, the Baku Acceleration
    Method), or none."""
    ties: str = "tiebreaks"
    """Equal points: ``tiebreaks`` (Code 3.16.3) or ``playoff`` (3.16.2 first)."""
    playoff_places: int = 0
    """With ``ties="playoff"``: the places decided by play-off (0: every place); the others
    by the criteria (regulations usually hold play-offs for the first places only)."""
    lots: bool = False
    """Players still equal after everything are placed by drawing lots (recorded in
    ``draws``), as the regulations may say; otherwise they share the place."""
    readings: dict[str, str] = field(default_factory=dict)
    """The event's readings of Code 3.16.11 and the criteria where the Code leaves a choice
    (:data:`shashki.competition.catalogue.READINGS`); a reading not set has its default."""
    playoffs: list[PlayOff] = field(default_factory=list)
    """Play-offs held (or found impossible) for groups equal on points (Code 3.16.2)."""
    prize_groups: list[PrizeGroup] = field(default_factory=list)
    """Groups with their own tables (women, juniors, veterans, rating bands)."""
    changes: list[dict[str, Any]] = field(default_factory=list)
    """Manual changes to published pairings: round, reason, pairs before and after."""
    sanctions: list[Sanction] = field(default_factory=list)
    """Sanctions the arbiter gave (Code ch. II «Санкции»)."""
    officials: list[Official] = field(default_factory=list)
    """The panel of judges besides the chief arbiter (Code 4.6.1)."""
    arbiter_category: str = ""
    """The chief arbiter's category (судейская категория, :data:`JUDGE_CATEGORIES`)."""
    language: str = ""
    """The event's language (``ru``, ``en``): its report, tables and printouts are written
    in it whatever the machine's locale; empty: the language of whoever prints them."""
    organiser: str = ""
    """The organisation that holds the event (Code 4.6.1, 4.6.3: the report goes to it)."""
    adjustments: list[Adjustment] = field(default_factory=list)
    """Bonus and penalty points, re-valued results (TRF-2026 record 299): they count in the
    score, so in the standings, the opponents' scores of the tie-breaks and the pairings."""

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise InvalidTournament(f"unknown pairing system {self.system!r}; known: "
                                    f"{', '.join(SYSTEMS)}")
        if self.games_per_pairing not in (1, 2):
            raise InvalidTournament(
                f"games_per_pairing must be 1 or 2 (a micro-match), not {self.games_per_pairing}")
        if self.first_color not in ("white", "black"):
            raise InvalidTournament(f"first_color must be white or black, not "
                                    f"{self.first_color!r}")
        if self.micromatch_ranking not in ("games", "match"):
            raise InvalidTournament(f"micromatch_ranking must be games or match, not "
                                    f"{self.micromatch_ranking!r}")
        if self.pairing_order not in ("rating", "number"):
            raise InvalidTournament(f"pairing_order must be rating or number, not "
                                    f"{self.pairing_order!r}")
        for sc in self.sanctions:
            if sc.kind not in SANCTIONS:
                raise InvalidTournament(f"unknown sanction {sc.kind!r}; known: "
                                        f"{', '.join(SANCTIONS)}")
        for o in self.officials:
            if o.role not in OFFICIAL_ROLES:
                raise InvalidTournament(f"unknown role {o.role!r}; known: "
                                        f"{', '.join(OFFICIAL_ROLES)}")
        from shashki.i18n import LANGUAGES

        if self.language not in ("", *LANGUAGES):
            raise InvalidTournament(f"unknown language {self.language!r}; known: "
                                    f"{', '.join(LANGUAGES)}")
        if self.acceleration not in ("", "baku"):
            raise InvalidTournament(f"acceleration is baku or none, not {self.acceleration!r}")
        if self.ties not in TIES:
            raise InvalidTournament(f"ties must be one of {', '.join(TIES)}, not {self.ties!r}")
        for key, value in self.readings.items():
            if key not in READINGS:
                raise InvalidTournament(f"unknown reading {key!r}; known: {', '.join(READINGS)}")
            if value not in READINGS[key].choices:
                raise InvalidTournament(f"reading {key} is one of "
                                        f"{', '.join(READINGS[key].choices)}, not {value!r}")
        for a in self.adjustments:
            if a.kind not in ADJUSTMENT_KINDS:
                raise InvalidTournament(f"unknown kind of point adjustment {a.kind!r}; known: "
                                        f"{', '.join(repr(k) for k in ADJUSTMENT_KINDS)}")
        if self.late_entry_bye not in ("Z", "H"):
            raise InvalidTournament(f"late_entry_bye must be Z or H, not {self.late_entry_bye!r}")
        from shashki.openings import TABLES
        from shashki.rules import VARIANTS, variant_by_name

        try:
            self.variant = variant_by_name(self.variant).name
        except KeyError:
            raise InvalidTournament(f"unknown variant {self.variant!r}; known: "
                                    f"{', '.join(VARIANTS)}") from None
        if self.ballot is not None:
            if self.ballot not in TABLES:
                raise InvalidTournament(f"unknown ballot table {self.ballot!r}; known: "
                                        f"{', '.join(TABLES)}")
            # The 150 IDF positions serve Brazilian events too (every entry is legal there).
            table_variant = TABLES[self.ballot][1]
            if table_variant != self.variant and not (
                    self.ballot.startswith("idf-150") and self.variant == "brazilian"):
                raise InvalidTournament(f"ballot table {self.ballot!r} is for {table_variant}, "
                                        f"the event plays {self.variant}")
        for tb in self.tiebreaks:
            if tb not in TIEBREAKS:
                raise InvalidTournament(f"unknown tie-break {tb!r}; known: "
                                        f"{', '.join(TIEBREAKS)}")

    # --- players -----------------------------------------------------------------------

    def player(self, number: int) -> Player:
        """The player with starting number ``number``."""
        p = self._index.get(number)
        if p is None or p.number != number or len(self._index) != len(self.players):
            # Players are added and renumbered (the draw of numbers): rebuild the index.
            self._index = {q.number: q for q in self.players}
            p = self._index.get(number)
        if p is None:
            raise PairingError(f"no player number {number}")
        return p

    def add_player(self, name: str, *, title: str = "", rating: int = 0, club: str = "",
                   federation: str = "", federation_id: str = "", sex: str = "",
                   birth: str = "", number: int | None = None) -> Player:
        """Register a player; after round 1 he is a late entry from the next round."""
        if not name.strip():
            raise InvalidTournament("a player needs a name")
        num = number if number is not None else max((p.number for p in self.players),
                                                    default=0) + 1
        if any(p.number == num for p in self.players):
            raise InvalidTournament(f"player number {num} is taken")
        if num < 1:
            raise InvalidTournament(f"player number {num} must be positive")
        entered = len(self.rounds) + 1
        p = Player(num, name.strip(), title, rating, club, federation, federation_id, sex, birth,
                   entered=entered)
        self.players.append(p)
        return p

    def withdraw(self, number: int, from_round: int | None = None) -> None:
        """The player stops playing from ``from_round`` (default: the next round to pair).

        Rounds already paired stand; the Code's Swiss tie-breaks then count him as in 3.16.11.
        """
        p = self.player(number)
        rnd = from_round if from_round is not None else len(self.rounds) + 1
        if rnd <= len(self.rounds) and any(number in r.players() for r in self.rounds[rnd - 1:]
                                           if not self._only_bye(r, number)):
            raise PairingError(f"player {number} is paired in round {rnd} or later; "
                               f"set those results (e.g. a forfeit) instead")
        p.withdrawn = rnd
        for r, lst in list(self.byes_requested.items()):  # he asked for byes he won't take
            if r >= rnd:
                lst[:] = [b for b in lst if b.player != number]
                if not lst:
                    del self.byes_requested[r]

    @staticmethod
    def _only_bye(r: Round, number: int) -> bool:
        return any(b.player == number for b in r.byes)

    def forbid(self, *players: int, first: int = 1, last: int | None = None) -> None:
        """Players who must not meet (siblings, same club) from round ``first`` to ``last``."""
        if len(players) < 2:
            raise PairingError("a forbidden pair needs at least two players")
        for n in players:
            self.player(n)
        self.forbidden.append(Forbidden(tuple(players), first, last))

    def adjust(self, points: float, players: Iterable[int] = (), rnd: int = 0,
               kind: str = "", reason: str = "") -> Adjustment:
        """Points assigned outside the results (TRF-2026 record 299): with ``kind`` empty a
        bonus or (negative) penalty in round ``rnd`` (0: every round), else the points
        result ``kind`` (W, D, L, F, H, Z, +, -) is worth there. ``reason`` records why
        (the regulations' article, the arbiter's decision)."""
        who = tuple(players)
        for n in who:
            self.player(n)
        a = Adjustment(float(points), rnd, who, kind, reason=reason)
        if kind not in ADJUSTMENT_KINDS:
            raise InvalidTournament(f"unknown kind of point adjustment {kind!r}; known: "
                                    f"{', '.join(repr(k) for k in ADJUSTMENT_KINDS)}")
        if rnd < 0:
            raise InvalidTournament(f"round {rnd}")
        self.adjustments.append(a)
        return a

    def sanction(self, rnd: int, player: int, kind: str, article: str = "",
                 note: str = "") -> Sanction:
        """Record a sanction (Code ch. II «Санкции»); an exclusion withdraws the player from
        the next round (rounds already paired stand)."""
        self.player(player)
        if kind not in SANCTIONS:
            raise InvalidTournament(f"unknown sanction {kind!r}; known: {', '.join(SANCTIONS)}")
        if not 1 <= rnd <= max(len(self.rounds), 1):
            raise InvalidTournament(f"no round {rnd}")
        sc = Sanction(rnd, player, kind, article.strip(), note.strip())
        self.sanctions.append(sc)
        if kind == "exclusion" and self.player(player).withdrawn is None:
            self.withdraw(player)
        return sc

    def add_official(self, role: str, name: str, category: str = "") -> Official:
        """Add a member of the panel of judges (Code 4.6.1)."""
        if role not in OFFICIAL_ROLES:
            raise InvalidTournament(f"unknown role {role!r}; known: {', '.join(OFFICIAL_ROLES)}")
        if not name.strip():
            raise InvalidTournament("an official needs a name")
        o = Official(role, " ".join(name.split()), judge_category(category))
        self.officials.append(o)
        return o

    def remove_official(self, role: str, name: str) -> int:
        """Remove the members of the panel with this role and name; how many were removed."""
        name = " ".join(name.split())
        keep = [o for o in self.officials if not (o.role == role and o.name == name)]
        gone = len(self.officials) - len(keep)
        self.officials = keep
        return gone

    def set_details(self, **details: str) -> None:
        """Set what the judges' report shows of the event (Code 4.6.3), checked: ``name``,
        ``language`` (``ru``, ``en``), ``city`` (the venue), ``start`` and ``end``
        (``YYYY-MM-DD``, the end not before the start), ``time_control`` (as TRF 222 writes
        it), ``time_control_text``, ``organiser``, ``arbiter`` and ``arbiter_category``
        (:func:`judge_category`). A value ``""`` clears the field.

        >>> t = Tournament()
        >>> t.set_details(language="ru", start="2026-05-01", arbiter_category="ВК")
        >>> t.language, t.start, t.arbiter_category
        ('ru', '2026-05-01', 'all-russian')
        """
        from shashki.i18n import LANGUAGES

        known = ("name", "language", "city", "start", "end", "time_control",
                 "time_control_text", "organiser", "arbiter", "arbiter_category")
        for key, value in details.items():
            if key not in known:
                raise InvalidTournament(f"unknown detail {key!r}; known: {', '.join(known)}")
            value = " ".join(value.split())
            if key == "language" and value not in ("", *LANGUAGES):
                raise InvalidTournament(f"unknown language {value!r}; known: "
                                        f"{', '.join(LANGUAGES)}")
            if key in ("start", "end"):
                value = check_date(value, key)
            if key == "arbiter_category":
                value = judge_category(value)
            setattr(self, key, value)
        if self.start and self.end and len(self.start) == len(self.end) == 10 \
                and self.end < self.start:
            raise InvalidTournament(f"the event ends ({self.end}) before it starts "
                                    f"({self.start})")

    def reading(self, key: str) -> str:
        """The event's reading ``key`` of :data:`~shashki.competition.catalogue.READINGS`
        (its default when the regulations say nothing).

        >>> Tournament().reading("bye-opponent")
        'lowest'
        """
        return self.readings.get(key, READINGS[key].default)

    def is_forbidden(self, a: int, b: int, rnd: int) -> bool:
        """Whether ``a`` and ``b`` must not meet in round ``rnd``."""
        if self.avoid_same_club:
            ca, cb = self.player(a).club, self.player(b).club
            if ca and ca == cb:
                return True
        return any(f.applies(rnd) and a in f.players and b in f.players for f in self.forbidden)

    def request_bye(self, number: int, rnd: int | None = None, kind: str = "H") -> None:
        """Ask in advance for a bye in a round not yet paired: ``H`` half-point, ``Z``
        announced absence, ``F`` full-point bye (FIDE C.04.1; the Code names only the
        pairing bye, 3.16.11, so these are the event regulations' choice)."""
        p = self.player(number)
        r = rnd if rnd is not None else len(self.rounds) + 1
        if self.system != "dutch":
            raise PairingError("a round robin's pairings are fixed by the Berger table: an "
                               "absent player forfeits (Code 3.13.1), record the result")
        if kind not in ("H", "Z", "F"):
            raise PairingError(f"a requested bye is H, Z or F, not {kind!r}")
        if r <= len(self.rounds):
            raise PairingError(f"round {r} is already paired")
        if not p.active(r):
            raise PairingError(f"player {number} ({p.name}) does not play round {r}")
        lst = self.byes_requested.setdefault(r, [])
        lst[:] = [b for b in lst if b.player != number] + [Bye(number, kind)]

    def requested_for(self, rnd: int) -> tuple[list[int], list[int], list[int]]:
        """(absent, half-point byes, full-point byes) asked for round ``rnd``."""
        lst = self.byes_requested.get(rnd, [])
        return ([b.player for b in lst if b.kind == "Z"], [b.player for b in lst if b.kind == "H"],
                [b.player for b in lst if b.kind == "F"])

    # --- rounds ------------------------------------------------------------------------

    @property
    def current_round(self) -> int:
        """Number of rounds paired so far."""
        return len(self.rounds)

    @property
    def micromatch(self) -> bool:
        return self.games_per_pairing == 2

    def add_round(self, rnd: Round) -> None:
        """Append a paired round after checking it.

        A player is paired or given a bye at most once (Code 3.7.2); both players exist and
        are active; no forbidden pair; no rematch in a Swiss or single round robin; results, if
        any, are valid.
        """
        expected = len(self.rounds) + 1
        if rnd.number != expected:
            raise PairingError(f"round {rnd.number} given, round {expected} expected")
        seen: set[int] = set()
        met = self.opponents_met()
        limit = 2 if self.system == "double-berger" else 1
        boards: set[int] = set()
        for p in rnd.pairings:
            if p.board in boards:
                raise PairingError(f"round {rnd.number}: board {p.board} used twice")
            boards.add(p.board)
            if p.white == p.black:
                raise PairingError(f"round {rnd.number}: player {p.white} paired with himself")
            for n in (p.white, p.black):
                self._check_player(n, rnd.number, seen)
            if self.is_forbidden(p.white, p.black, rnd.number):
                raise PairingError(f"round {rnd.number}: players {p.white} and {p.black} "
                                   f"must not meet (forbidden pair)")
            if met.get((min(p.white, p.black), max(p.white, p.black)), 0) >= limit:
                raise PairingError(f"round {rnd.number}: players {p.white} and {p.black} "
                                   f"have already met")
            if len(p.results) != self.games_per_pairing:
                p.results = (p.results + [None] * self.games_per_pairing)[:self.games_per_pairing]
            p.results = [None if r is None else parse_result(r) for r in p.results]
        for b in rnd.byes:
            if b.kind not in BYE_KINDS:
                raise PairingError(f"round {rnd.number}: unknown bye kind {b.kind!r}; "
                                   f"known: {', '.join(BYE_KINDS)}")
            self._check_player(b.player, rnd.number, seen, bye=True)
        if sum(1 for b in rnd.byes if b.kind == "PAB") > 1:
            raise PairingError(f"round {rnd.number}: more than one pairing-allocated bye")
        self.rounds.append(rnd)
        self.byes_requested.pop(rnd.number, None)

    def _check_player(self, n: int, rnd: int, seen: set[int], bye: bool = False) -> None:
        p = self.player(n)
        if n in seen:
            raise PairingError(f"round {rnd}: player {n} ({p.name}) paired twice")
        if not bye and not p.active(rnd):
            raise PairingError(f"round {rnd}: player {n} ({p.name}) does not play this round")
        seen.add(n)

    def set_result(self, rnd: int, board: int, result: str | None, game: int = 1) -> None:
        """Record the result of game ``game`` on ``board`` of round ``rnd`` (None clears it).

        Code 3.16.1 (points), 3.13.1/3.13.3 (forfeits: ``+/-``, ``-/+``, ``-/-``). A result
        changed after later rounds were paired stands for them (Code ch. IV: later rounds are
        paired on the true results).
        """
        if not 1 <= rnd <= len(self.rounds):
            raise ResultError(f"no round {rnd} (rounds paired: {len(self.rounds)})")
        for p in self.rounds[rnd - 1].pairings:
            if p.board == board:
                if not 1 <= game <= self.games_per_pairing:
                    raise ResultError(f"round {rnd} board {board}: no game {game}")
                p.results[game - 1] = None if result is None else parse_result(result)
                return
        raise ResultError(f"round {rnd}: no board {board}")

    def first_control_minutes(self) -> float:
        """Code 3.13.1: the time of the first control, in minutes, from the event's time
        control (with sudden death, the whole game's time)."""
        if not self.time_control:
            raise InvalidTournament("the event has no time control; give the first control "
                                    "in minutes")
        from shashki.clock import TimeControl

        return TimeControl.from_pdn(self.time_control).stages[0].seconds / 60

    def record_lateness(self, rnd: int, board: int, white_late: float | None,
                        black_late: float | None, first_control: float | None = None,
                        game: int = 1) -> str | None:
        """Score the lateness of the players of a game, in minutes (None: present).

        Code 3.13.1: late by more than the first control, the player loses and his opponent
        gets the point; Code 3.13.3: both late beyond it, both lose. Returns the result
        recorded, or None when the game is to be played.
        """
        limit = self.first_control_minutes() if first_control is None else first_control
        res = lateness_result(white_late, black_late, limit)
        if res is not None:
            self.set_result(rnd, board, res, game)
        return res

    def set_result_by_players(self, rnd: int, white: int, black: int, result: str) -> None:
        """Record a result by the players' numbers (White first)."""
        for p in self.rounds[rnd - 1].pairings if 1 <= rnd <= len(self.rounds) else []:
            if (p.white, p.black) == (white, black):
                self.set_result(rnd, p.board, result)
                return
            if (p.black, p.white) == (white, black) and self.micromatch:
                self.set_result(rnd, p.board, result, game=2)
                return
        raise ResultError(f"round {rnd}: {white} (White) v {black} (Black) was not paired")

    def finished(self) -> bool:
        """Whether every round of the event is played, every result in: a Swiss's planned
        rounds, a round robin's Berger table (the final table, Code 3.16.1)."""
        if not self.rounds or not self.complete():
            return False
        planned = self.planned_rounds()
        return bool(planned) and self.current_round >= planned

    def planned_rounds(self) -> int:
        """The rounds the event will have: a Swiss's planned number, a round robin's
        Berger table (n − 1 rounds, n with an odd count; twice in a double round robin,
        Code 3.16.1); 0 while fewer than two players are registered.

        >>> Tournament(name="x", system="berger").planned_rounds()
        0
        """
        if self.system == "dutch":
            return self.rounds_planned
        n = len(self.players)
        if n < 2:
            return self.rounds_planned
        return max(self.rounds_planned, (n - 1 + n % 2) * (
            2 if self.system == "double-berger" else 1))

    def complete(self, rnd: int | None = None) -> bool:
        """Whether every game of round ``rnd`` (default: all rounds) has a result."""
        rounds = self.rounds if rnd is None else [self.rounds[rnd - 1]]
        return all(r is not None for ro in rounds for p in ro.pairings for r in p.results)

    # --- derived -----------------------------------------------------------------------

    def opponents_met(self, upto: int | None = None) -> dict[tuple[int, int], int]:
        """How many times each pair met up to round ``upto``.

        A pairing whose every game was forfeited was not played and does not count: the pair
        may meet again (FMJD Annex V; FIDE C.04.1).
        """
        met: dict[tuple[int, int], int] = {}
        for r in self.rounds[:upto]:
            for p in r.pairings:
                if p.results and all(x in ("+/-", "-/+", "-/-") for x in p.results):
                    continue
                key = (min(p.white, p.black), max(p.white, p.black))
                met[key] = met.get(key, 0) + 1
        return met

    def entries(self, upto: int | None = None) -> dict[int, list[Entry]]:
        """Every player's games and byes (one entry per game of a micro-match), in round order.

        Unfinished games are left out. A player with no pairing and no bye in a round he was
        absent from (late entry, withdrawal) gets the late-entry bye or a zero-point bye.
        """
        out: dict[int, list[Entry]] = {p.number: [] for p in self.players}
        for r in self.rounds[:upto]:
            present: set[int] = set()
            for p in r.pairings:
                present.update((p.white, p.black))
                for g, res in enumerate(p.results, 1):
                    if res is None:
                        continue
                    w, b = p.game_colors(g)
                    ow, ob = _SIDE[res]
                    out[w].append(Entry(r.number, b, "w", ow))
                    out[b].append(Entry(r.number, w, "b", ob))
            for bye in r.byes:
                present.add(bye.player)
                kind_of_bye: Outcome = bye.kind  # type: ignore[assignment]
                for _ in range(self.games_per_pairing):
                    out[bye.player].append(Entry(r.number, None, None, kind_of_bye))
            for pl in self.players:
                if pl.number not in present:
                    kind: Outcome = "H" if (pl.entered > r.number
                                            and self.late_entry_bye == "H") else "Z"
                    for _ in range(self.games_per_pairing):
                        out[pl.number].append(Entry(r.number, None, None, kind))
        return out

    def points(self, number: int, upto: int | None = None) -> float:
        """Points of a player after round ``upto`` (default: all results so far)."""
        return self.all_points(upto)[number]

    def all_points(self, upto: int | None = None) -> dict[int, float]:
        """Points of every player (Code 3.16.1), the adjustments of record 299 included."""
        return {n: sum(v) for n, v in self.round_points(upto).items()}

    def outcome_points(self, number: int, e: Entry) -> float:
        """Points of one game or bye of player ``number``: the event's scoring, or what a
        record 299 of that result's type assigns for that round (TRF-2026)."""
        code = _ADJUSTED.get(e.outcome)
        if code is not None:
            for a in self.adjustments:
                if a.kind == code and a.applies(number, e.round):
                    return a.points
        return self.scoring.points(e.outcome)

    def bonus(self, number: int, rnd: int) -> float:
        """Bonus (or, negative, penalty) points of player ``number`` in round ``rnd``
        (TRF-2026 record 299 without a result type; one for every round reads as given in
        each round, as the Sharly-Chess fork of bbpPairings counts it)."""
        return sum(a.points for a in self.adjustments if not a.kind and a.applies(number, rnd))

    def adjustment_points(self, number: int, upto: int | None = None) -> float:
        """What record 299 adds to the player's points after round ``upto`` (bonuses and
        penalties, re-valued results): TRF 001's points field includes it."""
        if not self.adjustments:
            return 0.0
        rounds = len(self.rounds[:upto])
        out = sum(self.bonus(number, r) for r in range(1, rounds + 1))
        for e in self.entries(upto)[number]:
            out += self.outcome_points(number, e) - self.scoring.points(e.outcome)
        return out

    def round_points(self, upto: int | None = None, ranking: str | None = None
                     ) -> dict[int, list[float]]:
        """Each player's points in rounds 1..``upto``, as the event ranks them (Code 3.16.1):
        game points, or for a micro-match event ranked by ``match``, the match points of
        each round (docs/rules.md K19). What a Swiss pairs on. ``ranking`` (``games`` or
        ``match``) asks for the other measure of a micro-match event.

        >>> t = Tournament(games_per_pairing=2, micromatch_ranking="match")
        >>> for name in "AB":
        ...     _ = t.add_player(name)
        >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0", "1/2-1/2"])]))
        >>> t.round_points(), t.micromatch_ranking
        ({1: [2.0], 2: [0.0]}, 'match')
        """
        rounds = len(self.rounds[:upto])
        out: dict[int, list[float]] = {}
        half = self.games_per_pairing * self.scoring.draw
        adjusted = bool(self.adjustments)
        for n, ents in self.entries(upto).items():
            pts = [0.0] * rounds
            for e in ents:
                pts[e.round - 1] += (self.outcome_points(n, e) if adjusted
                                     else self.scoring.points(e.outcome))
            if self.micromatch and (ranking or self.micromatch_ranking) == "match":
                pts = [self.scoring.win if v > half else self.scoring.draw if v == half
                       else self.scoring.loss for v in pts]
            if adjusted:
                pts = [v + self.bonus(n, r) for r, v in enumerate(pts, 1)]
            out[n] = pts
        return out

    # --- JSON --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION,
            "name": self.name, "system": self.system, "rounds_planned": self.rounds_planned,
            "variant": self.variant, "scoring": self.scoring.as_dict(),
            "tiebreaks": list(self.tiebreaks), "games_per_pairing": self.games_per_pairing,
            "micromatch_ranking": self.micromatch_ranking, "ballot": self.ballot,
            "seed": self.seed, "first_color": self.first_color,
            "avoid_same_club": self.avoid_same_club, "late_entry_bye": self.late_entry_bye,
            "pairing_order": self.pairing_order, "city": self.city,
            "federation": self.federation, "start": self.start,
            "end": self.end, "arbiter": self.arbiter, "draws": self.draws,
            "deputies": list(self.deputies), "time_control": self.time_control,
            "time_control_text": self.time_control_text, "round_dates": list(self.round_dates),
            "byes_requested": {str(k): [vars(b).copy() for b in v]
                               for k, v in sorted(self.byes_requested.items())},
            "trf_records": list(self.trf_records),
            "adjustments": [vars(a) | {"players": list(a.players)} for a in self.adjustments],
            "ties": self.ties, "playoff_places": self.playoff_places, "lots": self.lots,
            "acceleration": self.acceleration,
            "readings": dict(self.readings),
            "playoffs": [po.to_dict() for po in self.playoffs],
            "sanctions": [vars(x).copy() for x in self.sanctions],
            "changes": list(self.changes),
            "prize_groups": [vars(g).copy() for g in self.prize_groups],
            "officials": [vars(x).copy() for x in self.officials],
            "arbiter_category": self.arbiter_category, "organiser": self.organiser,
            "language": self.language,
            "forbidden": [{"players": list(f.players), "first": f.first, "last": f.last}
                          for f in self.forbidden],
            "players": [vars(p).copy() for p in self.players],
            "rounds": [{"number": r.number,
                        "pairings": [vars(p).copy() for p in r.pairings],
                        "byes": [vars(b).copy() for b in r.byes]} for r in self.rounds],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The tournament as one JSON document."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tournament:
        """Read a document written by :meth:`to_dict`; every round is re-validated."""
        if d.get("format") != FORMAT:
            raise InvalidTournament(f"not a shashki tournament (format {d.get('format')!r})")
        try:
            sc = d.get("scoring", "2-1-0")
            if isinstance(sc, dict) and set(sc) == {"name"}:
                sc = sc["name"]
            if isinstance(sc, str) and sc not in SCORING:
                raise InvalidTournament(f"unknown scoring {sc!r}; known: {', '.join(SCORING)}")
            scoring = SCORING[sc] if isinstance(sc, str) else Scoring(**sc)
            t = cls(
                name=d.get("name", ""), system=d.get("system", "dutch"),
                rounds_planned=int(d.get("rounds_planned", 0)),
                variant=d.get("variant", "russian"), scoring=scoring,
                tiebreaks=list(d.get("tiebreaks", [])),
                games_per_pairing=int(d.get("games_per_pairing", 1)),
                micromatch_ranking=d.get("micromatch_ranking", "games"),
                ballot=d.get("ballot"), seed=int(d.get("seed", 0)),
                first_color=d.get("first_color", "white"),
                avoid_same_club=bool(d.get("avoid_same_club", False)),
                late_entry_bye=d.get("late_entry_bye", "Z"),
                pairing_order=d.get("pairing_order", "rating"), city=d.get("city", ""),
                federation=d.get("federation", ""), start=d.get("start", ""),
                end=d.get("end", ""), arbiter=d.get("arbiter", ""),
                draws=list(d.get("draws", [])), deputies=list(d.get("deputies", [])),
                time_control=d.get("time_control", ""),
                time_control_text=d.get("time_control_text", ""),
                round_dates=list(d.get("round_dates", [])),
                trf_records=list(d.get("trf_records", [])),
                adjustments=[Adjustment(**(a | {"players": tuple(a.get("players", ()))}))
                             for a in d.get("adjustments", [])],
                ties=d.get("ties", "tiebreaks"), acceleration=d.get("acceleration", ""),
                playoff_places=int(d.get("playoff_places", 0)),
                lots=bool(d.get("lots", False)), readings=dict(d.get("readings", {})),
                sanctions=[Sanction(**x) for x in d.get("sanctions", [])],
                changes=list(d.get("changes", [])),
                prize_groups=[PrizeGroup(**g) for g in d.get("prize_groups", [])],
                officials=[Official(**x) for x in d.get("officials", [])],
                arbiter_category=d.get("arbiter_category", ""),
                organiser=d.get("organiser", ""), language=d.get("language", ""),
            )
            t.playoffs = [PlayOff.from_dict(po) for po in d.get("playoffs", [])]
            t.players = [Player(**p) for p in d.get("players", [])]
            numbers = [p.number for p in t.players]
            if len(set(numbers)) != len(numbers):
                raise InvalidTournament("two players share a number")
            t.forbidden = [Forbidden(tuple(f["players"]), f.get("first", 1), f.get("last"))
                           for f in d.get("forbidden", [])]
            for r in d.get("rounds", []):
                t.add_round(Round(int(r["number"]),
                                  [Pairing(**p) for p in r.get("pairings", [])],
                                  [Bye(**b) for b in r.get("byes", [])]))
            for rnd_text, byes in d.get("byes_requested", {}).items():
                for b in byes:
                    t.request_bye(int(b["player"]), int(rnd_text), b.get("kind", "H"))
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, InvalidTournament | PairingError | ResultError):
                raise
            raise InvalidTournament(f"bad tournament document: {e}") from None
        return t

    @classmethod
    def from_json(cls, text: str) -> Tournament:
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidTournament(f"bad JSON at line {e.lineno} column {e.colno}: "
                                    f"{e.msg}") from None
        if not isinstance(d, dict):
            raise InvalidTournament("a tournament document is a JSON object")
        return cls.from_dict(d)

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())
            f.write("\n")

    @classmethod
    def load(cls, path: str) -> Tournament:
        """Read a tournament document (UTF-8 JSON); a file that is not UTF-8 text is an
        :class:`InvalidTournament` naming the first bad byte."""
        return cls.from_json(read_document(path))


def read_document(path: str) -> str:
    """The text of an event document (UTF-8 JSON, a BOM allowed); a file that is not UTF-8
    text is an :class:`InvalidTournament` naming the first bad byte."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InvalidTournament(f"{path}: not a tournament document (not UTF-8 text: "
                                f"byte {e.start + 1} is 0x{data[e.start]:02x})") from None


def pairing_numbers(t: Tournament) -> dict[int, int]:
    """Player number → pairing number by the initial ranking (C.04.3 A.2; FMJD Annex V), or
    the starting numbers themselves when ``t.pairing_order`` is ``number``."""
    players = (sorted(t.players, key=lambda p: p.number) if t.pairing_order == "number"
               else initial_order(t.players))
    return {p.number: i for i, p in enumerate(players, 1)}


def initial_order(players: Iterable[Player]) -> list[Player]:
    """Players in initial ranking order: rating, then title, then name (FMJD Annex V; C.04.2).

    >>> [p.name for p in initial_order([Player(1, "B", rating=2000), Player(2, "A", rating=2000),
    ...                                 Player(3, "C", title="GMI", rating=2000)])]
    ['C', 'A', 'B']
    """
    return sorted(players, key=lambda p: (-p.rating, _title_rank(p.title), p.name, p.number))


_TITLES = ("GMI", "GM", "MI", "IM", "MF", "FM", "CMI", "CM", "MS", "KMS", "WGMI", "WMI", "WMF")


def _title_rank(title: str) -> int:
    t = title.upper()
    return _TITLES.index(t) if t in _TITLES else len(_TITLES)
