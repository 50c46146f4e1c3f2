"""The labels of a competition's values (columns, tie-breaks, byes, systems, roles...),
marked for the ``shashki`` catalogue and translated where they are shown
(docs/translating.md).

>>> import os
>>> old = os.environ.get("SHASHKI_LANG")
>>> os.environ["SHASHKI_LANG"] = "ru"
>>> label("standings"), label("tb.buchholz")
('Турнирная таблица', 'Бх')
>>> plural(1, "rounds"), plural(3, "rounds"), plural(11, "players"), plural(22, "players")
('1 тур', '3 тура', '11 участников', '22 участника')
>>> os.environ["SHASHKI_LANG"] = "en"
>>> plural(1, "players"), plural(2, "players"), label("tb.buchholz")
('1 player', '2 players', 'Bh')
>>> _ = os.environ.pop("SHASHKI_LANG") if old is None else os.environ.update(SHASHKI_LANG=old)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from shashki.i18n import N_, NP_, language, translation, use_language

if TYPE_CHECKING:
    from shashki.competition.model import Tournament

Msg = str | tuple[str, str]

LABELS: dict[str, Msg] = {
    "standings": N_("Standings"),
    "warning": N_("warning"),
    "crosstable": N_("Crosstable"),
    "place": N_("Place"),
    "name": NP_("event", "Name"),
    "title": N_("Title"),
    "rating": N_("Rating"),
    "club": N_("Club"),
    "points": N_("Points"),
    "round": N_("Round"),
    "points.match": N_("Match points"),
    "points.games": N_("Game points"),
    "board": N_("Board"),
    "white": N_("White"),
    "black": N_("Black"),
    "result": N_("Result"),
    "opening": N_("Opening"),
    "bye": N_("bye"),
    "bye.PAB": N_("pairing bye"),
    "bye.H": NP_("competition", "half-point bye"),
    "bye.F": NP_("competition", "full-point bye"),
    "bye.Z": N_("absent"),
    "withdrawn": N_("withdrew from round"),
    "pairings": N_("Pairings"),
    "rounds": N_("rounds"),
    "players": NP_("competition", "players"),
    "micromatch": N_("micro-matches, openings from {}, ranked by {}"),
    "ranking.games": N_("game points"),
    "ranking.match": N_("match points"),
    "system.dutch": N_("Swiss (FIDE Dutch)"),
    "system.berger": NP_("competition", "round robin"),
    "system.double-berger": N_("double round robin"),
    "tb.schmulyan": N_("Schm"),
    "tb.sonneborn-berger": N_("SB"),
    "tb.buchholz": N_("Bh"),
    "tb.solkoff": N_("Sk"),
    "tb.truncated-solkoff": N_("TSk"),
    "tb.riga": N_("Riga"),
    "tb.wins": N_("Wins"),
    "tb.direct": N_("DE"),
    "tb.beaten": N_("Beat"),
    "tb.places": N_("Pl"),
    "tb.median-buchholz": N_("MBh"),
    "tb.buchholz-cut1": N_("Bh-1"),
    "tb.performance": N_("Perf"),
    "decided": NP_("standings", "Decided by"),
    "decided.points": N_("points"),
    "decided.play-off": N_("play-off"),
    "decided.lot": N_("lot"),
    "decided.shared": N_("shared"),
    "decided.play-off pending": N_("play-off to be held"),
    "decided.lot pending": N_("lot to be drawn"),
    "report.title": N_("Report of the panel of judges"),
    "report.code": N_("Russian Draughts Code 4.6.3"),
    "r.heading": N_("Regulations"),
    "r.system": NP_("report", "System"),
    "r.rounds": NP_("report", "Rounds"),
    "r.players": N_("Participants"),
    "r.time": N_("Time control"),
    "r.scoring": N_("Points for a win, draw, loss"),
    "r.tiebreaks": N_("Tie-breaks (Code 3.16.3, 3.16.12)"),
    "r.ties": N_("Equal points"),
    "r.ties.playoff": N_("a play-off (Code 3.16.2); where none can be held, the tie-breaks"),
    "r.ties.tiebreaks": N_("the tie-breaks (Code 3.16.3)"),
    "r.ties.places": N_("for places 1 to {}"),
    "r.ties.first": N_("for the first place"),
    "r.ties.lots": N_("then by lot"),
    "j.heading": N_("Panel of judges (Code 4.6.1)"),
    "j.chief": N_("Chief arbiter"),
    "j.deputy": N_("Deputy chief arbiter"),
    "j.secretary": N_("Chief secretary"),
    "j.senior": N_("Senior arbiter"),
    "j.judge": N_("Arbiter"),
    "role": NP_("report", "Role"),
    "j.name": N_("Full name"),
    "category": N_("Category"),
    "p.heading": NP_("competition", "Participants"),
    "p.entered": N_("entered from round {}"),
    "p.withdrawn": N_("withdrew from round {}"),
    "birth": N_("Born"),
    "federation": N_("Federation"),
    "note": N_("Note"),
    "rounds.heading": N_("Results by round"),
    "po.heading": N_("Play-offs (Code 3.16.2)"),
    "po.not_held_text": N_("could not be held"),
    "e.heading": N_("Sanctions, forfeits and other decisions"),
    "e.round": N_("Round"),
    "e.what": N_("Decision"),
    "e.who": NP_("event", "Player"),
    "e.article": N_("Article"),
    "e.forfeit": N_("forfeit: the game lost"),
    "e.both": N_("both absent: both lost"),
    "e.everyone": N_("every player"),
    "e.bonus": N_("bonus points"),
    "e.penalty": N_("penalty points"),
    "e.revalued": N_("result {} worth"),
    "e.withdrawn": N_("withdrew"),
    "e.entered": N_("entered after round 1"),
    "e.lot": N_("drawing of lots for places"),
    "e.board": N_("board {}"),
    "e.game": N_("game"),
    "e.none": N_("none"),
    "s.remark": N_("remark"),
    "s.warning": N_("warning"),
    "s.reprimand": N_("reprimand"),
    "s.loss": N_("loss of the game"),
    "s.exclusion": NP_("competition", "exclusion from the event"),
    "rt.heading": N_("Rating"),
    "rt.games": N_("Rated games"),
    "rt.score": N_("Score"),
    "rt.expected": N_("Expected"),
    "rt.k": N_("K"),
    "rt.change": N_("Change"),
    "rt.new": N_("New rating"),
    "rt.performance": N_("Performance"),
    "rt.note": N_("Elo by FIDE B.02 (8.1.2 table, 8.3.1 rule of 400 points, 8.3.3 K); games over "
                  "the board against rated opponents, a draw ½; performance B.02 8.2"),
    "n.heading": N_("Classification norms met (Code 4.6.3)"),
    "n.source": N_("Table"),
    "n.held": N_("Held"),
    "n.award": N_("Norm met"),
    "n.games": NP_("count", "Games"),
    "n.percent": N_("Points, %"),
    "n.average": N_("Opponents' average"),
    "n.new": N_("confirmed"),
    "sheets.heading": N_("Scoresheets"),
    "sheet.title": N_("Scoresheet"),
    "sheet.event": N_("Event"),
    "sheet.date": N_("Date"),
    "sheet.game": N_("game"),
    "sheet.signatures": N_("Signatures"),
    "sheet.white_sign": N_("White"),
    "sheet.black_sign": N_("Black"),
    "sheet.judge_sign": N_("Arbiter"),
    "sign.chief": N_("Chief arbiter"),
    "sign.secretary": N_("Chief secretary"),
    "sign.signature": NP_("report", "signature"),
    "sign.name": NP_("report", "name"),
    "sign.category": N_("Judging category"),
    "sign.date": N_("Date"),
    "d.venue": N_("Venue"),
    "d.dates": N_("Dates"),
    "d.time": N_("Time control"),
    "d.organiser": N_("Organiser"),
    "d.arbiter": N_("Chief arbiter"),
    "missing.venue": NP_("venue", "not given"),
    "missing.dates": NP_("dates", "not given"),
    "missing.time": NP_("time control", "not given"),
    "missing.organiser": NP_("organiser", "not given"),
    "missing.person": NP_("person", "not given"),
    "missing.category": NP_("category", "not given"),
    "cat.all-russian": N_("sports judge of the All-Russian category"),
    "cat.1": N_("sports judge of the first category"),
    "cat.2": N_("sports judge of the second category"),
    "cat.3": N_("sports judge of the third category"),
    "cat.young": N_("young sports judge"),
    "error": N_("error"),
    "cli.description": N_("Competitions: pairings, results, standings (Code 3.7, 3.13, 3.16)."),
    "pair.help": N_("pair the next round of a TRF file"),
    "pair.system": N_("pairing system"),
    "trf.help": N_("TRF input file"),
    "output.help": N_("output file (default: standard output)"),
    "standings.help": N_("standings of a TRF file"),
    "tiebreaks.help": N_("comma-separated tie-breaks: {}"),
    "json.help": N_("print JSON"),
    "html.help": N_("write HTML"),
    "csv.help": N_("print CSV"),
    "tournament.help": N_("run an event kept in a JSON file"),
    "team.help": N_("run a team round robin kept in a JSON file"),
    "team.file": N_("team tournament JSON file"),
    "team.boards": N_("boards per match"),
    "team.tiebreaks": N_("after match points: board-points, direct, sonneborn-berger"),
    "team.add": N_("register a team: NAME PLAYER... (board order)"),
    "team.players": N_("players in board order"),
    "team.result": N_("record a match: ROUND MATCH RESULT... (one a board, from its White)"),
    "team.added": N_("team {} registered as number {}"),
    "team.recorded": N_("round {}, match {}: {}"),
    "team.match": N_("Match"),
    "team.mp": NP_("competition", "Match points"),
    "team.bp": N_("Board points"),
    "team.sb": N_("SB"),
    "po.new": N_("set up the play-off of players equal on points"),
    "po.double": N_("both colours (a match of two games a pair)"),
    "po.number": N_("play-off number"),
    "po.not_held": N_("record that the play-off cannot be held (Code 3.16.3)"),
    "po.reason": N_("why"),
    "po.pending": N_("places from {}: play-off of {} to be held"),
    "po.created": N_("play-off {}: numbers drawn {}"),
    "po.none": N_("no play-off {}"),
}


def label(key: str, lang: str | None = None) -> str:
    """The label of ``key`` (``tb.buchholz``, ``bye.H``) in ``lang`` (default: the
    command line's language); a key without a label is shown as it is."""
    msg = LABELS.get(key)
    tr = translation(lang or language())
    if msg is None:
        return key
    return tr.pgettext(*msg) if isinstance(msg, tuple) else tr.gettext(msg)


def plural(n: int, noun: str, lang: str | None = None) -> str:
    """``n`` and the noun in its form for ``n`` (``1 round``, ``2 тура``, ``5 туров``)."""
    tr = translation(lang or language())
    if noun == "rounds":
        return tr.ngettext("{n} round", "{n} rounds", n).format(n=n)
    return tr.ngettext("{n} player", "{n} players", n).format(n=n)


def category_text(category: str, lang: str | None = None) -> str:
    """A judge's category (судейская категория) in words: a key of
    :data:`~shashki.competition.model.JUDGE_CATEGORIES` (or a way of writing one, ``ВК``)
    by its label, any other text as it is.

    >>> category_text("ВК", "ru"), category_text("young", "en"), category_text("FA", "ru")
    ('спортивный судья всероссийской категории', 'young sports judge', 'FA')
    """
    from shashki.competition.model import judge_category

    key = judge_category(category)
    return label(f"cat.{key}", lang) if f"cat.{key}" in LABELS else key


_P = ParamSpec("_P")
_R = TypeVar("_R")


def in_event_language(
        f: Callable[Concatenate[Tournament, _P], _R]) -> Callable[Concatenate[Tournament, _P], _R]:
    """Make ``f(t, ...)``, a document of the event ``t`` (its report, tables, printouts),
    speak the event's language (``t.language``) whatever the machine's locale
    (:func:`shashki.i18n.use_language`); an event without one speaks the current language.

    >>> from shashki.competition.model import Tournament
    >>> @in_event_language
    ... def heading(t: Tournament) -> str:
    ...     return label("standings")
    >>> heading(Tournament(language="ru")), heading(Tournament(language="en"))
    ('Турнирная таблица', 'Standings')
    """

    def speaking(t: Tournament, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with use_language(t.language):
            return f(t, *args, **kwargs)

    functools.update_wrapper(speaking, f)
    return speaking
