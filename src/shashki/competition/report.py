"""The judges' report (Code 4.6.3): «подвести итоги и утвердить результаты; составить и
утвердить отчет с приложением всех материалов (протоколы заседаний, протоколы встреч,
бланки записей партий, таблицы …)». One document, HTML or PDF (WeasyPrint), in the
event's language (``Tournament.language``) whatever the machine's locale (the current
language for an event without one):

0. the event: venue, dates, time control, organiser and chief arbiter, each said to be "not
   given" where the event does not give it (never left out);
1. the regulations in short (system, rounds, time control, scoring, tie-breaks with their
   articles and the Code's readings, play-offs and lots);
2. the panel of judges (Code 4.6.1);
3. the participants (late entries and withdrawals marked);
4. the final table with tie-breaks and how each place was decided, and the crosstable;
5. the results round by round, then each play-off's;
6. sanctions (Code ch. II), forfeits (3.13.1, 3.13.3), point adjustments (TRF 299),
   withdrawals, late entries and the lots drawn, each with its article; the players who
   met a classification norm, when the organiser's table is given (:mod:`.norms`);
7. the scoresheets (бланки записи партий) of the games recorded in PDN, in the Code's full
   notation («сокращенная нотация записи партий не применяется»);
8. the signatures of the chief arbiter and the chief secretary (Code 4.6.3: the panel
   «утвердить отчет»): for each a line to sign, the printed name, the judging category
   (судейская категория) and a line for the date; a name or category not given is a blank
   line to fill in by hand.

The legends explain only what occurred: the readings of Code 3.16.11 and 3.13.3 whose case
arose (a bye, a withdrawal, a double forfeit ...), the crosstable's marks that it shows.

:func:`report_data` gives the same as plain data, for the platform.

>>> from shashki.competition.model import Tournament, Round, Pairing
>>> t = Tournament(name="Cup", system="berger", arbiter="Ivanov", language="en")
>>> for name in "AB":
...     _ = t.add_player(name)
>>> t.add_round(Round(1, [Pairing(1, 1, 2, ["+/-"])]))
>>> [(e["article"], e["what"]) for e in report_data(t)["events"]]
[('Code 3.13.1', 'forfeit')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shashki.competition.catalogue import READINGS, TIEBREAKS
from shashki.competition.labels import category_text, in_event_language, label, plural
from shashki.competition.model import Pairing, Tournament
from shashki.competition.norms import NormTable
from shashki.i18n import _, pgettext

SCORESHEET_ROWS = 20
"""Moves a column of a scoresheet holds; a longer game goes on in a second column."""


@in_event_language
def report_data(t: Tournament, pdn: str | None = None,
                tiebreaks: Sequence[str] | None = None,
                norms: NormTable | None = None) -> dict[str, Any]:
    """Everything the report shows, as plain data (``pdn``: the event's recorded games;
    ``norms``: the classification table the organiser supplies, :mod:`.norms`), in the
    event's language (Code 4.6.3)."""
    from shashki.competition import export

    tbs = list(t.tiebreaks if tiebreaks is None else tiebreaks)
    return {
        "details": details(t),
        "signatures": _signatures(t),
        "regulations": _regulations(t, tbs),
        "judges": _judges(t),
        "participants": [_participant(t, p.number) for p in sorted(t.players,
                                                                   key=lambda p: p.number)],
        "standings": export.standings_rows(t, tbs),
        "tiebreaks": [{"key": k, "short": label(f"tb.{k}"), "name": export.tiebreak_name(k),
                       "article": export._article(TIEBREAKS[k][0])} for k in tbs],
        "readings": export.reading_lines(t, tbs),
        "ratings": export.rating_rows(t),
        "groups": export.group_rows(t),
        "crosstable": export.crosstable(t) | {"legend": export.crosstable_legend(t)},
        "rounds": [{"number": r.number, "rows": export._pairing_rows(t, r)} for r in t.rounds],
        "playoffs": [_playoff(t, i, po) for i, po in enumerate(t.playoffs, 1)],
        "events": _events(t),
        "scoresheets": scoresheets(t, pdn) if pdn else [],
        "norms": _norms(t, norms) if norms is not None else None,
    }


def _norms(t: Tournament, table: NormTable) -> dict[str, Any]:
    """The players who met a norm of the table (Code 4.6.3), with the figures."""
    from shashki.competition.norms import check_norms

    rows = []
    for r in check_norms(t, table):
        if r.award is None:
            continue
        p = t.player(r.player)
        rows.append({"number": p.number, "name": p.name, "held": p.title, "award": r.award,
                     "games": r.games, "percent": f"{r.percent:g}",
                     "average": "" if r.average is None else f"{r.average:g}", "new": r.new})
    return {"table": table.name, "source": table.source, "year": table.year, "rows": rows}


