"""Outputs: standings and crosstable (rich, HTML, PDF, CSV, JSON), pairings, PDN.

HTML is rendered from the Jinja2 template shipped in the package (a printable A4 page); PDF
is that page printed by WeasyPrint. Pairings are written bbpPairings-style for engines (first
line the number of pairs, then ``WHITE BLACK`` by starting number, ``N 0`` for the bye).

>>> from shashki.competition.model import Tournament, Round, Pairing, Bye
>>> t = Tournament(name="Demo", system="berger")
>>> for name in "ABC":
...     _ = t.add_player(name)
>>> t.add_round(Round(1, [Pairing(1, 2, 3, ["1-0"])], [Bye(1, "PAB")]))
>>> print(pairings_text(t.rounds[0]), end="")
2
2 3
1 0
>>> print(to_csv(t).splitlines()[1])
1–2,1,A,,,,2
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from shashki.competition.catalogue import TIEBREAKS
from shashki.competition.errors import ResultError
from shashki.competition.labels import in_event_language, label, plural
from shashki.competition.model import _SIDE, Pairing, Round, Tournament
from shashki.competition.standings import Standing, display, standings
from shashki.i18n import NP_, _, pgettext


def points_text(x: float) -> str:
    """Points as shown: ``3``, ``2½``.

    >>> points_text(2.5), points_text(4.0), points_text(0.5)
    ('2½', '4', '½')
    """
    whole = int(x)
    if x == whole:
        return str(whole)
    if x - whole == 0.5:
        return f"{whole or ''}½"
    return f"{x:g}"


_SHOW = {
    "2-1-0": {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"},
    "1-0.5-0": {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"},
}
_FORFEIT = {"+/-": "+:−", "-/+": "−:+", "-/-": "−:−"}


def result_text(t: Tournament, res: str | None) -> str:
    """A game result as shown for the event's scoring (``2-0`` under 2/1/0)."""
    if res is None:
        return ""
    if res in _FORFEIT:
        return _FORFEIT[res]
    return _SHOW.get(t.scoring.name, _SHOW["1-0.5-0"]).get(res, res)


_FLIP = {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}


def pairing_result_text(t: Tournament, p: Pairing) -> str:
    """The results of a pairing, read from the side of the player listed first (White of
    game 1): a micro-match shows both games and the game points, ``2-0 1-1 (3:1)``.

    >>> from shashki.competition.model import Tournament, Pairing
    >>> t = Tournament(games_per_pairing=2)
    >>> pairing_result_text(t, Pairing(1, 1, 2, ["1-0", "1-0"]))
    '2-0 0-2 (2:2)'
    """
    if not t.micromatch:
        return " ".join(result_text(t, r) for r in p.results if r is not None)
    texts = []
    mine = theirs = 0.0
    for g, r in enumerate(p.results, 1):
        if r is None:
            continue
        first = r if g % 2 == 1 else _FLIP.get(r, r)  # game 2: the first-listed is Black
        texts.append(result_text(t, first))
        a, b = _SIDE[first]
        mine += t.scoring.points(a)
        theirs += t.scoring.points(b)
    if texts and all(r is not None for r in p.results):
        texts.append(f"({points_text(mine)}:{points_text(theirs)})")
    return " ".join(texts)


def bye_points(t: Tournament, kind: str) -> float:
    """Points of a bye in a round (both games of a micro-match round)."""
    return t.scoring.points(kind) * t.games_per_pairing  # type: ignore[arg-type]


# --- data ---------------------------------------------------------------------------------


def standings_rows(t: Tournament, tiebreaks: Sequence[str] | None = None,
                   rows: list[Standing] | None = None) -> list[dict[str, Any]]:
    """The standings as plain rows (used by CSV, JSON, HTML)."""
    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    other = _other_points(t)
    out = []
    for s in rows if rows is not None else standings(t, tbs):
        values = {k: (list(v) if isinstance(v, tuple) else v) for k, v in s.values.items()}
        o = other.get(s.player.number)
        out.append({
            "place": s.place, "rank": s.rank, "number": s.player.number,
            "name": s.player.name, "title": s.player.title, "rating": s.player.rating,
            "club": s.player.club, "federation": s.player.federation,
            "points": s.points, "points_text": points_text(s.points), "games": s.games,
            "tiebreaks": values,
            "tb_text": {k: display(v, s.depth.get(k, 1)) for k, v in s.values.items()},
            "withdrawn": s.player.withdrawn,
            "other_points": o, "other_text": "" if o is None else points_text(o),
            "decided": s.decided, "criterion": s.criterion, "decided_text": decided_text(s),
        })
    return out


