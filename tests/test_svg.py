"""SVG diagrams: structure, orientation, arrows, coordinates, 10x10 and PNG conversion."""

from __future__ import annotations

import re
import struct
import sys
import xml.etree.ElementTree as ET

import pytest

from shashki import Board, InvalidSquare, ShashkiError
from shashki.svg import Arrow, Coordinates, MissingDependency, board_svg, svg_to_png

NS = "{http://www.w3.org/2000/svg}"

# b2 captures c3, e5, e7 and c7, promoting on d8 on the way (Code 1.5.15), next to kings.
RUSSIAN_FEN = "W:W25,K28,31,32,21:B22,15,7,6,K17,3,4,12,K30"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def find(root: ET.Element, *want: str) -> list[ET.Element]:
    return [el for el in root.iter() if set(want) <= classes(el)]


def floats(text: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in text.split())]


def dark_square_center(root: ET.Element, square: int) -> tuple[float, float]:
    (rect,) = find(root, "square", "dark", f"sq{square}")
    size = float(rect.get("width", "0"))
    return float(rect.get("x", "0")) + size / 2, float(rect.get("y", "0")) + size / 2


@pytest.fixture
def russian() -> Board:
    return Board("russian", RUSSIAN_FEN)


def test_initial_position_parses_and_counts() -> None:
    board = Board("russian")
    root = parse(board_svg(board))
    assert len(find(root, "piece")) == 24
    assert len(find(root, "piece", "white")) == 12
    assert len(find(root, "piece", "black")) == 12
    assert len(find(root, "square", "dark")) == 32
    assert not find(root, "king")
    vb = [float(v) for v in root.get("viewBox", "").split()]
    assert vb[:2] == [0, 0] and vb[2] > 0 and vb[3] > 0
    assert root.get("width") == "400"


def test_deterministic(russian: Board) -> None:
    move = russian.parse_move("b2:d4:f6:d8:a5")
    one = board_svg(russian, move=move, highlight=["a3", 17], title="Т & <x>")
    two = board_svg(Board("russian", RUSSIAN_FEN), move=move, highlight=["a3", 17],
                    title="Т & <x>")
    assert one == two
    assert parse(one).find(f"{NS}title") is not None


def test_no_external_resources(russian: Board) -> None:
    svg = board_svg(russian, move=russian.legal_moves[0])
    assert "href" not in svg and "url(" not in svg and "@import" not in svg


def test_kings_drawn_as_kings(russian: Board) -> None:
    root = parse(board_svg(russian))
    kings = find(root, "piece", "king")
    squares = sorted(int(c[2:]) for k in kings for c in classes(k) if c.startswith("sq"))
    assert squares == [17, 28, 30]
    assert all(find(k, "crown") for k in kings)
    men = find(root, "piece", "man")
    assert len(men) == len(russian.pieces(russian.turn)) + len(
        russian.pieces(russian.turn.other)) - 3
    assert not any(find(m, "crown") for m in men)


@pytest.mark.parametrize("coordinates", ["algebraic", "numeric", None])
def test_flipped_puts_square_1_at_the_bottom(coordinates: Coordinates) -> None:
    board = Board("russian")
    for flipped in (False, True):
        root = parse(board_svg(board, flipped=flipped, coordinates=coordinates))
        ys = {sq: dark_square_center(root, sq)[1] for sq in range(1, 33)}
        xs = {sq: dark_square_center(root, sq)[0] for sq in range(1, 33)}
        if flipped:
            assert ys[1] == max(ys.values()) and ys[32] == min(ys.values())
            assert xs[1] > xs[4]  # b8 right of h8: the board is turned round
        else:
            assert ys[1] == min(ys.values()) and ys[32] == max(ys.values())
            assert xs[1] < xs[4]


def test_flipped_labels() -> None:
    root = parse(board_svg(Board("russian"), flipped=True, coordinates="algebraic"))
    (labels,) = find(root, "coordinates")
    texts = [(t.text, float(t.get("x", "0")), float(t.get("y", "0"))) for t in labels]
    letters = sorted((x, s) for s, x, _ in texts if s and s.isalpha())
    assert [s for _, s in letters] == list("hgfedcba")
    numbers = sorted((y, s) for s, _, y in texts if s and s.isdigit())
    assert [s for _, s in numbers] == [str(n) for n in range(1, 9)]


def test_arrow_follows_capture_path(russian: Board) -> None:
    move = russian.parse_move("b2:d4:f6:d8:a5")
    assert move.path == (25, 18, 11, 2, 13)
    root = parse(board_svg(russian, move=move))
    (arrow,) = find(root, "arrow")
    assert arrow.get("data-squares") == "25 18 11 2 13"
    (line,) = find(arrow, "arrow-line")
    (head,) = find(arrow, "arrow-head")
    points = floats(line.get("points", ""))
    centers = [dark_square_center(root, sq) for sq in move.path]
    flat = [c for p in points[:-1] for c in p]
    assert flat == pytest.approx([c for p in centers[:-1] for c in p])
    tip = floats(head.get("points", ""))[0]
    assert list(tip) == pytest.approx(list(centers[-1]))
    # The line's last point lies on the last segment, before the tip.
    (x0, y0), (x1, y1), (px, py) = centers[-2], centers[-1], points[-1]
    assert (px - x0) * (y1 - y0) == pytest.approx((py - y0) * (x1 - x0))
    assert min(x0, x1) < px < max(x0, x1)


