"""Command line of competitions: ``pair``, ``standings`` and ``tournament``.

:func:`register` adds the three subcommands to the main ``shashki`` parser; :func:`main` runs
them alone (``python -m shashki.cli.competition pair --trf IN.trf``). Bad input prints one
line and exits with status 2, no traceback.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from shashki.cli.base import Parser, fail, run
from shashki.competition.catalogue import TIEBREAKS
from shashki.competition.labels import label
from shashki.competition.model import (
    JUDGE_CATEGORIES,
    OFFICIAL_ROLES,
    SANCTIONS,
    SCORING,
    SYSTEMS,
    Tournament,
)
from shashki.i18n import LANGUAGES, _, language, pgettext
from shashki.openings import TABLES as BALLOTS


def _tiebreaks(text: str) -> list[str]:
    items = [x.strip() for x in text.split(",") if x.strip()]
    for x in items:
        if x not in TIEBREAKS:
            raise argparse.ArgumentTypeError(
                f"unknown tie-break {x!r}; known: {', '.join(TIEBREAKS)}")
    return items


def _date(text: str) -> str:
    """``YYYY-MM-DD`` (empty: not given)."""
    from shashki.competition.errors import InvalidTournament
    from shashki.competition.model import check_date

    try:
        return check_date(text)
    except InvalidTournament:
        raise argparse.ArgumentTypeError(_("not a date YYYY-MM-DD: {!r}").format(text)) from None


_CATEGORIES = "all-russian (ВК), 1, 2, 3, young (ЮСС)"
"""The judging categories as the command line takes them (:data:`JUDGE_CATEGORIES`)."""


def _category(text: str) -> str:
    """A judging category (судейская категория): a key of :data:`JUDGE_CATEGORIES` or a way
    of writing one (``ВК``, ``СС1К``, ``III``); another text is refused, as a typo would be
    kept otherwise."""
    from shashki.competition.model import judge_category

    key = judge_category(text)
    if text.strip() and key not in JUDGE_CATEGORIES:
        raise argparse.ArgumentTypeError(_("unknown judging category {!r}; known: "
                                           "{}").format(text, _CATEGORIES))
    return key


def _time_control(text: str) -> str:
    """A time control as TRF 222 / PDN write it (``45m`` → ``2700``; Code 3.9)."""
    from shashki.clock import InvalidTimeControl, TimeControl

    if not text:
        return ""
    try:
        return TimeControl.parse(text).to_pdn()
    except InvalidTimeControl as first:
        try:
            return TimeControl.from_pdn(text).to_pdn()
        except InvalidTimeControl:
            raise first from None


_FORFEIT = re.compile(r"[-+][-+:/]?[-+]")
"""Results that begin with a dash (``-+``, ``-/+``, ``-:-`` ...): arguments, not options."""


class _ResultParser(Parser):
    """A parser that takes ``-+`` (a forfeit, Code 3.13.1) for a result, not an option."""

    def _parse_optional(self, arg_string: str) -> Any:
        if _FORFEIT.fullmatch(arg_string) and arg_string != "--":
            return None
        return super()._parse_optional(arg_string)


def register(subparsers: Any) -> None:
    """Add ``pair``, ``standings`` and ``tournament`` to a parser's subcommands."""
    pair = subparsers.add_parser("pair", help=_("pair the next round of a TRF file"))
    pair.add_argument("--system", choices=["dutch", "berger"], default="dutch",
                      help=_("pairing system"))
    pair.add_argument("--trf", required=True, help=_("TRF input file"))
    pair.add_argument("-o", "--output", help=_("output file (default: standard output)"))
    pair.add_argument("--absent", type=int, nargs="*", default=[], help=_("players absent this "
                                                                          "round (numbers)"))
    pair.set_defaults(func=_cmd_pair)

    st = subparsers.add_parser("standings", help=_("standings of a TRF file"))
    st.add_argument("--trf", required=True, help=_("TRF input file"))
    st.add_argument("--tiebreaks", type=_tiebreaks, default=None,
                    help=_("comma-separated tie-breaks: {}").format(", ".join(TIEBREAKS)))
    fmt = st.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=_("print JSON"))
    fmt.add_argument("--html", action="store_true", help=_("write HTML"))
    fmt.add_argument("--pdf", action="store_true", help=_("write PDF to the -o file"))
    fmt.add_argument("--csv", action="store_true", help=_("print CSV"))
    st.add_argument("-o", "--output", help=_("output file (default: standard output)"))
    st.set_defaults(func=_cmd_standings)

    tp = subparsers.add_parser("tournament", help=_("run an event kept in a JSON file"))
    tsub = tp.add_subparsers(dest="action", required=True, parser_class=_ResultParser)

    new = tsub.add_parser("new", help=_("create a tournament file"))
    new.add_argument("file", help=_("tournament JSON file"))
    new.add_argument("--name", default="", help=_("event name"))
    new.add_argument("--system", choices=SYSTEMS, default="dutch",
                     help=pgettext("command line", "pairing system"))
    new.add_argument("--rounds", type=int, default=0, help=_("number of rounds (Swiss)"))
    new.add_argument("--scoring", choices=list(SCORING), default="2-1-0", help=_("scoring: 2-1-0 "
                                                                                 "or 1-0.5-0"))
    new.add_argument("--tiebreaks", type=_tiebreaks, default=[], help=_("tie-breaks in order, "
                                                                        "comma-separated"))
    new.add_argument("--micromatch", choices=list(BALLOTS), metavar="TABLE",
                     help=_("micro-matches of two games with a ballot table: "
                            "{}").format(", ".join(BALLOTS)))
    new.add_argument("--late-entry-bye", choices=["Z", "H"], default="Z",
                     help=_("rounds a late entry missed: Z (0) or H (half a point)"))
    new.add_argument("--ranking", choices=["games", "match"], default="games",
                     help=_("micro-matches: rank by game points (games) or match points (match)"))
    new.add_argument("--first-color", choices=["white", "black"], default="white",
                     help=_("colour of the top seed on board 1 in round 1 (drawn by lot)"))
    new.add_argument("--language", choices=list(LANGUAGES), default=None,
                     help=_("the language of the event's report, tables and printouts "
                            "(default: the command line's language)"))
    new.add_argument("--city", "--venue", dest="city", default="",
                     help=_("where the event is held (city, hall)"))
    new.add_argument("--start", type=_date, help=_("start date YYYY-MM-DD"))
    new.add_argument("--end", type=_date, help=_("last day YYYY-MM-DD"))
    new.add_argument("--arbiter", default="", help=_("chief arbiter"))
    new.add_argument("--arbiter-category", type=_category,
                     help=_("the chief arbiter's judging category: {}").format(_CATEGORIES))
    new.add_argument("--organiser", default="", help=_("the organisation holding the event"))
    new.add_argument("--time-control", default="", help=_("time control as TRF 222 / PDN writes "
                                                          "it, e.g. 2700 or 1800+30"))
    new.add_argument("--variant", default="russian", help=_("variant: russian, brazilian, "
                                                            "international …"))
    new.add_argument("--seed", type=int, default=0, help=_("seed of the lots (numbers, openings)"))
    new.add_argument("--avoid-same-club", action="store_true", help=_("never pair players of the "
                                                                      "same club"))
    new.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    new.add_argument("--acceleration", choices=["baku"], default="",
                     help=_("accelerated pairings: baku (FIDE C.04.5.1)"))
    new.add_argument("--ties", choices=["tiebreaks", "playoff"], default="tiebreaks",
                     help=_("equal points: tiebreaks (Code 3.16.3) or playoff (3.16.2 first)"))
    new.add_argument("--playoff-places", type=int, default=0, help=_("places decided by play-off "
                                                                     "(0: all)"))
    new.add_argument("--lots", action="store_true", help=_("players still equal are placed by lot"))
    new.add_argument("--reading", action="append", default=[], metavar="KEY=VALUE",
                     type=_reading, help=_("a reading of the Code (repeatable): "
                                           "{}").format(_readings_help()))

    add = tsub.add_parser("add", help=_("register a player"))
    add.add_argument("file", help=_("tournament JSON file"))
    add.add_argument("name", help=pgettext("event", "Name"))
    add.add_argument("--rating", type=int, default=0, help=_("Rating"))
    add.add_argument("--title", default="", help=_("Title"))
    add.add_argument("--club", default="", help=_("Club"))
    add.add_argument("--federation", default="", help=_("federation (3 letters)"))
    add.add_argument("--federation-id", default="", help=_("federation or FMJD id"))

    draw = tsub.add_parser("draw", help=_("draw the round-robin numbers by lot"))
    draw.add_argument("file", help=_("tournament JSON file"))

    tpair = tsub.add_parser("pair", help=_("pair the next round"))
    tpair.add_argument("file", help=_("tournament JSON file"))
    tpair.add_argument("--absent", type=int, nargs="*", default=[], help=_("players absent this "
                                                                           "round (numbers)"))

    res = tsub.add_parser("result", help=_("record a result: ROUND BOARD RESULT [GAME]"))
    res.add_argument("file", help=_("tournament JSON file"))
    res.add_argument("round", type=int, help=pgettext("column", "Round"))
    res.add_argument("board", type=int, help=_("Board"))
    res.add_argument("result", help=_("2-0, 1-1, 0-2, +-, -+, 0-0 (or 1-0, 1/2-1/2, 0-1)"))
    res.add_argument("game", type=int, nargs="?", default=1, help=_("game of a micro-match (1 or "
                                                                    "2)"))

    late = tsub.add_parser("late", help=_("score lateness (Code 3.13.1, 3.13.3): ROUND BOARD "
                                          "--white/--black MINUTES"))
    late.add_argument("file", help=_("tournament JSON file"))
    late.add_argument("round", type=int, help=pgettext("column", "Round"))
    late.add_argument("board", type=int, help=_("Board"))
    late.add_argument("--white", type=float, default=None, help=_("minutes White was late"))
    late.add_argument("--black", type=float, default=None, help=_("minutes Black was late"))
    late.add_argument("--first-control", type=float, default=None, help=_("first control in "
                                                                          "minutes (default: the "
                                                                          "event's time control)"))
    late.add_argument("--game", type=int, default=1, help=_("game of a micro-match (1 or 2)"))

    bye = tsub.add_parser("bye", help=_("ask for a bye in a round not yet paired"))
    bye.add_argument("file", help=_("tournament JSON file"))
    bye.add_argument("player", type=int, help=_("player numbers"))
    bye.add_argument("--round", type=int, default=None, help=pgettext("column", "Round"))
    bye.add_argument("--kind", choices=["H", "Z", "F"], default="H", help=_("H half-point, Z "
                                                                            "absent (0), F full "
                                                                            "point"))

    wd = tsub.add_parser("withdraw", help=_("withdraw a player from the next round"))
    wd.add_argument("file", help=_("tournament JSON file"))
    wd.add_argument("player", type=int, help=_("player numbers"))

    fb = tsub.add_parser("forbid", help=_("players who must not meet (siblings, team-mates)"))
    fb.add_argument("file", help=_("tournament JSON file"))
    fb.add_argument("players", type=int, nargs="+", help=_("player numbers"))

    po = tsub.add_parser("playoff", help=_("play-offs (Code 3.16.2): list, new, pair, result, "
                                           "not-held"))
    po.add_argument("file", help=_("tournament JSON file"))
    posub = po.add_subparsers(dest="po_action", required=False, parser_class=_ResultParser)
    pnew = posub.add_parser("new", help=_("set up the play-off of players equal on points"))
    pnew.add_argument("players", type=int, nargs="+", help=_("player numbers"))
    pnew.add_argument("--double", action="store_true", help=_("both colours (a match of two games "
                                                              "a pair)"))
    pnew.add_argument("--time-control", default="", help=_("time control as TRF 222 / PDN writes "
                                                           "it, e.g. 2700 or 1800+30"))
    pnew.add_argument("--tiebreaks", type=_tiebreaks, default=[], help=_("tie-breaks in order, "
                                                                         "comma-separated"))
    ppair = posub.add_parser("pair", help=_("pair the next round"))
    ppair.add_argument("playoff", type=int, help=_("play-off number"))
    pres = posub.add_parser("result", help=_("record a result: ROUND BOARD RESULT [GAME]"))
    pres.add_argument("playoff", type=int, help=_("play-off number"))
    pres.add_argument("round", type=int, help=pgettext("column", "Round"))
    pres.add_argument("board", type=int, help=_("Board"))
    pres.add_argument("result", help=_("2-0, 1-1, 0-2, +-, -+, 0-0 (or 1-0, 1/2-1/2, 0-1)"))
    pnot = posub.add_parser("not-held", help=_("record that the play-off cannot be held (Code "
                                               "3.16.3)"))
    pnot.add_argument("players", type=int, nargs="+", help=_("player numbers"))
    pnot.add_argument("--reason", required=True, help=_("why"))

    sa = tsub.add_parser("sanction", help=_("record a sanction (Code ch. II): ROUND PLAYER KIND"))
    sa.add_argument("file", help=_("tournament JSON file"))
    sa.add_argument("round", type=int, help=pgettext("column", "Round"))
    sa.add_argument("player", type=int, help=_("player numbers"))
    sa.add_argument("kind", choices=list(SANCTIONS), help=_("remark, warning, reprimand, loss, "
                                                            "exclusion"))
    sa.add_argument("--article", default="", help=_('the article broken, e.g. "Code 1.9.4"'))
    sa.add_argument("--note", default="", help=_("Note"))

    of = tsub.add_parser("official", help=_("add a member of the panel of judges (Code 4.6.1)"))
    of.add_argument("file", help=_("tournament JSON file"))
    of.add_argument("role", choices=list(OFFICIAL_ROLES), help=pgettext("report", "Role"))
    of.add_argument("name", help=pgettext("event", "Name"))
    of.add_argument("--category", type=_category,
                    help=_("judging category: {}").format(_CATEGORIES))
    of.add_argument("--remove", action="store_true", help=_("remove this member of the panel"))

    se = tsub.add_parser("set", help=_("set what the judges' report shows of the event (Code "
                                       "4.6.3); \"\" clears a field"))
    se.add_argument("file", help=_("tournament JSON file"))
    se.add_argument("--name", default=None, help=_("event name"))
    se.add_argument("--language", choices=["", *LANGUAGES], default=None,
                    help=_("the language of the event's report, tables and printouts"))
    se.add_argument("--city", "--venue", dest="city", default=None,
                    help=_("where the event is held (city, hall)"))
    se.add_argument("--start", default=None, type=_date, help=_("start date YYYY-MM-DD"))
    se.add_argument("--end", default=None, type=_date, help=_("last day YYYY-MM-DD"))
    se.add_argument("--time-control", default=None, type=_time_control,
                    help=_("time control as TRF 222 / PDN writes it, e.g. 2700 or 1800+30"))
    se.add_argument("--time-control-text", default=None,
                    help=_("the time control in words, when it has no code"))
    se.add_argument("--organiser", default=None, help=_("the organisation holding the event"))
    se.add_argument("--arbiter", default=None, help=_("chief arbiter"))
    se.add_argument("--arbiter-category", default=None, type=_category,
                    help=_("the chief arbiter's judging category: {}").format(_CATEGORIES))

    rep = tsub.add_parser("report", help=_("the judges' report (Code 4.6.3) as PDF or HTML"))
    rep.add_argument("file", help=_("tournament JSON file"))
    rep.add_argument("--pdn", default=None, help=_("the event's games (PDN) for the scoresheets"))
    rep.add_argument("-o", "--output", required=True, help=_("output file: .pdf or .html"))
    rep.add_argument("--norms", default=None, help=_("the norms table (JSON, see "
                                                     "shashki.competition.norms)"))

    nm = tsub.add_parser("norms", help=_("who met which classification norm (the organiser's "
                                         "table)"))
    nm.add_argument("file", help=_("tournament JSON file"))
    nm.add_argument("--table", required=True, help=_("the norms table (JSON, see "
                                                     "shashki.competition.norms)"))

    am = tsub.add_parser("amend", help=_("change a published pairing (checked against the absolute "
                                         "criteria): ROUND W-B ... --reason"))
    am.add_argument("file", help=_("tournament JSON file"))
    am.add_argument("round", type=int, help=pgettext("column", "Round"))
    am.add_argument("pairs", nargs="+", help=_("the round's pairs as WHITE-BLACK numbers"))
    am.add_argument("--reason", required=True, help=_("why"))

    xp = tsub.add_parser("explain", help=_("why each pair and colour (C.04.3 E.1-E.5)"))
    xp.add_argument("file", help=_("tournament JSON file"))
    xp.add_argument("round", type=int, nargs="?", default=None, help=pgettext("column", "Round"))

    gr = tsub.add_parser("group", help=_("add a prize group with its own table (women, juniors, "
                                         "veterans, rating band)"))
    gr.add_argument("file", help=_("tournament JSON file"))
    gr.add_argument("name", help=pgettext("event", "Name"))
    gr.add_argument("--sex", default="", help=_("w for women, m for men"))
    gr.add_argument("--born-from", type=int, default=None, help=_("born in this year or later "
                                                                  "(juniors)"))
    gr.add_argument("--born-to", type=int, default=None, help=_("born in this year or earlier "
                                                                "(veterans)"))
    gr.add_argument("--rating-min", type=int, default=None, help=_("Rating"))
    gr.add_argument("--rating-max", type=int, default=None, help=_("Rating"))

    pr = tsub.add_parser("print", help=_("print table cards or blank scoresheets"))
    pr.add_argument("file", help=_("tournament JSON file"))
    pr.add_argument("what", choices=["cards", "scoresheets"], help=_("print table cards or blank "
                                                                     "scoresheets"))
    pr.add_argument("--round", type=int, default=None, help=pgettext("column", "Round"))
    pr.add_argument("--count", type=int, default=1, help=_("blank scoresheets without a round: how "
                                                           "many"))
    pr.add_argument("-o", "--output", required=True, help=_("output file: .pdf or .html"))

    rt = tsub.add_parser("rating", help=_("the event's rating changes (FIDE B.02) and performance "
                                          "ratings"))
    rt.add_argument("file", help=_("tournament JSON file"))
    rt.add_argument("--k", type=int, default=None, help=_("K for every player (default: FIDE B.02 "
                                                          "8.3.3)"))

    im = tsub.add_parser("import", help=_("register the players of a rating list (CSV: name, id, "
                                          "rating, title, club, birth year)"))
    im.add_argument("file", help=_("tournament JSON file"))
    im.add_argument("csv", help=_("the rating list (CSV)"))

    lots = tsub.add_parser("lots", help=_("draw the lots the regulations call for"))
    lots.add_argument("file", help=_("tournament JSON file"))
    lots.add_argument("--seed", type=int, default=None, help=_("seed of the lots (numbers, "
                                                               "openings)"))

    ts = tsub.add_parser("standings", help=_("show the standings"))
    ts.add_argument("file", help=_("tournament JSON file"))
    ts.add_argument("--tiebreaks", type=_tiebreaks, default=None)

    ex = tsub.add_parser("export", help=_("export: trf, json, csv, crosstable-csv, html, pdf, pdn, "
                                          "pairings, standings-json"))
    ex.add_argument("file", help=_("tournament JSON file"))
    ex.add_argument("format", choices=["trf", "json", "csv", "crosstable-csv", "html", "pdf",
                                       "pdn", "pairings", "standings-json"])
    ex.add_argument("-o", "--output", help=_("output file (default: standard output)"))
    ex.add_argument("--round", type=int, help=pgettext("column", "Round"))
    tp.set_defaults(func=_cmd_tournament)

    tm = subparsers.add_parser("team", help=_("run a team round robin kept in a JSON file"))
    msub = tm.add_subparsers(dest="action", required=True, parser_class=_ResultParser)
    mnew = msub.add_parser("new", help=_("create a tournament file"))
    mnew.add_argument("file", help=_("team tournament JSON file"))
    mnew.add_argument("--name", default="", help=_("event name"))
    mnew.add_argument("--system", choices=["berger", "double-berger"], default="berger",
                      help=pgettext("command line", "pairing system"))
    mnew.add_argument("--boards", type=int, default=4, help=_("boards per match"))
    mnew.add_argument("--tiebreaks", default="board-points", help=_("after match points: "
                                                                    "board-points, direct, "
                                                                    "sonneborn-berger"))
    mnew.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    madd = msub.add_parser("add", help=_("register a team: NAME PLAYER... (board order)"))
    madd.add_argument("file", help=_("team tournament JSON file"))
    madd.add_argument("name", help=pgettext("event", "Name"))
    madd.add_argument("players", nargs="+", help=_("players in board order"))
    mpair = msub.add_parser("pair", help=_("pair the next round"))
    mpair.add_argument("file", help=_("team tournament JSON file"))
    mres = msub.add_parser("result", help=_("record a match: ROUND MATCH RESULT... (one a board, "
                                            "from its White)"))
    mres.add_argument("file", help=_("team tournament JSON file"))
    mres.add_argument("round", type=int, help=pgettext("column", "Round"))
    mres.add_argument("match", type=int, help=_("Match"))
    mres.add_argument("results", nargs="+", help=_("2-0, 1-1, 0-2, +-, -+, 0-0 (or 1-0, 1/2-1/2, "
                                                   "0-1)"))
    mst = msub.add_parser("standings", help=_("show the standings"))
    mst.add_argument("file", help=_("team tournament JSON file"))
    tm.set_defaults(func=_cmd_team)


