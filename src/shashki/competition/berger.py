"""Round robin by Berger tables (the Code's «таблицы очередности игр», 3.7.2).

The tables equal FIDE's published Berger tables (C.05 Annex 1): round 1 is ``1–N, 2–(N−1), …``;
the number written first plays White. With an odd number of players the last number N is the
bye. A double round robin repeats the cycle with colours reversed and, as FIDE recommends,
swaps the last two rounds of the first cycle so that nobody gets the same colour three times.

>>> berger_table(4)
[[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
"""

from __future__ import annotations

import random

from shashki.competition.errors import PairingError
from shashki.competition.model import Bye, Pairing, Round, Tournament


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's Berger table for ``n`` players: per round, the (White, Black) pairs by board.

    For odd ``n`` the table of ``n + 1`` is returned; the pair with number ``n + 1`` is the bye.
    Code 3.7.2; FIDE C.05 Annex 1.

    >>> berger_table(6)[1]
    [(6, 4), (5, 3), (1, 2)]
    """
    if n < 2:
        raise PairingError(f"a round robin needs at least 2 players, not {n}")
    return _by_formula(n + n % 2)


def _by_formula(size: int) -> list[list[tuple[int, int]]]:
    """The table by the arithmetic rule of competitions.md §5 (equal to FIDE's layout)."""
    m = size - 1
    half = size // 2
    table: list[list[tuple[int, int]]] = []
    for r in range(1, size):
        # Player facing N this round: 2i ≡ r + 1 (mod M), residue M instead of 0.
        i_n = next(i for i in range(1, size) if (2 * i - (r + 1)) % m == 0)
        pair_n = (i_n, size) if r % 2 == 1 else (size, i_n)
        others: list[tuple[int, int]] = []
        # Boards 2..half: the pairs i + j ≡ r + 1 (mod M), from the N-opponent outwards.
        for k in range(1, half):
            a = (i_n + k - 1) % m + 1
            b = (i_n - k - 1) % m + 1
            white, black = (a, b) if (b - a) % m % 2 == 1 else (b, a)
            others.append((white, black))
        table.append([pair_n, *others])
    return table


def double_berger_table(n: int) -> list[list[tuple[int, int]]]:
    """Two cycles, colours reversed in the second; the last two rounds of the first swapped.

    >>> t = double_berger_table(4)
    >>> t[1], t[2], t[3]
    ([(2, 4), (3, 1)], [(4, 3), (1, 2)], [(4, 1), (3, 2)])
    """
    first = berger_table(n)
    if len(first) >= 2:
        first = [*first[:-2], first[-1], first[-2]]
    second = [[(b, w) for w, b in rnd] for rnd in berger_table(n)]
    return first + second


def draw_numbers(tournament: Tournament, seed: int | None = None) -> dict[int, int]:
    """Draw the round-robin numbers by lot (Code ch. IV «Жеребьевка»); return old → new.

    The draw is reproducible from ``seed`` (default: the tournament's) and is recorded in
    ``tournament.draws``. Only before round 1.
    """
    if tournament.rounds:
        raise PairingError("numbers are drawn before round 1")
    s = tournament.seed if seed is None else seed
    rng = random.Random(s)
    old = [p.number for p in tournament.players]
    new = list(range(1, len(old) + 1))
    rng.shuffle(new)
    mapping = dict(zip(old, new, strict=True))
    for p in tournament.players:
        p.number = mapping[p.number]
    for f in tournament.forbidden:
        f.players = tuple(mapping[x] for x in f.players)
    tournament.players.sort(key=lambda p: p.number)
    tournament.draws.append({"what": "numbers", "seed": s,
                             "numbers": {str(k): v for k, v in mapping.items()}})
    return mapping


def pair_berger_round(tournament: Tournament, rnd: int | None = None) -> Round:
    """The round ``rnd`` (default: the next) of a round robin from the Berger table.

    Players are placed by their numbers (Code 3.7.2). With an odd number of players the one
    drawn against the dummy number is free that round: a zero-point bye (``Z``), since a
    round-robin free round scores nothing.
    """
    number = rnd if rnd is not None else tournament.current_round + 1
    n = len(tournament.players)
    numbers = sorted(p.number for p in tournament.players)
    if numbers != list(range(1, n + 1)):
        raise PairingError("round-robin players must be numbered 1..n (draw the numbers first)")
    table = (double_berger_table(n) if tournament.system == "double-berger"
             else berger_table(n))
    if not 1 <= number <= len(table):
        raise PairingError(f"a round robin of {n} players has {len(table)} rounds, "
                           f"not {number}")
    pairings: list[Pairing] = []
    byes: list[Bye] = []
    board = 0
    for w, b in table[number - 1]:
        if w > n or b > n:
            byes.append(Bye(min(w, b), "Z"))
            continue
        board += 1
        pairings.append(Pairing(board, w, b, [None] * tournament.games_per_pairing))
    return Round(number, pairings, byes)
