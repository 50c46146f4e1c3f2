"""Events on the platform: the service layer between the pages and
:mod:`shashki.competition`.

The :class:`~shashki.competition.Tournament` stored as JSON in ``events.data`` is the source
of truth: registration, the draw of numbers, pairings (Berger, Dutch, micro-match ballots),
results and standings all go through its checked methods; nothing here decides a rule. The
row is versioned (optimistic locking): a write based on an older read is refused, so two
arbiters, or an arbiter and a page bringing in results, cannot overwrite each other.

Games of a live event are platform games (:class:`~shashki.server.play.models.Game`) linked to
their board by :class:`~shashki.server.events.models.EventGame`; when one ends its result is
written into the tournament by :func:`sync` (called whenever the event is read or changed),
so results flow back without anyone entering them. Over-the-board events have no platform
games: the arbiter enters the results.

Sanctions are the Code's «Санкции» (remark, warning, reprimand, loss of the game, exclusion);
the section has no number in the Code (it stands just before 3.7.1), so they cite it by
its title, :data:`SANCTIONS_ARTICLE`.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DBSession

from shashki import draws
from shashki.board import Board
from shashki.clock import ClockState, InvalidTimeControl, TimeControl
from shashki.color import BLACK, WHITE
from shashki.competition import CompetitionError, Pairing, Round, Tournament, parse_result, playoff
from shashki.competition.berger import draw_numbers
from shashki.competition.micromatch import start_board
from shashki.competition.model import (
    JUDGE_CATEGORIES,
    OFFICIAL_ROLES,
    TIES,
    check_date,
    judge_category,
)
from shashki.competition.pairing import pair_requested
from shashki.competition.standings import draw_lots as lot_draw
from shashki.competition.tiebreaks import TIEBREAKS
from shashki.game import Game as RulesGame
from shashki.i18n import LANGUAGES
from shashki.server.accounts.auth import Passwords, create_user, find_user
from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput, NotFound
from shashki.server.events.models import (
    EventArbiter,
    EventGame,
    EventMode,
    EventPlayer,
    EventRow,
    EventStatus,
    Sanction,
    SanctionKind,
)
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.authority import CASUAL, Officials, authorise
from shashki.server.play.store import check_fen, check_time_control, check_variant
from shashki.server.ratings import service as ratings
from shashki.svg import board_svg

log = logging.getLogger(__name__)
SANCTIONS_ARTICLE = "Code «Санкции»"
SYSTEMS = ("berger", "double-berger", "dutch")
MODES = tuple(x.value for x in EventMode)
SCORINGS = ("2-1-0", "1-0.5-0")
BALLOTS = ("fmjd-russian", "idf-150", "fmjd-brazilian")
MAX_PLAYERS = 64
MAX_ROUNDS = 30
MAX_JUDGES = 40
MAX_RATING = 3000
"""The highest rating an organiser may enter for a player."""
BYE_KINDS = ("H", "Z", "F")
"""Byes asked for before a round (FIDE C.04.3): half a point, absent (zero), a full point."""
FORFEIT_ARTICLE = "Code 3.13.1"


class EventError(InvalidInput):
    """A change the tournament refused; the message is the competition module's."""

    def __init__(self, detail: str) -> None:
        super().__init__("event", detail, code="event")


@dataclass
class EventForm:
    """What an organiser chooses when creating an event."""

    name: str
    system: str = "berger"
    micromatch: bool = False
    ballot: str = "fmjd-russian"
    mode: str = EventMode.LIVE.value
    variant: str = "russian"
    time_control: str = ""
    fen: str = ""
    """A thematic start position (FEN) for every game; empty: the usual one."""
    rounds: int = 0
    scoring: str = "2-1-0"
    tiebreaks: list[str] = field(default_factory=list)
    arbiter: str = ""
    ties: str = "tiebreaks"
    """Equal scores: ``tiebreaks`` (Code 3.16.3) or ``playoff`` first (3.16.2)."""
    playoff_places: int = 0
    """With play-offs: the places they decide (0: all)."""
    lots: bool = False
    """Players still equal after everything are placed by lot (recorded)."""
    venue: str = ""
    """Where the event is held (the standings' header)."""
    date: str = ""
    """Its first day, ``YYYY-MM-DD``; empty: the day it is created."""
    end: str = ""
    """Its last day, ``YYYY-MM-DD``; empty: not given."""
    language: str = ""
    """The language of its report, tables and printouts (``ru``, ``en``); empty: the
    organiser's."""
    organiser: str = ""
    """The organisation holding it (Code 4.6.1), as the judges' report names it."""
    first_color: str = "white"
    """A Swiss event: the colour of the top seed on board 1 in round 1 (drawn by lot, FIDE
    C.04.3 A.8; ``white`` or ``black``)."""