def _regulations(t: Tournament, tbs: list[str]) -> list[tuple[str, str]]:
    """(label, value) lines of the regulations in short."""
    from shashki.competition import export

    out = [(pgettext("report", "System"), label(f"system.{t.system}") + (
        ", " + _("micro-matches, openings from {}, ranked by "
                 "{}").format(t.ballot or "—", label(f"ranking.{t.micromatch_ranking}"))
        if t.micromatch else ""))]
    out.append((pgettext("report", "Rounds"), plural(t.current_round, "rounds")))
    out.append((_("Participants"), plural(len(t.players), "players")))
    out.append((label("d.time"), time_text(t) or label("missing.time")))
    sc = t.scoring
    out.append((_("Points for a win, draw, "
                  "loss"), f"{export.points_text(sc.win)}–{export.points_text(sc.draw)}–"
                                 f"{export.points_text(sc.loss)}"))
    if tbs:
        out.append((_("Tie-breaks (Code 3.16.3, 3.16.12)"), "; ".join(
            f"{export.tiebreak_name(k)} ({export._article(TIEBREAKS[k][0])})" for k in tbs)))
    ties = _("a play-off (Code 3.16.2); where none can be held, the "
             "tie-breaks") if t.ties == "playoff" else _("the tie-breaks (Code 3.16.3)")
    if t.ties == "playoff" and t.playoff_places:
        ties += " " + (_("for the first place") if t.playoff_places == 1 else
                       _("for places 1 to {}").format(t.playoff_places))
    if t.lots:
        ties += "; " + _("then by lot")
    out.append((_("Equal points"), ties))
    for k in READINGS:
        if k in t.readings:
            r = READINGS[k]
            out.append((_(r.question), _(r.choices[t.readings[k]])))
    return out


def _ru() -> bool:
    from shashki.i18n import language

    return language() == "ru"


def time_text(t: Tournament) -> str:
    """The event's time control in words (Code 3.9): the encoded control as the language
    writes it, else the organiser's text; "" when the event gives none."""
    from shashki.competition import export

    return export._time_text(t) or t.time_control_text


def dates_text(t: Tournament) -> str:
    """The event's dates as the language writes them (``01.05.2026 — 05.05.2026``); ""
    when none is given."""
    if t.start and t.end and t.end != t.start:
        return f"{date_text(t.start)} — {date_text(t.end)}"
    if t.end and not t.start:
        return f"— {date_text(t.end)}"
    return date_text(t.start)


def _person(name: str, category: str) -> str:
    return name + (f" ({category_text(category)})" if category else "") if name else ""


@in_event_language
def details(t: Tournament) -> list[dict[str, Any]]:
    """The event as the report's head gives it (Code 4.6.2, 4.6.3), in the event's
    language: venue, dates, time control, organiser, chief arbiter; a field the event does
    not give says so ("Venue: not given"), never left out. Each: ``key``, ``label``,
    ``value`` and ``missing``.

    >>> [(d["label"], d["value"]) for d in details(Tournament(city="Tula", language="en"))][:2]
    [('Venue', 'Tula'), ('Dates', 'not given')]
    """
    fields = [("d.venue", t.city, "missing.venue"), ("d.dates", dates_text(t), "missing.dates"),
              ("d.time", time_text(t), "missing.time"),
              ("d.organiser", t.organiser, "missing.organiser"),
              ("d.arbiter", _person(t.arbiter, t.arbiter_category), "missing.person")]
    return [{"key": key[2:], "label": label(key), "value": value or label(missing),
             "missing": not value} for key, value, missing in fields]


def _signatures(t: Tournament) -> list[dict[str, str]]:
    """Who signs the report (Code 4.6.3: the panel «составить и утвердить отчет»): the chief
    arbiter and the chief secretary, with the printed name and category ("" when not
    given: a line to fill in)."""
    secretary = next((o for o in t.officials if o.role == "secretary"), None)
    rows = [(label("sign.chief"), t.arbiter, t.arbiter_category),
            (label("sign.secretary"), secretary.name if secretary else "",
             secretary.category if secretary else "")]
    return [{"role": role, "name": name, "category": category_text(cat) if cat else ""}
            for role, name, cat in rows]