def rating_rows(t: Tournament, k: int | None = None) -> list[dict[str, Any]]:
    """The event's rating table (:mod:`.rating`, FIDE B.02): rating, rated games, score,
    expected score, K, the change and the new rating, the performance rating; in the order
    of the standings. Empty when no player is rated."""
    from shashki.competition.rating import performance_ratings, rating_changes

    changes = {c.player: c for c in rating_changes(t, k)}
    if not changes:
        return []
    perf = performance_ratings(t)
    out = []
    for s in standings(t):
        n = s.player.number
        c = changes.get(n)
        out.append({"place": s.place, "number": n, "name": s.player.name,
                    "rating": s.player.rating or "", "games": c.games if c else "",
                    "score": points_text(c.score) if c else "",
                    "expected": f"{c.expected:g}" if c else "", "k": c.k if c else "",
                    "change": (f"{c.change:+g}" if c.change else "0") if c else "",
                    "new": c.new_rating if c else "", "performance": perf.get(n) or ""})
    return out


def decided_text(s: Standing) -> str:
    """How the place was decided, as the final table says it (Code 3.16.2, 3.16.3).

    >>> from shashki.competition.model import Player
    >>> decided_text(Standing("2", 2, Player(1, "A"), 5.0, decided="tiebreak",
    ...                       criterion="wins")) in ("Wins", "Поб")
    True
    """
    if s.decided == "tiebreak":
        return label(f"tb.{s.criterion}")
    return label(f"decided.{s.decided}")


_COEFFICIENTS = {"schmulyan", "sonneborn-berger", "buchholz", "solkoff", "truncated-solkoff",
                 "riga", "beaten", "median-buchholz", "buchholz-cut1"}


def reading_lines(t: Tournament, tiebreaks: Sequence[str] | None = None) -> list[str]:
    """The event's readings of the Code that its tie-breaks depend on, one line each in the
    current language (the legend of the standings): ``Code 3.16.11 — the bye's virtual
    opponent: the lowest final score anyone made``. Only the readings of what occurred in
    the event (:func:`occurred`) are listed: no bye, no line about the bye (Code 3.16.11).

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> t = Tournament(system="dutch", tiebreaks=["buchholz", "wins"], language="en")
    >>> for name in "ABCD":
    ...     _ = t.add_player(name)
    >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"]), Pairing(2, 3, 4, ["+/-"])]))
    >>> [line.split(" — ")[1] for line in reading_lines(t)]
    ['forfeit wins among the wins: counted as wins']
    """
    from shashki.competition.catalogue import READINGS

    tbs = set(t.tiebreaks if tiebreaks is None else tiebreaks)
    coefficients = bool(tbs & _COEFFICIENTS)
    seen = occurred(t)
    keys = []
    if coefficients and t.system == "dutch":
        keys += ["bye-opponent", "withdrawn-score", "requested-byes"]
    if coefficients:
        keys.append("double-forfeit")
    if tbs & {"wins", "beaten"}:
        keys.append("forfeit-wins")
    keys = [k for k in keys if _READING_NEEDS[k] in seen]
    out = []
    for k in keys:
        r = READINGS[k]
        out.append(f"{_article(r.article)} — {_(r.question)}: {_(r.choices[t.reading(k)])}")
    return out


_READING_NEEDS = {"bye-opponent": "bye", "withdrawn-score": "withdrawal",
                  "requested-byes": "requested bye", "double-forfeit": "double forfeit",
                  "forfeit-wins": "forfeit"}
"""The reading of the Code (catalogue.READINGS) → what must occur for it to matter."""