@dataclass
class ReportDetails:
    """What the judges' report (Code 4.6.3) says of the event besides its games, set by the
    organiser on the event page: its language, venue, dates, the organisation holding it,
    and the chief arbiter's printed name and judging category (судейская категория)."""

    language: str = ""
    venue: str = ""
    start: str = ""
    end: str = ""
    organiser: str = ""
    arbiter_name: str = ""
    arbiter_category: str = ""


# --- reading and writing the tournament ------------------------------------------------------


def tournament(ev: EventRow) -> Tournament:
    """The event's tournament, in the event's language (the ``language`` column)."""
    t = Tournament.from_json(ev.data)
    if ev.language:
        t.language = ev.language
    return t


def save(ev: EventRow, t: Tournament) -> None:
    """Write the tournament back (the row's version is checked and bumped at the flush)."""
    ev.data = t.to_json()
    ev.updated_at = time.time()


def get_event(db: DBSession, event_id: int, *, lock: bool = False) -> EventRow:
    q = select(EventRow).where(EventRow.id == event_id)
    if lock:
        q = q.with_for_update(of=EventRow)
    ev = db.scalars(q).first()
    if ev is None:
        raise NotFound("event")
    return ev


def list_events(db: DBSession, limit: int = 100) -> list[EventRow]:
    return list(db.scalars(select(EventRow).order_by(EventRow.id.desc()).limit(limit)))


def players(db: DBSession, ev: EventRow) -> dict[int, EventPlayer]:
    """Starting number → registered account."""
    rows = db.scalars(select(EventPlayer).where(EventPlayer.event_id == ev.id))
    return {p.number: p for p in rows}


def event_games(db: DBSession, ev: EventRow) -> list[EventGame]:
    return list(db.scalars(select(EventGame).where(EventGame.event_id == ev.id)
                           .order_by(EventGame.round, EventGame.board, EventGame.game_no)))


def is_event_game(db: DBSession, game_id: int) -> bool:
    return db.scalars(select(EventGame.id).where(EventGame.game_id == game_id)).first() \
        is not None


def event_of_game(db: DBSession, game_id: int) -> EventGame | None:
    return db.scalars(select(EventGame).where(EventGame.game_id == game_id)).first()


# --- who may do what ------------------------------------------------------------------------


def can_manage(user: User | None, ev: EventRow) -> bool:
    """The event's organiser, or an administrator."""
    return user is not None and (
        (user.id == ev.organiser_id and user.role_enum.at_least(Role.ORGANISER))
        or user.role_enum.at_least(Role.ADMINISTRATOR))


def arbiter_ids(ev: EventRow) -> frozenset[int]:
    """The accounts appointed to arbitrate the event (Code 4.6): its chief arbiter (the
    organiser, when he appointed none) and the other arbiters."""
    chief = ev.arbiter_id if ev.arbiter_id is not None else ev.organiser_id
    return frozenset({chief, *(a.user_id for a in ev.assistants)})


def can_arbitrate(user: User | None, ev: EventRow) -> bool:
    """An arbiter of the event (with the arbiter's role), or an administrator: who reaches
    the console. Whether he may rule on one game is :func:`authorise`'s (not his own)."""
    return user is not None and (
        (user.id in arbiter_ids(ev) and user.role_enum.at_least(Role.ARBITER))
        or user.role_enum.at_least(Role.ADMINISTRATOR))


def officials(db: DBSession, game_id: int) -> Officials:
    """The officials of a platform game: its event's arbiters; none for a casual game."""
    eg = event_of_game(db, game_id)
    if eg is None:
        return CASUAL
    ev = get_event(db, eg.event_id)
    return Officials(ev.id, arbiter_ids(ev))


def officials_lookup(database: Database) -> Callable[[int], Officials]:
    """For :attr:`Hub.officials`."""

    def lookup(game_id: int) -> Officials:
        with database.session() as db:
            return officials(db, game_id)

    return lookup


def rule_on_pairing(db: DBSession, user: User, ev: EventRow, numbers: tuple[int, ...],
                    reason: str = "") -> None:
    """:func:`authorise` for players of the event given by starting numbers (a pairing, or
    one player): the same rule as on the platform's games, for results and sanctions."""
    linked = players(db, ev)
    authorise(user.id, user.role_enum, [linked[n].user_id for n in numbers if n in linked],
              Officials(ev.id, arbiter_ids(ev)), reason)


def require_manage(user: User, ev: EventRow) -> None:
    if not can_manage(user, ev):
        raise Forbidden(code="role", role=Role.ORGANISER.value)


def require_arbiter(user: User, ev: EventRow) -> None:
    if not can_arbitrate(user, ev):
        raise Forbidden(code="role", role=Role.ARBITER.value)


def can_conduct(user: User | None, ev: EventRow) -> bool:
    """Who runs the event's rounds (pairs them) and watches its console: the organiser, its
    arbiters and administrators. Ruling on a game is the arbiters' alone."""
    return can_manage(user, ev) or can_arbitrate(user, ev)


