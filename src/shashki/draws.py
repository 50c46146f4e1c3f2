"""Draws by rule: each rule of the Code (1.9.1.3-1.9.1.7), FMJD-64 (7.2.3-7.2.8), FMJD
(6.1-6.4) and the Brazilian federation, as a function over the game's history.

A history is the sequence of :class:`Snapshot` s of a game, the initial position first.
``N moves`` in an article means N moves by each player (2N plies) unless the article
names one side ("своим 15-м ходом": the stronger side's moves); see docs/rules.md D1-D12.

>>> from shashki import Board
>>> b = Board("russian", "W:WKa1:BKh2")
>>> for t in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2:
...     _ = b.push_text(t)
>>> d = check_board(b)
>>> d.article, d.ply, d.since
('Code 1.9.1.7', 8, 0)
>>> ruleset("russian").name, ruleset("russian", "fmjd").rules[0].article
('code-2004', 'FMJD-64 7.2.3')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from shashki.color import BLACK, WHITE, Color
from shashki.errors import ShashkiError

if TYPE_CHECKING:
    from shashki.board import Board
    from shashki.move import Move
    from shashki.rules.geometry import Geometry


class Snapshot(NamedTuple):
    """A position of the game and the move that led to it (None fields for the first).

    >>> from shashki import Board
    >>> b = Board("russian", "W:WKb4:BKg5")
    >>> _ = b.push_text("b4-a3")
    >>> first, last = history(b)
    >>> first.mover, last.mover, last.king_moved, last.capture
    (None, <Color.WHITE: 0>, True, False)
    """

    white: int
    black: int
    kings: int
    turn: int
    key: int
    mover: Color | None = None
    king_moved: bool = False
    capture: bool = False
    promotion: bool = False

    @property
    def material_changed(self) -> bool:
        """Code 1.9.1.4: "соотношение сил" changes by a capture or a promotion."""
        return self.capture or self.promotion


class Material(NamedTuple):
    """Men and kings of each side, White first.

    >>> from shashki import Board
    >>> m = material(history(Board("russian", "W:WKb4,c3:BKg5"))[-1])
    >>> from shashki.color import WHITE
    >>> m, m.pieces(WHITE), m.total
    (Material(men=(1, 0), kings=(1, 1)), 2, 3)
    """
    men: tuple[int, int]
    kings: tuple[int, int]

    def pieces(self, color: Color) -> int:
        return self.men[color] + self.kings[color]

    @property
    def total(self) -> int:
        return sum(self.men) + sum(self.kings)


def material(s: Snapshot) -> Material:
    """The men and kings of each side (White first) in a snapshot.

    >>> from shashki import Board
    >>> material(history(Board("russian"))[0])
    Material(men=(12, 12), kings=(0, 0))
    """
    wk = (s.white & s.kings).bit_count()
    bk = (s.black & s.kings).bit_count()
    return Material((s.white.bit_count() - wk, s.black.bit_count() - bk), (wk, bk))


def history(board: Board) -> list[Snapshot]:
    """The snapshots of a board's game, from its first position to the current one.

    >>> from shashki import Board
    >>> b = Board("russian")
    >>> _ = b.push_text("c3-d4")
    >>> len(history(b)), history(b)[1].mover
    (2, <Color.WHITE: 0>)
    """
    states = [*board._stack, (*board.position, board.zobrist_hash())]
    w, b, k, t, key = states[0]
    out = [Snapshot(w, b, k, t, key)]
    for i, move in enumerate(board.move_stack):
        out.append(snapshot_after(board, states[i], states[i + 1], move))
    return out


def snapshot_after(board: Board, before: tuple[int, int, int, int, int],
                   after: tuple[int, int, int, int, int], move: Move) -> Snapshot:
    """The snapshot of the position ``after`` reached by ``move`` from ``before``.

    >>> from shashki import Board
    >>> b = Board("russian", "W:Wc3:Bf6")
    >>> before = (*b.position, b.zobrist_hash())
    >>> b.push_text("c3-d4")
    Move((22, 18))
    >>> after = (*b.position, b.zobrist_hash())
    >>> snapshot_after(b, before, after, b.peek()) == history(b)[-1]
    True
    """
    pw, pb, pk, pt, _ = before
    own = pw if pt == 0 else pb
    start_bit = 1 << board.variant.geometry.bit(move.start)
    w, b, k, t, key = after
    return Snapshot(w, b, k, t, key, Color(pt), bool(pk & own & start_bit),
                    move.is_capture, move.promotion)


# --- counting helpers -------------------------------------------------------------------


def _material_start(h: Sequence[Snapshot]) -> int:
    """Index of the snapshot since which no capture or promotion happened."""
    for i in range(len(h) - 1, 0, -1):
        if h[i].material_changed:
            return i
    return 0


def _moves_by(h: Sequence[Snapshot], color: Color, since: int) -> int:
    return sum(1 for s in h[since + 1:] if s.mover is color)


def _lone_king(m: Material) -> Color | None:
    """The side that has a single piece, a king, when the other side has more."""
    for c in (WHITE, BLACK):
        if m.kings[c] == 1 and m.men[c] == 0 and m.pieces(c.other) > 1:
            return c
    return None


def _on_main_road(s: Snapshot, color: Color, g: Geometry) -> bool:
    road = g.mask(g.main_road)
    own = s.white if color is WHITE else s.black
    return bool(own & s.kings & road)


def _alone_on_main_road(s: Snapshot, color: Color, g: Geometry) -> bool:
    road = g.mask(g.main_road)
    own = s.white if color is WHITE else s.black
    return bool(own & s.kings & road) and ((s.white | s.black) & road).bit_count() == 1


# --- the rules ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """A draw by a rule: which, by which article, at which ply, counted from which ply.

    >>> from shashki import Board
    >>> b = Board("russian", "W:WKb4:BKg5")
    >>> for t in ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 2 + ["b4-a3", "g5-h4"]:
    ...     _ = b.push_text(t)
    >>> d = check_board(b, repetition=False)
    >>> d.rule, d.article, d.ply, d.since
    ('kings-balance', 'Code 1.9.1.4', 10, 0)
    """

    rule: str
    article: str
    ply: int
    since: int
    detail: str


RuleFn = Callable[[Sequence[Snapshot], "Geometry"], "tuple[int, str] | None"]


@dataclass(frozen=True)
class Rule:
    """A draw rule of a ruleset: its name, its article, and the function that checks it.

    >>> rule = CODE_2004.rules[0]
    >>> rule.id, rule.article, rule.check is threefold
    ('threefold', 'Code 1.9.1.7', True)
    """
    id: str
    article: str
    check: RuleFn
    """Returns ``(ply the count started, detail)`` when the rule draws the game now."""


def threefold(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
    """Code 1.9.1.7, FMJD-64 7.2.3, FMJD 6.1: the same arrangement of pieces with the same
    side to move for the third time (not necessarily in a row).

    >>> from shashki import Board
    >>> b = Board("russian", "W:WKa1:BKh2")
    >>> for t in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2:
    ...     _ = b.push_text(t)
    >>> threefold(history(b), b.variant.geometry)
    (0, 'position repeated 3 times (plies [0, 4, 8])')
    >>> threefold(history(b)[:-1], b.variant.geometry) is None
    True
    """
    key = h[-1].key
    seen = [i for i, s in enumerate(h) if s.key == key]
    if len(seen) >= 3:
        return seen[0], f"position repeated {len(seen)} times (plies {seen})"
    return None


def _kings_only(limit_moves: int) -> RuleFn:
    def rule(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
        n = 0
        for s in reversed(h[1:]):
            if not s.king_moved or s.capture:
                break
            n += 1
        if n >= 2 * limit_moves:
            return len(h) - 1 - n, f"{n} plies of king moves without a man move or capture"
        return None

    return rule


kings_only_15 = _kings_only(15)
kings_only_15.__doc__ = """Code 1.9.1.6, FMJD-64 7.2.5: 15 moves (each) of kings only, no man
moved, no capture.

