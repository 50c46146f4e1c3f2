"""Reading PDN: a streaming reader that validates every move, game by game.

The source is decoded a megabyte at a time (:mod:`shashki.pdn.encoding`) and read game by
game from a buffer that holds the current chunk and the next; memory does not grow with
the file.

Two readers share the work:

* A plain game (tags one a line, then nothing but moves and move numbers, then a result)
  is taken whole: its tags with one ``findall``, its tokens with ``str.split``, every
  token checked through a per-variant cache (move text -> bit indices of its squares; a
  move number -> nothing) and all plies replayed by the rules kernels in one call
  (:func:`shashki.rules.kernels.replay`). The nodes are built only when the tree is first
  looked at.
* Everything else (comments, NAGs, clocks, variations, setups, unknown moves, and any game
  with an error, so that its line and column are found) goes through the line machine,
  which lexes line by line with one master expression (:mod:`shashki.pdn.lexer`). A main
  line without variations, setup commands or unknown moves is still replayed by the
  kernels in one call; otherwise the tree is built node by node with
  :class:`~shashki.Board`.

Recovery. Every problem becomes a :class:`~shashki.pdn.PdnError` in ``game.errors`` with
the game's index (0-based), line and column (1-based) and the offending text; the game
keeps what was read before the problem and ``game.raw`` keeps its text. Reading goes on
with the next game: a result token, a line that starts a tag section after movetext, or a
tag whose name the game already has, ends a game whatever happened inside it; a comment
left open ends at the next line that is a tag (``[Event "..."]``), so one missing ``}``
costs one game, not the rest of the file.

Quirks. What files in the field write around the moves is read, with a
:class:`~shashki.pdn.PdnWarning` in ``game.warnings`` (one per kind and game, with the
place of the first occurrence and a count): the text ``\\r`` after lines, ``[Empty]``
pseudo-tags, tag lines missing or doubling their ``[``, a blank line or several tags on
one line in the tag section, spaces in the Result tag, a Result tag that disagrees with
the movetext (the tag wins), results no GameType has (``-``, ``4-6``), no result at all,
padded square numbers (``1- 7``), and no GameType tag (the board is inferred from the
squares: :func:`~shashki.pdn.gametype.infer_variant`). Moves themselves are never
guessed: an illegal move is an error.

>>> pdn = '''[Event "Moscow"]
... [GameType "25"]
... 1. c3-d4 f6-e5 2. d4:f6 g7:e5 {equal} 1/2-1/2
...
... [Event "Broken"]
... 1. c3-d4 f6-e5 2. d4-c5 *
...
... [Event "Dambo"]\\\\r
... [Result "1-0"]\\\\r
... 1. c3-d4 *'''
>>> good, bad, odd = read_games(pdn)
>>> good.headers["Event"], good.ply_count(), good.end().comment, good.result
('Moscow', 4, 'equal', '1/2-1/2')
>>> e = bad.errors[0]
>>> e.index, e.line, e.column, e.text
(1, 6, 19, 'd4-c5')
>>> print(e.message)  # doctest: +NORMALIZE_WHITESPACE
illegal move 'd4-c5'; legal moves from d4: d4:f6
(no GameType tag: read as Russian draughts, from the algebraic squares within a1-h8)
>>> odd.errors, odd.result, odd.ply_count()
([], '1-0', 1)
>>> [(w.kind.value, w.line, w.column, w.count) for w in odd.warnings]
[('variant-assumed', 8, 1, 1), ('literal-cr', 8, 16, 2), ('result-mismatch', 10, 10, 1)]
"""

from __future__ import annotations

import io
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from shashki.board import Board
from shashki.errors import IllegalMove, InvalidFen, ShashkiError
from shashki.fen import Position, parse_fen, write_fen
from shashki.notation import split_squares
from shashki.pdn import lexer as L
from shashki.pdn.annotations import ClockTimes, is_null_setup, normalize_comment, setup_board
from shashki.pdn.encoding import LineSource, Source
from shashki.pdn.errors import (
    PdnEncodingError,
    PdnError,
    PdnFenError,
    PdnMoveError,
    PdnSyntaxError,
    PdnTagError,
    PdnWarning,
    Quirk,
    WarningGroup,
    group_warnings,
)
from shashki.pdn.gametype import (
    gametype_number,
    infer_variant,
    normalize_result,
    parse_gametype,
    renumber,
    renumber_fen,
    result_meaning,
    result_token,
)
from shashki.pdn.model import (
    NAG_FORCED,
    STRENGTH_NAGS,
    ChildNode,
    Game,
    GameNode,
    Headers,
    _Lazy,
    apply_annotations,
    variant_of_headers,
)
from shashki.rules import RUSSIAN, Variant, variant_by_name

if TYPE_CHECKING:
    from shashki.move import Move
    from shashki.rules.movegen import Replay

_TOKEN = L.TOKEN
_FAST = L.FAST_LINE.fullmatch
_FIND = L.MOVE_FIND.findall
_MOVE_T, _RESULT, _COMMENT, _COMMENT_OPEN = L.MOVE_T, L.RESULT, L.COMMENT, L.COMMENT_OPEN
_WHITE_NUMBER_BEFORE = re.compile(r"\d\.\s*\Z")
_LOOKAHEAD = 1 << 20
_BLANK_LINES = re.compile(r"(?:[^\S\n]*\n)*")
_VALUE = r'"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"'
_TAGS_BLOCK = re.compile(
    rf"(?:[^\S\n]*\[[A-Za-z][A-Za-z0-9_]*[^\S\n]+{_VALUE.replace('(', '(?:', 1)}\]"
    r"[^\S\n]*\n)*(?:[^\S\n]*\n)*").match
_TAG_FIND = re.compile(rf"\[([A-Za-z][A-Za-z0-9_]*)[^\S\n]+{_VALUE}\]").findall
_MOVE_FULL = re.compile(rf"(?:{L.MOVE})\Z").match
_RESULTS = frozenset(("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "½-½", "0.5-0.5",
                      "*"))
_NUMBERS = frozenset([f"{i}." for i in range(1, 1000)] + [f"{i}..." for i in range(1, 1000)])
_QUICK_CHARS = 1 << 18
#: ``Name "value"]``: a tag line that lost its ``[``.
_BARE_TAG = re.compile(r'\s*[A-Za-z][A-Za-z0-9_]*\s+"(?:[^"\\]|\\.)*"\s*\]\s*\Z')
#: ``[Name "a "b" c"]``: one tag on its line whose value has unescaped quotes.
_LOOSE_TAG = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"(.*)"\s*\]\s*\Z')
#: ``[Empty]``: a pseudo-tag without a value.
_EMPTY_TAG = re.compile(r"\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*\]")
#: The name of the first tag on a line (``[Name``, ``[[Name`` or ``Name "``).
_FIRST_NAME = re.compile(r'\s*\[*\s*([A-Za-z][A-Za-z0-9_]*)')
#: A numeric move of two squares: a score when its squares share no diagonal (``4-6``).
_TWO_NUMBERS = re.compile(r"(\d+)-(\d+)\Z")
_UNKNOWN_RESULTS = ("", "?")
_ALGEBRAIC_SQUARE = re.compile(r"[a-jA-J]\d").search
_INDENTED_TAG = re.compile(r"\n[^\S\n]+\[").search
_PADDED = re.compile(r"\d(?:[-x:×] [1-9](?!\d)| x \d)").search
_COMMENT_SPLIT = re.compile(r"\{([^}]*)\}").split
#: Outside comments, what the block reader leaves to the line machine.
_NOT_QUICK = re.compile(r"[{}()/%;\[\]]").search
_STRENGTH_AFTER = re.compile(r"(.*?)([!?]+)\Z").match

VariantArg = str | Variant | None

#: Starting positions by (variant and numbering, FEN), shared by all readers.
_STARTS: dict[tuple[str, str | None], Position | Exception] = {}
#: Move text -> bit indices of its squares, by (variant, numbering); and why a text names
#: no squares. Bounded: cleared when they grow past a few hundred thousand texts.
_SQUARES: dict[tuple[str, int], dict[str, bytes]] = {}
_BAD: dict[tuple[str, int], dict[str, str]] = {}
_BOARDS: dict[str, Board] = {}


