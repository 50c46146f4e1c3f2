"""The learned evaluation: model files, the fit, the shipped models, the baseline."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from tests.engine.conftest import random_positions

from shashki import Board
from shashki.engine import Engine
from shashki.engine.engine import BASELINE, EngineError
from shashki.engine.evaluate import PAT_SIZE, pattern_windows, weights_for
from shashki.engine.learn import (
    MISSING,
    Run,
    Scoring,
    encode,
    fit,
    recipe_params,
    rescore,
    score_labels,
    search_scores,
)
from shashki.engine.model import LearnError, Model, load_model, model_for, save_model
from shashki.engine.players import MatchError, parse_spec
from shashki.engine.tune import self_play
from shashki.rules import variant_by_name


def test_model_file_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    v = variant_by_name("russian")
    pats = np.arange(len(pattern_windows(v)) * PAT_SIZE * 2, dtype=np.int32).reshape(
        -1, PAT_SIZE, 2) % 1000 - 500
    m = Model("russian", weights_for("russian"), pats, {"recipe": {"x": 1}})
    path = tmp_path / "m.npz"
    save_model(m, path)
    back = load_model(path)
    assert back.weights == m.weights and np.array_equal(back.patterns, pats)
    assert back.meta["weights_hash"] == m.weights_hash() and back.meta["recipe"] == {"x": 1}


def test_a_tampered_model_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    v = variant_by_name("russian")
    pats = np.zeros((len(pattern_windows(v)), PAT_SIZE, 2), dtype=np.int32)
    m = Model("russian", weights_for("russian"), pats)
    path = tmp_path / "m.npz"
    save_model(m, path)
    with np.load(path) as z:
        meta, p = z["meta"], z["patterns"].copy()
    p[0, 0, 0] = 7
    buf = io.BytesIO()
    np.savez(buf, patterns=p, meta=meta)
    buf.seek(0)
    with pytest.raises(LearnError, match="hash"):
        load_model(buf)
    with pytest.raises(LearnError, match="cannot read"):
        load_model(io.BytesIO(b"not a model"))


def test_fit_lowers_the_training_loss_and_is_reproducible() -> None:
    games = self_play("russian", 40, 300, seed=3, version=BASELINE)
    data = encode("russian", games)
    a = fit("russian", data, epochs=30)
    b = fit("russian", encode("russian", games), epochs=30)
    assert a.train_loss[1] < a.train_loss[0]
    assert a.model.weights_hash() == b.model.weights_hash()
    assert data.hash == encode("russian", games).hash
    assert a.model.weights["man"] == 100  # the unit stays
    assert all(x == 0 for x in a.model.weights["row_open"])


def test_keep_fits_only_the_patterns_and_the_terms_set_free() -> None:
    games = self_play("russian", 40, 300, seed=3, version=BASELINE)
    data = encode("russian", games)
    hand = weights_for("russian")
    kept = fit("russian", data, epochs=30, keep=True)
    assert kept.model.weights == hand  # no balance keys: the older recipes' hashes hold
    free = fit("russian", data, epochs=30, keep=True, free=("balance_open", "balance_end"))
    assert free.model.weights["balance_open"] != 0
    assert {k: v for k, v in free.model.weights.items() if not k.startswith("balance")} == hand
    with pytest.raises(LearnError, match="balanse"):
        fit("russian", data, epochs=1, keep=True, free=("balanse",))


def test_run_spec() -> None:
    r = Run.parse("seed=4,games=100,nodes=900,plies=2,engine=current")
    assert (r.seed, r.games, r.nodes, r.random_plies, r.engine) == (4, 100, 900, 2, "current")
    with pytest.raises(LearnError):
        Run.parse("seed=x,games=1,nodes=1")
    with pytest.raises(LearnError):
        Run.parse("seed=1,games=1")


@pytest.mark.parametrize(("args", "words"), [
    (["--run", "seed=1,games=x,nodes=3"], "games 'x' is not a number"),
    (["--run", "seed=1,games=2,nodes=3", "--score", "nodes=30000,depth=4"],
     "unknown field 'depth'"),
])
def test_learn_command_names_the_bad_field(args: list[str], words: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from shashki.engine.learn import main

    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2
    assert words in capsys.readouterr().err


def test_baseline_spec_and_engine() -> None:
    s = parse_spec("shashki@baseline-2026-12:expert,hash=8")
    assert (s.kind, s.version, s.arg) == ("shashki", BASELINE, "expert")
    with pytest.raises(MatchError, match="version"):
        parse_spec("shashki@2019")
    with pytest.raises(MatchError, match="versions"):
        parse_spec("random@baseline-2026-12")
    with pytest.raises(EngineError):
        Engine("russian", version="nope")
    e = Engine("russian", hash_mb=64, version=BASELINE)
    assert e.pw.shape[0] == 0  # the hand-set evaluation, no patterns
    # the baseline is the engine of 2026-12-01 node for node (benchmarks/search.py, 64 MB)
    assert e.analyse(Board("russian"), depth=14).nodes == 484_677


def test_only_the_models_that_won_their_match_ship() -> None:
    """docs/engine.md: every variant ships a model learned from search scores; Brazilian
    its own since 2026-12-04, round 2 (its games labelled by its round 1, with round 1's
    positions, which Russian's round 4 labelled); International round 5, its king terms
    fitted too (they won +37 where the patterns alone lost)."""
    for variant in ("international", "russian", "brazilian", "russian-80", "russian-giveaway"):
        m = model_for(variant)
        assert m is not None and m.meta["recipe"]["scoring"] is not None, variant
        assert m.variant == variant
    br = model_for("brazilian")
    assert br is not None and br.meta["recipe"]["scoring"]["model"].endswith("brazilian-1.npz")
    assert [a["model"].rsplit("/", 1)[-1] for a in br.meta["recipe"]["also"]] == ["brazilian-1.npz"]
    intl = model_for("international")
    assert intl is not None and "king_extra" in intl.meta["recipe"]["free"]
    assert intl.weights["king_extra"] != weights_for("international")["king_extra"]


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international", "russian-80",
                                     "russian-giveaway"])
def test_shipped_models(variant: str) -> None:
    m = model_for(variant)
    assert m is not None, f"no learned model ships for {variant}"
    v = variant_by_name(variant)
    assert m.patterns.shape == (len(pattern_windows(v)), PAT_SIZE, 2)
    for key in ("recipe", "data_hash", "held_out_loss"):
        assert key in m.meta
    e = Engine(variant, hash_mb=1)
    assert e.pw.shape[0] == len(pattern_windows(v))
    assert e.play(Board(variant), "novice") in Board(variant).legal_moves


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["russian", "international", "russian-80",
                                     "russian-giveaway"])
def test_the_learned_evaluation_beats_the_hand_set_one_at_fixed_nodes(variant: str) -> None:
    """The shipped model against the baseline, 200 games at 20,000 nodes a move
    (docs/engine.md, "Learned evaluation", the matches table); a fixed node count makes
    the result the same on every machine."""
    from shashki.engine.match import Control, run_match

    r = run_match("shashki", "shashki@baseline-2026-12", variant, 200,
                  Control(nodes=20_000), seed=1, concurrency=2)
    st = r.standing
    assert st.wins > 2 * st.losses and st.score > 0.6, st.summary()


@pytest.mark.slow
def test_the_network_beats_the_patterns_it_was_fitted_beside_at_fixed_nodes() -> None:
    """The shipped Russian model (round 4's patterns with a network fitted to the games
    of rounds 5 and 6, docs/engine.md, "A network evaluation") against round 4 alone at
    20,000 nodes (seed 21): the first network scored +116 =254 −30 in 400 games, round
    6's +26 ± 17 against round 5's; 200 games here."""
    from shashki.engine.match import Control, run_match

    m = model_for("russian")
    assert m is not None and m.network is not None
    base = Path(__file__).resolve().parents[2] / m.meta["recipe"]["network"]["base"]
    assert load_model(base).weights_hash() == m.meta["recipe"]["network"]["base_weights_hash"]
    r = run_match("shashki", f"shashki,model={base}", "russian", 200, Control(nodes=20_000),
                  seed=21, concurrency=2)
    st = r.standing
    assert st.wins > 1.5 * st.losses and st.score > 0.54, st.summary()


def test_a_model_is_shared_only_by_the_same_board_and_goal() -> None:
    ru = model_for("russian")
    if ru is None:
        pytest.skip("no learned Russian model ships")
    # Brazilian (based on Russian in weights.json) would take Russian's file without its
    # own (the next test); giveaway's weights are based on Russian's too, but its
    # material counts against it: it plays its own model, never Russian's
    gw = model_for("russian-giveaway")
    assert gw is not None and gw.variant == "russian-giveaway"
    assert gw.weights_hash() != ru.weights_hash()
    r80 = model_for("russian-80")  # its own: another board
    assert r80 is not None and r80.variant == "russian-80"


def test_without_its_own_file_a_variant_takes_its_base_s_only_with_the_same_goal(
        tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Were giveaway's file missing, Russian's model (its weights' base) would not be
    played backwards for it: the hand-set weights instead."""
    import shutil
    from importlib import resources
    from types import SimpleNamespace

    from shashki.engine import model as M

    (tmp_path / "learned").mkdir()
    shutil.copy(str(resources.files("shashki.engine").joinpath("learned", "russian.npz")),
                tmp_path / "learned" / "russian.npz")
    monkeypatch.setattr(M, "resources", SimpleNamespace(files=lambda _pkg: tmp_path))
    lookup = M.model_for.__wrapped__
    assert lookup("russian-giveaway") is None
    br = lookup("brazilian")
    assert br is not None and br.variant == "russian"
    assert lookup("international") is None


def test_search_scores_are_white_s_and_the_same_in_any_number_of_processes() -> None:
    """The labels of ``--score`` do not depend on ``--workers``: every position is
    searched from an empty table."""
    from shashki.fen import parse_fen

    v = variant_by_name("russian")
    fens = ["W:W21,22,23,24:B1,2", "B:W21,22,23,24:B1,2", "W:W21:B1,2,3", "B:W21:B1,2,3"]
    pos = np.array([tuple(parse_fen(f, v)) for f in fens] * 3, dtype=np.uint64)
    one = search_scores("russian", pos, 2000, workers=1)
    two = search_scores("russian", pos, 2000, workers=2)
    assert np.array_equal(one, two)
    assert one[0] > 100 and one[1] > 100  # White a man up, whoever is to move
    assert one[2] < -100 and one[3] < -100


def test_score_labels_read_scores_as_the_results_they_predict() -> None:
    rng = np.random.default_rng(5)
    s = rng.normal(0, 200, 20_000)
    y = (rng.random(s.size) < 1 / (1 + np.exp(-0.006 * s))).astype(float)
    labels, k = score_labels(s, y, 0.0)
    assert k == pytest.approx(0.006, rel=0.1)  # the scale that made the results
    assert np.allclose(labels, 1 / (1 + np.exp(-k * s)))
    mixed, _ = score_labels(s, y, 0.25)
    assert np.allclose(mixed, 0.25 * y + 0.75 * labels)


def test_rescore_keeps_every_kth_position_and_caches_its_scores(tmp_path) -> None:  # type: ignore[no-untyped-def]
    games = self_play("russian", 6, 300, seed=3, version=BASELINE)
    data = encode("russian", games)
    sc = Scoring.parse("nodes=500,every=4,lam=0.5")
    a = rescore("russian", data, sc, tmp_path)
    assert len(a.y) == (len(data.y) + 3) // 4
    assert np.array_equal(a.pos, data.pos[::4]) and a.hash != data.hash
    assert len(list(tmp_path.glob("*.npy"))) == 1
    b = rescore("russian", data, sc, tmp_path)  # read back
    assert a.hash == b.hash and np.array_equal(a.y, b.y)
    (path,) = tmp_path.glob("*.npy")
    first = np.load(path)
    logged: list[str] = []
    rescore("russian", data, Scoring.parse("nodes=500,every=2"), tmp_path,
            log=logged.append)  # a denser sample of the same data
    dense = np.load(path)
    assert np.array_equal(dense[::4], first[::4])  # kept, not searched again
    assert (dense[::2] != MISSING).all() and (dense[1::2] == MISSING).all()
    assert any(f"({len(data.y[2::4])} searched now)" in m for m in logged), logged
    with pytest.raises(LearnError, match="lam"):
        Scoring.parse("nodes=500,lam=2")


def test_an_interrupted_rescore_goes_on_where_it_stopped(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shashki.engine.learn as L

    data = encode("russian", self_play("russian", 3, 300, seed=4, version=BASELINE))
    sc = Scoring.parse("nodes=300,every=2")
    monkeypatch.setattr(L, "SCORE_BLOCK", 10)
    real = L.search_scores
    calls: list[int] = []

    def failing(variant, pos, *args):  # type: ignore[no-untyped-def]
        calls.append(len(pos))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(variant, pos, *args)

    monkeypatch.setattr(L, "search_scores", failing)
    with pytest.raises(KeyboardInterrupt):
        rescore("russian", data, sc, tmp_path)
    (path,) = tmp_path.glob("*.npy")
    assert (np.load(path)[::2] != MISSING).sum() == 20  # two blocks kept
    calls.clear()
    monkeypatch.setattr(L, "search_scores", real)
    logged: list[str] = []
    resumed = rescore("russian", data, sc, tmp_path, log=logged.append)
    assert any(f"({len(data.y[::2]) - 20} searched now)" in m for m in logged), logged
    monkeypatch.setattr(L, "SCORE_BLOCK", 20_000)
    whole = rescore("russian", data, sc, tmp_path / "whole")
    assert resumed.hash == whole.hash  # the same scores as one uninterrupted run


def test_a_match_engine_takes_a_model_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from shashki.engine.match import make_player

    v = variant_by_name("russian")
    pats = np.zeros((len(pattern_windows(v)), PAT_SIZE, 2), dtype=np.int32)
    pats[:, 1, 0] = 320
    path = tmp_path / "m.npz"
    save_model(Model("russian", weights_for("russian"), pats), path)
    p = make_player(parse_spec(f"shashki,model={path},lmr_base=1,lmr_div=2"), "russian")
    assert np.array_equal(p.engine.pw, pats)
    assert p.engine.lmr[10, 10] == int(1 + np.log(10) ** 2 / 2)
    plain = make_player(parse_spec("shashki,model=none"), "russian")
    assert plain.engine.pw.shape[0] == 0  # the hand-set evaluation
    with pytest.raises(MatchError, match="no model file"):
        parse_spec(f"shashki,model={tmp_path / 'missing.npz'}")
    with pytest.raises(MatchError, match="own evaluation"):
        parse_spec(f"shashki@baseline-2026-12,model={path}")


def test_a_match_engine_takes_a_weights_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``model=FILE.json``: hand-set weights laid out as weights.json (tune.py's output),
    what ``benchmarks/strength.py --a-weights`` passes."""
    import json

    from shashki.engine.match import make_player

    w = weights_for("russian")
    w["king"] = 333
    path = tmp_path / "tuned.json"
    path.write_text(json.dumps({"russian": w}), encoding="utf-8")
    p = make_player(parse_spec(f"shashki,model={path}"), "russian")
    plain = make_player(parse_spec("shashki,model=none"), "russian")
    assert p.engine.pw.shape[0] == 0
    assert (p.engine.ew != plain.engine.ew).sum() >= 1
    assert p.engine.analyse(Board("russian", "W:WK21:B12"), depth=1).score.value \
        > plain.engine.analyse(Board("russian", "W:WK21:B12"), depth=1).score.value
    (tmp_path / "bad.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(MatchError, match="not a table"):
        make_player(parse_spec(f"shashki,model={tmp_path / 'bad.json'}"), "russian")


def test_scoring_params_pin_the_search_a_recipe_was_scored_with(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A round's recipe names the search parameters of its scoring engine, so it can be
    scored again after ``current``'s defaults change (docs/engine.md, round 2)."""
    from shashki.engine import search as S
    from shashki.fen import parse_fen

    old = Scoring.parse("nodes=3000,engine=current,params=qs_threat:0+lmr_style:0+tt_pv:0")
    assert old.param_items() == [("qs_threat", 0), ("lmr_style", 0), ("tt_pv", 0)]
    new = Scoring.parse("nodes=3000,engine=current")
    assert old.file_name("russian", "ab" * 8) != new.file_name("russian", "ab" * 8)
    v = variant_by_name("russian")
    boards = random_positions("russian", games=3, seed=9, max_plies=30)[::5][:6]
    pos = np.array([tuple(parse_fen(b.fen(), v)) for b in boards], dtype=np.uint64)
    scores = search_scores("russian", pos, 3000, "current",
                           params=recipe_params(old.params, "scoring"))
    e = Engine("russian", hash_mb=2)
    # and the table's move, which came after every recipe of then (RECIPE_DEFAULTS)
    for name in ("P_QS_THREAT", "P_LMR_STYLE", "P_TT_PV", "P_TT_MOVE"):
        e.params[getattr(S, name)] = 0
    for b, s in zip(boards, scores, strict=True):
        e.new_game()
        value = e.analyse(b, nodes=3000).score.value
        assert s == max(-1000, min(1000, value if b.turn.value == 0 else -value))
    with pytest.raises(LearnError, match="unknown search parameter 'depth'"):
        Scoring.parse("nodes=500,params=depth:3")
    with pytest.raises(LearnError, match="whole number"):
        Scoring.parse("nodes=500,params=tt_pv:x")


def test_a_run_names_the_model_its_games_were_played_by(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``engine=current`` alone stops naming the players once a later round replaces the
    shipped model; ``model=FILE`` keeps the round's games reproducible (round 3): the
    model's evaluation alone, without the shipped lone-king table that came later."""
    from importlib import resources

    from shashki.engine.learn import RECIPE_DEFAULTS, games_of

    shipped = resources.files("shashki.engine").joinpath("learned", "russian.npz")
    r = Run.parse(f"seed=5,games=3,nodes=300,model={shipped}")
    assert r.engine == "current"
    assert r.file_name("russian").endswith(
        f"-current-{model_for('russian').weights_hash()[:12]}.jsonl")  # type: ignore[union-attr]
    by_file = games_of("russian", r, tmp_path)
    assert (tmp_path / r.file_name("russian")).exists()
    m = model_for("russian")
    assert m is not None
    assert by_file == self_play("russian", 3, 300, seed=5, random_plies=6, version="current",
                                params=list(RECIPE_DEFAULTS.items()), weights=m.weights,
                                patterns=m.patterns, network=m.network)
    round1 = (Path(__file__).resolve().parents[2]
              / "src/shashki/engine/learned/rounds/russian-1.npz")
    other = games_of("russian", Run.parse(f"seed=5,games=3,nodes=300,model={round1}"), None)
    assert other != by_file


def test_a_round_learns_from_its_predecessor_s_data_as_well(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``--also MODEL``: the earlier model's positions, rebuilt from its recipe and the
    cache and labelled as it says (its own scores), join the new round's; the recipe
    names the model and both data hashes, and a recipe that no longer gives the data the
    model was fitted to is refused. The data of a model fitted so include its
    predecessor's in turn."""
    from shashki.engine.learn import data_of_model, join_data, learn, training_data

    old_runs = [Run.parse("seed=3,games=4,nodes=200")]
    old_scoring = Scoring.parse("nodes=300,every=2")
    old = learn("russian", old_runs, tmp_path, epochs=3, scoring=old_scoring, keep=True)
    path = tmp_path / "old.npz"
    save_model(old.model, path)
    again, games = data_of_model("russian", path, tmp_path)
    assert again.hash == old.model.meta["data_hash"] and games == 4

    new_runs = [Run.parse("seed=4,games=3,nodes=200")]
    new = learn("russian", new_runs, tmp_path, epochs=3, keep=True, also=[path])
    own, _ = training_data("russian", new_runs, None, tmp_path)
    joined = join_data([own, again])
    assert new.model.meta["data_hash"] == joined.hash != own.hash
    assert new.positions == len(own.y) + len(again.y) and new.model.meta["games"] == 7
    assert set(joined.game[len(own.y):]).isdisjoint(joined.game[:len(own.y)])
    assert np.array_equal(joined.y[len(own.y):], again.y)  # the old scores' labels
    assert new.model.meta["recipe"]["also"] == [{
        "model": str(path), "weights_hash": old.model.weights_hash(),
        "data_hash": again.hash}]

    forged = tmp_path / "forged.npz"
    save_model(Model("russian", old.model.weights, old.model.patterns,
                     dict(old.model.meta, data_hash="0" * 64)), forged)
    with pytest.raises(LearnError, match="its recipe gives data"):
        data_of_model("russian", forged, tmp_path)
    with pytest.raises(LearnError, match="a russian model, not brazilian"):
        data_of_model("brazilian", path, tmp_path)

    # a model fitted with an earlier one's data gives both again (the rounds chain on),
    # finding the earlier file beside it once the rounds move to learned/rounds/
    rounds = tmp_path / "rounds"
    rounds.mkdir()
    save_model(new.model, rounds / "twice.npz")
    (rounds / "old.npz").write_bytes(path.read_bytes())
    path.unlink()
    both, games = data_of_model("russian", rounds / "twice.npz", tmp_path)
    assert both.hash == joined.hash and games == 7
    third = learn("russian", [Run.parse("seed=6,games=2,nodes=200")], tmp_path, epochs=3,
                  keep=True, also=[rounds / "twice.npz"])
    assert third.positions > new.positions and third.model.meta["games"] == 9
    save_model(third.model, rounds / "old.npz")  # other weights under the old name
    with pytest.raises(LearnError, match=r"earlier model .*old\.npz .* is not there"):
        data_of_model("russian", rounds / "twice.npz", tmp_path)


def test_a_recipe_plays_without_the_search_that_came_after_it() -> None:
    """Games of a recipe that does not name ``tt_move`` or ``draw_rules`` are the games of
    the search without the table's move and the ruleset's draw counts
    (``RECIPE_DEFAULTS``): the rounds of before play again as they did; a new recipe
    names them and keeps its games apart."""
    from shashki.engine.learn import RECIPE_DEFAULTS, games_of
    from shashki.engine.tune import self_play

    assert RECIPE_DEFAULTS == {"tt_move": 0, "draw_rules": 0}
    run = Run.parse("seed=3,games=2,nodes=400,engine=current")
    then = self_play("russian", 2, 400, 3, 6, version="current",
                     params=[("tt_move", 0), ("draw_rules", 0)])
    assert [g.positions for g in games_of("russian", run, None)] == [g.positions for g in then]
    new = Run.parse("seed=3,games=2,nodes=400,engine=current,params=tt_move:1")
    assert new.file_name("russian") != run.file_name("russian")
    with pytest.raises(LearnError, match="unknown search parameter 'depth'"):
        Run.parse("seed=3,games=2,nodes=400,params=depth:3")


def test_a_network_is_fitted_beside_a_base_model_and_reproducibly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``--network``: the base model's patterns and terms kept, a network fitted to the
    side to move's labels; the same data and seed give the same weights hash, the
    recipe names the base and the network, and the CLI writes a model the engine plays."""
    from shashki.engine.learn import NetworkSpec, fit_network, main

    base = model_for("russian")
    assert base is not None
    games = self_play("russian", 40, 300, seed=3, version=BASELINE)
    data = encode("russian", games)
    spec = NetworkSpec.parse("32x8,epochs=200,seed=1")
    a = fit_network("russian", data, base, spec)
    b = fit_network("russian", encode("russian", games), base, spec)
    assert a.model.weights_hash() == b.model.weights_hash()
    assert a.model.patterns is base.patterns and a.model.network is not None
    # (the base's loss, the network's) on the training and the held-out games; alone the
    # network starts at even odds (ln 2) and learns from there
    assert a.train_loss[1] < np.log(2) - 0.05
    assert a.held_out_loss[0] != a.train_loss[0]
    other = fit_network("russian", data, base, NetworkSpec.parse("32x8,epochs=3,seed=2"))
    assert other.model.weights_hash() != a.model.weights_hash()
    with pytest.raises(LearnError, match="H1xH2"):
        NetworkSpec.parse("64")
    with pytest.raises(LearnError, match="mode is alone or residual"):
        NetworkSpec.parse("64x32,mode=both")

    base_path = tmp_path / "base.npz"
    save_model(base, base_path)
    out = tmp_path / "net.npz"
    assert main(["--variant", "russian", "--run",
                 "seed=3,games=12,nodes=300,engine=baseline-2026-12",
                 "--cache", str(tmp_path / "cache"), "--network", "32x8,epochs=2",
                 "--base", str(base_path), "--out", str(out)]) == 0
    m = load_model(out)
    assert m.meta["recipe"]["network"]["h1"] == 32
    assert m.meta["recipe"]["network"]["base_weights_hash"] == base.weights_hash()
    from shashki.engine import Limit

    e = Engine("russian", hash_mb=1, weights=m.weights, patterns=m.patterns, network=m.network)
    assert e.play(Board("russian"), Limit(nodes=2000)) in list(Board("russian").legal_moves)
    assert main(["--variant", "russian", "--run", "seed=3,games=12,nodes=300",
                 "--network", "32x8"]) == 2  # no base

    # a network model's data are its network's, not its base's: a later round's --also
    # rebuilds the positions the network was fitted to
    from shashki.engine.learn import data_of_model

    again, games = data_of_model("russian", out, tmp_path / "cache")
    assert again.hash == m.meta["data_hash"] and games == 12