def require_conduct(user: User, ev: EventRow) -> None:
    if not can_conduct(user, ev):
        raise Forbidden(code="role", role=Role.ARBITER.value)


# --- creation and registration ---------------------------------------------------------------


def create_event(db: DBSession, organiser: User, form: EventForm) -> EventRow:
    """A new event in registration; only organisers (and administrators) create events."""
    if not organiser.role_enum.at_least(Role.ORGANISER):
        raise Forbidden(code="role", role=Role.ORGANISER.value)
    name = " ".join(form.name.split())
    if not 3 <= len(name) <= 120:
        raise InvalidInput("name", code="event_name")
    if form.system not in SYSTEMS:
        raise InvalidInput("system", code="event_system")
    if form.mode not in MODES:
        raise InvalidInput("mode", code="event_mode")
    if form.scoring not in SCORINGS:
        raise InvalidInput("scoring", code="event_scoring")
    if form.ties not in TIES:
        raise InvalidInput("ties", code="event_ties")
    variant = check_variant(form.variant)
    tc = check_time_control(form.time_control)
    start_fen = check_fen(variant, form.fen)
    if start_fen is not None and form.micromatch:
        raise InvalidInput("fen", code="event_fen_ballot")
    if form.system == "dutch" and not 1 <= form.rounds <= MAX_ROUNDS:
        raise InvalidInput("rounds", code="event_rounds", limit=MAX_ROUNDS)
    if form.first_color not in ("white", "black"):
        raise InvalidInput("first_color", code="event_first_color")
    tbs = []
    for tb in form.tiebreaks:
        if tb not in TIEBREAKS:
            raise InvalidInput("tiebreaks", code="event_tiebreak", name=tb[:40])
        if tb not in tbs:
            tbs.append(tb)
    ballot = None
    if form.micromatch:
        if form.ballot not in BALLOTS:
            raise InvalidInput("ballot", code="event_ballot")
        from shashki.openings import variant_of

        if variant_of(form.ballot) != variant:
            raise InvalidInput("ballot", code="event_ballot")
        ballot = form.ballot
    date = _date(form.date, "date") or time.strftime("%Y-%m-%d")
    end = _date(form.end, "end")
    if end and end < date:
        raise InvalidInput("end", code="event_dates")
    language = _language(form.language or organiser.language or "")
    arbiter_id = None
    if form.arbiter.strip():
        arb = find_user(db, form.arbiter)
        if arb is None:
            raise InvalidInput("arbiter", code="no_such_user", name=form.arbiter.strip()[:40])
        if not arb.role_enum.at_least(Role.ARBITER):
            raise InvalidInput("arbiter", code="event_not_arbiter", name=arb.username)
        arbiter_id = arb.id
    try:
        t = Tournament(name=name, system=form.system, variant=variant,
                       rounds_planned=form.rounds if form.system == "dutch" else 0,
                       scoring=_scoring(form.scoring), tiebreaks=tbs,
                       games_per_pairing=2 if form.micromatch else 1, ballot=ballot,
                       seed=secrets.randbits(31),
                       arbiter=form.arbiter.strip() or organiser.username, ties=form.ties,
                       city=" ".join(form.venue.split())[:120], start=date, end=end,
                       playoff_places=max(0, form.playoff_places), lots=form.lots,
                       organiser=" ".join(form.organiser.split())[:200],
                       time_control=_trf_control(tc), language=language,
                       first_color=form.first_color)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    now = time.time()
    ev = EventRow(name=name, kind=form.system, mode=form.mode, time_control=tc,
                  start_fen=start_fen, language=language,
                  status=EventStatus.REGISTRATION.value, organiser_id=organiser.id,
                  arbiter_id=arbiter_id, data=t.to_json(), created_at=now,
                  updated_at=now)
    db.add(ev)
    db.flush()
    return ev


def _date(text: str, field_name: str) -> str:
    """A date ``YYYY-MM-DD`` of the form ("" when empty)."""
    text = text.strip()
    if text and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise InvalidInput(field_name, "YYYY-MM-DD", code="event_date")
    try:
        return check_date(text, field_name)
    except CompetitionError:
        raise InvalidInput(field_name, "YYYY-MM-DD", code="event_date") from None


def _language(lang: str) -> str:
    """The event's language: ``ru`` or ``en`` (the platform's default for another)."""
    if lang and lang not in LANGUAGES:
        raise InvalidInput("language", code="event_language")
    return lang or "ru"


def _trf_control(tc: str) -> str:
    """The platform's time control as the tournament document keeps it (TRF 222, PDN),
    for the report (Code 3.9); "" for none."""
    if not tc:
        return ""
    try:
        return TimeControl.parse(tc).to_pdn()
    except InvalidTimeControl:
        return ""


def for_report(t: Tournament, control: str) -> Tournament:
    """The event's tournament as the judges' report (Code 4.6.3) and the printed tables
    show it: the platform's clock ``control`` is its time control where the document has
    none (events created before the report gave it)."""
    if not t.time_control and control:
        t.time_control = _trf_control(control)
    return t


