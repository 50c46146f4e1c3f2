"""Correspondence play on the platform (issue 8): web moves, the e-mail channel through a
real SMTP server on loopback (aiosmtpd), leave, conditional moves, the judge's decision on
overstepped time (Code 5.1.7), all on a simulated calendar."""

from __future__ import annotations

import re
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from shashki.correspondence import SimulatedClock
from shashki.server.accounts.models import Role, User
from shashki.server.app import create_app
from shashki.server.core.db import Database
from shashki.server.core.settings import Settings
from shashki.server.correspondence.service import CorrConfig

from .helpers import Visitor
from .services import KEY, Inbox, free_port


def make_judge(settings: Settings, name: str, email: str) -> None:
    db = Database(settings.url)
    with db.session() as s:
        s.execute(update(User).where(User.username == name).values(
            role=Role.ARBITER.value, email=email))
    db.dispose()


def new_game(white: Visitor, black: Visitor, control: str = "10d/5", judge: str = "") -> int:
    """White invites Black, who accepts (the game starts then, rules.md L18)."""
    r = white.form("/corr", {"opponent": black.name, "color": "white", "control": control,
                             "variant": "russian", "judge": judge}, page="/corr")
    assert r.status_code == 303, r.text
    game = int(r.headers["location"].rsplit("/", 1)[1])
    r = black.form(f"/corr/{game}/invitation/accept", {}, page=f"/corr/{game}")
    assert r.status_code == 303, r.text
    return game


def act(v: Visitor, game: int, action: str, **data: str) -> Any:
    r = v.form(f"/corr/{game}/{action}", data, page=f"/corr/{game}")
    assert r.status_code == 303, r.text
    return r


def inbound(client: TestClient, raw: bytes, key: str = KEY) -> Any:
    return client.post("/api/corr/mail/inbound", content=raw,
                       headers={"X-Shashki-Mail-Key": key, "Content-Type": "message/rfc822"})


def reply_to(msg: EmailMessage, sender: str, text: str) -> bytes:
    body = msg.get_body(("plain",))
    assert body is not None
    r = EmailMessage()
    r["From"], r["To"] = sender, str(msg["Reply-To"])
    r["Subject"] = "Re: " + str(msg["Subject"])
    quoted = "\n".join("> " + line for line in str(body.get_content()).splitlines())
    r.set_content(f"{text}\n\nOn Tue, corr wrote:\n{quoted}\n")
    return r.as_bytes()


