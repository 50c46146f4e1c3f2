"""The e-mail channel (Code 5.1.1, 5.1.3; rules.md L11): moves go out through a real SMTP
server on loopback (aiosmtpd) and replies in the Code's notation come back."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from shashki import Board
from shashki.correspondence import (
    Channel,
    CorrespondenceGame,
    Person,
    SimulatedClock,
    UnreadableReply,
)
from shashki.correspondence.mail import MailError, message_for, read_reply, read_reply_text, send

W = Person("Ivanov", email="ivanov@example.org")
B = Person("Petrov", email="petrov@example.org")


class Inbox:
    """aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], EmailMessage]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = BytesParser(policy=policy.default).parsebytes(envelope.content)
        assert isinstance(msg, EmailMessage)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), msg))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    ctl = Controller(inbox, hostname="127.0.0.1", port=port)
    ctl.start()
    try:
        yield inbox, port
    finally:
        ctl.stop()


def test_a_move_goes_out_and_the_reply_comes_back_code_5_1_1(
        smtp: tuple[Inbox, int], clock: SimulatedClock) -> None:
    """Code 5.1.1: play by e-mail. White's move is mailed to Black with its dates and both
    players' days; Black's reply, quoting the message, is read and played."""
    inbox, port = smtp
    g = CorrespondenceGame(W, B, "30d/10", now=clock, label="ПЧР-26, 1.1")
    clock.advance(days=2)
    notes = g.play(W, "c3-d4")
    msgs = [message_for(g, n, to=B.email, sender="corr@shashki.test", token="7-abc",
                        language="ru") for n in notes if n.to == "black"]
    assert send(msgs, "127.0.0.1", port) == 1
    frm, rcpt, got = inbox.messages[0]
    assert frm == "corr@shashki.test" and rcpt == ["petrov@example.org"]
    assert got["Subject"] == "Ход: ПЧР-26, 1.1 [corr 7-abc]"
    assert got["Reply-To"] == "corr+7-abc@shashki.test"
    body = got.get_body(("plain",))
    assert body is not None
    text = body.get_content()
    assert "Последний ход: 1. c3-d4" in text
    assert "sent 2026-03-04 12:00, received 2026-03-04 12:00, 2 d, web" in text
    assert "Ivanov: 2 / 30 дн." in text and "Ход за: Petrov" in text
    # Black answers from his mail client: the quoted message comes back too.
    reply = EmailMessage()
    reply["From"] = "Petrov <Petrov@Example.org>"
    reply["To"] = got["Reply-To"]
    reply["Subject"] = "Re: " + got["Subject"]
    quoted = "\n".join("> " + line for line in text.splitlines())
    reply.set_content(f"f6-g5\nесли g3-f4 g7-f6\n\n4 марта 2026, corr пишет:\n{quoted}\n")
    send([reply], "127.0.0.1", port)
    raw = inbox.messages[1][2]
    r = read_reply(raw.as_bytes(), g.game.board)
    assert (r.move, r.sender, r.token) == ("f6-g5", "petrov@example.org", "7-abc")
    assert r.conditionals == [["g3-f4", "g7-f6"]]
    clock.advance(days=1)
    g.play(B, r.move, channel=Channel.EMAIL)
    assert g.moves[-1].channel is Channel.EMAIL and g.moves[-1].reflection == 1


@pytest.mark.parametrize("body,token", [
    ("I resign? no. c3-c4\n", "c3-c4"),
    ("Thanks, thinking.\n> c3-d4\n", "Thanks, thinking."),
    ("c3-d4 or a3-b4\n", "a3-b4"),
])
def test_unreadable_replies_name_the_token(body: str, token: str) -> None:
    with pytest.raises(UnreadableReply) as e:
        read_reply_text(body, Board("russian"))
    assert e.value.token == token and token in str(e.value)
    assert e.value.text("ru") != str(e.value)


