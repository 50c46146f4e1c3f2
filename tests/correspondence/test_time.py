"""Time in days (Code 5.1.2; rules.md L1-P6): accumulated controls, reflection and transit,
leave, overstepping and the judge's decision (Code 5.1.7), silence reminders."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from shashki.color import BLACK, WHITE
from shashki.correspondence import (
    Calendar,
    Channel,
    CorrespondenceGame,
    DayControl,
    Decision,
    InvalidControl,
    LeaveBook,
    LeaveError,
    LeavePolicy,
    NotAllowed,
    NoticeKind,
    Person,
    PlayError,
    Role,
    SimulatedClock,
)

W, B = Person("Ivanov", email="iv@example.org"), Person("Petrov", email="pe@example.org")
JUDGE = Person("Judge", Role.JUDGE)
CAPTAIN = Person("Captain", Role.CAPTAIN)
OPENING = ["c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3", "h8-g7", "a1-b2", "b6-a5", "d4-c5",
           "d6:b4", "a3:c5", "g5:e3", "d2:f4", "a7-b6", "c5:a7"]


def flat(text: str) -> str:
    return " ".join(text.split())


def game(clock: SimulatedClock, control: str = "30d/10", **kw: object) -> CorrespondenceGame:
    return CorrespondenceGame(W, B, control, now=clock, judge=JUDGE, captain=CAPTAIN,
                              **kw)  # type: ignore[arg-type]


def test_controls_accumulate_code_5_1_2() -> None:
    """Code 5.1.2: time in days; 30 days per 10 moves carry over (P2)."""
    c = DayControl.parse("30d/10")
    assert [c.allowance(k) for k in (1, 10, 11, 20, 21)] == [30, 30, 60, 60, 90]
    whole = DayControl.parse("180d")
    assert whole.allowance(1) == whole.allowance(300) == 180
    two = DayControl.parse("100d / 50 + 10d/10")
    assert str(two) == "100d/50 + 10d/10"
    assert (two.allowance(50), two.allowance(51), two.allowance(61)) == (100, 110, 120)


@pytest.mark.parametrize("text,token", [("30/10", "30/10"), ("30d/10 + x", "x"),
                                        ("180d + 10d/10", ""), ("0d/10", "")])
def test_bad_controls_name_the_token(text: str, token: str) -> None:
    with pytest.raises(InvalidControl) as e:
        DayControl.parse(text)
    assert token in str(e.value)
    assert e.value.text("ru")


def test_calendar_days_are_the_events_zone_code_5_1_2(clock: SimulatedClock) -> None:
    """Code 5.1.2: a move at 23:30 Moscow time is sent that day, not the UTC day."""
    cal = Calendar("Europe/Moscow")
    assert cal.day(datetime(2026, 3, 2, 20, 30, tzinfo=UTC)) == date(2026, 3, 2)
    assert cal.day(datetime(2026, 3, 2, 21, 30, tzinfo=UTC)) == date(2026, 3, 3)
    with pytest.raises(InvalidControl, match="Mars/Olympus"):
        Calendar("Mars/Olympus")
    g = game(clock)
    clock.set(datetime(2026, 3, 2, 20, 59, tzinfo=UTC))   # 23:59 Moscow, same day
    g.play(W, "c3-d4")
    assert g.moves[0].reflection == 0
    clock.set(datetime(2026, 3, 3, 21, 1, tzinfo=UTC))    # 00:01 on the 4th in Moscow
    g.play(B, "f6-g5")
    assert g.moves[1].reflection == 2


def test_reflection_per_move_and_accumulation_code_5_1_2(clock: SimulatedClock) -> None:
    """Code 5.1.2, P1: the days from receipt to sending are the mover's; the opponent's
    days are not."""
    g = game(clock, "5d/2")
    clock.advance(days=4)
    g.play(W, "c3-d4")            # 4 days of 5 for moves 1-2
    clock.advance(days=1)
    g.play(B, "f6-g5")
    assert (g.used(WHITE), g.used(BLACK), g.remaining(WHITE)) == (4, 1, 1)
    clock.advance(days=1)
    g.play(W, "g3-f4")            # 5 of 5: in time
    assert g.oversteps == []
    assert g.allowed(WHITE) == 10  # the third move is in the second period: carried over
    clock.advance(days=3)
    g.play(B, "g7-f6")
    assert g.used(BLACK) == 4


def test_postal_transit_is_nobodys_time_code_5_1_2(clock: SimulatedClock) -> None:
    """Code 5.1.2, 5.1.8, P3: a postal move entered by the captain from the letter — the
    mover's days end at the postmark, the opponent's start on receipt."""
    g = game(clock)
    clock.advance(days=10)
    g.enter_postal(CAPTAIN, "c3-d4", postmark=date(2026, 3, 5), received=date(2026, 3, 9))
    m = g.moves[0]
    assert (m.channel, m.reflection, m.entered_by) == (Channel.POST, 3, "Captain")
    assert g.received_day(BLACK) == date(2026, 3, 9)
    assert g.used(BLACK) == 3      # 10, 11, 12 March: the 4 days in the post are not his
    g.enter_postal(JUDGE, "f6-g5", postmark=date(2026, 3, 12))  # receipt assumed 3 days on
    assert g.received_day(WHITE) == date(2026, 3, 15)
    assert g.used(WHITE) == 3
    with pytest.raises(NotAllowed, match=r"Code 5\.1\.8"):
        g.enter_postal(W, "g3-f4", postmark=date(2026, 3, 12))
    with pytest.raises(PlayError, match="before the move was received"):
        g.enter_postal(CAPTAIN, "g3-f4", postmark=date(2026, 3, 14))
    assert "postmark 2026-03-05, received 2026-03-09, 3 d, post, entered by Captain" in (
        flat(g.to_pdn()))


def test_leave_stops_the_clock_and_is_taken_in_advance(clock: SimulatedClock) -> None:
    """P4: leave days are not counted; leave is taken before it starts, within the year's
    days; the judge may grant more (Code 5.1.7)."""
    book = LeaveBook(LeavePolicy(days_per_year=14))
    g = game(clock, leave=book)
    g.play(W, "c3-d4")
    with pytest.raises(LeaveError, match="in advance"):
        book.request(B.name, date(2026, 3, 2), date(2026, 3, 5), today=date(2026, 3, 2))
    book.request(B.name, date(2026, 3, 3), date(2026, 3, 12), today=date(2026, 3, 2))
    clock.advance(days=12)                           # 14 March
    assert g.used(BLACK) == 2                        # 13 and 14 March only
    assert g.check() == []                           # no reminder: 2 days of silence
    with pytest.raises(LeaveError, match="has 4 left"):
        book.request(B.name, date(2026, 4, 1), date(2026, 4, 10), today=date(2026, 3, 14))
    with pytest.raises(NotAllowed):
        book.grant(CAPTAIN, B.name, 2026, 10, "illness")
    book.grant(JUDGE, B.name, 2026, 10, "illness, certificate received")
    book.request(B.name, date(2026, 4, 1), date(2026, 4, 10), today=date(2026, 3, 14))
    assert book.remaining(B.name, 2026) == 4
    # A leave over New Year counts in each year.
    book.request(W.name, date(2026, 12, 28), date(2027, 1, 3), today=date(2026, 3, 14))
    assert (book.taken(W.name, 2026), book.taken(W.name, 2027)) == (4, 3)
    with pytest.raises(LeaveError, match="overlaps"):
        book.request(W.name, date(2027, 1, 2), date(2027, 1, 5), today=date(2026, 3, 14))
    book.cancel(W.name, date(2026, 12, 28), today=date(2026, 3, 14))
    assert book.taken(W.name, 2027) == 0


def test_overstep_goes_to_the_judge_who_warns_code_5_1_7(clock: SimulatedClock) -> None:
    """Code 5.1.7: the judge decides on overstepped time; a warning restarts the count
    (P5), and the decision is kept with its reason."""
    g = game(clock, "10d/5", remind_after=30, escalate_after=40)
    g.play(W, "c3-d4")
    clock.advance(days=10)
    assert g.check() == []                        # 10 of 10: not yet over
    clock.advance(days=1)
    notes = g.check()
    assert [(n.kind, n.to) for n in notes] == [(NoticeKind.OVERSTEP, "judge"),
                                               (NoticeKind.OVERSTEP, "black"),
                                               (NoticeKind.OVERSTEP, "white")]
    assert notes[0].article == "Code 5.1.7" and "11 days of 10" in notes[0].detail
    clock.advance(days=1)
    assert g.check() == []                        # registered once, awaiting the ruling
    with pytest.raises(NotAllowed, match=r"Code 5\.1\.7"):
        g.rule(CAPTAIN, Decision.WARNING, "first time")
    o = g.rule(JUDGE, Decision.WARNING, "first overstep, the post was on strike")
    assert (o.decision, o.judge, o.reason) == (Decision.WARNING, "Judge",
                                               "first overstep, the post was on strike")
    assert not g.is_over and g.used(BLACK) == 0
    clock.advance(days=2)
    g.play(B, "f6-g5")
    assert g.used(BLACK) == 2 and g.allowed(BLACK) == 10
    assert "overstep 2026-03-13 Black 11/10 d: warning" in flat(g.to_pdn())


def test_overstep_decided_as_a_loss_code_5_1_7(clock: SimulatedClock) -> None:
    """Code 5.1.7: a loss ends the game by the judge's decision, with the reason."""
    g = game(clock, "5d/1")
    clock.advance(days=7)
    notes = g.play(W, "c3-d4")                    # sent after 7 days of 5: from the record
    assert any(n.kind is NoticeKind.OVERSTEP for n in notes)
    with pytest.raises(PlayError, match="reason"):
        g.rule(JUDGE, Decision.LOSS, " ")
    g.rule(JUDGE, Decision.LOSS, "second overstep in the event")
    assert g.result == "0-1"
    t = g.termination
    assert t is not None and t.article == "Code 5.1.7"
    assert "7 days of 5; second overstep in the event" in t.detail
    with pytest.raises(PlayError, match="over"):
        g.play(B, "f6-g5")
    assert g.register(CAPTAIN) == "0-1"


