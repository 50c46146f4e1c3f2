"""The ``GameType`` tag, the variant it names, its notation and its result tokens.

PDN 3.0 (notation-pdn.md §2.2): ``GameType "Type-number[,Start colour,Board width,Board
height,Notation[,Invert-flag]]"``; a bare number stands for the full form of the table.
shashki plays four of the numbered games:

===  ======================  ==================  ==========  ==========
 #   game                    full form           results     captures
===  ======================  ==================  ==========  ==========
20   International           ``20,W,10,10,N2,0``  2-0 1-1 0-2  ``x``
25   Russian                 ``25,W,8,8,A0,0``    1-0 ½ 0-1    ``:``
26   Brazilian               ``26,W,8,8,A0,0``    1-0 ½ 0-1    ``x``
41   80-square               ``41,W,10,8,A0,0``   1-0 ½ 0-1    ``:``
===  ======================  ==================  ==========  ==========

GameType 41's algebraic squares run a-j x 1-8 from the bottom left (rules.md §10); PDN
3.0's own ``ALPHASQUARE`` (``[a-h][1-8]``) cannot name files i and j, so shashki reads
and writes them as the board needs.

Russian giveaway (поддавки) has no PDN number. shashki writes it as ``GameType "25"`` (its
board, moves and notation are Russian, so any PDN reader can replay it) plus the tag
``Variant "russian-giveaway"``, and reads a ``Variant`` tag naming giveaway (``giveaway``,
``poddavki``, ``поддавки``...) on a Russian game as that variant.

Square numbers follow the GameType's notation digit (where square 1 lies, seen from the
side that starts): 2 (top left) is shashki's own numbering; numeric files with another
digit are renumbered on reading.

>>> gt = parse_gametype("25")
>>> gt.full(), gt.notation, gt.corner
('25,W,8,8,A0,0', 'A', 0)
>>> variant_for(parse_gametype("20,W,10,10,N2,0")).name
'international'
>>> variant_for(parse_gametype("41")).name, CAPTURE_SEPARATOR[41]
('russian-80', ':')
>>> normalize_result("2-0", RUSSIAN), normalize_result("1/2-1/2", INTERNATIONAL)
('1-0', '1-1')
>>> renumber(RUSSIAN.geometry, 0)[1]     # N0: square 1 is a1, shashki's 29
29
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from shashki.rules import (
    BRAZILIAN,
    INTERNATIONAL,
    RUSSIAN,
    RUSSIAN_80,
    RUSSIAN_GIVEAWAY,
    Variant,
)
from shashki.rules.geometry import Geometry

#: Full forms of the PDN 3.0 GameType table (doc/gametype.rst).
FULL_FORMS: dict[int, tuple[str, str]] = {
    20: ("International draughts", "20,W,10,10,N2,0"),
    21: ("English draughts", "21,B,8,8,N1,0"),
    22: ("Italian draughts", "22,W,8,8,N2,1"),
    23: ("American pool checkers", "23,B,8,8,N1,0"),
    24: ("Spanish draughts", "24,W,8,8,N1,1"),
    25: ("Russian draughts", "25,W,8,8,A0,0"),
    26: ("Brazilian draughts", "26,W,8,8,A0,0"),
    27: ("Canadian draughts", "27,W,12,12,N2,0"),
    28: ("Portuguese draughts", "28,W,8,8,N1,1"),
    29: ("Czech draughts", "29,W,8,8,A0,0"),
    30: ("Turkish draughts", "30,W,8,8,A0,0"),
    31: ("Thai draughts", "31,B,8,8,N2,0"),
    40: ("Frisian draughts", "40,W,10,10,N2,0"),
    41: ("Spantsiretti", "41,W,10,8,A0,0"),
}

#: Numbers outside the PDN 3.0 table that lidraughts writes (Variant.scala), named in the
#: message that refuses them.
OTHER_NUMBERS: dict[int, str] = {96: "lidraughts' Breakthrough", 97: "lidraughts' Frysk!",
                                 98: "lidraughts' Antidraughts", 99: "lidraughts' From Position"}

_VARIANTS: dict[int, Variant] = {20: INTERNATIONAL, 25: RUSSIAN, 26: BRAZILIAN, 41: RUSSIAN_80}

#: The capture separator each GameType asks for (restriction 7).
CAPTURE_SEPARATOR: dict[int, str] = {20: "x", 25: ":", 26: "x", 41: ":"}

_GAMETYPE = re.compile(
    r"^\s*(\d+)\s*(?:,\s*([WB])\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([ANS])([0-3])?\s*"
    r"(?:,\s*([01])\s*)?)?$", re.IGNORECASE)


@dataclass(frozen=True)
class GameType:
    """A parsed ``GameType`` value.

    >>> from shashki.pdn import parse_gametype
    >>> gt = parse_gametype("20,W,10,10,N2,0")
    >>> gt.number, gt.width, gt.notation, gt.full()
    (20, 10, 'N', '20,W,10,10,N2,0')
    """

    number: int
    start: str
    width: int
    height: int
    notation: str
    """``A`` algebraic, ``N`` numeric, ``S`` SAN."""
    corner: int
    """Where square 1 (or a1) lies seen from the starting side: 0 bottom left ... 3 top right."""
    invert: int
    short: bool
    """Written as a bare number."""
    defaulted: tuple[str, ...] = ()
    """What the value left out and the GameType table gave: ``width``, ``height`` (written
    0), ``digit`` (a notation letter without its digit)."""

    def full(self) -> str:
        return (f"{self.number},{self.start},{self.width},{self.height},"
                f"{self.notation}{self.corner},{self.invert}")


@lru_cache(maxsize=256)
def parse_gametype(text: str) -> GameType:
    """Read a GameType value; raise ValueError saying why it cannot be read.

    >>> parse_gametype("25").full()
    '25,W,8,8,A0,0'
    >>> parse_gametype("41,W,10,8,A0,0").height
    8
    >>> gt = parse_gametype("20,W,0,0,N,0")   # 0 columns and rows: not given
    >>> gt.full(), gt.defaulted
    ('20,W,10,10,N2,0', ('width', 'height', 'digit'))
    """
    m = _GAMETYPE.match(text)
    if not m:
        raise ValueError(f"bad GameType {text!r}: expected a number or "
                         "'number,colour,width,height,notation[,invert]' like '25,W,8,8,A0,0'")
    number = int(m.group(1))
    if m.group(2) is None:
        if number not in FULL_FORMS:
            name = OTHER_NUMBERS.get(number, "an unknown game")
            raise ValueError(f"GameType {number} ({name}) is not supported; {_SUPPORTED}")
        gt = parse_gametype(FULL_FORMS[number][1])
        return GameType(gt.number, gt.start, gt.width, gt.height, gt.notation, gt.corner,
                        gt.invert, True)
    width, height, letter = int(m.group(3)), int(m.group(4)), m.group(5).upper()
    digit = m.group(6)
    defaulted: list[str] = []
    if (width == 0 or height == 0 or digit is None) and number in FULL_FORMS:
        # PDN 3.0 (doc/gametype.rst) gives the board's columns and rows and the notation's
        # letter with its digit; no board has 0 of either, so a 0 (or a letter without
        # its digit) can only mean "not given": the table's value for the type is taken
        # (docs/pdn.md R20).
        table = parse_gametype(FULL_FORMS[number][1])
        if width == 0:
            width = table.width
            defaulted.append("width")
        if height == 0:
            height = table.height
            defaulted.append("height")
        if digit is None:
            digit = str(table.corner if letter == table.notation else 0 if letter == "A"
                        else 2)
            defaulted.append("digit")
    if digit is None:
        raise ValueError(f"bad GameType {text!r}: expected a number or "
                         "'number,colour,width,height,notation[,invert]' like '25,W,8,8,A0,0'")
    return GameType(number, m.group(2).upper(), width, height, letter, int(digit),
                    int(m.group(7) or 0), False, tuple(defaulted))


_GIVEAWAY_NAMES = {"russian-giveaway", "russian giveaway", "giveaway", "poddavki",
                   "поддавки", "russian_giveaway", "antidraughts-russian"}


def variant_for(gt: GameType, variant_tag: str | None = None) -> Variant:
    """The variant a GameType names; raise ValueError for a game shashki does not play."""
    v = _VARIANTS.get(gt.number)
    if v is None:
        name = FULL_FORMS.get(gt.number, (OTHER_NUMBERS.get(gt.number, "an unknown game"),))[0]
        raise ValueError(f"GameType {gt.number} ({name}) is not supported; {_SUPPORTED}")
    g = v.geometry
    if (gt.width, gt.height) != (g.files, g.ranks):
        raise ValueError(f"GameType {gt.full()!r}: {v.title} is played on a "
                         f"{g.files}x{g.ranks} board, not {gt.width}x{gt.height}")
    if variant_tag is not None:
        if v is RUSSIAN and is_giveaway(variant_tag):
            return RUSSIAN_GIVEAWAY
        refuse_variant_tag(variant_tag)
    return v


_SUPPORTED = ("shashki reads 20 (International), 25 (Russian), 26 (Brazilian) and 41 "
              "(80-square)")

#: ``Variant`` tag values (lower case, as lidraughts and pydraughts write them) that name a
#: game shashki does not play, with the name used in the message.
_FOREIGN_VARIANTS = {
    "frisian": "Frisian draughts", "frysk": "Frysk!", "frysk!": "Frysk!",
    "antidraughts": "Antidraughts", "anti": "Antidraughts", "losing": "Antidraughts",
    "breakthrough": "Breakthrough", "english": "English draughts",
    "american": "English draughts", "checkers": "English draughts",
    "italian": "Italian draughts", "spanish": "Spanish draughts",
    "portuguese": "Portuguese draughts", "czech": "Czech draughts",
    "turkish": "Turkish draughts", "thai": "Thai draughts", "canadian": "Canadian draughts",
    "pool": "American pool checkers", "american pool": "American pool checkers",
    "killer": "Killer draughts",
}


def refuse_variant_tag(value: str) -> None:
    """Raise ValueError when a ``Variant`` tag names a game shashki does not play
    (``[GameType "20"] [Variant "Antidraughts"]`` is no International game)."""
    name = _FOREIGN_VARIANTS.get(value.strip().lower())
    if name is not None:
        raise ValueError(f"Variant {value.strip()!r} ({name}) is not supported; {_SUPPORTED}")


def is_giveaway(name: str) -> bool:
    return name.strip().lower() in _GIVEAWAY_NAMES


def gametype_number(variant: Variant) -> int:
    """The PDN number written for ``variant`` (25 for Russian giveaway, see above)."""
    return variant.gametype if variant.gametype is not None else 25


def native_style(variant: Variant, gametype: str | None = None) -> str:
    """``algebraic`` or ``numeric``: the GameType's notation letter, else the table's."""
    if gametype:
        try:
            gt = parse_gametype(gametype)
        except ValueError:
            gt = None
        if gt is not None and gt.notation in "AN":
            return "algebraic" if gt.notation == "A" else "numeric"
    num = gametype_number(variant)
    return "algebraic" if FULL_FORMS[num][1].split(",")[4][0] == "A" else "numeric"


def gametype_for_output(variant: Variant, current: str | None, style: str) -> str | None:
    """The GameType value to write with moves in ``style``.

    The value read is kept when it already says that notation; otherwise the full form
    with ``A0`` (algebraic) or ``N2`` (shashki's numbering) is written.
    """
    if current is None:
        return None
    try:
        gt = parse_gametype(current)
    except ValueError:
        return current
    want = ("A", 0) if style == "algebraic" else ("N", 2)
    if (gt.notation, gt.corner) == want or (gt.notation == "A" and want[0] == "A"):
        return current
    g = variant.geometry
    return f"{gt.number},{gt.start},{g.files},{g.ranks},{want[0]}{want[1]},{gt.invert}"


# --- the board of a game without a GameType tag ---------------------------------------

_ALGEBRAIC = re.compile(r"[a-jA-J](\d{1,2})")
_WIDE = re.compile(r"[ijIJ]\d")
_TALL = re.compile(r"[a-jA-J](?:9|10)(?!\d)")
#: A square number above 32 in move text (a move number is followed by a dot).
_ABOVE_32 = re.compile(r"(?<!\d)(?:3[3-9]|[4-9]\d|[1-9]\d\d+)(?![\d.])")
_FEN_ITEM = re.compile(r"[Kk]?([a-jA-J]?)(\d+)")
#: A numeric square joined to another (move numbers end with a dot).
_NUMERIC_MOVE = re.compile(r"\d ?[-x:×]")
#: The first square of the first numeric move (move numbers end with a dot).
_FIRST_SQUARE = re.compile(r"(?<![\d.])0?(\d{1,2})(?= ?[-x:×])")


def infer_variant(moves: str, fen: str | None = None) -> tuple[Variant, str]:
    """The variant of a game without a GameType tag, from the squares it names, and what
    it was told by.

    ``moves`` is text of move tokens (move numbers may come with it, nothing else);
    ``fen`` the FEN tag. A numeric square above 32 means 10x10 (International); algebraic
    squares with files up to h and ranks up to 8 mean 8x8, with files i or j 10x8
    (80-square) unless a rank goes above 8 (10x10); numeric squares up to 32 mean 8x8,
    unless the game starts from the initial position with a move from square 31 or 32
    (White's back row on 8x8, the front row on 10x10: ``32-28``); no square at all means
    8x8. An 8x8 game is read as Russian (the Code's game; Brazilian shares the board and
    cannot be told from it). docs/pdn.md R15.

    >>> infer_variant("1. 32-28 19-23 2. 28x19")[0].name
    'international'
    >>> variant, seen = infer_variant("1. c3-d4 f6-g5")
    >>> variant.name, seen
    ('russian', 'algebraic squares within a1-h8')
    >>> infer_variant("1. i3-j4", None)[0].name, infer_variant("", "W:W31-50:B1-20")[0].name
    ('russian-80', 'international')
    >>> variant, seen = infer_variant("1. 32-28 19-23 2. 28x19 14x23")
    >>> variant.name, seen
    ('international', 'first move from square 32')
    """
    algebraic = wide = tall = above = False
    if moves:
        if _ALGEBRAIC.search(moves):
            algebraic = True
            wide = _WIDE.search(moves) is not None
            tall = _TALL.search(moves) is not None
        above = _ABOVE_32.search(moves) is not None
    if fen:
        for block in fen.split(":")[1:]:
            block = block.strip()
            if block[:1] not in ("W", "B", "w", "b"):
                continue
            for m in _FEN_ITEM.finditer(block[1:]):
                letter, number = m.group(1), int(m.group(2))
                if letter:
                    algebraic = True
                    wide = wide or letter in "ijIJ"
                    tall = tall or number > 8
                elif number > 32:
                    above = True
    first = _FIRST_SQUARE.search(moves) if not (fen or algebraic or above) else None
    if above or tall:
        seen = "numeric squares above 32" if above else "algebraic ranks above 8"
        variant = INTERNATIONAL
    elif first is not None and first.group(1) in ("31", "32"):
        seen, variant = f"first move from square {first.group(1)}", INTERNATIONAL
    elif wide:
        seen, variant = "algebraic files i and j, ranks up to 8", RUSSIAN_80
    elif algebraic:
        seen, variant = "algebraic squares within a1-h8", RUSSIAN
    elif fen or _NUMERIC_MOVE.search(moves):
        seen, variant = "numeric squares up to 32", RUSSIAN
    else:
        seen, variant = "absence of squares to go by", RUSSIAN
    return variant, seen


# --- numbering ---------------------------------------------------------------------------


@cache
def renumber(g: Geometry, corner: int) -> tuple[int, ...]:
    """shashki's number of each square number of a file numbered from ``corner``.

    Index 0 is unused. Corner 2 (top left) is shashki's numbering and maps to itself.
    """
    out = [0]
    per = g.per_row
    for n in range(1, g.squares + 1):
        row, k = divmod(n - 1, per)
        if corner in (0, 1):
            row = g.ranks - 1 - row
        if corner in (1, 3):
            k = per - 1 - k
        out.append(row * per + k + 1)
    return tuple(out)


_FEN_NUMBER = re.compile(r"(?<![A-Za-z\d])(K?)(\d+)(?:-(\d+))?(?![\d])")


def renumber_fen(fen: str, g: Geometry, corner: int) -> str:
    """A FEN with numeric squares of a file numbered from ``corner`` in shashki's numbers.

    Ranges are expanded, since they are not contiguous in the other numbering.
    """
    table = renumber(g, corner)

    def sub(m: re.Match[str]) -> str:
        king, lo = m.group(1), int(m.group(2))
        hi = int(m.group(3)) if m.group(3) else lo
        if not (1 <= lo <= hi <= g.squares):
            return m.group(0)  # parse_fen will name the bad square
        return ",".join(f"{king}{table[n]}" for n in range(lo, hi + 1))

    head, sep, rest = fen.partition(":")
    parts = rest.split(":")
    # only colour blocks carry squares; lidraughts' H/F counters keep their numbers
    parts = [p if p.strip()[:1].upper() not in ("W", "B") else
             p[: len(p) - len(p.lstrip()) + 1] + _FEN_NUMBER.sub(sub, p.lstrip()[1:])
             for p in parts]
    return head + sep + ":".join(parts)


# --- results -----------------------------------------------------------------------------

WHITE_WINS, BLACK_WINS, DRAW, BOTH_LOSE, UNKNOWN = "1-0", "0-1", "1/2-1/2", "0-0", "*"

_MEANING = {
    "1-0": WHITE_WINS, "2-0": WHITE_WINS,
    "0-1": BLACK_WINS, "0-2": BLACK_WINS,
    "1/2-1/2": DRAW, "1-1": DRAW, "½-½": DRAW, "0.5-0.5": DRAW,
    "0-0": BOTH_LOSE, "*": UNKNOWN,
}
_INTERNATIONAL = {WHITE_WINS: "2-0", BLACK_WINS: "0-2", DRAW: "1-1", BOTH_LOSE: "0-0",
                  UNKNOWN: "*"}

#: Every token the reader takes for a result (lidraughts' ``½-½`` and ``0.5-0.5`` too).
RESULT_TOKENS = frozenset(_MEANING)


def result_meaning(token: str) -> str | None:
    """``1-0``, ``0-1``, ``1/2-1/2``, ``0-0`` or ``*`` for a result token, else None."""
    return _MEANING.get(token.strip())


def result_token(meaning: str, variant: Variant) -> str:
    """The token of ``variant``'s GameType for a result (International: 2-0, 1-1, 0-2)."""
    if gametype_number(variant) in (20, 27):
        return _INTERNATIONAL.get(meaning, meaning)
    return meaning


def normalize_result(token: str, variant: Variant) -> str:
    """The GameType's own token for ``token``; unknown strings (ResultFormat) stay as they are."""
    meaning = result_meaning(token)
    return token.strip() if meaning is None else result_token(meaning, variant)