def occurred(t: Tournament) -> set[str]:
    """What happened in the event that the Code's readings and the crosstable's marks speak
    of (Code 3.13.1, 3.13.3, 3.16.11): ``game`` (a game played over the board), ``forfeit``
    (a game won by forfeit), ``double forfeit`` (both lost), ``bye`` (the pairing bye, the
    Code's «плюс»), ``requested bye`` (a half-, full- or zero-point bye given), ``withdrawal``,
    ``adjustment`` (TRF 299 points).

    >>> from shashki.competition.model import Tournament, Round, Pairing, Bye
    >>> t = Tournament()
    >>> for name in "ABC":
    ...     _ = t.add_player(name)
    >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["-/-"])], [Bye(3, "PAB")]))
    >>> sorted(occurred(t))
    ['bye', 'double forfeit']
    """
    out: set[str] = set()
    for r in t.rounds:
        for p in r.pairings:
            for res in p.results:
                if res in ("+/-", "-/+"):
                    out.add("forfeit")
                elif res == "-/-":
                    out.add("double forfeit")
                elif res is not None:
                    out.add("game")
        for b in r.byes:
            out.add("bye" if b.kind == "PAB" else "requested bye")
    if any(p.withdrawn is not None for p in t.players):
        out.add("withdrawal")
    if t.adjustments:
        out.add("adjustment")
    return out


def _other_points(t: Tournament) -> dict[int, float]:
    """A micro-match event's second measure: match points when it ranks by game points and
    game points when it ranks by match points (docs/rules.md K19); nothing otherwise."""
    if not t.micromatch:
        return {}
    kind = "match" if t.micromatch_ranking == "games" else "games"
    return {n: sum(v) for n, v in t.round_points(ranking=kind).items()}


def other_points_label(t: Tournament) -> str:
    """Heading of the second measure of a micro-match event."""
    return label("points.match" if t.micromatch_ranking == "games" else "points.games")


@in_event_language
def to_json(t: Tournament, tiebreaks: Sequence[str] | None = None) -> str:
    """Standings and crosstable as JSON."""
    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    rows = standings_rows(t, tbs)
    for r in rows:
        del r["tb_text"], r["points_text"], r["other_text"]
    doc = {"name": t.name, "system": t.system, "scoring": t.scoring.name,
           "rounds": t.current_round, "tiebreaks": [{"key": k, "article": TIEBREAKS[k][0]}
                                                    for k in tbs],
           "standings": rows, "crosstable": crosstable(t)}
    return json.dumps(doc, ensure_ascii=False, indent=1)


def to_csv(t: Tournament, tiebreaks: Sequence[str] | None = None) -> str:
    """Standings as CSV: place, number, name, title, rating, club, points, tie-breaks."""
    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    extra = ["match_points" if t.micromatch_ranking == "games" else "game_points"
             ] if t.micromatch else []
    w.writerow(["place", "number", "name", "title", "rating", "club", "points", *extra, *tbs])
    for r in standings_rows(t, tbs):
        more = [f"{r['other_points']:g}"] if t.micromatch else []
        w.writerow([r["place"], r["number"], r["name"], r["title"], r["rating"] or "",
                    r["club"], f"{r['points']:g}", *more, *(r["tb_text"][k] for k in tbs)])
    return buf.getvalue()


@in_event_language
def crosstable_csv(t: Tournament) -> str:
    """The crosstable as CSV, one row a player (the layout of :func:`crosstable`)."""
    ct = crosstable(t)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(ct["header"])
    w.writerows(ct["rows"])
    return buf.getvalue()


_MARKS = (NP_("crosstable mark", "w"), NP_("crosstable mark", "b"))
"""Colour marks of the crosstable: White, Black (the Code's «белые», «чёрные» in Russian)."""


def _cell_result(t: Tournament, outcome: str) -> str:
    """A game in the crosstable: the points scored, «+» / «−» for a forfeit won or lost
    (Code 3.13.1, 3.13.3)."""
    if outcome == "+":
        return "+"
    if outcome == "-":
        return "−"
    return points_text(t.scoring.points(outcome))  # type: ignore[arg-type]


def _bye_cell(t: Tournament, kind: str) -> str:
    """A round without a game: «—» for the pairing bye (its points are a win's, Code 3.16.11),
    «—» and the points for a requested half- or full-point bye, nothing for an absence."""
    if kind == "PAB":
        return "—"
    if kind in ("H", "F"):
        return f"—{points_text(t.scoring.points(kind))}"  # type: ignore[arg-type]
    return ""


