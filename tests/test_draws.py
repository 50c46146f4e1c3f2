"""Draw rules by article: each game ends exactly at the ply the rule says, not one earlier.

Positions are quiet walks (no capture is ever possible, checked at every ply); kings shuffle
between two squares, and threefold repetition is left to a claim (``repetition=False``) so
that the count rules can be seen on their own.
"""

from __future__ import annotations

import itertools

import pytest

import shashki
from shashki import draws
from shashki.draws import Snapshot, material


def play(variant: str, fen: str, plies: list[str]) -> shashki.Board:
    b = shashki.Board(variant, fen)
    for t in plies:
        assert not b.has_capture(), (t, b.fen())
        b.push_text(t)
    return b


def first_draw(
    variant: str, fen: str, plies: list[str], ruleset: str | None = None,
    repetition: bool = False, quiet: bool = True,
) -> tuple[int, str] | None:
    """(ply, article) of the first draw by rule along ``plies``, or None."""
    b = shashki.Board(variant, fen)
    rs = draws.ruleset(variant, ruleset)
    for i, t in enumerate(plies, 1):
        assert not (quiet and b.has_capture()), (t, b.fen())
        b.push_text(t)
        d = rs.check(draws.history(b), b.variant.geometry, repetition=repetition)
        if d is not None:
            assert d.ply == i
            return i, d.article
    return None


def cycle(moves: list[str], n: int) -> list[str]:
    return list(itertools.islice(itertools.cycle(moves), n))


def shuffle(fen: str, wk: tuple[str, str], bk: tuple[str, str], men: dict[int, str],
            n: int) -> list[str]:
    """``n`` plies: each king goes back and forth; ``men`` maps a ply index to a man move."""
    b = shashki.Board("russian", fen)
    w, bl = list(wk), list(bk)
    plies = []
    for i in range(n):
        if i in men:
            t = men[i]
        elif b.turn is shashki.WHITE:
            t = f"{w[0]}-{w[1]}"
            w.reverse()
        else:
            t = f"{bl[0]}-{bl[1]}"
            bl.reverse()
        b.push_text(t)
        plies.append(t)
    return plies


# --- Russian, ruleset code-2004 (the default) ---------------------------------------------

KINGS_ONLY = "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7"
KINGS_ONLY_CYCLE = ["b4-a3", "g5-h4", "a3-b4", "h4-g5"]


def test_1_9_1_6_fifteen_moves_of_kings_only() -> None:
    """Code 1.9.1.6: 15 moves of each player with kings only, no man moved, no capture."""
    assert first_draw("russian", KINGS_ONLY, cycle(KINGS_ONLY_CYCLE, 29)) is None
    assert first_draw("russian", KINGS_ONLY, cycle(KINGS_ONLY_CYCLE, 40)) == (30, "Code 1.9.1.6")


def test_1_9_1_6_a_man_move_restarts_the_count() -> None:
    after = ["g5-h4", "b4-a3", "h4-g5", "a3-b4"]
    plies = [*cycle(KINGS_ONLY_CYCLE, 20), "g1-f2", *cycle(after, 40)]
    assert first_draw("russian", KINGS_ONLY, plies) == (51, "Code 1.9.1.6")


def test_1_9_1_4_two_pieces_five_moves() -> None:
    """Code 1.9.1.4: both sides have kings, 2-3 pieces: 5 moves without a change."""
    fen, plies = "W:WKb4:BKg5", ["b4-a3", "g5-h4", "a3-b4", "h4-g5"]
    assert first_draw("russian", fen, cycle(plies, 9)) is None
    assert first_draw("russian", fen, cycle(plies, 20)) == (10, "Code 1.9.1.4")


FOUR = "W:WKa7,e1:BKh8,a5"
FOUR_PLIES = shuffle(FOUR, ("a7", "b8"), ("h8", "g7"),
                     {20: "e1-d2", 21: "a5-b4", 40: "d2-e3", 41: "b4-a3"}, 62)
SIX = "W:WKa7,e1,g1:BKh8,a5,d8"
SIX_PLIES = shuffle(SIX, ("a7", "b8"), ("h8", "g7"),
                    {20: "e1-d2", 21: "a5-b4", 44: "g1-h2", 45: "d8-e7", 70: "d2-e3",
                     71: "b4-a3", 94: "h2-g3", 95: "e7-f6"}, 122)


def test_1_9_1_4_four_pieces_thirty_moves() -> None:
    """Code 1.9.1.4: 4-5 pieces, 30 moves; a man move does not restart the count
    (only a capture or a promotion changes the balance of forces)."""
    assert first_draw("russian", FOUR, FOUR_PLIES[:59]) is None
    assert first_draw("russian", FOUR, FOUR_PLIES) == (60, "Code 1.9.1.4")


