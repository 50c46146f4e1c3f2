"""The e-mail channel (Code 5.1.1, 5.1.3): each move goes out by SMTP, and a reply in the
Code's notation comes back as the answer.

A message repeats what a correspondence message must (rules.md L11): the opponent's move,
when it was sent and received, both players' days used and allowed, and the reader's
conditional lines still standing. Its ``Reply-To`` carries the game's token
(``moves+<token>@host``), so the reply finds its game; the sender must be the player's
address.

>>> from shashki import Board
>>> text = '''Мой ход: e3-f4
...
... > 5. c3-d4
... > Your move.'''
>>> read_reply_text(text, Board("russian")).move
'e3-f4'
"""

from __future__ import annotations

import re
import smtplib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, make_msgid, parseaddr

from shashki.board import Board
from shashki.color import WHITE, Color
from shashki.correspondence.errors import CorrespondenceError, UnreadableReply
from shashki.correspondence.event import CorrespondenceEvent
from shashki.correspondence.game import CorrespondenceGame, Notice, NoticeKind
from shashki.correspondence.roles import Person
from shashki.errors import ShashkiError
from shashki.i18n import N_, NP_, translation
from shashki.messages import article, translate

TOKEN = re.compile(r"\[corr ([A-Za-z0-9]+-[A-Za-z0-9_-]+)\]")
"""The game's token in a subject: ``[corr 12-k3J9x]``."""
_PLUS = re.compile(r"\+([A-Za-z0-9]+-[A-Za-z0-9_-]+)@")

_QUOTE_HEAD = re.compile(
    r"^(on .+ wrote:|.+ (пишет|написал\(а\)|написал|написала):|-----\s*original message"
    r"|-----\s*исходное сообщение|from: .+|от: .+)\s*$", re.I)
_ALGEBRAIC = re.compile(r"(?<![\w])([a-l](?:1[0-2]|[1-9])(?:\s*[-:x×]\s*[a-l](?:1[0-2]|[1-9]))+)"
                        r"(?![\w])", re.I)
_NUMERIC = re.compile(r"(?<![\w.:/-])(\d{1,2}(?:\s*[-x×:]\s*\d{1,2})+)(?![\w.:/-])")
_COND = re.compile(r"^\s*(if|если|условно|conditional)\b[:\s]*(.*)$", re.I)
_COMMANDS = [
    ("resign", re.compile(r"i resign|resign|сдаюсь|сдаю партию", re.I)),
    ("accept", re.compile(r"accept the draw|accept draw|draw accepted|согласен на ничью|"
                          r"согласна на ничью|принимаю ничью", re.I)),
    ("offer", re.compile(r"offer a draw|draw offered|предлагаю ничью", re.I)),
]
"""What a reply may say besides a move (Code 1.8.1 resignation, 1.9.3 draw offers): the
first sentence of a line, alone, so that "I do not resign" resigns nothing."""
COMMAND_NAMES = {"resign": N_("I resign"), "accept": N_("I accept the draw"),
                 "offer": N_("I offer a draw")}
_MOVEISH = re.compile(r"(?<![\w])([a-z]\d+\s*[-:x×]\s*\S+)", re.I)


class MailError(CorrespondenceError):
    """A message could not be sent (the SMTP server refused it or cannot be reached)."""


@dataclass(frozen=True)
class Reply:
    """What a player's reply says: the move, conditional lines, who sent it, the token."""

    move: str
    """The move in the Code's notation, or "" when the reply only resigns or accepts."""
    conditionals: list[list[str]] = field(default_factory=list)
    sender: str = ""
    token: str = ""
    message_id: str = ""
    command: str = ""
    """``resign``, ``accept`` (the draw offered) or ``offer`` (a draw, with the move)."""


def fresh_text(body: str) -> str:
    """The text a reply adds: quoted lines (``>``), the quoted message after "On ... wrote:"
    or "... пишет:", and the signature after ``-- `` are dropped."""
    out = []
    for line in body.splitlines():
        if line.rstrip() == "--" or _QUOTE_HEAD.match(line.strip()):
            break
        if line.lstrip().startswith(">"):
            continue
        out.append(line)
    return "\n".join(out)


def _candidates(line: str, board: Board) -> list[str]:
    numeric = board.variant.default_notation == "numeric"
    pattern = _NUMERIC if numeric else _ALGEBRAIC
    return [re.sub(r"\s+", "", m.group(1)) for m in pattern.finditer(line)]


