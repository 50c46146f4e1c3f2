"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shashki.cli import main

Cli = Callable[..., tuple[int, str, str]]


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
