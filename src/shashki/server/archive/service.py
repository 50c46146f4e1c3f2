"""The game archive: PDN import with the reader's error report, search, PDN export, and
the positions of a stored game for the viewer.

Import (a job: :mod:`shashki.server.archive.jobs`) reads the file with
:class:`shashki.pdn.PdnReader` (every move validated, UTF-8 or Windows-1251), at most
``Settings.max_games_per_file`` games of it: each good game is stored with its tags, its movetext as
:mod:`shashki.pdn`'s writer writes it, its first moves in the Code's notation and its
final FEN; each broken game is listed in the import's report with its index in the file,
line, column, the offending text and the reader's message, and the rest are imported. A
game already in the archive (same written text) is counted as a duplicate, not stored
twice. The games are stored in short transactions (:data:`BATCH` games or
:data:`BATCH_SECONDS` of reading, whichever comes first), each of which also records the
import's counts and the job's progress, so a report always describes what is stored.

>>> fold("  Ёлкин  Пётр ")
'елкин петр'
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session as DBSession

from shashki import openings as ballots
from shashki.board import Board
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.pdn import Game as PdnGame
from shashki.pdn import PdnReader, read_game, write_game
from shashki.pdn.lexer import escape
from shashki.rules import VARIANTS, variant_by_name
from shashki.server.archive.explorer import Position, positions, store_positions
from shashki.server.archive.models import ArchiveGame, ArchiveImport
from shashki.server.core.db import Database
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.jobs.models import CANCELLED, Job

FIRST_PLIES = 16
"""Plies kept in ``first_moves`` for the opening search."""
MAX_EXPORT = 5000
"""Most games in one PDN download."""
REPORT_LIMIT = 1000
"""Most broken games listed in an import's report (the count is always exact)."""
WARNINGS_LIMIT = 100
"""Most warnings of the reader listed in an import's report (each is said once with the
number of games that carry it)."""
INDICES_LIMIT = 20
"""Games of a warning listed by index (the number of games is always exact)."""
BATCH = 200
"""Most games stored in one transaction (short ones: live games commit between them)."""
BATCH_SECONDS = 0.5
"""Reading time after which the games read so far are stored (and progress recorded)."""
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")


def fold(text: str) -> str:
    """A name or title as searched: lower case, ё as е, runs of spaces as one."""
    return " ".join(text.lower().replace("ё", "е").split())


# --- import --------------------------------------------------------------------------------


@dataclass
class ImportReport:
    """What an import did: counts, the broken games, how far it read and how it ended."""

    id: int
    filename: str
    read: int = 0
    imported: int = 0
    duplicates: int = 0
    broken: list[dict[str, Any]] = field(default_factory=list)
    broken_count: int = 0
    warnings: list[dict[str, Any]] = field(default_factory=list)
    """The reader's warnings (docs/pdn.md R13), as ``shashki pdn check`` prints them: each
    once, with its kind, message, first place (game, line, column, text), the number of
    games that carry it (``games``), of occurrences (``count``) and the first games'
    indices."""
    bytes_total: int = 0
    lines_total: int = 0
    lines_read: int = 0
    capped: bool = False
    """The cap on games per file stopped the import with games left in the file."""
    cap: int = 0
    next_line: int | None = None
    """With ``capped``: the line where the first game not read starts."""
    status: str = "done"
    """The import job's status (``queued``, ``running``, ``done``, ``failed``,
    ``cancelled``)."""
    job_id: int | None = None
    message: str = ""

    @property
    def cancelled_at(self) -> int | None:
        """A cancelled import stopped after this many games (they are in the report)."""
        return self.read if self.status == CANCELLED else None

    def counts(self) -> dict[str, Any]:
        """The counts (a job's result): no broken games, they are in the full report."""
        return {"import_id": self.id, "games_read": self.read,
                "games_imported": self.imported, "duplicates": self.duplicates,
                "broken_count": self.broken_count, "bytes_total": self.bytes_total,
                "lines_total": self.lines_total, "lines_read": self.lines_read,
                "capped": self.capped, "cap": self.cap,
                "next_line": self.next_line, "cancelled_at": self.cancelled_at,
                "warnings": self.warnings}

    def to_json(self) -> dict[str, Any]:
        out = self.counts()
        del out["import_id"]
        return {"id": self.id, "filename": self.filename, **out, "broken": self.broken,
                "status": self.status, "job_id": self.job_id, "message": self.message}


