"""Texel tuning: self-play records, samples, the fit on data with known weights, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from shashki.engine import tune
from shashki.engine.evaluate import OPTIONAL_TERMS, feature_names, weight_vector, weights_for


@pytest.fixture(scope="module")
def games() -> list[tune.GameRecord]:
    return tune.self_play("russian", games=4, nodes=300, seed=3, max_plies=120)


def test_self_play_is_reproducible(games: list[tune.GameRecord]) -> None:
    again = tune.self_play("russian", games=4, nodes=300, seed=3, max_plies=120)
    assert [g.positions for g in again] == [g.positions for g in games]
    assert [g.white_score for g in again] == [g.white_score for g in games]
    for g in games:
        assert len(g.positions) == len(g.quiet)
        assert 0 <= g.first < len(g.positions)
        assert g.white_score in (0.0, 0.5, 1.0)


def test_samples_are_quiet_and_labelled(games: list[tune.GameRecord]) -> None:
    from shashki import Board
    from shashki.fen import Position, write_fen

    pos, res, idx = tune.samples("russian", games)
    assert len(pos) == len(res) == len(idx) > 0
    variant = Board("russian").variant
    for p, r, i in list(zip(pos, res, idx, strict=True))[::7]:
        w, b, k, t = (int(c) for c in p)
        board = Board("russian", write_fen(Position(w, b, k, t), variant))
        assert board.legal_moves and not board.has_capture()
        assert r == games[int(i)].white_score


def test_games_file_round_trip(games: list[tune.GameRecord], tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tune.save_games(path, games)
    back = tune.load_games(path)
    assert [(g.positions, g.white_score, g.first, g.quiet) for g in back] == \
        [(g.positions, g.white_score, g.first, g.quiet) for g in games]


def test_fit_recovers_known_weights(games: list[tune.GameRecord]) -> None:
    """Labels drawn from the model with chosen weights: the fit finds those weights."""
    pos, _res, _idx = tune.samples("russian", games)
    x, keep = tune.feature_matrix("russian", pos)
    x = x[keep]
    w = weights_for("russian")
    w0 = weight_vector(w, 8)
    free = tune.free_mask("russian", w)
    names = feature_names(8)
    # only the terms these few positions can tell apart
    informative = free & (np.abs(x).sum(axis=0) > 0) & (np.linalg.matrix_rank(x) > 0)
    target = w0.copy()
    target[names.index("centre")] += 10
    target[names.index("blocked")] -= 4
    target[names.index("turn")] += 5
    k = 0.01
    y = 1.0 / (1.0 + np.exp(-k * (x @ target)))
    only = np.zeros_like(free)
    for name in ("centre", "blocked", "turn"):
        only[names.index(name)] = True
    got = tune.fit(x, y, w0, only & informative, k, ridge=0.0, iterations=100)
    for name in ("centre", "blocked", "turn"):
        i = names.index(name)
        assert abs(got[i] - target[i]) < 0.5, name
    assert tune.loss(x, y, got, k) < tune.loss(x, y, w0, k)


def test_free_mask_keeps_the_man_fixed() -> None:
    w = weights_for("russian")
    mask = tune.free_mask("russian", w)
    names = feature_names(8)
    assert not mask[names.index("man")]
    assert not mask[names.index("row_open.0")] and not mask[names.index("row_end.7")]
    assert mask[names.index("king")] and mask[names.index("runaway.1")]
    assert not mask[names.index("runaway.5")]  # the table has 5 entries
    mask = tune.free_mask("russian", w, fixed=("row_open", "runaway.2"))
    assert not any(mask[names.index(f"row_open.{r}")] for r in range(8))
    assert mask[names.index("row_end.3")] and not mask[names.index("runaway.2")]


def test_tune_improves_the_training_loss(games: list[tune.GameRecord]) -> None:
    res = tune.tune("russian", games, held_out=0.0, iterations=5)
    assert res.train[1] <= res.train[0] + 1e-9
    assert res.weights["man"] == 100
    # the optional terms (absent in weights.json: 0) are tuned too
    assert set(weights_for("russian")) <= set(res.weights) <= (
        set(weights_for("russian")) | set(OPTIONAL_TERMS))


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tuned.json"
    games_file = tmp_path / "games.jsonl"
    args = ["--variant", "russian", "--games", "2", "--nodes", "200", "--max-plies", "60",
            "--iterations", "3", "--games-file", str(games_file), "--out", str(out)]
    assert tune.main(args) == 0
    assert games_file.exists()
    tuned = json.loads(out.read_text())["russian"]
    assert tuned["man"] == 100
    summary = json.loads(capsys.readouterr().out.splitlines()[0])
    assert summary["games"] == 2
    assert tune.main(args) == 0  # second run reads the games file
