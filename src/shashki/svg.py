"""Board diagrams as SVG, in the manner of a printed diagram in a draughts book.

:func:`board_svg` draws any board of any variant (8x8 and 10x10 alike, from the
variant's geometry): light and dark squares with play on the dark ones, men as discs
and kings as discs bearing a crown (recognisable in black-and-white print), algebraic
coordinates around the board or the square numbers in the dark squares, Black at the
bottom when ``flipped``, an arrow along the full path of a move with its captured
pieces crossed out, and highlighted squares. The SVG has a ``viewBox`` so it scales to
any size, uses no external resources, and the same input always gives the same bytes.
:func:`svg_to_png` rasterises a diagram with the optional ``cairosvg`` package.

>>> from shashki import Board
>>> board = Board("russian")
>>> board_svg(board).startswith("<svg")
True
>>> svg = board_svg(board, size=200, move=board.parse_move("c3-d4"), coordinates="numeric")
>>> svg.count('class="piece ')
24
>>> board_svg(board) == board_svg(board)
True

In Jupyter, ``IPython.display.SVG(board_svg(board))`` shows the diagram.
"""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from shashki.boardview import BoardView as Board
from shashki.color import WHITE
from shashki.errors import InvalidSquare, MissingDependency
from shashki.extras import need
from shashki.move import Move
from shashki.rules.geometry import Geometry

__all__ = [
    "DEFAULT_COLORS",
    "Arrow",
    "Coordinates",
    "MissingDependency",
    "board_svg",
    "svg_to_png",
]

SQUARE = 50.0
"""Side of one square in viewBox units."""

SQ = int | str
"""A square: its number (``22``) or its algebraic name (``"c3"``)."""

Coordinates = Literal["auto", "algebraic", "numeric"] | bool | None
"""The coordinates drawn around the board: ``"auto"`` (the variant's notation), ``"algebraic"``,
``"numeric"``, ``True``, or ``False``/``None`` for none.

>>> from shashki import Board
>>> plain = board_svg(Board("russian"), coordinates=None)
>>> ">a<" in plain, ">a<" in board_svg(Board("russian"))
(False, True)
"""

DEFAULT_COLORS: Mapping[str, str] = {
    "light": "#f6f1e3",          # light squares: the paper
    "dark": "#9c8a73",           # dark squares, where the game is played
    "frame": "#1e1e1e",          # the line round the board
    "margin": "#ffffff",         # background of the coordinate margin
    "coord": "#2b2b2b",          # letters and numbers round the board
    "number": "#fdfbf5",         # square numbers in the dark squares
    "white": "#fdfdfb",          # white pieces
    "white edge": "#1e1e1e",     # outline and crown of white pieces
    "black": "#1e1e1e",          # black pieces
    "black edge": "#000000",     # outline of black pieces
    "black mark": "#f2f2f2",     # rings and crown on black pieces
    "arrow": "#c8281e",          # move arrows
    "capture": "#c8281e",        # the cross on a captured piece
    "highlight": "#3d7fd9",      # highlighted squares (drawn translucent)
    "lastmove": "#e8c547",       # start and end square of the last move (translucent)
}
"""The palette; override any entry with the ``colors`` argument of :func:`board_svg`.

>>> from shashki import Board
>>> DEFAULT_COLORS["dark"]
'#9c8a73'
>>> 'fill="#000080"' in board_svg(Board("russian"), colors={"dark": "#000080"})
True
"""


@dataclass(frozen=True)
class Arrow:
    """An arrow through ``squares`` (at least two; numbers or algebraic names).

    ``color`` overrides the palette's ``"arrow"`` colour.

    >>> from shashki import Board
    >>> svg = board_svg(Board("russian"), arrows=[Arrow(("c3", "d4"), color="#c00000")])
    >>> svg.count("#c00000") > 0
    True
    """

    squares: tuple[SQ, ...]
    color: str | None = None

    def __post_init__(self) -> None:
        if len(self.squares) < 2:
            raise ValueError("an arrow needs at least two squares")


ArrowSpec = Arrow | Move | Sequence[SQ]


# --- formatting -----------------------------------------------------------------------


def _num(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (deterministic)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          "\n": "&#10;", "\r": "&#13;", "\t": "&#09;"})