def test_captured_pieces_marked(russian: Board) -> None:
    move = russian.parse_move("b2:d4:f6:d8:a5")
    root = parse(board_svg(russian, move=move))
    captured = find(root, "piece", "captured")
    assert sorted(next(c for c in classes(p) if c.startswith("sq")) for p in captured) == sorted(
        f"sq{sq}" for sq in move.captures)
    assert len(find(root, "capture-mark")) == len(move.captures) == 4
    assert len(find(root, "piece")) == 14  # captured pieces are still drawn


def test_arrows_argument(russian: Board) -> None:
    svg = board_svg(russian, arrows=[(22, 18), Arrow(("a1", "c3", "e5"), color="#123456"),
                                     russian.legal_moves[0]])
    root = parse(svg)
    arrows = find(root, "arrow")
    first = " ".join(map(str, russian.legal_moves[0].path))
    assert [a.get("data-squares") for a in arrows] == ["22 18", "29 22 15", first]
    assert arrows[1].get("fill") == "#123456"
    assert not find(root, "capture-mark")  # only ``move`` crosses out captured pieces


def test_highlight_and_lastmove() -> None:
    board = Board("russian")
    move = board.push_text("c3-d4")
    root = parse(board_svg(board, lastmove=move, highlight={"h6": "#ff0000", 1: "#00ff00"}))
    tinted = sorted(c for el in find(root, "lastmove") for c in classes(el) if c.startswith("sq"))
    assert tinted == ["sq18", "sq22"]
    hl = find(root, "highlight")
    assert [(el.get("class"), el.get("fill")) for el in hl] == [
        ("highlight sq12", "#ff0000"), ("highlight sq1", "#00ff00")]


def test_numeric_coordinates_show_every_square_number() -> None:
    for variant, n in (("russian", 32), ("international", 50)):
        root = parse(board_svg(Board(variant), coordinates="numeric"))
        numbers = find(root, "number")
        assert sorted(int(el.text or "0") for el in numbers) == list(range(1, n + 1))
        assert not find(root, "coordinates")
        # Each number sits inside its own dark square.
        for el in numbers:
            sq = int(el.text or "0")
            (rect,) = find(root, "square", "dark", f"sq{sq}")
            x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
            size = float(rect.get("width", "0"))
            assert x < float(el.get("x", "0")) < x + size
            assert y < float(el.get("y", "0")) < y + size


def test_algebraic_coordinates() -> None:
    root = parse(board_svg(Board("russian"), coordinates="algebraic"))
    (labels,) = find(root, "coordinates")
    assert sorted(t.text or "" for t in labels) == sorted([*"abcdefgh", *map(str, range(1, 9))])
    assert not find(root, "number")
    plain = parse(board_svg(Board("russian"), coordinates=None))
    assert not find(plain, "coordinates") and not find(plain, "number")


def test_auto_coordinates_follow_the_notation() -> None:
    assert find(parse(board_svg(Board("russian"))), "coordinates")
    assert find(parse(board_svg(Board("international"))), "number")


def test_international() -> None:
    board = Board("international")
    board.push_text("32-28")
    board.push_text("19-23")
    move = board.parse_move("28x19")
    root = parse(board_svg(board, move=move, lastmove=board.peek(), coordinates="algebraic"))
    assert len(find(root, "square", "dark")) == 50
    assert len(find(root, "piece")) == 40
    (labels,) = find(root, "coordinates")
    assert {t.text for t in labels} >= {"a", "j", "1", "10"}
    ys = {sq: dark_square_center(root, sq)[1] for sq in (1, 5, 46, 50)}
    assert ys[1] == ys[5] < ys[46] == ys[50]
    assert len(find(root, "capture-mark")) == 1
    vb = root.get("viewBox", "").split()
    assert vb[2] == vb[3]  # a square picture


def test_size_none_and_bad_arguments(russian: Board) -> None:
    root = parse(board_svg(russian, size=None))
    assert root.get("width") is None and root.get("viewBox")
    with pytest.raises(InvalidSquare):
        board_svg(russian, highlight=[33])
    with pytest.raises(InvalidSquare):
        board_svg(russian, arrows=[("a1", "b1")])
    with pytest.raises(ValueError, match="coordinates"):
        board_svg(russian, coordinates="roman")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="colour"):
        board_svg(russian, colors={"purple": "#800080"})
    with pytest.raises(ValueError):
        Arrow((22,))


def test_colors_override(russian: Board) -> None:
    svg = board_svg(russian, colors={"dark": "#777777"})
    assert re.search(r'class="squares" fill="#777777"', svg)


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def test_png() -> None:
    pytest.importorskip("cairosvg")
    board = Board("russian", RUSSIAN_FEN)
    svg = board_svg(board, move=board.parse_move("b2:d4:f6:d8:a5"))
    assert png_size(svg_to_png(svg, 200)) == (200, 200)
    assert png_size(svg_to_png(svg)) == (400, 400)
    assert png_size(svg_to_png(board_svg(Board("international"), size=None), 800))[0] == 800


def test_png_without_cairosvg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(MissingDependency, match=r"pip install .shashki\[pdf\]. \(cairosvg") as info:
        svg_to_png(board_svg(Board()))
    assert isinstance(info.value, ShashkiError)
    assert isinstance(info.value, ImportError)