def test_a_game_by_web_and_by_email_code_5_1_1(
        client: TestClient, alice: Visitor, bob: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    """Code 5.1.1: Bob plays by e-mail, Alice on the site; the moves carry their dates
    (Code 5.1.2) and a bad reply is answered with the reason in both languages."""
    clock, box = corr
    game = new_game(alice, bob)
    act(bob, game, "mail", on="1")
    clock.advance(days=2)
    act(alice, game, "move", move="c3-d4")
    [msg] = box.to("bob@example.org")
    assert "[corr " in str(msg["Subject"]) and "+" in str(msg["Reply-To"])
    # A reply whose move is illegal: refused, with the token named, answered by mail.
    r = inbound(client, reply_to(msg, "bob@example.org", "h6-h5"))
    assert r.status_code == 422 and "'h6-h5'" in r.json()["detail"]
    answer = box.to("bob@example.org")[-1]
    text = str(answer.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert "невозможен" in text and "cannot be played" in text
    # From another address: refused.
    r = inbound(client, reply_to(msg, "mallory@example.org", "f6-g5"))
    assert r.status_code == 422 and "not the address of bob" in r.json()["detail"]
    assert inbound(client, b"x", key="wrong").status_code == 403
    clock.advance(days=1)
    r = inbound(client, reply_to(msg, "Bob@Example.org", "f6-g5\nесли g3-f4 g7-f6"))
    assert r.status_code == 200 and r.json() == {"accepted": True, "game": game,
                                                  "detail": "f6-g5", "detail_ru": "f6-g5"}
    page = alice.get(f"/corr/{game}").text
    assert "f6-g5" in page and "e-mail" in page
    # Bob's conditional line from the same letter: Alice plays g3-f4, g7-f6 follows.
    act(alice, game, "move", move="g3-f4")
    page = alice.get(f"/corr/{game}").text
    assert "g7-f6" in page and "conditional" in page
    pdn = alice.get(f"/corr/{game}/pdn").text
    flat = " ".join(pdn.split())
    assert "sent 2026-03-04 12:00, received 2026-03-04 12:00, 2 d, web" in flat
    assert "1 d, email" in flat and "conditional" in flat
    log = alice.get(f"/corr/{game}").text
    assert "rejected" in log and "accepted" in log
    # Bob resigns by e-mail (Code 1.8.1); "I do not resign" would not have.
    last = box.to("bob@example.org")[-1]
    r = inbound(client, reply_to(last, "bob@example.org", "Сдаюсь. Спасибо за партию!"))
    assert r.status_code == 200 and r.json()["detail"] == "resign"
    page = alice.get(f"/corr/{game}").text
    assert 'id="corr-result"' in page and "1-0" in page


def test_leave_overstep_and_the_judge_code_5_1_7(
        client: TestClient, settings: Settings, alice: Visitor, bob: Visitor, carol: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    """Leave stops Bob's clock (P4); Alice's overstep goes to the judge, who warns her with
    a reason (Code 5.1.7); reminders on silence (P6) go by e-mail."""
    clock, box = corr
    make_judge(settings, "carol", "judge@example.org")
    game = new_game(alice, bob, judge="carol")
    act(alice, game, "move", move="c3-d4")          # Alice plays on the site only
    r = bob.form("/corr/leave", {"first": "2026-03-02", "last": "2026-03-09"}, page="/corr")
    assert r.status_code == 422 and "in advance" in r.text
    r = bob.form("/corr/leave", {"first": "2026-03-03", "last": "2026-03-09"}, page="/corr")
    assert r.status_code == 303
    clock.advance(days=9)                                   # 11 March
    page = bob.get(f"/corr/{game}").text
    assert "2 of 10 days used" in page and "on leave" not in page
    act(bob, game, "move", move="f6-g5")
    clock.advance(days=6)                                   # Alice silent 6 days
    alice.get("/corr")                                      # the daily check runs
    assert any("Reminder" in str(msg["Subject"]) or "Напоминание" in str(msg["Subject"])
               for msg in box.to("alice@example.org"))
    clock.advance(days=5)                                   # 11 of 10 days
    page = carol.get("/corr").text
    assert re.search(r"alice: 11 days used of 10", page)
    assert box.to("judge@example.org")
    r = alice.form(f"/corr/{game}/rule", {"decision": "loss", "reason": "x"},
                   page=f"/corr/{game}")
    assert r.status_code == 403
    act(carol, game, "rule", decision="warning", reason="first overstep")
    page = alice.get(f"/corr/{game}").text
    assert "warning: first overstep" in page
    assert "0 of 10 days used" in page
    # Extra leave only from the judge, with a reason (Code 5.1.7, P4).
    r = bob.form("/corr/leave/grant", {"player": "bob", "year": "2026", "days": "10",
                                       "reason": "x"}, page="/corr")
    assert r.status_code == 403
    r = carol.form("/corr/leave/grant", {"player": "bob", "year": "2026", "days": "10",
                                         "reason": "hospital, certificate"}, page="/corr")
    assert r.status_code == 303
    page = bob.get("/corr").text
    assert "33 of 40 leave days left in 2026" in page and "hospital, certificate" in page
    # The judge enters a postal move with its postmark and receipt (Code 5.1.8).
    act(carol, game, "postal", move="g3-f4", postmark="2026-03-22", received="2026-03-24")
    page = bob.get(f"/corr/{game}").text
    assert "post" in page and "carol" in page


def test_errors_are_typed_and_translated(alice: Visitor, bob: Visitor,
                                          corr: tuple[SimulatedClock, Inbox]) -> None:
    r = alice.form("/corr", {"opponent": "bob", "color": "white", "control": "30/10"},
                   page="/corr")
    assert r.status_code == 422 and "&#39;30/10&#39;" in r.text
    game = new_game(alice, bob)
    r = bob.form(f"/corr/{game}/move", {"move": "f6-g5"}, page=f"/corr/{game}")
    assert r.status_code == 409 and "not bob" in r.text
    r = alice.form(f"/corr/{game}/move", {"move": "c3-c4"}, page=f"/corr/{game}")
    assert r.status_code == 409 and "c3-c4" in r.text


def test_a_correspondence_event_code_5_1_6_to_5_1_8(
        client: TestClient, settings: Settings, alice: Visitor, bob: Visitor, carol: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    """Code 5.1.6: the judge runs the event with a captain; all games start at once (P9);
    Code 5.1.8: the captain registers finished games, keeps the table and reports to the
    players periodically by e-mail; standings by the Code's tie-breaks (3.16)."""
    clock, box = corr
    make_judge(settings, "carol", "judge@example.org")
    dave = Visitor(client)
    dave.signup("dave", email="dave@example.org")
    eve = Visitor(client)
    eve.signup("eve", email="eve@example.org")
    r = alice.form("/corr/events", {"name": "x"}, page="/corr/events")
    assert r.status_code == 403
    r = carol.form("/corr/events", {"name": "ПЧР-26", "system": "berger", "control": "30d/10",
                                    "variant": "russian", "captain": "dave",
                                    "digest_days": "7"}, page="/corr/events")
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    for v in (alice, bob, eve):
        assert v.form(url + "/join", {}, page=url).status_code == 303
    assert dave.form(url + "/start", {}, page=url).status_code == 403
    assert carol.form(url + "/start", {}, page=url).status_code == 303
    page = alice.get(url).text
    assert page.count('href="/corr/') >= 3 and "alice, bob, eve" in page
    games = sorted({int(g) for g in re.findall(r'href="/corr/(\d+)"', page)})
    assert len(games) == 3                              # 3 players: every pair at once
    first = games[0]
    g = alice.get(f"/corr/{first}").text
    loser = alice if "alice" in re.search(r"<h1>(.*?)</h1>", g).group(1) else bob  # type: ignore[union-attr]
    act(loser, first, "resign")
    assert alice.form(url + "/register", {"game": str(first)}, page=url).status_code == 403
    assert dave.form(url + "/register", {"game": str(first)}, page=url).status_code == 303
    page = dave.get(url).text
    assert "registered" in page and 'id="results-table"' in page and 'id="standings"' in page
    assert "sonneborn-berger" in page
    # The captain enters a postal move in another game of the event (Code 5.1.8).
    other = games[1]
    assert eve.form(f"/corr/{other}/postal", {"move": "c3-d4", "postmark": "2026-03-02"},
                    page=f"/corr/{other}").status_code == 403
    act(dave, other, "postal", move="c3-d4", postmark="2026-03-02", received="2026-03-04")
    assert "dave" in dave.get(f"/corr/{other}").text
    before = len(box.messages)
    assert dave.form(url + "/digest", {}, page=url).status_code == 303
    reports = box.messages[before:]
    assert {str(m_["To"]) for m_ in reports} == {"alice@example.org", "bob@example.org",
                                                 "eve@example.org"}
    assert all(str(m_["From"]) == "dave@example.org" for m_ in reports)
    # A week later the daily check sends the next report by itself.
    clock.advance(days=7)
    before = len(box.messages)
    alice.get("/corr")
    weekly = [m_ for m_ in box.messages[before:] if "Tournament report" in str(m_["Subject"])
              or "Ход турнира" in str(m_["Subject"])]
    assert len(weekly) == 3
    # The captain registers the rest; with the last, his report goes to the judge.
    for gid in games[1:]:
        page = dave.get(f"/corr/{gid}").text
        white = re.search(r"<h1>(\w+) – ", page).group(1)  # type: ignore[union-attr]
        act({"alice": alice, "bob": bob, "eve": eve}[white], gid, "resign")
    before = len(box.messages)
    for gid in games[1:]:
        assert dave.form(url + "/register", {"game": str(gid)}, page=url).status_code == 303
    [report] = [m_ for m_ in box.messages[before:] if m_["To"] == "judge@example.org"]
    assert "Captain's report: ПЧР-26" in str(report["Subject"])
    assert 'id="captains-report"' in dave.get(url).text


def test_a_swiss_correspondence_event_pairs_round_by_round(
        client: TestClient, settings: Settings, alice: Visitor, bob: Visitor, carol: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    """P9: a Swiss event starts a round's games together, the next round once the captain
    (here the judge, Code 5.1.8) has registered every game of the last."""
    make_judge(settings, "carol", "judge@example.org")
    players = {"alice": alice, "bob": bob}
    for name in ("dave", "eve"):
        v = Visitor(client)
        v.signup(name, email=f"{name}@example.org")
        players[name] = v
    r = carol.form("/corr/events", {"name": "Swiss", "system": "dutch", "rounds": "2",
                                    "control": "30d/10", "variant": "russian"},
                   page="/corr/events")
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    for v in players.values():
        v.form(url + "/join", {}, page=url)
    assert carol.form(url + "/start", {}, page=url).status_code == 303

    def games() -> list[int]:
        return sorted({int(g) for g in re.findall(r'href="/corr/(\d+)"', carol.get(url).text)})

    first = games()
    assert len(first) == 2
    assert carol.form(url + "/next-round", {}, page=url).status_code == 409
    for gid in first:
        page = carol.get(f"/corr/{gid}").text
        black = re.search(r"<h1>\w+ – (\w+)</h1>", page).group(1)  # type: ignore[union-attr]
        act(players[black], gid, "resign")
        assert carol.form(url + "/register", {"game": str(gid)}, page=url).status_code == 303
    assert carol.form(url + "/next-round", {}, page=url).status_code == 303
    assert len(games()) == 4


def test_replies_by_smtp_into_the_platform_code_5_1_1(
        settings: Settings, inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``SHASHKI_SMTP_LISTEN`` the platform receives the replies itself: Bob answers
    Alice's move by plain SMTP and the move is played (Code 5.1.1)."""
    listen_port = free_port()
    monkeypatch.setenv("SHASHKI_SMTP_LISTEN", f"127.0.0.1:{listen_port}")
    with TestClient(create_app(settings), base_url="http://testserver") as client:
        clock = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
        cfg = CorrConfig(smtp_host="127.0.0.1", smtp_port=inbox[1], sender="corr@shashki.test")
        cfg.simulate(clock)
        client.app.state.correspondence = cfg  # type: ignore[attr-defined]
        alice, bob = Visitor(client), Visitor(client)
        alice.signup("alice", email="alice@example.org")
        bob.signup("bob", email="bob@example.org")
        game = new_game(alice, bob)
        act(bob, game, "mail", on="1")
        act(alice, game, "move", move="c3-d4")
        [msg] = inbox[0].to("bob@example.org")
        with smtplib.SMTP("127.0.0.1", listen_port, timeout=10) as smtp:
            smtp.sendmail("bob@example.org", [str(msg["Reply-To"])],
                          reply_to(msg, "bob@example.org", "f6-g5"))
        page = alice.get(f"/corr/{game}").text
        assert "f6-g5" in page and "e-mail" in page
        # A reply that cannot be read is still taken (250) and answered with the reason.
        with smtplib.SMTP("127.0.0.1", listen_port, timeout=10) as smtp:
            smtp.sendmail("bob@example.org", [str(msg["Reply-To"])],
                          reply_to(msg, "bob@example.org", "h6-h5"))
        answer = inbox[0].to("bob@example.org")[-1]
        assert "h6-h5" in str(answer.get_body(("plain",)).get_content())  # type: ignore[union-attr]
