"""Correspondence play against hostile users (docs/security.md): judges and captains act
only where they are appointed and never on their own games (Code 5.1.6-5.1.8, rules.md
P15); a game starts only when the invited player accepts (P18), so the platform cannot be
used to mail anyone; the mail channel answers only a player's own address and never
quotes what it was sent; hostile headers and names get a clear refusal, never a 500."""

from __future__ import annotations

from email.message import EmailMessage

from fastapi.testclient import TestClient

from shashki.correspondence import SimulatedClock
from shashki.server.accounts.models import Role
from shashki.server.core.settings import Settings

from .helpers import Visitor
from .services import Inbox
from .test_correspondence import act, inbound, make_judge, new_game, reply_to
from .test_events import set_role


def test_a_game_starts_only_when_accepted(alice: Visitor, bob: Visitor, carol: Visitor,
                                          corr: tuple[SimulatedClock, Inbox]) -> None:
    """The finding: a game started at once and could be used to mail anyone."""
    clock, box = corr
    r = alice.form("/corr", {"opponent": "bob", "color": "white", "control": "10d/5",
                             "variant": "russian"}, page="/corr")
    assert r.status_code == 303
    game = int(r.headers["location"].rsplit("/", 1)[1])
    r = alice.form(f"/corr/{game}/move", {"move": "c3-d4"}, page=f"/corr/{game}")
    assert r.status_code == 409
    assert "invitation" in bob.get("/corr").text.lower()
    assert not box.messages                          # nothing was mailed to bob
    # Only the invited player accepts; carol cannot, alice cannot for him.
    for v in (alice, carol):
        r = v.form(f"/corr/{game}/invitation/accept", {}, page=f"/corr/{game}")
        assert r.status_code in (403, 404)
    clock.advance(days=3)
    act(bob, game, "invitation/accept")
    act(alice, game, "move", move="c3-d4")
    assert "0 of 10 days used" in bob.get(f"/corr/{game}").text  # days count from acceptance
    # Declined and withdrawn invitations never start.
    r = alice.form("/corr", {"opponent": "carol", "color": "black", "control": "10d/5",
                             "variant": "russian"}, page="/corr")
    other = int(r.headers["location"].rsplit("/", 1)[1])
    act(carol, other, "invitation/decline")
    r = carol.form(f"/corr/{other}/invitation/accept", {}, page=f"/corr/{other}")
    assert r.status_code == 409


def test_a_judge_only_of_the_games_he_judges(client: TestClient, settings: Settings,
                                            alice: Visitor, bob: Visitor, carol: Visitor,
                                            corr: tuple[SimulatedClock, Inbox]) -> None:
    """The finding: every account with the arbiter's role was the judge of every
    correspondence game."""
    clock, box = corr
    make_judge(settings, "carol", "judge@example.org")
    game = new_game(alice, bob)                      # no judge named: administrators judge
    act(alice, game, "move", move="c3-d4")
    clock.advance(days=12)                           # bob oversteps 10 days
    carol.get("/corr")                               # the daily check runs
    assert not box.to("judge@example.org")
    assert "11 days used" not in carol.get("/corr").text
    for action, data in (("rule", {"decision": "loss", "reason": "late"}),
                         ("decide", {"result": "1-0", "reason": "late"}),
                         ("postal", {"move": "f6-g5", "postmark": "2026-03-03"})):
        r = carol.form(f"/corr/{game}/{action}", data, page=f"/corr/{game}")
        assert r.status_code == 403, action
    r = carol.form("/corr/leave/grant", {"player": "bob", "year": "2026", "days": "5",
                                         "reason": "ill"}, page="/corr")
    assert r.status_code == 403
    # An administrator judges a game without a judge of its own.
    set_role(client, "carol", Role.ADMINISTRATOR)
    act(carol, game, "rule", decision="warning", reason="first overstep")


