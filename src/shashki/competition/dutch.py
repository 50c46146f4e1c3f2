"""Swiss pairings by the FIDE Dutch system (C.04.3), with the Code's byes.

Two engines pair a round. The default is shashki's own (:mod:`shashki.competition.dutch_engine`,
docs/rules.md K16). ``engine="gacrux"`` runs ``gacrux``, the FIDE Technical Commission's
reference engine (MIT licence), in-process through a TRF-2026 document built from the
tournament; it is also the oracle of the comparison test (tests/competition/rtg.py). Both see
the same event: pairing numbers from the initial ranking (rating, title, name), forbidden pairs
(siblings, same club; TRF record 260 for gacrux), absent, withdrawn and not yet entered players
left out of the round. What shashki adds is the event model around it:

- the pairing-allocated bye is the Code's "плюс" (a win, Code 3.16.11);
- late entries play from the round after their registration, with a zero- (or half-) point
  bye for the rounds they missed;
- a withdrawn player is not paired again (Code ch. IV: rounds already paired stand);
- board numbers and seating follow the engine's order (Code 3.7.2: the order in which the
  pairs were made).

>>> from shashki.competition.model import Tournament
>>> t = Tournament(system="dutch", rounds_planned=3)
>>> for i, r in enumerate([2400, 2300, 2200, 2100, 2000]):
...     _ = t.add_player(f"P{i + 1}", rating=r)
>>> r1 = pair_dutch(t)
>>> [(p.white, p.black) for p in r1.pairings], [(b.player, b.kind) for b in r1.byes]
([(1, 3), (4, 2)], [(5, 'PAB')])
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterable
from typing import Any

from shashki.competition.dutch_engine import baku_ranges, pair_round
from shashki.competition.errors import PairingError
from shashki.competition.model import Bye, Pairing, Round, Tournament, pairing_numbers
from shashki.competition.trf import export_trf

__all__ = ["DEFAULT_ENGINE", "ENGINES", "engine_trf", "pair_dutch", "pairing_numbers"]


def engine_trf(t: Tournament, rnd: int) -> tuple[str, dict[int, int]]:
    """The TRF the engine pairs round ``rnd`` from, and the numbering it uses."""
    num = pairing_numbers(t)
    extra: list[str] = []
    if t.avoid_same_club:
        clubs: dict[str, list[int]] = {}
        for p in t.players:
            if p.club:
                clubs.setdefault(p.club, []).append(num[p.number])
        for members in clubs.values():
            if len(members) > 1:
                extra.append(f"260 {rnd:3d} {rnd:3d}" + "".join(f" {x:4d}" for x in
                                                                 sorted(members)))
    for v, r1, r2, p1, p2 in baku_ranges(t, num):  # gacrux reads accelerated points as 250
        extra.append(f"250 {v:4.1f} {v:4.1f} {r1:3d} {r2:3d} {p1:4d} {p2:4d}")
    text = export_trf(t, upto=rnd - 1, numbering=num,
                      rounds_planned=max(t.rounds_planned, rnd), extra=extra)
    return text, num


ENGINES = ("shashki", "gacrux")
DEFAULT_ENGINE = "shashki"
"""shashki's own engine (dutch_engine.py): it equals gacrux on the random-tournament
comparison (docs/rules.md K16) and pairs 1,000 players in well under a second a round, where
gacrux takes tens of seconds."""


def pair_dutch(t: Tournament, absent: Iterable[int] = (), half_byes: Iterable[int] = (),
               engine: str | None = None) -> Round:
    """Pair the next round by the Dutch system; the round is returned, not added.

    ``absent`` players get a zero-point bye, ``half_byes`` a requested half-point bye; players
    not active this round (late entry, withdrawal) are left out. ``engine``: ``shashki``
    (:mod:`shashki.competition.dutch_engine`, the default) or ``gacrux`` (the FIDE TEC's
    reference engine).
    """
    engine = engine or DEFAULT_ENGINE
    if engine not in ENGINES:
        raise ValueError(f"unknown Dutch engine {engine!r}")
    rnd = t.current_round + 1
    if not t.players:
        raise PairingError("the tournament has no players")
    if t.rounds_planned and rnd > t.rounds_planned:
        raise PairingError(f"all {t.rounds_planned} rounds are paired")
    if not t.complete():
        raise PairingError(f"round {rnd - 1} has games without a result; "
                           f"record them before pairing round {rnd}")
    out_z = {n for n in absent}
    out_h = {n for n in half_byes}
    for n in out_z | out_h:
        t.player(n)
    skip = {p.number for p in t.players if not p.active(rnd)} | out_z | out_h
    pairings: list[Pairing] = []
    byes: list[Bye] = []
    if engine == "shashki":
        try:
            got, pab = pair_round(t, rnd, skip)
        except PairingError as e:
            raise PairingError(f"round {rnd} cannot be paired: {e}") from None
        for w, b in got:
            pairings.append(Pairing(len(pairings) + 1, w, b, [None] * t.games_per_pairing))
        if pab is not None:
            byes.append(Bye(pab, "PAB"))
    else:
        text, num = engine_trf(t, rnd)
        back = {v: k for k, v in num.items()}
        pairs = _gacrux_pairs(text, rnd, {num[n] for n in skip}, t.first_color)
        for w, b in pairs:
            if b == 0 or w == 0:
                byes.append(Bye(back[w or b], "PAB"))
            else:
                pairings.append(Pairing(len(pairings) + 1, back[w], back[b],
                                        [None] * t.games_per_pairing))
    byes += [Bye(n, "Z") for n in sorted(out_z)] + [Bye(n, "H") for n in sorted(out_h)]
    return Round(rnd, pairings, byes)


def _gacrux_pairs(trf: str, rnd: int, absent: set[int], first_color: str
                  ) -> list[tuple[int, int]]:
    """(White, Black) by board from gacrux's Dutch engine; (n, 0) is the bye. gacrux is
    the test suite's second oracle (the test extra), not a dependency of shashki."""
    from shashki.extras import need

    need("gacrux", "test", "the gacrux pairing engine")
    from gacrux.gacruxexeptions import GacruxNoLegalPairing  # type: ignore[import-untyped]
    from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    reader: Any = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        reader.parse_file(trf, 0)
    status = reader.chessjson["status"]
    if status["code"] > 400:
        raise PairingError(f"pairing engine rejected the tournament: {status.get('error')}")
    tournament = reader.get_tournament(1)
    tournament["pairingSystem"] = ["dutch"]
    tournament["maxMeets"] = 1
    for c in tournament["competitors"]:
        if c["cid"] in absent:
            c["present"] = False
    params = {"experimental": [], "verbose": 0, "top_color": first_color[0]}
    engine = pairing_dutch(tournament, rnd, params)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            brackets = engine.compute_pairing(False, 0)
    except GacruxNoLegalPairing as e:
        raise PairingError(f"round {rnd} cannot be paired: {e}") from None
    pairs = [pair for br in brackets if br and "pairs" in br for pair in br["pairs"]]
    pairs.sort(key=lambda p: p["board"])
    return [(int(p["w"]), int(p["b"])) for p in pairs]
