"""Tokens of PDN movetext and tags: one compiled master expression, read with ``finditer``.

The reading grammar of PDN 3.0 (notation-pdn.md §2.5) plus what files contain in practice:
``x``, ``:`` and ``×`` capture separators, algebraic moves with no separator (``c3d4``),
leading zeros (``01-07``), square numbers padded with a space by old programs (``1- 7``,
``16x 7``, ``5 x 14``: one move token, its spaces dropped by :func:`move_squares_text`),
strengths ``!?`` and ``(?)``, ``*`` right after a move (forced
move), ``...`` and ``-`` for unknown moves, ``%`` and ``;`` line comments, and the result
tokens of every GameType including lidraughts' ``½-½`` and ``0.5-0.5``.

Two pitfalls of ``doc/issues.rst`` are settled by the expression itself: a result is a
token only when no square character follows it (``1-1`` is a result, ``1-18`` a move), and
a move is one token, so ``x23`` is never an identifier.

>>> [(KIND_NAMES[k], v) for k, v, _, _ in tokenize([(1, "1. 32-28! 1-18 {a} 1-1", 0)])]
... # doctest: +NORMALIZE_WHITESPACE
[('number', '1.'), ('move', '32-28'), ('strength', '!'), ('move', '1-18'),
 ('comment', 'a'), ('result', '1-1')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_SQ = r"(?:[a-jA-J]\d{1,2}|[1-9]\d?|0[1-9])"
#: A separator; old programs pad a one-digit square with a space (``1- 7``, ``16x 7``) or
#: put spaces round ``x`` (``5 x 14``).
_SEP = r"(?:[-x:×](?: (?=[1-9](?!\d)))?| x )"
#: One move: squares joined by separators, or algebraic squares with none; never a result.
MOVE = rf"(?!1-1(?!\d)){_SQ}(?:{_SEP}{_SQ}|(?<=\d)[a-jA-J]\d{{1,2}})+"
MOVE_FIND = re.compile(MOVE)
#: A line of nothing but move numbers and moves: the moves are then ``MOVE_FIND.findall``.
FAST_LINE = re.compile(rf"(?>\s*(?:\d+\.(?:\.\.)?)?\s*{MOVE}(?=\s|\Z))*+\s*")

#: A move number without its dot (``12 23-18``, ``12 ... 13-18``): not PDN 3.0's
#: MOVENUMBER, read as one when a move (or ``...``) follows on its line.
BARE_NUMBER = re.compile(r"\d+(?:[^\S\n]+(?:\.\.\.|…))?\Z")

RESULT_RE = r"1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|½-½|0\.5-0\.5|\*"
#: A score no GameType has (``3-0``, ``4-6``, ``1.5-0.5``): a result when it ends the game.
SCORE = re.compile(r"[\d½]+(?:[.,]\d+)?-[\d½]+(?:[.,]\d+)?\Z")
#: The two characters ``\r`` (and blanks) at the end of a line: some exporters wrote the
#: line end as text.
LITERAL_CR = re.compile(r"(?:\\r)+[^\S\n]*\Z")

TOKEN = re.compile(
    r"\s*(?:"
    rf"({RESULT_RE})(?![\w\-.:/×*])"  # 1 result
    r"|(\d+(?:\.\.\.?|…)|\d+[^\S\n]+(?:\.\.\.|…)(?=\s|\Z))"  # 2 black move number  23...
    rf"|(\d+\.|\d+(?=[^\S\n]+{MOVE}(?![\w\-.])))"  # 3 move number  23.  (bare: 23 22-17)
    rf"|({MOVE})(?!\w)([!?]+|\([!?]+\))?(\*(?![\w*]))?"  # 4 move, 5 strength, 6 forced *
    r"|(\.\.\.|…)"  # 7 ellipsis: unknown move, or "1. ... 7-12"
    r"|(--?)(?![\w\-])"  # 8 unknown move  "41. - -"
    r"|([!?]+|\([!?]+\))"  # 9 strength standing alone
    r"|\$(\d+)"  # 10 NAG
    r"|\{([^}]*)\}"  # 11 comment
    r"|\{([^}]*)\Z"  # 12 comment that goes on on the next lines
    r"|(\()"  # 13 variation start
    r"|(\))"  # 14 variation end
    r"|/([^/]*)/"  # 15 setup command /FEN "..."/
    r"|([%;].*)"  # 16 line comment
    r"|([^\s{}()\[\]]+|\S)"  # 17 anything else: an error
    r")"
)

RESULT, NUMBER_BLACK, NUMBER, MOVE_T, STRENGTH_ATTACHED, FORCED, ELLIPSIS, DASH, STRENGTH, \
    NAG, COMMENT, COMMENT_OPEN, LPAREN, RPAREN, SETUP, LINE_COMMENT, GARBAGE = range(1, 18)

KIND_NAMES = {
    RESULT: "result", NUMBER_BLACK: "number", NUMBER: "number", MOVE_T: "move",
    STRENGTH_ATTACHED: "strength", FORCED: "forced", ELLIPSIS: "ellipsis", DASH: "dash",
    STRENGTH: "strength", NAG: "nag", COMMENT: "comment", COMMENT_OPEN: "comment",
    LPAREN: "(", RPAREN: ")", SETUP: "setup", LINE_COMMENT: "line comment",
    GARBAGE: "garbage",
}

#: ``[Name "value"]``; ``\\"`` and ``\\\\`` are escapes in the value.
TAG = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
#: A line that is one tag and nothing else: it ends an unterminated comment.
TAG_LINE = re.compile(r'\s*\[[A-Z][A-Za-z0-9_]*\s+"(?:[^"\\]|\\.)*"\s*\]\s*\Z')
SETUP_FEN = re.compile(r'\s*FEN\s*"([^"]*)"\s*\Z', re.IGNORECASE)

_ESCAPE = re.compile(r"\\(.)")

Token = tuple[int, str, int, int]
"""``(kind, text, line, column)``; a move's strength and forced mark are tokens of their
own (``STRENGTH_ATTACHED``, ``FORCED``) right after it; comments carry their inner text."""


def move_squares_text(text: str) -> str:
    """A move token without the spaces of padded squares: ``16x 7`` -> ``16x7``."""
    return text.replace(" ", "") if " " in text else text


def unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tokenize(segments: Iterable[tuple[int, str, int]]) -> list[Token]:
    """The tokens of movetext given as ``(line number, line, start column)`` segments.

    A comment left open at the end of a segment takes the following segments up to the
    first ``}``; one still open at the end is returned as ``COMMENT_OPEN``.
    """
    out: list[Token] = []
    open_comment: list[str] | None = None
    at = (0, 0)
    for lineno, line, start in segments:
        pos = start
        if open_comment is not None:
            close = line.find("}", pos)
            if close < 0:
                open_comment.append(line[pos:])
                continue
            open_comment.append(line[pos:close])
            out.append((COMMENT, "\n".join(open_comment), at[0], at[1]))
            open_comment = None
            pos = close + 1
        for m in TOKEN.finditer(line, pos):
            k = m.lastindex
            assert k is not None
            if k in (MOVE_T, STRENGTH_ATTACHED, FORCED):
                out.append((MOVE_T, move_squares_text(m.group(4)), lineno, m.start(4) + 1))
                if m.group(5) is not None:
                    out.append((STRENGTH_ATTACHED, m.group(5), lineno, m.start(5) + 1))
                if m.group(6) is not None:
                    out.append((FORCED, "*", lineno, m.start(6) + 1))
            elif k == COMMENT_OPEN:
                open_comment = [m.group(k)]
                at = (lineno, m.start(k))
            elif k != LINE_COMMENT:
                col = m.start(k) + 1 if k not in (COMMENT, NAG, SETUP) else m.start(k)
                out.append((k, m.group(k), lineno, col))
    if open_comment is not None:
        out.append((COMMENT_OPEN, "\n".join(open_comment), at[0], at[1]))
    return out
