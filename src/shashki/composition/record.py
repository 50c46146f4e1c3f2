"""Compositions as records: genre, stipulation, author, source, date, the solution tree.

A composition (RI-64 1.1.2: "an array of pieces on the board, a task and a solution") is
kept as a :class:`Composition`: the position as a FEN, a :class:`Stipulation` (the task,
RI-64 1.1.3: "a pre-specified condition of achieving a certain goal (win, draw,
blocking); the task is fulfilled by White playing first"), who composed it, where and
when it was published, and the author's solution as a :class:`shashki.pdn.Game` tree
(main line, variations, comments). See docs/composition.md.

>>> s = Stipulation.parse("Белые начинают и выигрывают в 3 хода")
>>> s.goal, s.moves, s.text("en")
(<Goal.WIN: 'win'>, 3, 'White to play and win in 3 moves')
>>> Stipulation.parse("White to play and draw").text("ru")
'Белые начинают и делают ничью'
>>> Stipulation.parse("block 2M").block
(2, 0)
>>> c = Composition("W:WKa5,a3:Ba7,f4", Stipulation.parse("+"), author="А. Шошин")
>>> c.genre.value, c.pieces
('study', (2, 2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from shashki.board import Board
from shashki.color import BLACK, WHITE
from shashki.errors import ShashkiError
from shashki.i18n import LANGUAGES, NP_, translation
from shashki.pdn import Game


class CompositionError(ShashkiError, ValueError):
    """A composition record that cannot stand: a bad stipulation, genre or solution.

    ``token`` is the offending text, ``line`` and ``column`` (1-based) where it was read
    when it came from a file.

    >>> from shashki.composition import Stipulation
    >>> try:
    ...     Stipulation.parse("White to fly")
    ... except CompositionError as e:
    ...     print(type(e).__name__, e.token)
    CompositionError White to fly
    """

    def __init__(self, message: str, token: str = "", line: int | None = None,
                 column: int | None = None, index: int | None = None) -> None:
        self.token, self.line, self.column, self.index = token, line, column, index
        self.bare = message
        """The message without the place."""
        where = ""
        if index is not None:
            where += f"composition {index + 1}: "
        if line is not None:
            where += f"line {line}" + (f", column {column}" if column else "") + ": "
        super().__init__(where + message)


class Goal(StrEnum):
    """What White has to achieve (RI-64 1.1.3).

    >>> Stipulation.parse("White to play and draw").goal, Stipulation.parse("+").goal
    (<Goal.DRAW: 'draw'>, <Goal.WIN: 'win'>)
    """

    WIN = "win"
    """Win the game: the opponent has no move left, all his pieces taken or blocked
    (Code 1.8.1)."""
    DRAW = "draw"
    """Secure a draw: Black, whatever he plays, cannot win."""
    BLOCK = "block"
    """Win by blocking the stipulated black pieces (задача, CPI draft rules for block
    posers 1.1.1): the game ends with Black unable to move and exactly the stipulated
    men and kings left on the board."""


class Genre(StrEnum):
    """The genres of the rules (docs/composition.md, "Genres").

    >>> Genre("study"), parse_genre("этюд") is Genre.STUDY
    (<Genre.STUDY: 'study'>, True)
    """

    PROBLEM = "problem"
    """Проблема: a combination of sacrifices ending in a win (RI 1.1: C-problems)."""
    MINIATURE = "miniature"
    """Миниатюра: a problem with few white pieces (decision C1)."""
    STUDY = "study"
    """Этюд: an endgame-like position, win or draw (RI: E-problems)."""
    ZADACHA = "zadacha"
    """Задача: a block poser (win by blocking the stipulated pieces)."""
    KING_PROBLEM = "king-problem"
    """Дамочная проблема: a problem with a king in the initial position."""


GENRE_NAMES: dict[Genre, str] = {
    Genre.PROBLEM: NP_("genre", "problem")[1],
    Genre.MINIATURE: NP_("genre", "miniature")[1],
    Genre.STUDY: NP_("genre", "study")[1],
    Genre.ZADACHA: NP_("genre", "block poser")[1],
    Genre.KING_PROBLEM: NP_("genre", "king problem")[1],
}
"""Each genre's English name; :func:`genre_name` in a language."""


def genre_name(genre: Genre, lang: str) -> str:
    """``study`` is ``этюд`` in Russian (the catalogue's ``genre`` entries)."""
    return translation(lang).pgettext("genre", GENRE_NAMES[genre])