def _warnings(reader: PdnReader) -> list[dict[str, Any]]:
    """The reader's warnings so far, each once with its games (the report's list)."""
    out = []
    for group in reader.file_warnings[:WARNINGS_LIMIT]:
        d = group.to_dict()
        d["indices"] = d["indices"][:INDICES_LIMIT]
        out.append(d)
    return out


def stored_report(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The broken games and the warnings of an import's stored report (a JSON object;
    imports stored before the warnings were kept have the list of broken games only).

    >>> stored_report('[{"index": 2}]'), stored_report('{"broken": [], "warnings": [{}]}')
    (([{'index': 2}], []), ([], [{}]))
    """
    data = json.loads(text or "[]")
    if isinstance(data, list):
        return data, []
    return list(data.get("broken", [])), list(data.get("warnings", []))


def _broken(game: PdnGame) -> dict[str, Any]:
    errors = [e.to_dict() for e in game.errors[:5]]
    first = game.errors[0]
    return {"index": first.index if first.index is not None else game.index,
            "line": first.line, "column": first.column, "text": first.text,
            "message": first.message, "type": type(first).__name__,
            "white": str(game.headers.get("White", "")),
            "black": str(game.headers.get("Black", "")),
            "event": str(game.headers.get("Event", "")),
            "errors": errors}


def first_moves(board: Board, moves: Sequence[Move], plies: int = FIRST_PLIES) -> str:
    """The first ``plies`` moves from ``board`` in the variant's notation, space-separated."""
    b = board.copy(stack=False)
    out = []
    for mv in moves[:plies]:
        out.append(b.move_text(mv))
        b.push(mv)
    return " ".join(out)


def game_row(game: PdnGame, import_id: int | None, now: float) -> ArchiveGame:
    """The archive row of a good game read from PDN."""
    text = write_game(game)
    movetext = text.partition("\n\n")[2] if text.startswith("[") else text
    h = game.headers
    moves = game.mainline_moves()
    start = game.board()

    def tag(name: str, limit: int = 200) -> str:
        return str(h.get(name, "")).strip()[:limit]

    return ArchiveGame(
        import_id=import_id, index_in_file=game.index or 0, variant=game.variant.name,
        white=tag("White"), black=tag("Black"), white_key=fold(tag("White")),
        black_key=fold(tag("Black")), event=tag("Event"), event_key=fold(tag("Event")),
        site=tag("Site"), date=tag("Date", 10), round=tag("Round", 40),
        result=game.result[:8], opening=tag("Opening"), opening_key=fold(tag("Opening")),
        first_moves=first_moves(start, moves)[:400], initial_fen=game.starting_fen(),
        final_fen=game.end_fen(), ply_count=len(moves),
        headers=json.dumps(dict(h.items()), ensure_ascii=False),
        movetext=movetext.strip() + "\n",
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(), created_at=now)


def check_variant(variant: str | None) -> None:
    if variant is not None and variant not in VARIANTS:
        raise InvalidInput("variant", code="variant")


def count_lines(data: IO[bytes]) -> int:
    """The lines of a file (read through, then back at its start).

    >>> import io
    >>> [count_lines(io.BytesIO(b)) for b in (b"a\\nb\\n", b"a\\nb", b"")]
    [2, 2, 0]
    """
    n, last = 0, b"\n"
    while piece := data.read(1 << 20):
        n += piece.count(b"\n")
        last = piece[-1:]
    data.seek(0)
    return n + (last != b"\n")


def new_import(db: DBSession, user_id: int | None, filename: str, size: int,
               job_id: int | None = None, lines: int = 0) -> ArchiveImport:
    """The row of an import about to be read (its counts grow as the job reads)."""
    imp = ArchiveImport(user_id=user_id, filename=filename[:200], created_at=time.time(),
                        bytes_total=size, lines_total=lines, job_id=job_id)
    db.add(imp)
    db.flush()
    return imp


