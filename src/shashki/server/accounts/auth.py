"""Accounts, passwords (argon2), sessions in cookies, CSRF tokens and the login limit.

Sessions: the cookie holds a random token; the database holds only its SHA-256, with the
session's CSRF token (a synchronizer token: every state-changing request must send it,
as the ``csrf_token`` form field or the ``X-CSRF-Token`` header). Before logging in, the
login and sign-up forms use a double-submit token: a random cookie that the form must
repeat. Logging in always starts a new session (no session fixation).

>>> check_username("Иван_2"), check_username("player-1")
('Иван_2', 'player-1')
>>> check_username("Pаvel")          # Latin P with a Cyrillic а: refused
Traceback (most recent call last):
...
shashki.server.core.errors.InvalidInput: username_format
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts.models import Role, Session, User
from shashki.server.core.errors import InvalidInput
from shashki.server.core.settings import Settings

SESSION_COOKIE = "shashki_session"
CSRF_COOKIE = "shashki_csrf"
LANG_COOKIE = "shashki_lang"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"

_LATIN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{2,23}$")
_CYRILLIC = re.compile(r"^[А-Яа-яЁё][А-Яа-яЁё0-9_-]{2,23}$")
_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$")
MAX_PASSWORD = 1024


def check_username(name: str) -> str:
    """The name, stripped, if it is 3-24 letters of one alphabet, digits, ``_`` or ``-``."""
    name = name.strip()
    if not (_LATIN.match(name) or _CYRILLIC.match(name)):
        raise InvalidInput("username", code="username_format")
    return name


def username_key(name: str) -> str:
    return name.strip().lower().replace("ё", "е")


def check_password(password: str) -> str:
    if len(password) < 8:
        raise InvalidInput("password", code="password_short")
    if len(password) > MAX_PASSWORD:
        raise InvalidInput("password", code="password_long")
    return password


def check_email(email: str | None) -> str | None:
    if email is None or not email.strip():
        return None
    email = email.strip()
    if len(email) > 254 or not _EMAIL.match(email):
        raise InvalidInput("email", code="email_format")
    return email


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def tokens_match(expected: str | None, given: str | None) -> bool:
    """Constant-time comparison; an absent token never matches."""
    if not expected or not given:
        return False
    return hmac.compare_digest(expected.encode(), given.encode())


class Passwords:
    """argon2id hashing with the settings' cost."""

    def __init__(self, settings: Settings) -> None:
        self.hasher = PasswordHasher(time_cost=settings.argon2_time_cost,
                                     memory_cost=settings.argon2_memory_cost)
        # A hash to verify against when the name is unknown, so that both cases take
        # the same time and the response does not tell which names exist.
        self._dummy = self.hasher.hash(secrets.token_hex(16))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        try:
            return self.hasher.verify(stored or self._dummy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        return self.hasher.check_needs_rehash(stored)


# --- accounts and sessions (each function runs inside the caller's transaction) -----------


def find_user(db: DBSession, name: str) -> User | None:
    return db.scalar(select(User).where(User.username_key == username_key(name)))


def create_user(db: DBSession, passwords: Passwords, name: str, password: str,
                email: str | None = None, role: Role = Role.PLAYER,
                language: str | None = None) -> User:
    name = check_username(name)
    check_password(password)
    email = check_email(email)
    if find_user(db, name) is not None:
        raise InvalidInput("username", code="username_taken")
    user = User(username=name, username_key=username_key(name),
                password_hash=passwords.hash(password), role=role.value, email=email,
                language=language, created_at=time.time())
    db.add(user)
    db.flush()
    return user


def authenticate(db: DBSession, passwords: Passwords, name: str, password: str) -> User | None:
    """The user if ``password`` is right, else None (taking the same time either way)."""
    user = find_user(db, name) if len(password) <= MAX_PASSWORD else None
    if not passwords.verify(user.password_hash if user else None, password[:MAX_PASSWORD]):
        return None
    assert user is not None
    if passwords.needs_rehash(user.password_hash):
        user.password_hash = passwords.hash(password)
    return user


def start_session(db: DBSession, settings: Settings, user: User, user_agent: str = "",
                  address: str = "") -> tuple[str, Session]:
    """A new session for ``user``: (cookie token, row)."""
    token = new_token()
    now = time.time()
    row = Session(id=token_hash(token), user_id=user.id, csrf_token=new_token(),
                  created_at=now, last_seen=now,
                  expires_at=now + settings.session_days * 86400,
                  user_agent=user_agent[:200], address=address[:64])
    db.add(row)
    db.flush()
    return token, row


def load_session(db: DBSession, settings: Settings, token: str | None) -> Session | None:
    """The live session of a cookie token (its expiry slides), or None."""
    if not token or len(token) > 200:
        return None
    row = db.get(Session, token_hash(token))
    if row is None:
        return None
    now = time.time()
    if row.expires_at <= now:
        db.delete(row)
        return None
    if now - row.last_seen > 60:
        row.last_seen = now
        row.expires_at = now + settings.session_days * 86400
    return row


def end_session(db: DBSession, token: str | None) -> None:
    if token:
        db.execute(delete(Session).where(Session.id == token_hash(token)))


# --- the account's own settings --------------------------------------------------------------


def _confirm(passwords: Passwords, user: User, password: str) -> None:
    if not passwords.verify(user.password_hash, password[:MAX_PASSWORD]):
        raise InvalidInput("current_password", code="bad_password")


def change_password(db: DBSession, passwords: Passwords, user: User, current: str, new: str,
                    keep_session: str | None = None) -> None:
    """A new password, given the current one; every other session of the account ends
    (whoever knew the old password is logged out)."""
    _confirm(passwords, user, current)
    user.password_hash = passwords.hash(check_password(new))
    stmt = delete(Session).where(Session.user_id == user.id)
    if keep_session is not None:
        stmt = stmt.where(Session.id != token_hash(keep_session))
    db.execute(stmt)


def change_settings(db: DBSession, user: User, email: str | None, language: str | None,
                    turn_mail: bool | None = None) -> None:
    """The account's e-mail address (empty: none), language of its pages and mail, and
    whether it is mailed when it is his move in correspondence (None: unchanged)."""
    user.email = check_email(email)
    if language not in (None, "", "ru", "en"):
        raise InvalidInput("language", code="language")
    user.language = language or None
    if turn_mail is not None:
        user.turn_mail = turn_mail


def delete_account(db: DBSession, passwords: Passwords, user: User, password: str) -> None:
    """Delete the account, given its password: its name, e-mail, password, language,
    sessions and API tokens are erased; the games it played stay in their opponents'
    records under the name ``deleted-<id>``, which names no one (docs/security.md)."""
    from shashki.server.accounts.models import ApiToken

    _confirm(passwords, user, password)
    db.execute(delete(Session).where(Session.user_id == user.id))
    db.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
    user.username = user.username_key = f"deleted-{user.id}"
    user.email = None
    user.language = None
    user.password_hash = "!"
    user.deleted_at = time.time()
