"""Writing PDN: canonical text per GameType, under 80 columns, that reads back equal.

* Tags: the seven-tag roster first, then the others in the order they were set; a
  ``GameType`` whose notation letter disagrees with the moves written is given in full
  (``25,W,8,8,N2,0`` for numeric Russian).
* Moves: start and end square unless another legal move shares both (then the full
  path), in the GameType's notation (Russian and Brazilian algebraic, International
  numeric, or as asked) and with its capture separator (``:`` for Russian, ``x``
  otherwise); move numbers ``1.`` and, after a comment, variation or setup, ``1...``.
* Annotations: NAGs as ``$n`` (move strengths become NAGs), strengths that no NAG stands
  for as written, comments in braces with clock commands first, variations in
  parentheses, setup commands ``/FEN "..."/``, unknown moves ``...``.
* The result in the GameType's tokens: ``2-0 1-1 0-2`` for International, ``1-0 1/2-1/2
  0-1`` otherwise; a result no GameType has (``-``, ``4-6``) stays in the Result tag and
  the movetext ends with ``*``, the one PDN 3.0 terminator for it.

>>> from shashki.pdn import read_game
>>> game = read_game('[GameType "25"]\\n1. c3-d4 {[%clk 0:05:00]} f6-e5 (b6-a5 $2) 2-0')
>>> print(write_game(game), end="")
[Result "1-0"]
[GameType "25"]
<BLANKLINE>
1. c3-d4 {[%clk 0:05:00]} 1... f6-e5 (1... b6-a5 $2) 1-0
>>> print(write_game(game, notation="numeric").splitlines()[-1])
1. 22-18 {[%clk 0:05:00]} 1... 11-15 (1... 9-13 $2) 1-0
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Protocol

from shashki.board import Board
from shashki.move import Move
from shashki.notation import Style, move_text
from shashki.pdn.annotations import ClockTimes, normalize_comment, setup_board
from shashki.pdn.errors import PdnError
from shashki.pdn.gametype import (
    CAPTURE_SEPARATOR,
    gametype_for_output,
    gametype_number,
    native_style,
    normalize_result,
    result_meaning,
    result_token,
)
from shashki.pdn.lexer import escape
from shashki.rules import Variant

_FULLMOVE = re.compile(r":F(\d+)\s*\.?\s*$")


class GameNode(Protocol):
    """What the writer reads of a node of a game tree (:class:`shashki.pdn.GameNode`)."""

    @property
    def move(self) -> Move | None: ...
    @property
    def comment(self) -> str: ...
    @property
    def starting_comment(self) -> str: ...
    @property
    def nags(self) -> set[int]: ...
    @property
    def strength(self) -> str: ...
    @property
    def clock(self) -> ClockTimes | None: ...
    @property
    def setup_fen(self) -> str | None: ...
    @property
    def variations(self) -> Sequence[GameNode]: ...

    def game(self) -> Game: ...


class Game(GameNode, Protocol):
    """What the writer reads of a game (:class:`shashki.pdn.Game`)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def headers(self) -> Mapping[str, str]: ...
    @property
    def result(self) -> str: ...

    def starting_fen(self) -> str | None: ...

    def board(self) -> Board: ...


