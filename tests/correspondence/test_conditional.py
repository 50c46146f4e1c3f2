"""Conditional moves (rules.md P7): played at once when the opponent plays the expected
move, cancelled when he deviates."""

from __future__ import annotations

import pytest

from shashki.color import BLACK, WHITE
from shashki.correspondence import (
    CorrespondenceGame,
    NoticeKind,
    Person,
    PlayError,
    SimulatedClock,
)

W, B = Person("Ivanov"), Person("Petrov")


def test_a_conditional_line_is_played_and_continues(clock: SimulatedClock) -> None:
    g = CorrespondenceGame(W, B, "30d/10", now=clock)
    g.play(W, "c3-d4")
    clock.advance(days=2)
    g.play(B, "f6-g5")
    # White: "if g7-f6 (after my g3-f4), then b2-c3; if then h8-g7, a1-b2".
    clock.advance(days=1)
    g.play(W, "g3-f4")
    line = g.add_conditional(W, ["g7-f6", "b2-c3", "h8-g7", "a1-b2"])
    assert line.moves == ["g7-f6", "b2-c3", "h8-g7", "a1-b2"]
    clock.advance(days=3)
    notes = g.play(B, "g7-f6")
    assert [m.text for m in g.moves][-2:] == ["g7-f6", "b2-c3"]
    reply = g.moves[-1]
    assert reply.conditional and reply.reflection == 0 and reply.sent == g.moves[-2].received
    assert NoticeKind.CONDITIONAL_PLAYED in [n.kind for n in notes]
    assert g.to_move is BLACK
    assert [c.moves for c in g.conditionals] == [["h8-g7", "a1-b2"]]
    assert "conditional" in g.to_pdn()


def test_deviation_cancels_the_line(clock: SimulatedClock) -> None:
    g = CorrespondenceGame(W, B, "30d/10", now=clock)
    g.play(W, "c3-d4")
    g.add_conditional(W, ["f6-g5", "g3-f4"])
    g.add_conditional(W, ["b6-a5", "d4-c5"])
    notes = g.play(B, "f6-e5")
    assert g.conditionals == []
    cancelled = [n for n in notes if n.kind is NoticeKind.CONDITIONAL_CANCELLED]
    assert len(cancelled) == 2 and "f6-e5 instead of f6-g5" in cancelled[0].detail
    assert g.to_move is WHITE and len(g.moves) == 2


def test_bad_conditional_lines_are_refused(clock: SimulatedClock) -> None:
    g = CorrespondenceGame(W, B, "30d/10", now=clock)
    with pytest.raises(PlayError, match="while the opponent is to move"):
        g.add_conditional(W, ["c3-d4", "f6-g5"])
    g.play(W, "c3-d4")
    with pytest.raises(PlayError, match="answer"):
        g.add_conditional(W, ["f6-g5"])
    with pytest.raises(PlayError, match="'h2-h4'") as e:
        g.add_conditional(W, ["f6-g5", "h2-h4"])
    assert "условный ход" in e.value.text("ru")
    g.add_conditional(W, ["f6-g5", "g3-f4"])
    g.add_conditional(W, ["f6-g5", "g3-h4"])      # replaces the line with that first move
    assert [c.moves for c in g.conditionals] == [["f6-g5", "g3-h4"]]
    assert g.cancel_conditionals(W) == 1
