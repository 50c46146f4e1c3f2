"""Event pages: the list, creation (organisers), registration, pairing of rounds, results
of over-the-board games, standings and crosstable, exports (PDN, TRF, CSV, JSON) and a
printable page."""

from __future__ import annotations

import logging
import os
import re
import tempfile
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError
from starlette.datastructures import FormData

from shashki.clock import TimeControl
from shashki.competition import Tournament
from shashki.competition import export as cexport
from shashki.competition.labels import category_text
from shashki.competition.labels import label as clabel
from shashki.competition.model import JUDGE_CATEGORIES, OFFICIAL_ROLES
from shashki.competition.report import report_html, report_pdf
from shashki.competition.standings import ties_for_lots
from shashki.competition.tiebreaks import SHORT, TIEBREAKS
from shashki.competition.trf import export_trf
from shashki.i18n import LANGUAGES, translation
from shashki.server.accounts.models import Role, User
from shashki.server.accounts.visitor import Visitor, Who, accounts, check_csrf
from shashki.server.core.errors import Conflict, InvalidInput, NotFound
from shashki.server.core.web import form_str, redirect, render, run_db, services
from shashki.server.events import service as ev_service
from shashki.server.events.changes import change
from shashki.server.events.models import EventGame, EventPlayer, EventRow
from shashki.server.play import models as m
from shashki.server.play.live import hub_of
from shashki.server.play.record import game_pdn
from shashki.server.play.routes import TIME_CONTROLS

router = APIRouter()
log = logging.getLogger(__name__)

DEFAULT_TIEBREAKS = {"berger": ["sonneborn-berger", "wins", "direct"],
                     "double-berger": ["sonneborn-berger", "wins", "direct"],
                     "dutch": ["solkoff", "truncated-solkoff", "wins"]}




def number(form: FormData, name: str, default: int | None = None) -> int:
    raw = form_str(form, name, 12).strip()
    if not raw and default is not None:
        return default
    if not re.fullmatch(r"-?\d{1,6}", raw):
        raise InvalidInput(name, "a whole number")
    return int(raw)


def _whole(value: object) -> int:
    if not isinstance(value, str) or not re.fullmatch(r"\d{1,6}", value):
        raise InvalidInput("absent", "a player's number")
    return int(value)




async def form_of(request: Request, who: Visitor) -> FormData:
    form = await request.form()
    check_csrf(request, who, form)
    return form


# --- the list and creation -------------------------------------------------------------------


@router.get("/events")
async def event_list(request: Request, who: Who) -> Response:
    svc = services(request)

    def load() -> list[EventRow]:
        with svc.db.session() as db:
            return ev_service.list_events(db)

    return render(request, who, "events.html", events=await run_db(load), form={},
                  error=None, **_creation_choices(who.lang))


def tiebreak_name(key: str, lang: str) -> str:
    """A tie-break's name in the page's language."""
    return translation(lang).pgettext(*TIEBREAKS[key][1])


def _creation_choices(lang: str) -> dict[str, Any]:
    return {"systems": ev_service.SYSTEMS, "modes": ev_service.MODES, "languages": LANGUAGES,
            "scorings": ev_service.SCORINGS, "ballots": ev_service.BALLOTS,
            "tiebreak_keys": list(TIEBREAKS),
            "tiebreak_info": {k: (a, tiebreak_name(k, lang)) for k, (a, _n) in TIEBREAKS.items()},
            "time_controls": TIME_CONTROLS, "default_tiebreaks": DEFAULT_TIEBREAKS}