class _Pending:
    """What the reader knows of the game it is reading."""

    __slots__ = ("ann", "blank_at", "comment", "comment_at", "complex", "dashes", "dead",
                 "depth", "ellipses", "end", "errors", "first_line", "headers", "index",
                 "lines", "move_lines", "moves", "movetext", "mt", "parens", "result",
                 "root_nag_at", "star", "tag_pos", "tail", "warnings")

    def __init__(self, index: int, lineno: int) -> None:
        self.index = index
        self.first_line = lineno
        self.lines: list[str] = []
        self.headers = Headers()
        self.tag_pos: dict[str, tuple[int, int]] = {}
        self.errors: list[PdnError] = []
        self.movetext = False
        self.mt: list[tuple[int, str, int]] = []
        self.moves: list[str] = []
        self.move_lines: list[tuple[int, int, int]] = []
        self.ann: dict[int, list[Any]] = {}
        self.complex = False
        self.dead = False
        self.depth = 0
        self.parens: list[tuple[int, int]] = []
        self.comment: list[str] | None = None
        self.comment_at = (0, 0)
        self.result: tuple[str, int, int] | None = None
        self.end: tuple[int, int] | None = None
        self.ellipses: list[tuple[int, int, int]] = []
        self.root_nag_at: tuple[int, int] | None = None
        self.warnings: dict[Quirk, PdnWarning] = {}
        self.blank_at = 0
        """Line of a blank line that ended the tag section (0: none)."""
        self.dashes: list[tuple[int, int, int]] = []
        """``-`` in the main line: unknown moves, or the last one a result (``[Result "-"]``)."""
        self.tail: tuple[int, str, int, int] | None = None
        """The main line's last token when it may be a result no GameType has:
        ``(kind, text, line, column)``; kind is DASH, MOVE_T or GARBAGE (a score)."""
        self.star: tuple[int, int] | None = None
        """Line and column of a ``*`` glued to the last move of a line (``31-27*``): a
        forced move if the game goes on, its terminator if it ends there."""

    def warn(self, kind: Quirk, message: str, line: int, column: int,
             text: str | None = None) -> None:
        """Note a departure from PDN 3.0, once per kind (later ones only count)."""
        w = self.warnings.get(kind)
        if w is None:
            self.warnings[kind] = PdnWarning(kind, message, index=self.index, line=line,
                                             column=column, text=text)
        else:
            w.count += 1

    def error(self, cls: type[PdnError], message: str, line: int, column: int,
              text: str | None) -> None:
        self.errors.append(cls(message, index=self.index, line=line, column=column, text=text))

    def annotation(self, ply: int) -> list[Any]:
        a = self.ann.get(ply)
        if a is None:
            a = self.ann[ply] = [[], [], ""]
        return a


