"""Hostile TRF input (a security matter: the platform and the CLI read files from anyone):
whatever the text, :func:`parse_trf` returns a tournament or raises :class:`TrfError` naming
a line and a column of the input; nothing else escapes, and what it returns can be written
back and ranked. Hypothesis builds TRF-shaped text (records of every kind, 001 lines with
well- and ill-formed round cells, CR line ends anywhere) and mutates valid files. A few
thousand cases by default; ``-m slow`` runs fifty thousand."""

from __future__ import annotations

import contextlib
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shashki.competition.errors import TrfError
from shashki.competition.standings import standings
from shashki.competition.trf import export_trf, parse_trf
from shashki.errors import ShashkiError

from .test_trf import TRF26

VALID = [TRF26, "\n".join([
    "012 Test", "XXR 5", "152 B", "162  W 2.0    D 1.0",
    "299           2.0    1    4",
    "001    1      A                                 2400" + " " * 28 + " 2.0    1     2 w 1",
    "001    2      B                                 2300" + " " * 28 + " 0.0    2     1 b 0",
    "001    3      C                                 2200" + " " * 28 + " 2.0    3     4 w +",
    "001    4      D                                 2100" + " " * 28 + " 2.0    4     3 b -",
    "001    5      E                                 2000" + " " * 28 + " 2.0    5  0000 - U",
    "240 H   2    5", "260   2   5    1    3", "XXP 2 4", "XXZ 1",
    "### shashki withdrawn: 5:3", "### shashki tiebreaks: truncated-solkoff,wins",
])]

TAGS = ["001", "012", "022", "042", "062", "072", "092", "112", "122", "132", "142", "152",
        "162", "172", "192", "202", "212", "222", "240", "250", "260", "299", "310", "XXR",
        "XXC", "XXP", "XXZ", "XXS", "XXA", "BBW", "BBU", "RUS", "###", "   ", "0 1"]
CHARS = " 0123456789wbWB-+=HUFZXDL./:#,\r"

_digits = st.text(alphabet="0123456789 -x", min_size=0, max_size=5)
_cell = st.tuples(_digits, st.sampled_from(" wb-x"), st.sampled_from(" 10=+-WDLHUFZXQ"),
                  st.sampled_from(["  ", "   ", " ", "x "])
                  ).map(lambda c: f"{c[0]:>4} {c[1]} {c[2]}{c[3]}")
_player = st.builds(
    lambda num, name, rating, pts, cells: (f"001 {num:>4} m    {name:<33} {rating:>4} RUS "
                                           f"{'':>11} {'':10} {pts:>4} {'':>4}  "
                                           + "".join(cells)).rstrip(),
    _digits, st.text(alphabet="ABCабв, ", max_size=10), _digits,
    st.text(alphabet="0123456789.-", max_size=5), st.lists(_cell, max_size=6))
_record = st.builds(lambda tag, body: f"{tag} {body}", st.sampled_from(TAGS),
                    st.text(alphabet=CHARS, max_size=40))
_text = st.builds(
    lambda lines, sep: sep.join(lines),
    st.lists(st.one_of(_player, _player, _record, st.text(alphabet=CHARS, max_size=20)),
             max_size=12),
    st.sampled_from(["\n", "\r", "\r\n"]))


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """A valid file with a few characters replaced, inserted or deleted."""
    s = list(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 6))):
        k = draw(st.integers(0, len(s)))
        op = draw(st.sampled_from("rid"))
        if op == "i" or not s:
            s.insert(k, draw(st.sampled_from(CHARS)))
        elif op == "r":
            s[min(k, len(s) - 1)] = draw(st.sampled_from(CHARS))
        else:
            del s[min(k, len(s) - 1):min(k, len(s) - 1) + draw(st.integers(1, 12))]
    return "".join(s)


def _check(text: str) -> None:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            t = parse_trf(text)
        except TrfError as e:
            assert 1 <= e.lineno <= len(lines)
            assert e.column >= 1
            assert f"line {e.lineno}, column {e.column}" in str(e)
            return
        export_trf(t)
        if t.players:
            with contextlib.suppress(ShashkiError):
                standings(t)


_SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=3000, **_SETTINGS)  # type: ignore[arg-type]
@given(st.one_of(_text, _mutated()))
def test_any_text_reads_or_names_line_and_column(text: str) -> None:
    _check(text)


@pytest.mark.slow
@settings(max_examples=50_000, **_SETTINGS)  # type: ignore[arg-type]
@given(st.one_of(_text, _mutated()))
def test_any_text_reads_or_names_line_and_column_long(text: str) -> None:
    _check(text)


@pytest.mark.parametrize("text, where", [
    ("001    0      A\n001    1      B\n", "line 1, column 5: starting rank 0"),
    ("001    1      A" + " " * 76 + "   2 w 1\r   1 b 0\n", "line 2, column 1: a record begins"),
    ("001    1      A" + " " * 76 + "   2 w 1\n001    2      B" + " " * 76 + "   1 w 0\n",
     "line 1, column 97: round 1: 1 and 2 both have White"),
    ("001    1      A" + " " * 77 + "   2 w 1\n", "line 1, column 96: round 1: '2' outside"),
    ("XXR x\n", "line 1, column 5: bad number of rounds"),
    ("299 Q        1.0    1    4\n", "line 1, column 5: unknown type of abnormal"),
    ("001    1      A\n299           1.0    1    4\n", "line 2, column 27: no player 4"),
])
def test_hostile_cases(text: str, where: str) -> None:
    """The reports that started it: a two-line input with player 0, a CR inside a record
    (the rest becomes a line of its own, which has no record identifier), colours and
    columns that do not fit."""
    with pytest.raises(TrfError, match=where):
        parse_trf(text)
