"""The lone-king table's recipe: the endgame tables in, the shipped file's hashes out."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from shashki.engine.egdb import Database
from shashki.engine.lone_king import load, table_hash
from shashki.engine.lone_king_fit import fit, main, off_road, positions
from shashki.rules import variant_by_name


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    return Database.build("russian", 4, tmp_path_factory.mktemp("egdb4"))


def _shipped() -> tuple[np.ndarray, dict]:
    res = resources.files("shashki.engine").joinpath("learned", "russian-lone-king.npz")
    with res.open("rb") as f:
        return load(f)


def test_positions_are_every_placement_with_the_tables_result(db: Database) -> None:
    data = positions(db)
    # 32 squares for the lone king, 3 of the other 31 for the kings, either side to move
    assert data.shape == (32 * 4495 * 2, 6)
    g = variant_by_name("russian").geometry
    road = {g.bit(s) for s in g.main_road}
    off = np.array([b not in road for b in data[:, 1]])
    kings_move = data[:, 0] == 1
    # with the kings to move, the lone king off the main road is lost (Petrov's
    # triangle) in almost every position, within Code 1.9.1.3's 15 moves
    won = data[kings_move & off, 5] >= 0
    assert won.mean() > 0.99
    assert data[kings_move & off, 5].max() == 25
    # on the main road it holds unless it is caught at once
    on_road = data[kings_move & ~off, 5]
    assert 0.2 < (on_road < 0).mean() < 0.4 and on_road.max() <= 9


def test_the_recipe_gives_the_shipped_hashes(db: Database) -> None:
    """Issue 17: the training recipe reproduces the weights' hash."""
    table, meta = _shipped()
    data = positions(db)
    assert table_hash(data) == meta["data_hash"]
    again = fit("russian", data)
    assert table_hash(again) == meta["weights_hash"]
    assert np.array_equal(again, table)


def test_brazilian_tables_give_the_same_positions(tmp_path: Path) -> None:
    """Kings alone capture alike in Russian and Brazilian, so Brazilian takes Russian's
    file (:func:`shashki.engine.lone_king.table_for`)."""
    _table, meta = _shipped()
    br = Database.build("brazilian", 4, tmp_path)
    assert table_hash(positions(br)) == meta["data_hash"]


def test_the_fit_follows_the_plies(db: Database) -> None:
    data = positions(db)
    table = fit("russian", data)
    rows = data[(data[:, 0] == 1) & off_road("russian", data) & (data[:, 5] >= 0)]
    est = (table[1, 2, 0, 0] + table[1, 0, rows[:, 1], rows[:, 2]]
           + table[1, 0, rows[:, 1], rows[:, 3]] + table[1, 0, rows[:, 1], rows[:, 4]]
           + table[1, 1, rows[:, 2], rows[:, 3]] + table[1, 1, rows[:, 2], rows[:, 4]]
           + table[1, 1, rows[:, 3], rows[:, 4]]) / 16
    # a rough fit (about 4.4 plies off against a spread of 8), but the right slope
    assert np.corrcoef(est, rows[:, 5])[0, 1] > 0.8
    assert np.sqrt(np.mean((est - rows[:, 5]) ** 2)) < 5.0


def test_command_line_writes_a_loadable_file(tmp_path: Path, db: Database,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.npz"
    assert main(["--variant", "russian", "--out", str(out), "--dir",
                 str(db.directory)]) == 0
    _table, meta = load(out)
    assert meta["variant"] == "russian" and meta["weights_hash"] == _shipped()[1]["weights_hash"]
    assert "russian: 287,680 positions" in capsys.readouterr().out
