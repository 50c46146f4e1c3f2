"""Logins and sign-ups under attack (docs/security.md, "Limits"): failures cost growing
delays per address and per account, the account's owner is never locked out, a club
behind one address registers its members, and the proxy's forwarded address is believed
only when the platform is told it runs behind one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from shashki.server.accounts.visitor import Throttles
from shashki.server.app import create_app

from .conftest import fast_settings
from .helpers import Visitor


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[TestClient, Clock]]:
    """A platform behind a reverse proxy (any address trusted), on a hand-moved clock."""
    settings = fast_settings(tmp_path, behind_proxy="*", base_url="https://shashki.test")
    clock = Clock()
    with TestClient(create_app(settings), base_url="https://shashki.test") as c:
        c.app.state.accounts.throttles = Throttles(settings, now=clock)  # type: ignore[attr-defined]
        yield c, clock


def login(v: Visitor, password: str, source: str) -> int:
    v.get("/login")
    r = v.post("/login", data={"username": "alice", "password": password,
                                      "csrf_token": v.csrf},
                      headers={"X-Forwarded-For": source}, follow_redirects=False)
    return r.status_code


def test_a_guessing_address_waits_longer_and_longer(proxied: tuple[TestClient, Clock]) -> None:
    client, clock = proxied
    Visitor(client).signup("alice")
    attacker = Visitor(client)
    assert [login(attacker, "wrong", "10.0.0.66") for _ in range(5)] == [401] * 5
    waits = []
    for _ in range(4):                      # each failure doubles the wait: 1, 2, 4, 8 s
        r = attacker.post("/login", data={"username": "alice", "password": "x",
                                                 "csrf_token": attacker.csrf},
                                 headers={"X-Forwarded-For": "10.0.0.66"})
        assert r.status_code == 429 and "try again" in r.text
        waits.append(int(r.headers["Retry-After"]))
        clock.t += waits[-1]
        assert login(attacker, "wrong", "10.0.0.66") == 401
    assert waits == [1, 2, 4, 8]
    # Waiting is refused before the password is checked: the right one too, from there.
    assert login(attacker, "correct horse", "10.0.0.66") == 429


def test_the_owner_is_never_locked_out(proxied: tuple[TestClient, Clock]) -> None:
    """The finding: five wrong passwords locked the account for everyone, even with the
    right password."""
    client, _ = proxied
    Visitor(client).signup("alice")
    attacker = Visitor(client)
    for i in range(60):                     # many addresses, many guesses
        login(attacker, "wrong", f"10.0.{i // 5}.{i % 5}")
    assert login(Visitor(client), "correct horse", "192.0.2.7") == 303


def test_a_club_behind_one_address_registers_its_members(
        proxied: tuple[TestClient, Clock]) -> None:
    """The finding: sign-up counted successes (5 in 5 minutes per address)."""
    client, _ = proxied
    for i in range(12):
        v = Visitor(client)
        v.get("/signup")
        r = v.post("/signup", data={"username": f"member{i}",
                                           "password": "correct horse",
                                           "csrf_token": v.csrf},
                          headers={"X-Forwarded-For": "203.0.113.9"}, follow_redirects=False)
        assert r.status_code == 303, (i, r.text)
    # Failures do count.
    bad = Visitor(client)
    bad.get("/signup")
    codes = [bad.post("/signup", data={"username": "x", "password": "short",
                                              "csrf_token": bad.csrf},
                             headers={"X-Forwarded-For": "203.0.113.10"}).status_code
             for _ in range(12)]
    assert codes[:10] == [422] * 10 and codes[-1] == 429


def test_forwarded_addresses_only_behind_a_proxy(client: TestClient,
                                                 alice: Visitor) -> None:
    """Without ``--behind-proxy`` an X-Forwarded-For is the attacker's own invention: it
    does not give him a fresh address for every guess."""
    v = Visitor(client)
    for i in range(5):
        v.get("/login")
        v.post("/login", data={"username": "alice", "password": "wrong",
                                      "csrf_token": v.csrf},
                      headers={"X-Forwarded-For": f"10.9.9.{i}"})
    r = v.post("/login", data={"username": "alice", "password": "wrong",
                                      "csrf_token": v.csrf},
                      headers={"X-Forwarded-For": "10.9.9.99"})
    assert r.status_code == 429


def test_secure_cookies_with_an_https_base_url(proxied: tuple[TestClient, Clock]) -> None:
    client, _ = proxied
    v = Visitor(client)
    r = v.get("/signup")
    assert "secure" in r.headers["set-cookie"].lower()
    assert r.headers["Strict-Transport-Security"].startswith("max-age=")


def test_plain_http_cookies_by_default(client: TestClient) -> None:
    r = client.get("/signup")
    assert "secure" not in r.headers["set-cookie"].lower()
    assert "Strict-Transport-Security" not in r.headers


def test_an_organiser_registers_players_who_have_no_account(client: TestClient) -> None:
    from .test_arbiter import organiser
    from .test_events import create_event, tournament

    org = organiser(client)
    event_id = create_event(org)
    r = org.form(f"/events/{event_id}/players", {"username": "Иван_Петров", "create": "1"},
                 page=f"/events/{event_id}")
    assert r.status_code == 200 and 'id="created-account"' in r.text
    password = r.text.split('id="created-account"')[1].split("<code>")[1].split("</code>")[0]
    assert [p.name for p in tournament(client, event_id).players] == ["Иван_Петров"]
    ivan = Visitor(client)
    ivan.get("/login")
    r = ivan.post("/login", data={"username": "Иван_Петров", "password": password,
                                  "csrf_token": ivan.csrf}, follow_redirects=False)
    assert r.status_code == 303
    # A player cannot make accounts this way.
    r = ivan.form(f"/events/{event_id}/players", {"username": "bot1", "create": "1"},
                  page=f"/events/{event_id}")
    assert r.status_code == 403
