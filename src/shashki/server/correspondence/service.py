"""Correspondence play on the platform: the service between the routes, the database and
:mod:`shashki.correspondence`.

Every action loads the game's document, replays it by the rules, acts through the
model (which checks the Code and the event's rules), saves it and mails the notices it
produced to the players who play by e-mail. "Now" comes from :class:`CorrConfig`, so a
simulated calendar can drive the platform (``SHASHKI_CORR_SIMULATE``; the tests).

Settings come from the environment: ``SHASHKI_SMTP_HOST``, ``SHASHKI_SMTP_PORT``,
``SHASHKI_SMTP_STARTTLS``, ``SHASHKI_SMTP_USER``, ``SHASHKI_SMTP_PASSWORD``,
``SHASHKI_MAIL_FROM`` (the sender; replies go to its ``+token`` sub-address),
``SHASHKI_MAIL_INBOUND_KEY`` (the key an MTA presents to ``POST /corr/mail/inbound``),
``SHASHKI_CORR_ZONE`` and ``SHASHKI_CORR_SIMULATE`` (an ISO start moment: a simulated
calendar advanced from the correspondence page).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Connection, or_, select
from sqlalchemy.orm import Session

from shashki.color import Color
from shashki.correspondence import (
    Calendar,
    Channel,
    CorrespondenceError,
    CorrespondenceGame,
    DayControl,
    Decision,
    InvalidControl,
    LeaveBook,
    LeavePolicy,
    NotAllowed,
    Notice,
    NoticeKind,
    Person,
    PlayError,
    Role,
    SimulatedClock,
)
from shashki.correspondence.calendar import Now, utc_now
from shashki.correspondence.event import Board as EventBoard
from shashki.correspondence.event import CorrespondenceEvent
from shashki.correspondence.leave import Grant, Leave
from shashki.correspondence.mail import (
    MailError,
    digest_message,
    header_text,
    message_for,
    read_reply,
    send,
)
from shashki.i18n import N_, translation
from shashki.rules import VARIANTS
from shashki.server.accounts.models import Role as AccountRole
from shashki.server.accounts.models import User
from shashki.server.core import notify
from shashki.server.core.errors import (
    Forbidden,
    GameRuleError,
    InvalidInput,
    NotFound,
    ServerError,
)
from shashki.server.correspondence.models import (
    CorrEvent,
    CorrGame,
    CorrLeave,
    CorrLeaveGrant,
    CorrMail,
    CorrStatus,
)

log = logging.getLogger("shashki.server.correspondence.service")

EndHook = Callable[[Connection, int, str, str, int, int, float], None]
"""Called with ``(connection, game id, variant, result, white id, black id, time)`` inside
the transaction that saves a rated game's end (the ratings), like live play's hook."""

CONTROLS = ["30d/10", "5d/1", "60d/10", "180d", "100d/50 + 10d/10"]


@dataclass
class CorrConfig:
    """Mail and calendar settings of correspondence play."""

    smtp_host: str = ""
    smtp_port: int = 25
    smtp_starttls: bool = False
    smtp_user: str = ""
    smtp_password: str = ""
    sender: str = "shashki@localhost"
    inbound_key: str = ""
    zone: str = "Europe/Moscow"
    now: Now = field(default=utc_now)
    simulated: SimulatedClock | None = None
    policy: LeavePolicy = field(default_factory=LeavePolicy)
    remind_after: int = 10
    escalate_after: int = 20
    site_url: str = ""
    tick: float = 0.0
    """Seconds between background daily checks (0: only when the pages are looked at)."""
    last_check: date | None = None
    """The day of the last daily check: everything it does is counted in days."""
    ended: list[EndHook] = field(default_factory=list)
    """The game-ended hooks (set by the app: the ratings), called when a rated game ends."""

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> CorrConfig:
        e = dict(os.environ if env is None else env)
        sim = None
        if e.get("SHASHKI_CORR_SIMULATE"):
            start = datetime.fromisoformat(e["SHASHKI_CORR_SIMULATE"].replace("Z", "+00:00"))
            sim = SimulatedClock(start if start.tzinfo else start.replace(tzinfo=UTC))
        cfg = cls(smtp_host=e.get("SHASHKI_SMTP_HOST", ""),
                  smtp_port=int(e.get("SHASHKI_SMTP_PORT", "25")),
                  smtp_starttls=e.get("SHASHKI_SMTP_STARTTLS", "") in ("1", "true", "yes"),
                  smtp_user=e.get("SHASHKI_SMTP_USER", ""),
                  smtp_password=e.get("SHASHKI_SMTP_PASSWORD", ""),
                  sender=e.get("SHASHKI_MAIL_FROM", "shashki@localhost"),
                  inbound_key=e.get("SHASHKI_MAIL_INBOUND_KEY", ""),
                  zone=e.get("SHASHKI_CORR_ZONE", "Europe/Moscow"),
                  site_url=e.get("SHASHKI_SITE_URL", ""),
                  tick=float(e.get("SHASHKI_CORR_TICK", "3600")))
        if sim is not None:
            cfg.simulate(sim)
        return cfg

    def simulate(self, clock: SimulatedClock) -> None:
        """Drive correspondence time by ``clock`` (a simulated calendar)."""
        self.simulated = clock
        self.now = clock

    @property
    def calendar(self) -> Calendar:
        return Calendar(self.zone)

    def today(self) -> date:
        return self.calendar.day(self.now())


def person(user: User) -> Person:
    """An account as a player of the model. Who judges a game is :func:`official`'s: no
    account is a judge everywhere by its role (rules.md L15)."""
    return Person(user.username, Role.PLAYER, user.email or "")


def _admin(user: User) -> bool:
    return user.role_enum.at_least(AccountRole.ADMINISTRATOR)


def official(db: Session, user: User, row: CorrGame) -> Person:
    """The account's part in one game (Code 5.1.6-5.1.8, rules.md L15): a player of it;
    else the judge or the captain of its event; else the judge the players named; an
    administrator acts as the judge of a game that has none of its own."""
    if user.id in (row.white_id, row.black_id):
        return person(user)
    if row.event_id is not None:
        event = db.get(CorrEvent, row.event_id)
        if event is not None:
            return event_person(user, event)
    if user.id == row.judge_id or (row.judge_id is None and _admin(user)):
        return Person(user.username, Role.JUDGE, user.email or "")
    return person(user)


def judges_of(db: Session, row: CorrGame) -> list[User]:
    """Who gets a game's mail for the judge: its event's judge, the judge its players
    named, or (a game with neither) the administrators."""
    if row.event_id is not None:
        event = db.get(CorrEvent, row.event_id)
        if event is not None:
            return [event.judge]
    if row.judge is not None:
        return [row.judge]
    roles = [AccountRole.ADMINISTRATOR.value]
    return list(db.scalars(select(User).where(User.role.in_(roles))))


def judged_games(db: Session, user: User) -> list[CorrGame]:
    """The live games ``user`` judges (not his own)."""
    out = []
    for row in all_live(db):
        if official(db, user, row).role is Role.JUDGE:
            out.append(row)
    return out


def app_config(state: Any) -> CorrConfig:
    """The app's correspondence settings (``app.state.correspondence``): set by a test, or
    read from the environment, with the platform's ``--base-url`` for links in mail; the
    game-ended hooks the app registered (``app.state.corr_ended``: the ratings)."""
    cfg: CorrConfig | None = getattr(state, "correspondence", None)
    if cfg is None:
        cfg = CorrConfig.from_env()
        base = state.settings.base_url
        if base and not cfg.site_url:
            cfg.site_url = base
        state.correspondence = cfg
    if not cfg.ended:
        cfg.ended = list(getattr(state, "corr_ended", []))
    return cfg


# --- leave ------------------------------------------------------------------------------------


def leave_book(db: Session, cfg: CorrConfig, users: list[User]) -> LeaveBook:
    """The leave of ``users`` (every correspondence game of theirs shares it, P4)."""
    ids = {u.id: u.username for u in users}
    book = LeaveBook(cfg.policy)
    for row in db.scalars(select(CorrLeave).where(CorrLeave.user_id.in_(list(ids)))):
        book.leaves.append(Leave(ids[row.user_id], date.fromisoformat(row.first),
                                 date.fromisoformat(row.last), date.fromisoformat(row.requested)))
    for g in db.scalars(select(CorrLeaveGrant).where(
            CorrLeaveGrant.user_id.in_(list(ids)))):
        judge = db.get(User, g.judge_id)
        book.grants.append(Grant(ids[g.user_id], g.year, g.days,
                                 judge.username if judge else "", g.reason))
    return book


def request_leave(db: Session, cfg: CorrConfig, user: User, first: date, last: date) -> Leave:
    """Take leave in advance (rules.md P4); refused with the reason when the rules say no."""
    book = leave_book(db, cfg, [user])
    try:
        lv = book.request(user.username, first, last, today=cfg.today())
    except CorrespondenceError as e:
        raise InvalidInput("leave", str(e), code="corr", problem=e) from None
    db.add(CorrLeave(user_id=user.id, first=first.isoformat(), last=last.isoformat(),
                     requested=lv.requested.isoformat()))
    return lv


def grant_leave(db: Session, cfg: CorrConfig, judge: User, player: User, year: int,
                days: int, reason: str) -> Grant:
    """Extra leave granted by a judge (Code 5.1.7): the judge of a game the player plays
    (never the player himself), or an administrator."""
    judging = judge.id != player.id and (_admin(judge) or any(
        player.id in (row.white_id, row.black_id) for row in judged_games(db, judge)))
    if not judging:
        raise Forbidden(code="corr_not_judge", name=player.username)
    book = leave_book(db, cfg, [player])
    try:
        g = book.grant(Person(judge.username, Role.JUDGE, judge.email or ""),
                       player.username, year, days, reason)
    except CorrespondenceError as e:
        raise _rule(e) from None
    db.add(CorrLeaveGrant(user_id=player.id, year=year, days=days, judge_id=judge.id,
                          reason=g.reason, at=time.time()))
    return g


def leave_summary(db: Session, cfg: CorrConfig, user: User) -> dict[str, Any]:
    book = leave_book(db, cfg, [user])
    year = cfg.today().year
    return {"year": year, "entitled": book.entitlement(user.username, year),
            "remaining": book.remaining(user.username, year),
            "leaves": [lv for lv in book.leaves], "grants": list(book.grants),
            "on_leave": book.on_leave(user.username, cfg.today())}


# --- games ------------------------------------------------------------------------------------


@dataclass
class Loaded:
    row: CorrGame
    game: CorrespondenceGame


def _rule(e: CorrespondenceError) -> ServerError:
    """A refusal of the model as the platform's error: 403 for a role (Code 5.1.7-5.1.8),
    409 for the rules."""
    if isinstance(e, NotAllowed):
        return Forbidden(str(e), code="corr", problem=e)
    return GameRuleError(str(e), code="corr", problem=e)


def create_game(db: Session, cfg: CorrConfig, creator: User, opponent_name: str,
                color: str, control: str, variant: str = "russian",
                by_mail: bool = False, judge_name: str = "", rated: bool = False) -> CorrGame:
    """An invitation of ``opponent_name`` to a correspondence game: it starts when he
    accepts it (:func:`answer_invitation`; Code 5.1.2: time in days from the start). No
    mail goes to him before (rules.md L18). ``judge_name`` names the game's judge (an
    account with the arbiter's role, neither player)."""
    from shashki.server.accounts import auth

    opponent = auth.find_user(db, opponent_name.strip())
    if opponent is None:
        raise InvalidInput("opponent", code="no_such_user", name=opponent_name)
    if opponent.id == creator.id:
        raise InvalidInput("opponent", code="self_challenge")
    judge = None
    if judge_name.strip():
        judge = auth.find_user(db, judge_name.strip())
        if judge is None:
            raise InvalidInput("judge", code="no_such_user", name=judge_name.strip()[:40])
        if judge.id in (creator.id, opponent.id) or not judge.role_enum.at_least(
                AccountRole.ARBITER):
            raise InvalidInput("judge", code="corr_bad_judge", name=judge.username)
    if variant not in VARIANTS:
        raise InvalidInput("variant", code="variant")
    try:
        dc = DayControl.parse(control)
    except CorrespondenceError as e:
        raise InvalidInput("control", str(e), code="corr", problem=e) from None
    if len(str(dc)) > 64:
        raise InvalidInput("control", code="corr",
                           problem=InvalidControl(N_("the time control is too long")))
    if color not in ("white", "black"):
        raise InvalidInput("color", code="color")
    white, black = (creator, opponent) if color == "white" else (opponent, creator)
    row = new_game(db, cfg, white, black, dc, variant)
    row.white_by_mail = by_mail and white.id == creator.id
    row.black_by_mail = by_mail and black.id == creator.id
    row.status = CorrStatus.INVITED.value
    row.invited_id = opponent.id
    row.judge_id = judge.id if judge is not None else None
    row.rated = rated
    return row