def test_1_9_1_4_six_pieces_sixty_moves() -> None:
    """Code 1.9.1.4: 6-7 pieces, 60 moves."""
    assert first_draw("russian", SIX, SIX_PLIES[:119]) is None
    assert first_draw("russian", SIX, SIX_PLIES) == (120, "Code 1.9.1.4")


THREE_KINGS = "W:WK28,K21,K14:BK31"
THREE_KINGS_CYCLE = ["28-10", "31-20", "10-28", "20-31"]


def test_1_9_1_3_three_kings_against_a_king() -> None:
    """Code 1.9.1.3: the stronger side's 15th move does not capture the lone king."""
    assert first_draw("russian", THREE_KINGS, cycle(THREE_KINGS_CYCLE, 28)) is None
    assert first_draw("russian", THREE_KINGS, cycle(THREE_KINGS_CYCLE, 40)) == (
        29, "Code 1.9.1.3")


def test_1_9_1_3_counts_the_stronger_sides_moves_when_the_lone_king_moves_first() -> None:
    fen = "B:WK28,K21,K14:BK31"
    plies = cycle(["31-20", "28-10", "20-31", "10-28"], 40)
    assert first_draw("russian", fen, plies) == (30, "Code 1.9.1.3")


ROAD = "W:WK20,K7,K5:BK22"
ROAD_CYCLE = ["20-27", "22-4", "27-20", "4-22"]


def test_1_9_1_5_lone_king_on_the_main_road() -> None:
    """Code 1.9.1.5: three kings against a lone king on the main road: the stronger side's
    5th move."""
    assert first_draw("russian", ROAD, cycle(ROAD_CYCLE, 8)) is None
    assert first_draw("russian", ROAD, cycle(ROAD_CYCLE, 12)) == (9, "Code 1.9.1.5")


THREE_MEN = "W:Wc1,e1,g1:BKh8"
THREE_MEN_PLIES = ["e1-f2", "h8-g7", "g1-h2", "g7-h8", "f2-g3", "h8-g7", "c1-d2", "g7-h8",
                   "d2-e3", "h8-g7", "e3-f4"]


def test_1_9_1_5_three_men_against_the_lone_king() -> None:
    """Code 1.9.1.5 lists three men too."""
    assert first_draw("russian", THREE_MEN, THREE_MEN_PLIES[:8]) is None
    assert first_draw("russian", THREE_MEN, THREE_MEN_PLIES) == (9, "Code 1.9.1.5")


def test_1_9_1_5_does_not_apply_off_the_main_road() -> None:
    fen = "W:WK28,K21,K14:BK31"  # e1 is not on a1-h8
    assert first_draw("russian", fen, cycle(THREE_KINGS_CYCLE, 12)) is None


def test_1_9_1_7_threefold_repetition() -> None:
    """Code 1.9.1.7: the same position, same side to move, for the third time."""
    fen = KINGS_ONLY
    assert first_draw("russian", fen, cycle(KINGS_ONLY_CYCLE, 7), repetition=True) is None
    assert first_draw("russian", fen, cycle(KINGS_ONLY_CYCLE, 12), repetition=True) == (
        8, "Code 1.9.1.7")


def test_threefold_need_not_be_consecutive() -> None:
    """Code 1.9.2: the repetitions may come at any moments of the game."""
    fen = KINGS_ONLY
    plies = ["b4-a3", "g5-h4", "a3-b4", "h4-g5",  # back at the start (2nd time)
             "b4-c5", "g5-f6", "c5-b4", "f6-g5"]  # and again (3rd time)
    assert first_draw("russian", fen, plies, repetition=True) == (8, "Code 1.9.1.7")


# --- where code-2004 and fmjd differ ---------------------------------------------------------


def test_rulesets_differ_on_kings_only_with_four_pieces() -> None:
    """Code 1.9.1.6 ends 2K v 2K after 15 moves; FMJD-64 7.2.5 yields to 7.2.6 (30 moves)."""
    fen, cyc = "W:WK16,K21:BK5,K13", ["16-12", "5-9", "12-16", "9-5"]
    assert first_draw("russian", fen, cycle(cyc, 80)) == (30, "Code 1.9.1.6")
    assert first_draw("russian", fen, cycle(cyc, 80), "fmjd") == (60, "FMJD-64 7.2.6")


def test_rulesets_differ_on_three_men_against_a_king() -> None:
    """Code 1.9.1.5 lists three men; FMJD-64 7.2.7 requires the stronger side to have a king."""
    assert first_draw("russian", THREE_MEN, THREE_MEN_PLIES, "fmjd") is None