Progress = Callable[[DBSession, ImportReport], None]
"""Called in each transaction that stores games, with the report so far."""


def import_games(database: Database, source: IO[bytes], import_id: int, *,
                 variant: str | None = None, max_games: int = 50_000,
                 cancelled: Callable[[], bool] = lambda: False,
                 progress: Progress | None = None) -> ImportReport:
    """Read the games of ``source`` into the archive, for the import ``import_id``.

    Stops after ``max_games`` games (``capped`` when more follow, with the line where the
    next one starts), or when ``cancelled()`` says so (between two games; what was read
    until then is stored and counted). Each transaction stores a batch of games with the
    import's counts (and whatever ``progress`` records in it).
    """
    check_variant(variant)
    with database.session() as db:
        imp = db.get(ArchiveImport, import_id)
        if imp is None:
            raise NotFound("import")
        report = ImportReport(imp.id, imp.filename, bytes_total=imp.bytes_total,
                              lines_total=imp.lines_total, cap=max_games, job_id=imp.job_id)
    now = time.time()
    seen: set[str] = set()
    batch: list[tuple[ArchiveGame, list[Position]]] = []
    reader = PdnReader(source, variant)
    broken_changed = complete = False

    def commit() -> None:
        nonlocal broken_changed
        with database.session() as db:
            known = set(db.scalars(select(ArchiveGame.digest).where(
                ArchiveGame.digest.in_([r.digest for r, _ in batch])))) if batch else set()
            new = []
            for row, ps in batch:
                if row.digest in known:
                    report.duplicates += 1
                else:
                    db.add(row)
                    new.append((row, ps))
                    report.imported += 1
            if new:  # the ids, then every position of the new games (the explorer's index)
                db.flush()
                store_positions(db, new)
            if complete:
                report.lines_read = report.lines_total
            stored = db.get(ArchiveImport, report.id)
            assert stored is not None
            stored.games_read = report.read
            stored.games_imported = report.imported
            stored.duplicates = report.duplicates
            stored.broken = report.broken_count
            stored.lines_read = report.lines_read
            stored.capped = report.capped
            stored.next_line = report.next_line
            warnings = _warnings(reader)
            if broken_changed or warnings != report.warnings:
                report.warnings = warnings
                stored.report = json.dumps({"broken": report.broken, "warnings": warnings},
                                           ensure_ascii=False)
                broken_changed = False
            if progress is not None:
                progress(db, report)
        batch.clear()

    started = time.monotonic() - BATCH_SECONDS  # the first game is stored (and shown) at once
    games = iter(reader)
    try:
        for game in games:
            if report.read >= max_games:
                report.capped, report.next_line = True, game.line
                break
            report.read += 1
            report.lines_read = max(report.lines_read, (game.line or 1) - 1)
            if game.errors:
                report.broken_count += 1
                if len(report.broken) < REPORT_LIMIT:
                    report.broken.append(_broken(game))
                    broken_changed = True
            else:
                try:
                    row = game_row(game, report.id, now)
                    ps = positions(game.board(), game.mainline_moves())
                except ShashkiError as e:  # the reader let it through; storing it cannot
                    report.broken_count += 1
                    if len(report.broken) < REPORT_LIMIT:
                        report.broken.append({
                            "index": game.index, "line": game.line, "column": 1, "text": "",
                            "message": str(e), "type": type(e).__name__})
                        broken_changed = True
                    continue
                if row.digest in seen:
                    report.duplicates += 1
                else:
                    seen.add(row.digest)
                    batch.append((row, ps))
            if len(batch) >= BATCH or time.monotonic() - started >= BATCH_SECONDS:
                commit()
                started = time.monotonic()
            if cancelled():
                break
        else:
            complete = True  # the whole file was read
        commit()
    finally:
        reader.close()
    return report