def build_parser() -> argparse.ArgumentParser:
    """A parser with only the competition subcommands (for testing without the main CLI)."""
    p = Parser(prog="shashki", description=_("Competitions: pairings, results, standings (Code "
                                             "3.7, 3.13, 3.16)."))
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)


# --- helpers ------------------------------------------------------------------------------


def _read_trf(path: str) -> str:
    """A TRF file in UTF-8 (with or without BOM) or Windows-1251, told apart as the PDN
    reader does (Russian arbiters' tools write either); CR-only line ends are kept for
    the TRF reader."""
    if path == "-":
        return sys.stdin.read()
    from shashki.pdn.encoding import LineSource

    with open(path, "rb") as f:
        return "\n".join(LineSource(f))


def _write(text: str, path: str | None) -> None:
    if path and path != "-":
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


def _console() -> Any:
    from rich.console import Console

    return Console()


# --- pair, standings ----------------------------------------------------------------------


def _load_trf(path: str) -> Tournament:
    """A TRF file read into a tournament; the reader's warnings (records read but not
    applied, totals that disagree) go to stderr, one line each."""
    from shashki.competition.trf import read_trf

    t, warnings = read_trf(_read_trf(path))
    for w in warnings:
        sys.stderr.write('shashki: ' + _('warning') + f': {w}\n')
    return t


