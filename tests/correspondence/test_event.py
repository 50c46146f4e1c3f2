"""Correspondence events (Code 5.1.6-5.1.8): all games at once, the captain registers
finished games and keeps the table, digests, final standings by the Code's tie-breaks."""

from __future__ import annotations

from datetime import date

import pytest

from shashki.correspondence import (
    CorrespondenceEvent,
    Decision,
    NotAllowed,
    NoticeKind,
    Person,
    PlayError,
    Role,
    SimulatedClock,
)

JUDGE = Person("Judge", Role.JUDGE)
CAPTAIN = Person("Captain", Role.CAPTAIN, email="captain@example.org")


def finish(ev: CorrespondenceEvent, winner_first: bool = True) -> None:
    for b in ev.boards:
        if not b.game.is_over:
            loser = b.game.black if winner_first else b.game.white
            b.game.resign(loser)
        ev.register(CAPTAIN, b)


def test_round_robin_starts_every_game_at_once_code_5_1_8(clock: SimulatedClock) -> None:
    ev = CorrespondenceEvent("ПЧР-26", "30d/10", judge=JUDGE, captain=CAPTAIN, now=clock)
    for name in ["Ivanov", "Petrov", "Sidorov", "Smirnov", "Kuznetsov"]:
        ev.add_player(Person(name))
    boards = ev.start()
    assert len(boards) == 10                       # 5 players: every pair once
    pairs = {frozenset((b.game.white.name, b.game.black.name)) for b in boards}
    assert len(pairs) == 10
    assert all(len(ev.games_of(p.name)) == 4 for p in ev.players)
    # A player's leave stops all his games (one leave book per event).
    ev.leave.request("Petrov", date(2026, 3, 3), date(2026, 3, 9), today=date(2026, 3, 2))
    assert all(b.game.leave is ev.leave for b in boards)
    b0 = boards[0]
    with pytest.raises(PlayError, match="only a finished game"):
        ev.register(CAPTAIN, b0)
    b0.game.resign(b0.game.black)
    with pytest.raises(NotAllowed, match=r"Code 5\.1\.8"):
        ev.register(Person("Ivanov"), b0)
    assert ev.register(CAPTAIN, b0) == "1-0"
    assert b0.game.registered == "Captain"
    table = ev.results_table()
    assert "ПЧР-26" in table and "*" in table and " 2" in table
    digest = ev.digest(b0.game.white.name)
    assert "finished 1-0" in digest and "your move" in digest
    with pytest.raises(PlayError, match="started"):
        ev.add_player(Person("Late"))


def test_final_standings_use_the_codes_tiebreaks_code_3_16(clock: SimulatedClock) -> None:
    ev = CorrespondenceEvent("Final", "60d", judge=JUDGE, captain=CAPTAIN, now=clock)
    for name in "ABCD":
        ev.add_player(Person(name))
    ev.start()
    assert ev.tournament.tiebreaks == ["sonneborn-berger", "wins", "direct", "places"]
    finish(ev)
    st = ev.standings()
    assert [s.player.name for s in st][:1] and sum(s.points for s in st) == 12.0
    assert all(len(s.values) == 4 for s in st)


def test_swiss_rounds_start_when_the_round_is_registered(clock: SimulatedClock) -> None:
    ev = CorrespondenceEvent("Swiss", "30d/10", system="dutch", rounds=2, judge=JUDGE,
                             now=clock)
    for name in "ABCDEF":
        ev.add_player(Person(name))
    first = ev.start()
    assert len(first) == 3
    with pytest.raises(PlayError, match="not finished"):
        ev.next_round()
    finish(ev)                                      # the judge acts for the missing captain
    assert ev.registrar == JUDGE
    second = ev.next_round()
    assert len(second) == 3 and {b.round for b in second} == {2}
    assert "1.1" in ev.results_table()


def test_daily_check_over_many_games(clock: SimulatedClock) -> None:
    ev = CorrespondenceEvent("Check", "5d/1", judge=JUDGE, captain=CAPTAIN, now=clock,
                             remind_after=3, escalate_after=8)
    for name in "ABC":
        ev.add_player(Person(name))
    ev.start()
    clock.advance(days=6)
    out = ev.check()
    kinds = {n.kind for _, notes in out for n in notes}
    assert {NoticeKind.OVERSTEP, NoticeKind.REMINDER} <= kinds
    b, _ = out[0]
    b.game.rule(JUDGE, Decision.LOSS, "no move in 6 days")
    assert b.game.result in ("1-0", "0-1")


def test_the_captains_final_report_to_the_judge_code_5_1_8(clock: SimulatedClock) -> None:
    """Code 5.1.8: at the end the captain reports to the judge: table, places, oversteps."""
    ev = CorrespondenceEvent("Final", "5d/1", judge=JUDGE, captain=CAPTAIN, now=clock)
    for name in "ABC":
        ev.add_player(Person(name))
    ev.start()
    clock.advance(days=6)
    ev.check()
    late = next(b for b in ev.boards if b.game.oversteps)
    late.game.rule(JUDGE, Decision.LOSS, "six days for one move")
    finish(ev)
    text = ev.report()
    assert "Final" in text and "sonneborn-berger" in text
    assert "5/5 d" not in text and "6/5 d, loss: six days for one move" in text
    assert "not registered" not in text