@router.post("/events")
async def create(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await form_of(request, who)
    user = who.require_role(Role.ORGANISER)
    system = form_str(form, "system", 20)
    tbs = [v for v in (form_str(form, f"tb{i}", 40) for i in range(1, 5)) if v]
    data = ev_service.EventForm(
        name=form_str(form, "name", 200), system=system,
        micromatch=form_str(form, "micromatch", 4) == "on", ballot=form_str(form, "ballot", 40),
        mode=form_str(form, "mode", 8), variant=form_str(form, "variant", 40) or "russian",
        time_control=form_str(form, "time_control", 80), fen=form_str(form, "fen", 500),
        rounds=number(form, "rounds", 0) if system == "dutch" else 0,
        scoring=form_str(form, "scoring", 12), tiebreaks=tbs, arbiter=form_str(form, "arbiter", 64),
        ties=form_str(form, "ties", 12) or "tiebreaks",
        playoff_places=number(form, "playoff_places", 0), lots=form_str(form, "lots", 4) == "on",
        venue=form_str(form, "venue", 200), date=form_str(form, "date", 10),
        end=form_str(form, "end", 10), language=form_str(form, "language", 2) or who.lang,
        organiser=form_str(form, "organiser", 200),
        first_color=form_str(form, "first_color", 8) or "white")

    def make() -> int:
        with svc.db.session() as db:
            owner = db.get(User, user.id)
            assert owner is not None
            return ev_service.create_event(db, owner, data).id

    try:
        event_id = await run_db(make)
    except InvalidInput as e:
        def load() -> list[EventRow]:
            with svc.db.session() as db:
                return ev_service.list_events(db)

        keep = {k: form_str(form, k, 200) for k in ("name", "system", "mode", "variant",
                                                 "time_control", "rounds", "scoring",
                                                 "arbiter", "ballot", "micromatch",
                                                 "fen", "ties", "playoff_places", "lots",
                                                 "venue", "date", "end", "language",
                                                 "organiser", "first_color")}
        keep["tiebreaks"] = tbs  # type: ignore[assignment]
        return render(request, who, "events.html", status=422, events=await run_db(load),
                      form=keep, error=who.t.error(e.code, detail=e.detail, **e.params),
                      **_creation_choices(who.lang))
    return redirect(f"/events/{event_id}")


# --- the event page ---------------------------------------------------------------------------


class EventView:
    """What the event pages show, read in one transaction (after :func:`sync`)."""

    def __init__(self, row: EventRow, t: Tournament, linked: dict[int, EventPlayer],
                 games: list[EventGame], game_rows: dict[int, m.Game]) -> None:
        self.row = row
        self.t = t
        self.linked = linked
        self.games = games
        self.game_rows = game_rows

    def game_of(self, rnd: int, board: int, game_no: int, playoff: int = 0) -> m.Game | None:
        for eg in self.games:
            if (eg.playoff, eg.round, eg.board, eg.game_no) == (playoff, rnd, board, game_no):
                return self.game_rows.get(eg.game_id)
        return None

    def out(self) -> set[int]:
        """Players who have left (withdrawn or excluded)."""
        return {n for n, p in self.linked.items() if p.out_from is not None}

    def name(self, number: int) -> str:
        return self.t.player(number).name


async def load_view(request: Request, event_id: int) -> tuple[EventView, list[int]]:
    """The event after bringing finished platform games' results into it."""
    svc = services(request)
    now = hub_of(request).now()

    def load() -> tuple[EventView, list[int]]:
        with svc.db.session() as db:
            row = ev_service.get_event(db, event_id)
            started = ev_service.sync(db, row, now)
            games = ev_service.event_games(db, row)
            ids = [g.game_id for g in games]
            rows = {g.id: g for g in db.scalars(select(m.Game).where(m.Game.id.in_(ids)))}
            return EventView(row, ev_service.tournament(row), ev_service.players(db, row),
                             games, rows), started

    try:
        view, started = await run_db(load)
    except StaleDataError:  # results were brought in by another request meanwhile
        view, started = await run_db(load)
    for game_id in started:
        await hub_of(request).get(game_id)
    return view, started


def standings_context(t: Tournament, lang: str) -> dict[str, Any]:
    rows = cexport.standings_rows(t)
    for r in rows:  # how each place was decided (Code 3.16.2-3.16.3), in the page's language
        r["decided_text"] = (tiebreak_name(r["criterion"], lang) if r["decided"] == "tiebreak"
                             else clabel(f"decided.{r['decided']}", lang))
    cross = cexport.crosstable(t)
    return {"standings": rows, "cross": cross, "final": t.finished(),
            "tiebreaks": [{"key": k, "short": SHORT[k] if lang == "en" else clabel(f"tb.{k}", lang),
                           "article": TIEBREAKS[k][0],
                           "name": tiebreak_name(k, lang)} for k in t.tiebreaks]}


def rounds_context(view: EventView, t: Tournament | None = None,
                   playoff: int = 0) -> list[dict[str, Any]]:
    """The rounds of the event, or of its ``playoff``-th play-off ``t``, newest first."""
    t = view.t if t is None else t
    out = []
    for r in reversed(t.rounds):
        boards = []
        for p in sorted(r.pairings, key=lambda p: p.board):
            games = []
            for g in range(1, t.games_per_pairing + 1):
                w, b = p.game_colors(g)
                row = view.game_of(r.number, p.board, g, playoff)
                games.append({"no": g, "white": t.player(w).name, "black": t.player(b).name,
                              "result": cexport.result_text(t, p.results[g - 1]),
                              "raw": p.results[g - 1], "game": row})
            boards.append({"board": p.board, "white": t.player(p.white).name,
                           "black": t.player(p.black).name, "white_no": p.white,
                           "black_no": p.black, "opening": p.opening, "games": games})
        byes = [{"name": t.player(b.player).name, "kind": b.kind,
                 "points": cexport.points_text(t.scoring.points(b.kind))}  # type: ignore[arg-type]
                for b in r.byes]
        out.append({"number": r.number, "boards": boards, "byes": byes,
                    "complete": t.complete(r.number)})
    return out


@router.get("/events/{event_id}")
async def event_page(event_id: int, request: Request, who: Who) -> Response:
    return await _event_page(request, who, event_id)


async def _event_page(request: Request, who: Visitor, event_id: int, status: int = 200,
                      **extra: Any) -> Response:
    view, _ = await load_view(request, event_id)
    row, t = view.row, view.t
    mine = who.user is not None and any(p.user_id == who.user.id for p in view.linked.values())
    yours = [g for g in view.game_rows.values() if who.user is not None
             and g.status == "live" and who.user.id in (g.white_id, g.black_id)]
    return render(request, who, "event.html", status=status, ev=row, tour=t, view=view,
                  manage=ev_service.can_manage(who.user, row),
                  arbitrate=ev_service.can_conduct(who.user, row), mine=mine, yours=yours,
                  planned=ev_service.planned_rounds(t), rounds=rounds_context(view),
                  players=sorted(t.players, key=lambda p: p.number),
                  linked=view.linked, out=view.out(), **standings_context(t, who.lang),
                  playoffs=playoffs_context(view),
                  pending=[{"first": first, "numbers": group,
                            "names": [t.player(n).name for n in group]}
                           for first, group in ev_service.pending_playoffs(row)],
                  lots_due=ties_for_lots(t) if row.status == "finished" and t.lots else [],
                  **_report_context(t, who.lang), **extra)


def _report_context(t: Tournament, lang: str) -> dict[str, Any]:
    """The event's report details as the page's form shows them (Code 4.6.3), the roles
    and judging categories in the page's language."""
    return {"languages": LANGUAGES,
            "judge_roles": {r: clabel(f"j.{r}", lang) for r in OFFICIAL_ROLES},
            "judge_categories": {c: category_text(c, lang) for c in JUDGE_CATEGORIES},
            "judges": [{"index": i, "role": clabel(f"j.{o.role}", lang), "name": o.name,
                        "category": category_text(o.category, lang) if o.category else ""}
                       for i, o in enumerate(t.officials)]}


def playoffs_context(view: EventView) -> list[dict[str, Any]]:
    """Each play-off (Code 3.16.2): its players, whether it was held, its rounds and table."""
    out = []
    for k, po in enumerate(view.t.playoffs, 1):
        sub = po.event
        rows = cexport.standings_rows(sub) if po.held and sub.rounds else []
        out.append({"k": k, "held": po.held, "note": po.note,
                    "players": [view.name(n) for n in po.players],
                    "time_control": str(TimeControl.from_pdn(sub.time_control))
                    if sub.time_control else "",
                    "rounds": rounds_context(view, sub, k) if po.held else [],
                    "standings": rows, "planned": sub.rounds_planned,
                    "current": sub.current_round,
                    "next": po.held and sub.current_round < sub.rounds_planned
                    and sub.complete()})
    return out


_change = change
"""The shared change of an event (:func:`.changes.change`)."""


@router.post("/events/{event_id}/players")
async def add_player(event_id: int, request: Request, who: Who) -> Response:
    """Register an account; with ``create``, the organiser makes the account of a player
    who has none (a club registering its members), shown once with its first password."""
    form = await form_of(request, who)
    name = form_str(form, "username", 64)
    created: dict[str, str] = {}

    def add(db: Any, row: Any, actor: User, _now: float) -> None:
        rating = number(form, "rating") if form_str(form, "rating", 12).strip() else None
        entry, password = ev_service.enter_player(
            db, row, actor, name, accounts(request).passwords,
            create=form_str(form, "create", 4) == "1", email=form_str(form, "email", 300),
            rating=rating)
        if password:
            created.update(name=entry.user.username, password=password)

    try:
        await _change(request, who, event_id, add)
    except (InvalidInput, Conflict) as e:  # the form again with the error beside it
        return await _event_page(
            request, who, event_id, status=e.status, register_form={"username": name},
            register_error=who.t.error(e.code, detail=e.detail, **e.params))
    if created:
        return await _event_page(request, who, event_id, created=created)
    return redirect(f"/events/{event_id}#players")


@router.post("/events/{event_id}/playoffs")
async def create_playoff(event_id: int, request: Request, who: Who) -> Response:
    """The organiser sets up a play-off for a group equal on points (Code 3.16.2): a
    tournament, or a match of both colours for two; its own time control."""
    form = await form_of(request, who)
    group = _numbers(form_str(form, "players", 400))
    double, control = form_str(form, "double", 4) == "on", form_str(form, "time_control", 80)
    await _change(request, who, event_id, lambda db, row, _u, now: ev_service.create_playoff(
        db, row, group, double, control, now))
    return redirect(f"/events/{event_id}#playoffs")


@router.post("/events/{event_id}/playoffs/not-held")
async def playoff_not_held(event_id: int, request: Request, who: Who) -> Response:
    """No play-off can be held: the criteria of Code 3.16.3 place the group."""
    form = await form_of(request, who)
    group = _numbers(form_str(form, "players", 400))
    note = form_str(form, "note", 300)
    await _change(request, who, event_id,
                  lambda _db, row, _u, _now: ev_service.playoff_not_held(row, group, note))
    return redirect(f"/events/{event_id}#playoffs")


@router.post("/events/{event_id}/playoffs/{k}/rounds")
async def pair_playoff(event_id: int, k: int, request: Request, who: Who) -> Response:
    await form_of(request, who)
    await _change(request, who, event_id, lambda db, row, _u, now:
                  ev_service.pair_playoff_round(db, row, k, now), need="conduct")
    return redirect(f"/events/{event_id}#playoff-{k}")


@router.post("/events/{event_id}/lots")
async def draw_lots(event_id: int, request: Request, who: Who) -> Response:
    """Lots for players still equal after everything, where the regulations say so."""
    await form_of(request, who)
    await _change(request, who, event_id,
                  lambda _db, row, _u, _now: ev_service.draw_lots(row) and None)
    return redirect(f"/events/{event_id}#table")


def _numbers(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()][:64]
    except ValueError:
        raise InvalidInput("players", code="event_players") from None


@router.post("/events/{event_id}/arbiters")
async def appoint_arbiter(event_id: int, request: Request, who: Who) -> Response:
    """The organiser adds an arbiter of the competition (Code 4.6)."""
    form = await form_of(request, who)
    name = form_str(form, "username", 64)
    await _change(request, who, event_id,
                  lambda db, row, _u, _now: ev_service.appoint_arbiter(db, row, name))
    return redirect(f"/events/{event_id}#arbiters")


@router.post("/events/{event_id}/arbiters/{name}/remove")
async def dismiss_arbiter(event_id: int, name: str, request: Request, who: Who) -> Response:
    await form_of(request, who)
    await _change(request, who, event_id,
                  lambda db, row, _u, _now: ev_service.dismiss_arbiter(db, row, name[:64]))
    return redirect(f"/events/{event_id}#arbiters")


@router.post("/events/{event_id}/details")
async def report_details(event_id: int, request: Request, who: Who) -> Response:
    """The organiser sets what the judges' report says of the event (Code 4.6.3): its
    language, venue, dates, organising body, the chief arbiter's name and category."""
    form = await form_of(request, who)
    details = ev_service.ReportDetails(
        language=form_str(form, "language", 2), venue=form_str(form, "venue", 200),
        start=form_str(form, "start", 10), end=form_str(form, "end", 10),
        organiser=form_str(form, "organiser", 200),
        arbiter_name=form_str(form, "arbiter_name", 120),
        arbiter_category=form_str(form, "arbiter_category", 40))
    return await _report_change(request, who, event_id, lambda _db, row, _u, _now:
                                ev_service.set_report_details(row, details))


@router.post("/events/{event_id}/judges")
async def add_judge(event_id: int, request: Request, who: Who) -> Response:
    """The organiser adds a member of the panel of judges (Code 4.6.1) as the report lists
    him: role, name, judging category."""
    form = await form_of(request, who)
    role, name = form_str(form, "role", 20), form_str(form, "name", 200)
    category = form_str(form, "category", 40)
    return await _report_change(request, who, event_id, lambda _db, row, _u, _now:
                                ev_service.add_judge(row, role, name, category))


@router.post("/events/{event_id}/judges/{index}/remove")
async def remove_judge(event_id: int, index: int, request: Request, who: Who) -> Response:
    await form_of(request, who)
    return await _report_change(request, who, event_id, lambda _db, row, _u, _now:
                                ev_service.remove_judge(row, index))


async def _report_change(request: Request, who: Visitor, event_id: int,
                         action: Any) -> Response:
    """A change of the report's details, back to the page's form; a refused one shows the
    page again with the error beside the form."""
    try:
        await _change(request, who, event_id, action)
    except (InvalidInput, Conflict) as e:
        return await _event_page(request, who, event_id, status=e.status,
                                 report_error=who.t.error(e.code, detail=e.detail, **e.params))
    return redirect(f"/events/{event_id}#report")


@router.post("/events/{event_id}/join")
async def join(event_id: int, request: Request, who: Who) -> Response:
    await form_of(request, who)
    user = who.require_user()
    await _change(request, who, event_id,
                  lambda db, row, _u, _now: ev_service.register(db, row, user.username)
                  and None, need="self")
    return redirect(f"/events/{event_id}#players")


@router.post("/events/{event_id}/players/{player}/remove")
async def remove_player(event_id: int, player: int, request: Request, who: Who) -> Response:
    await form_of(request, who)
    await _change(request, who, event_id,
                  lambda db, row, _u, _now: ev_service.unregister(db, row, player))
    return redirect(f"/events/{event_id}#players")


@router.post("/events/{event_id}/withdrawals")
async def withdraw_player(event_id: int, request: Request, who: Who) -> Response:
    """A player leaves the event from the next round (the organiser)."""
    form = await form_of(request, who)
    player = number(form, "player")
    await _change(request, who, event_id,
                  lambda db, row, _u, _now: ev_service.unregister(db, row, player))
    return redirect(f"/events/{event_id}#players")


@router.post("/events/{event_id}/byes")
async def request_bye(event_id: int, request: Request, who: Who) -> Response:
    """The organiser records a player's bye asked for before a round of a Swiss event
    (FIDE C.04.3): half a point, absent or a full point; refused, the page again with the
    error beside the form."""
    form = await form_of(request, who)
    try:
        player, rnd = number(form, "player"), number(form, "round", 0) or None
        kind = form_str(form, "kind", 2)
        await _change(request, who, event_id, lambda _db, row, _u, _now:
                      ev_service.request_bye(row, player, rnd, kind) and None)
    except (InvalidInput, Conflict) as e:
        return await _event_page(request, who, event_id, status=e.status,
                                 bye_error=who.t.error(e.code, detail=e.detail, **e.params))
    return redirect(f"/events/{event_id}#byes")


@router.post("/events/{event_id}/rounds")
async def pair(event_id: int, request: Request, who: Who) -> Response:
    """Pair and publish the next round (the organiser or the event's arbiter)."""
    form = await form_of(request, who)
    absent = frozenset(_whole(v) for v in form.getlist("absent")[:ev_service.MAX_PLAYERS])
    await _change(request, who, event_id,
                  lambda db, row, _u, now: ev_service.pair_round(db, row, now, absent),
                  need="conduct")
    return redirect(f"/events/{event_id}#rounds")


@router.post("/events/{event_id}/results")
async def enter_result(event_id: int, request: Request, who: Who) -> Response:
    """The arbiter enters the result of an over-the-board game."""
    form = await form_of(request, who)
    rnd, board = number(form, "round"), number(form, "board")
    game_no, result = number(form, "game", 1), form_str(form, "result", 12)
    k = number(form, "playoff", 0)
    await _change(request, who, event_id,
                  lambda db, row, actor, _now: ev_service.enter_result(
                      db, row, actor, rnd, board, game_no, result, k), need="arbiter")
    back = form_str(form, "back", 20)
    return redirect(f"/events/{event_id}/arbiter" if back == "arbiter"
                    else f"/events/{event_id}#round-{rnd}")


@router.get("/events/{event_id}/state")
async def event_state(event_id: int, request: Request) -> Response:
    """The event's version (bumped at every change, results flowing in included), polled
    by the event page to keep the standings live."""
    view, _ = await load_view(request, event_id)
    return JSONResponse({"event": event_id, "version": view.row.version,
                         "status": view.row.status, "round": view.t.current_round})


# --- exports -------------------------------------------------------------------------------------


def _download(body: str, media: str, name: str) -> Response:
    return PlainTextResponse(body, media_type=f"{media}; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/events/{event_id}/pdn")
async def event_pdn(event_id: int, request: Request) -> Response:
    """Every game of the event: the platform games' full records, and the results of the
    others (with the micro-match openings), as PDN."""
    view, _ = await load_view(request, event_id)
    return _download(await _games_pdn(request, view), "application/x-pdn",
                     f"event-{event_id}.pdn")


async def _games_pdn(request: Request, view: EventView) -> str:
    """The event's games as PDN: the platform games' records (with the event's name and
    round), or, in an event without platform games, the results as the model writes them."""
    t = view.t
    parts: list[str] = []
    for r in t.rounds:
        for p in sorted(r.pairings, key=lambda p: p.board):
            for g in range(1, t.games_per_pairing + 1):
                row = view.game_of(r.number, p.board, g)
                if row is None:
                    continue
                lg = await hub_of(request).get(row.id)
                async with lg.lock:
                    pdn = game_pdn(lg)
                rnd = f"{r.number}.{g}" if t.micromatch else str(r.number)
                pdn = re.sub(r'^\[Event "[^"\n]*"\]', lambda _m: f'[Event "{_esc(t.name)}"]',
                             pdn, count=1, flags=re.M)
                pdn = re.sub(r'^\[Round "[^"\n]*"\]', f'[Round "{rnd}"]', pdn, count=1,
                             flags=re.M)
                parts.append(pdn.strip() + "\n")
    if not view.games and t.rounds:
        parts.append(cexport.to_pdn(t))
    return "\n".join(parts)


@router.get("/events/{event_id}/report.html")
async def report_page(event_id: int, request: Request) -> Response:
    """The judges' report (Code 4.6.3): regulations, judges, participants, the final table
    and how each place was decided, rounds, play-offs, sanctions and forfeits with their
    articles, and the scoresheets of the platform's games."""
    view, _ = await load_view(request, event_id)
    html = report_html(ev_service.for_report(view.t, view.row.time_control),
                       await _games_pdn(request, view) or None)
    return Response(html, media_type="text/html; charset=utf-8")


@router.get("/events/{event_id}/report.pdf")
async def report_document(event_id: int, request: Request) -> Response:
    """The judges' report as one PDF (WeasyPrint, in a worker thread)."""
    view, _ = await load_view(request, event_id)
    pdn = await _games_pdn(request, view) or None

    def render_pdf() -> bytes:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "report.pdf")
            report_pdf(ev_service.for_report(view.t, view.row.time_control), path, pdn)
            with open(path, "rb") as f:
                return f.read()

    body = await run_db(render_pdf)
    return Response(body, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="event-{event_id}-report.pdf"'})


def _esc(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


@router.get("/events/{event_id}/trf")
async def event_trf(event_id: int, request: Request) -> Response:
    view, _ = await load_view(request, event_id)
    return _download(export_trf(view.t, rounds_planned=ev_service.planned_rounds(view.t)),
                     "text/plain", f"event-{event_id}.trf")


@router.get("/events/{event_id}/standings.csv")
async def event_csv(event_id: int, request: Request) -> Response:
    view, _ = await load_view(request, event_id)
    return _download(cexport.to_csv(view.t), "text/csv", f"event-{event_id}.csv")


@router.get("/events/{event_id}/standings.json")
async def event_json(event_id: int, request: Request) -> Response:
    view, _ = await load_view(request, event_id)
    return Response(cexport.to_json(view.t), media_type="application/json")


@router.get("/events/{event_id}/tournament.json")
async def event_document(event_id: int, request: Request) -> Response:
    """The tournament document itself (the source of truth), for shashki's command line."""
    view, _ = await load_view(request, event_id)
    return _download(view.t.to_json(), "application/json", f"event-{event_id}.json")


@router.get("/events/{event_id}/standings.pdf")
async def event_pdf(event_id: int, request: Request) -> Response:
    """The competition module's printable A4 page (standings, crosstable, rounds) as PDF,
    printed by WeasyPrint in a worker thread; its labels are in the event's language."""
    view, _ = await load_view(request, event_id)

    def render_pdf() -> bytes:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "event.pdf")
            cexport.to_pdf(ev_service.for_report(view.t, view.row.time_control), path)
            with open(path, "rb") as f:
                return f.read()

    body = await run_db(render_pdf)
    return Response(body, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="event-{event_id}.pdf"'})


@router.get("/events/{event_id}/print")
async def printable(event_id: int, request: Request, who: Who) -> Response:
    """A printable page: standings, crosstable and every round's pairings and results."""
    view, _ = await load_view(request, event_id)
    if view.row is None:
        raise NotFound("event")
    return render(request, who, "event_print.html", ev=view.row, tour=view.t,
                  rounds=list(reversed(rounds_context(view))), out=view.out(),
                  **standings_context(view.t, who.lang))
