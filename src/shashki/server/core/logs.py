"""The server's logs: text lines (the default) or one JSON object a line
(``shashki serve --log-format json``, ``shashki worker --log-format json``).

A JSON line has ``time`` (ISO 8601, UTC, milliseconds), ``level``, ``logger`` and
``message``; an access log line (uvicorn's) adds the request's ``client``, ``method``,
``path``, ``http_version`` and ``status``; an error adds ``exception`` (the traceback as one
string).

>>> import logging
>>> record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
...     '%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5000", "GET", "/healthz", "1.1", 200), None)
>>> record.created = 0.0
>>> print(JsonFormatter().format(record))  # doctest: +NORMALIZE_WHITESPACE
{"time": "1970-01-01T00:00:00.000Z", "level": "INFO", "logger": "uvicorn.access",
 "message": "127.0.0.1:5000 - \\"GET /healthz HTTP/1.1\\" 200", "client": "127.0.0.1:5000",
 "method": "GET", "path": "/healthz", "http_version": "1.1", "status": 200}
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

ENV_FORMAT = "SHASHKI_LOG_FORMAT"
"""The log format a worker started by ``shashki serve`` inherits (``text`` or ``json``)."""

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
"""The text format of the server's own logs (uvicorn keeps its own)."""

ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")
"""The fields of uvicorn's access log record (its ``args``), in order."""


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = datetime.fromtimestamp(record.created, UTC)
        out: dict[str, Any] = {
            "time": stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}Z",
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        args = record.args
        if (record.name == "uvicorn.access" and isinstance(args, tuple)
                and len(args) == len(ACCESS_FIELDS)):
            out.update(zip(ACCESS_FIELDS, args, strict=True))
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup(fmt: str, level: str) -> dict[str, Any] | None:
    """Configure the process's logging in ``fmt`` (``text`` or ``json``) at ``level``;
    return the configuration for ``uvicorn.run(log_config=...)`` (None: uvicorn's own, the
    text lines it always wrote)."""
    if fmt not in ("text", "json"):
        raise ValueError(f"log format must be text or json, not {fmt!r}")
    level = level.upper()
    if fmt == "text":
        logging.basicConfig(level=level, format=TEXT)
        return None
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.captureWarnings(True)  # Python's warnings of this process as JSON lines too
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"json": {"class": "logging.StreamHandler", "formatter": "json",
                              "stream": "ext://sys.stderr"}},
        "loggers": {
            "uvicorn": {"handlers": ["json"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level},
            "uvicorn.access": {"handlers": ["json"], "level": level, "propagate": False},
        },
    }
