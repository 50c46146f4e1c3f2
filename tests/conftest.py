"""Shared fixtures."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable, Generator

import pytest

from shashki.cli import main

Cli = Callable[..., tuple[int, str, str]]

# The tests never see the user's own data (databases, endgame tables): platformdirs reads
# XDG_DATA_HOME, here an empty directory of the test run's own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="shashki-tests-data-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], ignore_errors=True)
# The servers the tests start run their jobs at nice 0: beside three test processes and a
# browser, a nice-19 worker gets a few per cent of a core and a one-second job a minute
# (tests/server/test_jobs.py checks the default of 19).
os.environ["SHASHKI_WORKER_NICE"] = "0"


REQUIRE_SERVICES = os.environ.get("SHASHKI_REQUIRE_SERVICES") == "1"
"""Set by ``.ci/run``, which installs every service: then a test that skips because a
service (Redis, PostgreSQL, Chromium, a peer program) or the shared data is missing fails.
On a machine that has only Python those tests skip, with the reason in the summary."""


def _required(report: pytest.TestReport | pytest.CollectReport) -> None:
    if REQUIRE_SERVICES and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"SHASHKI_REQUIRE_SERVICES=1, but it was skipped: {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    _required(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector
                               ) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report = yield
    _required(report)
    return report


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run's installs of the journeys (tests/journeys/installs.py) are deleted by the
    process that ends last: pytest-xdist's controller, or the only process."""
    if not hasattr(session.config, "workerinput"):
        from tests.journeys.installs import clean_up

        clean_up()


def _builds_module_fixtures(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(d.scope == "module" for defs in
                                    info.name2fixturedefs.values() for d in defs)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules that build module-scoped fixtures (a browser and a live server, fresh
    virtual environments, endgame tables) run first. CI runs the tests ``--dist
    loadfile`` (every module on one worker, which builds its fixtures once instead of
    once per worker); these modules are the longest, and started first they do not
    trail at the end while the other workers idle. The order within a module is kept."""
    heavy = {item.nodeid.split("::")[0] for item in items if _builds_module_fixtures(item)}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in heavy)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """Run the ``shashki`` command in-process: ``(exit status, stdout, stderr)``."""

    def run(*args: str) -> tuple[int, str, str]:
        try:
            code = main(list(args))
        except SystemExit as e:
            code = int(e.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run