_GENRE_WORDS = {**{g.value: g for g in Genre},
                **{genre_name(g, lang).lower().replace("ё", "е"): g for g in GENRE_NAMES
                   for lang in LANGUAGES},
                "etude": Genre.STUDY, "endgame": Genre.STUDY, "block": Genre.ZADACHA,
                "block poser": Genre.ZADACHA, "mini": Genre.MINIATURE}


def parse_genre(text: str) -> Genre:
    """A genre from its name in English or Russian (``этюд``, ``study``...).

    >>> parse_genre("Проблема"), parse_genre("miniature")
    (<Genre.PROBLEM: 'problem'>, <Genre.MINIATURE: 'miniature'>)
    """
    g = _GENRE_WORDS.get(text.strip().lower().replace("ё", "е"))
    if g is None:
        raise CompositionError(f"unknown genre {text!r}; known: "
                               f"{', '.join(g.value for g in Genre)}", token=text)
    return g


_NUM = r"(\d{1,3})"
_MOVES_RU = re.compile(r"\bв\s+" + _NUM + r"\s+ход", re.I)
_MOVES_EN = re.compile(r"\bin\s+" + _NUM + r"\s+move", re.I)
_BLOCK = re.compile(r"(?:(\d)\s*)?(M|K)(?:\s*\+\s*(?:(\d)\s*)?(M|K))?$", re.I)


@dataclass(frozen=True)
class Stipulation:
    """The task: a goal, for White playing first, maybe in a stated number of moves.

    ``moves`` counts White's moves (the last one fulfilling the goal); None when the
    task states none. ``block`` is the (men, kings) of Black that a block poser must
    leave blocked (:attr:`Goal.BLOCK` only).

    >>> s = Stipulation.parse("+3")
    >>> s.goal, s.moves, s.short()
    (<Goal.WIN: 'win'>, 3, '+3')
    >>> s.text()
    'White to play and win in 3 moves'
    >>> s.text("ru")
    'Белые начинают и выигрывают в 3 хода'
    """

    goal: Goal = Goal.WIN
    moves: int | None = None
    block: tuple[int, int] | None = None

    @classmethod
    def parse(cls, text: str) -> Stipulation:
        """Read a stipulation in English or Russian, or in the short forms ``+``
        (win), ``=`` (draw), ``+3`` (win in 3), ``block 2M`` / ``K+M`` (block posers).

        Raises :class:`CompositionError` naming the text it could not read."""
        raw = text.strip()
        t = raw.lower().replace("ё", "е")
        if not t:
            raise CompositionError("empty stipulation", token=text)
        moves = None
        m = _MOVES_RU.search(t) or _MOVES_EN.search(t)
        if m:
            moves = int(m.group(1))
        short = re.fullmatch(r"([+=])\s*(\d{1,3})?", t)
        if short:
            goal = Goal.WIN if short.group(1) == "+" else Goal.DRAW
            moves = int(short.group(2)) if short.group(2) else None
            return cls._made(goal, moves, None, text)
        blk = re.search(r"(?:block|запира\w*|запереть)\s*:?\s*(.*)$", t)
        if blk or _BLOCK.fullmatch(raw.upper().replace(" ", "")):
            spec = (blk.group(1) if blk else raw).upper().replace(" ", "")
            spec = re.sub(r"В\d+ХОД\w*|IN\d+MOVES?", "", spec)
            return cls._made(Goal.BLOCK, moves, _block_material(spec, text), text)
        if "ничь" in t or "draw" in t:
            return cls._made(Goal.DRAW, moves, None, text)
        if "выигр" in t or "win" in t:
            return cls._made(Goal.WIN, moves, None, text)
        raise CompositionError(f"cannot read the stipulation {text!r}: expected e.g. "
                               "'White to play and win', 'Белые начинают и делают ничью', "
                               "'+', '=', '+5' or 'block 2M'", token=text)

    @classmethod
    def _made(cls, goal: Goal, moves: int | None, block: tuple[int, int] | None,
              text: str) -> Stipulation:
        if moves is not None and not 1 <= moves <= 200:
            raise CompositionError(f"the number of moves must be 1 to 200, got {moves}",
                                   token=text)
        return cls(goal, moves, block)

    def text(self, lang: str = "en") -> str:
        """The stipulation as printed under a diagram (``lang`` ``en`` or ``ru``)."""
        tr = translation(lang)
        if self.goal is Goal.WIN:
            s = tr.gettext("White to play and win")
        elif self.goal is Goal.DRAW:
            s = tr.gettext("White to play and draw")
        else:
            men, kings = self.block or (0, 0)
            s = tr.gettext("White to play and block {what}").format(
                what=block_text(men, kings))
        if self.moves is not None:
            s += tr.ngettext(" in {n} move", " in {n} moves", self.moves).format(n=self.moves)
        return s

    def short(self) -> str:
        """The short form: ``+``, ``=``, ``+5``, ``block 2M``."""
        if self.goal is Goal.BLOCK:
            men, kings = self.block or (0, 0)
            s = f"block {block_text(men, kings)}"
            return s + (f" in {self.moves} moves" if self.moves else "")
        s = "+" if self.goal is Goal.WIN else "="
        return s + (str(self.moves) if self.moves is not None else "")