class PdnReader:
    """Iterate over the games of a PDN source, each a :class:`~shashki.pdn.Game`.

    ``source`` is a path, a binary or text stream, or (``text=True``) the PDN text itself.
    ``variant`` is used for games without a ``GameType`` tag; by default their board is
    inferred from the squares they name (with a warning saying which variant was assumed);
    a game's ``GameType`` tag wins over both. ``encoding`` overrides the detection.
    :attr:`position` and :attr:`size` (bytes) serve progress bars; :attr:`report` counts
    the warnings of the games read so far by kind.

    >>> reader = PdnReader("1. c3-d4 *\\n\\n1. e3-f4 *\\n", text=True)
    >>> [g.end_fen()[:6] for g in reader]
    ['B:W18,', 'B:W19,']
    """

    def __init__(self, source: Source, variant: VariantArg = None, encoding: str | None = None,
                 *, text: bool = False) -> None:
        self.source = LineSource(source, encoding, text=text)
        self.variant: Variant | None = None if variant is None else _variant(variant)
        """The variant of games without a GameType tag; None: inferred per game."""
        self.report: dict[Quirk, int] = {}
        """How many games so far carried each kind of warning."""
        self._groups: dict[tuple[Quirk, str], WarningGroup] = {}
        # what a text means does not depend on the file: the caches serve every reader
        self._starts = _STARTS
        self._cache = _SQUARES
        self._bad = _BAD
        self._boards = _BOARDS
        self._setups: dict[tuple[str | None, ...], Any] = {}
        self.games = 0
        """Games read so far."""
        self._slow_line = 0
        """The block reader leaves the lines before this one to the line machine."""
        self._pushed_back = False

    def __enter__(self) -> PdnReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def position(self) -> int:
        return self.source.position

    @property
    def size(self) -> int | None:
        return self.source.size

    @property
    def encoding(self) -> str | None:
        return self.source.encoding

    def close(self) -> None:
        self.source.close()

    def __iter__(self) -> Iterator[Game]:
        return self._blocks()

    # --- block mode: whole plain games with a few expressions -----------------------------

    def _blocks(self) -> Iterator[Game]:
        """The games of the source, read from large decoded pieces.

        A plain game (tags one a line, moves and move numbers, a result) is recognised by
        one expression and its tags and moves are taken with ``findall``; anything else
        (and any plain game with an error, to find its line and column) goes through the
        line machine, :meth:`_feed`, which knows all of PDN.
        """
        chunks = self.source.chunks()
        buf = ""
        pos = 0
        lineno = 1  # line number at pos
        eof = False
        blank = _BLANK_LINES.match
        while True:
            if not eof and len(buf) - pos < _LOOKAHEAD:
                piece = next(chunks, None)
                if piece is None:
                    eof = True
                else:
                    buf = buf[pos:] + piece
                    pos = 0
                continue
            m = blank(buf, pos)
            assert m is not None  # it matches the empty string
            if m.end() != pos:
                lineno += buf.count("\n", pos, m.end())
                pos = m.end()
            if pos >= len(buf):
                if eof:
                    return
                continue
            quick = self._quick(buf, pos, lineno, eof) if lineno >= self._slow_line else None
            if quick is not None:
                game, end = quick
                lineno += buf.count("\n", pos, end)
                pos = end
                yield game
                continue
            # the line machine, from this line to a game boundary at a line start
            g: _Pending | None = None
            while True:
                nl = buf.find("\n", pos)
                if nl < 0 and not eof:
                    piece = next(chunks, None)
                    if piece is None:
                        eof = True
                    else:
                        buf = buf[pos:] + piece
                        pos = 0
                    continue
                raw = line = buf[pos:] if nl < 0 else buf[pos:nl]
                junk = _junk(line)
                if junk:
                    line = line[: junk - 1]
                stray = _stray(line)
                if stray:
                    line = line.translate(_STRAY_TABLE)
                back = False
                start = 0
                while True:
                    if g is None:
                        if not line[start:].strip():
                            break
                        g = _Pending(self.games, lineno)
                    r = self._feed(g, line, lineno, start, raw)
                    if r is None:
                        break
                    if junk and r >= 0 and not line[r:].strip():
                        _junk_warning(g, lineno, junk)
                        junk = 0
                    yield self._finish(g)
                    g = None
                    if r < 0:
                        back = True  # this line starts the next game
                        break
                    start = r
                if back:
                    break
                if junk and g is not None:
                    _junk_warning(g, lineno, junk)
                if stray and g is not None:
                    _stray_warning(g, lineno, stray, raw)
                pos = len(buf) if nl < 0 else nl + 1
                lineno += 1
                if g is None or nl < 0:
                    break
            if g is not None and not _empty(g):
                yield self._finish(g)
            if eof and pos >= len(buf):
                return

    def _quick(self, buf: str, pos: int, lineno: int, eof: bool) -> tuple[Game, int] | None:
        """A plain game at ``pos`` and where it ends, or None if it needs the line machine.

        Plain: tags one a line, then moves and move numbers separated by white space, then
        a result at the end of a line. Anything else, and any error, is left to the line
        machine, which reads the game again.
        """
        m = _TAGS_BLOCK(buf, pos)
        assert m is not None  # it matches the empty string
        mstart = m.end()
        e = buf.find("\n[", mstart)  # the next game's tags
        if e < 0:
            if not eof:
                return None
            e = len(buf)
        indented = _INDENTED_TAG(buf, mstart, e)  # tags after tabs (Montpellier...)
        if indented is not None:
            e = indented.start()
        if e - mstart > _QUICK_CHARS:
            return None
        if self.source.lossy and "\ufffd" in buf[pos:e]:
            return None  # the line machine reports the bytes that did not decode
        if _STRAY_FIND(buf, pos, e) is not None:
            return None  # the line machine reads a BOM or Ctrl-Z as a space, with a warning
        body = buf[mstart:e]
        ann: dict[int, list[Any]] = {}
        if "{" in body or "$" in body or "!" in body or "?" in body:
            annotated = _annotated(body)
            if annotated is None:
                return None
            toks, ann = annotated
        else:
            toks = body.split()
        if not toks or toks[-1] not in _RESULTS:
            return None
        token = toks.pop()
        nl = buf.find("\n", buf.rfind(token, mstart, e), e)
        if nl < 0:
            nl = e
        end = min(nl + 1, len(buf))
        headers = Headers()
        if mstart > pos:
            found = _TAG_FIND(buf, pos, mstart)
            d = headers._d = dict(found)
            if len(d) != len(found):
                # a tag name repeated: a new game starts there; the line machine reads the
                # block (matching it again for each of its games would be quadratic)
                self._slow_line = lineno + buf.count("\n", pos, mstart)
                return None
            if "\\" in buf[pos:mstart]:
                for name, value in d.items():
                    d[name] = L.unescape(value)
        # variant and starting position, remembered per (GameType, Variant, FEN, board)
        gametype = headers.get("GameType")
        note = None
        inferred: Variant | None = None
        if gametype is not None and gametype.strip():
            try:
                parsed = parse_gametype(gametype)
            except ValueError:
                return None
            if parsed.defaulted:
                return None  # the line machine warns of the values taken from the table
            numeric = parsed.notation == "N"
            if numeric and _ALGEBRAIC_SQUARE(buf, mstart, e) is not None:
                return None  # algebraic moves: do they contradict a numeric GameType?
        elif self.variant is None and "Variant" not in headers:
            inferred, seen = infer_variant(" ".join(toks), headers.get("FEN"))
            note = f"no GameType tag: read as {inferred.title}, from the {seen}"
        setup_key = (gametype, headers.get("Variant"), headers.get("FEN"),
                     inferred.name if inferred is not None else None)
        setup = self._setups.get(setup_key, False)
        if setup is False:
            setup = self._setup(headers, inferred)
            if len(self._setups) > 4096:
                self._setups.clear()
            self._setups[setup_key] = setup
        if setup is None:
            return None
        variant, start, cache = setup
        tag = headers.get("Result")
        normalized = normalize_result(token, variant)
        if tag is not None and tag != normalized and (
                tag != tag.strip() or result_meaning(tag) != result_meaning(token)):
            return None  # the line machine says what is wrong with the tag
        headers["Result"] = normalized
        try:
            # move numbers are in the cache as b"", which filter() drops
            parts = list(filter(None, map(cache.__getitem__, toks)))
        except KeyError:
            if len(cache) > 200_000:
                cache.clear()
            for t in toks:
                if t in cache:
                    continue
                if t in _NUMBERS:
                    cache[t] = b""
                    continue
                if _MOVE_FULL(t) is None:
                    return None
                got = self._squares(variant, 2, t)
                if not isinstance(got, bytes):
                    return None
                cache[t] = got
            parts = list(filter(None, map(cache.__getitem__, toks)))
        rep, overrides, code, bad = self._run(variant, start, parts, None)
        if code != 0 or bad is not None:
            return None
        game = Game._read(variant, headers, self.games, lineno, buf[pos:nl],
                          _Lazy(rep, ann, overrides))
        root = ann.pop(0, None)
        if root is not None:  # the game's own comment is no node: set it now
            apply_annotations(game, root)
        if note is not None:
            game.warnings = [PdnWarning(Quirk.VARIANT_ASSUMED, note, index=self.games,
                                        line=lineno, column=1)]
            self._count(game)
        self.games += 1
        return game, end

    def read(self, lines: Any, limit: int | None = None) -> Iterator[Game]:
        """The games of an iterable of lines, by the line machine alone (``read_game`` on a
        stream uses it to stop right after one game)."""
        g: _Pending | None = None
        feed = self._feed
        for lineno, raw in enumerate(lines, 1):
            line = raw
            junk = _junk(line)
            if junk:
                line = line[: junk - 1]
            stray = _stray(line)
            if stray:
                line = line.translate(_STRAY_TABLE)
            start = 0
            while True:
                if g is None:
                    if not line[start:].strip():
                        break
                    g = _Pending(self.games, lineno)
                r = feed(g, line, lineno, start, raw)
                if r is None:
                    break
                if junk and r >= 0 and not line[r:].strip():
                    _junk_warning(g, lineno, junk)
                    junk = 0
                game = self._finish(g)
                g = None
                if limit is not None and self.games >= limit:
                    # set before the game is handed out: read_game looks at it then
                    self._pushed_back = r < 0 or bool(line[r:].strip())
                    yield game
                    return
                yield game
                if r >= 0:
                    start = r  # else this line starts the next game: read it again
            if junk and g is not None:
                _junk_warning(g, lineno, junk)
            if stray and g is not None:
                _stray_warning(g, lineno, stray, raw)
        if g is not None and not _empty(g):
            yield self._finish(g)
        self._pushed_back = False

    def _setup(self, headers: Headers, inferred: Variant | None
               ) -> tuple[Variant, Position, dict[str, bytes]] | None:
        """Variant, starting position and move cache of a plain game; None when the
        game needs the line machine (a tag to report, another numbering)."""
        try:
            variant = inferred or variant_of_headers(headers, self.variant)
        except ValueError:
            return None
        if variant is None:
            return None
        gt_text = headers.get("GameType")
        if gt_text and gt_text.strip():
            try:
                gt = parse_gametype(gt_text)
            except ValueError:  # the line machine reports it where it stands
                return None
            if gt.notation == "N" and gt.corner != 2:
                return None
        fen = headers.get("FEN")
        if fen is not None and fen.strip() in ("", "?"):
            fen = None
        start = self._start(variant, fen, 2)
        if not isinstance(start, Position):
            return None
        key = (variant.name, 2)
        cache = self._cache.get(key)
        if cache is None:
            cache = self._cache[key] = {}
            self._bad[key] = {}
        return variant, start, cache

    # --- lines ----------------------------------------------------------------------------

    def _feed(self, g: _Pending, line: str, lineno: int, start: int, raw: str | None = None
              ) -> int | None:
        """Take one line (from column ``start``) into game ``g``; ``raw`` is the line as
        read when ``line`` lost the junk at its end.

        Returns None when the game goes on, the column where the next game starts when the
        game ended on this line, or -1 when the game ended before this line.
        """
        if g.star is not None and g.result is None and g.depth == 0:
            rest = line[start:].strip()
            if not rest or (start == 0 and (rest[0] == "[" or _BARE_TAG.match(rest))):
                self._glued_end(g)  # a blank line or the next game's tags: the end
                return -1
            if rest[0] not in "%;":
                g.star = None
        if not g.lines or start == 0:
            g.lines.append(line if raw is None else raw)
        if g.comment is not None:
            if start == 0 and L.TAG_LINE.match(line):
                return self._unterminated_comment(g)
            g.mt.append((lineno, line, start))
            close = line.find("}", start)
            if close < 0:
                g.comment.append(line[start:])
                return None
            g.comment.append(line[start:close])
            g.annotation(len(g.moves))[0].append("\n".join(g.comment))
            g.comment = None
            return self._scan(g, line, lineno, close + 1)
        s = line[start:].lstrip()
        tagline = bool(s) and (s[0] == "[" or _BARE_TAG.match(s) is not None)
        if not g.movetext:
            if not s:
                if g.headers or g.errors:
                    g.movetext = True  # a blank line ends the tag section
                    g.blank_at = lineno
                return None
            if tagline:
                return self._tags(g, line, lineno, start)
            if s[0] in "%;":
                return None
            g.movetext = True
        elif tagline and start == 0:
            if not g.mt and g.blank_at and not _repeats(g, s) and not _opens_game(s):
                # the tags go on after a blank line (Brigitte.pdn): still this game's
                g.warn(Quirk.TAG_BLANK_LINE, "a blank line inside the tag section: the tags "
                       "after it are still this game's", g.blank_at, 1)
                g.movetext = False
                return self._tags(g, line, lineno, start)
            g.lines.pop()
            if g.depth:
                self._unclosed(g)
            return -1
        g.mt.append((lineno, line, start))
        return self._scan(g, line, lineno, start)

    @staticmethod
    def _glued_end(g: _Pending) -> None:
        """``31-27*`` ended the game: the ``*`` is its terminator, not a forced move
        (PDN 3.0 doc/issues.rst: ``*`` is both; docs/pdn.md R12)."""
        assert g.star is not None
        line, col = g.star
        g.star = None
        a = g.ann.get(len(g.moves))
        if a is not None and NAG_FORCED in a[1]:
            a[1].remove(NAG_FORCED)
        g.result = ("*", line, col)
        g.end = (line, col - 1)
        g.warn(Quirk.RESULT_GLUED, "'*' right after the game's last move: read as the "
               "game's end, not as a forced move", line, col, "*")

    def _unclosed(self, g: _Pending) -> None:
        line, col = g.parens[-1]
        g.error(PdnSyntaxError, "unterminated variation: '(' without ')'", line, col, "(")

    def _unterminated_comment(self, g: _Pending) -> int:
        g.lines.pop()
        line, col = g.comment_at
        g.error(PdnSyntaxError, "unterminated comment: '{' without '}'", line, col, "{")
        g.comment = None
        g.dead = True
        return -1

    def _tags(self, g: _Pending, line: str, lineno: int, start: int) -> int | None:
        """Read the tags of a line (:meth:`_feed`'s return value).

        A tag whose name the game already has starts the next game. Pseudo-tags without a
        value (``[Empty]``), a missing or doubled ``[`` and several tags on the line are
        read with a warning; movetext after the tags is scanned.
        """
        pos = start
        n = len(line)
        read = 0
        while pos < n:
            m = L.TAG.match(line, pos)
            if m is None:
                rest = line[pos:].strip()
                if not rest:
                    break
                col = pos + len(line[pos:]) - len(line[pos:].lstrip()) + 1
                if rest.startswith("[["):
                    g.warn(Quirk.TAG_BRACKET, "a tag line with a doubled '[': read as one",
                           lineno, col, "[[")
                    pos = line.index("[", col - 1) + 1
                    continue
                e = _EMPTY_TAG.match(line, pos)
                if e is not None:
                    g.warn(Quirk.EMPTY_TAG, f"a pseudo-tag without a value, [{e.group(1)}]: "
                           "skipped", lineno, col, e.group(0).strip())
                    pos = e.end()
                    continue
                if rest[0] != "[" and read == 0 and _BARE_TAG.match(line, pos):
                    g.warn(Quirk.TAG_BRACKET, "a tag line without its opening '[': read as "
                           "a tag", lineno, col, rest)
                    m = L.TAG.match("[" + line[pos:].lstrip())
                    assert m is not None
                    name, value = m.group(1), m.group(2)
                    if name in g.headers:
                        return self._split(g, col - 1)
                    g.headers[name] = L.unescape(value)
                    g.tag_pos[name] = (lineno, col + m.start(2) - 1)
                    break
                if rest[0] != "[":
                    g.movetext = True  # movetext after the tags on the same line
                    g.mt.append((lineno, line, col - 1))
                    return self._scan(g, line, lineno, col - 1)
                q = _LOOSE_TAG.match(line, pos) if read == 0 else None
                if q is not None and q.group(1) not in g.headers:
                    # [Event "Cup "Final""]: one tag on its line, its value between the
                    # first and the last quote (PDN 3.0 escapes a quote as \")
                    g.warn(Quirk.TAG_QUOTES, "a tag value with quotes that are not escaped: "
                           "read from the first quote to the last", lineno, col, rest)
                    g.headers[q.group(1)] = q.group(2)
                    g.tag_pos[q.group(1)] = (lineno, q.start(2) + 1)
                    break
                g.error(PdnTagError, f"bad tag {rest!r}: expected [Name \"value\"]", lineno,
                        col, rest)
                break
            name, value = m.group(1), m.group(2)
            if name in g.headers:
                return self._split(g, pos + len(line[pos:]) - len(line[pos:].lstrip()))
            g.headers[name] = L.unescape(value) if "\\" in value else value
            g.tag_pos[name] = (lineno, m.start(2) + 1)
            pos = m.end()
            read += 1
            if read == 2:
                g.warn(Quirk.TAGS_ON_ONE_LINE, "several tags on one line", lineno,
                       m.start() + len(m.group(0)) - len(m.group(0).lstrip()) + 1)
        return None

    def _split(self, g: _Pending, col: int) -> int:
        """A tag name repeated at column ``col`` (0-based): the next game starts there."""
        if col <= 0 or not g.lines[-1][:col].strip():
            g.lines.pop()
            return -1
        return col

    def _scan(self, g: _Pending, line: str, lineno: int, pos: int) -> int | None:
        """Lex a movetext line from ``pos``; see :meth:`_feed` for the return value."""
        moves = g.moves
        if pos == 0 and not g.depth and not g.dead and _FAST(line):
            found = _FIND(line)
            if found:
                g.star = None
                if g.tail is not None and g.tail[0] == L.GARBAGE:
                    self._garbage(g, g.tail)
                g.move_lines.append((len(moves), lineno, 0))
                if _PADDED(line):
                    first = next(t for t in found if " " in t)
                    g.warn(Quirk.PADDED_SQUARE, f"square numbers padded with a space "
                           f"({first!r}): read as {L.move_squares_text(first)!r}", lineno,
                           line.index(first) + 1, first)
                    found = [L.move_squares_text(t) for t in found]
                moves.extend(found)
                last = found[-1]
                g.tail = (L.MOVE_T, last, lineno, 0) if _TWO_NUMBERS.match(last) else None
            return None
        g.move_lines.append((len(moves), lineno, pos))
        for m in _TOKEN.finditer(line, pos):
            k = m.lastindex
            if g.star is not None and k != L.LINE_COMMENT:
                g.star = None  # something follows: '*' was a forced move (NAG 7)
            if g.tail is not None and g.depth == 0 and k != L.LINE_COMMENT:
                if g.tail[0] == L.GARBAGE:
                    self._garbage(g, g.tail)
                g.tail = None
            if k == _MOVE_T or k == 5 or k == 6:
                text = m.group(4)
                if " " in text:
                    g.warn(Quirk.PADDED_SQUARE, f"square numbers padded with a space "
                           f"({text!r}): read as {L.move_squares_text(text)!r}", lineno,
                           m.start(4) + 1, text)
                    text = L.move_squares_text(text)
                if g.depth == 0 and not g.dead:
                    moves.append(text)
                    if k != _MOVE_T:
                        a = g.annotation(len(moves))
                        if m.group(5) is not None:
                            _strength(a, m.group(5))
                        if m.group(6) is not None:
                            a[1].append(NAG_FORCED)
                            if not line[m.end():].strip():
                                g.star = (lineno, m.start(6) + 1)  # forced, or the end?
                    elif _TWO_NUMBERS.match(text):
                        g.tail = (L.MOVE_T, text, lineno, m.start(4) + 1)
            elif k == L.NUMBER or k == L.NUMBER_BLACK:
                if L.BARE_NUMBER.match(m.group(k)):
                    text = m.group(k)
                    g.warn(Quirk.BARE_MOVE_NUMBER, f"a move number without its dot "
                           f"({text!r}): read as a move number", lineno, m.start(k) + 1, text)
            elif k == _COMMENT:
                if g.depth == 0 and not g.dead:
                    g.annotation(len(moves))[0].append(m.group(k))
            elif k == _RESULT:
                if g.depth:
                    self._unclosed(g)
                g.result = (m.group(k), lineno, m.start(k) + 1)
                g.end = (lineno, m.end())
                return m.end()
            elif k == L.NAG or k == L.STRENGTH:
                if g.depth == 0 and not g.dead:
                    if not moves and g.root_nag_at is None and not g.complex:
                        g.root_nag_at = (lineno, m.start(k) + (k == L.STRENGTH))
                    a = g.annotation(len(moves))
                    if k == L.NAG:
                        a[1].append(int(m.group(k)))
                    else:
                        _strength(a, m.group(k))
            elif k == _COMMENT_OPEN:
                g.comment = [m.group(k)]
                g.comment_at = (lineno, m.start(k))
                return None
            elif k == L.LPAREN:
                g.depth += 1
                g.parens.append((lineno, m.start(k) + 1))
                g.complex = True
            elif k == L.RPAREN:
                if g.depth:
                    g.depth -= 1
                    g.parens.pop()
                elif not g.dead:
                    g.error(PdnSyntaxError, "')' without '('", lineno, m.start(k) + 1, ")")
                    g.dead = True
            elif k == L.SETUP:
                g.complex = True
            elif k == L.DASH:
                if g.depth == 0 and not g.dead:
                    g.dashes.append((len(moves), lineno, m.start(k) + 1))
                    g.tail = (L.DASH, m.group(k), lineno, m.start(k) + 1)
                else:
                    g.complex = True
            elif k == L.ELLIPSIS:
                if _WHITE_NUMBER_BEFORE.search(line, 0, m.start(k)):
                    g.ellipses.append((len(moves), lineno, m.start(k) + 1))
                else:
                    g.complex = True
            elif k == L.GARBAGE and not g.dead:
                text = m.group(k)
                tail = (L.GARBAGE, text, lineno, m.start(k) + 1)
                if g.depth == 0 and L.SCORE.match(text):
                    g.tail = tail  # a result if nothing follows it
                else:
                    self._garbage(g, tail)
        return None

    @staticmethod
    def _garbage(g: _Pending, tok: tuple[int, str, int, int]) -> None:
        _, text, line, col = tok
        g.error(PdnSyntaxError, f"unexpected {text!r}", line, col, text)
        g.dead = True

    # --- games ------------------------------------------------------------------------------

    def _finish(self, g: _Pending) -> Game:
        self.games += 1
        if g.star is not None and g.result is None and g.depth == 0:
            self._glued_end(g)  # the end of the file
        game = Game(self.variant or RUSSIAN, headers=g.headers)
        game.index = g.index
        game.line = g.first_line
        game.raw = "\n".join(g.lines)
        if g.comment is not None:  # the file ended inside a comment
            line, col = g.comment_at
            g.error(PdnSyntaxError, "unterminated comment: '{' without '}'", line, col, "{")
            g.comment = None
            g.dead = True
        if g.depth and g.result is None:
            self._unclosed(g)
        if self.source.lossy and "\ufffd" in game.raw:
            for i, text in enumerate(g.lines):
                if "\ufffd" in text:
                    g.error(PdnEncodingError, "bytes that the encoding cannot decode",
                            g.first_line + i, text.index("\ufffd") + 1, None)
                    break
        note = None
        try:
            note = self._validate(g, game)
        except Exception as e:  # a reader bug must not stop the file
            if isinstance(e, PdnError):
                g.errors.append(e)
            else:
                line = g.mt[0][0] if g.mt else g.first_line
                g.error(PdnError, f"internal error: {e!r}", line, 1, None)
        if note is not None:
            # "illegal under Russian rules" must say that Russian was only assumed
            for err in g.errors:
                if isinstance(err, (PdnMoveError, PdnFenError)):
                    err.message = f"{err.message} ({note})"
        g.errors.sort(key=lambda e: (e.line or 0, e.column or 0))
        game.errors = g.errors
        game.warnings = sorted(g.warnings.values(), key=lambda w: (w.line or 0, w.column or 0))
        self._count(game)
        return game

    def _count(self, game: Game) -> None:
        groups = self._groups
        for w in game.warnings:
            self.report[w.kind] = self.report.get(w.kind, 0) + 1
            group = groups.get((w.kind, w.message))
            if group is None:
                group = groups[w.kind, w.message] = WarningGroup(w)
            group.add(w)

    @property
    def file_warnings(self) -> list[WarningGroup]:
        """The warnings of the games read so far, each message once with the number of
        games that carry it and the first place (docs/pdn.md R13): 56 games without a
        GameType tag are one warning "in 56 games, from game 0", not 56.

        >>> reader = PdnReader("1. c3-d4 *\\n\\n1. e3-f4 *\\n", text=True)
        >>> _ = list(reader)
        >>> [(w.kind.value, w.games, w.first.index) for w in reader.file_warnings]
        [('variant-assumed', 2, 0)]
        """
        return group_warnings((), self._groups)

    def _validate(self, g: _Pending, game: Game) -> str | None:
        """Check the game: variant, starting position, result, moves. Returns the note of
        an assumed variant (for the messages of move errors), None if it was not assumed."""
        headers = g.headers
        # variant and numbering
        try:
            variant = variant_of_headers(headers, self.variant)
        except ValueError as e:
            line, col = g.tag_pos.get("GameType", g.tag_pos.get("Variant", (g.first_line, 1)))
            g.error(PdnTagError, str(e), line, col, headers.get("GameType"))
            return None
        fen = headers.get("FEN")
        if fen is not None and fen.strip() in ("", "?"):
            fen = None
        note = None
        if variant is None:
            variant, seen = infer_variant(" ".join(g.moves), fen)
            if (g.result is None and g.tail is not None and g.tail[0] == L.MOVE_T
                    and not _can_be_move(variant, g.tail[1])):
                # a last "move" that is a score (4-6) tells nothing of the board
                variant, seen = infer_variant(" ".join(g.moves[:-1]), fen)
            note = f"no GameType tag: read as {variant.title}, from the {seen}"
            g.warn(Quirk.VARIANT_ASSUMED, note, g.first_line, 1)
        corner = 2
        gt_text = headers.get("GameType")
        if gt_text and gt_text.strip():
            gt = parse_gametype(gt_text)
            if gt.defaulted:
                line, col = g.tag_pos.get("GameType", (g.first_line, 1))
                g.warn(Quirk.GAMETYPE_DEFAULTS, f"GameType {gt_text!r} gives no board size "
                       f"or no notation digit: read as {gt.full()!r}, the GameType table's "
                       "values", line, col, gt_text)
                headers["GameType"] = gt_text = gt.full()  # what was read
            if gt.notation == "N" and any(_ALGEBRAIC_SQUARE(t) for t in g.moves):
                # GameType 20 on 8x8 algebraic moves (shashkispark): the squares decide
                board, seen = infer_variant(" ".join(g.moves), fen)
                if board is RUSSIAN and board.geometry != variant.geometry:
                    line, col = g.tag_pos.get("GameType", (g.first_line, 1))
                    note = (f"GameType {gt_text!r} names {variant.title} in numeric notation "
                            f"but the moves are algebraic: read as {board.title}, from the "
                            f"{seen}")
                    g.warn(Quirk.VARIANT_ASSUMED, note, line, col, gt_text)
                    variant = board
                    headers["GameType"] = str(gametype_number(board))  # what was read
            elif gt.notation == "N" and gt.corner != 2:
                corner = gt.corner
                g_ = variant.geometry
                headers["GameType"] = (f"{gt.number},{gt.start},{g_.files},{g_.ranks},N2,"
                                       f"{gt.invert}")
        game.variant = variant
        # starting position
        start = self._start(variant, fen, corner)
        if isinstance(start, InvalidFen):
            line, col = g.tag_pos.get("FEN", (g.first_line, 1))
            err_col = col + (start.column - 1 if start.column else 0)
            g.error(PdnFenError, f"invalid FEN tag: {start.reason}", line, err_col, fen)
            return note
        assert isinstance(start, Position)
        if fen is not None and corner != 2:
            headers["FEN"] = write_fen(start, variant)
        # result
        self._tail(g, variant)
        self._result(g, variant)
        if g.complex or g.dashes:
            self._build(g, game, variant, start, corner)
        else:
            self._replay(g, game, variant, start, corner)
        return note

    def _start(self, variant: Variant, fen: str | None, corner: int) -> Position | Exception:
        key = (variant.name + str(corner), fen)
        got = self._starts.get(key)
        if got is None:
            try:
                text = fen if fen is not None else variant.initial_fen
                if fen is not None and corner != 2:
                    text = renumber_fen(text, variant.geometry, corner)
                got = parse_fen(text, variant)
            except InvalidFen as e:
                got = e
            if len(self._starts) > 4096:
                self._starts.clear()
            self._starts[key] = got
        return got

    def _tail(self, g: _Pending, variant: Variant) -> None:
        """A movetext without a result that ends with ``-``, a score (``3-0``) or two
        squares no move joins (``4-6``): that token is the game's result (docs/pdn.md R5)."""
        if g.result is not None or g.tail is None:
            return
        kind, text, line, col = g.tail
        if kind == L.MOVE_T:
            if _can_be_move(variant, text):
                return
            if not col:
                line, col = self._locate(g, len(g.moves) - 1)
            g.moves.pop()
        elif kind == L.DASH:
            g.dashes.pop()
        g.result = (text, line, col)
        g.end = (line, col - 1)
        g.warn(Quirk.RESULT_NONSTANDARD, f"the movetext ends with {text!r}, which no "
               "GameType has as a result: read as the game's result, not as a move", line,
               col, text)

    def _result(self, g: _Pending, variant: Variant) -> None:
        """The ``Result`` tag, in the GameType's own tokens; the tag wins over the movetext
        (docs/pdn.md R5)."""
        headers = g.headers
        tag = headers.get("Result")
        tag_meaning = None
        if tag is not None:
            line, col = g.tag_pos.get("Result", (g.first_line, 1))
            if tag != tag.strip():
                g.warn(Quirk.RESULT_SPACE, f"Result tag {tag!r} with spaces round the "
                       f"result: read as {tag.strip()!r}", line, col, tag)
                tag = tag.strip()
            tag_meaning = result_meaning(tag)
            if tag_meaning is not None:
                headers["Result"] = result_token(tag_meaning, variant)
            else:
                headers["Result"] = tag
                if tag in _UNKNOWN_RESULTS:
                    tag = None  # an unknown value: the movetext may say more
                elif g.result is None or g.result[0] != tag:  # else warned of as the token
                    g.warn(Quirk.RESULT_NONSTANDARD, f"Result tag {tag!r}, which no GameType "
                           "has as a result: kept as written", line, col, tag)
        if g.result is None:
            if "Result" not in headers:
                headers["Result"] = "*"
            if g.dead:
                return  # the error that stopped reading says more
            line, col = self._end_of(g)
            g.warn(Quirk.NO_RESULT, "the movetext ends without a result: the game's result "
                   f"is {headers['Result']!r}", line, col)
            return
        token, line, col = g.result
        if tag is None:
            headers["Result"] = normalize_result(token, variant)
            return
        token_meaning = result_meaning(token)
        if token_meaning is not None and tag_meaning is not None and token_meaning != tag_meaning:
            g.warn(Quirk.RESULT_MISMATCH, f"the game ends with {token!r} but its Result tag "
                   f"says {tag!r}: the tag's result is kept", line, col, token)

    @staticmethod
    def _end_of(g: _Pending) -> tuple[int, int]:
        """Line and column just after the game's last text."""
        for lineno, text, _ in reversed(g.mt):
            if text.strip():
                return lineno, len(text.rstrip()) + 1
        return g.first_line, 1

    # --- the fast path: kernels -------------------------------------------------------------

    def _squares(self, variant: Variant, corner: int, text: str) -> bytes | str:
        """Bit indices of the squares a move text names, or why it names none."""
        board = self._boards.get(variant.name)
        if board is None:
            board = self._boards[variant.name] = Board(variant)
        try:
            squares = split_squares(board, text)
        except ShashkiError as e:
            return str(e)
        g = variant.geometry
        if corner != 2 and not any(c.isalpha() and c not in "xX" for c in text):
            table = renumber(g, corner)
            squares = [table[s] for s in squares]
        return bytes(g.bit(s) for s in squares)

    def _replay(self, g: _Pending, game: Game, variant: Variant, start: Position,
                corner: int) -> None:
        moves = g.moves
        turn = start.turn
        # "1. ... 7-12" is Black's first move when Black is to move; else an unknown move
        for ply, _line, _col in g.ellipses:
            if (turn + ply) % 2 == 0:
                self._build(g, game, variant, start, corner)
                return
        if g.root_nag_at is not None:
            g.error(PdnSyntaxError, "a NAG or move strength before the first move",
                    *g.root_nag_at, None)
        run = self._kernels(variant, corner, start, moves)
        rep, overrides, code, bad_message = run
        root = g.ann.pop(0, None)
        if root is not None:  # the game's own comment is no node: set it now
            apply_annotations(game, root)
        game._lazy = _Lazy(rep, g.ann, overrides)
        if code != 0 or bad_message is not None:
            done = rep.played
            text = moves[done]
            fen = write_fen(Position(*rep.final), variant)
            message = bad_message if code == 0 else _move_message(Board(variant, fen), text)
            assert message is not None
            line, col = self._locate(g, done)
            g.errors.append(PdnMoveError(
                message, index=g.index, line=line, column=col, text=text,
                ambiguous=code == -2, fen=fen, ply=done))

    def _kernels(self, variant: Variant, corner: int, start: Position, moves: list[str]
                 ) -> tuple[Replay, dict[int, Move], int, str | None]:
        """Replay move texts with the kernels: ``(replay, moves Board chose, code, why the
        first unreadable move text is unreadable)``; ``replay.played`` plies were legal."""
        _scratch()  # first: it loads the kernels
        key = (variant.name, corner)
        cache = self._cache.get(key)
        if cache is None:
            cache = self._cache[key] = {}
            self._bad[key] = {}
        bad_message = None
        try:
            parts = [cache[t] for t in moves]
        except KeyError:
            bad = self._bad[key]
            if len(cache) > 200_000:
                cache.clear()
            if len(bad) > 20_000:
                bad.clear()
            for t in moves:
                if t not in cache and t not in bad:
                    got = self._squares(variant, corner, t)
                    if isinstance(got, bytes):
                        cache[t] = got
                    else:
                        bad[t] = got
            parts = []
            for t in moves:
                got_b = cache.get(t)
                if got_b is None:
                    bad_message = bad[t]
                    break
                parts.append(got_b)
        rep, overrides, code, _ = self._run(variant, start, parts, moves)
        return rep, overrides, code, bad_message

    def _run(self, variant: Variant, start: Position, parts: list[bytes],
             moves: list[str] | None) -> tuple[Replay, dict[int, Move], int, str | None]:
        """Replay squares (bit-index bytes per ply) in the kernels; ``moves`` are the texts
        (needed only to settle what the kernels call ambiguous; None: give up there)."""
        scratch = _scratch()
        n = len(parts)
        offsets = np.fromiter(accumulate(map(len, parts), initial=0), dtype=np.int64,
                              count=n + 1)
        squares = np.frombuffer(b"".join(parts), dtype=np.uint8).astype(np.uint64)
        state = np.array(start[:4], dtype=np.uint64)
        rows = np.empty((n, _ROW), dtype=np.uint64)
        geo, rules = variant.kernel_arrays()
        done = 0
        overrides: dict[int, Move] = {}
        while True:
            played, code = _kernel_replay(state, geo, rules, squares, offsets[done:],
                                          rows[done:], *scratch)
            done += int(played)
            if code not in (-1, -2) or moves is None:
                break
            # The kernels call a complete path ambiguous when it is also part of a longer
            # route, and know only the route each move keeps; notation.parse_move takes a
            # complete path as naming its own move, and the full path of any route of a
            # move as naming that move. Board decides.
            board = Board(variant, write_fen(Position(*(int(x) for x in state)), variant))
            try:
                move = board.parse_move(moves[done])
            except IllegalMove:
                break
            overrides[done] = move
            board.push(move)
            state[:] = board.position
            done += 1
        final = (int(state[0]), int(state[1]), int(state[2]), int(state[3]))
        return _Replay(variant, rows, done, int(code), final), overrides, int(code), None

    def _locate(self, g: _Pending, ply: int) -> tuple[int, int]:
        """Line and column of main-line move ``ply`` (found again only for an error)."""
        entries = g.move_lines
        i = bisect_right([e[0] for e in entries], ply) - 1
        count, lineno, start = entries[max(i, 0)]
        line = g.lines[lineno - g.first_line]
        k = ply - count
        for m in _TOKEN.finditer(line, start):
            if m.group(4) is not None:
                if k == 0:
                    return lineno, m.start(4) + 1
                k -= 1
        return lineno, start + 1  # pragma: no cover

    # --- the general path: boards ----------------------------------------------------------

    def _build(self, g: _Pending, game: Game, variant: Variant, start: Position,
               corner: int) -> None:
        """The tree, node by node with :class:`Board` (variations, setups, unknown moves)."""
        segments = g.mt
        if g.end is not None and segments and segments[-1][0] == g.end[0]:
            lineno, text, s = segments[-1]
            segments = [*segments[:-1], (lineno, text[: g.end[1]], s)]
        tokens = L.tokenize(segments)
        board = Board(variant, write_fen(start, variant))
        _TreeBuilder(g, game, variant, tokens, corner).build(board)


