"""The arbiter's console of an event: every game of the current round at a glance (status,
clocks, the moves made and due at the time control), claims to rule on with their evidence
(Code 1.9.2), time adjustments, decisions that end a game with their article, results of
over-the-board games, and sanctions (Code «Санкции»).

Only the event's arbiter, its organiser and administrators reach it; every action is a
POST with the CSRF token, and every game action goes through the live hub, so it is stored,
replayed after a restart and shown to the players at once."""

from __future__ import annotations

import contextlib
import datetime as dt
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.orm.exc import StaleDataError

from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor, Who
from shashki.server.core.errors import Conflict, GameRuleError, InvalidInput, NotFound
from shashki.server.core.web import form_str, redirect, render, run_db, services
from shashki.server.events import service as ev_service
from shashki.server.events.models import Sanction, SanctionKind
from shashki.server.events.routes import (
    EventView,
    form_of,
    load_view,
    number,
    rounds_context,
)
from shashki.server.play import models as m
from shashki.server.play.live import Actor, LiveGame, hub_of

router = APIRouter()

DECISIONS = {
    # value: (winner, article)
    "forfeit-white": ("white", "Code 3.13.1"),
    "forfeit-black": ("black", "Code 3.13.1"),
    "white": ("white", "Code 1.8.1"),
    "black": ("black", "Code 1.8.1"),
    "draw": ("draw", "Code 1.9.1.2"),
    "both-absent": ("both", "Code 3.13.3"),
    "both-no-record": ("both", "Code 3.10.4"),
    "both-sanction": ("both", ev_service.SANCTIONS_ARTICLE),
}
"""Both lose (``both``): neither player appeared (Code 3.13.3), the record of a mutual
time trouble cannot be restored (Code 3.10.4), or a sanction that "puts the loss on both
players" (Code «Санкции»)."""
ADJUSTMENTS = ("Code 3.7.3", "Excerpts item 11", "Excerpts item 12")
"""Grounds for changing a clock: a late player (the elapsed time is split, Code 3.7.3);
time spent checking the move count goes to the player at fault (item 11); time the arbiter
spent checking elsewhere does not count (item 12)."""

"""What the console's "decide" form offers: a forfeit for lateness (Code 3.13.1, the
winner is named), a win (Code 1.8.1) or a draw as no side can win (Code 1.9.1.2)."""


async def _console_view(request: Request, who: Visitor, event_id: int) -> EventView:
    view, _ = await load_view(request, event_id)
    user = who.require_user()
    ev_service.require_conduct(user, view.row)
    return view


async def game_cards(request: Request, view: EventView) -> list[dict[str, Any]]:
    """The live state of every platform game of the current round (and of unfinished games
    of earlier rounds)."""
    t = view.t
    cards: list[dict[str, Any]] = []
    for eg in view.games:
        row = view.game_rows.get(eg.game_id)
        sub = t.playoffs[eg.playoff - 1].event if 0 < eg.playoff <= len(t.playoffs) else t
        if row is None or (eg.round != sub.current_round and row.status != "live"):
            continue
        lg = await hub_of(request).get(eg.game_id)
        async with lg.lock:
            cards.append({**card(lg, eg.round, eg.board, eg.game_no), "playoff": eg.playoff})
    return cards


def card(lg: LiveGame, rnd: int, board: int, game_no: int) -> dict[str, Any]:
    g = lg.game
    t = g.termination
    ev = ev_service.claim_evidence(g)
    return {
        "id": lg.id, "round": rnd, "board": board, "game_no": game_no,
        "white": lg.white_name, "black": lg.black_name, "ply": g.ply,
        "turn": g.board.turn.name.lower(), "status": "finished" if t else "live",
        "result": g.result, "termination": None if t is None else {
            "kind": t.kind.value, "article": t.article, "detail": t.detail},
        "clock": ev_service.clock_view(g),
        "offer": None if g.offer is None else g.offer.by.name.lower(),
        "claim": None if ev is None else {
            "by": ev.by, "written": ev.written, "plies": ev.plies, "verdict": ev.verdict,
            "diagrams": ev.diagrams},
        "last": g.board.move_text(g.board.move_stack[-1]) if g.board.move_stack else "",
        "svg": lg.svg(False),
    }


def when(at: float) -> str:
    """A recorded time as shown in the console (UTC)."""
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


@router.get("/events/{event_id}/arbiter")
async def console(event_id: int, request: Request, who: Who) -> Response:
    view = await _console_view(request, event_id=event_id, who=who)
    svc = services(request)

    def load() -> list[Any]:
        with svc.db.session() as db:
            return ev_service.sanctions(db, ev_service.get_event(db, event_id))

    cards = await game_cards(request, view)
    rounds = rounds_context(view)
    entries = [{"k": 0, "title": "", "round": rounds[0]}] if rounds else []
    for k, po in enumerate(view.t.playoffs, 1):  # the play-offs' rounds (Code 3.16.2)
        if po.held and po.event.rounds:
            entries.append({"k": k, "title": ", ".join(view.name(n) for n in po.players),
                            "round": rounds_context(view, po.event, k)[0]})
    return render(request, who, "arbiter.html", ev=view.row, tour=view.t, cards=cards,
                  entries=entries, sanctions=await run_db(load),
                  players=sorted(view.t.players, key=lambda p: p.number),
                  decisions=DECISIONS, kinds=[k.value for k in SanctionKind],
                  sanctions_article=ev_service.SANCTIONS_ARTICLE,
                  when=when, can_pair=(
                      view.row.status != "finished" and len(view.t.players) >= 2
                      and view.t.current_round < ev_service.planned_rounds(view.t)
                      and (not view.t.rounds or view.t.complete(view.t.current_round))),
                  page_data={"event": event_id, "lang": who.lang})


