"""Time controls (Code 3.9) and the clock with an injected time source (items 11-13)."""

from __future__ import annotations

import pytest

from shashki.clock import (
    PRESETS,
    Clock,
    ClockError,
    ClockState,
    InvalidTimeControl,
    Stage,
    TimeControl,
    classify,
)
from shashki.color import BLACK, WHITE


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.mark.parametrize(
    ("text", "stages", "pdn"),
    [
        ("45m", [Stage(2700)], "2700"),
        ("1h", [Stage(3600)], "3600"),
        ("70m/35 + 15m", [Stage(4200, 35), Stage(900)], "35/4200:900"),
        ("90m/50 + 30m", [Stage(5400, 50), Stage(1800)], "50/5400:1800"),
        ("30m+30s", [Stage(1800, None, 30)], "1800+30"),
        ("3m+2s", [Stage(180, None, 2)], "180+2"),
        ("90m/45 + 30m+30s", [Stage(5400, 45), Stage(1800, None, 30)], "45/5400:1800+30"),
        ("5m d3s", [Stage(300, None, 0, 3)], "300"),
    ],
)
def test_parse_and_write(text: str, stages: list[Stage], pdn: str) -> None:
    tc = TimeControl.parse(text)
    assert list(tc.stages) == stages
    assert tc.to_pdn() == pdn
    assert TimeControl.parse(str(tc)) == tc
    if not any(s.delay for s in stages):
        assert TimeControl.from_pdn(pdn) == tc


def test_presets_of_the_code() -> None:
    """Code 3.9.1 (45 min; 1 h; 1 h 10 min for 35 moves + 15 min), 3.9.2, 3.9.3, 3.9.4."""
    assert PRESETS["code-45"].stages == (Stage(2700),)
    assert PRESETS["code-60"].stages == (Stage(3600),)
    assert PRESETS["code-70-35"].stages == (Stage(4200, 35), Stage(900))
    assert PRESETS["code-international"].stages == (Stage(5400, 50), Stage(1800))
    assert classify(PRESETS["blitz-5"]) == "blitz"
    assert classify(PRESETS["rapid-10"]) == "rapid"
    assert classify(PRESETS["code-45"]) == "classical"
    assert TimeControl.parse("code-45") is PRESETS["code-45"]


def test_more_than_six_hours_is_rejected() -> None:
    """Code 3.9.5: the total playing time must not exceed 6 hours."""
    TimeControl.parse("3h")  # 2 x 3 h = 6 h: allowed
    with pytest.raises(InvalidTimeControl, match=r"Code 3\.9\.5"):
        TimeControl.parse("2h/40 + 61m")  # 181 min each
    with pytest.raises(InvalidTimeControl, match=r"Code 3\.9\.5"):
        TimeControl.parse("151m+30s")  # 151 min + 60 x 30 s = 181 min each


@pytest.mark.parametrize("bad", ["", "45q", "70m/ + 15m", "45m + 15m", "x", "?"])
def test_bad_controls(bad: str) -> None:
    with pytest.raises(InvalidTimeControl):
        TimeControl.parse(bad)


def test_pdn_unknown_controls_rejected() -> None:
    for text in ("?", "-", "*180"):
        with pytest.raises(InvalidTimeControl):
            TimeControl.from_pdn(text)


def test_sudden_death_flag() -> None:
    t = FakeTime()
    c = Clock(TimeControl.parse("3m"), now=t)
    c.start()
    t.advance(100)
    c.press()
    t.advance(50)
    c.press()
    assert c.remaining(WHITE) == 80 and c.remaining(BLACK) == 130
    t.advance(79.5)
    assert not c.flag_fallen(WHITE)
    t.advance(1)
    assert c.flag_fallen(WHITE) and c.flag is WHITE
    assert c.remaining(WHITE) == 0


def test_fischer_increment_added_after_each_move() -> None:
    t = FakeTime()
    c = Clock(TimeControl.parse("3m+2s"), now=t)
    c.start()
    for _ in range(10):
        t.advance(5)
        c.press()
    # each side moved five times, spending 25 s and gaining 10 s
    assert c.remaining(WHITE) == c.remaining(BLACK) == 180 - 25 + 10
    assert c.moves == [5, 5]