def _judges(t: Tournament) -> list[tuple[str, str, str]]:
    """(role, name, category) of the panel (Code 4.6.1), the chief first; a chief arbiter
    or a category not given says so."""
    missing, no_category = label("missing.person"), label("missing.category")

    def cat(c: str) -> str:
        return category_text(c) if c else no_category

    out = [(_("Chief arbiter"), t.arbiter or missing, cat(t.arbiter_category)
            if t.arbiter else "")]
    out += [(_("Deputy chief arbiter"), d, no_category) for d in t.deputies]
    order = {"deputy": 0, "secretary": 1, "senior": 2, "judge": 3}
    out += [(label(f"j.{o.role}"), o.name, cat(o.category))
            for o in sorted(t.officials, key=lambda o: order[o.role])]
    return out


def _participant(t: Tournament, n: int) -> dict[str, Any]:
    p = t.player(n)
    notes = []
    if p.entered > 1:
        notes.append(_("entered from round {}").format(p.entered))
    if p.withdrawn is not None:
        notes.append(_("withdrew from round {}").format(p.withdrawn))
    return {"number": n, "name": p.name, "title": p.title, "rating": p.rating or "",
            "club": p.club, "birth": p.birth[:4], "federation": p.federation,
            "note": "; ".join(notes)}


def _playoff(t: Tournament, i: int, po: Any) -> dict[str, Any]:
    from shashki.competition import export

    names = ", ".join(t.player(n).name for n in po.players)
    if not po.held:
        return {"number": i, "players": names, "held": False, "note": po.note}
    ev = po.event
    return {"number": i, "players": names, "held": True, "note": po.note,
            "system": label(f"system.{ev.system}"), "time": export._time_text(ev),
            "standings": export.standings_rows(ev),
            "rounds": [{"number": r.number, "rows": export._pairing_rows(ev, r)}
                       for r in ev.rounds]}


def _events(t: Tournament) -> list[dict[str, Any]]:
    """Sanctions, forfeits, point adjustments, withdrawals, late entries and lots, in round
    order, each with its article."""
    from shashki.competition import export

    out: list[dict[str, Any]] = []
    for s in t.sanctions:
        out.append({"round": s.round, "what": "sanction", "text": label(f"s.{s.kind}"),
                    "who": t.player(s.player).name, "article": s.article or "",
                    "note": s.note})
    for r in t.rounds:
        for p in r.pairings:
            for g, res in enumerate(p.results, 1):
                if res not in ("+/-", "-/+", "-/-"):
                    continue
                w, b = p.game_colors(g)
                who = {"+/-": t.player(b).name, "-/+": t.player(w).name,
                       "-/-": f"{t.player(w).name}, {t.player(b).name}"}[res]
                out.append({"round": r.number, "what": "forfeit",
                            "text": label("e.forfeit" if res != "-/-" else "e.both"),
                            "who": who, "article": "Code 3.13.1" if res != "-/-"
                            else "Code 3.13.3", "note": _board_text(p, g)})
    for a in t.adjustments:
        who = ", ".join(t.player(n).name for n in a.players) or _("every player")
        what = (_("bonus points") if a.points >= 0 else _("penalty points")) if not a.kind else \
            _("result {} worth").format(a.kind)
        out.append({"round": a.round or "", "what": "adjustment",
                    "text": f"{what} {export.points_text(abs(a.points))}" if not a.kind
                    else f"{what}: {export.points_text(a.points)}", "who": who,
                    "article": "TRF-2026 299", "note": a.reason})
    for pl in t.players:
        if pl.withdrawn is not None:
            out.append({"round": pl.withdrawn, "what": "withdrawal", "text": _("withdrew"),
                        "who": pl.name, "article": "Code 3.16.11", "note": ""})
        if pl.entered > 1:
            out.append({"round": pl.entered, "what": "late entry", "text": _("entered after round "
                                                                             "1"),
                        "who": pl.name, "article": "C.04.2 C", "note": ""})
    for d in t.draws:
        if d.get("what") == "lot":
            out.append({"round": "", "what": "lot", "text": _("drawing of lots for places"),
                        "who": ", ".join(t.player(n).name for n in d["order"]),
                        "article": "Code ch. IV", "note": f"seed {d.get('seed')}"})
    for e in out:
        e["article"] = export._article(e["article"])
    out.sort(key=lambda e: (e["round"] if isinstance(e["round"], int) else 10 ** 6))
    return out


def _board_text(p: Pairing, g: int) -> str:
    return _("board {}").format(p.board) + ((', ' + _('game') + f' {g}') if len(p.results) > 1
                                             else "")


