"""The mail-reply reader against hostile input (docs/security.md): random bytes, random
text and mutated real replies never raise anything but the typed
:class:`~shashki.correspondence.CorrespondenceError`. A few hundred cases by default,
``SHASHKI_HYPOTHESIS_EXAMPLES`` (or ``-m slow``) for many more."""

from __future__ import annotations

import contextlib
import os
from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shashki import Board
from shashki.correspondence import CorrespondenceError
from shashki.correspondence.mail import (
    header_text,
    read_reply,
    read_reply_text,
    sender_of,
    subject_of,
    token_of,
)

EXAMPLES = int(os.environ.get("SHASHKI_HYPOTHESIS_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
BOARD = Board("russian")


def reply(text: str, subject: str = "Re: Ход: #1 [corr 12-abc]") -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "bob@example.org", "corr+12-abc@x.org", subject
    m.set_content(text)
    return m.as_bytes()


def read_all(raw: bytes) -> None:
    for f in (token_of, sender_of, subject_of):
        assert isinstance(f(raw), str)
    with contextlib.suppress(CorrespondenceError):
        read_reply(raw, BOARD)


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes(raw: bytes) -> None:
    read_all(raw)


@FUZZ
@given(st.text(max_size=400), st.text(max_size=80))
def test_random_text(text: str, subject: str) -> None:
    read_all(reply(text, header_text(subject)))
    with contextlib.suppress(CorrespondenceError):
        read_reply_text(text, BOARD)


SEEDS = ["c3-d4", "> quoted c3-d4\nf6-g5", "если f6-g5 g3-f4\nc3-d4", "Сдаюсь.",
         "предлагаю ничью c3-d4", "22-18", "c3:e5:g7", "resign!!"]


@FUZZ
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.integers(0, 60), st.text(max_size=4)),
                                        max_size=6))
def test_mutated_replies(seed: str, edits: list[tuple[int, str]]) -> None:
    text = seed
    for at, piece in edits:
        text = text[:at] + piece + text[at + 1:]
    read_all(reply(text))


@pytest.mark.slow
@settings(max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=5000))
def test_many_random_messages(raw: bytes) -> None:
    read_all(raw)


def test_header_text_has_no_line_breaks() -> None:
    assert header_text("Cup\r\nBcc: all@example.org\x00") == "Cup Bcc: all@example.org"
