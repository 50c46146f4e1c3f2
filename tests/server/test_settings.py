"""A player's own settings: e-mail and language, the password, deleting the account with
its personal data."""

from __future__ import annotations

from fastapi.testclient import TestClient

from shashki.server.accounts.models import ApiToken, Session, User

from .helpers import Visitor, start_game


def db(client: TestClient) -> object:
    return client.app.state.services.db  # type: ignore[attr-defined]


def test_email_and_language(client: TestClient, alice: Visitor) -> None:
    page = alice.get("/settings").text
    assert "alice@example.org" in page
    r = alice.form("/settings/account", {"email": "a@example.net", "language": "ru"},
                   page="/settings")
    assert r.status_code == 303 and r.headers["location"] == "/settings?done=account"
    assert "Сохранено." in alice.get("/settings?done=account").text  # the pages in Russian
    with db(client).session() as s:  # type: ignore[attr-defined]
        me = s.query(User).filter_by(username="alice").one()
        assert me.email == "a@example.net" and me.language == "ru"
    r = alice.form("/settings/account", {"email": "not an address", "language": "en"},
                   page="/settings")
    assert r.status_code == 422


def test_changing_the_password_logs_out_the_other_sessions(client: TestClient,
                                                            alice: Visitor) -> None:
    other = Visitor(client)
    other.get("/login")
    r = other.post("/login", data={"username": "alice", "password": "correct horse",
                                   "csrf_token": other.csrf}, follow_redirects=False)
    assert r.status_code == 303
    r = alice.form("/settings/password", {"current_password": "wrong one",
                                          "new_password": "a new long one"}, page="/settings")
    assert r.status_code == 422 and "not right" in r.text
    r = alice.form("/settings/password", {"current_password": "correct horse",
                                          "new_password": "a new long one"}, page="/settings")
    assert r.status_code == 303
    assert "alice" in alice.get("/settings").text  # still logged in here
    assert other.get("/settings", follow_redirects=False).status_code in (303, 401)
    fresh = Visitor(client)
    fresh.get("/login")
    r = fresh.post("/login", data={"username": "alice", "password": "a new long one",
                                   "csrf_token": fresh.csrf}, follow_redirects=False)
    assert r.status_code == 303


def test_deleting_the_account_erases_its_personal_data(client: TestClient, alice: Visitor,
                                                       bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    alice.form("/settings/tokens", {"name": "bot"}, page="/settings/tokens")
    r = alice.form("/settings/delete", {"password": "correct horse"}, page="/settings")
    assert r.status_code == 422  # not confirmed
    r = alice.form("/settings/delete", {"password": "correct horse", "confirm": "on"},
                   page="/settings")
    assert r.status_code == 303
    with db(client).session() as s:  # type: ignore[attr-defined]
        assert s.query(User).filter_by(username="alice").first() is None
        gone = s.query(User).filter(User.deleted_at.isnot(None)).one()
        assert gone.username.startswith("deleted-") and gone.email is None
        assert gone.password_hash == "!"
        assert s.query(Session).filter_by(user_id=gone.id).count() == 0
        assert s.query(ApiToken).filter_by(user_id=gone.id).count() == 0
    # Bob's game stays, with a name that names no one; the name is free again.
    assert f"/games/{game_id}" in bob.get("/users/bob").text
    assert "deleted-" in bob.get("/users/bob").text
    assert bob.get("/users/alice").status_code == 404
    again = Visitor(client)
    again.signup("alice")