class PdnWriter:
    """Writes games as PDN text; ``notation`` is ``algebraic``, ``numeric`` or None (the
    GameType's own); lines are kept shorter than ``columns``.

    >>> from shashki.pdn import read_game
    >>> PdnWriter(notation="numeric").write(read_game("1. c3-d4 f6-g5 *")).splitlines()[-1]
    '1. 22-18 11-16 *'
    """

    def __init__(self, notation: str | None = None, columns: int = 80) -> None:
        if notation not in (None, "algebraic", "numeric"):
            raise ValueError(f"notation must be 'algebraic' or 'numeric', not {notation!r}")
        self.notation = notation
        self.columns = columns

    def write(self, game: Game) -> str:
        """The game as PDN text, ending with a newline."""
        style = self.notation or native_style(game.variant, game.headers.get("GameType"))
        self._style = Style(style)
        self._sep = CAPTURE_SEPARATOR.get(gametype_number(game.variant), "x")
        lines = []
        for name, value in game.headers.items():
            if name == "GameType":
                value = gametype_for_output(game.variant, value, style) or value
            elif name == "Result":
                value = normalize_result(value, game.variant)
            lines.append(f'[{name} "{escape(value)}"]')
        tokens: list[str] = []
        self._tokens = tokens
        root_comment = self._comment_tokens(game)
        tokens.extend(root_comment)
        board = game.board()
        fen = game.starting_fen() or ""
        m = _FULLMOVE.search(fen)
        number = int(m.group(1)) if m else 1
        self._line(game, board, number, board.turn.value, True)
        tokens.append(terminator(game.result, game.variant))
        body = self._wrap(tokens)
        return ("\n".join(lines) + "\n\n" if lines else "") + body + "\n"

    # --- movetext -----------------------------------------------------------------------

    def _line(self, node: GameNode, board: Board | None, number: int, turn: int,
              force: bool) -> None:
        """Write the main line from ``node`` on, with the alternatives at each step.

        Variations nest on an explicit stack of :meth:`_steps` generators, not on
        Python's: a tree nested thousands of variations deep is written like any other."""
        stack = [self._steps(node, board, number, turn, force)]
        while stack:
            inner = next(stack[-1], None)
            if inner is None:
                stack.pop()
            else:
                stack.append(inner)

    def _steps(self, node: GameNode, board: Board | None, number: int, turn: int,
               force: bool) -> Iterator[Iterator[Any]]:
        """:meth:`_line`'s work; it yields the writing of each variation, to be run to its
        end before this one goes on."""
        while node.variations:
            main, *alts = node.variations
            force = self._node(main, board, number, turn, force, start=False)
            for alt in alts:
                opening = len(self._tokens)
                b = board.copy(stack=False) if board is not None else None
                forced = self._node(alt, b, number, turn, True, start=True)
                b, n2, t2 = self._after(alt, b, number, turn)
                yield self._steps(alt, b, n2, t2, forced)
                # parentheses stick to the first and last token: no line break inside them
                self._tokens[opening] = "(" + self._tokens[opening]
                self._tokens[-1] += ")"
                force = True
            board, number, turn = self._after(main, board, number, turn)
            node = main

    def _after(self, node: GameNode, board: Board | None, number: int, turn: int
               ) -> tuple[Board | None, int, int]:
        """Board, move number and side to move after ``node`` (``board`` is updated)."""
        game = node.game()
        if node.setup_fen is not None:
            b = setup_board(game.variant, node.setup_fen, board)
            # Black's turn went by (a null move, say): White's next move is the next number
            return b, number + (turn == 1 and b.turn.value == 0), b.turn.value
        if node.move is None:
            board = None
        elif board is not None:
            board.push(node.move)
        return board, number + turn, 1 - turn

    def _node(self, node: GameNode, board: Board | None, number: int, turn: int,
              force: bool, start: bool) -> bool:
        """Write one node; return whether the next move needs its number."""
        out = self._tokens
        starting = normalize_comment(node.starting_comment) if start else ""
        if starting:
            if "}" in starting:
                raise ValueError(f"a PDN comment cannot contain '}}': {starting!r}")
            out.extend(self._words(starting, ""))
            force = True
        if node.setup_fen is not None:
            out.append(f'/FEN "{compact_fen(node.setup_fen)}"/')
        else:
            if node.move is None:
                text = "..."
            elif board is None:
                raise PdnError(f"cannot write move {node.move} after an unknown move "
                               "without a setup command")
            else:
                text = move_text(board, node.move, self._style, capture_sep=self._sep)
            if turn == 0:
                text = f"{number}. {text}"
            elif force:
                text = f"{number}... {text}"
            out.append(text + node.strength)
        out.extend(f"${n}" for n in sorted(node.nags))
        comment = self._comment_tokens(node)
        out.extend(comment)
        return bool(comment) or node.setup_fen is not None

    def _comment_tokens(self, node: GameNode) -> list[str]:
        text = normalize_comment(node.comment)
        commands = node.clock.commands() if node.clock is not None else ""
        if not text and not commands:
            return []
        if "}" in text:
            raise ValueError(f"a PDN comment cannot contain '}}': {text!r}")
        return self._words(text, commands)

    @staticmethod
    def _words(text: str, commands: str) -> list[str]:
        parts = re.findall(r"\[%[^\]]*\]", commands) + text.split()
        parts[0] = "{" + parts[0]
        parts[-1] = parts[-1] + "}"
        return parts

    def _wrap(self, tokens: list[str]) -> str:
        """Tokens joined by spaces, a line break instead when a line would reach
        ``columns`` (a token longer than that stands alone on its line)."""
        width = self.columns - 1
        lines: list[str] = []
        cur = ""
        for tok in tokens:
            if not cur:
                cur = tok
            elif len(cur) + 1 + len(tok) <= width:
                cur += " " + tok
            else:
                lines.append(cur)
                cur = tok
        lines.append(cur)
        return "\n".join(lines)


