"""SPRT and paired-game Elo (shashki.engine.sprt), checked against fastchess's published values.

The expected numbers are the test vectors of fastchess's SPRT and Elo models
(Disservin/fastchess, ``app/tests/sprt_test.cpp`` and ``app/tests/elo_test.cpp``), which
fishtest's statistics give as well: an independent program's answers on the same counts.
fastchess's counts are written (wins, losses, draws) and, for pairs, (LL, LD, WL, DD, WD,
WW); ours worst first: (L, D, W) and (LL, LD, DD + WL, WD, WW).
"""

from __future__ import annotations

import math
import random

import pytest

from shashki.engine.match import Control, Standing, run_match
from shashki.engine.sprt import Sprt, SprtError, mean_and_margin, score_of


def pairs(ll: int, ld: int, wl: int, dd: int, wd: int, ww: int) -> list[int]:
    """fastchess's pentanomial counts in our order."""
    return [ll, ld, wl + dd, wd, ww]


@pytest.mark.parametrize(("counts", "elo0", "elo1", "llr"), [
    (pairs(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, -3.07),
    (pairs(871, 26175, 55003, 980, 26678, 821), 0.0, 2.0, -4.98),
    ([21184, 40708, 21404], 0.5, 2.5, -1.57),   # W 21404, L 21184, D 40708
    ([57030, 106593, 57433], 0.0, 2.0, -2.59),
])
def test_llr_matches_fastchess_logistic_model(counts: list[int], elo0: float, elo1: float,
                                              llr: float) -> None:
    assert Sprt(elo0, elo1).llr(counts) == pytest.approx(llr, rel=0.01)


@pytest.mark.parametrize(("counts", "elo", "margin"), [
    (pairs(34, 54, 31, 32, 64, 75), 55.58, 27.65),
    (pairs(332, 433, 457, 41, 333, 334), -8.64, 10.33),
    (pairs(7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95),
    ([96, 111, 136], 40.70, 30.43),  # W 136, L 96, D 111
])
def test_elo_and_margin_match_fastchess(counts: list[int], elo: float, margin: float) -> None:
    e, m = mean_and_margin(counts)
    assert e == pytest.approx(elo, rel=0.01)
    assert m == pytest.approx(margin, rel=0.01)


def test_the_standing_is_the_trinomial_model() -> None:
    assert Standing(136, 111, 96).elo() == mean_and_margin([96, 111, 136])


def test_wald_bounds_and_decisions() -> None:
    t = Sprt(360, 440)
    assert t.upper == pytest.approx(math.log(19)) and t.lower == pytest.approx(-math.log(19))
    assert t.decide(2.95) == "H1" and t.decide(-2.95) == "H0" and t.decide(0.0) is None
    asym = Sprt(0, 10, alpha=0.01, beta=0.1)
    assert asym.upper == pytest.approx(math.log(0.9 / 0.01))
    assert asym.lower == pytest.approx(math.log(0.1 / 0.99))


def test_llr_is_the_constrained_multinomial_likelihood_ratio() -> None:
    """The bisection's distributions are the constrained maxima: checked by brute force."""
    counts = [1, 3, 11, 25, 40]
    n = sum(counts)
    freqs = [c / n for c in counts]
    scores = (0.0, 0.25, 0.5, 0.75, 1.0)

    def best_loglik(s: float) -> float:
        # every distribution p = f / (1 + θ (a - s)) normalised to mean s is a candidate;
        # a random search over the simplex with mean s cannot beat the maximum
        rng = random.Random(1)
        best = -math.inf
        for _ in range(3000):
            w = [rng.random() ** 3 for _ in scores]
            tot = sum(w)
            p = [x / tot for x in w]
            mu = sum(a * q for a, q in zip(scores, p, strict=True))
            # move the mean to s along the segment towards a point mass at an end
            end = [0.0] * 5
            end[4 if mu < s else 0] = 1.0
            e_mu = 1.0 if mu < s else 0.0
            lam = (s - mu) / (e_mu - mu)
            p = [(1 - lam) * q + lam * r for q, r in zip(p, end, strict=True)]
            if min(p) <= 0:
                continue
            best = max(best, sum(c * math.log(q) for c, q in zip(counts, p, strict=True)))
        return best

    t = Sprt(300, 400)
    own0, own1 = _loglik(counts, 300, freqs), _loglik(counts, 400, freqs)
    brute0, brute1 = best_loglik(score_of(300)), best_loglik(score_of(400))
    # random search approaches each maximum from below only; the exact one is not beaten
    assert own0 >= brute0 - 1e-9 and own1 >= brute1 - 1e-9
    assert t.llr(counts) == pytest.approx(own1 - own0, rel=1e-9)


def _loglik(counts: list[int], elo: float, freqs: list[float]) -> float:
    from shashki.engine.sprt import PAIR_SCORES, _fitted

    p = _fitted(freqs, PAIR_SCORES, score_of(elo))
    assert sum(p) == pytest.approx(1.0, abs=1e-9)
    assert sum(a * q for a, q in zip(PAIR_SCORES, p, strict=True)) == pytest.approx(
        score_of(elo), abs=1e-9)
    return sum(c * math.log(q) for c, q in zip(counts, p, strict=True))


def test_a_clean_sweep_has_a_finite_ratio() -> None:
    t = Sprt(0, 200)
    llr = t.llr([0, 0, 0, 0, 10])
    assert math.isfinite(llr) and llr > t.upper
    assert t.llr([0, 0, 0, 0, 0]) == 0.0


@pytest.mark.parametrize(("text", "bad"), [
    ("400,300", "elo0 (400) must be below elo1 (300)"),
    ("0,10,0,0.05", "alpha (0)"),
    ("0,10,0.6,0.5", "their sum below 1"),
    ("0,ten", "'ten'"),
    ("5", "ELO0,ELO1"),
    ("0,nan", "finite"),
])
def test_bad_tests_are_refused_by_name(text: str, bad: str) -> None:
    with pytest.raises(SprtError) as e:
        Sprt.parse(text)
    assert bad in str(e.value)


def test_results_must_be_games_or_pairs() -> None:
    with pytest.raises(SprtError, match="3 counts"):
        Sprt(0, 10).llr([1, 2, 3, 4])


# --- in a match ---------------------------------------------------------------------------


def test_a_match_stops_when_the_test_accepts_h1() -> None:
    test = Sprt(0, 400)
    result = run_match("shashki", "random", "russian", 40, Control(depth=2), seed=3,
                       sprt=test)
    assert result.decision == "H1"
    # four won pairs leave the LLR below ln 19, five pass it: the match stops there
    assert test.llr([0, 0, 0, 0, 4]) < test.upper <= test.llr([0, 0, 0, 0, 5])
    assert result.decided_at == 10 == result.standing.games
    assert result.pentanomial() == [0, 0, 0, 0, 5]
    assert result.llr == test.llr([0, 0, 0, 0, 5])


def test_a_match_stops_when_the_test_accepts_h0() -> None:
    result = run_match("random", "shashki", "russian", 40, Control(depth=2), seed=3,
                       sprt=Sprt(0, 400))
    # two lost pairs are enough: a clean loss is far likelier under +0 than under +400
    assert result.decision == "H0" and result.llr <= Sprt(0, 400).lower
    assert result.decided_at == 4 and result.pentanomial() == [2, 0, 0, 0, 0]


def test_without_a_decision_the_match_plays_every_game() -> None:
    result = run_match("shashki", "random", "russian", 4, Control(depth=2), seed=3,
                       sprt=Sprt(0, 2000 - 1))
    assert result.decision is None and result.standing.games == 4
    assert result.pentanomial() == [0, 0, 0, 0, 2]


def test_an_odd_last_game_is_not_a_pair() -> None:
    result = run_match("shashki", "random", "russian", 3, Control(depth=2), seed=3)
    assert sum(result.pentanomial()) == 1


@pytest.mark.slow
def test_in_worker_processes_no_game_starts_after_the_decision() -> None:
    result = run_match("shashki", "random", "russian", 60, Control(depth=2), seed=3,
                       concurrency=2, sprt=Sprt(0, 400))
    assert result.decision == "H1" and result.decided_at >= 10
    # the games already handed to the workers are played out: at most a few more
    assert result.decided_at <= result.standing.games <= result.decided_at + 4


# --- the command --------------------------------------------------------------------------


def test_cli_match_sprt(cli) -> None:  # type: ignore[no-untyped-def]
    code, stdout, _ = cli("match", "shashki", "random", "--depth", "2", "--seed", "3",
                          "--sprt", "0,400")
    assert code == 0
    assert "pairs by A's points (0, ½, 1, 1½, 2): 0, 0, 0, 0, 5; Elo +∞ ± ∞" in stdout
    assert ("SPRT elo0 0, elo1 400, α 0.05, β 0.05: H1 accepted after 10 games, LLR 2.99 "
            in stdout)
    assert "(-2.94, 2.94)" in stdout


def test_cli_match_sprt_json(cli) -> None:  # type: ignore[no-untyped-def]
    import json

    code, stdout, _ = cli("match", "random", "shashki", "--depth", "2", "--seed", "3",
                          "--sprt", "0,400,0.05,0.05", "--json")
    assert code == 0
    data = json.loads(stdout)
    assert data["sprt"]["decision"] == "H0"
    assert data["sprt"]["decided_at"] == data["games"] == 4
    assert data["pentanomial"] == [2, 0, 0, 0, 0]


@pytest.mark.parametrize(("value", "bad"), [("300,200", "elo0 (300)"), ("x,1", "'x'")])
def test_cli_match_sprt_errors(cli, value: str, bad: str) -> None:  # type: ignore[no-untyped-def]
    code, stdout, stderr = cli("match", "shashki", "random", "--depth", "2", "--sprt", value)
    assert code == 2 and stdout == ""
    assert len(stderr.strip().splitlines()) == 1 and bad in stderr
