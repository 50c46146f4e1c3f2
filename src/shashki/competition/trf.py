"""FIDE's Tournament Report File (TRF-2026 where it applies): import and export.

Fixed columns; player records ``001``; per round ten columns from column 92 (opponent's
starting rank, colour, result: ``1 = 0`` played, ``+ -`` forfeits, ``U`` pairing-allocated
bye, ``H``/``F``/``Z`` half-, full-, zero-point bye). Records written: 012, 022, 032, 042,
052, 062, 072, 092, 102, 142, 152, 162 (point system), 260 (prohibited pairings), 001; read
also: XXR (rounds), XXC (initial colour), XXP (forbidden pairs).

A micro-match round is one TRF game whose result is the match's (won, drawn, lost on game
points): TRF has no two-game rounds (see docs/rules.md, T4).

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(name="Demo", rounds_planned=3)
>>> for name, r in [("Ivanov, Ivan", 2300), ("Petrov, Petr", 2200)]:
...     _ = t.add_player(name, rating=r)
>>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"])]))
>>> text = export_trf(t)
>>> [line[:3] for line in text.splitlines()][-2:]
['001', '001']
>>> parse_trf(text).points(1)
2.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shashki.competition.errors import TrfError
from shashki.competition.model import (
    SCORING,
    Bye,
    Outcome,
    Pairing,
    Player,
    Round,
    Scoring,
    Tournament,
    parse_result,
)


@dataclass(frozen=True)
class Cell:
    """One round of one player in TRF terms."""

    opponent: int
    color: str
    code: str


_WHITE_CODE = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="),
               "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-")}
_BYE_CODE = {"PAB": "U", "H": "H", "F": "F", "Z": "Z"}
_CODE_POINTS: dict[str, Outcome] = {
    "1": "W", "+": "W", "W": "W", "=": "D", "D": "D", "0": "L", "-": "L", "L": "L",
    "U": "PAB", "H": "H", "F": "F", "Z": "Z", " ": "Z"}


def cells(t: Tournament, upto: int | None = None, numbering: dict[int, int] | None = None,
          ) -> dict[int, list[Cell]]:
    """Every player's TRF cells for rounds 1..``upto`` (default: all).

    ``numbering`` maps player numbers to the starting ranks written (default: the same).
    Unfinished games are written with a blank result.
    """
    num = numbering or {p.number: p.number for p in t.players}
    out: dict[int, list[Cell]] = {p.number: [] for p in t.players}
    for r in t.rounds[:upto]:
        done: set[int] = set()
        for p in r.pairings:
            wc, bc = _pairing_codes(t, p)
            out[p.white].append(Cell(num[p.black], "w", wc))
            out[p.black].append(Cell(num[p.white], "b", bc))
            done.update((p.white, p.black))
        for b in r.byes:
            out[b.player].append(Cell(0, "-", _BYE_CODE[b.kind]))
            done.add(b.player)
        for pl in t.players:
            if pl.number not in done:
                late = pl.entered > r.number and t.late_entry_bye == "H"
                out[pl.number].append(Cell(0, "-", "H" if late else "Z"))
    return out


def _pairing_codes(t: Tournament, p: Pairing) -> tuple[str, str]:
    if not t.micromatch:
        res = p.results[0]
        return _WHITE_CODE[res] if res is not None else (" ", " ")
    if any(r is None for r in p.results):
        return (" ", " ")
    pw = pb = 0.0
    forfeits = True
    for g, res in enumerate(p.results, 1):
        assert res is not None
        w_is_white = g % 2 == 1
        cw, cb = _WHITE_CODE[res]
        if res not in ("+/-", "-/+", "-/-"):
            forfeits = False
        a, b = (cw, cb) if w_is_white else (cb, cw)
        pw += t.scoring.points(_CODE_POINTS[a])
        pb += t.scoring.points(_CODE_POINTS[b])
    if pw > pb:
        return ("+", "-") if forfeits else ("1", "0")
    if pb > pw:
        return ("-", "+") if forfeits else ("0", "1")
    return ("-", "-") if forfeits and pw == 0 else ("=", "=")


def _points(scoring: Scoring, cs: list[Cell]) -> float:
    return sum((scoring.points(_CODE_POINTS[c.code]) for c in cs), 0.0)


def export_trf(t: Tournament, upto: int | None = None, numbering: dict[int, int] | None = None,
               rounds_planned: int | None = None, extra: list[str] | None = None) -> str:
    """The tournament as TRF-2026 text (lines end with ``\\n``; the reader accepts CR too).

    ``numbering`` renumbers players (the Dutch engine pairs by pairing numbers); ``upto``
    stops after that round. Code: the point system of the event goes into record 162.
    """
    num = numbering or {p.number: p.number for p in t.players}
    cs = cells(t, upto, num)
    pts = {n: _points(t.scoring, c) for n, c in cs.items()}
    order = sorted(t.players, key=lambda p: (-pts[p.number], num[p.number]))
    rank = {p.number: i for i, p in enumerate(order, 1)}
    sc = t.scoring
    lines = [
        f"012 {t.name}",
        f"022 {t.city}",
        f"032 {t.federation}",
        f"042 {t.start.replace('-', '/')}",
        f"052 {t.end.replace('-', '/')}",
        f"062 {len(t.players)}",
        f"072 {sum(1 for p in t.players if p.rating)}",
        f"092 {_SYSTEM_TRF[t.system]}",
        f"102 {t.arbiter}",
        f"142 {rounds_planned if rounds_planned is not None else t.rounds_planned}",
        f"152 {'W' if t.first_color == 'white' else 'B'}",
        "162 " + "".join(f" {c}{v:4.1f}   " for c, v in (
            ("W", sc.win), ("D", sc.draw), ("L", sc.loss), ("A", sc.zero_bye),
            ("P", sc.points("PAB")))),
    ]
    rnds = len(t.rounds[:upto])
    for f in t.forbidden:
        last = f.last if f.last is not None else max(rnds + 1, t.rounds_planned, 1)
        lines.append(f"260 {f.first:3d} {last:3d}" + "".join(
            f" {num[x]:4d}" for x in f.players))
    lines.extend(extra or [])
    for p in sorted(t.players, key=lambda p: num[p.number]):
        head = (f"001 {num[p.number]:4d} {(p.sex or ' ')[:1]}{p.title[:3]:>3} {p.name[:33]:<33} "
                f"{p.rating or 0:4d} {p.federation[:3]:<3} {p.federation_id[:11]:>11} "
                f"{p.birth.replace('-', '/')[:10]:<10} {pts[p.number]:4.1f} {rank[p.number]:4d}")
        body = "".join(f"  {c.opponent:4d} {c.color} {c.code}" if c.opponent else
                       f"  0000 - {c.code}" for c in cs[p.number])
        lines.append((head + body).rstrip())
    return "\n".join(lines) + "\n"


_SYSTEM_TRF = {"dutch": "FIDE_DUTCH", "berger": "ROUND_ROBIN", "double-berger":
               "DOUBLE_ROUND_ROBIN"}


def parse_trf(text: str) -> Tournament:
    """Read TRF16/TRF-2026 text into a tournament (individual events).

    Raises :class:`~shashki.competition.errors.TrfError` naming the line of a record that
    cannot be read.
    """
    t = Tournament(pairing_order="number")
    grid: dict[int, dict[int, tuple[int, str, str]]] = {}
    scoring: dict[str, float] = {}
    max_round = 0
    forbidden: list[tuple[int, int, tuple[int, ...], int, str]] = []
    for lineno, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        if not line or line.startswith("###"):
            continue
        tag, val = line[:3], line[4:].strip()
        if tag == "012":
            t.name = val
        elif tag == "022":
            t.city = val
        elif tag == "032":
            t.federation = val
        elif tag == "042":
            t.start = val.replace("/", "-")
        elif tag == "052":
            t.end = val.replace("/", "-")
        elif tag == "102":
            t.arbiter = val
        elif tag == "092":
            v = val.upper()
            if "DOUBLE" in v and ("ROUND" in v or "BERGER" in v):
                t.system = "double-berger"
            elif "ROUND" in v or "BERGER" in v:
                t.system = "berger"
        elif tag in ("142", "XXR"):
            try:
                t.rounds_planned = int(val.split()[0])
            except (ValueError, IndexError):
                raise TrfError(lineno, line, "bad number of rounds") from None
        elif tag == "152":
            t.first_color = "black" if val[:1].upper() == "B" else "white"
        elif tag == "XXC":
            t.first_color = "black" if val.lower().startswith("black") else "white"
        elif tag == "162":
            for code, pts in re.findall(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", line[3:].upper()):
                scoring[code] = float(pts)
        elif tag == "260":
            try:
                first = int(line[4:7])
                last = int(line[8:11] or 0) or first
                players = tuple(int(x) for x in line[11:].split())
            except ValueError:
                raise TrfError(lineno, line, "bad prohibited-pairing record") from None
            forbidden.append((first, last, players, lineno, line))
        elif tag == "XXP":  # JaVaFo: players who must never meet
            try:
                players = tuple(int(x) for x in val.split())
            except ValueError:
                raise TrfError(lineno, line, "bad forbidden-pairs record") from None
            forbidden.append((1, 0, players, lineno, line))
        elif tag == "001":
            _parse_player(t, grid, lineno, line)
            max_round = max(max_round, *grid[int(line[4:8])].keys(), 0)
    t.scoring = _scoring(scoring)
    t.rounds_planned = max(t.rounds_planned, max_round)
    for first, last, players, lineno, line in forbidden:
        for x in players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}")
        t.forbid(*players, first=first, last=last or None)
    _build_rounds(t, grid, max_round)
    return t


def _scoring(codes: dict[str, float]) -> Scoring:
    win = codes.get("W", 1.0)
    draw = codes.get("D", win / 2)
    for s in SCORING.values():
        if (s.win, s.draw, s.loss) == (win, draw, codes.get("L", 0.0)) and \
                codes.get("P", win) == win:
            return s
    return Scoring("custom", win, draw, codes.get("L", 0.0), codes.get("P"), None,
                   codes.get("A", 0.0))


def _parse_player(t: Tournament, grid: dict[int, dict[int, tuple[int, str, str]]],
                  lineno: int, line: str) -> None:
    try:
        number = int(line[4:8])
    except ValueError:
        raise TrfError(lineno, line, "bad starting rank (columns 5-8)") from None
    if number in grid:
        raise TrfError(lineno, line, f"starting rank {number} appears twice")
    rating_txt = line[48:52].strip()
    if rating_txt and not rating_txt.isdigit():
        raise TrfError(lineno, line, f"bad rating {rating_txt!r} (columns 49-52)")
    t.players.append(Player(
        number=number, name=line[14:47].strip(), title=line[10:13].strip(),
        rating=int(rating_txt or 0), federation=line[53:56].strip(),
        federation_id=line[57:68].strip(), sex=line[9:10].strip(),
        birth=line[69:79].strip().replace("/", "-")))
    rounds: dict[int, tuple[int, str, str]] = {}
    pos, rnd = 91, 1
    while pos < len(line):
        cell = line[pos:pos + 8].ljust(8)
        opp_txt, color, code = cell[0:4].strip(), cell[5].lower(), cell[7].upper()
        if opp_txt or code.strip():
            try:
                opp = int(opp_txt or 0)
            except ValueError:
                raise TrfError(lineno, line, f"round {rnd}: bad opponent {opp_txt!r}") from None
            if code not in _CODE_POINTS:
                raise TrfError(lineno, line, f"round {rnd}: bad result code {code!r}")
            if opp and color not in ("w", "b"):
                raise TrfError(lineno, line, f"round {rnd}: bad colour {color!r}")
            rounds[rnd] = (opp, color, code)
        pos += 10
        rnd += 1
    grid[number] = rounds


_RESULT_OF = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2",
              ("+", "-"): "+/-", ("-", "+"): "-/+", ("-", "-"): "-/-",
              ("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2"}
_BYE_OF = {"U": "PAB", "H": "H", "F": "F", "Z": "Z", " ": "Z", "-": "Z", "+": "F"}


def _build_rounds(t: Tournament, grid: dict[int, dict[int, tuple[int, str, str]]],
                  rounds: int) -> None:
    for rnd in range(1, rounds + 1):
        pairings: list[Pairing] = []
        byes: list[Bye] = []
        for number in sorted(grid):
            cell = grid[number].get(rnd)
            if cell is None:
                continue
            opp, color, code = cell
            if opp == 0:
                kind = _BYE_OF.get(code, "Z")
                if kind != "Z" or code in ("Z", "-"):
                    byes.append(Bye(number, kind))
                continue
            if opp not in grid or grid[opp].get(rnd, (0, "", ""))[0] != number:
                raise TrfError(0, f"001 {number:4d} ...", f"round {rnd}: player {number} "
                               f"meets {opp}, whose record does not name {number}")
            if color != "w":
                continue
            other = grid[opp][rnd][2]
            if code == " " and other == " ":
                res: str | None = None
            else:
                res = _RESULT_OF.get((code, other))
                if res is None:
                    raise TrfError(0, f"001 {number:4d} ...", f"round {rnd}: results "
                                   f"{code!r} and {other!r} of {number} v {opp} disagree")
            pairings.append(Pairing(len(pairings) + 1, number, opp,
                                    [parse_result(res) if res else None]))
        t.add_round(Round(rnd, pairings, byes))


def requested_byes(t: Tournament) -> tuple[list[int], list[int]]:
    """Byes entered in advance for the round to be paired (a last round holding only byes,
    as pairing engines read ``0000 - H``/``0000 - Z``): that round is removed and its zero-
    and half-point byes are returned as (absent, half_byes)."""
    if not t.rounds or t.rounds[-1].pairings:
        return [], []
    last = t.rounds.pop()
    absent = [b.player for b in last.byes if b.kind in ("Z", "F")]
    half = [b.player for b in last.byes if b.kind == "H"]
    return absent, half
