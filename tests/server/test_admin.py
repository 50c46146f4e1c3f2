"""Roles: the administrators' page ``/admin/users`` (list, search, change a role, the audit
record), its JSON twin under ``/api/admin``, and ``shashki users`` that makes the first
administrator of a fresh install. Only administrators change roles; the last
administrator keeps his role; every change needs the CSRF token."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from shashki.server import cli
from shashki.server.accounts.models import RoleChange, User
from shashki.server.core.db import Database
from shashki.server.core.settings import Settings

from .helpers import Visitor
from .services import database_url


def users(settings: Settings, *argv: str) -> int:
    return cli.main(["users", *argv, "--database", settings.url])


def role_of(settings: Settings, name: str) -> str:
    db = Database(settings.url)
    with db.session() as s:
        role = s.query(User).filter_by(username=name).one().role
    db.dispose()
    return role


def audit(settings: Settings) -> list[tuple[str, str, str, str | None, str]]:
    db = Database(settings.url)
    with db.session() as s:
        rows = [(c.user.username, c.old_role, c.new_role,
                 c.actor.username if c.actor else None, c.via)
                for c in s.query(RoleChange).order_by(RoleChange.id)]
    db.dispose()
    return rows


def set_role(v: Visitor, name: str, role: str, reason: str = "") -> tuple[int, str]:
    r = v.form(f"/admin/users/{name}/role", {"role": role, "reason": reason},
               page="/admin/users")
    return r.status_code, r.text


def test_the_first_administrator_from_the_command_line(
        client: TestClient, settings: Settings, alice: Visitor, bob: Visitor,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Nobody is an administrator yet: the page is closed to everyone.
    assert alice.get("/admin/users").status_code == 403
    assert Visitor(client).get("/admin/users").status_code == 401
    assert 'id="admin-link"' not in alice.get("/").text
    assert users(settings, "role", "Alice", "administrator", "--reason", "bootstrap") == 0
    assert capsys.readouterr().out == "alice: player -> administrator\n"
    assert users(settings, "role", "alice", "administrator") == 0
    assert capsys.readouterr().out == "alice is already administrator\n"
    assert audit(settings) == [("alice", "player", "administrator", None, "cli")]
    # The new role holds at once, in the running server's pages.
    page = alice.get("/admin/users")
    assert page.status_code == 200 and 'id="admin-link"' in page.text
    assert "command line" in page.text and "bootstrap" in page.text
    assert "alice" in page.text and "bob" in page.text
    assert users(settings, "list") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["alice\tadministrator", "bob\tplayer"]  # the engine's accounts next
    assert users(settings, "list", "--role", "administrator") == 0
    assert capsys.readouterr().out == "alice\tadministrator\n"


def test_command_line_errors_are_one_line_and_status_2(
        settings: Settings, capsys: pytest.CaptureFixture[str], alice: Visitor) -> None:
    assert users(settings, "role", "nobody", "arbiter") == 2
    err = capsys.readouterr().err
    assert err == "shashki users: error: There is no player called nobody.\n"
    assert users(settings, "role", "alice", "king") == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert users(settings, "role", "alice", "administrator") == 0
    assert users(settings, "role", "alice", "player") == 2  # the last administrator
    assert "last administrator" in capsys.readouterr().err
    assert role_of(settings, "alice") == "administrator"
    assert cli.main(["users", "list", "--database", "nosuch://x"]) == 2
    assert "bad database URL" in capsys.readouterr().err


def test_an_administrator_changes_roles(client: TestClient, settings: Settings,
                                        alice: Visitor, bob: Visitor, carol: Visitor) -> None:
    assert users(settings, "role", "alice", "administrator") == 0
    found = alice.get("/admin/users", params={"q": "BO"})
    assert found.status_code == 200
    names = re.findall(r'<li class="account" id="user-([^"]+)"', found.text)
    assert names == ["bob"]
    assert alice.get("/admin/users", params={"role": "administrator"}).text.count(
        'class="account"') == 1
    status, _ = set_role(alice, "bob", "arbiter", "rules at the club")
    assert status == 303
    assert role_of(settings, "bob") == "arbiter"
    page = alice.get("/admin/users?changed=bob")
    assert "The role of bob is changed." in page.text and "rules at the club" in page.text
    assert audit(settings)[-1] == ("bob", "player", "arbiter", "alice", "web")
    # An arbiter (or an organiser) may not give roles; a player neither.
    assert bob.get("/admin/users").status_code == 403
    status, _ = set_role(bob, "bob", "administrator")
    assert status == 403
    status, _ = set_role(carol, "carol", "organiser")
    assert status == 403
    assert (role_of(settings, "bob"), role_of(settings, "carol")) == ("arbiter", "player")
    # Bad input is refused with the reason, nothing is recorded.
    n = len(audit(settings))
    status, text = set_role(alice, "bob", "emperor")
    assert status == 422 and "A role is player, arbiter, organiser or administrator" in text
    status, text = set_role(alice, "nobody", "arbiter")
    assert status == 404 and "There is no player called nobody" in text
    status, _ = set_role(alice, "bob", "arbiter")  # no change: nothing recorded
    assert status == 303
    assert alice.get("/admin/users", params={"role": "emperor"}).status_code == 422
    assert alice.get("/admin/users", params={"q": "x" * 33}).status_code == 422
    assert len(audit(settings)) == n


def test_the_last_administrator_keeps_his_role(settings: Settings, alice: Visitor,
                                               bob: Visitor) -> None:
    assert users(settings, "role", "alice", "administrator") == 0
    status, text = set_role(alice, "alice", "organiser")
    assert status == 409 and "alice is the last administrator" in text
    assert role_of(settings, "alice") == "administrator"
    assert set_role(alice, "bob", "administrator")[0] == 303
    # With a second administrator, either may step down, and then the other is the last.
    assert set_role(alice, "alice", "organiser")[0] == 303
    assert alice.get("/admin/users").status_code == 403
    status, text = set_role(bob, "bob", "player")
    assert status == 409
    assert [r[1:4] for r in audit(settings)] == [
        ("player", "administrator", None), ("player", "administrator", "alice"),
        ("administrator", "organiser", "alice")]


def test_csrf_is_required(client: TestClient, settings: Settings, alice: Visitor,
                          bob: Visitor) -> None:
    assert users(settings, "role", "alice", "administrator") == 0
    alice.get("/admin/users")
    r = alice.post("/admin/users/bob/role", data={"role": "arbiter", "csrf_token": "forged"},
                   follow_redirects=False)
    assert r.status_code == 403
    r = alice.post("/admin/users/bob/role", data={"role": "arbiter"}, follow_redirects=False)
    assert r.status_code == 403
    r = alice.request("POST", "/api/admin/users/bob/role", json={"role": "arbiter"})
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    r = alice.post("/admin/users/bob/role", data={"role": "arbiter", "csrf_token": alice.csrf},
                   headers={"Origin": "http://evil.example"}, follow_redirects=False)
    assert r.status_code == 403
    assert role_of(settings, "bob") == "player"


def test_the_api(settings: Settings, alice: Visitor, bob: Visitor) -> None:
    assert bob.api("GET", "/api/admin/users").status_code == 403
    assert users(settings, "role", "alice", "administrator") == 0
    r = alice.api("GET", "/api/admin/users?q=bo")
    assert r.status_code == 200
    assert r.json()["users"] == [{"username": "bob", "role": "player",
                                  "created_at": r.json()["users"][0]["created_at"]}]
    r = alice.api("POST", "/api/admin/users/bob/role", {"role": "organiser", "reason": "league"})
    assert r.status_code == 200, r.text
    change = r.json()["change"]
    assert (change["user"], change["old_role"], change["new_role"], change["by"],
            change["via"], change["reason"]) == ("bob", "player", "organiser", "alice", "api",
                                                  "league")
    r = alice.api("POST", "/api/admin/users/alice/role", {"role": "player"})
    assert r.status_code == 409 and r.json()["error"] == "admin_last"
    r = alice.api("GET", "/api/admin/role-changes")
    assert [c["via"] for c in r.json()] == ["api", "cli"]
    assert bob.api("POST", "/api/admin/users/bob/role", {"role": "administrator"}
                   ).status_code == 403


def test_the_page_in_russian(settings: Settings, alice: Visitor) -> None:
    assert users(settings, "role", "alice", "administrator") == 0
    alice.get("/lang/ru")
    page = alice.get("/admin/users").text
    assert "Учётные записи и роли" in page and "Изменения ролей" in page
    assert "командная строка" in page and ">Админ<" in page


def test_a_fresh_database_from_the_command_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Only ``serve`` and ``--create`` make a database: a mistyped path is an error."""
    url = database_url(tmp_path, "fresh.db")
    if url.startswith("sqlite"):
        assert cli.main(["users", "list", "--database", url]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no database at" in err and "fresh.db" in err
        assert not (tmp_path / "fresh.db").exists()
    assert cli.main(["users", "list", "--database", url, "--create"]) == 0
    assert capsys.readouterr().out == ""


def test_two_administrators_lowering_each_other_at_once(tmp_path: Path) -> None:
    """The second change waits for the first (PostgreSQL) or fails (SQLite's single
    writer); either way one administrator is left."""
    import threading
    import time

    from shashki.server.accounts import admin

    url = database_url(tmp_path, "race.db")
    db = Database(url, create=True)
    db.upgrade()
    with db.session() as s:
        for name in ("anna", "boris"):
            s.add(User(username=name, username_key=name, password_hash="x",
                         role="administrator", created_at=0.0))
    first_done, outcome = threading.Event(), {}

    def lower(actor_name: str, target: str, hold: bool) -> None:
        try:
            with db.session() as s:
                actor = s.query(User).filter_by(username=actor_name).one()
                admin.set_role(s, actor, target, "player", time.time())
                if hold:
                    first_done.set()
                    time.sleep(0.5)  # the other change starts while this one is open
            outcome[actor_name] = "done"
        except Exception as e:
            outcome[actor_name] = type(e).__name__
        finally:
            first_done.set()

    t1 = threading.Thread(target=lower, args=("anna", "boris", True))
    t1.start()
    first_done.wait(10)
    t2 = threading.Thread(target=lower, args=("boris", "anna", False))
    t2.start()
    t1.join(30)
    t2.join(30)
    assert outcome["anna"] == "done" and outcome["boris"] != "done"
    with db.session() as s:
        roles = {u.username: u.role for u in s.query(User)}
        assert roles == {"anna": "administrator", "boris": "player"}
        assert s.query(RoleChange).count() == 1
    db.dispose()


def test_engine_accounts_are_not_people(client: TestClient) -> None:
    # The engine's accounts (``users.bot``) are neither listed nor counted as players.
    from shashki.server.accounts import admin
    from shashki.server.accounts.models import User as UserRow

    svc = client.app.state.services  # type: ignore[attr-defined]
    with svc.db.session() as s:
        s.add(UserRow(username="engine-x", username_key="engine-x", password_hash="!",
                      role="player", created_at=0.0, bot=True))
        s.add(UserRow(username="pavel", username_key="pavel", password_hash="!",
                      role="player", created_at=0.0))
    with svc.db.session() as s:
        names = [u.username for u in admin.list_users(s).users]
        assert "pavel" in names and "engine-x" not in names
        bots = s.query(UserRow).filter_by(bot=True).count()
        people = s.query(UserRow).filter_by(bot=False).count()
        assert sum(admin.role_counts(s).values()) == people and bots >= 1
