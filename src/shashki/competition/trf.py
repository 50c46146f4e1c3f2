"""FIDE's Tournament Report File (TRF-2026 where it applies): import and export.

Fixed columns; player records ``001``; per round ten columns from column 92 (opponent's
starting rank, colour, result: ``1 = 0`` played, ``+ -`` forfeits, ``U`` pairing-allocated
bye, ``H``/``F``/``Z`` half-, full-, zero-point bye). Tournament records 012-222 of
TRF-2026 (162 point system, 192 type, 202 tie-breaks, 222 time control, 132 round dates),
240 (byes asked for in advance), 260 (prohibited pairings) and JaVaFo's / bbpPairings'
TRF(x) records (XXR, XXC, XXP, XXZ, XXS, BBx) are read; what shashki does not interpret is
kept and written back, so a file made by another tool survives a round trip.

A micro-match round is one TRF game whose result is the match's (won, drawn, lost on game
points): TRF has no two-game rounds (see docs/rules.md, T1).

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

import itertools
import re
from dataclasses import dataclass, field

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
from shashki.competition.tiebreaks import TIEBREAKS


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


def _game_point_pairing(t: Tournament, cs: dict[int, list[Cell]], upto: int | None,
                        num: dict[int, int]) -> tuple[Scoring, list[str]]:
    """A micro-match event ranked by game points is paired on game points (docs/rules.md
    K19): the engine sees each micro-match as one game (its match result) scored with the
    fewest game points that result can carry, and the rest as accelerated points (record
    250) in every round, so that its pairing score is each player's game points.

    When the event's point system allows no such floor (never with 2/1/0 or 1/½/0), the
    match results alone are paired."""
    s = t.scoring
    w, d, lo = s.win, s.draw, s.loss
    floor = Scoring("micro-match floor", w + d, min(2 * d, w + lo), 2 * lo,
                    2 * s.points("PAB"), 2 * s.points("H"), 2 * s.zero_bye)
    ents = t.entries(upto)
    rounds = len(t.rounds[:upto])
    out: list[str] = []
    for p in sorted(t.players, key=lambda p: num[p.number]):
        by_round = [0.0] * (rounds + 1)
        for e in ents[p.number]:
            by_round[e.round] += s.points(e.outcome)
        game = engine = 0.0
        diffs: list[float] = []
        for r in range(1, rounds + 2):
            diffs.append(game - engine)  # before round r
            if r <= rounds:
                game += by_round[r]
                engine += floor.points(_CODE_POINTS[cs[p.number][r - 1].code])
        if any(x < 0 for x in diffs):
            return s, []
        r = 1
        while r <= len(diffs):
            last = r
            while last < len(diffs) and diffs[last] == diffs[r - 1]:
                last += 1
            if diffs[r - 1] > 0:
                x = num[p.number]
                out.append(f"250 {diffs[r - 1]:4.1f} {diffs[r - 1]:4.1f} {r:3d} {last:3d} "
                           f"{x:4d} {x:4d}")
            r = last + 1
    return floor, out


def _points(scoring: Scoring, cs: list[Cell]) -> float:
    return sum((scoring.points(_CODE_POINTS[c.code]) for c in cs), 0.0)


TIEBREAK_CODES: dict[str, str] = {
    "buchholz": "BH", "buchholz-cut1": "BH/C1", "median-buchholz": "BH/M1", "solkoff": "BH/M1",
    "sonneborn-berger": "SB", "direct": "DE", "wins": "WIN", "performance": "TPR",
}
"""shashki's tie-breaks that have a FIDE C.07 code (TRF records 202/212). The values follow
the Code (3.16.11 byes and withdrawals), not C.07's unplayed-game rules."""

_FROM_CODE = {"BH": "buchholz", "BH/C1": "buchholz-cut1", "BH/M1": "median-buchholz",
              "SB": "sonneborn-berger", "DE": "direct", "WIN": "wins", "WON": "wins",
              "TPR": "performance"}

_OWN_TIEBREAKS = "### shashki tiebreaks:"
"""Comment record carrying the event's whole tie-break list (other tools skip ``###``)."""
_OWN_WITHDRAWN = "### shashki withdrawn:"
_OWN_ENTERED = "### shashki entered:"
"""Comment records of withdrawals and late entries (player:round ...), which TRF has no
record for and the Code's Swiss tie-breaks need (3.16.11)."""