def block_text(men: int, kings: int) -> str:
    """``2M``, ``K+M``, ``K`` (CPI draft rules for block posers 1.1.1.1.3)."""
    parts = []
    if kings:
        parts.append(("" if kings == 1 else str(kings)) + "K")
    if men:
        parts.append(("" if men == 1 else str(men)) + "M")
    return "+".join(parts) or "0"


def _block_material(spec: str, text: str) -> tuple[int, int]:
    m = _BLOCK.fullmatch(spec)
    if not m:
        raise CompositionError(f"cannot read the blocked pieces in {text!r}: expected "
                               "M, 2M, K, K+M...", token=text)
    men = kings = 0
    for count, kind in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        if kind is None:
            continue
        n = int(count) if count else 1
        if kind.upper() == "M":
            men += n
        else:
            kings += n
    return men, kings


@dataclass
class Composition:
    """One composition: position, task, author, source, date and the author's solution.

    ``solution`` is a game tree from the position (its main line is the author's main
    variation; variations and comments as in any PDN record); empty when none was given.
    ``genre`` defaults to the one the material gives (:func:`classify`).

    >>> c = Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("+"), author="unknown")
    >>> c.board().turn, c.stipulation.text(), c.label()
    (<Color.WHITE: 0>, 'White to play and win', 'unknown')
    """

    fen: str
    stipulation: Stipulation = field(default_factory=Stipulation)
    author: str = ""
    source: str = ""
    date: str = ""
    title: str = ""
    variant: str = "russian"
    genre: Genre | None = None
    solution: Game | None = None
    extra: dict[str, str] = field(default_factory=dict)
    """Other PDN tags, kept as read (``Award``, ``Pseudonym``...)."""

    def __post_init__(self) -> None:
        self.board()  # raises InvalidFen for a position that cannot stand
        if self.genre is None:
            self.genre = classify(self.board(), self.stipulation)
        if self.solution is None:
            self.solution = Game(self.variant, fen=self.board().fen())

    def board(self) -> Board:
        return Board(self.variant, self.fen)

    @property
    def pieces(self) -> tuple[int, int]:
        """White's and Black's number of pieces."""
        b = self.board()
        return len(b.pieces(WHITE)), len(b.pieces(BLACK))

    def main_line(self) -> list[str]:
        """The author's main variation in the Code's notation."""
        assert self.solution is not None
        out = []
        for node in self.solution.mainline():
            if node.move is not None:
                out.append(node.parent.board().move_text(node.move))
        return out

    def label(self) -> str:
        """Author and source in one line, for listings."""
        parts = [p for p in (self.author, self.title, self.source, self.date) if p]
        return ", ".join(parts) or self.fen


def classify(board: Board, stipulation: Stipulation) -> Genre:
    """The genre the material and the task suggest when the record names none
    (docs/composition.md, "Genres", decision C1): a block task is a задача; a draw task,
    or at most 3 white pieces, or a white king among at most 4, a study (этюд); 4–7
    white pieces a miniature, 8 and more a problem (проблема); a white king among 5 or
    more a king problem. A record's own ``Genre`` tag always wins.

    >>> from shashki import Board
    >>> classify(Board("russian", "W:Wa1,b2,c3:Ba5,e5,g7"), Stipulation.parse("+"))
    <Genre.STUDY: 'study'>
    >>> classify(Board("russian", "W:Wa1,b2,c3,e3,g3:Ba5,e5,g7"), Stipulation.parse("+"))
    <Genre.MINIATURE: 'miniature'>
    """
    if stipulation.goal is Goal.BLOCK:
        return Genre.ZADACHA
    white = len(board.pieces(WHITE))
    if stipulation.goal is Goal.DRAW or white <= 3:
        return Genre.STUDY
    if board.pieces(WHITE, king=True):
        return Genre.KING_PROBLEM if white >= 5 else Genre.STUDY
    return Genre.MINIATURE if white <= 7 else Genre.PROBLEM