def invitations(db: Session, user: User) -> list[CorrGame]:
    """Games waiting for an answer: to ``user``, or sent by him."""
    q = select(CorrGame).where(CorrGame.status == CorrStatus.INVITED.value,
                               or_(CorrGame.white_id == user.id, CorrGame.black_id == user.id))
    return list(db.scalars(q.order_by(CorrGame.id)))


def answer_invitation(db: Session, cfg: CorrConfig, game_id: int, user: User,
                      accept: bool) -> CorrGame:
    """The invited player accepts (the game starts now: its days count from today) or
    declines; the sender may withdraw it (a decline) while it waits."""
    row = db.get(CorrGame, game_id)
    if row is None or user.id not in (row.white_id, row.black_id):
        raise NotFound("correspondence game")
    if row.status != CorrStatus.INVITED.value:
        raise GameRuleError("the invitation has been answered", code="corr_answered")
    if not accept:
        row.status = CorrStatus.DECLINED.value
    elif user.id != row.invited_id:
        raise Forbidden(code="corr_not_invited")
    else:
        game = _fresh(db, cfg, row.white, row.black, DayControl.parse(row.control),
                      row.variant)
        row.state = json.dumps(game.to_dict(), ensure_ascii=False)
        row.status = CorrStatus.LIVE.value
        notify.later(db, (row.white_id, row.black_id), {"kind": "started", "game": row.id,
                                                       "url": f"/corr/{row.id}"})
    row.updated_at = time.time()
    return row


