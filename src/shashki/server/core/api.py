"""What every part of the JSON API shares: the one error shape, the answers every
route declares, ids in paths, and the operations' grouping in the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field


class ErrorOut(BaseModel):
    """Every refusal of the API: a stable code, a message in the visitor's language, the
    library's detail, the refused input's name (422) and the Code's article if one applies."""

    error: str
    message: str
    detail: str | None = None
    field: str | None = Field(None, description="the refused input (422)")
    article: str | None = Field(None, description="the article of the Code applied")


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text} for status, text in (
        (401, "not logged in, or a bad API token"), (403, "not allowed (or no CSRF token)"),
        (404, "not found"), (409, "not possible now (game rules, stale ply)"),
        (422, "an input that cannot be accepted; `field` names it"),
        (429, "too many requests; see Retry-After"))}
"""The error answers every API route declares (one JSON shape)."""


PDN: dict[int | str, dict[str, Any]] = {200: {
    "description": "PDN text", "content": {"application/x-pdn": {"schema": {"type": "string"}}}}}
"""The answer of a route that sends PDN."""


Id = Annotated[int, Path(ge=1, le=2**31 - 1, description="a database id")]
"""A row id in a path: positive and within the databases' 32-bit integers."""


def tag_routes(api: APIRouter) -> None:
    """Group the API's operations in the OpenAPI document by what they are about."""
    from fastapi.routing import APIRoute

    for route in api.routes:
        if not isinstance(route, APIRoute) or route.tags:
            continue
        path = route.path.removeprefix("/api")
        if path.endswith("stream"):
            tag = "streams"
        elif "analysis" in path or path.startswith("/engine"):
            tag = "engine"
        elif path.startswith("/archive"):
            tag = "archive"
        elif path.startswith("/challenges"):
            tag = "challenges"
        elif path.startswith("/tokens"):
            tag = "tokens"
        elif path.startswith(("/me", "/users/{name}")) and not path.endswith("/games"):
            tag = "users"
        else:
            tag = "games"
        route.tags = [tag]
