"""Ratings on the platform: a rated game's end changes both players' ratings by the
Glicko-2 amounts, once, in the transaction that writes the result; casual, aborted and
over-the-board games do not (docs/ratings.md)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select

from shashki.server.accounts.models import Role
from shashki.server.ratings import glicko2
from shashki.server.ratings import service as ratings
from shashki.server.ratings.models import PlayerRating, RatingChange

from ..helpers import Visitor
from ..test_events import create_event, people, register, set_role


def rated_game(white: Visitor, black: Visitor, control: str = "3m+2s",
               rated: bool = True) -> int:
    data = {"variant": "russian", "time_control": control, "color": "white",
            "opponent": black.name}
    if rated:
        data["rated"] = "on"
    r = white.form("/challenges", data)
    assert r.status_code == 303, r.text
    ch = int(r.headers["location"].rsplit("/", 1)[1])
    black.get(f"/challenges/{ch}")
    r = black.post(f"/challenges/{ch}/accept", data={"csrf_token": black.csrf},
                   follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def act(who: Visitor, game_id: int, kind: str, move: str | None = None) -> None:
    body = {"type": kind} if move is None else {"type": kind, "move": move}
    r = who.api("POST", f"/api/games/{game_id}/actions", body)
    assert r.status_code == 200, r.text


def rating(who: Visitor, name: str, tc: str = "blitz") -> dict[str, float]:
    rows = who.get(f"/api/users/{name}/ratings").json()["ratings"]
    found = [r for r in rows if r["variant"] == "russian" and r["time_class"] == tc]
    return found[0] if found else {}


def test_time_classes_follow_the_code() -> None:
    # Below 3 minutes a player: bullet; Code 3.9.3 blitz up to 5 min; 3.9.4 rapid to 30.
    assert ratings.time_class("1m") == "bullet"
    assert ratings.time_class("3m+2s") == "blitz"  # 3 min + 60 × 2 s = 5 min
    assert ratings.time_class("blitz-5") == "blitz"
    assert ratings.time_class("5m+3s") == "rapid"  # 5 min + 60 × 3 s = 8 min
    assert ratings.time_class("15m+10s") == "rapid"
    assert ratings.time_class("code-45") == "classical"
    assert ratings.time_class("") is None


def test_a_rated_game_changes_both_ratings_by_glicko2(client: TestClient, alice: Visitor,
                                                     bob: Visitor, carol: Visitor) -> None:
    game_id = rated_game(alice, bob)
    assert alice.get(f"/api/games/{game_id}").json()["rated"] is True
    act(alice, game_id, "move", "c3-d4")
    act(bob, game_id, "resign")
    new = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 1.0)], ratings.TAU)
    lost = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 0.0)], ratings.TAU)
    a, b = rating(carol, "alice"), rating(carol, "bob")
    assert a["rating"] == pytest.approx(new.rating, abs=0.05) and a["games"] == 1
    assert b["rating"] == pytest.approx(lost.rating, abs=0.05)
    assert a["rd"] == pytest.approx(new.rd, abs=0.05) and a["provisional"] is True
    assert a["rating"] > 1600 and b["rating"] < 1400  # a first win from 1500/350
    # The second game is rated from the first one's ratings.
    game2 = rated_game(bob, alice)
    act(bob, game2, "move", "c3-d4")
    act(alice, game2, "move", "f6-g5")
    act(alice, game2, "offer")
    act(bob, game2, "accept")
    ra, rb = (glicko2.Rating(x["rating"], x["rd"], x["volatility"]) for x in (a, b))
    a2 = glicko2.update(ra, [(rb, 0.5)], ratings.TAU)
    assert rating(carol, "alice")["rating"] == pytest.approx(a2.rating, abs=0.1)
    assert rating(carol, "alice")["games"] == 2
    # Shown beside the names: on the profile, in the lobby, on the game page.
    page = carol.get("/users/alice").text
    assert "rating-graph" in page and "<polyline" in page
    assert f'{round(a2.rating)}<abbr' in page
    state = carol.get(f"/api/games/{game2}").json()
    assert state["white"]["rating"] == f"{round(rb.rating)}?"
    board = carol.get("/ratings?variant=russian&tc=blitz").text
    assert board.index(">alice<") < board.index(">bob<")


def test_casual_and_aborted_games_change_nothing(client: TestClient, alice: Visitor,
                                                 bob: Visitor) -> None:
    casual = rated_game(alice, bob, rated=False)
    act(alice, casual, "move", "c3-d4")
    act(bob, casual, "resign")
    aborted = rated_game(alice, bob)
    act(alice, aborted, "move", "c3-d4")
    act(bob, aborted, "abort")
    state = alice.get(f"/api/games/{aborted}").json()
    assert state["result"] == "*" and state["termination"]["kind"] == "aborted"
    assert state["termination"]["article"] == "Platform L1"
    assert rating(alice, "alice") == {} and rating(alice, "bob") == {}


def test_a_rated_game_needs_a_clock_and_the_initial_position(alice: Visitor,
                                                             bob: Visitor) -> None:
    r = alice.form("/challenges", {"variant": "russian", "time_control": "", "rated": "on",
                                   "color": "white"})
    assert r.status_code == 422 and "needs a clock" in r.text
    r = alice.form("/challenges", {"variant": "russian", "time_control": "3m+2s",
                                   "rated": "on", "fen": "W:W21:B9"})
    assert r.status_code == 422 and "initial position" in r.text


def test_a_game_is_rated_once(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = rated_game(alice, bob)
    act(alice, game_id, "move", "c3-d4")
    act(bob, game_id, "resign")
    db = client.app.state.services.db  # type: ignore[attr-defined]
    before = rating(alice, "alice")
    # The result written again (another instance's replay, a retried batch): the
    # rating_changes row of the game says it was counted; nothing changes.
    with db.engine.begin() as conn:
        assert ratings.rate_game(conn, game_id) is False
    assert rating(alice, "alice") == before
    with db.session() as s:
        assert len(list(s.scalars(select(RatingChange)))) == 2


def test_an_arbiters_correction_counts_nothing_twice(client: TestClient) -> None:
    # Decision (docs/ratings.md): only the platform's own rated games are rated, once
    # each, when they end; a result the arbiter enters or corrects (an over-the-board
    # game, Code 1.10.4 leaves a platform game's result standing) is not rated, so a
    # correction can neither count a game twice nor need a recomputation.
    organiser = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    people(client, "anna", "boris")
    event_id = create_event(organiser, mode="otb", tb1="", tb2="")
    register(organiser, event_id, "anna", "boris")
    organiser.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    for result in ("1-0", "0-1"):
        r = organiser.form(f"/events/{event_id}/results",
                           {"round": "1", "board": "1", "game": "1", "result": result},
                           page=f"/events/{event_id}/arbiter")
        assert r.status_code == 303, r.text
    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.session() as s:
        assert list(s.scalars(select(PlayerRating))) == []
        assert list(s.scalars(select(RatingChange))) == []


def test_ratings_commit_with_the_result_or_not_at_all(client: TestClient, alice: Visitor,
                                                      bob: Visitor) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game_id = rated_game(alice, bob)
    act(alice, game_id, "move", "c3-d4")

    def broken(conn: Connection, game: int, result: str, at: float) -> None:
        ratings.on_game_end(conn, game, result, at)
        raise RuntimeError("the disk is full")

    hub.ended[:] = [broken]
    r = bob.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    assert r.status_code == 503
    hub.ended[:] = [ratings.on_game_end]
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["status"] == "live"  # the resignation did not happen...
    assert rating(alice, "alice") == {}  # ...and neither did the ratings
    act(bob, game_id, "resign")
    assert rating(alice, "alice")["games"] == 1


def test_an_event_seeds_by_established_ratings(client: TestClient) -> None:
    organiser = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    people(client, "anna", "boris")
    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.session() as s:
        from shashki.server.accounts.models import User

        anna = s.query(User).filter_by(username="anna").one()
        s.add(PlayerRating(user_id=anna.id, variant="russian", time_class="blitz",
                           rating=1834.4, rd=70.0, volatility=0.06, games=40, updated_at=0))
    event_id = create_event(organiser, system="dutch", rounds="3", time_control="3m+2s",
                            tb1="", tb2="")
    register(organiser, event_id, "anna", "boris")
    from ..test_events import tournament

    by_name = {p.name: p.rating for p in tournament(client, event_id).players}
    assert by_name == {"anna": 1834, "boris": 0}  # boris has no established rating


def test_the_game_page_shows_the_rating_change_when_the_game_ends(
        client: TestClient, alice: Visitor, bob: Visitor, carol: Visitor) -> None:
    from ..helpers import until

    game_id = rated_game(alice, bob)
    act(alice, game_id, "move", "c3-d4")
    with carol.ws(game_id) as watcher:  # a spectator's page, open before the end
        until(watcher, lambda s: s["ply"] == 1)
        act(bob, game_id, "resign")
        end = until(watcher, lambda s: s["status"] == "finished")
    won = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 1.0)], ratings.TAU)
    lost = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 0.0)], ratings.TAU)
    up, down = round(won.rating) - 1500, round(lost.rating) - 1500
    assert up > 100 and down < -100  # a first game from 1500/350 moves a lot
    assert (end["white"]["change"], end["black"]["change"]) == (up, down)
    # kept with the game: on its page after a reload, and in its PDN
    page = carol.get(f"/games/{game_id}").text
    assert f">+{up}</span>" in page and f">\u2212{-down}</span>" in page
    pdn = carol.get(f"/games/{game_id}/pdn").text
    assert f'[WhiteRatingDiff "+{up}"]' in pdn and f'[BlackRatingDiff "{down}"]' in pdn
    # a casual game has none
    casual = rated_game(alice, bob, rated=False)
    act(alice, casual, "move", "c3-d4")
    act(bob, casual, "resign")
    state = carol.get(f"/api/games/{casual}").json()
    assert state["white"]["change"] is None and "RatingDiff" not in carol.get(
        f"/games/{casual}/pdn").text


def test_a_rated_correspondence_game_is_rated_at_its_end(
        client: TestClient, alice: Visitor, bob: Visitor, carol: Visitor,
        corr: tuple[object, object]) -> None:
    """Correspondence games are rated as live ones (one code path, ``ratings._rate``), in
    the time class ``correspondence``, when a game created rated ends; once."""
    from ..test_correspondence import act as corr_act

    def corr_game(rated: bool) -> int:
        data = {"opponent": "bob", "color": "white", "control": "10d/5",
                "variant": "russian", "judge": ""}
        if rated:
            data["rated"] = "1"
        r = alice.form("/corr", data, page="/corr")
        assert r.status_code == 303, r.text
        game = int(r.headers["location"].rsplit("/", 1)[1])
        r = bob.form(f"/corr/{game}/invitation/accept", {}, page=f"/corr/{game}")
        assert r.status_code == 303, r.text
        return game

    casual = corr_game(rated=False)
    corr_act(alice, casual, "move", move="c3-d4")
    corr_act(bob, casual, "resign")
    assert rating(carol, "alice", "correspondence") == {}
    game = corr_game(rated=True)
    corr_act(alice, game, "move", move="c3-d4")
    assert rating(carol, "alice", "correspondence") == {}  # not before its end
    corr_act(bob, game, "resign")
    won = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 1.0)], ratings.TAU)
    lost = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 0.0)], ratings.TAU)
    a, b = rating(carol, "alice", "correspondence"), rating(carol, "bob", "correspondence")
    assert a["rating"] == pytest.approx(won.rating, abs=0.05) and a["games"] == 1
    assert b["rating"] == pytest.approx(lost.rating, abs=0.05) and b["games"] == 1
    assert rating(carol, "alice") == {}  # the live classes are untouched
    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.session() as s:
        rows = list(s.scalars(select(RatingChange).where(RatingChange.corr_game_id == game)))
        assert len(rows) == 2 and all(r.game_id is None for r in rows)
        # counted once: the hook again (a replayed save) changes nothing
        assert not ratings.rate_corr_game(s.connection(), game, "russian", "1-0",
                                          rows[0].user_id, rows[1].user_id)