def _fresh(db: Session, cfg: CorrConfig, white: User, black: User, dc: DayControl,
           variant: str, event: CorrEvent | None = None, label: str = ""
           ) -> CorrespondenceGame:
    """A game as the model starts it, now."""
    judge = (Person(event.judge.username, Role.JUDGE, event.judge.email or "")
             if event is not None else None)
    captain = (Person(event.captain.username, Role.CAPTAIN, event.captain.email or "")
               if event is not None and event.captain is not None else None)
    return CorrespondenceGame(person(white), person(black), dc, variant=variant,
                              calendar=cfg.calendar, leave=leave_book(db, cfg, [white, black]),
                              now=cfg.now, remind_after=cfg.remind_after,
                              escalate_after=cfg.escalate_after, judge=judge,
                              captain=captain, label=label)


def new_game(db: Session, cfg: CorrConfig, white: User, black: User, dc: DayControl,
             variant: str, event: CorrEvent | None = None, rnd: int = 0, board: int = 0,
             label: str = "") -> CorrGame:
    """A started game between two accounts (of an event when ``event`` is given)."""
    game = _fresh(db, cfg, white, black, dc, variant, event, label)
    now = time.time()
    row = CorrGame(white_id=white.id, black_id=black.id, variant=variant, control=str(dc),
                   zone=cfg.zone, white_by_mail=False, black_by_mail=False,
                   white_token=secrets.token_urlsafe(18).replace("-", "_"),
                   black_token=secrets.token_urlsafe(18).replace("-", "_"),
                   state=json.dumps(game.to_dict(), ensure_ascii=False), created_at=now,
                   updated_at=now, event_id=event.id if event is not None else None,
                   round=rnd, board=board, recorded=False)
    db.add(row)
    db.flush()
    row.white, row.black = white, black
    if event is not None:  # an event's game starts now (an invitation, when accepted)
        notify.later(db, (white.id, black.id), {"kind": "started", "game": row.id,
                                               "url": f"/corr/{row.id}"})
    return row