def terminator(result: str, variant: Variant) -> str:
    """The token that ends the movetext: the GameType's own for a result it has, ``*``
    for any other string (docs/pdn.md W6).

    >>> from shashki.rules import INTERNATIONAL
    >>> terminator("1-0", INTERNATIONAL), terminator("-", INTERNATIONAL)
    ('2-0', '*')
    """
    return result_token(meaning, variant) if (meaning := result_meaning(result)) else "*"


_RUN = re.compile(r"(K?)(\d+)")


def compact_fen(fen: str) -> str:
    """A FEN with runs of three or more consecutive squares written as ranges.

    >>> compact_fen("W:W31,32,33,34,K45:B1,2,3,7")
    'W:W31-34,K45:B1-3,7'
    """
    head, *blocks = fen.split(":")
    out = [head]
    for block in blocks:
        if not block or block[0] not in "WB" or not re.fullmatch(r"[WB](K?\d+,)*K?\d+",
                                                                  block):
            out.append(block)
            continue
        items = [(m.group(1), int(m.group(2))) for m in _RUN.finditer(block[1:])]
        parts: list[str] = []
        i = 0
        while i < len(items):
            j = i
            while (j + 1 < len(items) and items[j + 1][0] == items[i][0]
                   and items[j + 1][1] == items[j][1] + 1):
                j += 1
            k, lo = items[i]
            if j - i >= 2:
                parts.append(f"{k}{lo}-{items[j][1]}")
                i = j + 1
            else:
                parts.append(f"{k}{lo}")
                i += 1
        out.append(block[0] + ",".join(parts))
    return ":".join(out)


def write_game(game: Game, notation: str | None = None, columns: int = 80) -> str:
    """PDN text of one game, ending with a newline (see :class:`PdnWriter`).

    >>> from shashki.pdn import read_game
    >>> print(write_game(read_game("1. c3-d4 f6-g5 *"), notation="numeric"), end="")
    [Result "*"]
    <BLANKLINE>
    1. 22-18 11-16 *
    """
    return PdnWriter(notation, columns).write(game)


def write_games(games: Iterable[Game], stream: IO[str], notation: str | None = None,
                columns: int = 80) -> int:
    """Write games to a text stream, separated by blank lines; return how many.

    >>> import io
    >>> from shashki.pdn import read_games
    >>> out = io.StringIO()
    >>> write_games(read_games("1. c3-d4 *\\n\\n1. c3-b4 *\\n"), out)
    2
    >>> out.getvalue().count("[Result")
    2
    """
    writer = PdnWriter(notation, columns)
    n = 0
    for game in games:
        if n:
            stream.write("\n")
        stream.write(writer.write(game))
        n += 1
    return n