>>> from shashki import Board
>>> b = Board("russian", "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7")
>>> for t in ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 7 + ["b4-a3"]:
...     _ = b.push_text(t)
>>> kings_only_15(history(b), b.variant.geometry) is None      # 29 plies
True
>>> _ = b.push_text("g5-h4")
>>> kings_only_15(history(b), b.variant.geometry)
(0, '30 plies of king moves without a man move or capture')
"""
kings_only_25 = _kings_only(25)
kings_only_25.__doc__ = """FMJD 6.2: 25 successive moves for each player of kings only.

>>> from shashki import Board
>>> b = Board("international", "W:WK41,6,47,9:BK1,26,44,27")
>>> for t in ["41-19", "1-7", "19-41", "7-1"] * 12 + ["41-19"]:
...     _ = b.push_text(t)
>>> kings_only_25(history(b), b.variant.geometry) is None      # 49 plies
True
>>> _ = b.push_text("1-7")
>>> kings_only_25(history(b), b.variant.geometry)
(0, '50 plies of king moves without a man move or capture')
"""
kings_only_20 = _kings_only(20)
kings_only_20.__doc__ = """Brazilian federation (CBD "Regras Oficiais" 16): 20 successive
moves of kings without capture or man move.

>>> from shashki import Board
>>> b = Board("brazilian", "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7")
>>> for t in ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 10:
...     _ = b.push_text(t)
>>> kings_only_20(history(b), b.variant.geometry)
(0, '40 plies of king moves without a man move or capture')
"""


def three_kings_vs_king(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
    """Code 1.9.1.3, FMJD-64 7.2.4: three kings (or more) against a lone king: drawn if the
    stronger side's 15th move, counted from when the balance arose, does not capture it.

    >>> from shashki import Board
    >>> b = Board("russian", "W:WK28,K21,K14:BK31")
    >>> for t in ["28-10", "31-20", "10-28", "20-31"] * 7:
    ...     _ = b.push_text(t)
    >>> three_kings_vs_king(history(b), b.variant.geometry) is None
    True
    >>> _ = b.push_text("28-10")                                   # White's 15th move
    >>> three_kings_vs_king(history(b), b.variant.geometry)
    (0, '15 moves by the stronger side since ply 0')
    """
    m = material(h[-1])
    lone = _lone_king(m)
    if lone is None or m.kings[lone.other] < 3:
        return None
    start = _material_start(h)
    n = _moves_by(h, lone.other, start)
    if n >= 15:
        return start, f"{n} moves by the stronger side since ply {start}"
    return None


_KINGS_BALANCE_CODE = {2: 5, 3: 5, 4: 30, 5: 30, 6: 60, 7: 60}
_KINGS_BALANCE_FMJD64 = {4: 30, 5: 30, 6: 60, 7: 60}


def _kings_balance(limits: dict[int, int]) -> RuleFn:
    def rule(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
        m = material(h[-1])
        if not (m.kings[WHITE] and m.kings[BLACK]) or m.total not in limits:
            return None
        start = _material_start(h)
        plies = len(h) - 1 - start
        if plies >= 2 * limits[m.total]:
            return start, f"{m.total} pieces, both with kings, {plies} plies without a change"
        return None

    return rule


kings_balance_code = _kings_balance(_KINGS_BALANCE_CODE)
kings_balance_code.__doc__ = """Code 1.9.1.4: both sides have kings and the balance of forces
does not change (no capture, no promotion) for 5 moves with 2-3 pieces, 30 with 4-5, 60
with 6-7 pieces on the board.

