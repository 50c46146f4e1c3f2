"""FIDE's Tournament Report File (TRF-2026 where it applies): import and export.

Fixed columns; player records ``001``; per round ten columns from column 92 (opponent's
starting rank, colour, result: ``1 = 0`` played, ``+ -`` forfeits, ``U`` pairing-allocated
bye, ``H``/``F``/``Z`` half-, full-, zero-point bye). Tournament records 012-222 of
TRF-2026 (162 point system, 192 type, 202 tie-breaks, 222 time control, 132 round dates),
240 (byes asked for in advance), 260 (prohibited pairings), 299 (bonus and penalty points)
and JaVaFo's / bbpPairings' TRF(x) records (XXR, XXC, XXP, XXZ, XXS, BBx) are read; what
shashki does not interpret is kept and written back, so a file made by another tool survives
a round trip, and named in a warning (docs/rules.md T2-T5). A malformed record is a
:class:`~shashki.competition.errors.TrfError` naming its line and column.

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
import warnings
from dataclasses import dataclass, field

from shashki.competition.catalogue import TIEBREAKS
from shashki.competition.errors import CompetitionError, TrfError, TrfWarning
from shashki.competition.model import (
    ADJUSTMENT_KINDS,
    SCORING,
    Adjustment,
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


def _engine_points(t: Tournament, cs: dict[int, list[Cell]], upto: int | None,
                   num: dict[int, int]) -> tuple[Scoring, list[str]]:
    """The point system an engine TRF scores its cells with, and the accelerated rounds
    (record 250) that bring every player's pairing score to the points the event pairs on.

    A micro-match event ranked by game points is paired on game points (docs/rules.md K19):
    the engine sees each micro-match as one game (its match result) scored with the fewest
    game points that result can carry, and the rest as accelerated points in every round.
    Bonus points of record 299 reach the engine the same way (gacrux reads no 299).

    When the event's point system allows no such floor (never with 2/1/0 or 1/½/0), the
    match results alone are paired; a penalty (299) cannot be carried by record 250."""
    s = t.scoring
    engine_sc = s
    if t.micromatch and t.micromatch_ranking == "games":
        w, d, lo = s.win, s.draw, s.loss
        engine_sc = Scoring("micro-match floor", w + d, min(2 * d, w + lo), 2 * lo,
                            2 * s.points("PAB"), 2 * s.points("H"), 2 * s.zero_bye)
    elif not t.adjustments:
        return s, []
    rounds = len(t.rounds[:upto])
    target = t.round_points(upto)
    out: list[str] = []
    for p in sorted(t.players, key=lambda p: num[p.number]):
        game = engine = 0.0
        diffs: list[float] = []
        for r in range(1, rounds + 2):
            diffs.append(round(game - engine, 6))  # before round r
            if r <= rounds:
                game += target[p.number][r - 1]
                engine += engine_sc.points(_CODE_POINTS[cs[p.number][r - 1].code])
        if any(x < 0 for x in diffs):
            if engine_sc is not s:
                return s, []
            from shashki.competition.errors import PairingError

            raise PairingError(f"player {p.number} has penalty points (TRF 299), which the "
                               f"gacrux engine cannot take; pair with shashki's engine")
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
    return engine_sc, out


def adjustment_record(a: Adjustment, numbering: dict[int, int] | None = None) -> str:
    """Record 299 of an adjustment (TRF-2026 columns: type 5, match points 8-11, points
    14-17, round 20-22 with 000 for every round, players from 24).

    >>> adjustment_record(Adjustment(2.0, 1, (4,)))
    '299           2.0    1    4'
    """
    num = numbering or {}
    mp = "" if a.match_points is None else f"{a.match_points:4.1f}"
    return (f"299 {a.kind or ' '}  {mp:>4}  {a.points:4.1f}  {a.round:03d}"
            if not a.round else
            f"299 {a.kind or ' '}  {mp:>4}  {a.points:4.1f}  {a.round:3d}") + "".join(
        f" {num.get(x, x):4d}" for x in a.players)


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
    if not full:
        sc, accelerated = _engine_points(t, cs, upto, num)
    pts = {n: _points(sc, c) + (t.adjustment_points(n, upto) if full else 0.0)
           for n, c in cs.items()}
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
    if full:
        lines.extend(adjustment_record(a, num) for a in t.adjustments)
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
    colour_given: bool = False
    """Whether record 152 or XXC named the initial colour."""
    lines: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Player number → (line number, text) of his 001 record, for error messages."""
    points: dict[int, tuple[float, int, str]] = field(default_factory=dict)
    """Player number → the 001 points field (columns 81-84), checked against his results."""
    counts: list[tuple[str, int, int, str]] = field(default_factory=list)
    """Records 062/072 (numbers of players, of rated players), checked at the end."""
    adjustments: list[tuple[Adjustment, int, str]] = field(default_factory=list)
    kept: dict[str, list[int]] = field(default_factory=dict)
    """Records kept verbatim and not applied, by tag: their line numbers (for warnings)."""
    warnings: list[str] = field(default_factory=list)


