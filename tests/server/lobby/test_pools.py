"""Quick pairing: the window of ratings widens while a player waits (100 points at once,
25 more a second, at most 800); the longest waiting is paired first with the nearest
rating; open seeks admit only players rated within their range (docs/ratings.md)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from shashki.server.accounts.models import User
from shashki.server.core.errors import Forbidden, InvalidInput
from shashki.server.lobby import service as lobby
from shashki.server.play import models as pm
from shashki.server.ratings.models import PlayerRating

from ..helpers import Visitor


def db_of(client: TestClient) -> object:
    return client.app.state.services.db  # type: ignore[attr-defined]


def users(s: Session, *names: str) -> list[User]:
    return [s.query(User).filter_by(username=n).one() for n in names]


def rate(s: Session, user: User, rating: float, tc: str = "blitz") -> None:
    s.add(PlayerRating(user_id=user.id, variant="russian", time_class=tc, rating=rating,
                       rd=60.0, volatility=0.06, games=30, updated_at=0.0))
    s.flush()


def test_the_window_widens_while_players_wait(client: TestClient, alice: Visitor,
                                              bob: Visitor, carol: Visitor) -> None:
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        a, b, c = users(s, "alice", "bob", "carol")
        rate(s, a, 1500)
        rate(s, b, 1800)
        rate(s, c, 2300)
        t0 = 1000.0
        for u in (a, b, c):
            lobby.join(s, u, "russian", "3+2", now=t0)
        # 300 points apart: the window (100 + 25 a second) reaches it after 8 s.
        assert lobby.match(s, "russian", "3+2", now=t0 + 7.9) == []
        s.query(lobby.PoolEntry).update({"seen_at": t0 + 8})
        games = lobby.match(s, "russian", "3+2", now=t0 + 8, rng=random.Random(1))
        assert len(games) == 1
        g = s.get(pm.Game, games[0])
        assert g is not None and {g.white_id, g.black_id} == {a.id, b.id}
        assert g.rated and g.time_control == "3m+2s" and g.started_at is None
        # Carol (500 from Bob, 800 from Alice) is left waiting.
        waiting = s.query(lobby.PoolEntry).filter_by(status="waiting").all()
        assert [e.user_id for e in waiting] == [c.id]


def test_the_nearest_rating_and_the_same_kind(client: TestClient, alice: Visitor,
                                              bob: Visitor, carol: Visitor) -> None:
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        a, b, c = users(s, "alice", "bob", "carol")
        rate(s, a, 1500)
        rate(s, b, 1580)
        rate(s, c, 1530)
        lobby.join(s, a, "russian", "3+2", now=0)
        lobby.join(s, b, "russian", "3+2", now=1)
        lobby.join(s, c, "russian", "3+2", rated=False, now=1)  # casual: not with them
        s.query(lobby.PoolEntry).update({"seen_at": 2})
        [game] = lobby.match(s, "russian", "3+2", now=2)
        g = s.get(pm.Game, game)
        assert g is not None and {g.white_id, g.black_id} == {a.id, b.id}


def test_a_player_gone_from_the_page_leaves_the_pool(client: TestClient, alice: Visitor,
                                                     bob: Visitor) -> None:
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        a, b = users(s, "alice", "bob")
        lobby.join(s, a, "russian", "1+0", now=0)
        lobby.join(s, b, "russian", "1+0", now=20)
        assert lobby.match(s, "russian", "1+0", now=20 + 1) == []  # alice: 21 s unseen
        with pytest.raises(InvalidInput):
            lobby.join(s, a, "russian", "2+1")


def test_pairing_through_the_pages(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    entries = []
    for who in (alice, bob):
        r = who.form("/pools", {"variant": "russian", "pool": "3+2", "rated": "rated"})
        assert r.status_code == 303, r.text
        entries.append(int(r.headers["location"].rsplit("/", 1)[1]))
        page = who.get(r.headers["location"]).text
        assert "Looking for an opponent" in page
    polls = [who.api("POST", f"/api/pools/{e}/poll").json()
             for who, e in zip((alice, bob), entries, strict=True)]
    game_id = polls[1]["game_id"] or polls[0]["game_id"]
    assert game_id
    polls = [alice.api("POST", f"/api/pools/{entries[0]}/poll").json()]
    assert polls[0]["game_id"] == game_id and polls[0]["status"] == "paired"
    assert alice.get(f"/pools/{entries[0]}", follow_redirects=False).headers[
        "location"] == f"/games/{game_id}"
    # Someone else's place in a pool is not his to see.
    assert bob.api("POST", f"/api/pools/{entries[0]}/poll").status_code == 403


def test_a_seek_admits_only_ratings_in_its_range(client: TestClient, alice: Visitor,
                                                 bob: Visitor, carol: Visitor) -> None:
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        _, b, c = users(s, "alice", "bob", "carol")
        rate(s, b, 1900)
        rate(s, c, 1650)
    r = alice.form("/challenges", {"variant": "russian", "time_control": "3m+2s",
                                   "rated": "on", "rating_min": "1600", "rating_max": "1700"})
    assert r.status_code == 303, r.text
    ch = int(r.headers["location"].rsplit("/", 1)[1])
    lobby_page = carol.get("/").text
    assert "1600–1700" in lobby_page and "1500?" in lobby_page  # alice's own rating
    r = bob.api("POST", f"/api/challenges/{ch}/accept")
    assert r.status_code == 403 and "1900" in r.json()["message"]
    r = carol.api("POST", f"/api/challenges/{ch}/accept")
    assert r.status_code == 200, r.text
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        g = s.get(pm.Game, r.json()["game_id"])
        assert g is not None and g.rated
    r = alice.form("/challenges", {"variant": "russian", "time_control": "3m+2s",
                                   "rating_min": "1800", "rating_max": "1700"})
    assert r.status_code == 422


def test_admit_without_a_range_admits_anyone(client: TestClient, alice: Visitor) -> None:
    with db_of(client).session() as s:  # type: ignore[attr-defined]
        [a] = users(s, "alice")
        ch = pm.Challenge(creator_id=a.id, variant="russian", time_control="3m+2s",
                          created_at=0.0, rating_min=1700)
        lobby.admit(s, pm.Challenge(creator_id=a.id, variant="russian",
                                    time_control="3m+2s", created_at=0.0), a)
        with pytest.raises(Forbidden):
            lobby.admit(s, ch, a)  # 1500? is below 1700
