"""The archive's kind of job: ``archive.import``, a PDN file read into the archive.

Its input is the uploaded file (``job_files``); its params are the import's row, the
default variant and the cap on games per file; its progress is lines read of the file's
lines (the line where the game being read starts); its result the import's counts and
the reader's warnings, each once with the number of games that carry it (the broken games
are in the import's report).
"""

from __future__ import annotations

from sqlalchemy.orm import Session as DBSession

from shashki.server.archive.service import ImportReport, import_games
from shashki.server.jobs.runner import Context, Outcome, register

KIND = "archive.import"


@register(KIND)
def run_import(ctx: Context) -> Outcome:
    """Read the job's file into the archive (Code-checked by :mod:`shashki.pdn`)."""
    p = ctx.params

    def progress(session: DBSession, report: ImportReport) -> None:
        ctx.progress(session, report.lines_read, message=f"{report.read} games read",
                     result=report.counts())

    with ctx.open_input() as source:
        report = import_games(ctx.db, source, int(p["import_id"]), variant=p.get("variant"),
                              max_games=int(p["max_games"]), cancelled=ctx.cancelled,
                              progress=progress)
    stopped = ctx.cancelled() and report.lines_read < report.lines_total
    if stopped:
        message = f"cancelled at game {report.read}"
    elif report.capped:
        message = (f"{report.read} games read: the cap on games per file; the rest (from "
                   f"line {report.next_line}) was not read")
    else:
        message = f"{report.read} games read"
    out = report.counts()
    out["cancelled_at"] = report.read if stopped else None
    return Outcome(out, message, cancelled=stopped)