def load_import(db: DBSession, import_id: int) -> ImportReport:
    """An import's report, with the status of its job."""
    imp = db.get(ArchiveImport, import_id)
    if imp is None:
        raise NotFound("import")
    job = db.get(Job, imp.job_id) if imp.job_id is not None else None
    broken, warnings = stored_report(imp.report)
    return ImportReport(imp.id, imp.filename, imp.games_read, imp.games_imported,
                        imp.duplicates, broken, imp.broken, warnings,
                        bytes_total=imp.bytes_total, lines_total=imp.lines_total,
                        lines_read=imp.lines_read,
                        capped=imp.capped, next_line=imp.next_line,
                        cap=json.loads(job.params).get("max_games", 0) if job else 0,
                        status=job.status if job else "done", job_id=imp.job_id,
                        message=job.message if job else "")


# --- search --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Query:
    """A search of the archive; empty fields do not restrict it."""

    player: str = ""
    white: str = ""
    black: str = ""
    event: str = ""
    variant: str = ""
    opening: str = ""
    """The ``Opening`` tag contains this (case-insensitive)."""
    moves: str = ""
    """The game starts with these moves (any notation the board reads)."""
    ballot: str = ""
    """A ballot entry: ``table:code`` (``fmjd-russian:1-I``) or a code of the variant's
    table."""
    result: str = ""
    date_from: str = ""
    date_to: str = ""

    def params(self) -> dict[str, str]:
        return {k: v for k, v in self.__dict__.items() if v}


@dataclass(frozen=True)
class Opening:
    """What an opening criterion asks for: a start position and/or first moves."""

    fen: str | None
    moves: str


def _variant(name: str) -> str:
    try:
        return variant_by_name(name).name
    except KeyError:
        raise InvalidInput("variant", code="variant") from None


def parse_moves(variant: str, text: str, fen: str | None = None) -> str:
    """The moves of ``text`` in the variant's notation (``cd4`` is not read: full moves
    like ``c3-d4 f6:d4`` or ``22-18``)."""
    board = Board(variant, fen)
    out = []
    for tok in text.replace(",", " ").split():
        if tok.rstrip(".").isdigit() or tok.endswith("..."):
            continue
        try:
            mv = board.parse_move(tok)
        except ShashkiError as e:
            raise InvalidInput("moves", str(e), code="archive_moves", move=tok[:20]) from None
        out.append(board.move_text(mv))
        board.push(mv)
    return " ".join(out)


def ballot_opening(spec: str, variant: str) -> Opening:
    """The start of a ballot entry: its moves from the initial position, or (a relocation)
    its position."""
    table, sep, code = spec.strip().partition(":")
    if not sep:
        table, code = ("fmjd-brazilian" if variant == "brazilian" else "fmjd-russian"), table
    try:
        e = ballots.entry(table.strip(), code.strip())
        board = ballots.replay(e)
    except ballots.BallotError as err:
        raise InvalidInput("ballot", str(err), code="archive_ballot") from None
    if e.relocation:
        return Opening(board.fen(), "")
    return Opening(None, first_moves(Board(board.variant), board.move_stack))


def _where(q: Query) -> Select[ArchiveGame]:
    stmt = select(ArchiveGame)
    A = ArchiveGame
    if q.player.strip():
        p = fold(q.player)
        stmt = stmt.where(or_(A.white_key.contains(p, autoescape=True),
                              A.black_key.contains(p, autoescape=True)))
    if q.white.strip():
        stmt = stmt.where(A.white_key.contains(fold(q.white), autoescape=True))
    if q.black.strip():
        stmt = stmt.where(A.black_key.contains(fold(q.black), autoescape=True))
    if q.event.strip():
        stmt = stmt.where(A.event_key.contains(fold(q.event), autoescape=True))
    variant = _variant(q.variant) if q.variant.strip() else ""
    if variant:
        stmt = stmt.where(A.variant == variant)
    if q.opening.strip():
        stmt = stmt.where(A.opening_key.contains(fold(q.opening), autoescape=True))
    if q.moves.strip():
        moves = parse_moves(variant or "russian", q.moves)
        if moves:
            stmt = stmt.where(or_(A.first_moves == moves,
                                  A.first_moves.startswith(moves + " ", autoescape=True)))
    if q.ballot.strip():
        o = ballot_opening(q.ballot, variant or "russian")
        if o.fen is not None:
            stmt = stmt.where(A.initial_fen == o.fen)
        else:
            stmt = stmt.where(A.initial_fen.is_(None), or_(
                A.first_moves == o.moves,
                A.first_moves.startswith(o.moves + " ", autoescape=True)))
    if q.result.strip():
        if q.result not in RESULTS:
            raise InvalidInput("result", code="archive_result")
        stmt = stmt.where(A.result == q.result)
    for name, value, op in (("date_from", q.date_from, "ge"), ("date_to", q.date_to, "le")):
        value = value.strip().replace("-", ".")
        if not value:
            continue
        if len(value) > 10 or not all(c.isdigit() or c == "." for c in value):
            raise InvalidInput(name, code="archive_date")
        stmt = stmt.where(A.date >= value if op == "ge" else A.date <= value + "\uffff")
    return stmt


