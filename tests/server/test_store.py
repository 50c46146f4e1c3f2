"""The database operations under concurrency: what two instances may race on."""

from __future__ import annotations

from pathlib import Path

import pytest

from shashki.server.accounts import auth
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict
from shashki.server.core.settings import Settings
from shashki.server.play import models as m
from shashki.server.play import store

from .services import database_url


def test_a_challenge_accepted_twice_at_once_starts_one_game(tmp_path: Path) -> None:
    url = database_url(tmp_path)
    db = Database(url, create=True)
    db.upgrade()
    cheap = auth.Passwords(Settings(database_url=url, argon2_time_cost=1,
                                    argon2_memory_cost=8192))
    with db.session() as s:
        alice = auth.create_user(s, cheap, "alice", "long enough")
        auth.create_user(s, cheap, "bobby", "long enough")
        challenge_id = store.create_challenge(s, alice, "russian", "5m+3s").id
    # Two requests (two instances) both read the challenge while it is still open ...
    first, second = db.sessions(), db.sessions()
    ch1, ch2 = first.get(m.Challenge, challenge_id), second.get(m.Challenge, challenge_id)
    bob1 = auth.find_user(first, "bobby")
    bob2 = auth.find_user(second, "bobby")
    assert ch1 is not None and ch2 is not None and bob1 is not None and bob2 is not None
    assert ch1.status == ch2.status == "open"
    # ... the first accepts and commits; the second, acting on what it read, is refused.
    store.accept_challenge(first, ch1, bob1)
    first.commit()
    with pytest.raises(Conflict):
        store.accept_challenge(second, ch2, bob2)
    second.rollback()
    first.close()
    second.close()
    with db.session() as s:
        games = s.query(m.Game).all()
        assert len(games) == 1
        assert s.get(m.Challenge, challenge_id).game_id == games[0].id  # type: ignore[union-attr]
    db.dispose()