def crosstable(t: Tournament) -> dict[str, Any]:
    """The crosstable in the current language. Round robin: a grid of what the row player
    scored against the column player (``+``/``−`` for forfeits, ``■`` on the diagonal);
    Swiss: per round the opponent, the colour (``w``/``b``, in Russian ``б``/``ч``) and the
    points (``12б2``), ``—`` for the bye. Then points and place (Code 3.16.1)."""
    white, black = (pgettext(*m) for m in _MARKS)
    rows_st = standings(t)
    place = {s.player.number: s.place for s in rows_st}
    order = [s.player.number for s in rows_st] if t.system == "dutch" else sorted(
        p.number for p in t.players)
    ents = t.entries()
    totals = t.all_points()
    names = {p.number: p.name for p in t.players}
    if t.system == "dutch":
        rows: list[list[str]] = []
        for n in order:
            cells = []
            by_round: dict[int, list[str]] = {}
            for e in ents[n]:
                if e.opponent is None:
                    txt = _bye_cell(t, e.outcome)
                else:
                    mark = white if e.color == "w" else black
                    txt = f"{e.opponent}{mark}{_cell_result(t, e.outcome)}"
                by_round.setdefault(e.round, []).append(txt)
            for rnd in range(1, t.current_round + 1):
                got = [x for x in by_round.get(rnd, []) if x]
                cells.append(" ".join(dict.fromkeys(got)) if got and got[0].startswith("—")
                             else " ".join(got))
            rows.append([str(n), names[n], *cells, *_adjusted(t, n), points_text(totals[n]),
                         place[n]])
        header = ["№", pgettext("event", "Name"), *(str(r) for r in range(1, t.current_round + 1)),
                  *(["±"] if t.adjustments else []), _("Points"), _("Place")]
        return {"kind": "swiss", "header": header, "rows": rows}
    grid: dict[tuple[int, int], list[str]] = {}
    for n in order:
        for e in ents[n]:
            if e.opponent is not None:
                grid.setdefault((n, e.opponent), []).append(_cell_result(t, e.outcome))
    rows = []
    for n in order:
        cells = []
        for m in order:
            if m == n:
                cells.append("■")
            else:
                cells.append(" ".join(grid.get((n, m), [])))
        rows.append([str(n), names[n], *cells, *_adjusted(t, n), points_text(totals[n]),
                     place[n]])
    header = ["№", pgettext("event", "Name"), *(str(m) for m in order),
              *(["±"] if t.adjustments else []),
              _("Points"), _("Place")]
    return {"kind": "round-robin", "header": header, "rows": rows}


def _adjusted(t: Tournament, n: int) -> list[str]:
    """The crosstable's ± column: what record 299 added to the player's points (empty
    column when the event has no adjustment)."""
    if not t.adjustments:
        return []
    x = t.adjustment_points(n)
    return ["" if x == 0 else ("+" if x > 0 else "−") + points_text(abs(x))]


def crosstable_legend(t: Tournament) -> str:
    """What the marks of the crosstable mean, in the current language only, and only the
    marks that occur in it: the colours of a Swiss's games, «+» and «−» where a game was
    forfeited (Code 3.13), «—» where a round had a bye (Code 3.16.11), «±» where points
    were adjusted (TRF 299); empty when there is nothing to explain.

    >>> from shashki.competition.model import Tournament, Round, Pairing
    >>> t = Tournament(system="berger", language="en")
    >>> for name in "AB":
    ...     _ = t.add_player(name)
    >>> crosstable_legend(t)
    ''
    >>> t.add_round(Round(1, [Pairing(1, 1, 2, ["+/-"])]))
    >>> crosstable_legend(t)
    '+ and − — a forfeit won and lost (Code 3.13)'
    """
    seen = occurred(t)
    parts = []
    if t.system == "dutch" and seen & {"game", "forfeit", "double forfeit"}:
        parts.append(_("w — White, b — Black"))
    if seen & {"forfeit", "double forfeit"}:
        parts.append(_("+ and − — a forfeit won and lost (Code 3.13)"))
    if t.system == "dutch" and any(b.kind in ("PAB", "H", "F") for r in t.rounds
                                   for b in r.byes):  # the cells «—», «—1»
        parts.append(_("— the bye (Code 3.16.11)"))
    if t.adjustments:
        parts.append(_("± — bonus and penalty points (TRF 299)"))
    return "; ".join(parts)


