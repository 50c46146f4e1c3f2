"""The pages of live play: a challenge, the game page and its PDN (the lobby and the players'
pages are the lobby feature's, :mod:`shashki.server.lobby.routes`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from shashki.board import Board
from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.errors import Forbidden, GameRuleError, NotFound
from shashki.server.core.web import redirect, render, run_db, services
from shashki.server.core.words import position_words
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import hub_of
from shashki.server.play.record import game_pdn
from shashki.svg import board_svg

router = APIRouter()

TIME_CONTROLS = ["3m+2s", "5m+3s", "10m", "15m+10s", "45m", "70m/35 + 15m"]


# --- challenges (the lobby and new challenges: shashki.server.lobby.routes) -------------


@router.get("/challenges/{challenge_id}")
async def challenge_page(challenge_id: int, request: Request,
                         who: Who) -> Response:
    svc = services(request)

    def load() -> m.Challenge:
        with svc.db.session() as db:
            return store.get_challenge(db, challenge_id, who.user)

    ch = await run_db(load)
    if ch.game_id is not None and who.user is not None and who.user.id in (
            ch.creator_id, ch.target_id):
        return redirect(f"/games/{ch.game_id}")
    return render(request, who, "challenge.html", ch=ch)


@router.post("/challenges/{challenge_id}/accept")
async def accept(challenge_id: int, request: Request,
                 who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    game_id = await accept_challenge(request, who, challenge_id)
    return redirect(f"/games/{game_id}")


async def accept_challenge(request: Request, who: Visitor, challenge_id: int) -> int:
    svc = services(request)
    user = who.require_user()

    def start() -> int:
        with svc.db.session() as db:
            ch = store.get_challenge(db, challenge_id, user)
            acceptor = db.get(User, user.id)
            assert acceptor is not None
            game = store.accept_challenge(db, ch, acceptor, admit=hub_of(request).admit)
            return game.id

    game_id = await run_db(start)
    await hub_of(request).get(game_id)
    return game_id


@router.post("/challenges/{challenge_id}/cancel")
async def cancel(challenge_id: int, request: Request,
                 who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def close() -> None:
        with svc.db.session() as db:
            ch = store.get_challenge(db, challenge_id, user)
            actor = db.get(User, user.id)
            assert actor is not None
            store.close_challenge(db, ch, actor)

    await run_db(close)
    return redirect("/")


# --- games -----------------------------------------------------------------------------------


@router.get("/games/{game_id}")
async def game_page(game_id: int, request: Request, who: Who) -> Response:
    lg = await hub_of(request).get(game_id)
    you = lg.color_of(who.user.id if who.user else None)
    flipped = you is not None and you.value == 1
    async with lg.lock:
        state = lg.state(flipped)
    keys = ["game.your_move", "game.to_move", "game.offered", "game.select_hint",
            "game.ambiguous", "game.connecting", "game.reconnecting", "game.resign_confirm",
            "game.result", "game.after_move", "color.white", "color.black", "game.premove_set",
            "game.premove_dropped", "game.viewing", "game.viewing_start", "game.move_label",
            "game.rematch_offered", "game.takeback_offered"]
    texts = {k: who.t.label("js", k) for k in keys}
    texts.update(who.t.labels("words"))
    texts.update({f"kind.{k}": who.t.label("kind", k) for k in _KINDS})
    texts.update({f"action.{k}": who.t.label("action", k) for k in _ACTIONS})
    texts.update({f"error.{k}": who.t.label("error", k) for k in _ERRORS})
    page_data = {"id": game_id, "you": None if you is None else you.name.lower(),
                 "flipped": flipped,
                 "csrf": who.csrf if you is not None else "", "lang": who.lang,
                 "texts": texts, "details": who.t.details()}
    return render(request, who, "game.html", lg=lg, state=state, you=you,
                  page_data=page_data, words=position_words(lg.game.board, who.lang))



@router.get("/games/{game_id}/position/{ply}")
async def position(game_id: int, ply: int, request: Request,
                   flipped: bool = False) -> Response:
    """The position after ``ply`` plies of a game (stepping through its moves, during the
    game too): its diagram with the move that led to it, and its FEN."""
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        if not 0 <= ply <= lg.game.ply:
            raise NotFound("position")
        initial, texts = lg.game.initial_fen, [mi.text for mi in lg.moves[:ply]]
        variant = lg.variant

    def draw() -> dict[str, Any]:
        board = Board(variant, initial)
        for text in texts:
            board.push_text(text)
        last = board.move_stack[-1] if board.move_stack else None
        return {"ply": ply, "fen": board.fen(), "last": list(last.path) if last else None,
                "svg": board_svg(board, size=None, flipped=flipped, lastmove=last)}

    return JSONResponse(await run_db(draw))


@router.post("/games/{game_id}/rematch")
async def rematch(game_id: int, request: Request, who: Who) -> Response:
    """A new game against the same opponent, same variant, clock and start, the colours
    exchanged: an invitation the opponent sees on the finished game's page at once."""
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    lg = await hub_of(request).get(game_id)
    me = lg.color_of(user.id)
    if me is None:
        raise Forbidden(code="not_a_player")
    if not lg.is_over:
        raise GameRuleError("the game is not over", code="rule")
    opponent = lg.black_name if me.value == 0 else lg.white_name
    color = "black" if me.value == 0 else "white"
    start = lg.game.initial_fen
    fen = None if start == Board(lg.variant).fen() else start

    def create() -> int:
        with svc.db.session() as db:
            creator = db.get(User, user.id)
            assert creator is not None
            return store.create_challenge(db, creator, lg.variant, lg.time_control or None,
                                          color, opponent, fen).id

    ch_id = await run_db(create)
    hub_of(request).tell(lg, {"type": "rematch", "challenge": ch_id,
                              "by": me.name.lower()})
    return redirect(f"/challenges/{ch_id}")


_KINDS = ["resignation", "no pieces", "no moves", "time forfeit", "forfeit",
          "arbiter's decision", "agreement", "draw by rule", "verified claim", "both lost",
          "annulled", "aborted"]
_ACTIONS = ["offer", "decline", "accept", "claim", "claim rejected", "resign", "flag", "end",
            "decide", "irregularity", "takeback", "takeback_decline", "taken back", "adjust",
            "both_lose", "abort", "late"]
_ERRORS = ["not_your_turn", "stale", "rate_limited", "illegal_move", "game_over", "rule",
           "csrf", "forbidden", "not_a_player", "message", "login_required", "no_takeback",
           "takeback_not_now", "no_takeback_offer"]


@router.get("/games/{game_id}/pdn")
async def pdn(game_id: int, request: Request) -> Response:
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        text = game_pdn(lg)
    return PlainTextResponse(text, media_type="application/x-pdn; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="shashki-{game_id}.pdn"'})