def _annotated(body: str) -> tuple[list[str], dict[int, list[Any]]] | None:
    """The tokens of a movetext whose only annotations are comments (clock commands too),
    NAGs and move strengths, without them, and the annotations by ply as the line machine
    gathers them (``{ply: [comments, NAGs, strength]}``); None for anything else.

    >>> _annotated("1. c3-d4! {good [%clk 0:05:00]} f6-g5 $2 *")
    (['1.', 'c3-d4', 'f6-g5', '*'], {1: [['good [%clk 0:05:00]'], [1], ''], 2: [[], [2], '']})
    """
    pieces = _COMMENT_SPLIT(body)
    ann: dict[int, list[Any]] = {}
    toks: list[str] = []
    plies = 0
    for i, piece in enumerate(pieces):
        if toks and toks[-1] in _RESULTS and (i % 2 or piece.strip()):
            return None  # something after the result: the line machine splits the games
        if i % 2:
            a = ann.get(plies)
            if a is None:
                a = ann[plies] = [[], [], ""]
            a[0].append(piece)
            continue
        if _NOT_QUICK(piece):
            return None  # variations, setups, line comments, a brace left open...
        for t in piece.split():
            if toks and toks[-1] in _RESULTS:
                return None
            if t[0] == "$":
                if not plies or not t[1:].isdigit():
                    return None
                a = ann.get(plies)
                if a is None:
                    a = ann[plies] = [[], [], ""]
                a[1].append(int(t[1:]))
                continue
            if t[-1] in "!?":
                m = _STRENGTH_AFTER(t)
                if m is None:
                    return None
                t, strength = m.group(1), m.group(2)
                if t:
                    toks.append(t)
                    plies += t not in _NUMBERS
                if not plies:
                    return None
                a = ann.get(plies)
                if a is None:
                    a = ann[plies] = [[], [], ""]
                _strength(a, strength)
                continue
            toks.append(t)
            if t not in _NUMBERS:
                plies += 1
    return toks, ann