def search(db: DBSession, q: Query, limit: int = 50, offset: int = 0
           ) -> tuple[list[ArchiveGame], int]:
    """The games matching ``q`` (newest date first) and how many match in all."""
    stmt = _where(q)
    total = db.scalar(select(func.count()).select_from(stmt.subquery())) or 0
    rows = list(db.scalars(stmt.order_by(ArchiveGame.date.desc(), ArchiveGame.id)
                           .limit(max(0, min(limit, MAX_EXPORT))).offset(max(0, offset))))
    return rows, int(total)


def get_game(db: DBSession, game_id: int) -> ArchiveGame:
    row = db.get(ArchiveGame, game_id)
    if row is None:
        raise NotFound("archive game")
    return row


# --- export --------------------------------------------------------------------------------


def game_pdn(row: ArchiveGame) -> str:
    """The stored game as PDN: its tags as read, then its movetext."""
    headers: dict[str, str] = json.loads(row.headers)
    tags = "\n".join(f'[{k} "{escape(str(v))}"]' for k, v in headers.items())
    return (tags + "\n\n" if tags else "") + row.movetext.rstrip("\n") + "\n"


def export(db: DBSession, q: Query) -> Iterator[str]:
    """Every game matching ``q`` (at most :data:`MAX_EXPORT`) as PDN, a game at a time."""
    rows, _ = search(db, q, limit=MAX_EXPORT)
    for row in rows:
        yield game_pdn(row) + "\n"


def game_json(row: ArchiveGame, full: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": row.id, "variant": row.variant, "white": row.white, "black": row.black,
        "event": row.event, "site": row.site, "date": row.date, "round": row.round,
        "result": row.result, "opening": row.opening, "first_moves": row.first_moves,
        "plies": row.ply_count, "final_fen": row.final_fen, "import_id": row.import_id}
    if full:
        out["headers"] = json.loads(row.headers)
        out["initial_fen"] = row.initial_fen
        out["movetext"] = row.movetext
    return out


# --- replay for the viewer -----------------------------------------------------------------


@dataclass
class Replayed:
    """A stored game played through: the start and the move after each ply."""

    variant: str
    initial_fen: str
    moves: list[Move]
    texts: list[str]
    fens: list[str]
    """FEN before ply 1 (index 0), after each ply."""


def replay_moves(variant: str, initial_fen: str | None, texts: Sequence[str]) -> Replayed:
    board = Board(variant, initial_fen)
    start = board.fen()
    moves: list[Move] = []
    out_texts: list[str] = []
    fens = [start]
    for t in texts:
        mv = board.parse_move(t)
        out_texts.append(board.move_text(mv))
        board.push(mv)
        moves.append(mv)
        fens.append(board.fen())
    return Replayed(variant, start, moves, out_texts, fens)


def replay_row(row: ArchiveGame) -> Replayed:
    game = read_game(game_pdn(row))
    if game is None or game.errors:  # pragma: no cover - stored games were valid
        raise NotFound("archive game")
    board = game.board()
    texts = []
    for mv in game.mainline_moves():
        texts.append(board.move_text(mv))
        board.push(mv)
    return replay_moves(row.variant, game.starting_fen(), texts)
