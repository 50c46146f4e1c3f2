"""Events' JSON API (``/api/events``): an organiser runs an event from a program — creates
it, registers the players with the ratings he enters, records the byes asked for before a
round, pairs and publishes the rounds, enters the results of over-the-board games — and
anyone reads the event, a round's pairings and the standings.

The same service functions and role rules as the pages (:mod:`.routes`): the organiser (or
an administrator) manages the event, its arbiters enter results, either pairs. Requests
authenticate as the rest of the API (:mod:`shashki.server.play.api`): an API token
(``Authorization: Bearer shk_...``) or the session cookie with ``X-CSRF-Token``. Errors
are the API's JSON shape, ``field`` naming the refused input."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session as DBSession

from shashki.competition import Round, Tournament
from shashki.competition import export as cexport
from shashki.server.accounts.models import Role, User
from shashki.server.accounts.tokens import ApiVisitor, ApiWho, check_api_csrf
from shashki.server.accounts.visitor import accounts
from shashki.server.core.api import ERRORS, Id
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.core.web import run_db, services
from shashki.server.events import service as ev_service
from shashki.server.events.changes import change
from shashki.server.events.models import EventRow
from shashki.server.events.routes import DEFAULT_TIEBREAKS, EventView, load_view

router = APIRouter(prefix="/api", responses=ERRORS, tags=["events"])

RoundNo = Annotated[int, Path(ge=1, le=ev_service.MAX_ROUNDS, description="a round's number")]


class EventIn(BaseModel):
    """A new event, as the organiser's form on ``/events`` has it."""

    name: str = Field(max_length=200)
    system: str = Field("dutch", max_length=20,
                        description="dutch (a Swiss, FIDE C.04.3; also `swiss`), berger, "
                                    "double-berger")
    rounds: int = Field(0, ge=0, le=ev_service.MAX_ROUNDS, description="a Swiss's rounds")
    scoring: str = Field("2-1-0", max_length=12, description="2-1-0 or 1-0.5-0")
    variant: str = Field("russian", max_length=40)
    time_control: str = Field("", max_length=80)
    mode: str = Field("live", max_length=8,
                      description="live (games on the platform) or otb (over the board: "
                                  "the arbiter enters the results)")
    first_color: str = Field("white", max_length=8,
                             description="a Swiss: the top seed's colour on board 1 in "
                                         "round 1 (white or black)")
    tiebreaks: list[str] | None = Field(None, max_length=8,
                                        description="tie-breaks in order (default: the "
                                                    "system's)")
    arbiter: str = Field("", max_length=64, description="the chief arbiter's account")
    micromatch: bool = False
    ballot: str = Field("fmjd-russian", max_length=40)
    fen: str = Field("", max_length=500, description="a thematic start position")
    ties: str = Field("tiebreaks", max_length=12)
    playoff_places: int = Field(0, ge=0, le=1000)
    lots: bool = False
    venue: str = Field("", max_length=200)
    date: str = Field("", max_length=10, description="its first day, YYYY-MM-DD")
    end: str = Field("", max_length=10, description="its last day, YYYY-MM-DD")
    language: str = Field("", max_length=2, description="ru or en (default: yours)")
    organiser: str = Field("", max_length=200, description="the organising body")


class PlayerIn(BaseModel):
    username: str = Field(max_length=64)
    rating: int | None = Field(None, ge=0, le=ev_service.MAX_RATING,
                               description="the rating the organiser enters (a Swiss seeds "
                                           "by it); none: the platform rating")
    create: bool = Field(False, description="make the account if the player has none; "
                                            "its first password is answered once")
    email: str | None = Field(None, max_length=300)


class ByeIn(BaseModel):
    player: int = Field(ge=1, le=10_000, description="the player's number")
    round: int | None = Field(None, ge=1, le=ev_service.MAX_ROUNDS,
                              description="a round not yet paired (default: the next)")
    kind: str = Field("H", max_length=2,
                      description="H half a point, Z absent (no points), F a full point")


class PairIn(BaseModel):
    absent: list[int] = Field(default_factory=list, max_length=ev_service.MAX_PLAYERS,
                              description="more players absent this round (zero-point bye)")


