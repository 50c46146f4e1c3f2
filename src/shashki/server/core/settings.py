"""Settings of the web platform: where the data lives, how it is served, and its limits.

>>> s = Settings(database_url="sqlite:///:memory:")
>>> s.language, s.max_lag_compensation
('ru', 0.5)
>>> default_database_url().startswith("sqlite:///")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "shashki"


def data_dir() -> Path:
    """The user's data directory for shashki (created when needed)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_database_url() -> str:
    """``sqlite:///<user data dir>/shashki.db``: the embedded default of ``shashki serve``."""
    return f"sqlite:///{data_dir() / 'shashki.db'}"


@dataclass(frozen=True)
class Settings:
    """Everything :func:`shashki.server.app.create_app` needs to know.

    Times are in seconds. The defaults are those of ``shashki serve``.

    >>> s = Settings(database_url="sqlite:///games.db", port=8080)
    >>> s.host, s.port, s.language
    ('127.0.0.1', 8080, 'ru')
    """

    database_url: str = ""
    """SQLAlchemy URL; empty: :func:`default_database_url`."""
    redis_url: str = ""
    """``redis://...``: share live games with the other instances using this Redis
    (:mod:`shashki.server.core.bus`); empty: this process is the only one."""
    host: str = "127.0.0.1"
    port: int = 8000
    language: str = "ru"
    """Language of the pages for a visitor who has not chosen one: ``ru`` or ``en``."""
    base_url: str = ""
    """The platform's public address (``https://shashki.example.org``): links in mail,
    and, when it is https, cookies sent only over HTTPS."""
    cookie_secure: bool | None = None
    """Send cookies only over HTTPS (and ask browsers to keep to HTTPS); None: when
    ``base_url`` is https."""
    behind_proxy: str = ""
    """Addresses of the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed (comma-separated, ``*`` for any); empty: none."""
    session_days: float = 30.0
    """A session expires this long after its last use."""
    login_attempts: int = 5
    """Failed logins on one account from one address before each further one makes that
    address wait (1 s, doubled with every failure, up to ``login_delay_cap``); from any
    address on one account, 20 times as many, with waits of at most 30 s (a distributed
    guess slows the account's logins a little, never locks its owner out)."""
    login_delay_cap: float = 900.0
    signups_per_hour: int = 100
    """Accounts made from one address in an hour (a club behind one address registers
    its members; an organiser can also register players himself)."""
    move_burst: int = 8
    """Game actions (moves, offers, claims) allowed per player in ``move_window``."""
    move_window: float = 2.0
    ws_burst: int = 60
    """Messages a WebSocket may send at once; beyond, ``ws_rate`` a second (then it is
    closed with code 4429)."""
    ws_rate: float = 20.0
    ws_cooldown_cap: float = 60.0
    """After its third socket closed for flooding, a sender (its session, or its address
    when it has none) waits before a new socket is accepted: 1 s, doubled with each further
    close, up to this; refused with HTTP 429 and ``Retry-After`` at the handshake."""
    max_lag_compensation: float = 0.5
    """At most this much of a move's network lag is given back to the mover."""
    abort_after: float = 60.0
    """A casual or rated game in which a player has not made his first move this long
    after the game (or the opponent's first move) began is aborted (docs/rules.md L1)."""
    ping_interval: float = 5.0
    """How often the server measures each live connection's round trip."""
    workers: int = 1
    """Job worker processes ``shashki serve`` starts beside itself (``--workers N``); 0:
    none (``--no-worker``: workers run elsewhere, ``shashki worker``)."""
    jobs_inline: bool = False
    """Run each job at once in the process that asks for it (huey's immediate mode): for
    tests of the web side only."""
    jobs_per_user: int = 2
    """Jobs (imports, analyses) one account may have queued or running at a time."""
    max_upload: int = 20 * 1024 * 1024
    """Largest PDN file accepted, in bytes; a larger upload is refused while it streams."""
    max_games_per_file: int = 50_000
    """Games read of one imported file; the rest of the file is reported as not read."""
    metrics_token: str = ""
    """``/metrics`` is served to whoever sends ``Authorization: Bearer <token>``; empty:
    only to loopback clients whose request no proxy forwarded (docs/operations.md)."""
    argon2_time_cost: int = 3
    argon2_memory_cost: int = 65536
    """KiB; argon2-cffi's RFC 9106 low-memory profile."""

    def __post_init__(self) -> None:
        if self.language not in ("ru", "en"):
            raise ValueError(f"language must be 'ru' or 'en', not {self.language!r}")

    @property
    def secure(self) -> bool:
        """Whether cookies are sent only over HTTPS."""
        if self.cookie_secure is not None:
            return self.cookie_secure
        return self.base_url.startswith("https://")

    @property
    def url(self) -> str:
        """The database URL in force."""
        return self.database_url or default_database_url()