def scoresheets(t: Tournament, pdn: str) -> list[dict[str, Any]]:
    """The scoresheets of the games in ``pdn`` that belong to the event (matched by round
    and both players' names; ``Round "3"`` or ``"3.2"`` for game 2 of a micro-match), in
    round and board order. Moves in the Code's full notation, numbered, White and Black
    side by side, in columns of :data:`SCORESHEET_ROWS` moves."""
    from shashki.competition import export
    from shashki.pdn import read_games

    by_name = {p.name: p.number for p in t.players}
    where: dict[tuple[int, int, int], tuple[int, Pairing, int]] = {}
    for r in t.rounds:
        for p in r.pairings:
            for g in range(1, len(p.results) + 1):
                w, b = p.game_colors(g)
                where[(r.number, w, b)] = (r.number, p, g)
    out: list[dict[str, Any]] = []
    for game in read_games(pdn, t.variant):
        h = game.headers
        try:
            rnd = int(str(h.get("Round", "")).split(".")[0])
        except ValueError:
            continue
        wn, bn = by_name.get(h.get("White", "")), by_name.get(h.get("Black", ""))
        if wn is None or bn is None or (rnd, wn, bn) not in where:
            continue
        w, b = wn, bn
        _rnd, pairing, g = where[(rnd, w, b)]
        moves = [node.move_text(full=True) for node in game.mainline()]
        pairs = [(i // 2 + 1, moves[i], moves[i + 1] if i + 1 < len(moves) else "")
                 for i in range(0, len(moves), 2)]
        columns = [pairs[i:i + SCORESHEET_ROWS] for i in range(0, max(len(pairs), 1),
                                                               SCORESHEET_ROWS)]
        res = pairing.results[g - 1]
        out.append({"round": rnd, "board": pairing.board, "game": g,
                    "micromatch": len(pairing.results) > 1,
                    "white": f"{t.player(w).name} ({w})", "black": f"{t.player(b).name} ({b})",
                    "date": date_text(h.get("Date", "").replace(".", "-")),
                    "result": export.result_text(t, res),
                    "pdn_result": game.result, "columns": columns,
                    "errors": [str(e) for e in game.errors]})
    out.sort(key=lambda s: (s["round"], s["board"], s["game"]))
    return out


@in_event_language
def report_html(t: Tournament, pdn: str | None = None,
                tiebreaks: Sequence[str] | None = None,
                norms: NormTable | None = None) -> str:
    """The report as one printable HTML page (A4, page breaks between its parts)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    from shashki.competition import export
    from shashki.i18n import language

    env = Environment(loader=PackageLoader("shashki.competition", "templates"),
                      autoescape=select_autoescape(["html", "j2"]))
    data = report_data(t, pdn, tiebreaks, norms)
    keys = [k for k in _TEXT_KEYS]
    texts = {k: label(k) for k in (*keys, *export.RATING_TEXTS)}
    texts["decided"] = pgettext("standings", "Decided by") if t.finished() else ""
    texts["other_points"] = export.other_points_label(t) if t.micromatch else ""
    shown = {k: any(p[k] for p in data["participants"])
             for k in ("title", "rating", "club", "birth", "federation", "note")}
    return str(env.get_template("report.html.j2").render(
        t=t, lang=language(), texts=texts, data=data, shown=shown))


def date_text(iso: str) -> str:
    """A date as the current language writes it: ``01.05.2026`` in Russian, ISO otherwise.

    >>> import os
    >>> os.environ["SHASHKI_LANG"] = "ru"
    >>> date_text("2026-05-01")
    '01.05.2026'
    >>> del os.environ["SHASHKI_LANG"]
    """
    if _ru() and len(iso) == 10 and iso[4] == iso[7] == "-":
        return f"{iso[8:10]}.{iso[5:7]}.{iso[:4]}"
    return iso


_TEXT_KEYS = ("report.title", "report.code", "r.heading", "j.heading", "p.heading",
              "standings", "crosstable", "round", "board", "white", "black", "result",
              "place", "name", "title", "rating", "club", "points", "birth", "federation",
              "note", "rounds.heading", "po.heading", "e.heading", "e.round", "e.what",
              "e.who", "e.article", "sheets.heading", "sheet.title", "sheet.event",
              "sheet.date", "sheet.signatures", "sheet.white_sign", "sheet.black_sign",
              "sheet.judge_sign", "sign.chief", "sign.secretary", "sign.signature",
              "sign.name", "sign.category", "sign.date", "po.not_held_text", "e.none",
              "role", "category", "j.name", "sheet.game", "withdrawn", "n.heading", "n.held",
              "n.award", "n.games", "n.percent", "n.average", "n.new", "n.source")


def report_pdf(t: Tournament, path: str, pdn: str | None = None,
               tiebreaks: Sequence[str] | None = None, norms: NormTable | None = None) -> None:
    """The report printed to a PDF file (WeasyPrint), in the event's language."""
    from shashki.competition.pdf import write_pdf

    write_pdf(report_html(t, pdn, tiebreaks, norms), path, "the judges' report as PDF")
