from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from shashki.correspondence import SimulatedClock
from shashki.server.accounts.models import Role, User
from shashki.server.app import create_app
from shashki.server.core.settings import Settings
from shashki.server.correspondence.service import CorrConfig

from .helpers import Visitor
from .services import KEY, Inbox, database_url, free_port, stop_cluster


def pytest_sessionfinish(session: pytest.Session) -> None:
    stop_cluster()


def fast_settings(tmp_path: Path, **kw: object) -> Settings:
    """Settings for tests: a fresh database (SQLite, or PostgreSQL when
    ``SHASHKI_TEST_DATABASE`` says so), cheap password hashing, and jobs run at once in
    the app's process (huey's immediate mode; the tests of real workers say otherwise)."""
    base: dict[str, object] = {"database_url": database_url(tmp_path),
                               "argon2_time_cost": 1, "argon2_memory_cost": 8192,
                               "language": "en", "workers": 0, "jobs_inline": True}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return fast_settings(tmp_path)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), base_url="http://testserver") as c:
        yield c


@pytest.fixture
def org(client: TestClient) -> Visitor:
    """olga, an organiser (events)."""
    v = Visitor(client)
    v.signup("olga")
    with client.app.state.services.db.session() as db:  # type: ignore[attr-defined]
        db.query(User).filter_by(username="olga").one().role = Role.ORGANISER.value
    return v


@pytest.fixture
def alice(client: TestClient) -> Visitor:
    v = Visitor(client)
    v.signup("alice", email="alice@example.org")
    return v


@pytest.fixture
def bob(client: TestClient) -> Visitor:
    v = Visitor(client)
    v.signup("bob", email="bob@example.org")
    return v


@pytest.fixture
def carol(client: TestClient) -> Visitor:
    v = Visitor(client)
    v.signup("carol")
    return v


@pytest.fixture
def guest(client: TestClient) -> Visitor:
    return Visitor(client)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium under Playwright, for one test module: Playwright's synchronous
    API keeps an event loop running in this thread while it is open, which would break
    later tests that start their own (``asyncio.run``)."""
    from .browser import CHROMIUM, NO_CHROMIUM

    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    box, port = Inbox(), free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    try:
        yield box, port
    finally:
        ctl.stop()


@pytest.fixture
def corr(client: TestClient, inbox: tuple[Inbox, int]) -> tuple[SimulatedClock, Inbox]:
    clock = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
    cfg = CorrConfig(smtp_host="127.0.0.1", smtp_port=inbox[1], sender="corr@shashki.test",
                     inbound_key=KEY, remind_after=5, escalate_after=8)
    cfg.simulate(clock)
    client.app.state.correspondence = cfg  # type: ignore[attr-defined]
    return clock, inbox[0]
