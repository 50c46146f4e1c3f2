"""The starter puzzle set (:mod:`shashki.engine.puzzles`): enough puzzles of each variant,
a recipe that says how they were made, a damaged file refused, and a sample of each
variant's puzzles judged again by search."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from shashki import Board
from shashki.engine import Engine
from shashki.engine.puzzles import (
    DEPTH,
    FILE,
    MARGIN,
    MATERIAL,
    PuzzleSetError,
    StarterPuzzle,
    entries_hash,
    judge,
    load,
    starter,
)

TARGETS = {"russian": 300, "international": 300, "brazilian": 100}
SAMPLE = 5


def _text() -> str:
    return resources.files("shashki.engine").joinpath("learned", FILE).read_text("utf-8")


def test_each_variant_has_its_puzzles() -> None:
    counts = starter().counts()
    for variant, target in TARGETS.items():
        assert counts.get(variant, 0) >= target, (variant, counts)
    shipped = starter().puzzles
    assert [p.id for p in shipped] == list(range(1, len(shipped) + 1))
    for variant in TARGETS:
        fens = [p.fen for p in starter().of(variant)]
        assert len(set(fens)) == len(fens)  # no position twice


def test_the_recipe() -> None:
    s = starter()
    r = s.recipe
    assert r["criterion"]["material"] == MATERIAL and r["criterion"]["margin"] == MARGIN
    assert r["criterion"]["depth"] == DEPTH
    assert r["shashki"] and len(r["commit"]) == 40
    for variant in TARGETS:
        v = r["variants"][variant]
        assert v["plan"]["verify"] > DEPTH  # verified deeper than the platform's miner
        assert v["count"] == len(s.of(variant))
        for src in v["sources"]:
            assert len(src["sha256"]) == 64 and src["games"] > 0
    files = {f["file"]: f["sha256"] for v in r["variants"].values() for f in v["sources"]}
    for p in s.puzzles:
        assert p.kind in ("win", "material") and p.difficulty >= 1 and p.forced >= 1
        if "file" in p.source:  # a record: its file is in the recipe with that hash
            assert files[p.source["file"]] == p.source["sha256"]
            assert p.source["game"] >= 1 and p.source["ply"] >= 1
        else:
            assert p.source["selfplay"] and p.source["game"] >= 1


def test_a_damaged_set_is_refused() -> None:
    data = json.loads(_text())
    assert load(_text()).sha256 == data["sha256"] == entries_hash(data["puzzles"])
    data["puzzles"][0]["solution"] = "a1-b2"  # one answer changed
    with pytest.raises(PuzzleSetError, match="damaged"):
        load(json.dumps(data))
    data = json.loads(_text())
    del data["puzzles"][-1]  # one puzzle lost
    with pytest.raises(PuzzleSetError, match="damaged"):
        load(json.dumps(data))
    with pytest.raises(PuzzleSetError):
        load(_text()[:-100])  # cut short
    with pytest.raises(PuzzleSetError):
        load("[]")
    data = json.loads(_text())
    del data["puzzles"][0]["fen"]
    data["sha256"] = entries_hash(data["puzzles"])
    with pytest.raises(PuzzleSetError, match="lacks a field"):
        load(json.dumps(data))


def sample(variant: str) -> list[StarterPuzzle]:
    """:data:`SAMPLE` puzzles spread over the variant's set."""
    found = starter().of(variant)
    step = max(1, len(found) // SAMPLE)
    return found[::step][:SAMPLE]


@pytest.mark.parametrize("variant", sorted(TARGETS))
def test_a_sample_is_judged_again(variant: str) -> None:
    """The solution is legal, and the platform's judge (two lines at depth 8, a fresh
    table) finds the same single winning move — or, for a puzzle whose margin is near
    the line at depth 8, the same judge at the depth the set was verified at."""
    engine = Engine(variant, hash_mb=16)
    verify = starter().recipe["variants"][variant]["plan"]["verify"]
    for p in sample(variant):
        board = Board(variant, p.fen)
        legal = [board.move_text(m) for m in board.legal_moves]
        assert p.solution in legal and len(legal) > 1
        engine.new_game()
        again = judge(engine, board)
        if again is None or again.solution != p.solution:
            engine.new_game()
            again = judge(engine, board, verify)
        assert again is not None and again.solution == p.solution, (p.id, p.fen, again)
        b = board.copy(stack=False)
        for text in [p.solution, *p.line]:  # the line is legal from the position
            b.push_text(text)