_KNOWN = {"012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132",
          "142", "152", "162", "192", "202", "212", "222", "240", "260", "001",
          "XXR", "XXC", "XXP", "XXZ", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
"""Records read into the tournament; every other record is kept verbatim."""

_TYPE_192 = {"dutch": "FIDE_DUTCH_2026", "berger": "FIDE_ROUNDROBIN",
             "double-berger": "FIDE_DOUBLEROUNDROBIN"}


def _trf_date(iso: str) -> str:
    return iso.replace("-", "/")


def export_trf(t: Tournament, upto: int | None = None, numbering: dict[int, int] | None = None,
               rounds_planned: int | None = None, extra: list[str] | None = None) -> str:
    """The tournament as TRF-2026 text (lines end with ``\\n``; the reader accepts CR too).

    ``numbering`` renumbers players for a pairing engine (the Dutch engine pairs by pairing
    numbers): then only what the engine needs is written. Otherwise the whole report:
    012-152, 162 (the event's point system), 192, 202 (tie-breaks with a FIDE code),
    222 (time control), 132 (round dates), 240 (byes asked for rounds not yet paired), 260
    (prohibited pairs), the records kept from an imported file, and 001 with the rank of
    the event's standings (Code 3.16).
    """
    full = numbering is None
    num = numbering or {p.number: p.number for p in t.players}
    cs = cells(t, upto, num)
    sc = t.scoring
    accelerated: list[str] = []
    if not full and t.micromatch and t.micromatch_ranking == "games":
        sc, accelerated = _game_point_pairing(t, cs, upto, num)
    pts = {n: _points(sc, c) for n, c in cs.items()}
    if full and t.players:
        from shashki.competition.standings import standings

        rank = {s.player.number: int(s.place.split("–")[0]) for s in standings(t, upto=upto)}
    else:
        order = sorted(t.players, key=lambda p: (-pts[p.number], num[p.number]))
        rank = {p.number: i for i, p in enumerate(order, 1)}
    planned = rounds_planned if rounds_planned is not None else t.rounds_planned
    if full and not planned and t.system != "dutch" and len(t.players) > 1:
        # A round robin's length is its Berger table's (Code 3.7.2).
        n = len(t.players)
        planned = (n - 1 + n % 2) * (2 if t.system == "double-berger" else 1)
    head: list[tuple[str, str]] = [
        ("012", t.name), ("022", t.city), ("032", t.federation), ("042", _trf_date(t.start)),
        ("052", _trf_date(t.end)), ("062", str(len(t.players))),
        ("072", str(sum(1 for p in t.players if p.rating))), ("092", _SYSTEM_TRF[t.system]),
        ("102", t.arbiter)]
    if full:
        head = [(k, v) for k, v in head if v]
        head += [("112", d) for d in t.deputies]
        if t.time_control_text:
            head.append(("122", t.time_control_text))
    lines = [f"{k} {v}" for k, v in head]
    if full and any(t.round_dates):
        rec = "132".ljust(91)
        for d in t.round_dates:
            rec += (d[2:].replace("-", "/") if d else "").ljust(8) + "  "
        lines.append(rec.rstrip())
    lines += [
        f"142 {planned}",
        f"152 {'W' if t.first_color == 'white' else 'B'}",
        "162 " + "".join(f" {c}{v:4.1f}   " for c, v in (
            ("W", sc.win), ("D", sc.draw), ("L", sc.loss), ("A", sc.zero_bye),
            ("P", sc.points("PAB")))),
    ]
    if full:
        lines.append(f"192 {_TYPE_192[t.system]}")
        kept_202 = any(r[:3] in ("202", "212") for r in t.trf_records)
        codes = _fide_codes(t.tiebreaks)
        if codes and not kept_202:
            lines.append("202 " + ",".join(codes))
        if t.tiebreaks:
            lines.append(f"{_OWN_TIEBREAKS} {','.join(t.tiebreaks)}")
        gone = [f"{num[p.number]}:{p.withdrawn}" for p in t.players if p.withdrawn is not None]
        late = [f"{num[p.number]}:{p.entered}" for p in t.players if p.entered > 1]
        if gone:
            lines.append(f"{_OWN_WITHDRAWN} {' '.join(gone)}")
        if late:
            lines.append(f"{_OWN_ENTERED} {' '.join(late)}")
        if t.time_control:
            lines.append(f"222 {t.time_control}")
        for rnd in sorted(t.byes_requested):
            for kind in ("F", "H", "Z"):
                who = [b.player for b in t.byes_requested[rnd] if b.kind == kind]
                if who:
                    lines.append(f"240 {kind} {rnd:3d}" + "".join(f" {num[x]:4d}" for x in who))
    rnds = len(t.rounds[:upto])
    for f in t.forbidden:
        last = f.last if f.last is not None else max(rnds + 1, planned, 1)
        lines.append(f"260 {f.first:3d} {last:3d}" + "".join(
            f" {num[x]:4d}" for x in f.players))
    lines.extend(extra or [])
    lines.extend(accelerated)
    if full:
        lines.extend(t.trf_records)
    elif all(num[p.number] == p.number for p in t.players):
        # Accelerated rounds (250) change the pairing scores the engine sees; their player
        # ranges hold only when the engine's numbers are the file's own.
        lines.extend(r for r in t.trf_records if r.startswith("250"))
    for p in sorted(t.players, key=lambda p: num[p.number]):
        rec = (f"001 {num[p.number]:4d} {(p.sex or ' ')[:1]}{p.title[:3]:>3} {p.name[:33]:<33} "
               f"{p.rating or 0:4d} {p.federation[:3]:<3} {p.federation_id[:11]:>11} "
               f"{p.birth.replace('-', '/')[:10]:<10} {pts[p.number]:4.1f} {rank[p.number]:4d}")
        body = "".join(f"  {c.opponent:4d} {c.color} {c.code}" if c.opponent else
                       f"  0000 - {c.code}" for c in cs[p.number])
        lines.append((rec + body).rstrip())
    return "\n".join(lines) + "\n"


def _fide_codes(tiebreaks: list[str]) -> list[str]:
    """FIDE codes of the tie-breaks, up to the first one FIDE has no code for (the order
    decides the ranking, so a later criterion cannot stand in for a missing one)."""
    out: list[str] = []
    for tb in tiebreaks:
        if tb not in TIEBREAK_CODES:
            break
        out.append(TIEBREAK_CODES[tb])
    return out


_SYSTEM_TRF = {"dutch": "FIDE_DUTCH", "berger": "ROUND_ROBIN", "double-berger":
               "DOUBLE_ROUND_ROBIN"}


@dataclass
class _Reading:
    """What the reader collects before the tournament can be built."""

    scoring: dict[str, float] = field(default_factory=dict)
    xxs: dict[str, float] = field(default_factory=dict)
    forbidden: list[tuple[int, int, tuple[int, ...], int, str]] = field(default_factory=list)
    byes: list[tuple[str, int, tuple[int, ...], int, str]] = field(default_factory=list)
    absent: list[tuple[int, int, str]] = field(default_factory=list)
    tiebreaks_own: list[str] | None = None
    withdrawn: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    entered: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    tiebreaks_fide: list[str] | None = None


def parse_trf(text: str) -> Tournament:
    """Read TRF16/TRF-2026 text (and the TRF(x) extensions of JaVaFo and bbpPairings) into
    a tournament (individual events).

    Read: 012-152, 112, 122, 132, 162, 192, 202/212, 222, 240, 260, XXR, XXC, XXP, XXZ, XXS,
    BBW/BBD/BBL/BBZ/BBF/BBU and 001. Any other record (NRS, 172, 182, 250, 299, team
    records ...) is kept verbatim in ``trf_records`` and written back by :func:`export_trf`.
    Raises :class:`~shashki.competition.errors.TrfError` naming the line of a record that
    cannot be read.
    """
    t = Tournament(pairing_order="number")
    grid: dict[int, dict[int, tuple[int, str, str]]] = {}
    rd = _Reading()
    max_round = 0
    for lineno, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        if not line:
            continue
        if line.startswith("###"):
            if line.startswith(_OWN_TIEBREAKS):
                rd.tiebreaks_own = [x.strip() for x in line[len(_OWN_TIEBREAKS):].split(",")
                                    if x.strip()]
                for tb in rd.tiebreaks_own:
                    if tb not in TIEBREAKS:
                        raise TrfError(lineno, line, f"unknown tie-break {tb!r}")
            for head, out in ((_OWN_WITHDRAWN, rd.withdrawn), (_OWN_ENTERED, rd.entered)):
                if line.startswith(head):
                    for item in line[len(head):].split():
                        who, _, at = item.partition(":")
                        out[_number(lineno, line, who, "player")] = (
                            _number(lineno, line, at, "round"), lineno, line)
            continue
        tag = line[:3]
        if tag not in _KNOWN:
            t.trf_records.append(line)
            continue
        if tag == "001":
            _parse_player(t, grid, lineno, line)
            max_round = max(max_round, *grid[int(line[4:8])].keys(), 0)
        elif tag in ("202", "212"):
            codes = [c.strip().upper().replace("#", "/") for c in re.split(r"[,\s]+", line[4:])]
            codes = [c for c in codes if c and c != "PTS"]
            if all(c in _FROM_CODE for c in codes):
                rd.tiebreaks_fide = [_FROM_CODE[c] for c in codes]
            else:
                rd.tiebreaks_fide = [_FROM_CODE[c] for c in itertools.takewhile(
                    lambda c: c in _FROM_CODE, codes)]
                t.trf_records.append(line)
        else:
            _parse_record(t, rd, tag, line, lineno)
    t.scoring = _scoring(rd.scoring, rd.xxs)
    t.rounds_planned = max(t.rounds_planned, max_round)
    for first, last, players, lineno, line in rd.forbidden:
        for x in players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}")
        t.forbid(*players, first=first, last=last or None)
    t.tiebreaks = list(rd.tiebreaks_own if rd.tiebreaks_own is not None
                       else rd.tiebreaks_fide or [])
    for marks, attr in ((rd.entered, "entered"), (rd.withdrawn, "withdrawn")):
        for x, (first, lineno, line) in marks.items():
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}")
            setattr(t.player(x), attr, first)
    _build_rounds(t, grid, max_round)
    for kind, rnd, players, lineno, line in rd.byes:
        if rnd > max_round and t.system != "dutch":
            t.trf_records.append(line)  # a round robin takes no byes (Code 3.13.1): kept
            continue
        for x in players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}")
            if rnd > max_round:
                t.request_bye(x, rnd, kind)
            elif grid[x].get(rnd, (0, "-", " "))[2] not in (kind, " " if kind == "Z" else kind):
                raise TrfError(lineno, line, f"round {rnd}: player {x}'s record has no "
                                              f"{kind} bye")
    for x, lineno, line in rd.absent:
        if x not in grid:
            raise TrfError(lineno, line, f"no player {x}")
        if t.system == "dutch":
            t.request_bye(x, max_round + 1, "Z")
        elif line not in t.trf_records:
            t.trf_records.append(line)
    return t


