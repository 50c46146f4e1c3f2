"""Accounts and their roles, as the administrators manage them.

Only an administrator changes roles (on ``/admin/users`` or through the REST API); the
command line (``shashki users role NAME ROLE``) does it for whoever runs the server's
machine, which is how the first administrator of a fresh install is made. Every change is
recorded in ``role_changes`` (:mod:`shashki.server.accounts.admin_models`): who, what, when, from
where. The platform always keeps an administrator once it has one: the last administrator
cannot be given a lower role, by himself or on the command line.

Each function runs inside the caller's transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts import auth
from shashki.server.accounts.models import Role, RoleChange, User
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput, NotFound

PAGE_SIZE = 50
VIA = ("web", "api", "cli")
MAX_QUERY = 32


def parse_role(value: str) -> Role:
    try:
        return Role(value.strip().lower())
    except ValueError:
        raise InvalidInput("role", code="admin_role") from None


def check_query(query: str) -> str:
    """A search for accounts: part of a name (at most 32 characters)."""
    query = " ".join(query.split())
    if len(query) > MAX_QUERY:
        raise InvalidInput("q", code="admin_query", limit=MAX_QUERY)
    return query


@dataclass
class UserPage:
    users: list[User]
    total: int
    page: int
    pages: int


def list_users(db: DBSession, query: str = "", role: str = "", page: int = 1) -> UserPage:
    """Accounts whose name contains ``query`` (any case), of ``role`` if given, by name;
    ``PAGE_SIZE`` a page."""
    query = check_query(query)
    stmt = select(User).where(User.bot.is_(False), User.deleted_at.is_(None))
    if query:
        like = "%" + _escape(auth.username_key(query)) + "%"
        stmt = stmt.where(User.username_key.like(like, escape="\\"))
    if role:
        stmt = stmt.where(User.role == parse_role(role).value)
    total = db.scalar(select(func.count()).select_from(stmt.subquery())) or 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    users = list(db.scalars(stmt.order_by(User.username_key)
                            .offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE)))
    return UserPage(users, total, page, pages)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def role_counts(db: DBSession) -> dict[str, int]:
    """People by role; the engine's accounts (``bot``) are not people and not counted."""
    rows = db.execute(select(User.role, func.count()).where(User.bot.is_(False),
                                                            User.deleted_at.is_(None))
                      .group_by(User.role)).all()
    found = {str(r): int(n) for r, n in rows}
    return {r.value: found.get(r.value, 0) for r in Role}


def set_role(db: DBSession, actor: User | None, name: str, role: str, now: float,
             via: str = "web", reason: str = "") -> RoleChange | None:
    """Give the account ``name`` the role ``role``; return the audit record, or None when
    it had that role already (nothing is recorded then).

    ``actor`` is the administrator who asks (None: the command line). Refused: an actor
    who is not an administrator; lowering the last administrator.
    """
    if via not in VIA:
        raise ValueError(f"via must be one of {VIA}")
    new = parse_role(role)
    reason = " ".join(reason.split())
    if len(reason) > 300:
        raise InvalidInput("reason", code="admin_reason", limit=300)
    # Lock the administrators' rows and the actor's, in one order, and read their roles
    # afresh: two administrators changing roles at once are serialised, so neither acts on
    # a role he lost meanwhile, and the platform is never left without an administrator
    # (PostgreSQL; SQLite has a single writer anyway).
    if db.get_bind().dialect.name == "sqlite":
        # SQLite's driver opens the transaction at the first write: write first (no row
        # changes), so that the reads below see the latest roles under the write lock.
        db.execute(update(User).where(User.id == -1).values(role=User.role))
    who = User.role == Role.ADMINISTRATOR.value
    if actor is not None:
        who = or_(who, User.id == actor.id)
    locked = list(db.scalars(select(User).where(who).order_by(User.id).with_for_update()
                             .execution_options(populate_existing=True)))
    if actor is not None and not actor.role_enum.at_least(Role.ADMINISTRATOR):
        raise Forbidden(code="role", role=Role.ADMINISTRATOR.value)
    user = auth.find_user(db, name)
    if user is None:
        raise NotFound("user", code="no_such_user", name=name.strip()[:40])
    old = user.role_enum
    if old is new:
        return None
    admins = [u.id for u in locked if u.role == Role.ADMINISTRATOR.value]
    if old is Role.ADMINISTRATOR and admins == [user.id]:
        raise Conflict(code="admin_last", name=user.username)
    user.role = new.value
    change = RoleChange(user_id=user.id, actor_id=None if actor is None else actor.id,
                        old_role=old.value, new_role=new.value, via=via, reason=reason,
                        at=now)
    db.add(change)
    db.flush()
    return change


def changes(db: DBSession, limit: int = 50, user: User | None = None) -> list[RoleChange]:
    """The latest role changes (of one account, if given), newest first."""
    stmt = select(RoleChange)
    if user is not None:
        stmt = stmt.where(RoleChange.user_id == user.id)
    return list(db.scalars(stmt.order_by(RoleChange.at.desc(), RoleChange.id.desc())
                           .limit(limit)))