class ResultIn(BaseModel):
    round: int = Field(ge=1, le=ev_service.MAX_ROUNDS)
    board: int = Field(ge=1, le=10_000)
    result: str = Field(max_length=12,
                        description="2-0, 1-1, 0-2, +- or -+ (forfeits), 0-0 (both "
                                    "forfeited, Code 3.13.3); 1-0, 1/2-1/2, 0-1 too; "
                                    "empty or * clears it")
    game: int = Field(1, ge=1, le=2, description="a micro-match's game")
    playoff: int = Field(0, ge=0, le=100, description="k: a game of the k-th play-off")


# --- what the answers hold ----------------------------------------------------------------


def round_json(t: Tournament, rnd: Round) -> dict[str, Any]:
    """A round: its boards (White, Black, results) and its byes with their points."""
    return {
        "round": rnd.number, "complete": t.complete(rnd.number),
        "pairings": [{"board": p.board, "white": p.white, "black": p.black,
                      "white_name": t.player(p.white).name,
                      "black_name": t.player(p.black).name, "results": list(p.results),
                      "result": cexport.pairing_result_text(t, p)}
                     for p in sorted(rnd.pairings, key=lambda p: p.board)],
        "byes": [{"player": b.player, "name": t.player(b.player).name, "kind": b.kind,
                  "points": cexport.bye_points(t, b.kind)} for b in rnd.byes],
        "bye": next((b.player for b in rnd.byes if b.kind == "PAB"), None),
        "text": cexport.pairings_text(rnd, round_robin=t.system != "dutch")}


def event_json(view: EventView) -> dict[str, Any]:
    """The event: its settings, players with numbers and ratings, the byes asked for, and
    its rounds with pairings and results."""
    row, t = view.row, view.t
    return {
        "id": row.id, "name": row.name, "system": t.system, "mode": row.mode,
        "variant": t.variant, "time_control": row.time_control, "status": row.status,
        "scoring": t.scoring.name, "tiebreaks": list(t.tiebreaks),
        "first_color": t.first_color, "rounds_planned": ev_service.planned_rounds(t),
        "current_round": t.current_round, "organiser": row.organiser.username,
        "arbiter": (row.arbiter or row.organiser).username, "version": row.version,
        "players": [{"number": p.number, "name": p.name, "rating": p.rating,
                     "username": view.linked[p.number].user.username
                     if p.number in view.linked else None,
                     "withdrawn": p.withdrawn,
                     "out_from": view.linked[p.number].out_from
                     if p.number in view.linked else None}
                    for p in sorted(t.players, key=lambda p: p.number)],
        "byes_requested": [{"round": r, "player": b.player, "kind": b.kind}
                           for r, lst in sorted(t.byes_requested.items()) for b in lst],
        "rounds": [round_json(t, r) for r in t.rounds]}


def _acting(request: Request, who: ApiVisitor) -> User:
    """The logged-in caller of a change (401 otherwise), past the CSRF check of a cookie
    request."""
    user = who.require_user()
    check_api_csrf(request, who)
    return user


# --- the routes ---------------------------------------------------------------------------


@router.post("/events", status_code=201)
async def create_event(body: EventIn, request: Request, who: ApiWho) -> dict[str, Any]:
    """A new event (organisers): in registration, its players to come."""
    _acting(request, who)
    user = who.require_role(Role.ORGANISER)
    system = "dutch" if body.system == "swiss" else body.system
    data = ev_service.EventForm(
        name=body.name, system=system, micromatch=body.micromatch, ballot=body.ballot,
        mode=body.mode, variant=body.variant or "russian", time_control=body.time_control,
        fen=body.fen, rounds=body.rounds if system == "dutch" else 0, scoring=body.scoring,
        tiebreaks=list(body.tiebreaks if body.tiebreaks is not None
                       else DEFAULT_TIEBREAKS.get(system, [])),
        arbiter=body.arbiter, ties=body.ties, playoff_places=body.playoff_places,
        lots=body.lots, venue=body.venue, date=body.date, end=body.end,
        language=body.language or who.lang, organiser=body.organiser,
        first_color=body.first_color)
    svc = services(request)

    def make() -> int:
        with svc.db.session() as db:
            owner = db.get(User, user.id)
            assert owner is not None
            return ev_service.create_event(db, owner, data).id

    event_id = await run_db(make)
    view, _ = await load_view(request, event_id)
    return event_json(view)


