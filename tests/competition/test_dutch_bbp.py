"""shashki's Dutch engine against bbpPairings, the FIDE-endorsed Dutch program (C.04.3, 2025
rules): every round of the shared set (``shared/data/swiss-dutch``: 419 rounds of 59 random
tournaments made and paired by bbpPairings 6.0.0) and its two published cases. Pairs and
colours must be the same, the bye included; the board order may differ (compare.py's rule).

The whole set runs in the default suite: it takes a few seconds (in-process; the CLI's
start-up is what makes ``compare.py`` slow)."""

from __future__ import annotations

import pathlib

import pytest

from shashki.cli.competition import _read_trf
from shashki.competition.pairing import pair_next_round
from shashki.competition.trf import export_trf, parse_trf, requested_byes

from .conftest import shared_data


def _pairs(path: pathlib.Path, engine: str | None = None
           ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(bbpPairings' pairs, the engine's pairs) for one ``.trf``; (n, 0) is the bye."""
    lines = path.with_suffix(".pairs").read_text().replace("\r", "\n").splitlines()
    want = {(int(a), int(b)) for a, b in (x.split() for x in lines[1:] if x.strip())}
    assert len(want) == int(lines[0])
    t = parse_trf(_read_trf(str(path)))
    absent, half = requested_byes(t)
    rnd = pair_next_round(t, absent=absent, half_byes=half, engine=engine)
    got = {(p.white, p.black) for p in rnd.pairings} | {
        (b.player, 0) for b in rnd.byes if b.kind == "PAB"}
    return want, got


def test_every_round_of_the_shared_set(bbp_round: pathlib.Path | None) -> None:
    if bbp_round is None:
        pytest.skip("shared/data/swiss-dutch is absent")
    want, got = _pairs(bbp_round)
    assert got == want, (f"bbpPairings only {sorted(want - got)}, "
                         f"shashki only {sorted(got - want)}")


def test_gacrux_agrees_on_the_shared_set(bbp_round_gacrux: pathlib.Path | None) -> None:
    """gacrux, the second oracle (FIDE TEC's reference engine, through shashki's adapter),
    pairs every round of the set as bbpPairings does once the initial colour is read from
    round 1 (docs/rules.md K17); one round in ten by default, all with ``-m slow``."""
    if bbp_round_gacrux is None:
        pytest.skip("shared/data/swiss-dutch is absent")
    want, got = _pairs(bbp_round_gacrux, engine="gacrux")
    assert got == want


def test_the_shared_set_is_whole() -> None:
    """59 events (seeds 5000-5059 without 5008), every round from 2 on: 419 rounds."""
    d = shared_data("swiss-dutch")
    if d is None:
        pytest.skip("shared/data/swiss-dutch is absent")
    files = sorted(d.glob("e*-r*.trf"))
    assert len(files) == 419
    assert len({f.name.split("-")[0] for f in files}) == 59


def _public(name: str) -> pathlib.Path:
    d = shared_data("swiss-dutch")
    if d is None:
        pytest.skip("shared/data/swiss-dutch is absent")
    return d / "public" / f"{name}.trf"


def test_bbppairings_issue_7() -> None:
    """bbpPairings' ``issue_7`` (60 players, round 15 of 15, CR line ends): the remainder of
    the 6-point bracket needs four downfloaters to complete the round (C4 before C5), and the
    moved-down player 32 then meets 30, not 27, who floated up two rounds before (C17)."""
    want, got = _pairs(_public("bbpPairings_issue_7"))
    assert got == want
    assert {(30, 32), (27, 48), (34, 50)} <= got


def test_sharly_chess_299_bonus() -> None:
    """Sharly-Chess's ``indiv_299_bonus``: TRF-2026 record 299 gives player 4 two bonus
    points in round 1, which take him into the 2-point score group; the PAB goes to 2."""
    want, got = _pairs(_public("sharly-chess_indiv_299_bonus"))
    assert got == want == {(4, 1), (5, 3), (2, 0)}
    # gacrux reads no 299: the adapter hands it the bonus as accelerated points (250).
    assert _pairs(_public("sharly-chess_indiv_299_bonus"), engine="gacrux")[1] == want


def test_299_is_applied_and_written_back() -> None:
    """The bonus counts in the score (the standings) and comes back in the export: the same
    299 record, and 001's points field including it, as the file has it."""
    path = _public("sharly-chess_indiv_299_bonus")
    text = path.read_text().replace("\r", "\n")
    t = parse_trf(text)
    assert t.all_points() == {1: 1.0, 2: 0.0, 3: 1.0, 4: 2.0, 5: 1.0}
    out = export_trf(t).splitlines()
    assert "299           2.0    1    4" in out
    p4 = next(x for x in out if x.startswith("001    4"))
    assert p4[80:84] == " 2.0"
    assert parse_trf("\n".join(out)).to_dict() == t.to_dict()