def load(db: Session, cfg: CorrConfig, game_id: int) -> Loaded:
    row = db.get(CorrGame, game_id)
    if row is None:
        raise NotFound("correspondence game")
    book = leave_book(db, cfg, [row.white, row.black])
    game = CorrespondenceGame.from_dict(json.loads(row.state), leave=book, now=cfg.now)
    # Accounts may have changed e-mail or role since: take them from the accounts.
    game.white, game.black = person(row.white), person(row.black)
    return Loaded(row, game)


def save(db: Session, loaded: Loaded, cfg: CorrConfig) -> None:
    """Write the game's document back; a rated game that ends now is rated in the same
    transaction (``cfg.ended``), as a live game's end is (docs/ratings.md)."""
    row, game = loaded.row, loaded.game
    ends = game.is_over and row.status != CorrStatus.FINISHED.value
    row.state = json.dumps(game.to_dict(), ensure_ascii=False)
    row.result = game.result
    row.status = (CorrStatus.FINISHED if game.is_over else CorrStatus.LIVE).value
    row.updated_at = time.time()
    if ends and row.rated and row.event_id is None:
        db.flush()
        for hook in cfg.ended:
            hook(db.connection(), row.id, row.variant, row.result, row.white_id,
                 row.black_id, row.updated_at)


def games_of(db: Session, user: User) -> list[CorrGame]:
    """The started games of ``user`` (invitations are :func:`invitations`)."""
    q = select(CorrGame).where(or_(CorrGame.white_id == user.id, CorrGame.black_id == user.id),
                               CorrGame.status.in_([CorrStatus.LIVE.value,
                                                    CorrStatus.FINISHED.value]))
    return list(db.scalars(q.order_by(CorrGame.id.desc())))


def all_live(db: Session) -> list[CorrGame]:
    return list(db.scalars(select(CorrGame).where(CorrGame.status == CorrStatus.LIVE.value)
                           .order_by(CorrGame.id)))