def pairings_text(rnd: Round, round_robin: bool = False) -> str:
    """bbpPairings-style output: number of pairs, then ``WHITE BLACK``; ``N 0`` for the
    pairing-allocated bye, or in a round robin for the player the Berger table leaves free
    (absent players are not listed)."""
    lines = [f"{p.white} {p.black}" for p in sorted(rnd.pairings, key=lambda p: p.board)]
    lines += [f"{b.player} 0" for b in rnd.byes if b.kind == "PAB" or round_robin]
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


# --- rich ---------------------------------------------------------------------------------


@in_event_language
def rich_standings(t: Tournament, tiebreaks: Sequence[str] | None = None) -> Any:
    """A rich Table of the standings."""
    from rich.table import Table

    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    table = Table(title=(f'{t.name} — ' + _('Standings')) if t.name else _("Standings"))
    for col in ("place", "№", "name", "title", "rating", "club", "points"):
        table.add_column(label(col) if col != "№" else col,
                         justify="left" if col in ("name", "club") else "right")
    if t.micromatch:
        table.add_column(other_points_label(t), justify="right")
    for k in tbs:
        table.add_column(label(f"tb.{k}"), justify="right")
    final = t.finished()
    if final:
        table.add_column(pgettext("standings", "Decided by"))
    for r in standings_rows(t, tbs):
        name = r["name"] + (" (−)" if r["withdrawn"] else "")
        more = [points_text(r["other_points"])] if t.micromatch else []
        table.add_row(r["place"], str(r["number"]), name, r["title"], str(r["rating"] or ""),
                      r["club"], r["points_text"], *more, *(r["tb_text"][k] for k in tbs),
                      *([r["decided_text"]] if final else []))
    legend = reading_lines(t, tbs)
    if legend:
        table.caption = "\n".join(legend)
    return table


def group_rows(t: Tournament) -> list[dict[str, Any]]:
    """Each prize group's table (:mod:`.groups`): its name and standings rows."""
    from shashki.competition.groups import group_standings

    return [{"name": g.name, "rows": standings_rows(t, rows=group_standings(t, g))}
            for g in t.prize_groups]


@in_event_language
def rich_group(t: Tournament, g: Any) -> Any:
    """A prize group's table on screen."""
    from rich.table import Table

    from shashki.competition.groups import group_standings

    table = Table(title=g.name)
    for col in ("place", "name", "points"):
        table.add_column(label(col), justify="left" if col == "name" else "right")
    for s in group_standings(t, g):
        table.add_row(s.place, s.player.name, points_text(s.points))
    return table


@in_event_language
def rich_crosstable(t: Tournament) -> Any:
    from rich.table import Table

    ct = crosstable(t)
    table = Table(title=_("Crosstable"))
    for h in ct["header"]:
        table.add_column(h, justify="left" if h == pgettext("event", "Name") else "center")
    for row in ct["rows"]:
        table.add_row(*row)
    return table


@in_event_language
def rich_pairings(t: Tournament, rnd: Round) -> Any:
    """A rich Table of a round's pairings with boards, colours, results, openings."""
    from rich.table import Table

    table = Table(title=(pgettext('column', 'Round') + f' {rnd.number}'))
    for col in ("board", "white", "result", "black"):
        table.add_column(label(col))
    if t.micromatch:
        table.add_column(_("Opening"))
    for r in _pairing_rows(t, rnd):
        table.add_row(str(r["board"]), r["white"], r["result"], r["black"],
                      *([r["opening"]] if t.micromatch else []))
    return table


def _name(t: Tournament, n: int) -> str:
    return f"{t.player(n).name} ({n})"


def _opening_text(t: Tournament, p: Pairing) -> str:
    """The ballot code and what it plays (``10-XV: gh4 fg5 hf6 eg5 ed4``), Code 3.7.4."""
    if not p.opening:
        return ""
    if not t.ballot:
        return p.opening
    from shashki.openings import entry

    return f"{p.opening}: {entry(t.ballot, p.opening).text()}"