def set_report_details(ev: EventRow, d: ReportDetails) -> None:
    """Set what the judges' report says of the event (Code 4.6.3): its language, venue,
    dates, organising body, the chief arbiter's printed name and judging category. A field
    left empty is said to be "not given" in the report."""
    lang = _language(d.language)
    start, end = _date(d.start, "start"), _date(d.end, "end")
    if start and end and end < start:
        raise InvalidInput("end", code="event_dates")
    category = judge_category(d.arbiter_category)
    if category and category not in JUDGE_CATEGORIES:
        raise InvalidInput("arbiter_category", code="event_category")
    t = tournament(ev)
    try:
        t.set_details(language=lang, city=d.venue[:120], start=start, end=end,
                      organiser=d.organiser[:200], arbiter_category=category,
                      arbiter=d.arbiter_name[:120] or t.arbiter)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    ev.language = lang
    save(ev, t)


def add_judge(ev: EventRow, role: str, name: str, category: str) -> None:
    """Add a member of the panel of judges (Code 4.6.1) as the report lists him: a deputy
    chief arbiter, the chief secretary, a senior arbiter or an arbiter, with his name and
    judging category (судейская категория)."""
    if role not in OFFICIAL_ROLES:
        raise InvalidInput("role", code="event_judge_role")
    name = " ".join(name.split())
    if not 1 <= len(name) <= 120:
        raise InvalidInput("name", code="event_judge_name")
    key = judge_category(category)
    if key and key not in JUDGE_CATEGORIES:
        raise InvalidInput("category", code="event_category")
    t = tournament(ev)
    if len(t.officials) >= MAX_JUDGES:
        raise Conflict(code="event_judges_full", limit=MAX_JUDGES)
    t.add_official(role, name, key)
    save(ev, t)


def remove_judge(ev: EventRow, index: int) -> None:
    """Remove the ``index``-th member (from 0) of the panel the report lists after the
    chief arbiter."""
    t = tournament(ev)
    if not 0 <= index < len(t.officials):
        raise NotFound("judge")
    del t.officials[index]
    save(ev, t)


def _scoring(name: str) -> Any:
    from shashki.competition import SCORING

    return SCORING[name]


def seed_rating(db: DBSession, user_id: int, variant: str, control: str) -> int:
    """The player's platform rating in the event's variant and time class, by which a
    Swiss event seeds (its pairing numbers by rating); 0 while provisional or absent
    (docs/ratings.md)."""
    tc = ratings.time_class(control)
    shown = ratings.shown(db, [user_id], variant, tc).get(user_id)
    if shown is None or shown.provisional:
        return 0
    return round(shown.rating)


def register(db: DBSession, ev: EventRow, username: str,
             rating: int | None = None) -> EventPlayer:
    """Register an account. A round robin takes entries until round 1 is paired; a Swiss
    event also afterwards (a late entry plays from the next round).

    ``rating``: the rating the organiser enters (a federation's, for an over-the-board
    event), 0 to :data:`MAX_RATING`; a Swiss event seeds by it (its pairing numbers, FIDE
    C.04.3 A.2) instead of the platform rating (:func:`seed_rating`)."""
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise InvalidInput("rating", code="event_rating", limit=MAX_RATING)
    user = find_user(db, username)
    if user is None:
        raise InvalidInput("username", code="no_such_user", name=username.strip()[:40])
    if ev.status == EventStatus.FINISHED.value:
        raise Conflict(code="event_finished")
    t = tournament(ev)
    if t.rounds and t.system != "dutch":
        raise Conflict(code="event_started")
    linked = players(db, ev)
    if any(p.user_id == user.id for p in linked.values()):
        raise Conflict(code="event_registered", name=user.username)
    if len(t.players) >= MAX_PLAYERS:
        raise Conflict(code="event_full", limit=MAX_PLAYERS)
    try:
        p = t.add_player(user.username, rating=rating if rating is not None
                         else seed_rating(db, user.id, t.variant, ev.time_control))
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)
    row = EventPlayer(event_id=ev.id, user_id=user.id, number=p.number)
    db.add(row)
    db.flush()
    return row


def enter_player(db: DBSession, ev: EventRow, actor: User, username: str,
                 passwords: Passwords, *, create: bool = False, email: str | None = None,
                 rating: int | None = None) -> tuple[EventPlayer, str]:
    """The organiser registers a player (:func:`register`); with ``create`` he first makes
    the account of a player who has none (a club registering its members). Returns the
    entry and the new account's first password ("" when no account was made), to be shown
    once."""
    password = ""
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise InvalidInput("rating", code="event_rating", limit=MAX_RATING)
    if create and find_user(db, username) is None:
        password = secrets.token_urlsafe(9)
        user = create_user(db, passwords, username, password, email or None)
        log.info("event %s: %s made the account %s", ev.id, actor.username, user.username)
    return register(db, ev, username, rating), password