@router.get("/events/{event_id}/arbiter/state")
async def console_state(event_id: int, request: Request, who: Who) -> Response:
    """The console's games as JSON, polled by the page to keep clocks and claims current."""
    view = await _console_view(request, event_id=event_id, who=who)
    cards = await game_cards(request, view)
    for c in cards:
        c.pop("svg", None)
        if c["claim"]:
            c["claim"].pop("diagrams", None)
    return JSONResponse({"event": event_id, "round": view.t.current_round,
                         "status": view.row.status, "games": cards})


async def _game_action(request: Request, who: Visitor, event_id: int, game_id: int,
                       kind: str, **kw: Any) -> None:
    svc = services(request)
    user = who.require_user()

    def check() -> None:
        with svc.db.session() as db:
            row = ev_service.get_event(db, event_id)
            actor = db.get(User, user.id)
            assert actor is not None
            ev_service.require_arbiter(actor, row)
            eg = ev_service.event_of_game(db, game_id)
            if eg is None or eg.event_id != event_id:
                raise NotFound("game")

    await run_db(check)
    await hub_of(request).act(game_id, Actor.of(who.require_user()), kind, **kw)


@router.post("/events/{event_id}/arbiter/games/{game_id}/rule")
async def rule(event_id: int, game_id: int, request: Request, who: Who) -> Response:
    """Rule on the pending threefold claim from the record (Code 1.9.2): upheld, the game is
    drawn (Code 1.9.1.7); rejected, the written move is played and the game goes on."""
    await form_of(request, who)
    await _game_action(request, who, event_id, game_id, "rule")
    return redirect(f"/events/{event_id}/arbiter#game-{game_id}")


@router.post("/events/{event_id}/arbiter/games/{game_id}/adjust")
async def adjust(event_id: int, game_id: int, request: Request, who: Who) -> Response:
    form = await form_of(request, who)
    color = form_str(form, "color", 8)
    if color not in ("white", "black"):
        raise InvalidInput("color", code="color")
    seconds = number(form, "seconds")
    basis = form_str(form, "basis", 40)
    if basis not in ADJUSTMENTS:
        raise InvalidInput("basis", code="event_decision")
    reason = form_str(form, "reason", 300).strip()
    await _game_action(request, who, event_id, game_id, "adjust", text=str(seconds),
                       color=color, article=basis, detail=reason)
    return redirect(f"/events/{event_id}/arbiter#game-{game_id}")


@router.post("/events/{event_id}/arbiter/games/{game_id}/decide")
async def decide(event_id: int, game_id: int, request: Request, who: Who) -> Response:
    form = await form_of(request, who)
    choice = form_str(form, "decision", 20)
    if choice not in DECISIONS:
        raise InvalidInput("decision", code="event_decision")
    winner, article = DECISIONS[choice]
    given = " ".join(form_str(form, "reason", 300).split())
    if choice == "both-sanction" and len(given) < 3:
        raise InvalidInput("reason", code="sanction_reason")  # a sanction says why
    reason = given or choice
    if winner == "both":
        await _game_action(request, who, event_id, game_id, "both_lose", article=article,
                           detail=reason)
        if choice == "both-sanction":
            await run_db(_both_sanctioned, request, who, event_id, game_id, reason)
    else:
        await _game_action(request, who, event_id, game_id, "decide", color=winner,
                           article=article, detail=reason)
    return redirect(f"/events/{event_id}/arbiter#game-{game_id}")


def _both_sanctioned(request: Request, who: Visitor, event_id: int, game_id: int,
                     reason: str) -> None:
    """Record the loss of the game put on both players as a sanction of each (Code
    «Санкции»: "возможен случай, когда поражение ставится обоим участникам")."""
    svc = services(request)
    user = who.require_user()
    with svc.db.session() as db:
        game = db.get(m.Game, game_id)
        assert game is not None
        for player in (game.white_id, game.black_id):
            db.add(Sanction(event_id=event_id, user_id=player, game_id=game_id,
                            kind=SanctionKind.LOSS.value,
                            article=ev_service.SANCTIONS_ARTICLE,
                            reason=" ".join(reason.split()), at=hub_of(request).now(),
                            arbiter_id=user.id))


@router.post("/events/{event_id}/arbiter/sanctions")
async def sanction(event_id: int, request: Request, who: Who) -> Response:
    """Record a sanction; a loss of the game ends the player's live game by the arbiter's
    decision under the sanctions' article, and the result flows into the event."""
    svc = services(request)
    form = await form_of(request, who)
    user = who.require_user()
    player, kind, reason = number(form, "player"), form_str(form, "kind", 16), form_str(
        form, "reason", 1000)
    now = hub_of(request).now()

    def record() -> ev_service.SanctionPlan:
        with svc.db.session() as db:
            row = ev_service.get_event(db, event_id, lock=True)
            actor = db.get(User, user.id)
            assert actor is not None
            ev_service.require_arbiter(actor, row)
            return ev_service.impose(db, row, actor, player, kind, reason, now)

    try:
        plan = await run_db(record)
    except StaleDataError:
        raise Conflict(code="event_changed") from None
    if plan.decide_game is not None:
        lg = await hub_of(request).get(plan.decide_game)
        if not lg.is_over:
            with contextlib.suppress(GameRuleError):  # it ended meanwhile: that result stands
                await hub_of(request).act(plan.decide_game, Actor.of(who.require_user()),
                                          "decide", color=plan.winner,
                                          article=ev_service.SANCTIONS_ARTICLE[:40],
                                          detail=f"{kind}: {' '.join(reason.split())}")
    return redirect(f"/events/{event_id}/arbiter#sanctions")
