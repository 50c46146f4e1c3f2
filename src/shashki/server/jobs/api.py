"""The JSON API of jobs: follow one (``GET /api/jobs/{id}``: status, progress, result),
cancel one (its owner, an administrator), list your own."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.api import ERRORS, Id
from shashki.server.core.web import run_db
from shashki.server.jobs.service import Jobs

router = APIRouter(prefix="/api", responses=ERRORS, tags=["jobs"])


class JobOut(BaseModel):
    id: int
    kind: str = Field(description="archive.import or engine.analysis")
    status: str = Field(description="queued, running, done, failed or cancelled")
    done: int = Field(description="progress: done of total, counted in unit")
    total: int
    unit: str = Field(description="lines (of a file read) or positions (of a game)")
    message: str
    result: dict[str, Any] = Field(description=(
        "so far, and at the end: for an import its counts (games_read, games_imported, "
        "duplicates, broken_count, capped, cancelled_at) and import_id"))
    link: str = Field(description="the page that shows the job")
    owner_id: int | None
    cancel_requested: bool
    created_at: float
    started_at: float | None
    ended_at: float | None


def jobs_of(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


@router.get("/jobs", response_model=list[JobOut])
async def my_jobs(request: Request, who: ApiWho) -> list[dict[str, Any]]:
    """Your jobs, newest first (at most 50)."""
    user = who.require_user()
    return await run_db(jobs_of(request).mine, user)


@router.get("/jobs/{job_id}", response_model=JobOut)
async def job(job_id: Id, request: Request) -> dict[str, Any]:
    """A job's status, progress and result; poll it (once a second is plenty)."""
    return await run_db(jobs_of(request).get, job_id)


@router.post("/jobs/{job_id}/cancel", response_model=JobOut)
async def cancel_job(job_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    """Cancel a job (its owner or an administrator): a queued one does not start; a
    running one stops within about a second, keeping what it has stored (409 when it
    has already ended)."""
    check_api_csrf(request, who)
    user = who.require_user()
    return await run_db(jobs_of(request).cancel, job_id, user)