>>> from shashki import Board
>>> b = Board("russian", "W:WKb4:BKg5")
>>> for t in ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 2 + ["b4-a3", "g5-h4"]:
...     _ = b.push_text(t)
>>> kings_balance_code(history(b), b.variant.geometry)
(0, '2 pieces, both with kings, 10 plies without a change')
"""
kings_balance_fmjd64 = _kings_balance(_KINGS_BALANCE_FMJD64)
kings_balance_fmjd64.__doc__ = """FMJD-64 7.2.6: as Code 1.9.1.4 for 4-5 pieces (30 moves) and
6-7 pieces (60 moves); 2-3 pieces fall under 7.2.8.

>>> from shashki import Board
>>> b = Board("russian", "W:WK16,K21:BK5,K13")
>>> for t in ["16-12", "5-9", "12-16", "9-5"] * 15:
...     _ = b.push_text(t)
>>> kings_balance_fmjd64(history(b), b.variant.geometry)
(0, '4 pieces, both with kings, 60 plies without a change')
"""

_MAIN_ROAD_FORCES_CODE = {(3, 0), (2, 1), (1, 2), (0, 3)}  # (kings, men)
_MAIN_ROAD_FORCES_FMJD64 = {(3, 0), (2, 1), (1, 2)}


def main_road_code(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
    """Code 1.9.1.5: three kings, two kings and a man, a king and two men or three men
    against a lone king standing on the main road: drawn if the stronger side's 5th move
    does not reach a winning position, read as: the lone king is still on the main road
    after the stronger side's 5th move, counted from when it stands there with this
    balance of forces (docs/rules.md D6).

    >>> from shashki import Board
    >>> b = Board("russian", "W:WK20,K7,K5:BK22")
    >>> for t in ["20-27", "22-4", "27-20", "4-22"] * 2 + ["20-27"]:
    ...     _ = b.push_text(t)
    >>> main_road_code(history(b), b.variant.geometry)
    (0, 'lone king on the main road, 5 moves by the stronger side')
    """
    m = material(h[-1])
    lone = _lone_king(m)
    if lone is None or (m.kings[lone.other], m.men[lone.other]) not in _MAIN_ROAD_FORCES_CODE:
        return None
    start = _material_start(h)
    on = len(h) - 1
    while on > start and _on_main_road(h[on - 1], lone, g):
        on -= 1
    if not _on_main_road(h[-1], lone, g):
        return None
    n = _moves_by(h, lone.other, on)
    if n >= 5:
        return on, f"lone king on the main road, {n} moves by the stronger side"
    return None


def main_road_fmjd64(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
    """FMJD-64 7.2.7 (as lidraughts applies it): three kings, two kings and a man, or a king
    and two men against a lone king that is the only piece on the long diagonal: drawn
    after 10 plies, since the balance arose, in which it stood there.

    >>> from shashki import Board
    >>> b = Board("russian", "W:WK20,K7,K5:BK22")
    >>> for t in ["20-27", "22-4", "27-20", "4-22"] * 2 + ["20-27"]:
    ...     _ = b.push_text(t)
    >>> main_road_fmjd64(history(b), b.variant.geometry)
    (0, 'lone king alone on the long diagonal in 10 positions')
    """
    m = material(h[-1])
    lone = _lone_king(m)
    if lone is None or (m.kings[lone.other], m.men[lone.other]) not in _MAIN_ROAD_FORCES_FMJD64:
        return None
    start = _material_start(h)
    n = sum(1 for s in h[start:] if _alone_on_main_road(s, lone, g))
    if n >= 10:
        return start, f"lone king alone on the long diagonal in {n} positions"
    return None


def _small_vs_king(forces: set[tuple[int, int]], moves: int) -> RuleFn:
    def rule(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
        m = material(h[-1])
        lone = _lone_king(m)
        if lone is None and m.kings[WHITE] == m.kings[BLACK] == 1 and m.total == 2:
            lone = BLACK  # a king against a king: either side is the lone king
        if lone is None or (m.kings[lone.other], m.men[lone.other]) not in forces:
            return None
        start = _material_start(h)
        plies = len(h) - 1 - start
        if plies >= 2 * moves:
            return start, f"{plies} plies since the balance arose"
        return None

    return rule


two_vs_king_fmjd64 = _small_vs_king({(2, 0), (1, 1), (1, 0)}, 5)
two_vs_king_fmjd64.__doc__ = """FMJD-64 7.2.8: two kings, a king and a man, or a king against
a lone king: drawn after 5 moves each.

