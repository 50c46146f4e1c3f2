"""Tie-breaks against values computed by hand (Code 3.16.3-3.16.11, FIDE B.02)."""

from __future__ import annotations

import pytest

from shashki.competition.model import Pairing, Round, Tournament
from shashki.competition.tiebreaks import (
    SIMPLE,
    TIEBREAKS,
    Context,
    against_places,
    direct,
    performance,
    withdrawn_scores,
)

# Round robin (conftest.rr5). Scores: A 5, B 5, C 4, D 3, E 3.
RR_EXPECTED = {
    # Code 3.16.4: A beat B(5), D(3), lost to E(3): 8 - 3 = 5 ...
    "schmulyan": {1: 5, 2: 2, 3: -2, 4: -6, 5: -3},
    # Code 3.16.5: A 2(5+3) + 4 = 20; B 2(4+3) + 3 = 17; C 2*3 + 5 + 3 = 14; ...
    "sonneborn-berger": {1: 20, 2: 17, 3: 14, 4: 11, 5: 14},
    # Code 3.16.6: in a round robin, 20 points in all minus one's own.
    "buchholz": {1: 15, 2: 15, 3: 16, 4: 17, 5: 17},
    # Code 3.16.7: without the best and the worst opponent.
    "solkoff": {1: 7, 2: 7, 3: 8, 4: 9, 5: 9},
    # Code 3.16.8: Buchholz minus the lowest, then the two lowest, ...
    "truncated-solkoff": {1: (12, 9, 5, 0), 2: (12, 9, 5, 0), 3: (13, 10, 5, 0),
                          4: (14, 10, 5, 0), 5: (14, 10, 5, 0)},
    # Code 3.16.9: A 2*8 + 1.5*4 + 3 = 25; B 2*7 + 1.5*3 + 5 = 23.5; ...
    "riga": {1: 25, 2: 23.5, 3: 23, 4: 22.5, 5: 24},
    "wins": {1: 2, 2: 2, 3: 1, 4: 1, 5: 1},
    "beaten": {1: 8, 2: 7, 3: 3, 4: 3, 5: 5},
    "median-buchholz": {1: 7, 2: 7, 3: 8, 4: 9, 5: 9},
    "buchholz-cut1": {1: 12, 2: 12, 3: 13, 4: 14, 5: 14},
}

# Swiss (conftest.swiss5): bye = a win over the lowest final score (2); player 3 withdrew
# with 2 points, alone in his group with player 5 (final 4): he counts as 4 (Code 3.16.11).
SWISS_EXPECTED = {
    "buchholz": {1: 10, 2: 12, 3: 7, 4: 8, 5: 10},
    "sonneborn-berger": {1: 18, 2: 8, 3: 4, 4: 6, 5: 10},
    "schmulyan": {1: 8, 2: -4, 3: -3, 4: -2, 5: 0},
    "riga": {1: 19, 2: 16, 3: 9, 4: 11, 5: 15},
    "solkoff": {1: 4, 2: 4, 3: 0, 4: 2, 5: 3},
    "buchholz-cut1": {1: 8, 2: 9, 3: 5, 4: 6, 5: 8},
    "wins": {1: 2, 2: 0, 3: 1, 4: 0, 5: 1},
    # Code 3.16.3 (4): the bye is no opponent beaten (P4 and P5 had one).
    "beaten": {1: 8, 2: 0, 3: 2, 4: 0, 5: 3},
}


def _value(name: str, ctx: Context, n: int) -> object:
    v = SIMPLE[name](ctx, n)
    return tuple(v) if isinstance(v, tuple) else v


@pytest.mark.parametrize("name", sorted(RR_EXPECTED))
def test_round_robin_by_hand(rr: Tournament, name: str) -> None:
    ctx = Context(rr)
    assert ctx.points == {1: 5, 2: 5, 3: 4, 4: 3, 5: 3}
    got = {n: _value(name, ctx, n) for n in range(1, 6)}
    assert got == RR_EXPECTED[name]


@pytest.mark.parametrize("name", sorted(SWISS_EXPECTED))
def test_swiss_with_bye_and_withdrawal_by_hand(swiss: Tournament, name: str) -> None:
    ctx = Context(swiss)
    assert ctx.points == {1: 5, 2: 2, 3: 2, 4: 3, 5: 4}
    got = {n: _value(name, ctx, n) for n in range(1, 6)}
    assert got == SWISS_EXPECTED[name]


def test_withdrawn_counts_as_his_score_group(swiss: Tournament) -> None:
    # Code 3.16.11: after round 2 player 3 had 2 points, as had player 5 (final: 4).
    assert withdrawn_scores(swiss) == {3: 4.0}


def test_withdrawn_alone_keeps_his_score() -> None:
    t = Tournament(system="dutch")
    for name in "ABCD":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"]), Pairing(2, 3, 4, ["1/2-1/2"])]))
    t.withdraw(1)
    # After round 1 player 1 had 2 points, nobody else: no adjustment.
    assert withdrawn_scores(t) == {}


def test_bye_counts_as_lowest_score(swiss: Tournament) -> None:
    ctx = Context(swiss)
    virtual = [o for o in ctx.opps[5] if o.opponent is None]
    assert [(o.score, o.outcome) for o in virtual] == [(2.0, "W")]


