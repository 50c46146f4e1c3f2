"""Composition contests: what the pages do, as functions of a database session.

Who may do what, per contest (never a global role beyond creating one): the director
(the organiser who created the contest) appoints the judges, sees the authors' names,
moves the contest on and publishes the award; a judge sees the entries as diagrams and
solutions only, and marks each on the contest's scale — never his own entry (CPI draft
rules for block posers, part 2, art. 2); anyone logged in may enter under a pseudonym
while entries are open. In a solving competition the director sets the positions and
starts the clock, solvers enter their solutions move by move until the time limit, and
the director (as the arbiter) enters solutions from paper.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from shashki.board import Board
from shashki.composition import Composition, CompositionError, Limits, Stipulation, check
from shashki.composition.anticipation import PositionIndex
from shashki.composition.contest import (
    ContestError,
    Scale,
    Standing,
    award,
    score_solution,
    solving_standings,
)
from shashki.composition.pdn import from_game, read_compositions, to_game
from shashki.errors import ShashkiError
from shashki.pdn import Game, read_game, write_game
from shashki.server.accounts.auth import find_user
from shashki.server.accounts.models import Role, User
from shashki.server.composition.models import (
    CompContest,
    CompEntry,
    CompJudge,
    CompMark,
    CompPosition,
    CompSolution,
    ContestKind,
    ContestStatus,
)
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput, NotFound

CHECK_LIMITS = Limits(nodes=300_000, seconds=20.0, max_moves=10)
"""How far the checker goes for an entry on submission (the platform's worker time)."""

DEFAULTS: dict[str, Any] = {"low": 0.0, "high": 10.0, "step": 0.5, "prizes": 3,
                            "mentions": 3, "commendations": 3, "minutes": 60}


def conditions(c: CompContest) -> dict[str, Any]:
    return {**DEFAULTS, **json.loads(c.conditions or "{}")}


def scale(c: CompContest) -> Scale:
    cond = conditions(c)
    return Scale(float(cond["low"]), float(cond["high"]), float(cond["step"]))


# --- contests ------------------------------------------------------------------------


def create(db: Session, director: User, name: str, kind: str, variant: str,
           cond: dict[str, Any]) -> CompContest:
    if not director.role_enum.at_least(Role.ORGANISER):
        raise Forbidden(code="role", role=Role.ORGANISER.value)
    name = name.strip()
    if not 3 <= len(name) <= 120:
        raise InvalidInput("name", "3 to 120 characters")
    if kind not in {k.value for k in ContestKind}:
        raise InvalidInput("kind", "composing or solving")
    try:
        Board(variant)
    except ShashkiError as e:
        raise InvalidInput("variant", str(e)) from None
    full = {**DEFAULTS, **cond}
    try:
        Scale(float(full["low"]), float(full["high"]), float(full["step"])).check(
            float(full["high"]))
    except (ContestError, ValueError) as e:
        raise InvalidInput("scale", str(e)) from None
    c = CompContest(kind=kind, name=name, variant=variant, director_id=director.id,
                    conditions=json.dumps(full), created_at=time.time())
    db.add(c)
    db.flush()
    return c


def get(db: Session, contest_id: int) -> CompContest:
    c = db.get(CompContest, contest_id)
    if c is None:
        raise NotFound()
    return c


def listing(db: Session) -> list[CompContest]:
    return list(db.scalars(select(CompContest).order_by(CompContest.id.desc())))


def is_director(c: CompContest, user: User | None) -> bool:
    return user is not None and user.id == c.director_id


def is_judge(c: CompContest, user: User | None) -> bool:
    return user is not None and any(j.user_id == user.id for j in c.judges)


def require_director(c: CompContest, user: User | None) -> User:
    if user is None or not is_director(c, user):
        raise Forbidden(code="comp_not_director")
    return user


def appoint_judge(db: Session, c: CompContest, director: User, name: str) -> User:
    require_director(c, director)
    user = find_user(db, name.strip())
    if user is None:
        raise InvalidInput("judge", code="comp_no_account", name=name.strip())
    if user.id == c.director_id:
        raise InvalidInput("judge", code="comp_director_judge")
    if not is_judge(c, user):
        c.judges.append(CompJudge(user_id=user.id))
        db.flush()
    return user


def advance(db: Session, c: CompContest, director: User) -> str:
    """Move the contest to its next stage: entries closed and judging, then the award
    (composing); the clock started, then the standings final (solving)."""
    require_director(c, director)
    order = ([ContestStatus.OPEN, ContestStatus.JUDGING, ContestStatus.CLOSED]
             if c.kind == ContestKind.COMPOSING else
             [ContestStatus.OPEN, ContestStatus.RUNNING, ContestStatus.CLOSED])
    now = ContestStatus(c.status)
    if now is ContestStatus.CLOSED:
        raise Conflict(code="comp_closed")
    nxt = order[order.index(now) + 1]
    if c.kind == ContestKind.COMPOSING and nxt is ContestStatus.JUDGING and not c.judges:
        raise Conflict(code="comp_no_judges")
    if c.kind == ContestKind.SOLVING and nxt is ContestStatus.RUNNING:
        if not positions(db, c):
            raise Conflict(code="comp_no_positions")
        c.started_at = time.time()
    c.status = nxt.value
    return nxt.value


# --- composing: entries and marks --------------------------------------------------------


def composition_of(variant: str, fen: str, stipulation: str, solution: str,
                   pdn: str) -> Composition:
    """An entry's composition from a PDN record, or from a FEN, stipulation and the
    solution's moves; the errors name the field."""
    if pdn.strip():
        try:
            comps = read_compositions(pdn, variant)
        except ShashkiError as e:
            raise InvalidInput("pdn", str(e)) from None
        if len(comps) != 1:
            raise InvalidInput("pdn", f"one composition, not {len(comps)}")
        return comps[0]
    try:
        board = Board(variant, fen.strip())
    except ShashkiError as e:
        raise InvalidInput("fen", str(e)) from None
    try:
        stip = Stipulation.parse(stipulation or "+")
    except CompositionError as e:
        raise InvalidInput("stipulation", str(e)) from None
    game = Game(variant, fen=board.fen())
    node: Any = game
    for i, text in enumerate(solution.replace(".", " ").split()):
        if text.isdigit():
            continue
        try:
            node = node.add_variation(text)
        except ShashkiError as e:
            raise InvalidInput("solution", f"move {i + 1} {text!r}: {e}") from None
    return Composition(board.fen(), stip, variant=variant, solution=game)


def submit(db: Session, c: CompContest, author: User, pseudonym: str, comp: Composition,
           archive: PositionIndex | None = None) -> CompEntry:
    """Enter a composition under a pseudonym; it is checked for soundness at once and
    searched for in the contest's other entries (and ``archive``)."""
    if c.kind != ContestKind.COMPOSING or c.status != ContestStatus.OPEN:
        raise Conflict(code="comp_entries_closed")
    pseudonym = pseudonym.strip()
    if not 1 <= len(pseudonym) <= 80:
        raise InvalidInput("pseudonym", "1 to 80 characters")
    if comp.variant != c.variant:
        raise InvalidInput("pdn", f"the contest is for {c.variant}")
    comp.author = comp.author or ""
    verdict = check(comp, _tables(c.variant), CHECK_LIMITS)
    index = archive if archive is not None else archive_index(db, c.variant)
    for e in entries(db, c):
        g = read_game(e.pdn)
        if g is not None:
            index.add_game(g, f"entry {e.number}")
    found = [{"label": m.label, "ply": m.ply, "swapped": m.swapped}
             for m in index.anticipations(comp)]
    record = to_game(comp)
    record.headers["Author"] = author.username  # the director's copy names the author
    n = len(entries(db, c)) + 1
    e = CompEntry(contest_id=c.id, number=n, author_id=author.id, pseudonym=pseudonym,
                  pdn=write_game(record), fen=comp.board().fen(),
                  verdict=json.dumps({**verdict.to_json(), "anticipations": found},
                                     ensure_ascii=False),
                  status=verdict.status, created_at=time.time())
    db.add(e)
    db.flush()
    return e


ARCHIVE_LIMIT = 2000
"""The newest archive games of the variant an entry is searched in on arrival."""


def archive_index(db: Session, variant: str) -> PositionIndex:
    """Every position of the newest :data:`ARCHIVE_LIMIT` archive games of ``variant``."""
    from shashki.server.archive.models import ArchiveGame
    from shashki.server.archive.service import game_pdn

    idx = PositionIndex(variant)
    rows = db.scalars(select(ArchiveGame).where(ArchiveGame.variant == variant)
                      .order_by(ArchiveGame.id.desc()).limit(ARCHIVE_LIMIT))
    for row in rows:
        g = read_game(game_pdn(row))
        if g is not None and not g.errors:
            idx.add_game(g, f"archive game {row.id}")
    return idx


def _tables(variant: str) -> Any:
    from shashki.engine.egdb import Database

    return Database.find(variant) if variant in ("russian", "brazilian",
                                                 "international") else None


def entries(db: Session, c: CompContest) -> list[CompEntry]:
    return list(db.scalars(select(CompEntry).where(CompEntry.contest_id == c.id)
                           .order_by(CompEntry.number)))


def entry(db: Session, c: CompContest, entry_id: int) -> CompEntry:
    e = db.get(CompEntry, entry_id)
    if e is None or e.contest_id != c.id:
        raise NotFound()
    return e


def mark(db: Session, c: CompContest, judge: User, e: CompEntry, value: str,
         comment: str) -> CompMark:
    """A judge's mark of an entry (replacing his earlier one), on the contest's scale."""
    if not is_judge(c, judge):
        raise Forbidden(code="comp_not_judge")
    if c.status != ContestStatus.JUDGING:
        raise Conflict(code="comp_not_judging")
    if e.author_id == judge.id:
        raise Forbidden(code="comp_own_entry")
    try:
        v = scale(c).check(float(value.replace(",", ".")))
    except ValueError:
        raise InvalidInput("mark", "a number") from None
    except ContestError as err:
        raise InvalidInput("mark", str(err)) from None
    row = db.scalar(select(CompMark).where(CompMark.entry_id == e.id,
                                           CompMark.judge_id == judge.id))
    if row is None:
        row = CompMark(entry_id=e.id, judge_id=judge.id, mark=v, comment=comment.strip(),
                       created_at=time.time())
        db.add(row)
    else:
        row.mark, row.comment = v, comment.strip()
    db.flush()
    return row


def marks(db: Session, c: CompContest) -> list[CompMark]:
    ids = [e.id for e in entries(db, c)]
    if not ids:
        return []
    return list(db.scalars(select(CompMark).where(CompMark.entry_id.in_(ids))
                           .order_by(CompMark.id)))


@dataclass
class AwardRow:
    entry: CompEntry
    mark: float
    place: int
    distinction: str
    rank: int
    marks: list[tuple[str, float, str]] = field(default_factory=list)
    """(judge, mark, comment) of each judge who marked it."""


def final_table(db: Session, c: CompContest) -> list[AwardRow]:
    """The final table: every entry with its average mark, place and distinction; the
    entries the checker proved unsound are not placed."""
    cond = conditions(c)
    es = entries(db, c)
    by_entry: dict[int, list[CompMark]] = {e.id: [] for e in es}
    for m in marks(db, c):
        by_entry[m.entry_id].append(m)
    names = {j.user_id: j.user.username for j in c.judges}
    unsound = [str(e.number) for e in es if e.status == "unsound"]
    table = award({str(e.number): [m.mark for m in by_entry[e.id]] for e in es},
                  int(cond["prizes"]), int(cond["mentions"]), int(cond["commendations"]),
                  unsound)
    by_number = {str(e.number): e for e in es}
    return [AwardRow(by_number[r.entry], r.mark, r.place, r.distinction, r.rank,
                     [(names.get(m.judge_id, "?"), m.mark, m.comment)
                      for m in by_entry[by_number[r.entry].id]]) for r in table]


def entry_composition(e: CompEntry) -> Composition:
    g = read_game(e.pdn)
    assert g is not None
    return from_game(g)


# --- solving -------------------------------------------------------------------------------


def add_position(db: Session, c: CompContest, director: User, comp: Composition,
                 points: float) -> CompPosition:
    require_director(c, director)
    if c.kind != ContestKind.SOLVING or c.status != ContestStatus.OPEN:
        raise Conflict(code="comp_positions_closed")
    if not comp.main_line():
        raise InvalidInput("solution", "the author's solution is needed for scoring")
    if not 0 < points <= 100:
        raise InvalidInput("points", "more than 0, at most 100")
    n = len(positions(db, c)) + 1
    p = CompPosition(contest_id=c.id, number=n, pdn=write_game(to_game(comp)), points=points)
    db.add(p)
    db.flush()
    return p


def positions(db: Session, c: CompContest) -> list[CompPosition]:
    return list(db.scalars(select(CompPosition).where(CompPosition.contest_id == c.id)
                           .order_by(CompPosition.number)))


def position_composition(p: CompPosition) -> Composition:
    g = read_game(p.pdn)
    assert g is not None
    return from_game(g)


def solve(db: Session, c: CompContest, p: CompPosition, by: User, moves: str,
          solver: str | None = None, seconds: float | None = None,
          now: float | None = None) -> CompSolution:
    """A solution entered by the solver himself, or by the director from paper
    (``solver`` names the solver, ``seconds`` his time); scored at once."""
    if c.kind != ContestKind.SOLVING or p.contest_id != c.id:
        raise NotFound()
    paper = solver is not None
    if paper:
        require_director(c, by)
        if c.status not in (ContestStatus.RUNNING, ContestStatus.CLOSED):
            raise Conflict(code="comp_not_running")
    elif c.status != ContestStatus.RUNNING:
        raise Conflict(code="comp_not_running")
    t = now if now is not None else time.time()
    limit = float(conditions(c)["minutes"]) * 60
    used = seconds if paper and seconds is not None else t - (c.started_at or t)
    if not paper and used > limit:
        raise Conflict(code="comp_time_over")
    name = (solver or by.username).strip()
    if not 1 <= len(name) <= 80:
        raise InvalidInput("solver", "1 to 80 characters")
    comp = position_composition(p)
    board = comp.board()
    given = []
    for i, text in enumerate(moves.replace(".", " ").split()):
        if text.isdigit():
            continue
        try:
            m = board.parse_move(text)
        except ShashkiError as e:
            raise InvalidInput("moves", f"move {i + 1} {text!r}: {e}") from None
        given.append(board.move_text(m))
        board.push(m)
    pts = score_solution(comp.main_line(), given, p.points)
    row = db.scalar(select(CompSolution).where(CompSolution.position_id == p.id,
                                               CompSolution.solver == name))
    if row is None:
        row = CompSolution(position_id=p.id, solver=name, user_id=None if paper else by.id,
                           entered_by=by.id, created_at=t)
        db.add(row)
    row.moves, row.seconds, row.points = " ".join(given), max(0.0, used), pts
    db.flush()
    return row


def standings(db: Session, c: CompContest) -> list[Standing]:
    """The standings: each solver's points per position, his time the time of his last
    solution (from the start), ties broken by time."""
    ps = positions(db, c)
    index = {p.id: i for i, p in enumerate(ps)}
    rows = list(db.scalars(select(CompSolution).where(
        CompSolution.position_id.in_([p.id for p in ps])))) if ps else []
    per: dict[str, list[float]] = {}
    used: dict[str, float] = {}
    for s in rows:
        per.setdefault(s.solver, [0.0] * len(ps))[index[s.position_id]] = s.points
        used[s.solver] = max(used.get(s.solver, 0.0), s.seconds)
    return solving_standings({k: (v, used[k]) for k, v in per.items()})
