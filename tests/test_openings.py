"""Ballot tables: every entry replayed with shashki's move generator.

Known problems (shashki/openings/tables/README.md, decisions in docs/rules.md B1-B2): five
FENs of the files put Black to move where the replay gives White, and IDF 2-IV's FEN
belongs to other moves.
Every move of every table is legal under its variant's rules.
"""

from __future__ import annotations

import pytest

from shashki.openings import TABLES, BallotError, Entry, check_table, entry, load, replay

EXPECTED_COUNTS = {"fmjd-russian": 736, "fmjd-brazilian": 725, "idf-150": 150,
                   "idf-russian": 745, "idf-brazilian": 736, "idf-150-pydraughts": 150}

KNOWN = {
    "fmjd-russian": {"22-XV", "45-IX"},
    "fmjd-brazilian": {"22-XV", "45-IX"},
    "idf-150": {"2-IV"},
    "idf-150-pydraughts": {"2-IV"},
    "idf-russian": {"II-1", "XX-18", "XXVII-9"},
    "idf-brazilian": {"II-1", "XX-18", "XXVII-9"},
}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_entry_replays(table: str) -> None:
    assert len(load(table)) == EXPECTED_COUNTS[table]
    problems = check_table(table)
    codes = {p.split(":")[0].split()[1] for p in problems}
    assert codes == KNOWN[table], problems
    # The known ones are FEN disagreements, never illegal moves.
    assert all("replay gives" in p for p in problems)


def test_known_side_to_move_problem() -> None:
    e = entry("fmjd-russian", "22-XV")
    assert e.moves == ("e3-a5", "e7-g5")
    assert e.fen.startswith("B:")
    assert replay(e).fen().startswith("W:")


def test_relocation() -> None:
    board = replay(entry("idf-russian", "XXXIII-8"))  # --- h6-h4
    assert board.piece_at("h4") is not None and board.piece_at("h6") is None
    assert board.fen().startswith("W:")


def test_free_entry_is_the_initial_position() -> None:
    e = entry("idf-150", "5-VII")
    assert e.moves == ()
    assert replay(e).fen() == replay(Entry("idf-150", "x", (), "")).fen()


def test_brazilian_table_excludes_majority_capture_entries() -> None:
    russian = {e.code for e in load("fmjd-russian")}
    brazilian = {e.code for e in load("fmjd-brazilian")}
    assert russian - brazilian == {"1-IX", "4-XV", "5-IX", "5-XI", "19-V", "25-XIII", "30-XVI",
                                   "40-XIV", "41-XIII", "42-XIV", "43-II"}
    # Under majority capture at least one of them is not playable as written.
    bad = 0
    for code in sorted(russian - brazilian):
        try:
            replay(entry("fmjd-russian", code), "brazilian")
        except BallotError:
            bad += 1
    assert bad >= 1


def test_illegal_token_is_named() -> None:
    with pytest.raises(BallotError, match="move 'ah4'"):
        replay(Entry("fmjd-russian", "X", ("ah4",), ""))