def _junk(line: str) -> int:
    """1-based column of the text ``\\r`` at the end of a line (0: none)."""
    if "\\r" not in line:
        return 0
    m = L.LITERAL_CR.search(line)
    return m.start() + 1 if m is not None else 0


#: What files joined one after another leave between them: a byte order mark, DOS's
#: end-of-file Ctrl-Z, NUL, zero-width spaces; read as spaces (columns keep their place).
_STRAY_CHARS = "\ufeff\x1a\x00\u200b\u2060"
_STRAY_TABLE = str.maketrans(dict.fromkeys(_STRAY_CHARS, " "))
_STRAY_FIND = re.compile(f"[{_STRAY_CHARS}]").search


def _stray(line: str) -> int:
    """1-based column of the first stray character of a line (0: none)."""
    m = _STRAY_FIND(line)
    return m.start() + 1 if m is not None else 0


def _stray_warning(g: _Pending, lineno: int, column: int, raw: str) -> None:
    char = raw[column - 1]
    g.warn(Quirk.STRAY_CHARACTER, f"the character U+{ord(char):04X} (a byte order mark, "
           "Ctrl-Z, NUL or zero-width space of files joined together): read as a space",
           lineno, column, char)


def _junk_warning(g: _Pending, lineno: int, column: int) -> None:
    g.warn(Quirk.LITERAL_CR, "the text '\\r' after the line (the line end written as text): "
           "skipped", lineno, column, "\\r")