def _escape(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return text.translate(_ESCAPES) if any(c in text for c in '&<>"\n\r\t') else text


def _tag(tag: str, attrs: Mapping[str, str], close: bool = True) -> str:
    """A start tag (or an empty element) written as ElementTree writes one."""
    inner = " ".join(f'{k}="{_escape(v)}"' for k, v in attrs.items())
    return f"<{tag} {inner}{' />' if close else '>'}"


def _el(parent: ET.Element, tag: str, **attrs: str | float) -> ET.Element:
    """A child element; underscores in attribute names become dashes, ``cls`` is class."""
    el = ET.SubElement(parent, tag)
    for key, value in attrs.items():
        name = "class" if key == "cls" else key.replace("_", "-")
        el.set(name, value if isinstance(value, str) else _num(value))
    return el


# --- the layout -----------------------------------------------------------------------


class _Layout:
    """Where things go: square centres, margins, the size of the whole picture."""

    def __init__(self, geometry: Geometry, flipped: bool, labels: bool, pad: float) -> None:
        self.g = geometry
        self.flipped = flipped
        # Room for the rank numbers at the left and the file letters at the bottom.
        wide = len(str(geometry.ranks)) > 1
        self.left = (0.62 if wide else 0.5) * SQUARE if labels else pad
        self.bottom = self.left  # a square board gives a square picture
        self.top = pad
        self.board_w = geometry.files * SQUARE
        self.board_h = geometry.ranks * SQUARE
        self.width = self.left + self.board_w + pad
        self.height = self.top + self.board_h + self.bottom

    def column(self, file: int) -> int:
        return self.g.files - 1 - file if self.flipped else file

    def row(self, rank: int) -> int:
        return rank if self.flipped else self.g.ranks - 1 - rank

    def corner(self, file: int, rank: int) -> tuple[float, float]:
        """Top-left corner of the square at 0-based ``(file, rank)``."""
        return self.left + self.column(file) * SQUARE, self.top + self.row(rank) * SQUARE

    def center(self, square: int) -> tuple[float, float]:
        x, y = self.corner(*self.g.file_rank(square))
        return x + SQUARE / 2, y + SQUARE / 2


def _square(geometry: Geometry, square: SQ) -> int:
    if isinstance(square, str):
        try:
            return geometry.parse_square(square)
        except ValueError as e:
            raise InvalidSquare(str(e)) from None
    if isinstance(square, bool) or not isinstance(square, int):
        raise InvalidSquare(f"bad square {square!r}")
    if not 1 <= square <= geometry.squares:
        raise InvalidSquare(f"square {square} is off the board (1-{geometry.squares})")
    return square


def _arrow_of(geometry: Geometry, spec: ArrowSpec, color: str) -> tuple[list[int], str]:
    if isinstance(spec, Move):
        squares: Sequence[SQ] = spec.path
    elif isinstance(spec, Arrow):
        squares, color = spec.squares, spec.color or color
    elif isinstance(spec, str):
        raise TypeError(f"an arrow is a Move, an Arrow or a sequence of squares, not {spec!r}")
    else:
        squares = spec
    path = [_square(geometry, s) for s in squares]
    if len(path) < 2:
        raise ValueError("an arrow needs at least two squares")
    return path, color


def _coordinates(board: Board, coordinates: Coordinates) -> str | None:
    if coordinates is None or coordinates is False:
        return None
    if coordinates is True or coordinates == "auto":
        return board.variant.default_notation
    if coordinates in ("algebraic", "numeric"):
        return coordinates
    raise ValueError(
        f"coordinates must be 'auto', 'algebraic', 'numeric' or None, not {coordinates!r}"
    )


# --- drawing --------------------------------------------------------------------------

_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

# A crown in units of the piece radius, centred on the piece: a band and three points.
_CROWN = (
    (-0.50, 0.36), (-0.50, 0.20), (-0.62, -0.28), (-0.27, 0.00), (0.00, -0.44),
    (0.27, 0.00), (0.62, -0.28), (0.50, 0.20), (0.50, 0.36),
)
_CROWN_TIPS = ((-0.62, -0.28), (0.00, -0.44), (0.62, -0.28))
_PIECE_R = 0.39 * SQUARE


def _draw_piece(
    parent: ET.Element, cx: float, cy: float, white: bool, king: bool, classes: str,
    colors: Mapping[str, str], opacity: float | None = None,
) -> None:
    fill = colors["white"] if white else colors["black"]
    edge = colors["white edge"] if white else colors["black edge"]
    mark = colors["white edge"] if white else colors["black mark"]
    r = _PIECE_R
    g = _el(parent, "g", cls=classes)
    if opacity is not None:
        g.set("opacity", _num(opacity))
    _el(g, "circle", cx=cx, cy=cy, r=r, fill=fill, stroke=edge, stroke_width=0.05 * SQUARE)
    if not king:
        # The inner ring of a draughtsman: thin, so the disc stays clean at small sizes.
        _el(g, "circle", cx=cx, cy=cy, r=0.72 * r, fill="none", stroke=mark,
            stroke_width=0.022 * SQUARE, stroke_opacity="0.55")
    else:
        k = 0.9 * r
        cy += 0.05 * k
        pts = [(cx + x * k, cy + y * k) for x, y in _CROWN]
        _el(g, "polygon", cls="crown", points=_points(pts), fill=mark,
            stroke=mark, stroke_width=0.02 * SQUARE, stroke_linejoin="round")
        for x, y in _CROWN_TIPS:
            _el(g, "circle", cx=cx + x * k, cy=cy + y * k, r=0.1 * k, fill=mark)


def _draw_cross(parent: ET.Element, cx: float, cy: float, color: str) -> None:
    d = 0.2 * SQUARE
    g = _el(parent, "g", cls="capture-mark", stroke=color, stroke_width=0.075 * SQUARE,
            stroke_linecap="round")
    _el(g, "line", x1=cx - d, y1=cy - d, x2=cx + d, y2=cy + d)
    _el(g, "line", x1=cx - d, y1=cy + d, x2=cx + d, y2=cy - d)


def _draw_arrow(
    parent: ET.Element, points: list[tuple[float, float]], color: str, squares: list[int]
) -> None:
    width = 0.13 * SQUARE
    head_len = 0.48 * SQUARE
    head_w = 0.46 * SQUARE
    g = _el(parent, "g", cls="arrow", fill=color, stroke=color, opacity="0.85")
    g.set("data-squares", " ".join(str(s) for s in squares))
    tip = points[-1]
    back = next((p for p in reversed(points[:-1]) if p != tip), None)
    if back is None:  # a path that comes back where it started: ring the square
        _el(g, "circle", cx=tip[0], cy=tip[1], r=0.3 * SQUARE, fill="none", stroke_width=width)
        return
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    base = (tip[0] - ux * head_len, tip[1] - uy * head_len)
    # The line stops just inside the head so that it never shows past its sides.
    join = (base[0] + ux * 0.05 * SQUARE, base[1] + uy * 0.05 * SQUARE)
    line = [*points[:-1], join]
    _el(g, "polyline", cls="arrow-line", points=_points(line), fill="none",
        stroke_width=width, stroke_linejoin="round", stroke_linecap="round")
    px, py = -uy * head_w / 2, ux * head_w / 2
    head = [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
    _el(g, "polygon", cls="arrow-head", points=_points(head), stroke="none")


def board_svg(
    board: Board,
    *,
    size: int | None = 400,
    flipped: bool = False,
    coordinates: Coordinates = "auto",
    move: Move | None = None,
    arrows: Iterable[ArrowSpec] = (),
    highlight: Iterable[SQ] | Mapping[SQ, str] = (),
    lastmove: Move | None = None,
    title: str | None = None,
    colors: Mapping[str, str] | None = None,
) -> str:
    """An SVG diagram of ``board``.

    ``size``
        Width of the picture in pixels (None: no width or height, only the viewBox).
    ``flipped``
        Black at the bottom.
    ``coordinates``
        ``"algebraic"`` (letters and numbers round the board), ``"numeric"`` (the
        number of each dark square printed in its corner), None for neither, or
        ``"auto"`` (the default): algebraic on 8x8 and 10x8, numeric on 10x10, as the notations of
        the variants go (see :func:`shashki.notation.default_style`).
    ``move``
        A move to show: an arrow through every square the piece lands on, ending in an
        arrowhead, and the pieces it captures faded and crossed out.
    ``arrows``
        More arrows: :class:`Move` objects, :class:`Arrow` objects (with a colour of
        their own) or sequences of squares.
    ``highlight``
        Squares to tint (numbers or names), or a mapping from square to colour.
    ``lastmove``
        The move just played: its start and end squares are tinted.
    ``title``
        Text of the SVG ``<title>`` (shown as a tooltip, read by screen readers).
    ``colors``
        Overrides of :data:`DEFAULT_COLORS` entries.

    Raises :class:`~shashki.InvalidSquare` for a square that is not on the board.

    >>> from shashki import Board
    >>> svg = board_svg(Board("russian"), size=200)
    >>> svg.startswith("<svg"), 'width="200"' in svg
    (True, True)
    """
    palette = dict(DEFAULT_COLORS)
    if colors:
        unknown = sorted(set(colors) - set(palette))
        if unknown:
            raise ValueError(f"unknown colour keys {unknown}; known: {sorted(palette)}")
        palette.update(colors)
    g = board.variant.geometry
    coords = _coordinates(board, coordinates)
    key = (g, flipped, coords, tuple(palette.items()))
    layout = _layout(g, flipped, coords)

    # The picture is put together from pieces of text: what does not change from one
    # position to the next (squares, frame, coordinates, each piece on each square) is
    # drawn once and kept, so that a live game redraws its board in a fraction of the time.
    head = {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
            "viewBox": f"0 0 {_num(layout.width)} {_num(layout.height)}"}
    if size is not None:
        head["width"] = _num(size)
        head["height"] = _num(size * layout.height / layout.width)
    out = [_tag("svg", head, close=False)]
    if title is not None:
        text = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f"<title>{text}</title>")
    out.append(_squares_layer(*key))

    # Tints: the last move first, then the highlighted squares over it.
    tints: list[tuple[int, str, str]] = []
    if lastmove is not None:
        for s in dict.fromkeys((lastmove.start, lastmove.end)):
            tints.append((_square(g, s), palette["lastmove"], "lastmove"))
    if isinstance(highlight, Mapping):
        tints.extend((_square(g, s), c, "highlight") for s, c in highlight.items())
    else:
        tints.extend((_square(g, s), palette["highlight"], "highlight") for s in highlight)
    for sq, color, cls in tints:
        x, y = layout.corner(*g.file_rank(sq))
        out.append(_tag("rect", {"class": f"{cls} sq{sq}", "x": _num(x), "y": _num(y),
                                 "width": _num(SQUARE), "height": _num(SQUARE), "fill": color,
                                 "fill-opacity": "0.55"}))
    out.append(_frame_layer(*key))

    captured = set(move.captures) if move is not None else set()
    on_board = {sq: (color is WHITE, king) for color in (WHITE, WHITE.other)
                for king in (False, True) for sq in board.pieces(color, king)}
    pieces = [_piece_xml(key, sq, *on_board[sq], sq in captured) for sq in sorted(on_board)]
    out.append(f"<g class=\"pieces\">{''.join(pieces)}</g>" if pieces
               else "<g class=\"pieces\" />")
    out.append(_numbers_layer(*key))

    if captured or move is not None or arrows:
        layer = ET.Element("x")
        for sq in sorted(captured):
            cx, cy = layout.center(_square(g, sq))
            _draw_cross(layer, cx, cy, palette["capture"])
        specs: list[ArrowSpec] = [*([move] if move is not None else []), *arrows]
        for spec in specs:
            path, color = _arrow_of(g, spec, palette["arrow"])
            _draw_arrow(layer, [layout.center(s) for s in path], color, path)
        out.append(_children(layer))
    out.append("</svg>")
    return "".join(out)


_LayerKey = tuple[Geometry, bool, str | None, tuple[tuple[str, str], ...]]


def _children(parent: ET.Element) -> str:
    return "".join(ET.tostring(el, encoding="unicode") for el in parent)


@functools.lru_cache(maxsize=16)
def _layout(g: Geometry, flipped: bool, coords: str | None) -> _Layout:
    return _Layout(g, flipped, coords == "algebraic", 0.12 * SQUARE)


@functools.lru_cache(maxsize=16)
def _squares_layer(g: Geometry, flipped: bool, coords: str | None,
                   colors: tuple[tuple[str, str], ...]) -> str:
    """The margin, the light paper and the dark squares."""
    palette, layout, svg = dict(colors), _layout(g, flipped, coords), ET.Element("x")
    _el(svg, "rect", cls="margin", x=0, y=0, width=layout.width, height=layout.height,
        fill=palette["margin"])
    # Squares: the light ones are the paper, the dark ones are drawn on it.
    _el(svg, "rect", cls="square light", x=layout.left, y=layout.top,
        width=layout.board_w, height=layout.board_h, fill=palette["light"])
    squares = _el(svg, "g", cls="squares", fill=palette["dark"])
    for sq in range(1, g.squares + 1):
        file, rank = g.file_rank(sq)
        x, y = layout.corner(file, rank)
        _el(squares, "rect", cls=f"square dark sq{sq} {g.square_name(sq)}",
            x=x, y=y, width=SQUARE, height=SQUARE)
    return _children(svg)


@functools.lru_cache(maxsize=16)
def _frame_layer(g: Geometry, flipped: bool, coords: str | None,
                 colors: tuple[tuple[str, str], ...]) -> str:
    """The frame round the board and the letters and numbers of algebraic coordinates."""
    palette, layout, svg = dict(colors), _layout(g, flipped, coords), ET.Element("x")
    _el(svg, "rect", cls="frame", x=layout.left, y=layout.top, width=layout.board_w,
        height=layout.board_h, fill="none", stroke=palette["frame"],
        stroke_width=0.06 * SQUARE)
    if coords == "algebraic":
        labels = _el(svg, "g", cls="coordinates", fill=palette["coord"], font_family=_FONT,
                     font_size=0.34 * SQUARE, text_anchor="middle")
        bottom = layout.top + layout.board_h + layout.bottom / 2 + 0.11 * SQUARE
        for file in range(g.files):
            x = layout.left + (layout.column(file) + 0.5) * SQUARE
            _el(labels, "text", x=x, y=bottom).text = "abcdefghijklmnopqrstuvwxyz"[file]
        for rank in range(g.ranks):
            y = layout.top + (layout.row(rank) + 0.5) * SQUARE + 0.11 * SQUARE
            _el(labels, "text", x=layout.left / 2, y=y).text = str(rank + 1)
    return _children(svg)


@functools.lru_cache(maxsize=4096)
def _piece_xml(key: _LayerKey, sq: int, white: bool, king: bool, captured: bool) -> str:
    g, flipped, coords, colors = key
    cx, cy = _layout(g, flipped, coords).center(sq)
    classes = (f"piece {'white' if white else 'black'} {'king' if king else 'man'}"
               f" sq{sq}" + (" captured" if captured else ""))
    layer = ET.Element("x")
    _draw_piece(layer, cx, cy, white, king, classes, dict(colors),
                0.55 if captured else None)
    return _children(layer)


@functools.lru_cache(maxsize=16)
def _numbers_layer(g: Geometry, flipped: bool, coords: str | None,
                   colors: tuple[tuple[str, str], ...]) -> str:
    """Numeric coordinates, drawn over the pieces."""
    if coords != "numeric":
        return ""
    palette, layout, svg = dict(colors), _layout(g, flipped, coords), ET.Element("x")
    # Each number has a halo of the dark square's colour so that it reads on pieces too.
    fs = 0.25 * SQUARE
    halo = _el(svg, "g", cls="numbers-halo", fill="none", stroke=palette["dark"],
               stroke_width=0.07 * SQUARE, stroke_linejoin="round", font_family=_FONT,
               font_size=fs, font_weight="bold")
    numbers = _el(svg, "g", cls="numbers", fill=palette["number"], font_family=_FONT,
                  font_size=fs, font_weight="bold")
    for sq in range(1, g.squares + 1):
        x, y = layout.corner(*g.file_rank(sq))
        pos = {"x": x + 0.06 * SQUARE, "y": y + 0.06 * SQUARE + 0.73 * fs}
        _el(halo, "text", **pos).text = str(sq)
        _el(numbers, "text", cls=f"number sq{sq}", **pos).text = str(sq)
    return _children(svg)


def svg_to_png(svg: str, size: int | None = None) -> bytes:
    """PNG bytes of an SVG diagram, ``size`` pixels wide (default: the SVG's own width).

    Needs the ``pdf`` extra (CairoSVG and the cairo library); raises
    :class:`~shashki.errors.MissingDependency` naming it when either is missing.

    >>> from shashki import Board
    >>> png = svg_to_png(board_svg(Board("russian")), size=120)
    >>> png[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    cairosvg = need("cairosvg", "pdf", "a PNG diagram")
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=size)
    return png