def test_quoted_text_and_signature_are_stripped() -> None:
    body = ("Ход e3-f4\n-- \nП. Петров, c3-d4 forever\n")
    assert read_reply_text(body, Board("russian")).move == "e3-f4"
    body = "On Mon, 2 Mar 2026 Ivanov wrote:\n> 1. c3-d4\n"
    with pytest.raises(UnreadableReply):
        read_reply_text(body, Board("russian"))
    # International draughts: numeric notation, dates are not moves.
    r = read_reply_text("2026-03-05: 32-28\n", Board("international"))
    assert r.move == "32-28"


def test_80_square_replies_are_algebraic_with_files_i_and_j_code_5_1_4() -> None:
    board = Board("russian-80")
    move = next(m for m in board.legal_moves if board.move_text(m).startswith("i3"))
    text = board.move_text(move)
    assert read_reply_text(f"My move: {text}\n", board).move == text


def test_an_unreachable_server_is_a_typed_error() -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@b.test", "c@d.test", "x"
    msg.set_content("x")
    with pytest.raises(MailError, match=r"127\.0\.0\.1"):
        send([msg], "127.0.0.1", free_port(), timeout=2)


def test_the_captains_digest_goes_by_mail_code_5_1_8(
        smtp: tuple[Inbox, int], clock: SimulatedClock) -> None:
    """Code 5.1.8: the captain periodically informs the participants of the event."""
    from shashki.correspondence import CorrespondenceEvent, Role
    from shashki.correspondence.mail import digest_message

    inbox, port = smtp
    captain = Person("Captain", Role.CAPTAIN)
    ev = CorrespondenceEvent("ПЧР-26", "30d/10", captain=captain, now=clock)
    for p in (W, B, Person("Sidorov", email="si@example.org")):
        ev.add_player(p)
    ev.start()
    b = ev.games_of("Ivanov")[0]
    b.game.resign(b.game.black if b.game.white.name == "Ivanov" else b.game.white)
    ev.register(captain, b)
    clock.advance(days=7)
    msgs = [digest_message(ev, p, sender="captain@shashki.test") for p in ev.players]
    assert send(msgs, "127.0.0.1", port) == 3
    got = {m["To"]: m for _, _, m in inbox.messages}
    body = got["ivanov@example.org"].get_body(("plain",))
    assert body is not None
    text = body.get_content()
    assert got["ivanov@example.org"]["Subject"] == "Ход турнира: ПЧР-26"
    assert "ПЧР-26: 2026-03-09" in text and "finished 1-0" in text and "Ivanov" in text
    # The saved tournament goes on: the table survives a restart.
    again = CorrespondenceEvent("ПЧР-26", "30d/10", captain=captain, now=clock,
                                tournament_json=ev.tournament.to_json())
    assert [p.name for p in again.players] == ["Ivanov", "Petrov", "Sidorov"]
    assert again.tournament.points(1) == ev.tournament.points(1)


def test_resignation_and_draws_by_mail_code_1_8_1_and_1_9_3() -> None:
    """A player without the site resigns (Code 1.8.1) or offers and accepts a draw
    (Code 1.9.3) by e-mail."""
    board = Board("russian")
    assert read_reply_text("Сдаюсь. Спасибо за партию!\n> c3-d4", board).command == "resign"
    r = read_reply_text("Согласен на ничью\n", board)
    assert (r.move, r.command) == ("", "accept")
    r = read_reply_text("c3-d4\nпредлагаю ничью\n", board)
    assert (r.move, r.command) == ("c3-d4", "offer")
    with pytest.raises(UnreadableReply, match="c3-d4") as e:
        read_reply_text("c3-d4\nI resign.\n", board)
    assert "оставьте что-то одно" in e.value.text("ru")
    # Only a sentence that is the command itself counts.
    with pytest.raises(UnreadableReply, match="no move"):
        read_reply_text("Я не сдаюсь! Думаю.\n", board)
    assert read_reply_text("Я не сдаюсь: c3-d4\n", board).command == ""