>>> from shashki import Board
>>> b = Board("russian", "W:WK17,K10:BK20")
>>> for t in ["17-13", "20-27", "13-17", "27-20"] * 2 + ["17-13", "20-27"]:
...     _ = b.push_text(t)
>>> two_vs_king_fmjd64(history(b), b.variant.geometry)
(0, '10 plies since the balance arose')
"""
three_vs_king_fmjd = _small_vs_king({(3, 0), (2, 1), (1, 2)}, 16)
three_vs_king_fmjd.__doc__ = """FMJD 6.3: three kings, two kings and a man, a king and two men
against one king: drawn after 16 more moves each.

>>> from shashki import Board
>>> b = Board("international", "W:WK9,K19,K49:BK7")
>>> for t in ["9-20", "7-12", "20-9", "12-7"] * 8:
...     _ = b.push_text(t)
>>> three_vs_king_fmjd(history(b), b.variant.geometry)
(0, '32 plies since the balance arose')
"""
two_vs_king_fmjd = _small_vs_king({(2, 0), (1, 1), (1, 0)}, 5)
two_vs_king_fmjd.__doc__ = """FMJD 6.4: two kings, a king and a man, or a king against a king:
drawn after 5 more moves each.

>>> from shashki import Board
>>> b = Board("international", "W:WK32,K26:BK20")
>>> for t in ["32-10", "20-29", "10-32", "29-20"] * 2 + ["32-10", "20-29"]:
...     _ = b.push_text(t)
>>> two_vs_king_fmjd(history(b), b.variant.geometry)
(0, '10 plies since the balance arose')
"""


def kings_only_fmjd64(h: Sequence[Snapshot], g: Geometry) -> tuple[int, str] | None:
    """FMJD-64 7.2.5 as lidraughts applies it: 15 moves of kings only, but only where no
    material-specific rule (7.2.4, 7.2.6-7.2.8) has a count of its own (docs D4).

    >>> from shashki import Board
    >>> b = Board("russian", "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7")
    >>> for t in ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 7 + ["b4-a3", "g5-h4"]:
    ...     _ = b.push_text(t)
    >>> kings_only_fmjd64(history(b), b.variant.geometry)
    (0, '30 plies of king moves without a man move or capture')
    >>> b = Board("russian", "W:WK16,K21:BK5,K13")       # 2 v 2: 7.2.6 counts instead
    >>> for t in ["16-12", "5-9", "12-16", "9-5"] * 8:
    ...     _ = b.push_text(t)
    >>> kings_only_fmjd64(history(b), b.variant.geometry) is None
    True
    """
    m = material(h[-1])
    if m.kings[WHITE] and m.kings[BLACK] and 2 <= m.total <= 7:
        return None
    lone = _lone_king(m)
    if lone is not None and (
        m.kings[lone.other] >= 3
        or (m.kings[lone.other], m.men[lone.other]) in _MAIN_ROAD_FORCES_FMJD64
    ):
        return None
    return kings_only_15(h, g)


# --- rulesets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruleset:
    """The draw rules of one federation for one variant; ``threefold`` is listed first.

    >>> from shashki import Board
    >>> rs = ruleset("russian", "fmjd")
    >>> rs.title
    'FMJD-64 rules 7.2 (as lidraughts applies them)'
    >>> [r.id for r in rs.rules]
    ['threefold', 'three-kings-vs-king', 'kings-only', 'kings-balance', 'main-road', 'two-vs-king']
    >>> rs.check(history(Board("russian")), Board("russian").variant.geometry) is None
    True
    """

    name: str
    title: str
    rules: tuple[Rule, ...]

    def check(self, h: Sequence[Snapshot], g: Geometry, *, repetition: bool = True) -> Draw | None:
        """The first rule that draws the game after the last snapshot, or None.

        ``repetition=False`` leaves threefold repetition to a claim (Code 1.9.2).
        """
        for rule in self.rules:
            if rule.id == "threefold" and not repetition:
                continue
            hit = rule.check(h, g)
            if hit is not None:
                since, detail = hit
                return Draw(rule.id, rule.article, len(h) - 1, since, detail)
        return None


CODE_2004 = Ruleset("code-2004", "Russian Draughts Code (2004), 1.9.1", (
    Rule("threefold", "Code 1.9.1.7", threefold),
    Rule("three-kings-vs-king", "Code 1.9.1.3", three_kings_vs_king),
    Rule("kings-balance", "Code 1.9.1.4", kings_balance_code),
    Rule("main-road", "Code 1.9.1.5", main_road_code),
    Rule("kings-only", "Code 1.9.1.6", kings_only_15),
))
"""The Code's draw rules (1.9.1.3-1.9.1.7): the default for Russian and Brazilian.

