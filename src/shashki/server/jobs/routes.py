"""The pages' side of jobs: the Cancel button (a form, so it works without scripts)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from shashki.server.accounts.visitor import Who, check_csrf
from shashki.server.core.errors import Conflict
from shashki.server.core.web import redirect, run_db, safe_next
from shashki.server.jobs.api import jobs_of

router = APIRouter(include_in_schema=False)


@router.post("/jobs/{job_id}/cancel")
async def cancel_job(job_id: int, request: Request, who: Who) -> Response:
    """Cancel, then back to the job's page (which shows how it ended, also when it
    ended by itself a moment before the click)."""
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    jobs = jobs_of(request)
    try:
        job = await run_db(jobs.cancel, job_id, user)
    except Conflict:
        job = await run_db(jobs.get, job_id)
    return redirect(safe_next(str(job["link"])))