def _repeats(g: _Pending, line: str) -> bool:
    """Whether the first tag of a line names a tag the game already has."""
    m = _FIRST_NAME.match(line)
    return m is not None and m.group(1) in g.headers


def _opens_game(line: str) -> bool:
    """Whether a tag line is ``[Event ...]``, the first tag of a game's tag section (the
    Seven Tag Roster's order, PDN 3.0 doc/pdntags.rst after PGN 8.1.1): after a blank
    line it starts the next game even when the game before has no Event tag."""
    m = _FIRST_NAME.match(line)
    return m is not None and m.group(1) == "Event"


def _can_be_move(variant: Variant, text: str) -> bool:
    """Whether a two-square numeric text names two squares on one diagonal of the board
    (or squares off it: then it is a bad move, not a result)."""
    m = _TWO_NUMBERS.match(text)
    if m is None:
        return True
    g = variant.geometry
    a, b = int(m.group(1)), int(m.group(2))
    if not (1 <= a <= g.squares and 1 <= b <= g.squares):
        return True
    (fa, ra), (fb, rb) = g.file_rank(a), g.file_rank(b)
    return a != b and abs(fa - fb) == abs(ra - rb)


def _empty(g: _Pending) -> bool:
    """Only line comments and blank lines: no game (say, a ``%`` comment after the last)."""
    return not g.headers and not g.movetext and not g.errors


