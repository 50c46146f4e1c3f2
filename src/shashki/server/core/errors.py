"""Typed errors of the web platform. Each has an HTTP status, a stable ``code`` (its text
in every language comes from the ``shashki`` catalogue, :mod:`shashki.server.core.i18n`),
and the article of the Code it applies where there is one."""

from __future__ import annotations

from typing import Any

from shashki.errors import ShashkiError


class ServerError(ShashkiError):
    status = 400
    code = "bad_request"

    def __init__(self, detail: str = "", *, code: str | None = None,
                 article: str | None = None, **params: Any) -> None:
        super().__init__(detail or (code or self.code))
        if code is not None:
            self.code = code
        self.detail = detail
        self.article = article
        self.params = params


class NotAuthenticated(ServerError):
    status = 401
    code = "login_required"


class Forbidden(ServerError):
    status = 403
    code = "forbidden"


class CsrfError(Forbidden):
    code = "csrf"


class NotFound(ServerError):
    status = 404
    code = "not_found"


class Conflict(ServerError):
    status = 409
    code = "conflict"


class InvalidInput(ServerError):
    """A form or JSON field that cannot be accepted; ``field`` names it."""

    status = 422
    code = "invalid"

    def __init__(self, field: str, detail: str = "", *, code: str | None = None,
                 **params: Any) -> None:
        super().__init__(detail, code=code, **params)
        self.field = field


class RateLimited(ServerError):
    status = 429
    code = "rate_limited"

    def __init__(self, retry_after: float, detail: str = "") -> None:
        super().__init__(detail, seconds=max(1, round(retry_after + 0.49)))
        self.retry_after = retry_after


class GameRuleError(ServerError):
    """An action that the Code does not allow now (illegal move, offer out of turn...)."""

    status = 409
    code = "rule"
