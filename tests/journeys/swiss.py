"""A Swiss event of ``shared/data/swiss-dutch`` as an organiser would run it: the players,
the byes fixed before each round and the results, round by round, with bbpPairings' pairing
of each round to compare with (the data's README says how the files were made).

The files are read here with their own format's columns, not with shashki's TRF reader,
so that the journey checks shashki against the data and not against itself."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SWISS = Path(__file__).resolve().parents[3] / "shared" / "data" / "swiss-dutch"
EVENT = "e5013"
"""41 players, 9 rounds: byes, forfeits and players who stop playing."""
RESULT = {"1": "2-0", "=": "1-1", "0": "0-2", "+": "+-", "-": "-+"}
"""A TRF result of the White player as the command line writes the game's result."""


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    rating: int


@dataclass(frozen=True)
class Entry:
    """One round of one player: opponent (0: none), colour, TRF result."""

    opponent: int
    colour: str
    result: str


def _player_lines(path: Path) -> list[str]:
    return [line for line in path.read_text().replace("\r", "\n").splitlines()
            if line.startswith("001")]


def players(event: str = EVENT) -> list[Player]:
    """The players, by their starting number (TRF 001: number 5-8, name 15-47, rating
    49-52)."""
    return [Player(int(line[4:8]), line[14:47].strip(), int(line[48:52]))
            for line in _player_lines(SWISS / f"{event}-r2.trf")]


def rounds(event: str = EVENT) -> int:
    """The number of rounds (the ``XXR`` record)."""
    first = (SWISS / f"{event}-r2.trf").read_text().splitlines()[0]
    return int(first.split()[1])


def entries(event: str, rnd: int) -> dict[int, Entry]:
    """Every player's entry for round ``rnd`` as the data has it (TRF 001, round ``r`` in
    columns 92+10(r-1) to 101+10(r-1): opponent, colour, result): played rounds from the
    file cut after ``rnd``, the byes fixed before the last round from the last file."""
    last = rounds(event)
    path = SWISS / f"{event}-r{min(rnd + 1, last)}.trf"
    out = {}
    for line in _player_lines(path):
        cell = line[91 + 10 * (rnd - 1): 91 + 10 * rnd]
        if cell.strip():
            out[int(line[4:8])] = Entry(int(cell[:4]), cell[5], cell[7])
    return out


def fixed_byes(event: str, rnd: int) -> dict[int, str]:
    """Byes fixed before round ``rnd`` is paired: player → H, Z or F."""
    return {n: e.result for n, e in entries(event, rnd).items()
            if e.opponent == 0 and e.result in "HZF"}


def bbp_pairing(event: str, rnd: int) -> set[tuple[int, int]]:
    """bbpPairings' pairs of round ``rnd`` (White, Black), the bye as (player, 0). Round 1
    comes from the played round 1 (the generator paired it with bbpPairings)."""
    if rnd == 1:
        e = entries(event, 1)
        out = {(n, x.opponent) for n, x in e.items() if x.colour == "w"}
        return out | {(n, 0) for n, x in e.items() if x.opponent == 0 and x.result == "U"}
    lines = (SWISS / f"{event}-r{rnd}.pairs").read_text().replace("\r", "\n").splitlines()
    return {(int(a), int(b)) for a, b in (x.split() for x in lines[1:] if x.strip())}


def results(event: str, rnd: int, pairs: list[tuple[int, int]]) -> list[str]:
    """The result of each board of ``pairs`` as the data has it (White's TRF result, or
    both forfeited); a
    round the data has no results for (the last) ends with White winning every game."""
    e = entries(event, rnd)
    out = []
    for white, black in pairs:
        x, y = e.get(white), e.get(black)
        if x is None or y is None or x.opponent != black:
            out.append("2-0")
        elif x.result == y.result == "-":
            out.append("0-0")  # both forfeited (Code 3.13.3)
        else:
            out.append(RESULT[x.result])
    return out


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """The ``pairings`` export (bbpPairings' format): the pairs by board, bye (n, 0)."""
    lines = [x for x in text.splitlines() if x.strip()]
    return [(int(a), int(b)) for a, b in (x.split() for x in lines[1:])]


def first_colour(event: str = EVENT) -> str:
    """The colour drawn for the first player in round 1 (``white`` or ``black``), read as
    bbpPairings reads it from a file without an ``XXC`` record: the colour of the
    highest-ranked player paired in round 1, inverted if that player's rank among those
    paired is even (the data's README)."""
    e = entries(event, 1)
    paired = sorted(n for n, x in e.items() if x.opponent != 0)
    top = paired[0]
    colour = e[top].colour
    if (paired.index(top) + 1) % 2 == 0:
        colour = "b" if colour == "w" else "w"
    return "white" if colour == "w" else "black"