_KEPT_NAMES = {
    "082": "number of teams", "172": "encoded starting-rank method",
    "182": "pairing controller", "013": "team", "310": "team", "320": "teams' PAB",
    "330": "forfeited team matches", "300": "team board order", "352": "team colour sequence",
    "362": "team scoring", "801": "team results", "802": "team results",
    "XXA": "accelerated points per round", "202": "tie-breaks", "212": "tie-breaks",
    "240": "requested byes in a round robin", "XXZ": "absent players in a round robin",
}
"""What the records shashki keeps without applying them are (for the warnings)."""


def read_trf(text: str) -> tuple[Tournament, list[str]]:
    """Read TRF16/TRF-2026 text (and the TRF(x) extensions of JaVaFo and bbpPairings) into
    a tournament (individual events), with the reader's warnings.

    Read and applied: 012-152, 112, 122, 132, 162, 192, 202/212, 222, 240, 250, 260, 299
    (bonus and penalty points, re-valued results: :class:`~.model.Adjustment`), XXR, XXC,
    XXP, XXZ, XXS, BBW/BBD/BBL/BBZ/BBF/BBU and 001; 062/072 and 001's points field are
    checked against the players and their results. Any other record (NRS, 172, 182, XXA,
    team records ...) is kept verbatim in ``trf_records``, written back by :func:`export_trf`
    and named in a warning: read, not applied. Raises
    :class:`~shashki.competition.errors.TrfError` naming the line and column of a record that
    cannot be read, or of the first record a contradiction involves.

    >>> t, found = read_trf("012 Demo\\n172 RUS FIDE\\n001    1      A\\n001    2      B\\n")
    >>> len(t.players)
    2
    >>> print(*found)
    TRF line 2 (record 172, encoded starting-rank method): kept and written back, not applied
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
            _own_comment(rd, line, lineno)
            continue
        tag = line[:3]
        if not (len(tag) == 3 and tag.isascii() and tag.isalnum()):
            raise TrfError(lineno, line, "a record begins with its three-character "
                           "identifier (001, 012, XXR ...)", 1)
        if tag == "001":
            number = _parse_player(t, grid, rd, lineno, line)
            max_round = max(max_round, *grid[number].keys(), 0)
        elif tag == "299":
            rd.adjustments.append((_parse_adjustment(line, lineno), lineno, line))
        elif tag in ("202", "212"):
            codes = [c.strip().upper().replace("#", "/") for c in re.split(r"[,\s]+", line[4:])]
            codes = [c for c in codes if c and c != "PTS"]
            rd.tiebreaks_fide = [_FROM_CODE[c] for c in itertools.takewhile(
                lambda c: c in _FROM_CODE, codes)]
            if not all(c in _FROM_CODE for c in codes):
                _keep(t, rd, tag, line, lineno)
        elif tag in _KNOWN:
            _parse_record(t, rd, tag, line, lineno)
        else:
            _keep(t, rd, tag, line, lineno)
    t.scoring = _scoring(rd.scoring, rd.xxs)
    t.rounds_planned = max(t.rounds_planned, max_round)
    for a, lineno, line in rd.adjustments:
        for x in a.players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}", _column_of(line, x, 24))
        t.adjustments.append(a)
    for first, last, players, lineno, line in rd.forbidden:
        for x in players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}", _column_of(line, x, 12))
        if len(set(players)) < 2:
            raise TrfError(lineno, line, "a prohibited pairing needs two players", 12)
        t.forbid(*players, first=first, last=last or None)
    t.tiebreaks = list(rd.tiebreaks_own if rd.tiebreaks_own is not None
                       else rd.tiebreaks_fide or [])
    for marks, attr in ((rd.entered, "entered"), (rd.withdrawn, "withdrawn")):
        for x, (first, lineno, line) in marks.items():
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}", _column_of(line, x, 4))
            if first < 1:
                raise TrfError(lineno, line, f"player {x}: round {first}", 4)
            setattr(t.player(x), attr, first)
    _build_rounds(t, grid, rd, max_round)
    if not rd.colour_given:
        t.first_color = infer_first_color(t) or t.first_color
    for kind, rnd, players, lineno, line in rd.byes:
        if rnd > max_round and t.system != "dutch":
            _keep(t, rd, "240", line, lineno)  # a round robin takes no byes (Code 3.13.1)
            continue
        for x in players:
            if x not in grid:
                raise TrfError(lineno, line, f"no player {x}", _column_of(line, x, 10))
            if rnd > max_round:
                _request(t, x, rnd, kind, lineno, line)
            elif grid[x].get(rnd, (0, "-", " "))[2] not in (kind, " " if kind == "Z" else kind):
                raise TrfError(lineno, line, f"round {rnd}: player {x}'s record has no "
                                              f"{kind} bye", _column_of(line, x, 10))
    for x, lineno, line in rd.absent:
        if x not in grid:
            raise TrfError(lineno, line, f"no player {x}", _column_of(line, x, 4))
        if t.system == "dutch":
            _request(t, x, max_round + 1, "Z", lineno, line)
        elif line not in t.trf_records:
            _keep(t, rd, "XXZ", line, lineno)
    _check_totals(t, rd)
    warnings = list(rd.warnings)
    for tag, lines in rd.kept.items():
        shown = ", ".join(str(x) for x in lines[:5]) + (f" and {len(lines) - 5} more"
                                                         if len(lines) > 5 else "")
        what = _KEPT_NAMES.get(tag) or ("national rating" if re.fullmatch(r"[A-Z]{3}", tag)
                                        else "unknown record")
        warnings.append(f"TRF line{'s' if len(lines) > 1 else ''} {shown} (record {tag}, "
                        f"{what}): kept and written back, not applied")
    return t, warnings


def parse_trf(text: str) -> Tournament:
    """:func:`read_trf`, its warnings issued as :class:`~.errors.TrfWarning` (Python's
    ``warnings``): a record read but not applied is never passed over in silence.

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> parse_trf("012 Demo\\n001    1      A\\n001    2      B\\n").name
    'Demo'
    """
    t, found = read_trf(text)
    for w in found:
        warnings.warn(TrfWarning(w), stacklevel=2)
    return t


def _keep(t: Tournament, rd: _Reading, tag: str, line: str, lineno: int) -> None:
    """A record kept verbatim (written back by :func:`export_trf`) and not applied."""
    t.trf_records.append(line)
    if tag != "250":  # accelerated rounds reach the Dutch engine (players_from)
        rd.kept.setdefault(tag, []).append(lineno)


def _request(t: Tournament, x: int, rnd: int, kind: str, lineno: int, line: str) -> None:
    try:
        t.request_bye(x, rnd, kind)
    except CompetitionError as e:
        raise TrfError(lineno, line, str(e), _column_of(line, x, 4)) from None


def _column_of(line: str, number: int, start: int) -> int:
    """The 1-based column of player ``number`` in a record's list from column ``start``."""
    m = re.search(rf"(?<!\d)0*{number}(?!\d)", line[start - 1:])
    return start + m.start() if m else start