def _player_color(loaded: Loaded, user: User) -> Color:
    if user.id == loaded.row.white_id:
        return Color.WHITE
    if user.id == loaded.row.black_id:
        return Color.BLACK
    raise Forbidden(code="not_a_player")


def act(db: Session, cfg: CorrConfig, game_id: int, user: User, action: str,
        form: dict[str, str]) -> list[EmailMessage]:
    """One action on a game by ``user``; returns the mail to send once committed."""
    loaded = load(db, cfg, game_id)
    if loaded.row.status == CorrStatus.INVITED.value:
        raise GameRuleError("the game has not started", code="corr_invited")
    g = loaded.game
    me = official(db, user, loaded.row)
    try:
        if action == "move":
            _player_color(loaded, user)
            g.play(me, form.get("move", "").strip())
        elif action == "conditional":
            _player_color(loaded, user)
            moves = form.get("moves", "").replace(",", " ").split()
            g.add_conditional(me, moves)
        elif action == "cancel-conditionals":
            _player_color(loaded, user)
            g.cancel_conditionals(me)
        elif action == "resign":
            _player_color(loaded, user)
            g.resign(me)
        elif action == "offer":
            _player_color(loaded, user)
            g.offer_draw(me)
        elif action == "accept":
            _player_color(loaded, user)
            g.accept_draw(me)
        elif action == "mail":
            color = _player_color(loaded, user)
            on = form.get("on") == "1"
            if on and not user.email:
                raise InvalidInput("email", code="corr_no_email")
            if color is Color.WHITE:
                loaded.row.white_by_mail = on
            else:
                loaded.row.black_by_mail = on
        elif action == "postal":
            g.enter_postal(me, form.get("move", "").strip(),
                           postmark=_date(form.get("postmark", ""), "postmark"),
                           received=_date(form["received"], "received")
                           if form.get("received") else None)
        elif action == "rule":
            try:
                decision = Decision(form.get("decision", ""))
            except ValueError:
                raise InvalidInput("decision", code="invalid") from None
            g.rule(me, decision, form.get("reason", ""))
        elif action == "decide":
            g.decide(me, form.get("result", ""), form.get("reason", ""))
        else:
            raise NotFound("action")
    except CorrespondenceError as e:
        raise _rule(e) from None
    save(db, loaded, cfg)
    return outgoing(cfg, loaded, db)