def _pairing_rows(t: Tournament, rnd: Round) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for p in sorted(rnd.pairings, key=lambda p: p.board):
        rows.append({"board": p.board, "white": _name(t, p.white), "black": _name(t, p.black),
                     "result": pairing_result_text(t, p), "opening": _opening_text(t, p)})
    for b in rnd.byes:
        pts = points_text(bye_points(t, b.kind))
        rows.append({"board": "", "white": _name(t, b.player),
                     "black": (_('bye') + f" ({label('bye.' + b.kind)})"), "result": pts,
                     "opening": ""})
    return rows


# --- HTML, PDF ------------------------------------------------------------------------------


@in_event_language
def to_html(t: Tournament, tiebreaks: Sequence[str] | None = None,
            with_rounds: bool = True, round_only: int | None = None) -> str:
    """A clean, printable HTML page: standings, crosstable, pairings of every round; or,
    with ``round_only``, the pairing sheet of that round alone (boards, colours, openings).
    """
    if round_only is not None and not 1 <= round_only <= t.current_round:
        raise ResultError(f"no round {round_only} (rounds paired: {t.current_round})")
    from jinja2 import Environment, PackageLoader, select_autoescape

    from shashki.i18n import language

    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    env = Environment(loader=PackageLoader("shashki.competition", "templates"),
                      autoescape=select_autoescape(["html", "j2"]))
    template = env.get_template("event.html.j2")
    texts = {k: label(k) for k in ("standings", "crosstable", "place", "name", "title", "rating",
                                "club", "points", "round", "board", "white", "black",
                                "result", "opening", "withdrawn")}
    micro = (_("micro-matches, openings from {}, ranked by "
               "{}").format(t.ballot or "—", label(f"ranking.{t.micromatch_ranking}"))
             if t.micromatch else "")
    meta = ", ".join(x for x in (label(f"system.{t.system}"), micro, _rounds_text(t),
                                 plural(len(t.players), "players"), _time_text(t)) if x)
    where = " · ".join(x for x in (
        t.city, _dates(t), _("Chief arbiter: {name}").format(name=t.arbiter) if t.arbiter else "",
        _("printed {date}").format(date=_today())) if x)
    tb_info = [{"key": k, "short": label(f"tb.{k}"), "article": _article(TIEBREAKS[k][0]),
                "name": tiebreak_name(k)} for k in tbs]
    ct = crosstable(t)
    cross = {"header": ct["header"], "legend": crosstable_legend(t),
             "rows": [[{"text": c, "cls": "self" if c == "■" else (
                 "name" if i == 1 else "")} for i, c in enumerate(row)] for row in ct["rows"]]}
    chosen = ([t.rounds[round_only - 1]] if round_only is not None
              else t.rounds if with_rounds else [])
    rounds = [{"number": r.number, "rows": _pairing_rows(t, r), "opening": t.micromatch}
              for r in chosen]
    texts["other_points"] = other_points_label(t) if t.micromatch else ""
    texts["decided"] = pgettext("standings", "Decided by") if t.finished() else ""
    texts.update({k: label(k) for k in RATING_TEXTS})
    return str(template.render(t=t, lang=language(), texts=texts, meta=meta, where=where,
                               tiebreaks=tb_info, standings=standings_rows(t, tbs),
                               readings=reading_lines(t, tbs),
                               ratings=rating_rows(t) if round_only is None else [],
                               groups=group_rows(t) if round_only is None else [],
                               cross=cross, rounds=rounds, show_tables=round_only is None))


def _rounds_text(t: Tournament) -> str:
    """"round 1 of 3" (paired of planned): "1 round" read as the event's length."""
    planned = t.planned_rounds()
    if not planned:
        return plural(t.current_round, "rounds") if t.current_round else ""
    return _("round {current} of {planned}").format(current=t.current_round, planned=planned)


def _dates(t: Tournament) -> str:
    if t.start and t.end and t.end != t.start:
        return f"{t.start} – {t.end}"
    return t.start


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


def tiebreak_name(key: str) -> str:
    """A tie-break's name in the current language, capitalised."""
    name = pgettext(*TIEBREAKS[key][1])
    return name[:1].upper() + name[1:]


def _article(text: str) -> str:
    """``Code 3.16.5`` as the current language writes it (``Кодекс 3.16.5``)."""
    from shashki.i18n import language
    from shashki.messages import article

    return article(text, language())