def _strength(a: list[Any], text: str) -> None:
    nag = STRENGTH_NAGS.get(text)
    if nag is not None:
        a[1].append(nag)
    else:
        a[2] = text


def _move_message(board: Board, text: str) -> str:
    try:
        board.parse_move(text)
    except IllegalMove as e:
        return str(e)
    return f"move {text!r} is not legal here"  # pragma: no cover - kernel and Board agree


def _scratch() -> tuple[Any, ...]:
    """This thread's scratch arrays of the kernels (:func:`shashki.rules.movegen.scratch`);
    the first call loads the kernels, which import numba only when a game is replayed."""
    global _kernel_replay, _ROW, _Replay, _thread_scratch
    if _thread_scratch is None:
        from shashki.rules import kernels as K
        from shashki.rules.movegen import Replay, scratch

        _kernel_replay, _ROW, _Replay, _thread_scratch = K.replay, K.ROW, Replay, scratch
    return _thread_scratch()


_kernel_replay: Any = None
_ROW = 0
_Replay: Any = None
_thread_scratch: Callable[[], tuple[Any, ...]] | None = None


class _Line:
    """Where the tree builder stands in one line (the main line or a variation)."""

    __slots__ = ("after_number", "before", "before_turn", "board", "node", "parent",
                 "pending", "top", "turn")

    def __init__(self, parent: GameNode, board: Board | None, turn: int, top: bool) -> None:
        self.parent = parent
        self.node = parent
        self.board = board
        self.turn = turn
        self.before: Board | None = None
        self.before_turn = turn
        self.pending: list[str] = []
        self.after_number = False
        self.top = top


