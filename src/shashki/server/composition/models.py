"""Tables of composition contests.

* ``comp_contests``: a composing tournament or a solving competition, its director (the
  account that created it) and its conditions (JSON: the marking scale, the number of
  prizes and mentions; the time limit and points of a solving competition).
* ``comp_judges``: the judges appointed to one contest by its director.
* ``comp_entries``: one entry of a composing tournament: its author (seen only by the
  director), pseudonym, the composition as a PDN record, the checker's verdict (JSON).
* ``comp_marks``: one judge's mark of one entry, with his comment.
* ``comp_positions``: the positions of a solving competition, each a PDN record with the
  author's solution, and its points.
* ``comp_solutions``: one solver's solution of one position: the moves, when it was
  entered, by whom (the solver on the platform, or the arbiter from paper), the points.
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.accounts.models import User
from shashki.server.core.db import Base


class ContestKind(StrEnum):
    COMPOSING = "composing"
    SOLVING = "solving"


class ContestStatus(StrEnum):
    OPEN = "open"
    """Composing: entries are submitted. Solving: the positions are being set."""
    JUDGING = "judging"
    """Composing: no more entries; the judges mark."""
    RUNNING = "running"
    """Solving: the clock runs; solutions are accepted until the time limit."""
    CLOSED = "closed"
    """The award (or the standings) is final and public."""


class CompContest(Base):
    __tablename__ = "comp_contests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(120))
    variant: Mapped[str] = mapped_column(String(32), default="russian")
    status: Mapped[str] = mapped_column(String(12), default=ContestStatus.OPEN.value,
                                        index=True)
    director_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    conditions: Mapped[str] = mapped_column(Text, default="{}")
    """JSON: ``low``, ``high``, ``step`` (the scale), ``prizes``, ``mentions``,
    ``commendations``; ``minutes`` (solving time limit)."""
    started_at: Mapped[float | None] = mapped_column(Float, default=None)
    created_at: Mapped[float] = mapped_column(Float)

    director: Mapped[User] = relationship(lazy="joined")
    judges: Mapped[list[CompJudge]] = relationship(
        lazy="selectin", cascade="all, delete-orphan", order_by="CompJudge.id")


class CompJudge(Base):
    __tablename__ = "comp_judges"
    __table_args__ = (UniqueConstraint("contest_id", "user_id", name="uq_comp_judges_user"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("comp_contests.id", ondelete="CASCADE"),
                                            index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)

    user: Mapped[User] = relationship(lazy="joined")


class CompEntry(Base):
    __tablename__ = "comp_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("comp_contests.id", ondelete="CASCADE"),
                                            index=True)
    number: Mapped[int] = mapped_column(Integer)
    """The entry's number in the contest (what the judges see)."""
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    pseudonym: Mapped[str] = mapped_column(String(80))
    pdn: Mapped[str] = mapped_column(Text)
    fen: Mapped[str] = mapped_column(Text)
    verdict: Mapped[str] = mapped_column(Text, default="{}")
    """JSON: :meth:`shashki.composition.Verdict.to_json` and the anticipations found."""
    status: Mapped[str] = mapped_column(String(12), default="")
    """The checker's status: sound, dual, unsound, unproven."""
    created_at: Mapped[float] = mapped_column(Float)

    author: Mapped[User] = relationship(lazy="joined")


class CompMark(Base):
    __tablename__ = "comp_marks"
    __table_args__ = (UniqueConstraint("entry_id", "judge_id", name="uq_comp_marks_judge"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("comp_entries.id", ondelete="CASCADE"),
                                          index=True)
    judge_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    mark: Mapped[float] = mapped_column(Float)
    comment: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[float] = mapped_column(Float)


class CompPosition(Base):
    __tablename__ = "comp_positions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("comp_contests.id", ondelete="CASCADE"),
                                            index=True)
    number: Mapped[int] = mapped_column(Integer)
    pdn: Mapped[str] = mapped_column(Text)
    points: Mapped[float] = mapped_column(Float, default=10.0)


class CompSolution(Base):
    __tablename__ = "comp_solutions"
    __table_args__ = (UniqueConstraint("position_id", "solver", name="uq_comp_solutions_solver"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position_id: Mapped[int] = mapped_column(ForeignKey("comp_positions.id",
                                                        ondelete="CASCADE"), index=True)
    solver: Mapped[str] = mapped_column(String(80))
    """The solver's name: his account's, or as the arbiter entered it from paper."""
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    moves: Mapped[str] = mapped_column(Text, default="")
    """The moves as entered, in the Code's notation, separated by spaces."""
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    """Time from the start of the competition to this solution."""
    points: Mapped[float] = mapped_column(Float, default=0.0)
    entered_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)