def read_reply_text(body: str, board: Board) -> Reply:
    """The move (and conditional lines) of a reply's text, checked against ``board``.

    The first move written outside the quoted text is the move; a line starting with
    ``if``/``если``/``условно`` gives a conditional line (expected move, answer, ...);
    "сдаюсь"/"resign" resigns, "согласен на ничью"/"accept draw" accepts an offer, and
    "предлагаю ничью"/"offer a draw" with a move offers one (Code 1.8.1, 1.9.3).
    Raises :class:`UnreadableReply` naming the text that could not be read."""
    text = fresh_text(body)
    move: str | None = None
    conditionals: list[list[str]] = []
    for line in text.splitlines():
        cond = _COND.match(line)
        found = _candidates(cond.group(2) if cond else line, board)
        if cond:
            if found:
                conditionals.append(found)
            continue
        if found and move is None:
            if len(found) > 1:
                raise UnreadableReply(
                    N_("the reply names more than one move: {join}; write one move (conditional "
                       "moves on a line starting with "
                       "'if')"), join=', '.join(found), token=found[1])
            move = found[0]
    command = ""
    for line in text.splitlines():
        first = re.split(r"[.!;]", line.strip(), maxsplit=1)[0].strip()
        command = next((name for name, pattern in _COMMANDS if pattern.fullmatch(first)), "")
        if command:
            break
    if move is None and command in ("resign", "accept"):
        return Reply("", conditionals, command=command)
    if move is None:
        loose = _MOVEISH.search(text)
        token = loose.group(1) if loose else text.strip()[:40]
        example = "32-28" if board.variant.default_notation == "numeric" else "c3-d4"
        raise UnreadableReply(
            N_("no move found in the reply ({text}); write it in the Code's notation, e.g. "
               "{example}"), text=repr(token), example=example, token=token)
    try:
        m = board.parse_move(move)
    except ShashkiError as e:
        raise UnreadableReply(N_("move {move} cannot be played: "
                                 "{e}"), move=repr(move), e=e, token=move) from None
    if command in ("resign", "accept"):
        raise UnreadableReply(
            N_("the reply both moves ({move}) and says «{command}»; write one of them"),
            move=move, command=COMMAND_NAMES[command], token=move)
    return Reply(board.move_text(m), conditionals, command=command)


def read_reply(raw: bytes | EmailMessage, board: Board) -> Reply:
    """A reply message (RFC 5322 bytes or a parsed message): its move, its sender and the
    game token from the recipient address or the subject."""
    msg = raw if isinstance(raw, EmailMessage) else BytesParser(
        policy=policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    part = msg.get_body(preferencelist=("plain",))
    if part is None:
        raise UnreadableReply(N_("the reply has no plain-text part"), token="")
    body = part.get_content()
    reply = read_reply_text(str(body), board)
    token = ""
    for header in ("To", "Delivered-To", "Subject"):
        value = str(msg.get(header, ""))
        m = _PLUS.search(value) or TOKEN.search(value)
        if m:
            token = m.group(1)
            break
    sender = parseaddr(str(msg.get("From", "")))[1].lower()
    return Reply(reply.move, reply.conditionals, sender, token, str(msg.get("Message-ID", "")),
                 reply.command)


def header_text(text: str) -> str:
    """Text for a mail header from names users chose: control characters (a CR or LF would
    start a new header) become spaces; the standard library's policy encodes the rest."""
    return " ".join("".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text).split())


def token_of(raw: bytes) -> str:
    """The game token of a message, without reading its move."""
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    for header in ("To", "Delivered-To", "Subject"):
        value = str(msg.get(header, ""))
        m = _PLUS.search(value) or TOKEN.search(value)
        if m:
            return m.group(1)
    return ""


def subject_of(raw: bytes) -> str:
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    return str(msg.get("Subject", ""))[:300]


def sender_of(raw: bytes) -> str:
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    return parseaddr(str(msg.get("From", "")))[1].lower()


_KIND = {
    NoticeKind.MOVE: NP_("mail", "Move"),
    NoticeKind.REMINDER: NP_("mail", "Reminder: your move"),
    NoticeKind.ESCALATION: NP_("mail", "Silence reported to the judge"),
    NoticeKind.OVERSTEP: NP_("mail", "Time overstepped"),
    NoticeKind.DECISION: NP_("mail", "Judge's decision"),
    NoticeKind.CONDITIONAL_PLAYED: NP_("mail", "Conditional move played"),
    NoticeKind.CONDITIONAL_CANCELLED: NP_("mail", "Conditional line cancelled"),
    NoticeKind.END: NP_("mail", "Game over"),
}


