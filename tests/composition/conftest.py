"""Endgame tables for the composition tests: Russian up to 4 pieces, built once per run
into a temporary directory (about 15 s the first time the kernels compile, then seconds),
as tests/engine/test_egdb.py does."""

from __future__ import annotations

import pytest

from shashki.engine.egdb import Database


@pytest.fixture(scope="session")
def ru4(tmp_path_factory: pytest.TempPathFactory) -> Database:
    return Database.build("russian", 4, tmp_path_factory.mktemp("composition-egdb"))