def test_bye_not_adjusted_in_round_robin(rr: Tournament) -> None:
    # A free round in a round robin is no game (kind Z), never a virtual opponent.
    ctx = Context(rr)
    assert all(o.opponent is not None for n in ctx.opps for o in ctx.opps[n])


def test_direct_encounter(rr: Tournament) -> None:
    ctx = Context(rr)
    assert direct(ctx, 1, frozenset({1, 2})) == 2.0
    assert direct(ctx, 2, frozenset({1, 2})) == 0.0
    assert direct(ctx, 4, frozenset({4, 5})) == 2.0


def test_results_in_order_of_places(rr: Tournament) -> None:
    ctx = Context(rr)
    # Against C (3rd), then D and E: A drew C (1), B beat C (2).
    assert against_places(ctx, 1, [3, 4, 5]) == (1.0, 2.0, 0.0)
    assert against_places(ctx, 2, [3, 4, 5]) == (2.0, 1.0, 2.0)


def test_performance_fide_table() -> None:
    t = Tournament(system="dutch")
    t.add_player("A", rating=2000)
    t.add_player("B", rating=1800)
    t.add_player("C", rating=2000)
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"])]))
    t.add_round(Round(2, [Pairing(1, 3, 1, ["1/2-1/2"])]))
    ctx = Context(t)
    # Ra = 1900, p = 0.75, dp(0.75) = 193 (FIDE B.02 table).
    assert performance(ctx, 1) == 2093
    assert performance(ctx, 2) == 2000 - 800


def test_forfeits_count_against_the_opponent() -> None:
    t = Tournament(system="berger")
    for name in "ABC":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 2, 3, ["+/-"])]))
    t.add_round(Round(2, [Pairing(1, 3, 1, ["-/-"])]))
    ctx = Context(t)
    assert ctx.points == {1: 0.0, 2: 2.0, 3: 0.0}
    assert SIMPLE["wins"](ctx, 2) == 1
    assert SIMPLE["schmulyan"](ctx, 3) == -2.0


def test_every_tiebreak_cites_an_article() -> None:
    from shashki.i18n import translation

    for key, (article, name) in TIEBREAKS.items():
        assert article.startswith(("Code 3.16", "FIDE")), key
        assert translation("ru").pgettext(*name) != name[1], key  # named in Russian too
    for fn in SIMPLE.values():
        assert fn.__doc__ and ("Code 3.16" in fn.__doc__ or "FIDE" in fn.__doc__)


# Swiss with forfeits (conftest.swiss6). Final: P1 3, P2 3, P3 3, P4 4, P5 2, P6 1. The
# lowest score is P6's 1 (the bye's virtual opponent, Code 3.16.11); P6 withdrew after
# round 2 with 1 point, as P3 had then (final 3): P6 counts as 3 in coefficients. Forfeits
# are wins and losses against the scheduled opponent (Code 3.13.1), the double forfeit a
# loss for both (Code 3.13.3).
FORFEIT_EXPECTED = {
    # P1: P4 4 + P2 3 + P3 3; P5: P2 3 + P3 3 + bye 1; P6: P3 3 + P4 4.
    "buchholz": {1: 10, 2: 9, 3: 8, 4: 9, 5: 7, 6: 7},
    # P1: 2*4 + 3; P2: 2*2 (forfeit win over P5) + 3; P3: 2*3 + 3 (draw with P6 as 3).
    "sonneborn-berger": {1: 11, 2: 7, 3: 9, 4: 12, 5: 2, 6: 3},
    # P3: beat P1 3, lost to P5 2 (double forfeit); P5: bye 1 - (3 + 3).
    "schmulyan": {1: 1, 2: -2, 3: 1, 4: 3, 5: -5, 6: -4},
    # P1: 2*4 + 1.5*3 + 3; P5: 3 + 3 + 2*1; P6: 1.5*3 + 4.
    "riga": {1: 15.5, 2: 12.5, 3: 12.5, 4: 15, 5: 8, 6: 8.5},
    "solkoff": {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 0},
    "wins": {1: 1, 2: 1, 3: 1, 4: 2, 5: 0, 6: 0},
    "beaten": {1: 4, 2: 2, 3: 3, 4: 6, 5: 0, 6: 0},
    "truncated-solkoff": {1: (7, 4, 0), 2: (7, 4, 0), 3: (6, 3, 0), 4: (6, 3, 0),
                          5: (6, 3, 0), 6: (4, 0)},
}


@pytest.mark.parametrize("name", sorted(FORFEIT_EXPECTED))
def test_swiss_with_forfeits_by_hand(swiss_forfeits: Tournament, name: str) -> None:
    """Code 3.13.1, 3.13.3, 3.16.11."""
    ctx = Context(swiss_forfeits)
    assert ctx.points == {1: 3, 2: 3, 3: 3, 4: 4, 5: 2, 6: 1}
    assert withdrawn_scores(swiss_forfeits) == {6: 3.0}
    got = {n: _value(name, ctx, n) for n in range(1, 7)}
    assert got == FORFEIT_EXPECTED[name]