def appoint_arbiter(db: DBSession, ev: EventRow, username: str) -> None:
    """Add an arbiter of the competition beside its chief arbiter (Code 4.6): an account
    with the arbiter's role."""
    user = find_user(db, username)
    if user is None:
        raise InvalidInput("username", code="no_such_user", name=username.strip()[:40])
    if not user.role_enum.at_least(Role.ARBITER):
        raise InvalidInput("username", code="event_not_arbiter", name=user.username)
    if user.id in arbiter_ids(ev):
        return
    ev.assistants.append(EventArbiter(event_id=ev.id, user_id=user.id))
    ev.updated_at = time.time()


def dismiss_arbiter(db: DBSession, ev: EventRow, username: str) -> None:
    """Remove one of the other arbiters (the chief arbiter is set at creation)."""
    user = find_user(db, username)
    keep = [a for a in ev.assistants if user is None or a.user_id != user.id]
    if len(keep) == len(ev.assistants):
        raise NotFound("arbiter")
    ev.assistants[:] = keep
    ev.updated_at = time.time()


def request_bye(ev: EventRow, number: int, rnd: int | None, kind: str) -> int:
    """A player of a Swiss event asks in advance for a bye in a round not yet paired
    (default: the next): ``H`` half a point, ``Z`` absent (no points), ``F`` a full point
    (FIDE C.04.3: he is not paired that round; the regulations allow the kind). The
    tournament's own :meth:`~shashki.competition.Tournament.request_bye` records it, as
    ``shashki tournament bye`` does; a second request for the same round replaces the
    first. Returns the round."""
    if kind not in BYE_KINDS:
        raise InvalidInput("kind", code="event_bye_kind")
    if ev.status == EventStatus.FINISHED.value:
        raise Conflict(code="event_finished")
    t = tournament(ev)
    if t.system != "dutch":
        raise InvalidInput("player", code="event_absent")
    if number not in {p.number for p in t.players}:
        raise InvalidInput("player", code="event_no_player", number=number)
    r = t.current_round + 1 if rnd is None else rnd
    if not t.current_round < r <= planned_rounds(t):
        raise InvalidInput("round", code="event_bye_round", round=r)
    try:
        t.request_bye(number, r, kind)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)
    return r


def unregister(db: DBSession, ev: EventRow, number: int) -> None:
    """Before round 1: remove the entry. Afterwards: the player withdraws from the next
    round (a Swiss event pairs without him; his played games stand)."""
    t = tournament(ev)
    linked = players(db, ev)
    if number not in linked:
        raise NotFound("player")
    try:
        if not t.rounds:
            t.players = [p for p in t.players if p.number != number]
            db.delete(linked[number])
        else:
            leave(t, linked[number])
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)


def leave(t: Tournament, row: EventPlayer) -> None:
    """The player plays no more from the next round: a Swiss event stops pairing him; in a
    round robin the table stands and his later games are lost by forfeit (see
    :func:`pair_round`)."""
    if row.out_from is not None:
        raise Conflict(code="event_left")
    if t.system == "dutch":
        t.withdraw(row.number)
    row.out_from = t.current_round + 1


def _forfeits(t: Tournament, rnd: Round, out: set[int]) -> None:
    """Code 3.13.1, 3.13.3: games of a player who has left are lost by forfeit."""
    for p in rnd.pairings:
        if p.white not in out and p.black not in out:
            continue
        for g in range(1, t.games_per_pairing + 1):
            w, b = p.game_colors(g)
            res = "-/-" if w in out and b in out else "-/+" if w in out else "+/-"
            t.set_result(rnd.number, p.board, res, game=g)


# --- rounds and games -----------------------------------------------------------------------


def planned_rounds(t: Tournament) -> int:
    """The event's rounds (0 while fewer than two players: no "round 0 of -1")."""
    return t.planned_rounds()


def pair_round(db: DBSession, ev: EventRow, now: float,
               absent: frozenset[int] = frozenset()) -> list[int]:
    """Pair and publish the next round (numbers are drawn by lot before a round robin's
    first round, Code ch. IV); in a live event start its games. Returns the new game ids.

    ``absent``: in a Swiss event, players announced absent for the round: they are not
    paired and get a zero-point bye. The byes asked for before the round
    (:func:`request_bye`, FIDE C.04.3) are given as the command line gives them
    (:func:`~shashki.competition.pairing.pair_requested`)."""
    t = tournament(ev)
    if ev.status == EventStatus.FINISHED.value:
        raise Conflict(code="event_finished")
    if t.rounds and not t.complete(t.current_round):
        raise Conflict(code="event_round_open", round=t.current_round)
    if len(t.players) < 2:
        raise Conflict(code="event_too_few")
    if t.current_round >= planned_rounds(t):
        raise Conflict(code="event_all_paired")
    linked = players(db, ev)
    try:
        if not t.rounds and t.system != "dutch":
            mapping = draw_numbers(t)
            for old, row in list(linked.items()):
                row.number = -mapping[old]  # two steps: the numbers are unique
            db.flush()
            for row in linked.values():
                row.number = -row.number
            db.flush()
        if absent and t.system != "dutch":
            raise InvalidInput("absent", code="event_absent")
        rnd = pair_requested(t, absent=sorted(absent))
        t.add_round(rnd)
        out = {n for n, row in linked.items()
               if row.out_from is not None and row.out_from <= rnd.number}
        _forfeits(t, rnd, out)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    ev.status = EventStatus.RUNNING.value
    save(ev, t)
    if ev.mode != EventMode.LIVE.value:
        return []
    users = {p.number: p.user_id for p in players(db, ev).values()}
    return [_start_game(db, ev, t, rnd.number, p, 1, users, now) for p in rnd.pairings
            if p.results[0] is None]


