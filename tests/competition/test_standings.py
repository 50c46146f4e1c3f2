"""Standings: points (Code 3.16.1), tie-breaks in the event's order, shared places."""

from __future__ import annotations

import pytest

from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Tournament
from shashki.competition.standings import standings


def _order(t: Tournament, tbs: list[str]) -> list[tuple[str, str]]:
    return [(s.place, s.player.name) for s in standings(t, tbs)]


def test_points_only_share_places(rr: Tournament) -> None:
    assert _order(rr, []) == [("1–2", "A"), ("1–2", "B"), ("3", "C"), ("4–5", "D"),
                              ("4–5", "E")]


def test_sonneborn_berger(rr: Tournament) -> None:
    # SB: A 20 > B 17; E 14 > D 11 (test_tiebreaks).
    assert _order(rr, ["sonneborn-berger"]) == [("1", "A"), ("2", "B"), ("3", "C"),
                                                ("4", "E"), ("5", "D")]


def test_buchholz_leaves_round_robin_ties(rr: Tournament) -> None:
    # In a round robin tied players have equal Buchholz (competitions.md §3.2).
    assert _order(rr, ["buchholz"]) == _order(rr, [])


def test_order_of_criteria_matters(rr: Tournament) -> None:
    # Wins then direct: A beat B; D beat E.
    assert _order(rr, ["wins", "direct"]) == [("1", "A"), ("2", "B"), ("3", "C"),
                                              ("4", "D"), ("5", "E")]
    # Riga first: E 24 > D 22.5.
    assert _order(rr, ["riga", "direct"])[3:] == [("4", "E"), ("5", "D")]


def test_results_in_order_of_places(rr: Tournament) -> None:
    # Against C first: B beat C, A only drew; against A first: E beat A, D lost.
    assert _order(rr, ["places"]) == [("1", "B"), ("2", "A"), ("3", "C"), ("4", "E"),
                                      ("5", "D")]


def test_truncated_solkoff_vector(rr: Tournament) -> None:
    # A and B equal on every step of the vector, D and E too.
    assert _order(rr, ["truncated-solkoff"]) == _order(rr, [])


def test_swiss_with_withdrawal(swiss: Tournament) -> None:
    assert _order(swiss, ["buchholz"]) == [("1", "P1"), ("2", "P5"), ("3", "P4"), ("4", "P2"),
                                           ("5", "P3")]
    assert _order(swiss, ["direct"])[3:] == [("4", "P3"), ("5", "P2")]


def test_values_are_reported(rr: Tournament) -> None:
    s = standings(rr, ["sonneborn-berger", "direct"])
    assert {x.player.name: x.values["sonneborn-berger"] for x in s}["A"] == 20
    assert {x.player.name: x.values["direct"] for x in s}["A"] == 2


def test_unknown_tiebreak(rr: Tournament) -> None:
    with pytest.raises(InvalidTournament, match="'bogus'"):
        standings(rr, ["bogus"])


def test_standings_after_a_round(rr: Tournament) -> None:
    s = standings(rr, [], upto=1)
    assert sum(x.points for x in s) == 4.0


def test_shared_places_in_a_swiss_with_forfeits(swiss_forfeits: Tournament) -> None:
    """Code 3.16.1, 3.16.3: P1, P2, P3 have 3 points and one win each (P2's by forfeit,
    Code 3.13.1): they share places 2-4; Schmulyan leaves P1 and P3 on 2-3, the result
    between them (P3 beat P1) separates them."""
    assert _order(swiss_forfeits, ["wins"]) == [
        ("1", "P4"), ("2–4", "P1"), ("2–4", "P2"), ("2–4", "P3"), ("5", "P5"), ("6", "P6")]
    assert _order(swiss_forfeits, ["schmulyan"])[1:4] == [("2–3", "P1"), ("2–3", "P3"),
                                                           ("4", "P2")]
    assert _order(swiss_forfeits, ["schmulyan", "direct"])[1:4] == [("2", "P3"), ("3", "P1"),
                                                                     ("4", "P2")]
    assert _order(swiss_forfeits, ["buchholz"])[1:4] == [("2", "P1"), ("3", "P2"), ("4", "P3")]


def test_double_forfeit_pair_may_meet_again(swiss_forfeits: Tournament) -> None:
    """Code 3.13.3: both lost without playing; the pair met in no game (FMJD Annex V)."""
    assert (3, 5) not in swiss_forfeits.opponents_met()
    assert (2, 5) not in swiss_forfeits.opponents_met()
    assert (1, 4) in swiss_forfeits.opponents_met()