def _own_comment(rd: _Reading, line: str, lineno: int) -> None:
    """shashki's ``###`` records (tie-breaks, withdrawals, late entries); other comments are
    skipped, as TRF-2026 says."""
    if line.startswith(_OWN_TIEBREAKS):
        rd.tiebreaks_own = [x.strip() for x in line[len(_OWN_TIEBREAKS):].split(",")
                            if x.strip()]
        for tb in rd.tiebreaks_own:
            if tb not in TIEBREAKS:
                raise TrfError(lineno, line, f"unknown tie-break {tb!r}",
                               line.find(tb) + 1)
    for head, out in ((_OWN_WITHDRAWN, rd.withdrawn), (_OWN_ENTERED, rd.entered)):
        if line.startswith(head):
            col = len(head) + 1
            for item in line[len(head):].split():
                col = line.index(item, col - 1) + 1
                who, _, at = item.partition(":")
                out[_number(lineno, line, who, "player", col)] = (
                    _number(lineno, line, at, "round", col + len(who) + 1), lineno, line)


def infer_first_color(t: Tournament) -> str | None:
    """The initial colour drawn by lot, read back from the first round with a coloured game
    (None when no round has one): C.04.3 E.5 gives the higher-ranked player with an odd
    pairing number the initial colour, so the highest-ranked player paired in that round
    (pairing numbers counted over the players paired up to it, C.04.2 C) has the initial
    colour if his rank among them is odd and the other one if it is even. A player whose
    entry there has no colour (the PAB) passes the question on to the next one.

    For a TRF without record 152 or XXC: TRF-2026 makes 152 "mandatory only if it differs
    from the colour of the highest ranked participant who was paired in the first round"
    (docs/rules.md K17); bbpPairings reads such files the same way (``inferFirstColor``).

    >>> t = Tournament(pairing_order="number")
    >>> for name in "ABCD":
    ...     _ = t.add_player(name)
    >>> t.add_round(Round(1, [Pairing(1, 3, 1, ["1-0"]), Pairing(2, 2, 4, ["0-1"])]))
    >>> infer_first_color(t)
    'black'
    """
    first = next((r for r in t.rounds if r.pairings), None)
    if first is None:
        return None
    took_part: set[int] = set()
    for r in t.rounds[:first.number]:
        took_part.update(n for p in r.pairings for n in (p.white, p.black))
        took_part.update(b.player for b in r.byes if b.kind == "PAB")
    colour = {p.white: "white" for p in first.pairings} | {
        p.black: "black" for p in first.pairings}
    for rank, n in enumerate(sorted(took_part), 1):
        if n in colour:
            if rank % 2 == 1:
                return colour[n]
            return "black" if colour[n] == "white" else "white"
    return None


