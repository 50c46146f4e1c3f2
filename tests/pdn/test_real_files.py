"""Real PDN files from the field (../shared/data/real-pdn/): counts, positions, damage.

* Per file, the number of games equals the number its README table gives (counted there by
  a simple splitter of its own, not by shashki).
* Every game shashki reads without an error ends in the position that py-draughts 1.10.1
  reaches, by its own PDN reader (``Board.from_pdn``) where it can read the game, else by
  playing shashki's moves on its own board (each move must be one of py-draughts' legal
  moves).
* The damaged games are each reported once, with the reason; the games of variants
  shashki does not play never pass silently as Russian.
"""

from __future__ import annotations

import io
import re
from functools import cache
from typing import Any

import pytest
from tests.pdn.realfiles import REAL, peers

from shashki.pdn import (
    ChildNode,
    Game,
    PdnMoveError,
    PdnReader,
    Quirk,
    iter_games,
    read_game,
    write_game,
)

pytestmark = pytest.mark.skipif(not (REAL / "README.md").is_file(),
                                reason=f"the real PDN files are not there ({REAL})")



def table() -> dict[str, int]:
    """``{folder/file: games}`` from the README's table."""
    out: dict[str, int] = {}
    if not (REAL / "README.md").is_file():
        return out
    for line in (REAL / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 2 and cells[0].endswith(".pdn") and cells[1].isdigit():
            out[cells[0]] = int(cells[1])
    return out


TABLE = table()
FILES = sorted(TABLE)


@cache
def read(name: str) -> list[Game]:
    return list(iter_games(REAL / name))


def test_the_table_lists_every_file() -> None:
    on_disk = sorted(str(p.relative_to(REAL)) for p in REAL.glob("*/*.pdn"))
    assert on_disk == FILES
    assert sum(TABLE.values()) == 1133  # the README's total


@pytest.mark.parametrize("name", FILES)
def test_games_in_each_file(name: str) -> None:
    """Item 1: a damaged game is one game; the count is the file's, not 20 times it."""
    games = read(name)
    assert len(games) == TABLE[name]
    assert [g.index for g in games] == list(range(len(games)))


# --- damage: reported once a game --------------------------------------------------------

DAMBO = [n for n in FILES if "bruno__games_" in n or "bruno__Mini" in n]


@pytest.mark.parametrize("name", DAMBO)
def test_literal_cr_exports_are_read_with_one_warning_a_game(name: str) -> None:
    """Toernooibase/Dambo exports: the text ``\\r`` after the lines is skipped, once a game
    (98 games, not 1,862 errors); every game reads and keeps its Result tag."""
    games = read(name)
    assert all(not g.errors for g in games)
    for g in games:
        cr = [w for w in g.warnings if w.kind is Quirk.LITERAL_CR]
        assert len(cr) == 1 and cr[0].count >= 1 and cr[0].text == "\\r"
        if "games_" in name:  # every game ends with '*' while its tag is decided
            (m,) = [w for w in g.warnings if w.kind is Quirk.RESULT_MISMATCH]
            assert g.result in ("2-0", "1-1", "0-2") and m.text == "*"


def test_dambo_pseudo_tags_and_a_tag_without_its_bracket() -> None:
    games = read("international/bruno__games_4.pdn")
    kinds = [[w.kind for w in g.warnings] for g in games]
    assert Quirk.EMPTY_TAG in kinds[1]
    bare = [w for w in games[10].warnings if w.kind is Quirk.TAG_BRACKET]
    assert len(bare) == 1 and bare[0].line == 212
    assert games[10].headers["Event"] == "Veteranenkampioenschap van Suriname 2025"
    seven = read("international/bruno__games_7.pdn")
    assert sum(w.kind is Quirk.EMPTY_TAG for g in seven for w in g.warnings) == 2
    assert sum(w.count for g in seven for w in g.warnings if w.kind is Quirk.EMPTY_TAG) == 3


def test_brigitte_tag_block_interrupted_by_a_blank_line() -> None:
    (g,) = read("international/bruno__Brigitte.pdn")
    assert not g.errors and g.result == "0-2"  # ' 0-1' on 10x10
    assert g.headers["PlyCount"] == "87" and g.ply_count() == 86  # the tag counts one more
    assert {w.kind for w in g.warnings} == {Quirk.TAG_BLANK_LINE, Quirk.RESULT_SPACE,
                                           Quirk.VARIANT_ASSUMED}


def test_polish_results_and_tags_on_one_line() -> None:
    games = read("international/bruno__48th_Polish_Team_Championship.part1.pdn")
    assert all(not g.errors for g in games)
    assert all(any(w.kind is Quirk.TAGS_ON_ONE_LINE for w in g.warnings) for g in games)
    dashes = [g.index for g in games if g.result == "-"]
    assert dashes == [16, 18]
    for i in dashes:  # '-' ends the movetext: the result, not an unknown move
        g = games[i]
        assert g.end().move is not None
        assert [w.kind for w in g.warnings if w.kind is Quirk.RESULT_NONSTANDARD]


def test_padded_square_numbers() -> None:
    games = read("international/halbersma-succeed__candidate95.pdn")
    assert all(not g.errors for g in games)
    padded = [g for g in games if any(w.kind is Quirk.PADDED_SQUARE for w in g.warnings)]
    assert len(padded) == 8
    g = games[0]
    texts = [n.move_text() for n in g.mainline()]
    assert texts[7] == "1-7" and texts[-1] == "2-11"  # '4. ... 1- 7', '56.  2-11'


def test_the_windows_1251_file_transcoded_to_cp866() -> None:
    """Item 7: the same games from the DOS code page, detected on its own."""
    name = "russian/halbersma-fail__abatsiev.cp1251.pdn"
    reader = PdnReader(io.BytesIO((REAL / name).read_bytes().decode("cp1251").encode("cp866")))
    games = list(reader)
    assert reader.encoding == "cp866"
    assert games == read(name) and games[0].headers["Black"] == "Абациев Н."


# --- positions: py-draughts agrees ------------------------------------------------------

_FEN_TAG = re.compile(r'\[\s*FEN\s*"[^"]*"\s*\]', re.IGNORECASE)
#: Games py-draughts' own reader cannot read, and why; their moves are replayed on its board.
PEER_READER_CANNOT = {
    # '49. 15x33x31' names a landing square of the route (15, 33, 22, 31): PDN's reading
    # grammar allows a partial path, py-draughts wants all of it.
    ("international/bruno__29eme_Open_d_Avignon_2014.pdn", 39),
}


@cache
def board_class(variant: str) -> Any:
    try:
        mods = peers.load(peers.PY_DRAUGHTS)
    except peers.PeerMissing as e:
        pytest.skip(str(e))
    module = {"russian": "draughts.boards.russian", "brazilian": "draughts.boards.brazilian",
              "international": "draughts.boards.standard"}[variant]
    return mods[module].Board


def peer_fen(board: Any) -> str:
    fen: str = board.fen
    return fen[len('[FEN "'):-len('"]')]


def by_peer_reader(game: Game) -> str:
    """The final position by py-draughts' PDN reader, from the game's own text (its FEN tag
    replaced by shashki's reading of it: py-draughts reads no trailing dot)."""
    text = f'[FEN "{game.board().fen()}"]\n' + _FEN_TAG.sub("", game.raw or "")
    return peer_fen(board_class(game.variant.name).from_pdn(text))


def known(game: Game) -> list[ChildNode]:
    """The main line up to its first unknown move ('77. ...', '1. - -'): py-draughts skips
    those, so it reaches the position before them."""
    out = []
    for node in game.mainline():
        if node.move is None:
            break
        out.append(node)
    return out


def known_end_fen(game: Game) -> str:
    nodes = known(game)
    return nodes[-1].board().fen() if nodes else game.board().fen()


def by_peer_board(game: Game) -> str:
    """The final position by py-draughts' board, playing shashki's moves: each must be one
    of its legal moves (same start, end and captured pieces)."""
    board = board_class(game.variant.name).from_fen(game.board().fen())
    for node in known(game):
        move = node.move
        assert move is not None
        key = (move.start, move.end, move.captured)
        legal = [m for m in board.legal_moves
                 if (m.square_list[0] + 1, m.square_list[-1] + 1,
                     frozenset(c + 1 for c in m.captured_list)) == key]
        assert legal, f"py-draughts has no move {key} in {peer_fen(board)}"
        board.push(legal[0])
    return peer_fen(board)


def readable() -> list[Any]:
    return [pytest.param(name, id=name.split("/")[-1]) for name in FILES]


@pytest.mark.parametrize("name", readable())
def test_final_positions_agree_with_py_draughts(name: str) -> None:
    checked = 0
    for g in read(name):
        if g.errors:
            continue
        ours = known_end_fen(g)
        if (name, g.index) in PEER_READER_CANNOT:
            with pytest.raises(ValueError):
                by_peer_reader(g)
            assert by_peer_board(g) == ours
        else:
            assert by_peer_reader(g) == ours, (name, g.index)
        checked += 1
    assert checked or TABLE[name] == sum(bool(g.errors) for g in read(name))


def test_how_many_games_were_checked_by_py_draughts() -> None:
    """1,133 games: 1,009 read and checked against py-draughts (one of them of unknown moves
    only, one ending with one), 124 broken (shashkispark's test data 11, Cat.A1 1, Czech 69,
    English 43)."""
    games = [g for n in FILES for g in read(n)]
    broken = [g for g in games if g.errors]
    unknown = [g for g in games if not g.errors and any(n.move is None for n in g.mainline())]
    assert (len(games), len(broken), len(unknown)) == (1133, 124, 2)


# --- what does not read, and why --------------------------------------------------------

#: The games of the international and russian folders that do not read: every one is a
#: real fault of its source (shashkispark's files are a web project's test data).
NOT_READ = {
    "russian/shashkispark__example.pdn": {0: "illegal move '32x28x22x32': no piece on 32"},
    "russian/shashkispark__example_multivariants2.pdn": {0: "a variation before any move"},
    # GameType '20,W,0,0,N,0' is read (R20); White has no man on 28
    "russian/shashkispark__fork_inter_1_3.pdn": {0: "illegal move '28-22': no piece on 28"},
    "russian/shashkispark__notation_comment.pdn": {0: "illegal move '12x12'"},
    "russian/shashkispark__notation_undo1.pdn": {0: "unexpected '3'",
                                                  1: "illegal move 'h4-f6': no piece on h4"},
    "russian/shashkispark__notation_variant.pdn": {
        0: "square 'e4' is not a playable dark square"},
    "russian/shashkispark__notation_variant_nested.pdn": {
        0: "unexpected '3'", 1: "illegal move 'a1-d4'", 2: "illegal move 'e3-f4'"},
    "russian/shashkispark__notation_variant_with_one_move.pdn": {0: "unexpected '3'"},
    # '3. 8-3 . 1-0': a stray dot in the source
    "unsupported/halbersma-fail__Cat.A1.pdn": {29: "unexpected '.'"},
}


@pytest.mark.parametrize("name", [n for n in FILES if not n.startswith("unsupported/")
                                  or "Cat.A1" in n])
def test_what_does_not_read(name: str) -> None:
    broken = {g.index: g.errors[0].message for g in read(name) if g.errors}
    expected = NOT_READ.get(name, {})
    assert sorted(broken) == sorted(expected)
    for index, text in expected.items():
        assert text in broken[index]


def test_cat_a1_international_problems_read_as_such() -> None:
    games = read("unsupported/halbersma-fail__Cat.A1.pdn")
    assert {g.variant.name for g in games} == {"international"}
    assert sum(not g.errors for g in games) == 34


@pytest.mark.parametrize("name", ["unsupported/halbersma-fail__mrdrcd08.pdn",
                                  "unsupported/halbersma-succeed__mrcd2006.pdn",
                                  "unsupported/halbersma-succeed__OCA_2.0.pdn",
                                  "unsupported/halbersma-succeed__bridges.pdn"])
def test_other_variants_never_pass_silently_as_russian(name: str) -> None:
    """Item 6: Czech and English games without a GameType tag. Each one is broken, with a
    message saying Russian was only assumed, or read with the warning that says so."""
    games = read(name)
    for g in games:
        assert g.variant.name == "russian"
        if g.errors:
            assert isinstance(g.errors[0], PdnMoveError)
            assert "(no GameType tag: read as Russian draughts" in g.errors[0].message
        else:
            (w,) = [w for w in g.warnings if w.kind is Quirk.VARIANT_ASSUMED]
            assert w.message.startswith("no GameType tag: read as Russian draughts")
    if "OCA" in name:  # English: Black moves first ('1. 11-15'), never legal as Russian
        assert all(g.errors for g in games)
        assert all("the piece on" in g.errors[0].message for g in games)


# --- the writer -------------------------------------------------------------------------


@pytest.mark.parametrize("name", readable())
def test_every_game_read_is_written_back_identical(name: str) -> None:
    """Item 8: the writer round-trips every game read, those without a terminator and
    those ending with '-' too."""
    for g in read(name):
        if g.errors:
            continue
        text = write_game(g)
        again = read_game(text)
        assert again is not None and again.errors == [], (g.index, text)
        assert again == g, (g.index, text)