def _cmd_pair(args: argparse.Namespace) -> int:
    from shashki.competition.export import pairings_text
    from shashki.competition.pairing import pair_next_round
    from shashki.competition.trf import requested_byes

    t = _load_trf(args.trf)
    t.system = args.system
    absent, half = requested_byes(t)
    rnd = pair_next_round(t, absent=[*absent, *args.absent], half_byes=half)
    _write(pairings_text(rnd, round_robin=args.system == "berger"), args.output)
    return 0


def _cmd_standings(args: argparse.Namespace) -> int:
    t = _load_trf(args.trf)
    if args.tiebreaks is not None:  # else the file's own (202/212, shashki's comment)
        t.tiebreaks = list(args.tiebreaks)
    return _emit_standings(t, args)


def _emit_standings(t: Tournament, args: argparse.Namespace) -> int:
    from shashki.competition import export

    if getattr(args, "pdf", False):
        if not args.output:
            fail(_("--pdf needs -o FILE"))
        export.to_pdf(t, args.output)
    elif getattr(args, "json", False):
        _write(export.to_json(t) + "\n", args.output)
    elif getattr(args, "html", False):
        _write(export.to_html(t), args.output)
    elif getattr(args, "csv", False):
        _write(export.to_csv(t), args.output)
    else:
        con = _console()
        con.print(export.rich_standings(t))
        con.print(export.rich_crosstable(t))
    return 0


