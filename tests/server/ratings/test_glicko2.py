"""Glicko-2 against Glickman's own worked example ("Example of the Glicko-2 system", 2013,
section "Example calculation"): a player rated 1500 (RD 200, σ 0.06) plays three players
rated 1400 (RD 30), 1550 (RD 100) and 1700 (RD 300), winning the first and losing the
others, with τ = 0.5."""

from __future__ import annotations

import math

import pytest

from shashki.server.ratings.glicko2 import Rating, expected, update

PLAYER = Rating(1500, 200, 0.06)
GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_papers_example() -> None:
    new = update(PLAYER, GAMES, tau=0.5)
    # The paper: r' = 1464.06, RD' = 151.52, σ' = 0.05999 (from rounded intermediates).
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)
    # On the Glicko-2 scale: μ' = −0.2069, φ' = 0.8722.
    assert new.mu == pytest.approx(-0.2069, abs=0.00005)
    assert new.phi == pytest.approx(0.8722, abs=0.00005)


def test_the_papers_intermediate_values() -> None:
    # Step 2: μ = 0, φ = 1.1513; the opponents' g(φ) 0.9955, 0.9531, 0.7242 and E
    # 0.639, 0.432, 0.303 (the paper's table).
    assert PLAYER.mu == 0 and PLAYER.phi == pytest.approx(1.1513, abs=0.00005)
    es = [expected(PLAYER, opp) for opp, _ in GAMES]
    assert [round(e, 3) for e in es] == [0.639, 0.432, 0.303]
    # Step 3: v = 1.7785; step 4: Δ = −0.4834 (recomputed from the paper's formulas).
    g = [1 / math.sqrt(1 + 3 * o.phi ** 2 / math.pi ** 2) for o, _ in GAMES]
    assert [round(x, 4) for x in g] == [0.9955, 0.9531, 0.7242]
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e in zip(g, es, strict=True))
    assert v == pytest.approx(1.7785, abs=0.001)  # the paper rounds E first
    delta = v * sum(gj * (s - e) for gj, (_, s), e in zip(g, GAMES, es, strict=True))
    assert delta == pytest.approx(-0.4834, abs=0.001)


def test_no_games_only_widens_the_deviation() -> None:
    # Step 6 alone: φ' = sqrt(φ² + σ²); the rating stays.
    new = update(PLAYER, [])
    assert new.rating == 1500
    assert new.phi == pytest.approx(math.sqrt(PLAYER.phi ** 2 + 0.06 ** 2))


def test_a_win_and_a_loss_are_mirror_images_between_equals() -> None:
    a, b = Rating(1500, 350, 0.06), Rating(1500, 350, 0.06)
    win, loss = update(a, [(b, 1.0)]), update(b, [(a, 0.0)])
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert win.rating > 1600 and win.rd < 350
    draw = update(a, [(b, 0.5)])
    assert draw.rating == pytest.approx(1500)
