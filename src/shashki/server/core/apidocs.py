"""``/api/docs``: Swagger UI served from the ``fastapi-offline`` package, not a CDN.

FastAPI's own docs page loads Swagger UI from a CDN and starts it with an inline script;
the site's Content-Security-Policy (``script-src 'self'``, ``style-src 'self'``) blocks
both, which left a blank page. Here the page, its scripts and its stylesheet all come from
this server, and Swagger UI is started by a script file of ours (``apidocs.js`` in
core/static), so the docs work offline with the policy intact.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from shashki.server.core.errors import NotFound

router = APIRouter(include_in_schema=False)

ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "favicon.png")
"""The files of the package the page uses (nothing else of it is served). Its Swagger UI
is of the 5.x line, which reads OpenAPI 3.1 (FastAPI's); ``swagger-ui-bundle`` on PyPI
carries 4.15, which refuses it."""
SWAGGER = Path(fastapi_offline.__file__).parent / "static"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>shashki – API</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui" data-openapi="/api/openapi.json"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/static/apidocs.js"></script>
</body>
</html>
"""


@router.get("/api/docs")
async def docs() -> Response:
    return HTMLResponse(PAGE)


@router.get("/api/docs/assets/{name}")
async def asset(name: str) -> Response:
    if name not in ASSETS:
        raise NotFound()
    path = SWAGGER / name
    media = {"js": "text/javascript", "css": "text/css", "png": "image/png"}[
        name.rsplit(".", 1)[1]]
    return FileResponse(str(path), media_type=media,
                        headers={"Cache-Control": "public, max-age=86400"})
