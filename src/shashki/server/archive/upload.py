"""An uploaded PDN file, received as it streams: refused at the size limit before the rest
of the body is read.

Starlette's ``request.form()`` reads the whole body before anyone can look at it (a 300 MB
upload was refused after ~275 MB had been written to disk). Here a declared
``Content-Length`` over the limit is refused before a byte of the body is read, and a body
without one (chunked) is counted as it arrives and refused as soon as it passes the
limit; the file part goes to a temporary file (Starlette's multipart parser: memory up to
1 MB, then disk), never into memory whole.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import IO

from fastapi import Request
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser

from shashki.server.core.errors import InvalidInput

SLACK = 64 * 1024
"""Bytes of a form beside its file (boundaries, part headers, the small fields)."""
MAX_TEXT = 2 * 1024 * 1024
"""Longest pasted PDN text (the page's text area), in bytes."""


class TooLarge(InvalidInput):
    """The upload passes the size limit (413; refused while it streams)."""

    status = 413


def too_large(limit: int) -> TooLarge:
    return TooLarge("file", f"larger than {limit / (1 << 20):g} MB", code="archive_too_large")


@dataclass
class Upload:
    """A received form: its small fields, and the PDN (a file, or pasted text) in a
    temporary file."""

    form: FormData
    data: IO[bytes] | None = None
    filename: str = ""
    size: int = 0
    fields: dict[str, str] = field(default_factory=dict)

    def close(self) -> None:
        if self.data is not None:
            self.data.close()


async def _counted(request: Request, limit: int) -> AsyncGenerator[bytes, None]:
    seen = 0
    async for chunk in request.stream():
        seen += len(chunk)
        if seen > limit:
            raise too_large(limit - SLACK)
        yield chunk


def declared_too_large(request: Request, limit: int) -> bool:
    """Whether the request says (``Content-Length``) that its body passes the limit."""
    try:
        return int(request.headers.get("content-length", "0")) > limit + SLACK
    except ValueError:
        return False


async def receive_pdn(request: Request, limit: int) -> Upload:
    """The form of a PDN import (``file``, or ``text`` pasted; other fields small),
    refused with :class:`TooLarge` (413) as soon as it is known to pass ``limit``."""
    if declared_too_large(request, limit):
        raise too_large(limit)
    kind = request.headers.get("content-type", "")
    try:
        if kind.startswith("multipart/form-data"):
            form = await MultiPartParser(request.headers, _counted(request, limit + SLACK),
                                         max_files=1, max_fields=8,
                                         max_part_size=MAX_TEXT).parse()
        elif kind.startswith("application/x-www-form-urlencoded"):  # pasted text only
            form = await FormParser(request.headers,
                                    _counted(request, min(limit, MAX_TEXT) + SLACK)).parse()
        else:
            raise InvalidInput("file", "send the file as multipart/form-data",
                               code="bad_form")
    except MultiPartException as e:
        raise InvalidInput("file", str(e), code="bad_form") from None
    out = Upload(form, fields={k: v for k, v in form.multi_items() if isinstance(v, str)})
    upload = form.get("file")
    text = form.get("text")
    if isinstance(upload, UploadFile) and upload.filename:
        out.data, out.filename = upload.file, upload.filename
        out.size = upload.size if upload.size is not None else 0
    elif isinstance(text, str) and text.strip():
        raw = text.encode("utf-8")
        out.data = tempfile.SpooledTemporaryFile(max_size=1 << 20)  # noqa: SIM115 - Upload.close
        out.data.write(raw)
        out.data.seek(0)
        out.filename, out.size = "pasted", len(raw)
    if out.size > limit:
        out.close()
        raise too_large(limit)
    return out
