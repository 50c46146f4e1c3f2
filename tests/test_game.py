"""The conduct of a game: results by article, offers, claims, clocks, irregularities."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shashki import BLACK, WHITE, Board, draws
from shashki.game import Game, GameOver, Kind, RuleViolation


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


KK_CYCLE = ["b4-a3", "g5-h4", "a3-b4", "h4-g5"]
KINGS_ONLY = "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7"


def test_win_when_the_opponent_cannot_move() -> None:
    """Code 1.8.1: a player who cannot make his next move (all pieces blocked) loses."""
    g = Game("russian", "W:Wg3,e1:Bh4")
    g.play("e1-f2")  # h4 can neither move to g3 nor capture it (f2 is taken)
    assert g.termination is not None
    assert (g.termination.kind, g.termination.article, g.result) == (
        Kind.NO_MOVES, "Code 1.8.1", "1-0")


def test_win_by_capturing_the_last_piece() -> None:
    """Code 1.8.1: the side with no pieces loses."""
    g = Game("russian", "W:Wc3:Bd4")
    g.play("c3:e5")
    assert g.termination is not None
    assert (g.termination.kind, g.termination.article, g.result) == (
        Kind.NO_PIECES, "Code 1.8.1", "1-0")
    assert g.termination.ply == 1
    with pytest.raises(GameOver, match=r"Code 1\.10\.4"):
        g.play("e5-f6")


def test_giveaway_the_blocked_side_wins() -> None:
    """Code 5.1.4 (поддавки): the side that cannot move wins."""
    g = Game("russian-giveaway", "W:Wc3:Bd4")
    g.play("c3:e5")
    assert g.termination is not None and g.result == "0-1"
    assert g.termination.article == "Code 5.1.4"


def test_draw_rule_ends_the_game_at_its_ply_and_not_before() -> None:
    """Code 1.9.1.4 through the game: K v K, 5 moves each."""
    g = Game("russian", "W:WKb4:BKg5")
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 9):
        g.play(t)
    assert not g.is_over
    g.play(KK_CYCLE[9 % 4])
    assert g.termination is not None
    assert (g.termination.kind, g.termination.article, g.termination.ply) == (
        Kind.DRAW_RULE, "Code 1.9.1.4", 10)
    assert len(g.termination.evidence) == 11  # every position, from the start
    with pytest.raises(GameOver):
        g.play(KK_CYCLE[10 % 4])


def test_threefold_is_a_claim_by_default_and_automatic_online() -> None:
    """Code 1.9.2 / 1.9.1.7: over the board a claim; online (setting) automatic."""
    g = Game("russian", KINGS_ONLY)
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 8):
        g.play(t)
    assert not g.is_over  # the 3rd repetition happened at ply 8, nobody claimed
    auto = Game("russian", KINGS_ONLY, repetition="auto")
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 8):
        auto.play(t)
    assert auto.termination is not None and auto.termination.article == "Code 1.9.1.7"


def test_claim_after_the_opponents_repeating_move() -> None:
    """Code 1.9.2: the opponent of the player who repeated may claim before his own move."""
    g = Game("russian", KINGS_ONLY)
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 8):
        g.play(t)
    g.claim_threefold(WHITE)
    t = g.rule_on_claim()
    assert t is not None and t.kind is Kind.CLAIM and t.article == "Code 1.9.1.7"
    assert g.result == "1/2-1/2"


def test_claim_with_a_written_move() -> None:
    """Code 1.9.2: the claimant writes, but does not play, the move that repeats."""
    g = Game("russian", KINGS_ONLY)
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 7):
        g.play(t)
    g.claim_threefold(BLACK, "h4-g5")
    t = g.rule_on_claim()
    assert t is not None and t.kind is Kind.CLAIM and t.ply == 8


def test_false_claim_plays_the_written_move_and_the_game_goes_on() -> None:
    g = Game("russian", KINGS_ONLY)
    for t in KK_CYCLE[:3]:
        g.play(t)
    g.claim_threefold(BLACK, "h4-g5")
    assert g.rule_on_claim() is None
    assert g.ply == 4 and not g.is_over
    assert any(e.action == "claim rejected" for e in g.events)


def test_claim_and_the_flag() -> None:
    """Item 13: the claimant's clock runs during the check; confirmed: draw even if his
    flag fell; not confirmed and the flag fell: loss."""
    for plies, written, expected in ((7, "h4-g5", "1/2-1/2"), (3, "h4-g5", "1-0")):
        t = FakeTime()
        g = Game("russian", KINGS_ONLY, time_control="3m", now=t)
        g.start()
        for mv in KK_CYCLE * 2:
            if g.ply == plies:
                break
            t.t += 1
            g.play(mv)
        g.claim_threefold(BLACK, written)
        assert g.clock is not None and g.clock.running is BLACK
        t.t += 1000  # the check takes long; Black's flag falls meanwhile
        g.rule_on_claim()
        assert g.result == expected


def test_loss_on_time() -> None:
    t = FakeTime()
    g = Game("russian", time_control="1m", now=t)
    g.start()
    t.t = 10
    g.play("c3-d4")
    t.t = 75  # Black thought 65 s
    term = g.check_time()
    assert term is not None and term.kind is Kind.TIME and g.result == "1-0"
    assert term.evidence[-1].clock == (50.0, 60.0)


def test_flag_checked_before_a_move() -> None:
    t = FakeTime()
    g = Game("russian", time_control="1m", now=t)
    g.start()
    t.t = 61
    with pytest.raises(GameOver):
        g.play("c3-d4")
    assert g.result == "0-1"


def test_draw_offers() -> None:
    """Code 1.9.3 (offer after one's move, declined by a move), 1.9.5 (offer on one's own
    clock: the opponent may wait for the move), 1.9.6 (no repeated offers)."""
    g = Game("russian")
    g.play("c3-d4")
    g.offer_draw(WHITE)
    assert g.offer is not None and g.offer.article == "Code 1.9.3"
    g.play("f6-e5")
    assert g.offer is None
    with pytest.raises(RuleViolation, match=r"1\.9\.6"):
        g.offer_draw(WHITE)
    g.offer_draw(BLACK)  # Black has just moved
    g.decline_draw(WHITE)
    g.play("d4:f6")
    g.offer_draw(WHITE)  # allowed again: Black has offered since White's offer was declined
    g.decline_draw(BLACK)
    g2 = Game("russian")
    g2.offer_draw(WHITE)  # on his own clock
    assert g2.offer is not None and g2.offer.article == "Code 1.9.5" and g2.offer.deferred
    g2.play("c3-d4")
    assert g2.offer is not None  # Black may decide after seeing the move
    g2.accept_draw(BLACK)
    assert g2.termination is not None and g2.termination.article == "Code 1.9.1.1"
    with pytest.raises(RuleViolation):
        Game("russian").accept_draw(BLACK)


def test_resignation_forfeit_and_both_lost() -> None:
    g = Game("russian")
    assert g.resign(WHITE).result == "0-1"
    assert Game("russian").forfeit(BLACK).article == "Code 3.13.1"
    both = Game("russian").both_lose()
    assert both.result == "0-0" and both.article == "Code 3.13.3"
    assert Game("russian").both_lose("Code 3.10.4", "both flags, no record").result == "0-0"


def test_illegal_move_found_later() -> None:
    """Code 1.10.3: the game is replayed from the moment of the illegal move."""
    g = Game("russian")
    for t in ["c3-d4", "f6-g5", "b2-c3", "g7-f6"]:
        g.play(t)
    before = g.readings[2].fen
    g.illegal_move_found(3, "reported by Black")
    assert g.ply == 2 and g.board.fen() == before
    assert g.events[-1].article == "Code 1.10.3"
    g.play("g3-f4")  # the game goes on from there


def test_wrong_setup() -> None:
    """Code 1.10.2: corrected before both sides moved; afterwards the game stands."""
    g = Game("russian", "W:W21-32:B1-11,13")
    g.play("c3-d4")
    assert g.wrong_setup_found("W:W21-32:B1-12")
    assert g.board.fen() == Board().fen() and g.ply == 0
    g.play("c3-d4")
    g.play("f6-e5")
    assert not g.wrong_setup_found("W:W21-32:B1-12")
    assert g.ply == 2


def test_annulled() -> None:
    """Code 1.10.1: board placed wrongly: annulled, no result."""
    t = Game("russian").annul()
    assert t.article == "Code 1.10.1" and t.result == "*"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["russian", "brazilian", "international"]))
def test_no_game_continued_after_its_end_and_none_ended_early(seed: int, variant: str) -> None:
    """Property: the game ends exactly when the position (Code 1.8.1) or a draw rule says."""
    rng = random.Random(seed)
    g = Game(variant, repetition="auto")
    for _ in range(300):
        if g.is_over:
            break
        b = g.board
        assert b.outcome() is None
        assert draws.check_board(b, repetition=True) is None
        g.play(rng.choice(b.legal_moves))
    if g.is_over:
        assert g.termination is not None
        over_by_rule = g.board.outcome() is not None or draws.check_board(g.board) is not None
        assert over_by_rule
        with pytest.raises(GameOver):
            g.resign(WHITE)


def test_record_as_pdn_names_the_article_and_keeps_the_clocks() -> None:
    from shashki.pdn import read_game, write_game

    t = FakeTime()
    g = Game("russian", time_control="5m+3s", now=t)
    g.start()
    for mv in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]:
        t.t += 7
        g.play(mv)
    g.resign(WHITE)
    text = write_game(g.to_pdn({"Event": "Test"}))
    assert '[Termination "resignation (Code 1.8.1)"]' in text
    assert '[Result "0-1"]' in text and '[TimeControl "300+3"]' in text
    back = read_game(text)
    nodes = list(back.mainline())
    assert nodes[0].clock is not None and nodes[0].clock.white == 296.0
    assert "Code 1.8.1, ply 4" in back.end().comment


def test_international_record_uses_its_result_tokens() -> None:
    from shashki.pdn import write_game

    g = Game("international")
    g.play("32-28")
    g.resign(BLACK)
    assert '[Result "2-0"]' in write_game(g.to_pdn())


def test_judge_a_record_by_the_rules() -> None:
    """A record whose Result tag disagrees with the rules: the rules' verdict and its ply."""
    from shashki.game import judge
    from shashki.pdn import read_game

    moves = " ".join(f"{i + 1}. {a} {b}" for i, (a, b) in
                     enumerate([("b4-a3", "g5-h4"), ("a3-b4", "h4-g5")] * 3))
    rec = read_game(f'[GameType "25"]\n[FEN "W:WKb4:BKg5"]\n{moves} 1-0')
    g = judge(rec)
    assert g.termination is not None
    assert (g.termination.article, g.termination.ply, g.result) == ("Code 1.9.1.7", 8, "1/2-1/2")
    assert judge(rec, repetition="claim").termination.article == "Code 1.9.1.4"  # type: ignore[union-attr]
    open_game = judge(read_game('[GameType "25"]\n1. c3-d4 f6-e5 *'))
    assert open_game.termination is None and open_game.ply == 2


def test_take_back_keeps_the_clocks_and_the_draw_rules_history() -> None:
    """An online takeback (the platform's rule, not the Code's: Code 1.4.6 a move made
    stands): the plies are undone, the clocks keep their times, the side to move runs."""
    t = [0.0]
    g = Game("russian", time_control="5m+3s", now=lambda: t[0])
    for text, at in (("c3-d4", 10.0), ("f6-g5", 30.0), ("g3-f4", 45.0)):
        t[0] = at
        g.play(text)
    assert g.clock is not None
    t[0] = 50.0
    left = (g.clock.remaining(WHITE), g.clock.remaining(BLACK))
    g.take_back(1, BLACK, "Platform L4")
    assert g.ply == 2 and g.board.turn is WHITE and len(g.readings) == 3
    assert (g.clock.remaining(WHITE), g.clock.remaining(BLACK)) == left
    assert g.clock.running is WHITE and g.clock.moves == [1, 1]
    assert len(g.history) == 3  # the draw rules see the position after ply 2
    t[0] = 60.0
    assert g.clock.remaining(WHITE) == left[0] - 10
    g.play("a3-b4")
    assert g.ply == 3 and g.readings[-1].move == "a3-b4"
