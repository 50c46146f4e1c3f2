"""Accounts: sign-up, login, logout, sessions, CSRF, the login limit."""

from __future__ import annotations

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import select

from shashki.server.accounts.auth import SESSION_COOKIE, token_hash
from shashki.server.accounts.models import Session, User

from .helpers import Visitor


def services(client: TestClient):  # type: ignore[no-untyped-def]
    return client.app.state.services  # type: ignore[attr-defined]


def test_signup_logs_in_and_hashes_with_argon2(client: TestClient, alice: Visitor) -> None:
    r = alice.get("/")
    assert "alice" in r.text and "/logout" in r.text
    with services(client).db.session() as db:
        user = db.scalar(select(User).where(User.username == "alice"))
        assert user is not None and user.password_hash.startswith("$argon2id$")
        sessions = list(db.scalars(select(Session).where(Session.user_id == user.id)))
    token = alice.jar.get(SESSION_COOKIE)
    assert token and [s.id for s in sessions] == [token_hash(token)]  # only the hash stored


def test_signup_validates_names_and_passwords(client: TestClient) -> None:
    v = Visitor(client)
    v.get("/signup")
    for name, password, code in [
        ("ab", "long enough", "3-24"),
        ("Pаvel", "long enough", "3-24"),           # Latin and Cyrillic mixed
        ("<script>", "long enough", "3-24"),
        ("valid_name", "short", "8 characters"),
    ]:
        r = v.post("/signup", data={"username": name, "password": password,
                                    "csrf_token": v.csrf})
        assert r.status_code == 422 and code in r.text, (name, r.text)
        assert "&lt;script&gt;" in r.text or name != "<script>"  # escaped when shown back
    r = v.post("/signup", data={"username": "Иван", "password": "long enough",
                                "csrf_token": v.csrf}, follow_redirects=False)
    assert r.status_code == 303


def test_names_are_unique_ignoring_case(client: TestClient, alice: Visitor) -> None:
    v = Visitor(client)
    v.get("/signup")
    r = v.post("/signup", data={"username": "ALICE", "password": "long enough",
                                "csrf_token": v.csrf})
    assert r.status_code == 422 and "taken" in r.text


def test_login_logout_and_a_new_session_each_login(client: TestClient, alice: Visitor) -> None:
    first = alice.jar.get(SESSION_COOKIE)
    alice.form("/logout", {})
    assert alice.api("GET", "/api/me").status_code == 401
    r = alice.form("/login", {"username": "Alice", "password": "correct horse"}, page="/login")
    assert r.status_code == 303
    second = alice.jar.get(SESSION_COOKIE)
    assert second and second != first
    assert alice.api("GET", "/api/me").json()["username"] == "alice"
    r = alice.form("/login", {"username": "alice", "password": "wrong"}, page="/login")
    assert r.status_code == 401 and "Wrong name or password" in r.text


def test_forms_without_the_csrf_token_are_refused(client: TestClient, alice: Visitor) -> None:
    for data in ({}, {"csrf_token": "forged"}):
        r = alice.post("/challenges", data={"variant": "russian", **data})
        assert r.status_code == 403
        assert "not sent by this site" in r.text
    r = alice.request("POST", "/api/challenges", json={"variant": "russian"},
                      headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    # The token of another session does not do either.
    other = Visitor(client)
    other.signup("mallory")
    r = alice.request("POST", "/api/challenges", json={"variant": "russian"},
                      headers={"X-CSRF-Token": other.csrf})
    assert r.status_code == 403


def test_login_form_needs_the_double_submit_token(client: TestClient, alice: Visitor) -> None:
    v = Visitor(client)
    v.get("/login")
    r = v.post("/login", data={"username": "alice", "password": "correct horse",
                               "csrf_token": "x" + v.csrf})
    assert r.status_code == 403


def test_cross_origin_posts_are_refused(client: TestClient, alice: Visitor) -> None:
    r = alice.request("POST", "/api/challenges", json={"variant": "russian"},
                      headers={"X-CSRF-Token": alice.csrf, "Origin": "http://evil.example"})
    assert r.status_code == 403


def test_forged_session_cookies_are_refused(client: TestClient, alice: Visitor) -> None:
    for token in ("forged", alice.jar.get(SESSION_COOKIE, "") + "x", "A" * 500):
        v = Visitor(client)
        v.jar = httpx.Cookies({SESSION_COOKIE: token})
        assert v.get("/api/me").status_code == 401
        assert "/logout" not in v.get("/").text


def test_expired_sessions_end(client: TestClient, alice: Visitor) -> None:
    with services(client).db.session() as db:
        for s in db.scalars(select(Session)):
            s.expires_at = 0
    assert alice.get("/api/me").status_code == 401


def test_next_never_leaves_the_site(client: TestClient) -> None:
    v = Visitor(client)
    for target in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        r = v.get(f"/lang/en?next={target}", follow_redirects=False)
        assert r.headers["location"] == "/"
    v.get("/signup")
    r = v.post("/signup", data={"username": "dave", "password": "long enough",
                                "next": "//evil.example", "csrf_token": v.csrf},
               follow_redirects=False)
    assert r.headers["location"] == "/"


def test_language_switch(client: TestClient, alice: Visitor) -> None:
    r = alice.get("/lang/ru?next=/", follow_redirects=True)
    assert "Новая партия" in r.text and '<html lang="ru">' in r.text
    r = alice.get("/lang/en?next=/", follow_redirects=True)
    assert "New game" in r.text
    assert alice.api("GET", "/api/me").json()["language"] == "en"


def test_security_headers(client: TestClient) -> None:
    r = client.get("/")
    assert r.headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"