def test_fmjd64_main_road_and_small_endings() -> None:
    """FMJD-64 7.2.7 (lone king alone on the long diagonal) and 7.2.8 (2 v 1: 5 moves)."""
    assert first_draw("russian", ROAD, cycle(ROAD_CYCLE, 12), "fmjd") == (9, "FMJD-64 7.2.7")
    fen, cyc = "W:WK17,K10:BK20", ["17-13", "20-27", "13-17", "27-20"]
    assert first_draw("russian", fen, cycle(cyc, 9), "fmjd") is None
    assert first_draw("russian", fen, cycle(cyc, 20), "fmjd") == (10, "FMJD-64 7.2.8")
    assert first_draw("russian", fen, cycle(cyc, 20)) == (10, "Code 1.9.1.4")
    assert first_draw("russian", FOUR, FOUR_PLIES, "fmjd") == (60, "FMJD-64 7.2.6")


# --- International (FMJD art. 6) ---------------------------------------------------------------


def test_fmjd_6_2_twenty_five_moves_of_kings() -> None:
    fen, cyc = "W:WK41,6,47,9:BK1,26,44,27", ["41-19", "1-7", "19-41", "7-1"]
    assert first_draw("international", fen, cycle(cyc, 49)) is None
    assert first_draw("international", fen, cycle(cyc, 60)) == (50, "FMJD 6.2")


def test_fmjd_6_3_sixteen_moves() -> None:
    fen, cyc = "W:WK9,K19,K49:BK7", ["9-20", "7-12", "20-9", "12-7"]
    assert first_draw("international", fen, cycle(cyc, 31)) is None
    assert first_draw("international", fen, cycle(cyc, 40)) == (32, "FMJD 6.3")


def test_fmjd_6_4_five_moves() -> None:
    fen, cyc = "W:WK32,K26:BK20", ["32-10", "20-29", "10-32", "29-20"]
    assert first_draw("international", fen, cycle(cyc, 9)) is None
    assert first_draw("international", fen, cycle(cyc, 20)) == (10, "FMJD 6.4")
    # "or one king against one king" (FMJD 6.4): dame-rs holds such games over at move 5
    fen, cyc = "W:WK31:BK46", ["31-36", "46-28", "36-31", "28-46"]
    assert first_draw("international", fen, cycle(cyc, 9)) is None
    assert first_draw("international", fen, cycle(cyc, 20)) == (10, "FMJD 6.4")


# --- Brazilian -----------------------------------------------------------------------------


def test_brazilian_default_is_the_code_and_cbd_is_twenty_moves() -> None:
    """docs/rules.md D10: Brazilian defaults to the Code's rules; CBD 16: 20 king moves."""
    assert draws.ruleset("brazilian").name == "code-2004"
    assert first_draw("brazilian", KINGS_ONLY, cycle(KINGS_ONLY_CYCLE, 50)) == (
        30, "Code 1.9.1.6")
    assert first_draw("brazilian", KINGS_ONLY, cycle(KINGS_ONLY_CYCLE, 39), "cbd") is None
    assert first_draw("brazilian", KINGS_ONLY, cycle(KINGS_ONLY_CYCLE, 50), "cbd") == (
        40, "CBD 16")


# --- machinery ----------------------------------------------------------------------------------


def test_a_capture_restarts_the_balance_count() -> None:
    """Code 1.9.1.4: the count starts again when a capture changes the balance."""
    fen = "W:WKa3:BKh8,b4"
    plies = ["a3:c5", *cycle(["h8-g7", "c5-b6", "g7-h8", "b6-c5"], 20)]
    assert first_draw("russian", fen, plies[:10], quiet=False) is None
    assert first_draw("russian", fen, plies, quiet=False) == (11, "Code 1.9.1.4")
    b = shashki.Board("russian", fen)
    for t in plies[:3]:
        b.push_text(t)
    h = draws.history(b)
    assert [s.material_changed for s in h] == [False, True, False, False]
    assert material(h[-1]).total == 2


def test_history_records_movers_and_piece_kinds() -> None:
    b = play("russian", "W:WKb4,c1:BKg5,a7", ["c1-b2", "g5-h4", "b4-a3"])
    h = draws.history(b)
    assert len(h) == 4 and h[0].mover is None
    assert [s.mover for s in h[1:]] == [shashki.WHITE, shashki.BLACK, shashki.WHITE]
    assert [s.king_moved for s in h[1:]] == [False, True, True]
    assert isinstance(h[0], Snapshot)


def test_unknown_ruleset() -> None:
    with pytest.raises(draws.UnknownRuleset, match="known: code-2004, fmjd"):
        draws.ruleset("russian", "lidraughts")
    with pytest.raises(draws.UnknownRuleset):
        draws.ruleset("chess")


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international", "russian-giveaway"])
def test_every_variant_has_a_default_ruleset(variant: str) -> None:
    rs = draws.ruleset(variant)
    assert rs.rules[0].id == "threefold"
    assert all(r.article for r in rs.rules)