def test_silence_reminder_then_the_judge(clock: SimulatedClock) -> None:
    """P6: a reminder after ``remind_after`` silent days, the judge (Code 5.1.7) after
    ``escalate_after``; each once per move; leave days are not silence."""
    g = game(clock, "60d", remind_after=5, escalate_after=9)
    g.play(W, "c3-d4")
    clock.advance(days=4)
    assert g.check() == []
    clock.advance(days=1)
    r = g.check()
    assert [(n.kind, n.to) for n in r] == [(NoticeKind.REMINDER, "black")]
    assert g.check() == []
    clock.advance(days=4)
    e = g.check()
    assert [(n.kind, n.to, n.article) for n in e] == [
        (NoticeKind.ESCALATION, "judge", "Code 5.1.7")]
    g.play(B, "f6-g5")
    g.leave.request(W.name, date(2026, 3, 12), date(2026, 3, 20), today=date(2026, 3, 11))
    clock.advance(days=9)                          # 20 March: all but one day on leave
    assert g.check() == []


def test_moves_are_checked_and_out_of_turn_refused(clock: SimulatedClock) -> None:
    g = game(clock)
    with pytest.raises(PlayError, match="not Petrov's move"):
        g.play(B, "f6-g5")
    with pytest.raises(PlayError, match="c3-c4") as e:
        g.play(W, "c3-c4")
    assert e.value.text("ru") == "неверная запись хода 'c3-c4': поле 'c4' — не игровое поле доски"
    with pytest.raises(PlayError, match="Sidorov"):
        g.play(Person("Sidorov"), "c3-d4")