def _start_game(db: DBSession, ev: EventRow, t: Tournament, rnd: int, p: Pairing,
                game_no: int, users: dict[int, int], now: float, playoff: int = 0) -> int:
    """Create the platform game of game ``game_no`` of a pairing; White's clock starts now
    (Code 3.7.3). A micro-match game starts from the balloted opening (Code 3.7.4). A
    play-off's game (``playoff`` k: ``t`` is the play-off, ``users`` by its numbers) has
    the play-off's own time control (Code 3.16.2)."""
    white, black = p.game_colors(game_no)
    fen = start_board(t, p).fen() if t.micromatch else ev.start_fen
    control = ev.time_control
    if playoff and t.time_control:
        control = str(TimeControl.from_pdn(t.time_control))
    game = store.new_game(db, t.variant, control, users[white], users[black], fen=fen,
                          started_at=now)
    db.add(EventGame(event_id=ev.id, playoff=playoff, round=rnd, board=p.board,
                     game_no=game_no, game_id=game.id))
    db.flush()
    return game.id


def tournament_result(game: m.Game) -> str | None:
    """A finished platform game's result as the tournament records it: a forfeit before the
    first move by the arbiter under Code 3.13.1 is ``+/-``; both lost is ``-/-``."""
    if game.status != m.GameStatus.FINISHED.value or game.result == "*":
        return None
    if game.result == "0-0":
        return "-/-"
    if game.termination_article == FORFEIT_ARTICLE and game.termination_ply == 0:
        return {"1-0": "+/-", "0-1": "-/+"}.get(game.result, game.result)
    return parse_result(game.result)


def sync(db: DBSession, ev: EventRow, now: float) -> list[int]:
    """Write the results of finished platform games into the tournament, start the return
    game of a micro-match whose first game ended, and close the event when its last round
    is complete. Returns the ids of games started."""
    t = tournament(ev)
    changed = False
    started: list[int] = []
    rows = event_games(db, ev)
    have = {(g.playoff, g.round, g.board, g.game_no) for g in rows}
    users = {p.number: p.user_id for p in players(db, ev).values()}
    for eg in rows:
        sub, by_number = t, users
        if eg.playoff:  # a play-off's game: its own rounds, boards and numbers
            if eg.playoff > len(t.playoffs):
                continue
            po = t.playoffs[eg.playoff - 1]
            sub = po.event
            by_number = {k: users[n] for k, n in enumerate(po.players, 1)}
        if eg.round > len(sub.rounds):
            continue
        pairing = next((p for p in sub.rounds[eg.round - 1].pairings if p.board == eg.board),
                       None)
        if pairing is None or (pairing.results[eg.game_no - 1] is not None and (
                eg.game_no == sub.games_per_pairing
                or (eg.playoff, eg.round, eg.board, eg.game_no + 1) in have)):
            continue  # recorded already, and the return game (if any) started
        game = db.get(m.Game, eg.game_id)
        if game is None:
            continue
        res = tournament_result(game)
        if res is not None and pairing.results[eg.game_no - 1] is None:
            sub.set_result(eg.round, eg.board, res, game=eg.game_no)
            changed = True
        nxt = eg.game_no + 1
        if (res is not None and nxt <= sub.games_per_pairing
                and (eg.playoff, eg.round, eg.board, nxt) not in have
                and pairing.results[nxt - 1] is None):
            started.append(_start_game(db, ev, sub, eg.round, pairing, nxt, by_number, now,
                                       eg.playoff))
            have.add((eg.playoff, eg.round, eg.board, nxt))
    if (t.rounds and t.complete() and t.current_round >= planned_rounds(t)
            and ev.status != EventStatus.FINISHED.value):
        ev.status = EventStatus.FINISHED.value
        changed = True
    if changed:
        save(ev, t)
    return started