def _date(text: str, name: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(name, f"bad date {text!r}", code="corr",
                           problem=PlayError(N_("bad date {text}"), text=repr(text))) from None


def check(db: Session, cfg: CorrConfig) -> list[tuple[int, list[EmailMessage]]]:
    """The daily check of every live game (oversteps to the judge, reminders, P5-P6):
    the mail to send, game by game."""
    out: list[tuple[int, list[EmailMessage]]] = []
    for row in all_live(db):
        loaded = load(db, cfg, row.id)
        if loaded.game.check():
            save(db, loaded, cfg)
            out.append((row.id, outgoing(cfg, loaded, db)))
    return out


def outgoing(cfg: CorrConfig, loaded: Loaded, db: Session) -> list[EmailMessage]:
    """Mail for the notices not yet handed out: moves to players who play by e-mail, the
    other notices to every player with an address, the judge's to the game's judge
    (:func:`judges_of`) and the captain's to the event's captain."""
    row, g = loaded.row, loaded.game
    msgs: list[EmailMessage] = []
    notices: list[Notice] = g.outbox()
    for n in notices:
        targets: list[tuple[str, str, str]] = []  # (address, token, language)
        # Moves go by mail to those who play by mail; reminders, oversteps, decisions and
        # the end to every player with an address (P6).
        always = n.kind not in (NoticeKind.MOVE, NoticeKind.CONDITIONAL_PLAYED,
                                NoticeKind.CONDITIONAL_CANCELLED)
        # A move tells its opponent that it is his move: on his open pages, and by
        # e-mail if he asked for that in his settings (``turn_mail``).
        turn = n.kind in (NoticeKind.MOVE, NoticeKind.CONDITIONAL_PLAYED) and not g.is_over
        if turn and n.to in ("white", "black"):
            player = row.white if n.to == "white" else row.black
            notify.later(db, (player.id,), {"kind": "turn", "game": row.id,
                                           "url": f"/corr/{row.id}"})
            always = always or player.turn_mail
        if n.to == "white" and (row.white_by_mail or always) and row.white.email:
            targets.append((row.white.email, row.white_token, row.white.language or "ru"))
        elif n.to == "black" and (row.black_by_mail or always) and row.black.email:
            targets.append((row.black.email, row.black_token, row.black.language or "ru"))
        elif n.to == "captain" and g.captain is not None and g.captain.email:
            targets.append((g.captain.email, f"{row.id}-captain", "ru"))
        elif n.to in ("judge", "captain"):
            for j in judges_of(db, row):
                if j.email:
                    targets.append((j.email, f"{row.id}-judge", j.language or "ru"))
        for address, token, lang in targets:
            if "-" not in token:
                token = f"{row.id}-{token}"
            msgs.append(message_for(g, n, to=address, sender=cfg.sender, token=token,
                                    language=lang,
                                    url=f"{cfg.site_url}/corr/{row.id}" if cfg.site_url else ""))
    save(db, loaded, cfg)
    return msgs


def deliver(db_factory: Any, cfg: CorrConfig, messages: list[EmailMessage],
            game_id: int | None) -> None:
    """Send ``messages`` and log each in the mail table (sent or failed)."""
    if not messages:
        return
    status, detail = "sent", ""
    if not cfg.smtp_host:
        status, detail = "failed", "no SMTP server configured (SHASHKI_SMTP_HOST)"
    else:
        try:
            send(messages, cfg.smtp_host, cfg.smtp_port, starttls=cfg.smtp_starttls,
                 username=cfg.smtp_user, password=cfg.smtp_password, timeout=20)
        except MailError as e:
            status, detail = "failed", str(e)
            log.warning("correspondence mail: %s", e)
    with db_factory() as db:
        for msg in messages:
            body = msg.get_body(("plain",))
            db.add(CorrMail(game_id=game_id, direction="out", address=str(msg["To"])[:254],
                            subject=str(msg["Subject"])[:300],
                            body=str(body.get_content()) if body is not None else "",
                            status=status, detail=detail, at=time.time()))


# --- mail in ----------------------------------------------------------------------------------


@dataclass
class Inbound:
    game_id: int | None
    accepted: bool
    detail: str
    detail_ru: str
    answer: list[EmailMessage]


def receive(db: Session, cfg: CorrConfig, raw: bytes) -> Inbound:
    """A reply by e-mail (Code 5.1.1): its token names the game and the player, the sender
    must be that player's address, its move is played (P11). A reply that cannot be read
    is answered with the reason, in both languages."""
    from shashki.correspondence.mail import sender_of, subject_of, token_of

    token = token_of(raw)
    sender = sender_of(raw)
    subject = subject_of(raw)
    game_id_text, _, key = token.partition("-")
    row = (db.get(CorrGame, int(game_id_text))
           if game_id_text.isdigit() and len(game_id_text) <= 9 else None)
    color: Color | None = None
    if row is not None and row.status == CorrStatus.LIVE.value:
        k = key.encode("utf-8", "surrogateescape")
        if secrets.compare_digest(k, row.white_token.encode()):
            color = Color.WHITE
        elif secrets.compare_digest(k, row.black_token.encode()):
            color = Color.BLACK
    if row is None or color is None:
        # Nobody is answered: the sender is unknown, and the text is the sender's.
        return _refuse(db, cfg, None, sender, subject, raw,
                       *_both(N_("no live game has that token")), answer_to=None)
    user = row.white if color is Color.WHITE else row.black
    if not user.email or user.email.lower() != sender:
        return _refuse(db, cfg, row.id, sender, subject, raw,
                       *_both(N_("the sender is not the address of {name}"),
                              name=user.username), answer_to=None)
    loaded = load(db, cfg, row.id)
    g = loaded.game
    try:
        reply = read_reply(raw, g.game.board)
        if reply.command == "resign":
            g.resign(person(user))
        elif reply.command == "accept":
            g.accept_draw(person(user))
        else:
            if g.to_move is not color:
                raise _not_your_move(user.username)
            g.play(person(user), reply.move, channel=Channel.EMAIL)
            if reply.command == "offer" and not g.is_over:
                g.offer_draw(person(user))
        for line in reply.conditionals:
            if not g.is_over and g.to_move is not color:
                g.add_conditional(person(user), line)
    except CorrespondenceError as e:
        return _refuse(db, cfg, row.id, sender, subject, raw, str(e), e.text("ru"),
                       answer_to=user.email)
    save(db, loaded, cfg)
    db.add(CorrMail(game_id=row.id, direction="in", address=sender[:254], subject=subject,
                    body=raw.decode("utf-8", "replace")[:20000], status="accepted",
                    detail=" ".join(x for x in (reply.move, reply.command) if x),
                    at=time.time()))
    done = " ".join(x for x in (reply.move, reply.command) if x)
    return Inbound(row.id, True, done, done, outgoing(cfg, loaded, db))


def _not_your_move(name: str) -> CorrespondenceError:
    return CorrespondenceError(N_("it is not {name}'s move"), name=name)


def _both(message: str, **values: object) -> tuple[str, str]:
    """A message in English and in Russian: a mail to an address whose reader's language
    is not known says both."""
    return (translation("en").gettext(message).format(**values),
            translation("ru").gettext(message).format(**values))


def _refuse(db: Session, cfg: CorrConfig, game_id: int | None, sender: str, subject: str,
            raw: bytes, en: str, ru: str, *, answer_to: str | None) -> Inbound:
    """Log a refused reply; answer it with the reason only at ``answer_to``, a player's
    own address on record (never the claimed sender of a forged or unknown message), and
    without quoting the message (docs/security.md)."""
    db.add(CorrMail(game_id=game_id, direction="in", address=sender[:254], subject=subject,
                    body=raw.decode("utf-8", "replace")[:20000], status="rejected",
                    detail=en, at=time.time()))
    answer = []
    if answer_to:
        msg = EmailMessage()
        msg["From"], msg["To"] = cfg.sender, answer_to
        msg["Subject"] = " / ".join(_both(N_("Move not accepted"))[::-1])
        msg.set_content(f"{ru}\n\n{en}\n")
        answer.append(msg)
    return Inbound(game_id, False, en, ru, answer)


def mail_log(db: Session, game_id: int) -> list[CorrMail]:
    return list(db.scalars(select(CorrMail).where(CorrMail.game_id == game_id)
                           .order_by(CorrMail.id)))


# --- events (Code 5.1.6-5.1.8) ----------------------------------------------------------------


def _users_by_name(db: Session, names: list[str]) -> dict[str, User]:
    from shashki.server.accounts import auth

    out = {}
    for name in names:
        u = auth.find_user(db, name)
        if u is not None:
            out[name] = u
    return out


def event_person(user: User, row: CorrEvent) -> Person:
    """The account's role in this event: its judge (or an administrator), its captain, or a
    player. On a game he plays, nobody is an official (the model refuses it)."""
    if user.id == row.judge_id or _admin(user):
        return Person(user.username, Role.JUDGE, user.email or "")
    if user.id == row.captain_id:
        return Person(user.username, Role.CAPTAIN, user.email or "")
    return Person(user.username, Role.PLAYER, user.email or "")


def create_event(db: Session, cfg: CorrConfig, judge: User, name: str, system: str,
                 control: str, variant: str = "russian", rounds: int = 0,
                 captain_name: str = "", digest_days: int = 7) -> CorrEvent:
    """A correspondence event; the judge who creates it runs it (Code 5.1.6)."""
    from shashki.server.accounts import auth

    name = " ".join(name.split())  # no CR or LF: the name goes into mail headers
    if not 3 <= len(name) <= 120 or any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise InvalidInput("name", code="event_name")
    if variant not in VARIANTS:
        raise InvalidInput("variant", code="variant")
    captain = None
    if captain_name.strip():
        captain = auth.find_user(db, captain_name.strip())
        if captain is None:
            raise InvalidInput("captain", code="no_such_user", name=captain_name)
    try:
        ev = CorrespondenceEvent(name, control, system=system, variant=variant,
                                 zone=cfg.zone, rounds=rounds, now=cfg.now,
                                 judge=Person(judge.username, Role.JUDGE, judge.email or ""))
    except CorrespondenceError as e:
        raise InvalidInput("control", str(e), code="corr", problem=e) from None
    row = CorrEvent(name=ev.name, system=system, variant=variant, control=str(ev.control),
                    zone=cfg.zone, rounds=rounds, judge_id=judge.id,
                    captain_id=captain.id if captain else None,
                    tournament=ev.tournament.to_json(), digest_days=max(1, digest_days),
                    created_at=time.time())
    db.add(row)
    db.flush()
    return row


def get_event(db: Session, event_id: int) -> CorrEvent:
    row = db.get(CorrEvent, event_id)
    if row is None:
        raise NotFound("correspondence event")
    return row


def event_model(db: Session, cfg: CorrConfig, row: CorrEvent
                ) -> tuple[CorrespondenceEvent, dict[int, int]]:
    """The event as the model sees it, with its games; and board index -> game id."""
    judge = Person(row.judge.username, Role.JUDGE, row.judge.email or "")
    captain = (Person(row.captain.username, Role.CAPTAIN, row.captain.email or "")
               if row.captain is not None else None)
    ev = CorrespondenceEvent(row.name, row.control, system=row.system, variant=row.variant,
                             zone=row.zone, rounds=row.rounds, judge=judge, captain=captain,
                             now=cfg.now, tournament_json=row.tournament)
    users = _users_by_name(db, [p.name for p in ev.players])
    ev.players = [person(users[p.name]) if p.name in users else p for p in ev.players]
    ids: dict[int, int] = {}
    games = db.scalars(select(CorrGame).where(CorrGame.event_id == row.id)
                       .order_by(CorrGame.round, CorrGame.board))
    for g in games:
        ids[len(ev.boards)] = g.id
        ev.boards.append(EventBoard(g.round, g.board, load(db, cfg, g.id).game, g.recorded))
    return ev, ids


def join_event(db: Session, row: CorrEvent, user: User) -> None:
    if row.status != "registration":
        raise GameRuleError("the event has started", code="corr",
                            problem=PlayError(N_("the event has started")))
    from shashki.competition import Tournament

    t = Tournament.from_json(row.tournament)
    if any(p.name == user.username for p in t.players):
        return
    t.add_player(user.username)
    row.tournament = t.to_json()


def start_event(db: Session, cfg: CorrConfig, row: CorrEvent, user: User) -> None:
    """The judge starts the event: every game of a round robin at once, round 1 of a Swiss
    (P9); later Swiss rounds when the round is registered."""
    if event_person(user, row).role is not Role.JUDGE:
        raise Forbidden(code="role", role=AccountRole.ARBITER.value)
    ev, _ = event_model(db, cfg, row)
    try:
        boards = ev.start() if row.status == "registration" else ev.next_round()
    except CorrespondenceError as e:
        raise _rule(e) from None
    users = _users_by_name(db, [p.name for p in ev.players])
    for b in boards:
        new_game(db, cfg, users[b.game.white.name], users[b.game.black.name],
                 DayControl.parse(row.control), row.variant, row, b.round, b.board,
                 label=f"{row.name}, {b.round}.{b.board}")
    row.tournament = ev.tournament.to_json()
    row.status = "running"
    if not row.last_digest:
        row.last_digest = cfg.today().isoformat()


def register_game(db: Session, cfg: CorrConfig, row: CorrEvent, user: User,
                  game_id: int) -> list[EmailMessage]:
    """The captain (or the judge) registers a finished game in the table (Code 5.1.8);
    with the last one, the captain's report goes to the judge."""
    ev, ids = event_model(db, cfg, row)
    index = next((i for i, gid in ids.items() if gid == game_id), None)
    if index is None:
        raise NotFound("game of this event")
    board = ev.boards[index]
    try:
        result = ev.register(event_person(user, row), board)
    except CorrespondenceError as e:
        raise _rule(e) from None
    row.tournament = ev.tournament.to_json()
    loaded = load(db, cfg, game_id)
    loaded.game.registered = user.username
    loaded.row.recorded = True
    save(db, loaded, cfg)
    if ev.system == "berger" and all(b.recorded for b in ev.boards):
        row.status = "finished"
    if ev.system == "dutch" and ev.rounds and len(ev.tournament.rounds) >= ev.rounds and all(
            b.recorded for b in ev.boards):
        row.status = "finished"
    log.info("event %s: game %s registered %s by %s", row.id, game_id, result, user.username)
    if row.status != "finished" or not row.judge.email:
        return []
    msg = EmailMessage()
    msg["From"] = row.captain.email if row.captain is not None and row.captain.email else (
        cfg.sender)
    msg["To"] = row.judge.email
    title = " / ".join(_both(N_("Captain's report"))[::-1])
    msg["Subject"] = header_text(f"{title}: {row.name}")
    msg.set_content(ev.report() + "\n")
    return [msg]


def digests(db: Session, cfg: CorrConfig, row: CorrEvent, force: bool = False
            ) -> list[EmailMessage]:
    """The captain's periodic report to every player with an address (Code 5.1.8): sent
    every ``digest_days`` days by the daily check, or at once when asked."""
    today = cfg.today()
    if row.status != "running":
        return []
    if not force and row.last_digest and (
            today - date.fromisoformat(row.last_digest)).days < row.digest_days:
        return []
    ev, _ = event_model(db, cfg, row)
    sender = (row.captain.email if row.captain is not None and row.captain.email
              else cfg.sender)
    users = _users_by_name(db, [p.name for p in ev.players])
    msgs = [digest_message(ev, p, sender=sender, today=today,
                           language=(users[p.name].language or "ru") if p.name in users
                           else "ru")
            for p in ev.players if p.email]
    row.last_digest = today.isoformat()
    return msgs


def events_list(db: Session) -> list[CorrEvent]:
    return list(db.scalars(select(CorrEvent).order_by(CorrEvent.id.desc())))


def event_digests_due(db: Session, cfg: CorrConfig) -> list[EmailMessage]:
    out: list[EmailMessage] = []
    for row in db.scalars(select(CorrEvent).where(CorrEvent.status == "running")):
        out += digests(db, cfg, row)
    return out