RATING_TEXTS = ("rt.heading", "rt.games", "rt.score", "rt.expected", "rt.k", "rt.change",
                "rt.new", "rt.performance", "rt.note")


def _time_text(t: Tournament) -> str:
    """The time control as people write it (``70m/35 + 15m``, ``70 мин/35 + 15 мин``),
    Code 3.9."""
    if not t.time_control:
        return ""
    from shashki.clock import InvalidTimeControl, TimeControl
    from shashki.i18n import language

    try:
        return TimeControl.from_pdn(t.time_control).text(language())
    except InvalidTimeControl:
        return t.time_control


@in_event_language
def to_pdf(t: Tournament, path: str, tiebreaks: Sequence[str] | None = None,
           round_only: int | None = None) -> None:
    """The HTML page printed to a PDF file (WeasyPrint)."""
    from shashki.competition.pdf import write_pdf

    write_pdf(to_html(t, tiebreaks, round_only=round_only), path)


# --- PDN ------------------------------------------------------------------------------------


_PDN_RESULT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "+/-": "1-0", "-/+": "0-1",
               "-/-": "0-0"}


def to_pdn(t: Tournament, rnd: int | None = None) -> str:
    """The games of round ``rnd`` (default: the whole event) as PDN, one game per game of a
    micro-match, each from its balloted start (``FEN`` tag and the ballot's moves)."""
    from shashki.board import Board
    from shashki.competition.micromatch import start_board

    initial = Board(t.variant).fen()
    out: list[str] = []
    rounds = t.rounds if rnd is None else [t.rounds[rnd - 1]]
    gametype = {"russian": "25", "brazilian": "26", "international": "20"}.get(t.variant)
    for r in rounds:
        for p in sorted(r.pairings, key=lambda p: p.board):
            for g, res in enumerate(p.results, 1):
                w, b = p.game_colors(g)
                date = (t.round_dates[r.number - 1] if r.number <= len(t.round_dates)
                        and t.round_dates[r.number - 1] else t.start)
                tags = [("Event", t.name or "?"), ("Site", t.city or "?"),
                        ("Date", date.replace("-", ".") if date else "????.??.??"),
                        ("Round", f"{r.number}.{g}" if t.micromatch else str(r.number)),
                        ("White", t.player(w).name), ("Black", t.player(b).name),
                        ("Result", _PDN_RESULT.get(res or "", "*"))]
                if gametype:
                    tags.append(("GameType", gametype))
                if t.time_control:
                    tags.append(("TimeControl", t.time_control))
                if res in ("+/-", "-/+", "-/-"):
                    tags.append(("Termination", "forfeit (Code 3.13)"))
                moves = ""
                if p.opening and t.ballot:
                    board = start_board(t, p)
                    tags.append(("MicroMatch", f"{t.ballot} {p.opening}"))
                    tags.append(("Opening", p.opening))
                    if not board.move_stack and board.fen() != initial:
                        tags.append(("SetUp", "1"))
                        tags.append(("FEN", board.fen()))
                    moves = _moves_text(t, board)
                body = (moves + " " if moves else "") + _PDN_RESULT.get(res or "", "*")
                out.append("".join(f'[{k} "{_esc(v)}"]\n' for k, v in tags) + "\n" + body + "\n")
    return _canonical("\n".join(out))


def _canonical(text: str) -> str:
    """Re-read and re-write the PDN with :mod:`shashki.pdn` when it is there (it checks every
    move and writes the canonical form); the minimal text above otherwise."""
    try:
        from shashki.pdn import read_games, write_game
    except ImportError:  # pragma: no cover - shashki.pdn ships with shashki
        return text
    return "\n".join(write_game(g) for g in read_games(text))


def _esc(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def _replay_texts(t: Tournament, board: Any) -> list[str]:
    replay = board.copy()
    moves = []
    while replay.move_stack:
        moves.append(replay.pop())
    texts = []
    for m in reversed(moves):
        texts.append(replay.move_text(m))
        replay.push(m)
    return texts


def _moves_text(t: Tournament, board: Any) -> str:
    """The ballot moves as PDN movetext from the initial position."""
    texts = _replay_texts(t, board)
    parts = []
    for i, mv in enumerate(texts):
        if i % 2 == 0:
            parts.append(f"{i // 2 + 1}.")
        parts.append(mv)
    return " ".join(parts)
