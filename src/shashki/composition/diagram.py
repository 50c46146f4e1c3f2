"""Composition diagrams: the board without coordinates, the stipulation under it, the
author and source above — the way compositions are printed — and diagram sequences that
show a line (a solution, a cook) position by position.

>>> from shashki.composition import Composition, Stipulation
>>> c = Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("+"), author="Schema")
>>> svg = composition_svg(c, lang="en")
>>> "White to play and win" in svg, "Schema" in svg, ">a<" in svg
(True, True, False)
>>> [caption for caption, _ in line_svgs(c.board(), ["c3-b4", "a5:c3"], lang="en")]
['Initial position', 'After 1. c3-b4', 'After 1... a5:c3']
"""

from __future__ import annotations

from collections.abc import Sequence

from shashki.board import Board
from shashki.composition.record import Composition, Stipulation
from shashki.i18n import translation
from shashki.svg import board_svg, svg_to_png

LINE = 34.0
"""Height of one caption line in the diagram's units (the board is 400 wide)."""
BOARD = 400.0


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;")


def framed_svg(board: Board, below: Sequence[str] = (), above: Sequence[str] = (),
               size: int | None = 400, title: str | None = None,
               move_text: str | None = None) -> str:
    """A diagram of ``board`` without coordinates, with lines of text above and below
    (``move_text`` draws that move's arrow)."""
    move = board.parse_move(move_text) if move_text else None
    inner = board_svg(board, size=None, coordinates=None, move=move)
    inner = inner.replace("<svg ", f'<svg x="0" y="{len(above) * LINE:g}" width="{BOARD:g}" '
                                   f'height="{BOARD:g}" ', 1)
    height = BOARD + LINE * (len(above) + len(below))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="0 0 {BOARD:g} {height:g}"')
    if size is not None:
        head += f' width="{size}" height="{size * height / BOARD:g}"'
    out = [head + ' role="img">']
    label = title or " — ".join([*above, *below])
    if label:
        out.append(f"<title>{_esc(label)}</title>")
    out.append(f'<rect width="{BOARD:g}" height="{height:g}" fill="#ffffff"/>')
    style = ('font-family="DejaVu Sans, Arial, sans-serif" font-size="19" fill="#1e1e1e" '
             'text-anchor="middle"')
    for i, text in enumerate(above):
        out.append(f'<text x="{BOARD / 2:g}" y="{LINE * i + 24:g}" {style} '
                   f'font-weight="bold">{_esc(text)}</text>')
    for i, text in enumerate(below):
        y = LINE * len(above) + BOARD + LINE * i + 24
        out.append(f'<text x="{BOARD / 2:g}" y="{y:g}" {style}>{_esc(text)}</text>')
    out.append(inner)
    out.append("</svg>")
    return "".join(out)


def composition_svg(comp: Composition, lang: str = "ru", size: int | None = 400,
                    heading: str | None = None, show_author: bool = True) -> str:
    """The composition's diagram: author (and source) above, unless ``show_author`` is
    False (a tournament's judges see no names) or ``heading`` replaces them; the
    stipulation and the material count under the board."""
    above: list[str] = []
    if heading is not None:
        above.append(heading)
    elif show_author and (comp.author or comp.source):
        above.append(", ".join(p for p in (comp.author, comp.source, comp.date[:4]) if p))
    return framed_svg(comp.board(), [stipulation_line(comp.stipulation, comp.board(), lang)],
                      above, size)


def stipulation_line(stip: Stipulation, board: Board, lang: str = "ru") -> str:
    """``White to play and win (3 + 3)``: the task and each side's number of pieces."""
    from shashki.color import BLACK, WHITE

    return f"{stip.text(lang)} ({len(board.pieces(WHITE))} + {len(board.pieces(BLACK))})"


def line_svgs(board: Board, moves: Sequence[str], lang: str = "ru",
              size: int | None = 300) -> list[tuple[str, str]]:
    """A diagram for the position before each move of ``moves`` (with that move's arrow)
    and after the last: (caption, svg) pairs."""
    b = board.copy(stack=False)
    out = []
    tr = translation(lang)
    first = tr.gettext("Initial position")
    caption = first
    number = 1
    for text in moves:
        out.append((caption, framed_svg(b, [caption], size=size, move_text=text)))
        white = b.turn.value == 0
        b.push(b.parse_move(text))
        caption = (tr.gettext("After {number}. {move}") if white else
                   tr.gettext("After {number}... {move}")).format(number=number, move=text)
        if not white:
            number += 1
    out.append((caption, framed_svg(b, [caption], size=size)))
    return out


def to_png(svg: str, size: int | None = None) -> bytes:
    """PNG bytes of a diagram (needs cairosvg, a dependency of shashki)."""
    return svg_to_png(svg, size)
