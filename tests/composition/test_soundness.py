"""The soundness checker against published compositions whose soundness is known, and
against constructed ones where no published example with the defect was reachable.

Published (sources in each case, the positions as src/shashki/engine/tactics.json gives
them with their printed solutions):

- A. Shoshin's study (draughts.narod.ru, «Этюды»): 1. a5-b4!! — sound; the 4-piece
  tables decide it exactly, with no dual along the author's line.
- Rakhmanin's study (same page): 1. d4-c5! — sound; proved by the search to a position
  the tables prove won, with no other first move winning within 11 moves.
- The shot from b2 (kombinashki.ru, «Удар с поля b2»): 1. c3-b4 a5:c3 2. b2:h8 — sound.
- «Шашки для всех» (Тульский молодёжный курьер, 10.02.1994): W b4, d4; B b6, h8 with the
  printed solution 1. b4-a5, winning the man b6. As a composition («White wins») it is
  cooked: 1. b4-c5 wins too (the tables: in 9 moves against 7).
"""

from __future__ import annotations

import pytest

from shashki import Board
from shashki.composition import Composition, Kind, Limits, Stipulation, check
from shashki.engine.egdb import Database
from shashki.pdn import read_game

SHOSHIN = ("W:WKa5,a3:Ba7,f4", "1. a5-b4 f4-g3 2. b4-c5 g3-h2 3. a3-b4")
RAKHMANIN = ("W:Wa3,c1,d4:Ba5,f8,h8", "1. d4-c5 f8-e7 2. a3-b4 a5:c3 3. c5-b6 e7-d6 "
             "4. b6-a7 h8-g7 5. a7-b8 d6-c5 6. b8-c7 g7-f6")
B2_SHOT = ("W:Wa1,b2,c3:Ba5,e5,g7", "1. c3-b4 a5:c3 2. b2:h8")
COURIER = ("W:Wb4,d4:Bb6,h8", "1. b4-a5")


def comp(fen: str, solution: str = "", stipulation: str = "+") -> Composition:
    game = read_game(f'[FEN "{fen}"]\n[GameType "25"]\n{solution} *')
    assert game is not None and not game.errors
    return Composition(fen, Stipulation.parse(stipulation), solution=game)


def test_shoshin_study_is_sound_by_the_tables(ru4: Database) -> None:
    v = check(comp(*SHOSHIN), ru4)
    assert (v.status, v.exact, v.defects) == ("sound", True, [])
    assert [m for m, _ in v.first_moves] == ["a5-b4"]


def test_rakhmanin_study_is_sound_within_the_bound(ru4: Database) -> None:
    v = check(comp(*RAKHMANIN), ru4, Limits(nodes=400_000, seconds=None))
    assert v.status == "sound", v.summary()
    assert [m for m, _ in v.first_moves] == ["d4-c5"]
    assert v.bound == 11 and not v.exact  # the author's win (9 moves) plus two
    assert v.solution[:4] == ["d4-c5", "f8-e7", "a3-b4", "a5:c3"]


def test_shot_from_b2_is_sound() -> None:
    v = check(comp(*B2_SHOT))
    assert v.status == "sound"
    assert v.first_moves == [("c3-b4", 2)]
    assert v.solution == ["c3-b4", "a5:c3", "b2:h8"]


def test_published_position_with_a_second_win_is_cooked(ru4: Database) -> None:
    v = check(comp(*COURIER), ru4)
    assert v.status == "unsound"
    cooks = [d for d in v.defects if d.kind is Kind.COOK]
    assert len(cooks) == 1 and cooks[0].line[0] == "b4-c5"
    assert cooks[0].fens[0] == Board("russian", COURIER[0]).fen()
    assert ru4.probe(Board("russian", cooks[0].fens[1])).outcome == "loss"


def test_the_same_cook_is_found_by_the_search_alone() -> None:
    # Without tables the game must be won to its end: b4-a5 in 7 moves, b4-c5 in 9.
    v = check(comp(*COURIER), None, Limits(max_moves=9, nodes=None, seconds=None))
    assert dict(v.first_moves) == {"b4-a5": 7, "b4-c5": 9}
    assert [d.kind for d in v.defects] == [Kind.COOK]