def test_bronstein_delay_gives_back_at_most_the_delay() -> None:
    t = FakeTime()
    c = Clock(TimeControl.parse("5m d3s"), now=t)
    c.start()
    t.advance(2)
    c.press()  # White: 2 s used, 2 s back
    t.advance(10)
    c.press()  # Black: 10 s used, 3 s back
    assert c.remaining(WHITE) == 300
    assert c.remaining(BLACK) == 293


def test_stages_with_move_counts() -> None:
    """Code 3.9.1: 1 h 10 min for the first 35 moves, then 15 min to the end."""
    t = FakeTime()
    c = Clock(TimeControl.parse("70m/35 + 15m"), now=t)
    c.start()
    for _ in range(34):
        t.advance(60)
        c.press()
        t.advance(1)
        c.press()
    assert c.moves_to_control(WHITE) == 1
    assert c.remaining(WHITE) == 4200 - 34 * 60
    t.advance(60)
    c.press()  # White's 35th move: 15 minutes added
    assert c.remaining(WHITE) == 4200 - 35 * 60 + 900
    assert c.moves_to_control(WHITE) is None
    assert c.stage(WHITE) == 1 and c.stage(BLACK) == 0
    assert any(e.action == "control" and e.color is WHITE for e in c.log)


def test_repeating_last_stage() -> None:
    """PDN ``40/7200``: every 40 moves another 2 hours."""
    t = FakeTime()
    c = Clock(TimeControl.from_pdn("2/100"), now=t)
    c.start()
    for _ in range(4):
        t.advance(10)
        c.press()
        t.advance(10)
        c.press()
    assert c.remaining(WHITE) == 100 - 40 + 200


def test_flag_in_first_stage_and_the_move_count_check() -> None:
    """Item 11: after a flag the arbiter checks from the record whether the control's
    moves were made; a mechanical clock may have missed presses."""
    t = FakeTime()
    c = Clock(TimeControl.parse("10m/5 + 5m"), now=t)
    c.start()
    for _ in range(3):
        t.advance(100)
        c.press()
        t.advance(1)
        c.press()
    t.advance(400)
    assert c.flag_fallen(WHITE)
    assert not c.made_control(WHITE, moves_in_record=4)
    assert c.made_control(WHITE, moves_in_record=5)


def test_pause_for_a_check_elsewhere_does_not_count() -> None:
    """Item 12: time the arbiter spends checking elsewhere is not counted."""
    t = FakeTime()
    c = Clock(TimeControl.parse("5m"), now=t)
    c.start()
    t.advance(10)
    c.pause("record check")
    t.advance(600)
    assert c.remaining(WHITE) == 290 and c.state is ClockState.PAUSED
    c.resume()
    t.advance(5)
    assert c.remaining(WHITE) == 285


def test_claimant_clock_runs_during_claim_check() -> None:
    """Item 13: while the arbiter considers a draw claim, the claimant's clock runs."""
    t = FakeTime()
    c = Clock(TimeControl.parse("5m"), now=t)
    c.start()
    t.advance(10)
    c.press()  # Black to move; White claims a repetition
    c.run_only(WHITE, "threefold claim by White")
    t.advance(30)
    assert c.remaining(WHITE) == 260 and c.remaining(BLACK) == 300
    c.run_only(BLACK, "claim rejected")
    assert c.running is BLACK


def test_arbiter_adjusts_time_and_charges_a_check() -> None:
    """Item 11: time spent on a check is charged to the player at fault."""
    t = FakeTime()
    c = Clock(TimeControl.parse("5m"), now=t)
    c.start()
    c.adjust(BLACK, -60, "check of the move count")
    c.adjust(WHITE, +120)
    assert c.remaining(BLACK) == 240 and c.remaining(WHITE) == 420
    assert [e.action for e in c.log] == ["start", "adjust", "adjust"]


def test_unequal_starting_times_and_stop() -> None:
    t = FakeTime()
    c = Clock(TimeControl.parse("5m"), now=t, white_seconds=300, black_seconds=240)
    c.start(BLACK)
    t.advance(20)
    c.stop()
    assert c.remaining(BLACK) == 220 and c.state is ClockState.STOPPED
    with pytest.raises(ClockError):
        c.press()


def test_press_before_start_is_an_error() -> None:
    c = Clock(TimeControl.parse("5m"), now=FakeTime())
    with pytest.raises(ClockError):
        c.press()
    c.start()
    with pytest.raises(ClockError):
        c.start()
