"""The accounts' tables: ``users``, ``sessions`` (a login; only the SHA-256 of the cookie's
token is stored), ``api_tokens`` (bearer tokens of the REST API, likewise hashed) and
``role_changes`` (the administrators' audit record of every change of an account's role:
who changed it, from what to what, when, and from where: the web page, the REST API or the
command line)."""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.core.db import Base


class Role(StrEnum):
    """What an account may do; each role includes the ones before it."""

    PLAYER = "player"
    ARBITER = "arbiter"
    ORGANISER = "organiser"
    ADMINISTRATOR = "administrator"

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    def at_least(self, other: Role) -> bool:
        return self.rank >= other.rank


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(32))
    username_key: Mapped[str] = mapped_column(String(32), unique=True)
    """The name folded to lower case: names differing only in case are one name."""
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(16), default=Role.PLAYER.value)
    email: Mapped[str | None] = mapped_column(String(254), default=None)
    language: Mapped[str | None] = mapped_column(String(2), default=None)
    created_at: Mapped[float] = mapped_column(Float)
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    turn_mail: Mapped[bool] = mapped_column(Boolean, default=False)
    """E-mail him when it is his move in a correspondence game (his setting)."""
    """An account a program plays under (the engine's): not a person, not counted as a
    player on the administrators' pages."""
    deleted_at: Mapped[float | None] = mapped_column(Float, default=None)
    """When its owner deleted it (its personal data erased, :func:`auth.delete_account`)."""

    @property
    def role_enum(self) -> Role:
        return Role(self.role)


class Session(Base):
    """A login. ``id`` is the SHA-256 of the cookie's token, so the table holds no token."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    last_seen: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    user_agent: Mapped[str] = mapped_column(String(200), default="")
    address: Mapped[str] = mapped_column(String(64), default="")

    user: Mapped[User] = relationship(lazy="joined")


class ApiToken(Base):
    """A bearer token of the REST API: ``Authorization: Bearer <token>``."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         index=True)
    name: Mapped[str] = mapped_column(String(60), default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(12), default="")
    """The token's first characters, to tell tokens apart on the profile page."""
    created_at: Mapped[float] = mapped_column(Float)
    last_used: Mapped[float | None] = mapped_column(Float, default=None)


class RoleChange(Base):
    """One change of one account's role. ``actor_id`` is empty when it was made on the
    command line (``shashki users role``), by whoever runs the server's machine."""

    __tablename__ = "role_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         index=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"),
                                                 default=None)
    old_role: Mapped[str] = mapped_column(String(16))
    new_role: Mapped[str] = mapped_column(String(16))
    via: Mapped[str] = mapped_column(String(8))
    """``web``, ``api`` or ``cli``."""
    reason: Mapped[str] = mapped_column(String(300), default="")
    at: Mapped[float] = mapped_column(Float, index=True)

    user: Mapped[User] = relationship(foreign_keys=[user_id], lazy="joined")
    actor: Mapped[User | None] = relationship(foreign_keys=[actor_id], lazy="joined")