class _TreeBuilder:
    """Builds a game's tree from tokens with a :class:`Board`, variation by variation.

    Variations nest on an explicit stack, not on Python's: a file with thousands of
    nested variations is read like any other."""

    def __init__(self, g: _Pending, game: Game, variant: Variant, tokens: list[L.Token],
                 corner: int) -> None:
        self.g = g
        self.game = game
        self.variant = variant
        self.toks = tokens
        self.corner = corner
        self.comments: dict[int, tuple[GameNode, list[str]]] = {}
        self._starting: list[tuple[GameNode, list[str]]] = []

    def build(self, board: Board) -> None:
        self._lines(board)
        for node, texts in self.comments.values():
            text, clock = ClockTimes.parse(" ".join(texts))
            node.comment = normalize_comment(text)
            if clock is not None:
                node.clock = clock
        for node, texts in self._starting:
            node.starting_comment = normalize_comment(" ".join(texts))

    def _comment(self, node: GameNode, text: str) -> None:
        entry = self.comments.get(id(node))
        if entry is None:
            self.comments[id(node)] = (node, [text])
        else:
            entry[1].append(text)

    def _skip(self, i: int, top: bool) -> int:
        """Index after the end of the current variation (the end of the tokens at top)."""
        if top:
            return len(self.toks)
        depth = 0
        toks = self.toks
        while i < len(toks):
            k = toks[i][0]
            if k == L.LPAREN:
                depth += 1
            elif k == L.RPAREN:
                if depth == 0:
                    return i + 1
                depth -= 1
            i += 1
        return i

    def _error(self, cls: type[PdnError], message: str, tok: L.Token, **kw: Any) -> None:
        self.g.errors.append(cls(message, index=self.g.index, line=tok[2], column=tok[3],
                                 text=tok[1], **kw))

    def _lines(self, board: Board) -> None:
        toks = self.toks
        n = len(toks)
        game = self.game
        f = _Line(game, board, board.turn.value, True)
        stack: list[_Line] = []
        i = 0
        while i < n:
            tok = toks[i]
            kind, text = tok[0], tok[1]
            if kind == L.NUMBER:
                f.after_number = True
                i += 1
                continue
            skip = False  # an error: the rest of this line is not read
            if kind == L.MOVE_T:
                if f.board is None:
                    self._error(PdnMoveError, f"move {text!r} after an unknown move: the "
                                "position is not known (a /FEN \"...\"/ setup must follow "
                                "an unknown move)", tok)
                    skip = True
                else:
                    try:
                        move = f.board.parse_move(text)
                    except IllegalMove as e:
                        message = str(e)
                        self._error(PdnMoveError, message, tok,
                                    ambiguous=message.startswith("ambiguous"),
                                    fen=f.board.fen(), ply=f.node.ply())
                        skip = True
                    else:
                        f.before, f.before_turn = f.board.copy(stack=False), f.turn
                        f.board.push(move)
                        f.node = self._child(f.node, move, f.pending)
                        f.pending = []
                        f.turn ^= 1
            elif kind in (L.STRENGTH, L.STRENGTH_ATTACHED, L.FORCED, L.NAG):
                node = f.node
                if node is f.parent:
                    self._error(PdnSyntaxError, "a NAG or move strength before the first move",
                                tok)
                elif kind == L.NAG:
                    node.nags.add(int(text))
                elif kind == L.FORCED:
                    node.nags.add(NAG_FORCED)
                elif text in STRENGTH_NAGS:
                    node.nags.add(STRENGTH_NAGS[text])
                else:
                    node.strength = text
            elif kind in (L.COMMENT, L.COMMENT_OPEN):
                if f.node is f.parent and not (f.top and f.parent is game):
                    f.pending.append(text)
                else:
                    self._comment(f.node, text)
            elif kind == L.LPAREN:
                if f.node is f.parent:
                    self._error(PdnSyntaxError, "a variation before any move", tok)
                    i = self._skip(i + 1, False)
                    continue
                parent = f.node.parent
                assert parent is not None
                stack.append(f)
                f = _Line(parent, f.before.copy() if f.before is not None else None,
                          f.before_turn, False)
                i += 1
                continue
            elif kind == L.RPAREN:
                if not f.top:
                    self._flush(f.node, f.pending)
                    f = stack.pop()
                    i += 1
                    continue
            elif kind == L.SETUP:
                m = L.SETUP_FEN.match(text)
                if m is None:
                    self._error(PdnSyntaxError, f"unknown setup command /{text}/: expected "
                                "/FEN \"...\"/", tok)
                    skip = True
                else:
                    fen = m.group(1)
                    if self.corner != 2:
                        fen = renumber_fen(fen, self.variant.geometry, self.corner)
                    try:
                        new = setup_board(self.variant, fen, f.board)
                    except InvalidFen as e:
                        self._error(PdnFenError, f"invalid setup FEN: {e.reason}", tok)
                        skip = True
                    except PdnError as e:
                        self._error(PdnFenError, e.message, tok)
                        skip = True
                    else:
                        f.before, f.before_turn = f.board, f.turn
                        child = self._child(f.node, None, f.pending)
                        f.pending = []
                        child.setup_fen = fen.strip() if _is_null(fen) else new.fen()
                        f.node, f.board, f.turn = child, new, new.turn.value
            elif kind in (L.ELLIPSIS, L.DASH):
                if not (kind == L.ELLIPSIS and f.after_number and f.turn == 1):
                    f.before, f.before_turn = f.board, f.turn
                    f.node = self._child(f.node, None, f.pending)
                    f.pending = []
                    f.board = None
                    f.turn ^= 1
            elif kind == L.RESULT:
                while stack:  # the lines around this one end with it
                    f = stack.pop()
                    self._flush(f.node, f.pending)
                break
            elif kind == L.GARBAGE:
                skip = True
            if skip:
                # the rest of this line is lost; its parent line goes on after it
                i = self._skip(i, f.top)
                if f.top:
                    break
                f = stack.pop()
                continue
            f.after_number = False
            i += 1
        else:
            self._flush(f.node, f.pending)
            while stack:  # variations left open at the end (reported by the line machine)
                f = stack.pop()
                self._flush(f.node, f.pending)

    def _flush(self, node: GameNode, pending: list[str]) -> None:
        """Comments at the end of a line with no move after them go to its last node."""
        if pending:
            self._comment(node, " ".join(pending))

    def _child(self, node: GameNode, move: Any, pending: list[str]) -> ChildNode:
        child = ChildNode(node, move)
        if pending:
            self._starting.append((child, pending))
        return child


def _is_null(fen: str) -> bool:
    return is_null_setup(fen)


def _variant(variant: VariantArg) -> Variant:
    if variant is None:
        return RUSSIAN
    if isinstance(variant, Variant):
        return variant
    return variant_by_name(variant)


# --- public functions -------------------------------------------------------------------


def iter_games(source: Source, variant: VariantArg = None, encoding: str | None = None
               ) -> Iterator[Game]:
    """Every game of a PDN file (a path or a binary or text stream), one at a time.

    Broken games are yielded too, with ``game.errors``; nothing is skipped. ``variant``
    applies to games without a ``GameType`` tag (default Russian); ``encoding`` overrides
    the detection of UTF-8, UTF-8 with BOM and Windows-1251.

    >>> import io
    >>> games = iter_games(io.StringIO("1. c3-d4 *\\n\\n1. c3-b4 *\\n"))
    >>> [g.next().move for g in games]
    [Move((22, 18)), Move((22, 17))]
    """
    return iter(PdnReader(source, variant, encoding))


def read_games(text: str, variant: VariantArg = None) -> list[Game]:
    """Every game of a PDN text.

    >>> [g.ply_count() for g in read_games("1. c3-d4 *\\n\\n1. c3-b4 f6-g5 *\\n")]
    [1, 2]
    """
    return list(PdnReader(text, variant, text=True))


def read_game(handle: str | IO[str] | IO[bytes], variant: VariantArg = None) -> Game | None:
    """The first game of a PDN text, or the next game of a stream; None when there is none.

    On a seekable text stream the stream is left after the game, so that repeated calls
    read the games one by one, as with ``chess.pgn.read_game``.

    >>> game = read_game('[White "Ivanov"]\\n1. c3-d4 f6-g5 1-0')
    >>> game.headers["White"], game.headers["Result"], game.end_fen()[:8]
    ('Ivanov', '1-0', 'W:W18,21')
    """
    if isinstance(handle, str):
        for game in PdnReader(handle, variant, text=True).read(
                LineSource(handle, text=True), limit=1):
            return game
        return None
    if isinstance(handle, io.TextIOBase) or (
            hasattr(handle, "readline") and isinstance(getattr(handle, "encoding", None), str)):
        return _read_one(handle, variant)  # type: ignore[arg-type]
    for game in PdnReader(handle, variant).read(LineSource(handle), limit=1):
        return game
    return None


def _read_one(stream: IO[str], variant: VariantArg) -> Game | None:
    reader = PdnReader(io.StringIO(""), variant)
    marks: list[int | None] = [None]

    def lines() -> Iterator[str]:
        while True:
            try:
                marks[0] = stream.tell()
            except (OSError, ValueError):
                marks[0] = None
            line = stream.readline()
            if not line:
                return
            yield line[:-1] if line.endswith("\n") else line

    for game in reader.read(lines(), limit=1):
        if reader._pushed_back and marks[0] is not None:
            stream.seek(marks[0])
        return game
    return None


def open_pdn(path: str | os.PathLike[str], variant: VariantArg = None,
             encoding: str | None = None) -> PdnReader:
    """A :class:`PdnReader` over a file (``with open_pdn(p) as r: for game in r: ...``).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "two.pdn"
    >>> _ = path.write_text("1. c3-d4 *\\n\\n1. g3-h4 *\\n", encoding="cp1251")
    >>> with open_pdn(path) as reader:
    ...     print(sum(1 for _ in reader), reader.position == reader.size)
    2 True
    """
    return PdnReader(path, variant, encoding)
