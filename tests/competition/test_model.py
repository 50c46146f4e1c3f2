"""The tournament model: validation of every change, results, forfeits, JSON."""

from __future__ import annotations

import json

import pytest

from shashki.competition.errors import InvalidTournament, PairingError, ResultError
from shashki.competition.model import (
    SCORING,
    Bye,
    Pairing,
    Round,
    Tournament,
    lateness_result,
    parse_result,
)


def _four(**kw: object) -> Tournament:
    t = Tournament(**kw)  # type: ignore[arg-type]
    for name in ("Ivanov", "Petrov", "Sidorov", "Kuznetsov"):
        t.add_player(name)
    return t


def test_player_paired_twice() -> None:
    t = _four()
    with pytest.raises(PairingError, match=r"player 1 .* paired twice"):
        t.add_round(Round(1, [Pairing(1, 1, 2), Pairing(2, 1, 3)]))
    with pytest.raises(PairingError, match=r"player 4 .* paired twice"):
        t.add_round(Round(1, [Pairing(1, 1, 2), Pairing(2, 3, 4)], [Bye(4)]))


def test_rematch_and_forbidden() -> None:
    t = _four()
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"]), Pairing(2, 3, 4, ["0-1"])]))
    with pytest.raises(PairingError, match="already met"):
        t.add_round(Round(2, [Pairing(1, 2, 1)]))
    t.forbid(1, 3)
    with pytest.raises(PairingError, match="forbidden"):
        t.add_round(Round(2, [Pairing(1, 1, 3)]))


def test_same_club() -> None:
    t = Tournament(avoid_same_club=True)
    t.add_player("A", club="Dynamo")
    t.add_player("B", club="Dynamo")
    assert t.is_forbidden(1, 2, 1)
    with pytest.raises(PairingError, match="forbidden"):
        t.add_round(Round(1, [Pairing(1, 1, 2)]))


def test_double_round_robin_allows_two_meetings() -> None:
    t = _four(system="double-berger")
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"])]))
    t.add_round(Round(2, [Pairing(1, 2, 1, ["1-0"])]))
    with pytest.raises(PairingError, match="already met"):
        t.add_round(Round(3, [Pairing(1, 1, 2)]))


def test_results_only_for_paired_games() -> None:
    t = _four()
    t.add_round(Round(1, [Pairing(1, 1, 2)]))
    with pytest.raises(ResultError, match="no board 3"):
        t.set_result(1, 3, "1-0")
    with pytest.raises(ResultError, match="no round 2"):
        t.set_result(2, 1, "1-0")
    with pytest.raises(ResultError, match="'3-0'"):
        t.set_result(1, 1, "3-0")
    with pytest.raises(ResultError, match="was not paired"):
        t.set_result_by_players(1, 3, 4, "1-0")
    t.set_result_by_players(1, 1, 2, "2-0")
    assert t.points(1) == 2.0


def test_round_numbers_and_boards() -> None:
    t = _four()
    with pytest.raises(PairingError, match="round 2 given, round 1 expected"):
        t.add_round(Round(2))
    with pytest.raises(PairingError, match="board 1 used twice"):
        t.add_round(Round(1, [Pairing(1, 1, 2), Pairing(1, 3, 4)]))
    with pytest.raises(PairingError, match="no player number 9"):
        t.add_round(Round(1, [Pairing(1, 1, 9)]))


def test_scoring() -> None:
    t = _four(scoring=SCORING["1-0.5-0"])
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1/2-1/2"]), Pairing(2, 3, 4, ["1-0"])]))
    assert t.all_points() == {1: 0.5, 2: 0.5, 3: 1.0, 4: 0.0}
    t2 = _four()
    t2.add_round(Round(1, [Pairing(1, 1, 2, ["1/2-1/2"]), Pairing(2, 3, 4, ["1-0"])]))
    assert t2.all_points() == {1: 1.0, 2: 1.0, 3: 2.0, 4: 0.0}


def test_lateness_code_3_13() -> None:
    # 3.13.1: late beyond the first control (45 min) forfeits; 3.13.3: both lose.
    assert lateness_result(46, 0, 45) == "-/+"
    assert lateness_result(None, 70, 45) == "+/-"
    assert lateness_result(46, 46, 45) == "-/-"
    assert lateness_result(45, 45, 45) is None
    t = _four()
    t.add_round(Round(1, [Pairing(1, 1, 2, [lateness_result(50, 50, 45)]),
                          Pairing(2, 3, 4, [lateness_result(None, 50, 45)])]))
    assert t.all_points() == {1: 0.0, 2: 0.0, 3: 2.0, 4: 0.0}


def test_result_aliases() -> None:
    assert [parse_result(x) for x in ("2-0", "0-2", "1-1", "½-½", "+-", "-+", "0-0")] == [
        "1-0", "0-1", "1/2-1/2", "1/2-1/2", "+/-", "-/+", "-/-"]


def test_late_entry_and_withdrawal() -> None:
    t = _four(system="dutch")
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"]), Pairing(2, 3, 4, ["1-0"])]))
    late = t.add_player("Late")
    assert late.entered == 2
    assert not late.active(1) and late.active(2)
    with pytest.raises(PairingError, match="does not play"):
        Tournament.from_dict(t.to_dict() | {"rounds": [{"number": 1, "pairings": [
            {"board": 1, "white": 5, "black": 1}]}]})
    t.withdraw(2)
    assert t.player(2).withdrawn == 2
    with pytest.raises(PairingError, match=r"player 2 .* does not play"):
        t.add_round(Round(2, [Pairing(1, 2, 3)]))
    # The late entrant's missed round is a zero-point bye.
    assert [e.outcome for e in t.entries()[5]] == ["Z"]


