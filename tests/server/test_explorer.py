"""The opening explorer: the positions of imported games indexed at import, what was played
from a position counted with results, checked against the raw text of a real tournament
file (WK 2003, read here with a regular expression, not with the PDN reader); the page
links each move to the position after it; the migration indexes games stored before it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from alembic import command
from fastapi.testclient import TestClient

from shashki import Board
from shashki.server.archive.explorer import position_key
from shashki.server.archive.models import ArchivePosition
from shashki.server.core.db import alembic_config

from .helpers import Visitor
from .test_archive import upload
from .test_events import services

REPO = Path(__file__).resolve().parents[2]
# shared/data beside the repository (or beside a further ancestor: a worktree sits deeper)
SHARED = next((b / "shared" / "data" / "real-pdn" for b in REPO.parents
               if (b / "shared" / "data" / "real-pdn").is_dir()),
              REPO.parent / "shared" / "data" / "real-pdn")
WK2003 = SHARED / "international" / "halbersma-succeed__wk2003.pdn"


def raw_games(text: str) -> list[tuple[list[str], str]]:
    """Each game's first two plies and Result tag, straight from the text."""
    out = []
    for chunk in re.split(r"\n(?=\[Event )", text):
        result = re.search(r'\[Result "([^"]*)"\]', chunk)
        moves = re.search(r"\n1\.\s*(\d+[-x]\d+)\s+(\d+[-x]\d+)", chunk)
        if result and moves:
            out.append(([moves.group(1), moves.group(2)], result.group(1)))
    return out


@pytest.fixture
def wk2003(alice: Visitor) -> list[tuple[list[str], str]]:
    if not WK2003.exists():
        pytest.skip(f"the shared real-PDN data is absent ({WK2003})")
    text = WK2003.read_text(encoding="utf-8")
    upload(alice, text, "wk2003.pdn")
    return raw_games(text)


def test_the_root_counts_match_the_file(wk2003: list[tuple[list[str], str]],
                                        guest: Visitor) -> None:
    assert len(wk2003) == 23
    data = guest.get("/api/archive/explorer?variant=international").json()
    assert data["games"] == len(wk2003)
    firsts = Counter(m[0] for m, _ in wk2003)
    assert {m["move"]: m["games"] for m in data["moves"]} == dict(firsts)
    for m in data["moves"]:
        results = Counter(r for moves, r in wk2003 if moves[0] == m["move"])
        assert m["white"] == results["2-0"] + results["1-0"]
        assert m["draws"] == results["1-1"] + results["1/2-1/2"]
        assert m["black"] == results["0-2"] + results["0-1"]
    top = data["moves"][0]
    assert top["games"] == max(firsts.values()) and top["legal"]


def test_one_step_down_and_the_page(wk2003: list[tuple[list[str], str]],
                                    guest: Visitor) -> None:
    first = Counter(m[0] for m, _ in wk2003).most_common(1)[0][0]
    board = Board("international")
    board.push_text(first)
    data = guest.get("/api/archive/explorer", params={
        "variant": "international", "fen": board.fen()}).json()
    replies = Counter(m[1] for m, _ in wk2003 if m[0] == first)
    assert {m["move"]: m["games"] for m in data["moves"]} == dict(replies)
    assert len(data["sample"]) == min(10, sum(replies.values()))
    assert all(g["ply"] == 1 for g in data["sample"])
    page = guest.get("/archive/explorer?variant=international")
    assert page.status_code == 200
    assert f'>{first}</a>' in page.text and 'id="explorer-moves"' in page.text
    assert "White to move. White: men 31, 32," in page.text  # the board's name in words


def test_bad_input_is_named(guest: Visitor) -> None:
    r = guest.get("/api/archive/explorer", params={"variant": "russian", "fen": "W:Wzz"})
    assert r.status_code == 422 and r.json()["field"] == "fen"
    r = guest.get("/archive/explorer", params={"variant": "nope"})
    assert r.status_code == 422 and 'id="explorer-error"' in r.text


def test_the_migration_indexes_games_stored_before_it(client: TestClient,
                                                      alice: Visitor) -> None:
    upload(alice, '[Result "1-0"]\n[GameType "25"]\n\n1. c3-d4 f6-g5 2. b2-c3 1-0\n')
    db = services(client).db
    key = position_key("russian", Board("russian").fen())
    with db.session() as s:
        assert s.query(ArchivePosition).filter_by(key=key).count() == 1
    cfg = alembic_config(db.url)
    with db.engine.begin() as conn:  # back to before the index, and up again
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "j0001")
        command.upgrade(cfg, "head")
    with db.session() as s:
        rows = s.query(ArchivePosition).filter_by(key=key).all()
        assert [(r.ply, r.move, r.result) for r in rows] == [(0, "c3-d4", "1-0")]
        assert s.query(ArchivePosition).count() == 4  # the start, three plies