def enter_result(db: DBSession, ev: EventRow, arbiter: User, rnd: int, board: int,
                 game_no: int, result: str, playoff: int = 0) -> None:
    """The arbiter enters (or corrects) a result of an over-the-board game, or of a game of
    a live event that is not played on the platform. A platform game's result comes from
    the game itself (Code 1.10.4: after the end of a game its result stands)."""
    try:
        res = parse_result(result) if result.strip() not in ("", "*") else None
    except CompetitionError:
        raise InvalidInput("result", code="event_result") from None
    for eg in event_games(db, ev):
        if (eg.playoff, eg.round, eg.board, eg.game_no) == (playoff, rnd, board, game_no):
            raise Conflict(code="event_platform_game", game=eg.game_id)
    t = tournament(ev)
    sub, numbers = t, {p.number: p.number for p in t.players}
    if playoff:
        if not 1 <= playoff <= len(t.playoffs):
            raise NotFound("play-off")
        sub = t.playoffs[playoff - 1].event
        numbers = dict(enumerate(t.playoffs[playoff - 1].players, 1))
    pairing = next((p for r in sub.rounds if r.number == rnd for p in r.pairings
                    if p.board == board), None)
    if pairing is not None:
        rule_on_pairing(db, arbiter, ev, (numbers.get(pairing.white, 0),
                                          numbers.get(pairing.black, 0)))
    try:
        sub.set_result(rnd, board, res, game=game_no)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    if ev.status == EventStatus.FINISHED.value and res is None:
        ev.status = EventStatus.RUNNING.value
    save(ev, t)


# --- play-offs (Code 3.16.2) ----------------------------------------------------------------


def pending_playoffs(ev: EventRow) -> list[tuple[int, list[int]]]:
    """Groups equal on points that the regulations place by a play-off not yet set up:
    (first place, starting numbers); none before the event's last result."""
    t = tournament(ev)
    if ev.status != EventStatus.FINISHED.value or t.ties != "playoff":
        return []
    return playoff.pending(t)


def create_playoff(db: DBSession, ev: EventRow, group: list[int], double: bool,
                   time_control: str, now: float) -> list[int]:
    """Set up the play-off of ``group`` (Code 3.16.2: a match or a tournament, a shorter
    control allowed) with its own numbers drawn by lot, and pair its first round; in a
    live event its games start. Returns the new game ids."""
    t = tournament(ev)
    if ev.status != EventStatus.FINISHED.value:
        raise Conflict(code="event_playoff_early")
    tc = check_time_control(time_control) if time_control.strip() else ev.time_control
    pdn_control = TimeControl.parse(tc).to_pdn() if tc else ""
    try:
        po = playoff.create_playoff(t, group, double=double, time_control=pdn_control)
        playoff.pair_playoff(po)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)
    return _start_playoff_round(db, ev, t, len(t.playoffs), now)


def pair_playoff_round(db: DBSession, ev: EventRow, k: int, now: float) -> list[int]:
    """The next round of the ``k``-th play-off, once its last one is complete."""
    t = tournament(ev)
    if not 1 <= k <= len(t.playoffs):
        raise NotFound("play-off")
    po = t.playoffs[k - 1]
    if po.event.current_round >= po.event.rounds_planned:
        raise Conflict(code="event_all_paired")
    try:
        playoff.pair_playoff(po)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)
    return _start_playoff_round(db, ev, t, k, now)


def _start_playoff_round(db: DBSession, ev: EventRow, t: Tournament, k: int,
                         now: float) -> list[int]:
    if ev.mode != EventMode.LIVE.value:
        return []
    po = t.playoffs[k - 1]
    users = {p.number: p.user_id for p in players(db, ev).values()}
    by_number = {i: users[n] for i, n in enumerate(po.players, 1)}
    rnd = po.event.rounds[-1]
    return [_start_game(db, ev, po.event, rnd.number, p, 1, by_number, now, k)
            for p in rnd.pairings if p.results[0] is None]


def playoff_not_held(ev: EventRow, group: list[int], note: str) -> None:
    """Record that the play-off of ``group`` cannot be held, and why: the criteria of
    Code 3.16.3 place the group."""
    t = tournament(ev)
    try:
        playoff.playoff_not_held(t, group, note)
    except CompetitionError as e:
        raise EventError(str(e)) from None
    save(ev, t)


def draw_lots(ev: EventRow) -> list[dict[str, Any]]:
    """Draw the lots the regulations call for (the event's ``lots``), reproducibly from
    its seed, and record them."""
    t = tournament(ev)
    if ev.status != EventStatus.FINISHED.value:
        raise Conflict(code="event_playoff_early")
    made = lot_draw(t)
    save(ev, t)
    return made


# --- sanctions ------------------------------------------------------------------------------


@dataclass
class SanctionPlan:
    """What a sanction asks of the live game and the tournament once it is recorded."""

    sanction_id: int
    decide_game: int | None = None
    """A live game the sanctioned player loses: the route asks the hub to decide it."""
    winner: str | None = None