>>> [r.article for r in CODE_2004.rules]
['Code 1.9.1.7', 'Code 1.9.1.3', 'Code 1.9.1.4', 'Code 1.9.1.5', 'Code 1.9.1.6']
"""
FMJD_64 = Ruleset("fmjd", "FMJD-64 rules 7.2 (as lidraughts applies them)", (
    Rule("threefold", "FMJD-64 7.2.3", threefold),
    Rule("three-kings-vs-king", "FMJD-64 7.2.4", three_kings_vs_king),
    Rule("kings-only", "FMJD-64 7.2.5", kings_only_fmjd64),
    Rule("kings-balance", "FMJD-64 7.2.6", kings_balance_fmjd64),
    Rule("main-road", "FMJD-64 7.2.7", main_road_fmjd64),
    Rule("two-vs-king", "FMJD-64 7.2.8", two_vs_king_fmjd64),
))
"""FMJD-64 7.2 as lidraughts applies it (ruleset ``fmjd`` on 8x8).

>>> [r.article.removeprefix("FMJD-64 ") for r in FMJD_64.rules]
['7.2.3', '7.2.4', '7.2.5', '7.2.6', '7.2.7', '7.2.8']
"""
FMJD_100 = Ruleset("fmjd", "FMJD rules of international draughts, art. 6", (
    Rule("threefold", "FMJD 6.1", threefold),
    Rule("kings-only", "FMJD 6.2", kings_only_25),
    Rule("three-vs-king", "FMJD 6.3", three_vs_king_fmjd),
    Rule("two-vs-king", "FMJD 6.4", two_vs_king_fmjd),
))
"""FMJD art. 6 (International draughts, ruleset ``fmjd``).