# --- tournament ---------------------------------------------------------------------------


def _cmd_tournament(args: argparse.Namespace) -> int:
    from shashki.competition import export

    if args.action == "new":
        if os.path.exists(args.file) and not args.force:
            fail(_("{} exists (use --force)").format(args.file))
        t = Tournament(name=args.name, system=args.system, rounds_planned=args.rounds,
                       scoring=SCORING[args.scoring], tiebreaks=args.tiebreaks,
                       games_per_pairing=2 if args.micromatch else 1, ballot=args.micromatch,
                       seed=args.seed, variant=args.variant,
                       avoid_same_club=args.avoid_same_club, micromatch_ranking=args.ranking,
                       first_color=args.first_color, late_entry_bye=args.late_entry_bye,
                       time_control=_time_control(args.time_control),
                       ties=args.ties, playoff_places=args.playoff_places, lots=args.lots,
                       readings=dict(args.reading), acceleration=args.acceleration)
        t.set_details(language=args.language or language(), city=args.city, start=args.start or "",
                      end=args.end or "", arbiter=args.arbiter, organiser=args.organiser,
                      arbiter_category=args.arbiter_category or "")
        t.save(args.file)
        print(_("created {}").format(args.file))
        return 0
    t = Tournament.load(args.file)
    if args.action == "add":
        p = t.add_player(args.name, rating=args.rating, title=args.title, club=args.club,
                         federation=args.federation, federation_id=args.federation_id)
        t.save(args.file)
        print(_("player {} registered as number {}").format(p.name, p.number))
    elif args.action == "draw":
        from shashki.competition.berger import draw_numbers

        draw_numbers(t)
        t.save(args.file)
        print(_("numbers drawn"))
        _console().print(export.rich_standings(t, []))
    elif args.action == "pair":
        from shashki.competition.pairing import pair_requested

        con = _console()
        with con.status(_("pair the next "
                          "round"), spinner="dots") if len(t.players) > 100 else _null():
            rnd = pair_requested(t, absent=args.absent)
        t.add_round(rnd)
        t.save(args.file)
        con.print(export.rich_pairings(t, rnd))
    elif args.action == "result":
        t.set_result(args.round, args.board, args.result, args.game)
        t.save(args.file)
        print(_("round {}, board {}: {}").format(args.round, args.board, args.result))
    elif args.action == "late":
        res = t.record_lateness(args.round, args.board, args.white, args.black,
                                args.first_control, args.game)
        if res is None:
            print(_("not beyond the first control: the game is played (Code 3.13.1)"))
        else:
            t.save(args.file)
            print(_("round {}, board {}: "
                    "{}").format(args.round, args.board, export.result_text(t, res)))
    elif args.action == "bye":
        t.request_bye(args.player, args.round, args.kind)
        t.save(args.file)
        print(_("player {}: bye {} in round {}").format(args.player, args.kind,
                                     args.round or t.current_round + 1))
    elif args.action == "withdraw":
        t.withdraw(args.player)
        t.save(args.file)
        print(_("player {} withdrawn from round "
                "{}").format(args.player, t.player(args.player).withdrawn))
    elif args.action == "forbid":
        t.forbid(*args.players)
        t.save(args.file)
    elif args.action == "playoff":
        _playoff(t, args)
    elif args.action == "sanction":
        t.sanction(args.round, args.player, args.kind, args.article, args.note)
        t.save(args.file)
        print(_("player {}: {} in round "
                "{}").format(args.player, label(f"s.{args.kind}"), args.round))
    elif args.action == "official":
        if args.remove:
            if not t.remove_official(args.role, args.name):
                fail(_("no {} {!r} in the panel").format(args.role, args.name))
        else:
            t.add_official(args.role, args.name, args.category or "")
        t.save(args.file)
    elif args.action == "set":
        keys = ("name", "language", "city", "start", "end", "time_control",
                "time_control_text", "organiser", "arbiter", "arbiter_category")
        t.set_details(**{k: getattr(args, k) for k in keys if getattr(args, k) is not None})
        t.save(args.file)
        from shashki.competition.report import details

        for d in details(t):
            print(f"{d['label']}: {d['value']}")
    elif args.action == "report":
        from shashki.competition.report import report_html, report_pdf

        pdn = None
        if args.pdn:
            from shashki.pdn.encoding import LineSource

            with open(args.pdn, "rb") as f:
                pdn = "\n".join(LineSource(f))
        from shashki.competition.norms import load_norms

        table = load_norms(args.norms) if args.norms else None
        if args.output.lower().endswith((".html", ".htm")):
            _write(report_html(t, pdn, norms=table), args.output)
        else:
            report_pdf(t, args.output, pdn, norms=table)
    elif args.action == "norms":
        from shashki.competition.norms import check_norms, load_norms

        for r in check_norms(t, load_norms(args.table)):
            p = t.player(r.player)
            got = r.award or "—"
            print(f"{p.number:4d} {p.name:<30} {p.title or '':>4}  {got:>4}  {r.games} "
                  f"{r.percent:g}%" + ("" if r.award else "  " + "; ".join(r.missed)))
    elif args.action == "amend":
        from shashki.competition.arbiter import amend_round

        pairs = []
        for text in args.pairs:
            w, _sep, b = text.partition("-")
            if not (w.strip().isdigit() and b.strip().isdigit()):
                fail(_("a pair is WHITE-BLACK, not {!r}").format(text))
            pairs.append((int(w), int(b)))
        amend_round(t, args.round, pairs, args.reason)
        t.save(args.file)
        _console().print(export.rich_pairings(t, t.rounds[args.round - 1]))
    elif args.action == "explain":
        from shashki.competition.arbiter import explain_round

        which = args.round or t.current_round
        for e in explain_round(t, which):
            print(f"{e['board'] or '-':>3}: {e['text']}")
    elif args.action == "group":
        from shashki.competition.groups import prize_group

        t.prize_groups.append(prize_group({
            "name": args.name, "sex": args.sex, "born_from": args.born_from,
            "born_to": args.born_to, "rating_min": args.rating_min,
            "rating_max": args.rating_max}))
        t.save(args.file)
    elif args.action == "print":
        from shashki.competition.printouts import (
            blank_scoresheets_html,
            table_cards_html,
            to_pdf,
        )

        sheet_round: int | None = args.round if args.round is not None else (
            t.current_round if args.what == "cards" else None)
        if args.what == "cards" and not sheet_round:
            fail(_("no round is paired yet"))
        html = (table_cards_html(t, sheet_round or 0) if args.what == "cards"
                else blank_scoresheets_html(t, sheet_round, args.count))
        if args.output.lower().endswith((".html", ".htm")):
            _write(html, args.output)
        else:
            to_pdf(html, args.output)
    elif args.action == "rating":
        from rich.table import Table

        grid = Table(title=_("Rating"))
        cols = ("place", "number", "name", "rating", "games", "score", "expected", "k",
                "change", "new", "performance")
        heads = ("place", "№", "name", "rating", "rt.games", "rt.score", "rt.expected",
                 "rt.k", "rt.change", "rt.new", "rt.performance")
        for h in heads:
            grid.add_column(h if h == "№" else label(h), justify="left" if h == "name"
                            else "right")
        for row in export.rating_rows(t, args.k):
            grid.add_row(*(str(row[c]) for c in cols))
        _console().print(grid)
    elif args.action == "import":
        from shashki.competition.rating import import_players

        with open(args.csv, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1251")
        done = import_players(t, text)
        t.save(args.file)
        print(_("{} players registered or updated").format(len(done)))
    elif args.action == "lots":
        from shashki.competition.standings import draw_lots

        made = draw_lots(t, args.seed)
        t.save(args.file)
        for d in made:
            print(_("lot for {}: {} (seed {})").format(", ".join(map(str, d["players"])),
                                     ", ".join(map(str, d["order"])), d["seed"]))
        if not made:
            print(_("no lot to draw"))
    elif args.action == "standings":
        if args.tiebreaks is not None:
            t.tiebreaks = args.tiebreaks
        con = _console()
        con.print(export.rich_standings(t))
        for g in t.prize_groups:
            con.print(export.rich_group(t, g))
        con.print(export.rich_crosstable(t))
    elif args.action == "export":
        return _export(t, args)
    return 0


def _reading(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` of a reading of Code 3.16.11 (catalogue.READINGS)."""
    from shashki.competition.catalogue import READINGS

    key, _sep, value = text.partition("=")
    if key not in READINGS or value not in READINGS[key].choices:
        raise argparse.ArgumentTypeError(f"unknown reading {text!r}; known: {_readings_help()}")
    return key, value


def _readings_help() -> str:
    from shashki.competition.catalogue import READINGS

    return "; ".join(f"{k}={'|'.join(r.choices)}" for k, r in READINGS.items())


def _playoff(t: Tournament, args: argparse.Namespace) -> None:
    """``tournament playoff FILE [new|pair|result|not-held]`` (Code 3.16.2, 3.16.3)."""
    from shashki.competition import export
    from shashki.competition.playoff import (
        create_playoff,
        pair_playoff,
        pending,
        playoff_not_held,
    )

    con = _console()
    act = args.po_action
    if act is None:
        for first, group in pending(t):
            print(_("places from {}: play-off of {} to be "
                    "held").format(first, ", ".join(map(str, group))))
        for i, po in enumerate(t.playoffs, 1):
            state = po.note if not po.held else f"{po.event.current_round}/" \
                                                 f"{po.event.rounds_planned}"
            print(f"{i}: {', '.join(map(str, po.players))} — {state}")
        return
    if act == "new":
        po = create_playoff(t, args.players, double=args.double,
                            time_control=_time_control(args.time_control),
                            tiebreaks=args.tiebreaks)
        print(_("play-off {}: numbers drawn {}").format(len(t.playoffs), ", ".join(
            f"{k}={n}" for k, n in enumerate(po.players, 1))))
    elif act == "not-held":
        playoff_not_held(t, args.players, args.reason)
    else:
        if not 1 <= args.playoff <= len(t.playoffs):
            fail(_("no play-off {}").format(args.playoff))
        po = t.playoffs[args.playoff - 1]
        if act == "pair":
            pair_playoff(po)
            con.print(export.rich_pairings(po.event, po.event.rounds[-1]))
        else:
            po.event.set_result(args.round, args.board, args.result)
            print(_("round {}, board {}: {}").format(args.round, args.board, args.result))
    t.save(args.file)


def _cmd_team(args: argparse.Namespace) -> int:
    """Team round robins (docs/rules.md K21, K22)."""
    from rich.table import Table

    from shashki.competition.export import points_text, result_text
    from shashki.competition.model import Tournament as _T
    from shashki.competition.team import TeamTournament

    if args.action == "new":
        if os.path.exists(args.file) and not args.force:
            fail(_("{} exists (use --force)").format(args.file))
        tbs = [x.strip() for x in args.tiebreaks.split(",") if x.strip()]
        tt = TeamTournament(name=args.name, system=args.system, boards=args.boards,
                            tiebreaks=tbs)
    else:
        tt = TeamTournament.load(args.file)
    con = _console()
    if args.action == "add":
        team = tt.add_team(args.name, args.players)
        print(_("team {} registered as number {}").format(team.name, team.number))
    elif args.action == "pair":
        rnd = tt.pair_next_round()
        table = Table(title=(pgettext('column', 'Round') + f' {rnd.number}'))
        for col in ("team.match", "white", "black"):
            table.add_column(label(col))
        for m in rnd.matches:
            table.add_row(str(m.table), tt.team(m.white).name, tt.team(m.black).name)
        for n in rnd.free:
            table.add_row("", tt.team(n).name, _("bye"))
        con.print(table)
    elif args.action == "result":
        tt.set_result(args.round, args.match, list(args.results))
        print(_("round {}, match {}: {}").format(args.round, args.match, " ".join(args.results)))
    elif args.action == "standings":
        table = Table(title=(f'{tt.name} — ' + _('Standings')) if tt.name else _("Standings"))
        for col in ("place", "name", "team.mp", "team.bp", "team.sb"):
            table.add_column(label(col), justify="left" if col == "name" else "right")
        for st in tt.standings():
            table.add_row(st.place, st.team.name, points_text(st.match_points),
                          points_text(st.board_points),
                          points_text(st.values["sonneborn-berger"]))
        con.print(table)
        show = _T(scoring=tt.scoring)
        for r in tt.rounds:
            for m in r.matches:
                boards = " ".join(result_text(show, x) or "·" for x in m.results)
                con.print(pgettext('column', 'Round') + f' {r.number}: {tt.team(m.white).name} – '
                          f'{tt.team(m.black).name}  {boards}')
    if args.action != "standings":
        with open(args.file, "w", encoding="utf-8") as f:
            f.write(tt.to_json() + "\n")
        if args.action == "new":
            print(_("created {}").format(args.file))
    return 0


class _null:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _export(t: Tournament, args: argparse.Namespace) -> int:
    from shashki.competition import export
    from shashki.competition.trf import export_trf

    fmt = args.format
    if fmt == "trf":
        _write(export_trf(t), args.output)
    elif fmt == "json":
        _write(t.to_json() + "\n", args.output)
    elif fmt == "standings-json":
        _write(export.to_json(t) + "\n", args.output)
    elif fmt == "csv":
        _write(export.to_csv(t), args.output)
    elif fmt == "crosstable-csv":
        _write(export.crosstable_csv(t), args.output)
    elif fmt == "html":  # with --round: that round's pairing sheet
        _write(export.to_html(t, round_only=args.round), args.output)
    elif fmt == "pdf":
        if not args.output:
            fail(_("--pdf needs -o FILE"))
        export.to_pdf(t, args.output, round_only=args.round)
    elif fmt == "pdn":
        _write(export.to_pdn(t, args.round), args.output)
    elif fmt == "pairings":
        rnd = args.round or t.current_round
        if not 1 <= rnd <= t.current_round:
            fail(f"no round {rnd}")
        _write(export.pairings_text(t.rounds[rnd - 1], t.system != "dutch"), args.output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