def _number(lineno: int, line: str, text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TrfError(lineno, line, f"bad {what} {text.strip()!r}") from None


def _parse_record(t: Tournament, rd: _Reading, tag: str, line: str, lineno: int) -> None:
    """One tournament-section record (anything but 001, 202/212)."""
    val = line[4:].strip()
    if tag in ("012", "022", "032", "102", "122", "222"):
        attr = {"012": "name", "022": "city", "032": "federation", "102": "arbiter",
                "122": "time_control_text", "222": "time_control"}[tag]
        setattr(t, attr, val)
    elif tag in ("042", "052"):
        setattr(t, "start" if tag == "042" else "end", val.replace("/", "-"))
    elif tag == "112":
        t.deputies.append(val)
    elif tag == "132":
        dates = []
        for pos in range(91, len(line), 10):
            d = line[pos:pos + 8].strip()
            if d and not re.fullmatch(r"\d\d/\d\d/\d\d", d):
                raise TrfError(lineno, line, f"bad round date {d!r} (YY/MM/DD)")
            dates.append(f"20{d.replace('/', '-')}" if d else "")
        t.round_dates = dates
    elif tag in ("092", "192"):
        v = val.upper()
        if "DOUBLE" in v and ("ROUND" in v or "BERGER" in v):
            t.system = "double-berger"
        elif "ROUND" in v or "BERGER" in v:
            t.system = "berger"
        elif tag == "192" and ("DUTCH" in v or "SWISS" in v):
            t.system = "dutch"
    elif tag in ("142", "XXR"):
        t.rounds_planned = _number(lineno, line, (val.split() or [""])[0], "number of rounds")
    elif tag == "152":
        t.first_color = "black" if val[:1].upper() == "B" else "white"
    elif tag == "XXC":
        for word in val.lower().split():
            if word in ("white1", "black1"):
                t.first_color = "black" if word == "black1" else "white"
    elif tag == "162":
        for code, pts in re.findall(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", line[3:].upper()):
            rd.scoring[code] = float(pts)
    elif tag == "XXS":
        for item in val.split():
            code, _, number = item.partition("=")
            try:
                rd.xxs[code.upper()] = float(number)
            except ValueError:
                raise TrfError(lineno, line, f"bad scoring item {item!r}") from None
    elif tag.startswith("BB"):
        # bbpPairings: points for win, draw, loss, zero-point bye, forfeit win, PAB.
        code = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "A", "BBF": "FW", "BBU": "P"}[tag]
        try:
            rd.scoring[code] = float(val)
        except ValueError:
            raise TrfError(lineno, line, f"bad points {val!r}") from None
    elif tag == "240":
        parts = val.split()
        if len(parts) < 3 or parts[0].upper() not in ("F", "H", "Z"):
            raise TrfError(lineno, line, "bad bye record (240 T RRR PPPP ...)")
        rnd = _number(lineno, line, parts[1], "round")
        players = tuple(_number(lineno, line, x, "player") for x in parts[2:])
        rd.byes.append((parts[0].upper(), rnd, players, lineno, line))
    elif tag == "260":
        first = _number(lineno, line, line[4:7], "first round")
        last = _number(lineno, line, line[8:11] or "0", "last round") or first
        players = tuple(_number(lineno, line, x, "player") for x in line[11:].split())
        rd.forbidden.append((first, last, players, lineno, line))
    elif tag == "XXP":  # JaVaFo: players who must never meet
        players = tuple(_number(lineno, line, x, "player") for x in val.split())
        rd.forbidden.append((1, 0, players, lineno, line))
    elif tag == "XXZ":  # JaVaFo: absent in the round to be paired
        for x in val.split():
            rd.absent.append((_number(lineno, line, x, "player"), lineno, line))


def _scoring(codes: dict[str, float], xxs: dict[str, float] | None = None) -> Scoring:
    """The point system of records 162 / BBx, or of JaVaFo's XXS (which wins)."""
    xxs = xxs or {}
    win = xxs.get("WW", xxs.get("W", codes.get("W", 1.0)))
    draw = xxs.get("WD", xxs.get("D", codes.get("D", 0.5)))  # TRF-2026 and JaVaFo default
    loss = xxs.get("WL", codes.get("L", 0.0))
    pab = xxs.get("PAB", codes.get("P"))
    zero = xxs.get("ZPB", codes.get("A", 0.0))
    half = xxs.get("HPB")
    for s in SCORING.values():
        if (s.win, s.draw, s.loss, s.zero_bye) == (win, draw, loss, zero) and \
                pab in (None, win) and half in (None, draw):
            return s
    return Scoring("custom", win, draw, loss, pab, half, zero)


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
    """Byes entered in advance for the round to be paired, as (absent, half-point byes).

    Two ways of writing them are read: records 240 and XXZ (kept in ``byes_requested``),
    and, as pairing engines read them, a last round holding only byes (``0000 - H``,
    ``0000 - Z``): that round is removed. Full-point byes count as absent for pairing. A
    round robin takes none (the Berger table pairs everyone; Code 3.13.1 forfeits).
    """
    if t.rounds and not t.rounds[-1].pairings:
        last = t.rounds.pop()
        if t.system != "dutch":  # a Berger table pairs everyone; the absent forfeit
            return [], []
        for b in last.byes:
            if b.kind in ("Z", "F", "H"):
                t.request_bye(b.player, last.number, b.kind)
    absent, half, full = t.requested_for(t.current_round + 1)
    return [*absent, *full], half
