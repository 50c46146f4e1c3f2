"""Time management for every kind of control of shashki.clock."""

from __future__ import annotations

import pytest

from shashki.clock import Clock, TimeControl
from shashki.color import BLACK, WHITE
from shashki.engine.limits import MAX_DEPTH, Limit, LimitError, budget, check_depth


def test_fixed_depth_nodes_and_time() -> None:
    assert budget(Limit(depth=7)).depth == 7
    assert budget(Limit(nodes=1000)).nodes == 1000
    assert budget(Limit(depth=10**6)).depth == MAX_DEPTH
    b = budget(Limit(time=0.5))
    assert b.soft == b.hard and 0.4 < b.hard <= 0.5
    b = budget(Limit())
    assert (b.soft, b.hard, b.nodes, b.depth) == (None, None, None, MAX_DEPTH)


def test_sudden_death_spends_a_share_and_keeps_a_reserve() -> None:
    for remaining in (1.0, 10.0, 60.0, 600.0, 3600.0):
        b = budget(Limit(remaining=remaining))
        assert b.soft is not None and b.hard is not None
        assert 0 < b.soft <= b.hard <= remaining * 0.31
        assert b.soft >= remaining / 40


def test_increment_adds_to_the_share() -> None:
    base = budget(Limit(remaining=60.0))
    inc = budget(Limit(remaining=60.0, increment=2.0))
    delay = budget(Limit(remaining=60.0, delay=2.0))
    assert base.soft is not None and inc.soft is not None and delay.soft is not None
    assert inc.soft > base.soft + 1.5
    assert delay.soft == pytest.approx(inc.soft)


def test_moves_to_go() -> None:
    last = budget(Limit(remaining=30.0, moves_to_go=1))
    assert last.hard is not None and 10 < last.hard < 30
    ten = budget(Limit(remaining=30.0, moves_to_go=10))
    assert ten.soft is not None and 2 < ten.soft < 3.5


def test_from_clock_follows_the_stages() -> None:
    t = [0.0]
    clock = Clock(TimeControl.parse("70m/35 + 15m"), now=lambda: t[0])  # Code 3.9.1
    clock.start()
    lim = Limit.from_clock(clock, WHITE)
    assert lim.remaining == 4200 and lim.moves_to_go == 35
    for _ in range(35):
        t[0] += 10
        clock.press()
        t[0] += 10
        clock.press()
    lim = Limit.from_clock(clock, WHITE)
    assert lim.moves_to_go is None  # the last stage runs to the end of the game
    assert lim.remaining == pytest.approx(4200 - 350 + 900)
    b = Limit.from_clock(clock, BLACK)
    assert b.remaining == pytest.approx(4200 - 350 + 900)


def test_from_clock_fischer_and_bronstein() -> None:
    clock = Clock(TimeControl.parse("3m+2s"), now=lambda: 0.0)
    clock.start()
    lim = Limit.from_clock(clock, WHITE)
    assert (lim.remaining, lim.increment, lim.moves_to_go) == (180, 2, None)
    clock = Clock(TimeControl.parse("5m d3s"), now=lambda: 0.0)
    assert Limit.from_clock(clock, WHITE).delay == 3


def test_from_control_without_a_clock() -> None:
    tc = TimeControl.parse("90m/50 + 30m")  # Code 3.9.2
    assert Limit.from_control(tc, 3000, 20).moves_to_go == 30
    assert Limit.from_control(tc, 900, 55).moves_to_go is None
    repeating = TimeControl.from_pdn("40/7200")
    assert Limit.from_control(repeating, 100, 45).moves_to_go == 35


def test_negative_limits_are_refused() -> None:
    with pytest.raises(LimitError):
        Limit(time=-1)
    with pytest.raises(LimitError):
        Limit(remaining=10, increment=-1)


@pytest.mark.parametrize(("kw", "bad"), [
    ({"time": float("nan")}, "time is not a number"),
    ({"remaining": float("nan")}, "remaining is not a number"),
    ({"increment": float("nan")}, "increment is not a number"),
    ({"time": float("inf")}, "too long"),
    ({"remaining": 1e308}, "too long"),
    ({"nodes": 10**23}, "too many"),
])
def test_nan_and_absurd_limits_are_refused(kw: dict[str, float], bad: str) -> None:
    with pytest.raises(LimitError, match=bad):
        Limit(**kw)  # type: ignore[arg-type]


def test_check_depth_refuses_what_would_never_end() -> None:
    check_depth(None)
    check_depth(MAX_DEPTH)
    with pytest.raises(LimitError, match="too deep"):
        check_depth(MAX_DEPTH + 1)
