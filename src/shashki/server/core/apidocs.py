"""``/api/docs``: Swagger UI served from the ``swagger-ui-bundle`` package, not a CDN.

FastAPI's own docs page loads Swagger UI from a CDN and starts it with an inline script;
the site's Content-Security-Policy (``script-src 'self'``, ``style-src 'self'``) blocks
both, which left a blank page. Here the page, its scripts and its stylesheet all come from
this server, and Swagger UI is started by a script file of ours (``apidocs.js`` in
core/static), so the docs work offline with the policy intact.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response
from swagger_ui_bundle import swagger_ui_path

from shashki.server.core.errors import NotFound

router = APIRouter(include_in_schema=False)

ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js",
          "favicon-32x32.png")
"""The files of the bundle the page uses (nothing else of the package is served)."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>shashki – API</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
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
    path = swagger_ui_path / name
    media = {"js": "text/javascript", "css": "text/css", "png": "image/png"}[
        name.rsplit(".", 1)[1]]
    return FileResponse(str(path), media_type=media,
                        headers={"Cache-Control": "public, max-age=86400"})