def _number(lineno: int, line: str, text: str, what: str, column: int = 1) -> int:
    """A whole number of a record (a player, a round): digits only."""
    s = text.strip()
    if not s.isascii() or not s.isdigit():
        raise TrfError(lineno, line, f"bad {what} {s!r}", column)
    return int(s)


def _decimal(lineno: int, line: str, text: str, what: str, column: int,
             signed: bool = False) -> float:
    """Points as TRF writes them (``11.5``; ``-1.0`` where ``signed``)."""
    s = text.strip()
    if not re.fullmatch(r"-?\d{1,4}(\.\d+)?" if signed else r"\d{1,4}(\.\d+)?", s):
        raise TrfError(lineno, line, f"bad {what} {s!r}", column)
    return float(s)


def _fields(line: str, start: int) -> list[tuple[str, int]]:
    """The words of a record from column ``start`` on, each with its 1-based column."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)
            if m.start() + 1 >= start]


def _parse_adjustment(line: str, lineno: int) -> Adjustment:
    """Record 299 (TRF-2026): type (column 5), match points (8-11, teams), points (14-17),
    round (20-22, empty or 000 for every round), players (24-27, 29-32 ...; none for all)."""
    kind = line[4:5].strip()
    if kind not in ADJUSTMENT_KINDS:
        raise TrfError(lineno, line, f"unknown type of abnormal assignment {kind!r}", 5)
    mp = line[7:11].strip()
    match = _decimal(lineno, line, mp, "match points", 8, signed=True) if mp else None
    pts = line[13:17].strip()
    if not pts:
        raise TrfError(lineno, line, "no points (columns 14-17)", 14)
    points = _decimal(lineno, line, pts, "points", 14, signed=True)
    rtext = line[19:22].strip()
    rnd = _number(lineno, line, rtext, "round", 20) if rtext else 0
    players: list[int] = []
    for word, col in _fields(line, 23):
        x = _number(lineno, line, word, "player", col)
        if x:
            players.append(x)
    return Adjustment(points, rnd, tuple(players), kind, match)


def _parse_record(t: Tournament, rd: _Reading, tag: str, line: str, lineno: int) -> None:
    """One tournament-section record (anything but 001, 202/212, 299)."""
    val = line[4:].strip()
    if tag in ("012", "022", "032", "102", "122", "222"):
        attr = {"012": "name", "022": "city", "032": "federation", "102": "arbiter",
                "122": "time_control_text", "222": "time_control"}[tag]
        setattr(t, attr, val)
    elif tag in ("042", "052"):
        setattr(t, "start" if tag == "042" else "end", val.replace("/", "-"))
    elif tag in ("062", "072"):
        if val:
            rd.counts.append((tag, _number(lineno, line, val, "number", 5), lineno, line))
    elif tag == "112":
        t.deputies.append(val)
    elif tag == "132":
        dates = []
        for pos in range(91, len(line), 10):
            d = line[pos:pos + 8].strip()
            if d and not re.fullmatch(r"\d\d/\d\d/\d\d", d):
                raise TrfError(lineno, line, f"bad round date {d!r} (YY/MM/DD)", pos + 1)
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
        t.rounds_planned = _number(lineno, line, (val.split() or [""])[0],
                                   "number of rounds", 5)
    elif tag == "152":
        if val[:1].upper() not in ("W", "B"):
            raise TrfError(lineno, line, f"initial colour {val!r} is neither W nor B", 5)
        t.first_color = "black" if val[:1].upper() == "B" else "white"
        rd.colour_given = True
    elif tag == "XXC":
        for word in val.lower().split():
            if word in ("white1", "black1"):
                t.first_color = "black" if word == "black1" else "white"
                rd.colour_given = True
    elif tag == "162":
        for m in re.finditer(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", line[3:].upper()):
            rd.scoring[m.group(1)] = float(m.group(2))
    elif tag == "XXS":
        for item, col in _fields(line, 5):
            code, _, number = item.partition("=")
            rd.xxs[code.upper()] = _decimal(lineno, line, number, f"scoring item {item!r}",
                                            col + len(code) + 1)
    elif tag.startswith("BB"):
        # bbpPairings: points for win, draw, loss, zero-point bye, forfeit win, PAB.
        code = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "A", "BBF": "FW", "BBU": "P"}[tag]
        rd.scoring[code] = _decimal(lineno, line, val, "points", 5)
    elif tag == "240":
        parts = _fields(line, 5)
        if len(parts) < 3 or parts[0][0].upper() not in ("F", "H", "Z"):
            raise TrfError(lineno, line, "bad bye record (240 T RRR PPPP ...)", 5)
        rnd = _number(lineno, line, parts[1][0], "round", parts[1][1])
        if rnd < 1:
            raise TrfError(lineno, line, "round 0", parts[1][1])
        players = tuple(_number(lineno, line, x, "player", c) for x, c in parts[2:])
        rd.byes.append((parts[0][0].upper(), rnd, players, lineno, line))
    elif tag == "260":
        first = _number(lineno, line, line[4:7], "first round", 5)
        last = _number(lineno, line, line[8:11] or "0", "last round", 9) or first
        if first < 1 or last < first:
            raise TrfError(lineno, line, f"bad rounds {first}-{last}", 5)
        players = tuple(_number(lineno, line, x, "player", c) for x, c in _fields(line, 12))
        rd.forbidden.append((first, last, players, lineno, line))
    elif tag == "XXP":  # JaVaFo: players who must never meet
        players = tuple(_number(lineno, line, x, "player", c) for x, c in _fields(line, 4))
        rd.forbidden.append((1, 0, players, lineno, line))
    elif tag == "XXZ":  # JaVaFo: absent in the round to be paired
        for x, c in _fields(line, 4):
            rd.absent.append((_number(lineno, line, x, "player", c), lineno, line))


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
                  rd: _Reading, lineno: int, line: str) -> int:
    """One 001 record; its starting rank."""
    number = _number(lineno, line, line[4:8], "starting rank (columns 5-8)", 5)
    if number < 1:
        raise TrfError(lineno, line, "starting rank 0 (columns 5-8)", 5)
    if number in grid:
        raise TrfError(lineno, line, f"starting rank {number} appears twice", 5)
    rating_txt = line[48:52].strip()
    if rating_txt and not (rating_txt.isascii() and rating_txt.isdigit()):
        raise TrfError(lineno, line, f"bad rating {rating_txt!r} (columns 49-52)", 49)
    pts = line[80:84].strip()
    if pts:
        rd.points[number] = (_decimal(lineno, line, pts, "points (columns 81-84)", 81),
                             lineno, line)
    name = line[14:47].strip()
    t.players.append(Player(
        number=number, name=name or f"#{number}", title=line[10:13].strip(),
        rating=int(rating_txt or 0), federation=line[53:56].strip(),
        federation_id=line[57:68].strip(), sex=line[9:10].strip(),
        birth=line[69:79].strip().replace("/", "-")))
    rounds: dict[int, tuple[int, str, str]] = {}
    pos, rnd = 91, 1
    while pos < len(line):
        cell = line[pos:pos + 10].ljust(10)
        opp_txt, color, code = cell[0:4].strip(), cell[5].lower(), cell[7].upper()
        for k in (4, 6, 8, 9):  # a round's ten columns: "OOOO C R  "
            if cell[k] != " ":
                raise TrfError(lineno, line, f"round {rnd}: {cell[k]!r} outside the round's "
                               f"opponent (columns {pos + 1}-{pos + 4}), colour ({pos + 6}) "
                               f"and result ({pos + 8})", pos + k + 1)
        if opp_txt or code.strip() or color.strip():
            opp = _number(lineno, line, opp_txt or "0", f"round {rnd}: opponent", pos + 1)
            if opp == number:
                raise TrfError(lineno, line, f"round {rnd}: player {number} meets himself",
                               pos + 1)
            if code not in _CODE_POINTS:
                raise TrfError(lineno, line, f"round {rnd}: bad result code {code!r}", pos + 8)
            if color not in ("w", "b", "-", " "):
                raise TrfError(lineno, line, f"round {rnd}: bad colour {color!r}", pos + 6)
            if opp and color not in ("w", "b"):
                raise TrfError(lineno, line, f"round {rnd}: bad colour {color!r}", pos + 6)
            if not opp and color in ("w", "b"):
                raise TrfError(lineno, line, f"round {rnd}: a colour without an opponent",
                               pos + 6)
            rounds[rnd] = (opp, color, code)
        pos += 10
        rnd += 1
    grid[number] = rounds
    rd.lines[number] = (lineno, line)
    return number


_RESULT_OF = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2",
              ("+", "-"): "+/-", ("-", "+"): "-/+", ("-", "-"): "-/-",
              ("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2"}
_BYE_OF = {"U": "PAB", "H": "H", "F": "F", "Z": "Z", " ": "Z", "-": "Z", "+": "F"}


def _build_rounds(t: Tournament, grid: dict[int, dict[int, tuple[int, str, str]]],
                  rd: _Reading, rounds: int) -> None:
    """The rounds of the 001 records; every game must be written the same way in both
    players' records."""
    for rnd in range(1, rounds + 1):
        pairings: list[Pairing] = []
        byes: list[Bye] = []
        col = 92 + 10 * (rnd - 1)
        for number in sorted(grid):
            cell = grid[number].get(rnd)
            if cell is None:
                continue
            lineno, line = rd.lines[number]
            opp, color, code = cell
            if opp == 0:
                kind = _BYE_OF.get(code, "Z")
                if kind != "Z" or code in ("Z", "-"):
                    byes.append(Bye(number, kind))
                continue
            if opp not in grid:
                raise TrfError(lineno, line, f"round {rnd}: no player {opp}", col)
            other_cell = grid[opp].get(rnd)
            if other_cell is None or other_cell[0] != number:
                raise TrfError(lineno, line, f"round {rnd}: player {number} meets {opp}, "
                               f"whose record does not name {number}", col)
            if other_cell[1] == color:
                raise TrfError(lineno, line, f"round {rnd}: {number} and {opp} both have "
                               f"{'White' if color == 'w' else 'Black'}", col + 5)
            if color != "w":
                continue
            other = other_cell[2]
            if code == " " and other == " ":
                res: str | None = None
            else:
                res = _RESULT_OF.get((code, other))
                if res is None:
                    raise TrfError(lineno, line, f"round {rnd}: results {code!r} and "
                                   f"{other!r} of {number} v {opp} disagree", col + 7)
            pairings.append(Pairing(len(pairings) + 1, number, opp,
                                    [parse_result(res) if res else None]))
        try:
            t.add_round(Round(rnd, pairings, byes))
        except CompetitionError as e:
            first = min((n for n in grid if rnd in grid[n]), default=min(grid))
            lineno, line = rd.lines[first]
            raise TrfError(lineno, line, str(e), col) from None


