"""Endgame databases: indexing, retrograde analysis against the rules, endgame theory.

The databases are built here (Russian up to 4 pieces, Brazilian up to 3: seconds) and
checked three ways: the index is a bijection on each slice; every stored value agrees
with the values after each legal move as Board generates them (won: some move to a lost
position, the fastest; lost: every move to a won one, the longest; drawn: no move to a
lost position and some to a draw) — local conditions that have the database as their only
solution, so a sample checks the whole; and known theory of the Russian game: three
kings against one win unless the lone king holds the main road (Petrov's triangle needs
it), two kings against one draw, a king does not lose to a man.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from shashki import WHITE, Board
from shashki.cli import main
from shashki.engine import Engine
from shashki.engine.egdb import Database, EgdbError, Result
from shashki.engine.egdb import kernels as K
from shashki.engine.egdb.tables import Layout, Material, materials, pairs

RNG_SEED = 20240607


@pytest.fixture(scope="module")
def ru4(tmp_path_factory: pytest.TempPathFactory) -> Database:
    return Database.build("russian", 4, tmp_path_factory.mktemp("egdb-ru"))


@pytest.fixture(scope="module")
def br3(tmp_path_factory: pytest.TempPathFactory) -> Database:
    return Database.build("brazilian", 3, tmp_path_factory.mktemp("egdb-br"))


def kings(white: tuple[int, ...], black: int, turn: str) -> Board:
    ws = ",".join(f"K{s}" for s in white)
    return Board("russian", f"{turn}:W{ws}:BK{black}")


def placements(db: Database, mat: Material) -> Iterator[tuple[list[int], list[int], bool, Result]]:
    """Every position of a slice, side to move as White: (its squares, the other side's
    squares, whether it is quiet — no capture for either side —, its stored result)."""
    from shashki.rules.kernels import G_BOARD, G_S1, G_S2, _has_capture

    lay = Layout(db.variant, db.pieces)
    gp = lay.gp(db.eg)
    values = lay.slice_of(db.eg, mat)
    geo, _ = db.variant.kernel_arrays()
    g = db.variant.geometry
    for i in range(lay.sizes[mat]):
        own, opp, kg, ok = K.position_at(i, mat.om, mat.ok, mat.pm, mat.pk, gp, lay.binom)
        if not ok:
            continue
        own, opp, kg = np.uint64(own), np.uint64(opp), np.uint64(kg)
        empty = geo[G_BOARD] & ~(own | opp)
        capture = (_has_capture(own & ~kg, own & kg, opp, empty, geo[G_S1], geo[G_S2])
                   or _has_capture(opp & ~kg, opp & kg, own, empty, geo[G_S1], geo[G_S2]))
        yield (g.squares_of(int(own)), g.squares_of(int(opp)), not capture,
               Result.from_byte(int(values[i])))


# --- indexing ------------------------------------------------------------------------


@pytest.mark.parametrize("mat", [Material(0, 2, 0, 1), Material(1, 1, 1, 0), Material(2, 0, 1, 0),
                                 Material(1, 0, 0, 2)])
def test_index_is_a_bijection_on_a_slice(mat: Material) -> None:
    from shashki.rules import RUSSIAN

    lay = Layout(RUSSIAN, 4)
    eg = lay.allocate()
    gp = lay.gp(eg)
    seen = 0
    for i in range(lay.sizes[mat]):
        own, opp, kg, ok = K.position_at(i, mat.om, mat.ok, mat.pm, mat.pk, gp, lay.binom)
        if not ok:
            continue
        seen += 1
        assert (own & opp) == 0 and ((own | opp) & ~np.uint64(RUSSIAN.geometry.board_mask)) == 0
        om, okk, pm, pk, j = K.position_index(own, opp, kg, False, gp, lay.binom)
        assert (om, okk, pm, pk, j) == (mat.om, mat.ok, mat.pm, mat.pk, i)
    # the holes are exactly the index values where an own man and an enemy man meet
    assert seen == _legal_count(mat)


def _legal_count(m: Material) -> int:
    """Positions of a material counted directly: own men on squares 5..32, enemy men on
    1..28 (not on their promotion rows), apart; kings on any free square."""
    from math import comb

    men = 0
    for om in combinations(range(5, 33), m.om):
        men += comb(len([s for s in range(1, 29) if s not in om]), m.pm)
    free = 32 - m.om - m.pm
    return men * comb(free, m.ok) * comb(free - m.ok, m.pk)


def test_building_order_leads_only_into_built_slices() -> None:
    """A promotion (a man becomes a king) and a capture (a piece goes, the capturing man
    maybe crowned) lead from a pair into pairs solved before it."""
    order = pairs(5)
    where = {m: i for i, pair in enumerate(order) for m in pair if m is not None}
    assert len(where) == len(materials(5))
    for m, i in where.items():
        after = []  # materials reached, with the other side to move
        if m.om:
            after.append(Material(m.pm, m.pk, m.om - 1, m.ok + 1))
        for pm, pk in ((m.pm - 1, m.pk), (m.pm, m.pk - 1)):
            if pm >= 0 and pk >= 0:
                after.append(Material(pm, pk, m.om, m.ok))
                if m.om:
                    after.append(Material(pm, pk, m.om - 1, m.ok + 1))
        for n in after:
            if n.om + n.ok and n.pm + n.pk:
                assert where[n] < i, (m, n)


# --- consistency with the rules -----------------------------------------------------


def _random_board(variant: str, pieces: int, rng: random.Random) -> Board:
    g = Board(variant).variant.geometry
    k = rng.randint(2, pieces)
    squares = rng.sample(range(1, g.squares + 1), k)
    nw = rng.randint(1, k - 1)
    toks: dict[str, list[str]] = {"W": [], "B": []}
    for i, s in enumerate(squares):
        col = "W" if i < nw else "B"
        _, rank = g.file_rank(s)
        promo = (col == "W" and rank == g.ranks - 1) or (col == "B" and rank == 0)
        king = promo or rng.random() < 0.5
        toks[col].append(("K" if king else "") + str(s))
    return Board(variant, f"{rng.choice('WB')}:W{','.join(toks['W'])}:B{','.join(toks['B'])}")


def _consistent(db: Database, board: Board) -> bool:
    """The value of ``board`` is the one its moves give (see the module docstring)."""
    r = db.probe(board)
    assert r is not None
    moves = board.legal_moves
    if not moves:  # Code 1.8.1: a side that cannot move has lost
        return r == Result("loss", 0)
    after = []
    for mv in moves:
        child = board.copy(stack=False)
        child.push(mv)
        c = db.probe(child)
        assert c is not None
        after.append(c)
    lost = [c.plies for c in after if c.outcome == "loss" and c.plies is not None]
    if lost:
        return r == Result("win", min(lost) + 1)
    if any(c.outcome == "draw" for c in after):
        return r == Result("draw", None)
    return r == Result("loss", max(c.plies or 0 for c in after) + 1)


@pytest.fixture(scope="module")
def int3(tmp_path_factory: pytest.TempPathFactory) -> Database:
    return Database.build("international", 3, tmp_path_factory.mktemp("egdb-int"))


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international"])
def test_every_value_agrees_with_the_moves(variant: str, ru4: Database, br3: Database,
                                           int3: Database) -> None:
    db = {"russian": ru4, "brazilian": br3, "international": int3}[variant]
    n = db.pieces
    rng = random.Random(RNG_SEED)
    outcomes: Counter[str] = Counter()
    for _ in range(1500):
        b = _random_board(variant, n, rng)
        assert _consistent(db, b), b.fen()
        r = db.probe(b)
        assert r is not None
        outcomes[r.outcome] += 1
    assert min(outcomes.values()) > 100  # wins, draws and losses all sampled


def _search(board: Board, depth: int) -> int:
    """Plain minimax: +1 if the side to move wins within ``depth`` plies, -1 if it loses
    within them, 0 if neither is forced."""
    moves = board.legal_moves
    if not moves:
        return -1
    if depth == 0:
        return 0
    best = -1
    for mv in moves:
        child = board.copy(stack=False)
        child.push(mv)
        v = -_search(child, depth - 1)
        if v > best:
            best = v
            if best == 1:
                break
    return best


def test_short_results_match_a_brute_force_search(ru4: Database) -> None:
    rng = random.Random(RNG_SEED + 1)
    checked: Counter[str] = Counter()
    while sum(checked.values()) < 120:
        b = _random_board("russian", 3, rng)
        r = ru4.probe(b)
        assert r is not None
        found = _search(b, 3)
        if r.plies is not None and r.plies <= 3:
            assert found == (1 if r.outcome == "win" else -1), b.fen()
        else:
            assert found == 0, b.fen()
        checked[r.outcome] += 1


def test_brazilian_differs_where_its_rules_do(ru4: Database, br3: Database) -> None:
    """White man h6 against Black men g7 and b4, White to move. In Russian the man is
    crowned on f8 in the middle of the capture and goes on as a king through the long
    diagonal to take b4 too (Code 1.5.15): won at once. In Brazilian it stops on f8 as a
    new king (rule 2: it could not go on capturing as a man) and the man on b4 draws."""
    fen = "W:W12:B8,17"
    assert ru4.probe(Board("russian", fen)) == Result("win", 1)
    assert br3.probe(Board("brazilian", fen)) == Result("draw", None)


# --- theory -------------------------------------------------------------------------


def test_three_kings_against_one_need_the_main_road(ru4: Database) -> None:
    """Russian draughts: three kings beat a lone king unless it holds the main road
    (a1-h8); Petrov's triangle catches it once it is off the road. Counted over every
    quiet placement (no capture for either side) with the three kings to move."""
    road = set(Board("russian").variant.geometry.main_road)
    tally: Counter[tuple[bool, bool, str]] = Counter()
    longest_shot = longest = 0
    for ws, (lone,), calm, r in placements(ru4, Material(0, 3, 0, 1)):
        if r.outcome == "win":
            longest = max(longest, r.plies or 0)
        if not calm:
            continue
        on_road = lone in road
        held = any(s in road for s in ws)
        tally[(on_road, held, r.outcome)] += 1
        if on_road and not held and r.outcome == "win":
            longest_shot = max(longest_shot, r.plies or 0)
    # off the road, or sharing it with a strong king: always won
    assert tally[(False, False, "draw")] == tally[(False, True, "draw")] == 0
    assert tally[(True, True, "draw")] == 0
    assert tally[(False, False, "win")] + tally[(False, True, "win")] > 40_000
    # on the road alone: drawn, but for short shots that catch it at once
    assert tally[(True, False, "draw")] > 25 * tally[(True, False, "win")] > 0
    assert longest_shot <= 9
    # the triangle itself takes time: the longest win is many moves deep
    assert longest >= 15


def test_two_kings_against_one_draw(ru4: Database) -> None:
    tally: Counter[str] = Counter()
    for _, _, calm, r in placements(ru4, Material(0, 2, 0, 1)):
        if calm:
            tally[r.outcome] += 1
            if r.outcome == "win":  # only shots: the lone king caught in a few plies
                assert (r.plies or 0) <= 7
    assert tally["loss"] == 0
    assert tally["draw"] > 0.9 * (tally["draw"] + tally["win"])


def test_a_king_does_not_lose_to_a_man(ru4: Database) -> None:
    tally: Counter[str] = Counter()
    for k in range(1, 33):
        for m in range(1, 29):  # a black man, on any square but White's first row
            if m != k:
                r = ru4.probe(Board("russian", f"W:WK{k}:B{m}"))
                assert r is not None
                tally[r.outcome] += 1
    assert tally["loss"] == 0 and tally["win"] > tally["draw"] > 0


def test_known_positions(ru4: Database) -> None:
    # a king on a1 against a king on h8, White to move: every move along the main road
    # is taken (Code 1.5.2: the king captures at a distance), so White loses
    assert ru4.probe(Board("russian", "W:WK29:BK4")) == Result("loss", 2)
    assert ru4.probe(Board("russian", "B:WK29:BK4")) == Result("loss", 2)
    # the shot c3-a1: the black king must take d4 and is taken back
    b = Board("russian", "W:WK22,K18,K27:BK4")
    assert ru4.probe(b) == Result("win", 3)
    assert b.move_text(ru4.best_move(b)) in ("c3-a1", "22-29")  # type: ignore[arg-type]
    # no move: lost at once (Code 1.8.1) — a white man on a3 blocked by b4 and c5
    assert ru4.probe(Board("russian", "W:W21:B17,14")) == Result("loss", 0)


def test_probe_outside_the_database(ru4: Database) -> None:
    assert ru4.probe(Board("russian")) is None
    assert not ru4.covers(Board("russian"))
    with pytest.raises(EgdbError, match="brazilian"):
        ru4.probe(Board("brazilian", "W:WK29:BK4"))


# --- files, API and command line ------------------------------------------------------


def test_open_reads_what_build_wrote(ru4: Database) -> None:
    assert ru4.directory is not None
    again = Database.open("russian", ru4.directory)
    assert again.pieces == 4
    assert np.array_equal(again.eg, ru4.eg)
    small = Database.open("russian", ru4.directory, pieces=3)
    b = Board("russian", "W:WK22,K18:BK4")
    assert small.probe(b) == ru4.probe(b)
    with pytest.raises(EgdbError, match="pieces 5"):
        Database.open("russian", ru4.directory, pieces=5)
    with pytest.raises(EgdbError, match="russian"):
        Database.open("brazilian", ru4.directory)


def test_bad_requests(tmp_path: Path) -> None:
    with pytest.raises(EgdbError, match="no endgame database"):
        Database.open("russian", tmp_path)
    with pytest.raises(EgdbError, match="giveaway"):
        Database.build("russian-giveaway", 3, tmp_path)
    with pytest.raises(EgdbError, match="pieces 1"):
        Database.build("russian", 1, tmp_path)


def test_cli_build_and_probe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = str(tmp_path / "db")
    assert main(["egdb", "build", "--variant", "russian", "--pieces", "3", "--dir", d,
                 "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["positions"] == info["wins"] + info["draws"] + info["losses"] > 100_000
    assert main(["egdb", "probe", "--fen", "W:WK22,K18:BK4", "--dir", d, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] in ("win", "draw", "loss") and out["best"]
    assert main(["egdb", "probe", "--fen", "W:WK29:BK4", "--dir", d]) == 0
    text = capsys.readouterr().out
    assert "loss" in text or "проигрыш" in text


@pytest.mark.parametrize("argv, token", [
    (["egdb", "build", "--variant", "russian", "--pieces", "1"], "pieces 1"),
    (["egdb", "build", "--variant", "chess", "--pieces", "3"], "chess"),
    (["egdb", "build", "--variant", "international", "--pieces", "9"], "pieces 9"),
    (["egdb", "probe", "--fen", "W:WK29:BK4:X"], "X"),
])
def test_cli_bad_input(argv: list[str], token: str, tmp_path: Path,
                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main([*argv, "--dir", str(tmp_path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert token in err and err.count("\n") == 1


def test_cli_probe_errors(ru4: Database, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["egdb", "probe", "--fen", "W:WK29:BK4", "--dir", str(tmp_path)])
    assert e.value.code == 2 and "no endgame database" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["egdb", "probe", "--fen", "W:W21-32:B1-12", "--dir", str(ru4.directory)])
    assert e.value.code == 2 and "24" in capsys.readouterr().err


# --- the search ----------------------------------------------------------------------


def test_search_scores_from_the_database(ru4: Database) -> None:
    """With the tables the search knows at once what it could not see: the Petrov win of
    three kings against one (here 15+ plies deep) is scored as a win at depth 2, with
    the exact distance, in fewer nodes."""
    from shashki.engine.search import MATE

    deep = None
    for lone in (1, 5, 6, 10):
        for ws in combinations([s for s in range(1, 33) if s != lone], 3):
            r = ru4.probe(kings(ws, lone, "W"))
            if r is not None and r.outcome == "win" and (r.plies or 0) >= 13:
                deep = (kings(ws, lone, "W"), r)
                break
        if deep:
            break
    assert deep is not None
    board, r = deep
    plain = Engine("russian", hash_mb=4).analyse(board, depth=4)
    eng = Engine("russian", hash_mb=4)
    eng.set_egdb(ru4)
    with_db = eng.analyse(board, depth=4)
    assert with_db.score.value == MATE - (r.plies or 0) or with_db.score.wins_in == r.moves
    assert plain.score.wins_in is None  # the plain search sees no win this shallow
    assert with_db.nodes < plain.nodes
    assert with_db.bestmove is not None
    child = board.copy(stack=False)
    child.push(with_db.bestmove)
    assert ru4.probe(child) == Result("loss", (r.plies or 0) - 1)


@pytest.mark.slow
def test_russian_five_pieces(tmp_path: Path) -> None:
    """The full Russian database of up to five pieces (about two CPU minutes): its size,
    and its values against the moves on random five-piece positions."""
    db = Database.build("russian", 5, tmp_path)
    assert db.report is not None and db.report.positions == 145_859_644
    rng = random.Random(RNG_SEED + 5)
    for _ in range(3000):
        b = _random_board("russian", 5, rng)
        assert _consistent(db, b), b.fen()


# --- the arbiter ---------------------------------------------------------------------


def _main_road_game(db: Database, lone_stays: bool) -> Board:
    """Three kings against a lone king on the main road; White plays the database's best
    move (or a drawing one), Black keeps its king on the road (``lone_stays``) or leaves
    it at once; five White moves."""
    road = set(db.variant.geometry.main_road)
    b = Board("russian", "W:WKc1,Ke1,Kh2:BKa1")
    for _ in range(9):
        moves = db.moves(b)
        assert moves
        if b.turn == 0:  # among the best moves, one that gives nothing away
            best = moves[0][1].outcome
            safe = []
            for m, r in moves:
                child = b.copy(stack=False)
                child.push(m)
                if r.outcome == best and not child.has_capture():
                    safe.append(m)
            pick = (safe or [moves[0][0]])[0]
        else:
            options = [m for m, _ in moves if (m.end in road) == lone_stays]
            options = options or [m for m, _ in moves]
            pick = options[0]
        b.push(pick)
    return b


def test_code_main_road_rule_by_the_database(ru4: Database) -> None:
    """Code 1.9.1.5: the stronger side's 5th move must reach a winning position. With the
    lone king kept on the road it does not (drawn, as the rule without a database says
    too); once the lone king has left the road the position is won and play goes on."""
    from shashki.draws import CODE_2004, history
    from shashki.engine.egdb.arbiter import code_ruleset, winning

    g = ru4.variant.geometry
    rules = code_ruleset(ru4)
    held = _main_road_game(ru4, lone_stays=True)
    d = rules.check(history(held), g)
    assert d is not None and d.rule == "main-road" and "database" in d.detail
    assert CODE_2004.check(history(held), g) is not None
    assert winning(ru4, held.position, WHITE) is False
    left = _main_road_game(ru4, lone_stays=False)
    assert winning(ru4, left.position, WHITE) is True
    assert rules.check(history(left), g) is None
    assert winning(ru4, Board("russian").position, WHITE) is None


def test_find_the_default_directory(ru4: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ru4.directory is not None
    monkeypatch.setenv("SHASHKI_EGDB", str(ru4.directory.parent / "elsewhere"))
    assert Database.find("russian") is None
    (ru4.directory.parent / "nest").mkdir(exist_ok=True)
    link = ru4.directory.parent / "nest" / "russian"
    if not link.exists():
        link.symlink_to(ru4.directory)
    monkeypatch.setenv("SHASHKI_EGDB", str(ru4.directory.parent / "nest"))
    found = Database.find("russian", pieces=3)
    assert found is not None and found.pieces == 3
    assert Database.find("russian", pieces=3) is found
    from shashki.engine.egdb import probe

    assert probe(Board("russian", "W:WK22,K18,K27:BK4")) == Result("win", 3)
    assert probe(Board("russian")) is None


def test_an_interrupted_build_opens_up_to_what_is_complete(ru4: Database, tmp_path: Path) -> None:
    import shutil

    from shashki.engine.egdb.tables import read_manifest, write_manifest

    assert ru4.directory is not None
    d = tmp_path / "cut"
    shutil.copytree(ru4.directory, d)
    doc = read_manifest(d)
    assert doc is not None
    del doc["slices"]["0301"]  # a 4-piece slice not written yet
    write_manifest(d, doc)
    db = Database.open("russian", d)
    assert db.pieces == 3
    with pytest.raises(EgdbError, match="pieces 4"):
        Database.open("russian", d, pieces=4)
    again = Database.build("russian", 4, d)  # resumes: solves what is missing
    assert np.array_equal(again.eg, ru4.eg)


def test_a_match_engine_probes_the_database_it_is_given(ru4: Database, tmp_path: Path) -> None:
    """``shashki match``'s ``egdb=DIR`` hands the tables to the engine (``off``, the
    default, does not): with them the deepest 3-v-1 Petrov win is seen at depth 4."""
    from shashki.engine.match import MatchError, make_player
    from shashki.engine.players import parse_spec

    board = Board("russian", "W:WK4,K7,K11:BK21")
    with_db = make_player(parse_spec(f"shashki,egdb={ru4.directory}"), "russian")
    plain = make_player(parse_spec("shashki,egdb=off"), "russian")
    seen = with_db.engine.analyse(board, depth=4)  # type: ignore[attr-defined]
    assert seen.score.wins_in == ru4.probe(board).moves  # type: ignore[union-attr]
    assert plain.engine.analyse(board, depth=4).score.wins_in is None  # type: ignore[attr-defined]
    with pytest.raises(MatchError, match="neither auto, off nor a directory"):
        parse_spec(f"shashki,egdb={tmp_path / 'nowhere'}")
    with pytest.raises(MatchError, match="no endgame database"):
        make_player(parse_spec(f"shashki,egdb={tmp_path}"), "russian")
