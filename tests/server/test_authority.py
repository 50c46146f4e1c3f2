"""Who may rule on a game (docs/security.md S1): an event's arbiters on that event's games
only, never on a game they play; casual games have no arbiter, administrators act on them
with a reason. Pages, the REST API and the console share one check
(:func:`shashki.server.play.authority.authorise`)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from shashki.server.accounts.models import Role
from shashki.server.play import models as m

from .helpers import Visitor, start_game
from .test_arbiter import event_game, organiser
from .test_events import create_event, games_of, register, services, set_role, tournament

DECIDE = {"type": "decide", "color": "black", "article": "Code 3.13.1", "detail": "late"}
ADJUST = {"type": "adjust", "move": "60", "color": "white", "article": "Code 3.9 item 11"}


def act(who: Visitor, game_id: int, body: dict[str, str]) -> tuple[int, str]:
    r = who.api("POST", f"/api/games/{game_id}/actions", body)
    return r.status_code, r.json().get("error", "")


def test_an_arbiter_of_no_event_cannot_touch_a_casual_game(client: TestClient, alice: Visitor,
                                                           bob: Visitor, carol: Visitor) -> None:
    """The finding: an arbiter who arbitrates nothing cut 800 s off a casual game's clock
    and decided it 0-1."""
    game_id = start_game(alice, bob)
    set_role(client, "carol", Role.ARBITER)
    for body in (ADJUST, DECIDE):
        assert act(carol, game_id, body) == (403, "role")
    for player in (alice, bob):
        assert act(player, game_id, DECIDE) == (403, "own_game")
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["termination"] is None and state["result"] == "*"


def test_an_administrator_acts_on_a_casual_game_with_a_reason(client: TestClient,
                                                              alice: Visitor, bob: Visitor,
                                                              carol: Visitor) -> None:
    game_id = start_game(alice, bob)
    set_role(client, "carol", Role.ADMINISTRATOR)
    assert act(carol, game_id, {**DECIDE, "detail": ""}) == (422, "admin_reason")
    r = carol.api("POST", f"/api/games/{game_id}/actions", DECIDE)
    assert r.status_code == 200
    term = r.json()["state"]["termination"]
    assert (term["kind"], term["winner"]) == ("arbiter's decision", "black")
    with services(client).db.session() as db:
        ev = db.query(m.Event).filter_by(game_id=game_id, action="decide").one()
        game = db.get(m.Game, game_id)
        assert game is not None and ev.detail == "late"
        assert ev.user_id is not None and ev.user_id not in (game.white_id, game.black_id)


def test_nobody_rules_on_his_own_game(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    """The finding: an arbiter decided his own game 1-0. Here alice arbitrates the event
    she plays in, and is an administrator besides."""
    org = organiser(client)
    set_role(client, "alice", Role.ADMINISTRATOR)
    event_id, game_id, white, _ = event_game(client, org, alice, bob, arbiter="alice")
    for body in (DECIDE, ADJUST, {"type": "both_lose", "article": "Code 3.13.3"}):
        assert act(alice, game_id, body) == (403, "own_game")
    r = alice.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                   {"decision": "forfeit-white", "reason": "late"},
                   page=f"/events/{event_id}/arbiter")
    assert r.status_code == 403
    numbers = {p.name: p.number for p in tournament(client, event_id).players}
    r = alice.form(f"/events/{event_id}/arbiter/sanctions",
                   {"player": str(numbers["bob"]), "kind": "loss", "reason": "phone"},
                   page=f"/events/{event_id}/arbiter")
    assert r.status_code == 403
    assert white.get(f"/api/games/{game_id}").json()["result"] == "*"


def test_the_arbiter_of_one_event_cannot_decide_another_events_game(
        client: TestClient, alice: Visitor, bob: Visitor, carol: Visitor) -> None:
    """The finding: the arbiter of one event decided a game of another through the API,
    and the result went into that event's standings."""
    org = organiser(client)
    set_role(client, "carol", Role.ARBITER)
    mine = create_event(org, name="Carol's Cup", arbiter="carol")
    event_id, game_id, _, _ = event_game(client, org, alice, bob, name="Other Cup")
    assert act(carol, game_id, DECIDE) == (403, "not_arbiter")
    r = carol.form(f"/events/{mine}/arbiter/games/{game_id}/decide",
                   {"decision": "forfeit-white", "reason": "late"},
                   page=f"/events/{mine}/arbiter")
    assert r.status_code == 404
    assert tournament(client, event_id).rounds[0].pairings[0].results == [None]
    # The organiser runs his event without a named arbiter: he is its chief arbiter.
    r = org.api("POST", f"/api/games/{game_id}/actions", DECIDE)
    assert r.status_code == 200
    org.get(f"/events/{event_id}")
    assert tournament(client, event_id).rounds[0].pairings[0].results[0] is not None


def test_a_second_arbiter_of_the_event(client: TestClient, alice: Visitor, bob: Visitor,
                                       carol: Visitor) -> None:
    """The arbiters of a competition besides its chief (Code 4.6): added by the organiser,
    they rule on its games; a removed one no longer does."""
    org = organiser(client)
    dave = Visitor(client)
    dave.signup("dave")
    for name in ("carol", "dave"):
        set_role(client, name, Role.ARBITER)
    event_id, game_id, _, _ = event_game(client, org, alice, bob, arbiter="carol")
    assert act(dave, game_id, ADJUST) == (403, "not_arbiter")
    assert act(org, game_id, ADJUST) == (403, "not_arbiter")  # carol is the chief arbiter
    r = org.form(f"/events/{event_id}/arbiters", {"username": "dave"},
                 page=f"/events/{event_id}")
    assert r.status_code == 303
    assert "dave" in org.get(f"/events/{event_id}").text
    r = dave.api("POST", f"/api/games/{game_id}/actions", ADJUST)
    assert r.status_code == 200, r.text
    r = org.form(f"/events/{event_id}/arbiters/dave/remove", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    assert act(dave, game_id, ADJUST) == (403, "not_arbiter")
    # Only an account with the arbiter's role can be appointed; only the organiser appoints.
    r = org.form(f"/events/{event_id}/arbiters", {"username": "alice"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422
    r = carol.form(f"/events/{event_id}/arbiters", {"username": "dave"},
                   page=f"/events/{event_id}")
    assert r.status_code == 403


def test_an_arbiter_who_plays_enters_no_result_of_his_game(client: TestClient, alice: Visitor,
                                                            bob: Visitor, carol: Visitor) -> None:
    org = organiser(client)
    set_role(client, "alice", Role.ARBITER)
    event_id = create_event(org, mode="otb", arbiter="alice")
    Visitor(client).signup("dave")
    register(org, event_id, "alice", "bob", "carol", "dave")
    assert org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}"
                    ).status_code == 303
    t = tournament(client, event_id)
    numbers = {p.name: p.number for p in t.players}
    own = next(p for p in t.rounds[0].pairings if numbers["alice"] in (p.white, p.black))
    r = alice.form(f"/events/{event_id}/results",
                   {"round": "1", "board": str(own.board), "result": "2-0"},
                   page=f"/events/{event_id}")
    assert r.status_code == 403
    assert tournament(client, event_id).rounds[0].pairings[own.board - 1].results == [None]
    assert not games_of(client, event_id)