>>> [r.article for r in FMJD_100.rules]
['FMJD 6.1', 'FMJD 6.2', 'FMJD 6.3', 'FMJD 6.4']
"""
CBD = Ruleset("cbd", "Brazilian federation (CBD) official rules, item 16", (
    Rule("threefold", "CBD 16 / Code 1.9.1.7", threefold),
    Rule("kings-only", "CBD 16", kings_only_20),
))
"""The Brazilian federation's rules (ruleset ``cbd``).

>>> [r.article for r in CBD.rules]
['CBD 16 / Code 1.9.1.7', 'CBD 16']
"""

CODE_2004_80 = Ruleset("code-2004", "Russian Draughts Code (2004), 1.9.1, on the 10x8 board",
                       tuple(r for r in CODE_2004.rules if r.id != "main-road"))
"""80-square draughts: the Code's rules but 1.9.1.5, whose main road 10x8 lacks (D13).

>>> [r.id for r in CODE_2004_80.rules]
['threefold', 'three-kings-vs-king', 'kings-balance', 'kings-only']
"""

RULESETS: dict[str, dict[str, Ruleset]] = {
    "russian": {"code-2004": CODE_2004, "fmjd": FMJD_64},
    "brazilian": {"code-2004": CODE_2004, "cbd": CBD},
    "international": {"fmjd": FMJD_100},
    "russian-giveaway": {"code-2004": CODE_2004},
    "russian-80": {"code-2004": CODE_2004_80},
}
"""Rulesets per variant; the first is the default (docs/rules.md D10).

>>> list(RULESETS["russian"]), list(RULESETS["international"])
(['code-2004', 'fmjd'], ['fmjd'])
"""


class UnknownRuleset(ShashkiError):
    """A ruleset name that the variant does not have.

    >>> ruleset("russian", "fide")
    Traceback (most recent call last):
        ...
    shashki.draws.UnknownRuleset: unknown ruleset 'fide' for russian; known: code-2004, fmjd
    """


def ruleset(variant: str, name: str | None = None) -> Ruleset:
    """The ruleset ``name`` of ``variant`` (its default when None).

    >>> ruleset("russian").name, ruleset("international").name, ruleset("brazilian", "cbd").name
    ('code-2004', 'fmjd', 'cbd')
    """
    options = RULESETS.get(variant)
    if options is None:
        raise UnknownRuleset(f"no draw rules for variant {variant!r}")
    if name is None:
        return next(iter(options.values()))
    if name not in options:
        raise UnknownRuleset(
            f"unknown ruleset {name!r} for {variant}; known: {', '.join(options)}")
    return options[name]


def check_board(board: Board, name: str | None = None, repetition: bool = True) -> Draw | None:
    """Whether the rules draw ``board``'s game now.

    >>> from shashki import Board
    >>> check_board(Board("russian")) is None
    True
    """
    rs = ruleset(board.variant.name, name)
    return rs.check(history(board), board.variant.geometry, repetition=repetition)