def message_for(game: CorrespondenceGame, notice: Notice, *, to: str, sender: str,
                token: str, language: str = "ru", reply_host: str = "",
                url: str = "") -> EmailMessage:
    """The e-mail of one notice to one reader (P11: it repeats the last move with its
    dates, both players' days, and the reader's standing conditional lines)."""
    tr = translation(language)
    title = tr.pgettext(*_KIND[notice.kind])
    msg = EmailMessage()
    label = game.label or f"{game.white.name} - {game.black.name}"
    msg["Subject"] = header_text(f"{title}: {label} [corr {token}]")
    msg["From"] = sender
    msg["To"] = to
    local, _, domain = sender.partition("@")
    if reply_host or domain:
        msg["Reply-To"] = f"{local}+{token}@{reply_host or domain}"
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=reply_host or domain or None)
    lines = [f"{label}", f"{game.white.name} - {game.black.name}", ""]
    lines.append(f"{title}: {translate(notice.detail, language)} "
                 f"({article(notice.article, language)})")
    if game.moves:
        last = game.moves[-1]
        number = (last.ply + 1) // 2
        dots = "." if last.color is WHITE else "..."
        lines += ["", tr.gettext("Last move: {move}").format(move=f"{number}{dots} {last.text}"),
                  f"  {game.move_comment(last)}"]
    day = notice.day
    for c in (game.white, game.black):
        col = game.color_of(c)
        used, allowed = game.used(col, day), game.allowed(col)
        lines.append(tr.gettext("{name}: {used} / {allowed} days").format(
            name=c.name, used=used, allowed=allowed))
    if not game.is_over:
        mover = game.player(game.to_move)
        lines += ["", tr.gettext("To move: {name}").format(name=mover.name)]
        reader = _reader_color(game, to)
        if reader is not None:
            for line in game.conditionals:
                if line.color is reader:
                    lines.append(tr.gettext("Conditional: {moves}").format(
                        moves=" ".join(line.moves)))
            if reader is game.to_move:
                lines += ["", tr.gettext(
                    "Reply to this message with your move on the first line, e.g. c3-d4; "
                    "conditional moves on a line 'if f6-g5 g3-f4'; 'offer a draw' after the "
                    "move; 'resign'.")]
    else:
        lines += ["", tr.gettext("Result: {result}").format(result=game.result)]
    lines += ["", tr.gettext("Position:"), game.game.board.fen()]
    if url:
        lines += ["", url]
    msg.set_content("\n".join(lines) + "\n")
    return msg


def _reader_color(game: CorrespondenceGame, address: str) -> Color | None:
    for c in (game.white, game.black):
        if c.email and c.email.lower() == parseaddr(address)[1].lower():
            return game.color_of(c)
    return None


def digest_message(event: CorrespondenceEvent, player: Person, *, sender: str,
                   language: str = "ru", today: date | None = None) -> EmailMessage:
    """The periodic report to a player (Code 5.1.8: the captain periodically informs the
    participants): his games, days used and left, and the results table."""
    msg = EmailMessage()
    title = translation(language).gettext("Tournament report")
    msg["Subject"] = header_text(f"{title}: {event.name}")
    msg["From"], msg["To"] = sender, player.email
    msg["Date"] = formatdate(localtime=False)
    msg.set_content(event.digest(player.name, today) + "\n")
    return msg


def send(messages: Iterable[EmailMessage], host: str, port: int = 25, *,
         starttls: bool = False, username: str = "", password: str = "",
         timeout: float = 30) -> int:
    """Send messages through an SMTP server (smtplib); returns how many were sent.

    Raises :class:`MailError` naming the server and its refusal."""
    batch = list(messages)
    if not batch:
        return 0
    try:
        with smtplib.SMTP(host, port, timeout=timeout) as smtp:
            if starttls:
                smtp.starttls()
            if username:
                smtp.login(username, password)
            for msg in batch:
                smtp.send_message(msg)
    except (OSError, smtplib.SMTPException) as e:
        raise MailError(N_("mail to {host}:{port} failed: "
                           "{e}"), host=host, port=port, e=e) from None
    return len(batch)
