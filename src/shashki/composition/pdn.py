"""Compositions in PDN: one composition a game record, read and written by
:mod:`shashki.pdn` (the moves validated as in any game).

The tags (docs/composition.md, "PDN"): ``FEN`` (the position, required, White to
move), ``Stipulation`` (the task in English or Russian, or ``+``, ``=``, ``+5``,
``block 2M``; default a win), ``Genre`` (``problem``, ``miniature``, ``study``,
``zadacha``, ``king-problem``, or their Russian names; default from the material),
``Author``, ``Source``, ``Date`` (``YYYY.MM.DD``, parts may be ``??``), ``Title``;
any other tag is kept in :attr:`Composition.extra`. The movetext is the author's
solution: main line, variations in parentheses, comments in braces.

>>> text = '''[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]
... [Stipulation "Белые начинают и выигрывают"]
... [Author "scheme"]
... 1. c3-b4 a5:c3 2. b2:h8 *'''
>>> [(c.stipulation.goal.value, c.main_line()) for c in read_compositions(text)]
[('win', ['c3-b4', 'a5:c3', 'b2:h8'])]
>>> read_compositions(write_compositions(read_compositions(text)))[0].author
'scheme'
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from shashki.composition.record import Composition, CompositionError, Stipulation, parse_genre
from shashki.errors import ShashkiError
from shashki.pdn import Game, GameNode, Headers, PdnReader, write_games
from shashki.pdn.errors import PdnError
from shashki.pdn.gametype import gametype_number

OWN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "GameType",
            "Variant", "Stipulation", "Genre", "Author", "Source", "Title")


@dataclass
class Broken:
    """A record that could not be read as a composition, with where and why.

    >>> [type(r).__name__ for r in iter_compositions('[FEN "W:W99:B1"]\\n*', text=True)]
    ['Broken']
    >>> broken = next(iter_compositions('[FEN "W:W99:B1"]\\n*', text=True))
    >>> broken.index, broken.line
    (0, 1)
    """

    index: int
    line: int | None
    column: int | None
    message: str


def iter_compositions(source: str | os.PathLike[str] | IO[bytes] | IO[str],
                      variant: str | None = None, text: bool = False
                      ) -> Iterator[Composition | Broken]:
    """Every record of a PDN file (a path or stream; ``text=True``: ``source`` is the
    text itself) as a :class:`Composition`, or :class:`Broken` with index, line and
    column; a broken record never stops the others.

    >>> text = '[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]\\n[Stipulation "+"]\\n1. c3-b4 *\\n'
    >>> [c.stipulation.short() for c in iter_compositions(text, text=True)]
    ['+']
    """
    reader = PdnReader(source, variant, text=text) if text else PdnReader(source, variant)
    for i, game in enumerate(reader):
        if game.errors:
            e = game.errors[0]
            yield Broken(i, e.line, e.column, str(e))
            continue
        try:
            yield from_game(game, i)
        except ShashkiError as e:
            line = getattr(e, "line", None) or game.line
            yield Broken(i, line, getattr(e, "column", None), getattr(e, "bare", str(e)))


def read_compositions(text: str, variant: str | None = None) -> list[Composition]:
    """Every composition of a PDN text; raises the first broken record's error.

    >>> comps = read_compositions('[FEN "W:Wb4,d4:Bb6,h8"]\\n[Stipulation "+"]\\n*\\n')
    >>> comps[0].board().fen()
    'W:W17,18:B4,9'
    """
    out = []
    for c in iter_compositions(text, variant, text=True):
        if isinstance(c, Broken):
            raise CompositionError(c.message, index=c.index, line=c.line, column=c.column)
        out.append(c)
    return out


def from_game(game: Game, index: int = 0) -> Composition:
    """The composition a game record holds (the record's moves are its solution).

    >>> from shashki.pdn import read_game
    >>> text = '[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]\\n[Stipulation "+"]\\n1. c3-b4 a5:c3 2. b2:h8 *'
    >>> game = read_game(text)
    >>> comp = from_game(game)
    >>> comp.fen, comp.stipulation.short()
    ('W:Wa1,b2,c3:Ba5,e5,g7', '+')
    >>> comp.main_line()
    ['c3-b4', 'a5:c3', 'b2:h8']
    """
    h = game.headers
    fen = game.starting_fen()
    if fen is None:
        raise CompositionError("a composition needs a FEN tag with its position",
                               token="FEN", line=game.line, index=index)
    try:
        stip = Stipulation.parse(h.get("Stipulation", "+"))
    except CompositionError as e:
        raise _at_tag(game, "Stipulation", e, index) from None
    try:
        genre = parse_genre(h["Genre"]) if h.get("Genre") else None
    except CompositionError as e:
        raise _at_tag(game, "Genre", e, index) from None
    extra = {k: v for k, v in h.items() if k not in OWN_TAGS}
    date = h.get("Date", "")
    return Composition(fen, stip, author=h.get("Author", ""),
                       source=h.get("Source", "") or _unknown(h.get("Event", "")),
                       date="" if date.strip("?.") == "" else date, title=h.get("Title", ""),
                       variant=game.variant.name, genre=genre, solution=game, extra=extra)


def _at_tag(game: Game, tag: str, e: CompositionError, index: int) -> CompositionError:
    """The error placed at the tag's value in the file (line and column, 1-based)."""
    line, column = game.line, None
    raw = game.raw or ""
    for i, text in enumerate(raw.splitlines()):
        at = text.find(f"[{tag} ")
        if at >= 0:
            line = (game.line or 1) + i
            column = text.find('"', at) + 2
            break
    return CompositionError(e.bare, token=e.token, line=line, column=column, index=index)


def _unknown(value: str) -> str:
    return "" if value.strip() in ("", "?") else value


def to_game(comp: Composition) -> Game:
    """A game record of ``comp``: its tags and the author's solution.

    >>> from shashki.composition import Composition, Stipulation
    >>> comp = Composition("W:Wb4,d4:Bb6,h8", Stipulation.parse("+"), author="Ivanov")
    >>> game = to_game(comp)
    >>> game.headers["FEN"], game.headers["Stipulation"], game.headers["Author"]
    ('W:W17,18:B4,9', 'White to play and win', 'Ivanov')
    """
    assert comp.solution is not None and comp.genre is not None
    h = Headers()
    h["Event"] = comp.source or "?"
    h["Date"] = comp.date or "????.??.??"
    h["Result"] = "*"
    h["FEN"] = comp.board().fen()
    h["GameType"] = str(gametype_number(comp.board().variant))
    if comp.board().variant.gametype is None:
        h["Variant"] = comp.variant
    h["Stipulation"] = comp.stipulation.text("en")
    h["Genre"] = comp.genre.value
    for tag, value in (("Author", comp.author), ("Source", comp.source),
                       ("Title", comp.title)):
        if value:
            h[tag] = value
    for k, v in comp.extra.items():
        h[k] = v
    game = Game(comp.variant, headers=h)
    _copy_tree(comp.solution, game)
    game.comment = comp.solution.comment
    return game


def _copy_tree(src: GameNode, dst: GameNode) -> None:
    for child in src.variations:
        if child.move is None:
            continue
        node = dst.add_variation(child.move, comment=child.comment,
                                 starting_comment=child.starting_comment, nags=child.nags)
        _copy_tree(child, node)


def write_compositions(comps: Iterable[Composition], stream: IO[str] | None = None) -> str:
    """PDN text of the compositions (also written to ``stream`` when given).

    >>> from shashki.composition import Composition, Stipulation
    >>> comp = Composition("W:Wb4,d4:Bb6,h8", Stipulation.parse("+"))
    >>> print(write_compositions([comp]), end="")
    [Event "?"]
    [Date "????.??.??"]
    [Result "*"]
    [FEN "W:W17,18:B4,9"]
    [GameType "25"]
    [Stipulation "White to play and win"]
    [Genre "study"]
    <BLANKLINE>
    *
    """
    buf = io.StringIO()
    write_games((to_game(c) for c in comps), buf)
    text = buf.getvalue()
    if stream is not None:
        stream.write(text)
    return text


__all__ = ["Broken", "PdnError", "from_game", "iter_compositions", "read_compositions",
           "to_game", "write_compositions"]
