"""Shared fixtures."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

import pytest

from shashki.cli import main

Cli = Callable[..., tuple[int, str, str]]

# The tests never see the user's own data (databases, endgame tables): platformdirs reads
# XDG_DATA_HOME, here an empty directory of the test run's own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="shashki-tests-data-")


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