def impose(db: DBSession, ev: EventRow, arbiter: User, number: int, kind: str,
           reason: str, now: float) -> SanctionPlan:
    """Record a sanction (Code «Санкции») with its reason and time. Loss of the game: the
    player's unfinished game of the current round is lost (a live game is decided by the
    hub, an over-the-board one gets its result here). Exclusion: that, and the player
    leaves the event from the next round."""
    if kind not in {k.value for k in SanctionKind}:
        raise InvalidInput("kind", code="sanction_kind")
    reason = " ".join(reason.split())
    if not 3 <= len(reason) <= 1000:
        raise InvalidInput("reason", code="sanction_reason")
    linked = players(db, ev)
    if number not in linked:
        raise NotFound("player")
    rule_on_pairing(db, arbiter, ev, (number,), reason)
    t = tournament(ev)
    plan = SanctionPlan(0)
    game_id: int | None = None
    if kind in (SanctionKind.LOSS.value, SanctionKind.EXCLUSION.value) and t.rounds:
        rnd = t.rounds[-1]
        for p in rnd.pairings:
            if number not in (p.white, p.black):
                continue
            rule_on_pairing(db, arbiter, ev, (p.white, p.black), reason)
            for g, res in enumerate(p.results, 1):
                if res is not None:
                    continue
                white, _black = p.game_colors(g)
                won = "black" if white == number else "white"
                eg = next((x for x in event_games(db, ev) if (x.round, x.board, x.game_no)
                           == (rnd.number, p.board, g)), None)
                if eg is not None:
                    game_id = eg.game_id
                    plan.decide_game, plan.winner = eg.game_id, won
                else:
                    t.set_result(rnd.number, p.board, "1-0" if won == "white" else "0-1",
                                 game=g)
                break
            break
    if kind == SanctionKind.EXCLUSION.value:
        try:
            leave(t, linked[number])
        except CompetitionError as e:
            raise EventError(str(e)) from None
    save(ev, t)
    row = Sanction(event_id=ev.id, user_id=linked[number].user_id, game_id=game_id,
                   kind=kind, article=SANCTIONS_ARTICLE, reason=reason, at=now,
                   arbiter_id=arbiter.id)
    db.add(row)
    db.flush()
    plan.sanction_id = row.id
    return plan


def sanctions(db: DBSession, ev: EventRow) -> list[Sanction]:
    return list(db.scalars(select(Sanction).where(Sanction.event_id == ev.id)
                           .order_by(Sanction.at.desc())))


# --- the evidence an arbiter rules on --------------------------------------------------------


@dataclass
class Evidence:
    """A threefold claim's evidence (Code 1.9.2): the claimed position and the plies of the
    record where it stood, each as a diagram; and the record's own verdict."""

    by: str
    written: str | None
    plies: list[int]
    diagrams: list[str]
    verdict: str | None
    """The record's finding (``position repeated 3 times ...``), or None: no repetition."""


def claim_evidence(game: RulesGame) -> Evidence | None:
    """The positions a pending claim rests on: every earlier occurrence in the record of
    the position on the board (after the written move, if the claimant wrote one)."""
    claim = game.claim
    if claim is None:
        return None
    b = game.board.copy()
    if claim.written is not None:
        written = b.move_text(claim.written)
        b.push(claim.written)
    else:
        written = None
    fen = b.fen()
    plies = [r.ply for r in game.readings if r.fen == fen]
    if claim.written is not None:
        plies.append(game.ply + 1)
    found = draws.threefold(draws.history(b), b.variant.geometry)
    moves = list(b.move_stack)
    replay = Board(b.variant, game.initial_fen)
    diagrams = []
    for ply in plies:
        while len(replay.move_stack) < ply:
            replay.push(moves[len(replay.move_stack)])
        last = replay.move_stack[-1] if replay.move_stack else None
        diagrams.append(board_svg(replay, size=None, lastmove=last,
                                  title=f"ply {ply}"))
    return Evidence(claim.by.name.lower(), written, plies, diagrams,
                    None if found is None else found[1])


def clock_view(game: RulesGame) -> dict[str, Any] | None:
    """Both clocks with the moves made and the moves still due at the time control."""
    clock = game.clock
    if clock is None:
        return None
    running = clock.running if clock.state is ClockState.RUNNING else None
    out: dict[str, Any] = {"running": None if running is None else running.name.lower(),
                           "state": clock.state.value}
    for color in (WHITE, BLACK):
        out[color.name.lower()] = {
            "remaining": clock.remaining(color), "moves": clock.moves[color],
            "to_control": clock.moves_to_control(color), "stage": clock.stage(color) + 1}
    return out


def arbitrated(database: Database) -> Callable[[int], bool]:
    """For :attr:`Hub.arbitrated`: a game of an event has an arbiter who rules on its
    claims (Code 1.9.2)."""

    def lookup(game_id: int) -> bool:
        with database.session() as db:
            return is_event_game(db, game_id)

    return lookup