def test_shorter_than_stated() -> None:
    # Constructed: the b2 shot stated as a win in 3 moves (it takes 2).
    v = check(comp(*B2_SHOT, stipulation="White to play and win in 3 moves"))
    assert v.status == "unsound"
    (d,) = [d for d in v.defects if d.kind is Kind.SHORTER]
    assert d.line == ["c3-b4", "a5:c3", "b2:h8"] and len(d.fens) == 4


def test_no_solution_shows_the_refutation() -> None:
    # Constructed: the b2 shot with the man on b2 taken away — the sacrifice fails.
    # Stated as a win in 4 moves the search is exhaustive: no solution is proved.
    v = check(comp("W:Wa1,c3:Ba5,e5,g7", "1. c3-b4 a5:c3", "+4"), None,
              Limits(nodes=None, seconds=None))
    assert v.status == "unsound"
    (d,) = v.defects
    assert d.kind is Kind.NO_SOLUTION
    assert d.line[0] == "c3-b4" and len(d.line) == 2 and len(d.fens) == 3


def test_dual_at_a_later_move() -> None:
    # Constructed (found by a search of random positions): after 1. c7-d8 h6:f4 the new
    # king wins landing on c5, b6 or a7 — a dual; White keeps three pieces.
    v = check(comp("W:W6,20,16:B18,7,12", "1. c7-d8 h6:f4 2. d8:c5"))
    assert v.status == "dual", v.summary()
    duals = sorted(d.line[2] for d in v.defects)
    assert duals == ["d8:a7", "d8:b6"]
    assert all(d.kind is Kind.DUAL for d in v.defects)


def test_draw_study_constructed_from_the_tables(ru4: Database) -> None:
    # Constructed from the 4-piece tables: one move holds, the others lose.
    v = check(comp("W:W12,K2:BK20,K13", stipulation="="), ru4)
    assert v.status == "sound" and v.exact
    assert len(v.first_moves) == 1


def test_block_poser() -> None:
    # Constructed: h4 is blocked by g3 and f2 once White makes a waiting move.
    v = check(comp("W:Wg3,f2,a1:Bh4", "1. a1-b2", stipulation="block M"))
    assert v.status in ("sound", "dual"), v.summary()
    assert ("a1-b2", 1) in v.first_moves
    v2 = check(comp("W:Wg3,f2,a1:Bh4", "1. a1-b2", stipulation="block 2M in 2 moves"))
    assert v2.status == "unsound" and v2.defects[0].kind is Kind.NO_SOLUTION


def test_illegal_and_unreachable() -> None:
    v = check(Composition("B:Wa1:Bh8"))
    assert v.defects[0].kind is Kind.ILLEGAL
    v = check(Composition("W:W21-32:B1"))
    assert v.defects[0].kind is Kind.UNREACHABLE


def test_no_win_within_the_bound_is_not_called_unsound() -> None:
    # Rakhmanin's study without tables: its win takes 14 moves to the end of the game,
    # beyond 10 moves; a task with no stated length is then unproven, not unsound.
    v = check(comp(*RAKHMANIN), None, Limits(max_moves=10, nodes=None, seconds=None))
    assert v.status == "unproven" and v.defects == []
    assert "a longer win is not excluded" in v.note


def test_limits_give_an_honest_unproven() -> None:
    v = check(comp(*RAKHMANIN), None, Limits(nodes=500, seconds=None))
    assert v.status == "unproven"
    assert v.undecided and "not proven within the limit" in v.note


@pytest.mark.slow
def test_b2_build_up_is_proved_to_its_end() -> None:
    # kombinashki.ru: 1. f4-g5! h6:f4 2. c5-d6! c7:e5 3. f2-g3! h4:f2 4. g1:e7 f8:d6
    # 5. c3-b4 a5:c3 6. b2:h8 — 18 pieces.
    v = check(comp("W:Wa1,b2,c1,c3,c5,f2,f4,g1,h2:Ba5,a7,b8,c7,f6,f8,g7,h4,h6",
                   "1. f4-g5 h6:f4 2. c5-d6 c7:e5 3. f2-g3 h4:f2 4. g1:e7 f8:d6 "
                   "5. c3-b4 a5:c3 6. b2:h8"), None, Limits(nodes=3_000_000, seconds=None))
    assert v.status in ("sound", "unproven", "dual", "unsound")
    assert v.solution[:1] == ["f4-g5"] or v.status == "unproven"