def test_nobody_judges_his_own_game(client: TestClient, settings: Settings, alice: Visitor,
                                    bob: Visitor, carol: Visitor,
                                    corr: tuple[SimulatedClock, Inbox]) -> None:
    make_judge(settings, "alice", "alice@example.org")
    make_judge(settings, "carol", "judge@example.org")
    r = alice.form("/corr", {"opponent": "bob", "color": "white", "control": "10d/5",
                             "variant": "russian", "judge": "alice"}, page="/corr")
    assert r.status_code == 422
    game = new_game(alice, bob, judge="carol")
    r = alice.form(f"/corr/{game}/decide", {"result": "1-0", "reason": "mine"},
                   page=f"/corr/{game}")
    assert r.status_code == 403
    r = alice.form("/corr/leave/grant", {"player": "alice", "year": "2026", "days": "30",
                                         "reason": "holiday"}, page="/corr")
    assert r.status_code == 403
    # The judge of an event who plays in it rules on the others' games, not on his own.
    set_role(client, "alice", Role.ADMINISTRATOR)
    r = alice.form(f"/corr/{game}/decide", {"result": "1-0", "reason": "mine"},
                   page=f"/corr/{game}")
    assert r.status_code == 403
    act(carol, game, "decide", result="1/2-1/2", reason="agreed by letter")


def test_a_captain_keeps_only_his_event_and_not_his_games(
        client: TestClient, settings: Settings, alice: Visitor, bob: Visitor, carol: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    make_judge(settings, "carol", "judge@example.org")
    r = carol.form("/corr/events", {"name": "Cup A", "system": "berger", "control": "30d/10",
                                    "variant": "russian", "captain": "alice"},
                   page="/corr/events")
    url = r.headers["location"]
    for v in (alice, bob):
        v.form(url + "/join", {}, page=url)
    assert carol.form(url + "/start", {}, page=url).status_code == 303
    import re

    [gid] = sorted({int(g) for g in re.findall(r'href="/corr/(\d+)"', carol.get(url).text)})
    act(bob, gid, "resign")
    # alice is the captain and plays this game: she may not register it.
    assert alice.form(url + "/register", {"game": str(gid)}, page=url).status_code == 403
    assert carol.form(url + "/register", {"game": str(gid)}, page=url).status_code == 303


def test_the_mail_channel_answers_only_players(client: TestClient, alice: Visitor,
                                              bob: Visitor,
                                              corr: tuple[SimulatedClock, Inbox]) -> None:
    """The finding: a forged sender was answered with mail echoing the attacker's text."""
    _, box = corr
    game = new_game(alice, bob)
    act(bob, game, "mail", on="1")
    act(alice, game, "move", move="c3-d4")
    [msg] = box.to("bob@example.org")
    before = len(box.messages)
    r = inbound(client, reply_to(msg, "victim@example.org", "BUY CHEAP PILLS http://x"))
    assert r.status_code == 422
    r = inbound(client, _forged("victim@example.org", "corr+999-nothing@x", "PILLS"))
    assert r.status_code == 422 and "PILLS" not in r.text and "nothing" not in r.text
    assert len(box.messages) == before              # nobody was mailed
    # bob's own token cannot carry a move for alice, even from alice's address.
    r = inbound(client, reply_to(msg, "alice@example.org", "g3-f4"))
    assert r.status_code == 422 and len(box.messages) == before
    # a real player's unreadable reply is answered, to his address on record only
    r = inbound(client, reply_to(msg, "bob@example.org", "h6-h5"))
    assert r.status_code == 422 and box.messages[-1]["To"] == "bob@example.org"
    assert "BUY" not in str(box.messages[-1].get_body(("plain",)).get_content())  # type: ignore[union-attr]


def _forged(sender: str, to: str, text: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, to, "move"
    m.set_content(text)
    return m.as_bytes()


def test_hostile_headers_and_names(client: TestClient, settings: Settings, carol: Visitor,
                                   corr: tuple[SimulatedClock, Inbox]) -> None:
    """The findings: a non-ASCII X-Shashki-Mail-Key answered 500; a CR/LF in an event
    name made the digest answer 500."""
    r = client.post("/api/corr/mail/inbound", content=b"x",
                    headers={"X-Shashki-Mail-Key": "ключ".encode()})
    assert r.status_code == 403
    make_judge(settings, "carol", "judge@example.org")
    r = carol.form("/corr/events", {"name": "Cup\r\nBcc: all@example.org", "system": "berger",
                                    "control": "30d/10", "variant": "russian"},
                   page="/corr/events")
    assert r.status_code == 303                      # the line break becomes a space
    page = carol.get(r.headers["location"]).text
    assert "Cup Bcc: all@example.org" in page
    r = carol.form("/corr/events", {"name": "Cup\x00", "system": "berger",
                                    "control": "30d/10", "variant": "russian"},
                   page="/corr/events")
    assert r.status_code == 422
