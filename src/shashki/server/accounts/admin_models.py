"""The administrators' table: ``role_changes``, the audit record of every change of an
account's role (who changed it, from what to what, when, and from where: the web page,
the REST API or the command line)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.play.models import Base, User


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