def test_the_record_has_sent_and_received_times_code_5_1_7(clock: SimulatedClock) -> None:
    """Every move keeps its sent and received moments; the PDN export carries them in
    comments so the judge can settle a dispute from the record (Code 5.1.7)."""
    from shashki.pdn import read_game

    g = game(clock, label="ПЧР-26")
    for i, mv in enumerate(OPENING[:4]):
        clock.advance(days=1 + i, hours=3)
        g.play(W if i % 2 == 0 else B, mv, channel=Channel.EMAIL if i == 1 else Channel.WEB)
    text = flat(g.to_pdn())
    assert '[CorrespondenceControl "30d/10"]' in text
    assert '[TimeZone "Europe/Moscow"]' in text
    assert "sent 2026-03-03 15:00, received 2026-03-03 15:00, 1 d, web" in text
    assert "2 d, email" in text
    record = read_game(g.to_pdn())
    assert [n.move_text() for n in record.mainline()] == OPENING[:4]
    comments = [n.comment for n in record.mainline()]
    assert all("sent" in c and "received" in c for c in comments)


def test_save_and_restore(clock: SimulatedClock) -> None:
    book = LeaveBook()
    g = game(clock, "10d/5", leave=book)
    for i, mv in enumerate(OPENING[:5]):
        clock.advance(days=2)
        g.play(W if i % 2 == 0 else B, mv)
    g.add_conditional(W, ["h8-g7", "a1-b2"])
    clock.advance(days=12)
    g.check()
    g.rule(JUDGE, Decision.WARNING, "late")
    g.offer_draw(W)
    h = CorrespondenceGame.from_dict(g.to_dict(), leave=book, now=clock)
    assert h.to_dict() == g.to_dict()
    assert h.to_pdn() == g.to_pdn()
    assert h.used(BLACK) == g.used(BLACK) and h.allowed(BLACK) == g.allowed(BLACK)
    h.accept_draw(B)
    k = CorrespondenceGame.from_dict(h.to_dict(), leave=book, now=clock)
    assert k.result == "1/2-1/2" and k.termination is not None



def test_the_judge_decides_a_dispute_code_5_1_7(clock: SimulatedClock) -> None:
    """Code 5.1.7: the judge decides conflicts between players; the result and its reason
    stand in the record."""
    g = game(clock)
    g.play(W, "c3-d4")
    with pytest.raises(NotAllowed, match=r"Code 5\.1\.7"):
        g.decide(CAPTAIN, "1-0", "dispute")
    with pytest.raises(PlayError, match="'2-0'"):
        g.decide(JUDGE, "2-0", "dispute")
    t = g.decide(JUDGE, "1/2-1/2", "both claimed a lost letter; replay refused")
    assert (t.article, g.result) == ("Code 5.1.7", "1/2-1/2")
    assert "lost letter" in flat(g.to_pdn())
    assert [n.kind for n in g.outbox()][-3:] == [NoticeKind.END] * 3


def test_draw_by_agreement_by_correspondence(clock: SimulatedClock) -> None:
    g = game(clock)
    g.play(W, "c3-d4")
    g.offer_draw(W)
    with pytest.raises(PlayError):
        g.accept_draw(W)
    g.accept_draw(B)
    assert g.result == "1/2-1/2"
    with pytest.raises(PlayError, match="over"):
        g.resign(B)