def _check_totals(t: Tournament, rd: _Reading) -> None:
    """Warnings where records 062/072 or a player's points field (001 columns 81-84) disagree
    with the file: its results, with the event's scoring and record 299, decide."""
    for tag, count, lineno, _ in rd.counts:
        have = len(t.players) if tag == "062" else sum(1 for p in t.players if p.rating)
        if count != have:
            what = "players" if tag == "062" else "rated players"
            rd.warnings.append(f"TRF line {lineno} (record {tag}): {count} {what}, "
                               f"the file has {have}")
    if not rd.points or any(r.startswith(("250", "XXA")) for r in t.trf_records):
        return  # accelerated points may or may not be in the field (bbpPairings takes both)
    cs = cells(t)
    ahead = bool(t.rounds) and not t.rounds[-1].pairings  # byes fixed for the next round
    for n, (value, lineno, _) in sorted(rd.points.items()):
        total = _points(t.scoring, cs[n]) + t.adjustment_points(n)
        # A bye fixed for the round to be paired may or may not be in the field yet.
        before = total - _points(t.scoring, cs[n][-1:]) if ahead else total
        if abs(value - total) > 1e-9 and abs(value - before) > 1e-9:
            rd.warnings.append(f"TRF line {lineno}, column 81: player {n} has {value:g} "
                               f"points, his results {total:g}; the results count")


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