@router.get("/events/{event_id}")
async def get_event(event_id: Id, request: Request) -> dict[str, Any]:
    """The event: players with numbers and ratings, byes asked for, rounds with pairings and
    results."""
    view, _ = await load_view(request, event_id)
    return event_json(view)


@router.post("/events/{event_id}/players", status_code=201)
async def add_player(event_id: Id, body: PlayerIn, request: Request,
                     who: ApiWho) -> dict[str, Any]:
    """The organiser registers an account, with the rating he enters; ``create`` makes the
    account of a player who has none (its first password is in the answer, once)."""
    _acting(request, who)
    out: dict[str, Any] = {}

    def add(db: DBSession, row: EventRow, actor: User, _now: float) -> None:
        entry, password = ev_service.enter_player(
            db, row, actor, body.username, accounts(request).passwords, create=body.create,
            email=body.email, rating=body.rating)
        out.update(number=entry.number, username=entry.user.username)
        if password:
            out["password"] = password

    await change(request, who, event_id, add)
    view, _ = await load_view(request, event_id)
    p = view.t.player(out["number"])
    return {**out, "name": p.name, "rating": p.rating}


@router.post("/events/{event_id}/byes", status_code=201)
async def request_bye(event_id: Id, body: ByeIn, request: Request,
                      who: ApiWho) -> dict[str, Any]:
    """The organiser records a bye a player of a Swiss event asked for before a round
    (FIDE C.04.3): H half a point, Z absent, F a full point; he is not paired that round."""
    _acting(request, who)
    got: dict[str, int] = {}

    def ask(_db: DBSession, row: EventRow, _actor: User, _now: float) -> None:
        got["round"] = ev_service.request_bye(row, body.player, body.round, body.kind)

    await change(request, who, event_id, ask)
    view, _ = await load_view(request, event_id)
    return {"player": body.player, "round": got["round"], "kind": body.kind,
            "byes_requested": [{"player": b.player, "kind": b.kind}
                               for b in view.t.byes_requested.get(got["round"], [])]}


@router.post("/events/{event_id}/rounds", status_code=201)
async def pair_round(event_id: Id, request: Request, who: ApiWho,
                     body: PairIn | None = None) -> dict[str, Any]:
    """Pair and publish the next round (the organiser or an arbiter of the event), with the
    byes asked for before it; in a live event its games start."""
    _acting(request, who)
    absent = frozenset((body or PairIn()).absent)
    if any(n < 1 for n in absent):
        raise InvalidInput("absent", "a player's number")
    await change(request, who, event_id, lambda db, row, _u, now:
                 ev_service.pair_round(db, row, now, absent), need="conduct")
    view, _ = await load_view(request, event_id)
    return round_json(view.t, view.t.rounds[-1])


@router.get("/events/{event_id}/rounds/{rnd}/pairings")
async def pairings(event_id: Id, rnd: RoundNo, request: Request) -> dict[str, Any]:
    """A round's pairings by board (White, Black, results) and its byes; ``text`` is
    bbpPairings' format (the number of pairs, then ``WHITE BLACK`` lines, ``N 0`` for the
    pairing-allocated bye), as ``shashki tournament export pairings`` writes it."""
    view, _ = await load_view(request, event_id)
    if rnd > view.t.current_round:
        raise NotFound("round")
    return round_json(view.t, view.t.rounds[rnd - 1])


@router.post("/events/{event_id}/results")
async def enter_result(event_id: Id, body: ResultIn, request: Request,
                       who: ApiWho) -> dict[str, Any]:
    """An arbiter of the event enters (or corrects) the result of an over-the-board game."""
    _acting(request, who)
    await change(request, who, event_id, lambda db, row, actor, _now: ev_service.enter_result(
        db, row, actor, body.round, body.board, body.game, body.result, body.playoff),
        need="arbiter")
    view, _ = await load_view(request, event_id)
    t = view.t
    if body.playoff:
        t = t.playoffs[body.playoff - 1].event
    return round_json(t, t.rounds[body.round - 1])


@router.get("/events/{event_id}/standings")
async def standings(event_id: Id, request: Request) -> dict[str, Any]:
    """The standings (places, points, tie-breaks, how each place was decided) and the
    crosstable, as the event's ``standings.json`` export."""
    view, _ = await load_view(request, event_id)
    doc: dict[str, Any] = json.loads(cexport.to_json(view.t))
    doc["final"] = view.t.finished()
    doc["status"] = view.row.status
    return doc