def test_withdraw_paired_player_refused() -> None:
    t = _four()
    t.add_round(Round(1, [Pairing(1, 1, 2)]))
    with pytest.raises(PairingError, match="paired in round 1"):
        t.withdraw(1, from_round=1)


def test_json_round_trip() -> None:
    t = _four(name="Кубок", system="dutch", rounds_planned=5, tiebreaks=["buchholz"])
    t.forbid(1, 2)
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 2, 4, ["-/-"])]))
    text = t.to_json()
    assert json.loads(text)["format"] == "shashki-tournament"
    back = Tournament.from_json(text)
    assert back.to_dict() == t.to_dict()
    assert back.all_points() == t.all_points()


def test_bad_documents() -> None:
    with pytest.raises(InvalidTournament, match="line 1 column"):
        Tournament.from_json("{")
    with pytest.raises(InvalidTournament, match="not a shashki tournament"):
        Tournament.from_json("{}")
    with pytest.raises(InvalidTournament, match="unknown pairing system 'monrad'"):
        Tournament(system="monrad")
    with pytest.raises(InvalidTournament, match="unknown tie-break 'x'"):
        Tournament(tiebreaks=["x"])
    with pytest.raises(InvalidTournament, match="two players share a number"):
        Tournament.from_dict({"format": "shashki-tournament", "players": [
            {"number": 1, "name": "A"}, {"number": 1, "name": "B"}]})


def test_micromatch_points() -> None:
    t = _four(games_per_pairing=2)
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0", "1/2-1/2"]), Pairing(2, 3, 4)]))
    # Game 2 is played with 2 as White: 1 won game 1 and drew game 2.
    assert t.points(1) == 3.0 and t.points(2) == 1.0
    assert not t.complete()
    t.micromatch_ranking = "match"
    assert t.points(1) == 2.0 and t.points(2) == 0.0


def test_variant_and_ballot_table_checked() -> None:
    """Code 3.7.4: the ballot table must be one of the event's variant."""
    with pytest.raises(InvalidTournament, match="unknown variant 'chess'"):
        Tournament(variant="chess")
    with pytest.raises(InvalidTournament, match="'fmjd-russian' is for russian, the event "
                                                "plays brazilian"):
        Tournament(variant="brazilian", games_per_pairing=2, ballot="fmjd-russian")
    with pytest.raises(InvalidTournament, match="unknown ballot table 'x'"):
        Tournament(games_per_pairing=2, ballot="x")
    assert Tournament(variant="brazilian", games_per_pairing=2, ballot="idf-150").ballot


def test_requested_byes() -> None:
    """Byes asked before pairing (docs/rules.md K23); a round robin has none (Code 3.13.1:
    the absent player forfeits)."""
    t = Tournament(rounds_planned=3)
    for name in "ABCD":
        t.add_player(name)
    t.request_bye(2, kind="H")
    t.request_bye(3, 2, "Z")
    assert t.requested_for(1) == ([], [2], []) and t.requested_for(2) == ([3], [], [])
    back = Tournament.from_json(t.to_json())
    assert back.requested_for(2) == ([3], [], [])
    with pytest.raises(PairingError, match="H, Z or F"):
        t.request_bye(1, kind="U")
    t.withdraw(3)  # his bye for round 2 goes with him; the document still loads
    assert t.requested_for(2) == ([], [], [])
    assert Tournament.from_json(t.to_json()).requested_for(1) == ([], [2], [])
    rr = Tournament(system="berger")
    rr.add_player("A")
    with pytest.raises(PairingError, match=r"Code 3\.13\.1"):
        rr.request_bye(1)


def test_point_adjustments_of_record_299() -> None:
    """TRF-2026 299: a penalty in one round, a bonus in every round, a result re-valued;
    they count in the points and survive the JSON document."""
    from shashki.competition.model import Adjustment

    t = Tournament(system="dutch", rounds_planned=3)
    for name in "ABCD":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 2, 4, ["+/-"])]))
    t.add_round(Round(2, [Pairing(1, 1, 2, ["1/2-1/2"]), Pairing(2, 3, 4, ["0-1"])]))
    assert t.all_points() == {1: 3.0, 2: 3.0, 3: 0.0, 4: 2.0}
    t.adjust(-1.0, [1], 2, reason="Code 2.x: a warning turned into a point deduction")
    t.adjust(0.5, [3])                      # every round
    t.adjust(1.0, [2], 1, kind="+")         # his forfeit win worth a draw
    assert t.all_points() == {1: 2.0, 2: 2.0, 3: 1.0, 4: 2.0}
    assert t.round_points() == {1: [2.0, 0.0], 2: [1.0, 1.0], 3: [0.5, 0.5], 4: [0.0, 2.0]}
    assert t.adjustment_points(3) == 1.0 and t.adjustment_points(2, upto=1) == -1.0
    back = Tournament.from_json(t.to_json())
    assert back.adjustments == t.adjustments and back.all_points() == t.all_points()
    assert back.adjustments[1] == Adjustment(0.5, 0, (3,))
    with pytest.raises(InvalidTournament, match="unknown kind"):
        t.adjust(1.0, [1], kind="U")
    with pytest.raises(PairingError, match="no player number 9"):
        t.adjust(1.0, [9])
