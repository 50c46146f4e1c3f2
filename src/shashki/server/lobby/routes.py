"""The lobby (new challenges and seeks, quick-pairing pools, the lists), a pool's waiting
page and its JSON, and the players' pages with their ratings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts import auth
from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.api import Id
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.core.web import form_str, redirect, render, run_db, services
from shashki.server.lobby import service as lobby
from shashki.server.lobby.models import PoolEntry
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.routes import TIME_CONTROLS
from shashki.server.ratings import service as ratings

router = APIRouter()


def _labels(db: DBSession, challenges: list[m.Challenge], games: list[m.Game]
            ) -> dict[tuple[int, str, str], str]:
    pairs = [(c.creator_id, c.variant, c.time_control) for c in challenges]
    for g in games:
        pairs += [(g.white_id, g.variant, g.time_control), (g.black_id, g.variant,
                                                               g.time_control)]
    return ratings.labels(db, pairs)


@router.get("/")
async def lobby_page(request: Request, who: Who) -> Response:
    return await _lobby(request, who)


async def _lobby(request: Request, who: Visitor, status: int = 200, error: str | None = None,
                 form: dict[str, str] | None = None) -> Response:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            lists: dict[str, Any] = dict(store.lobby(db, who.user))
            lists["live"] = store.live_games(db)
            lists["yours"] = store.games_of(db, who.user) if who.user else []
            chs = [c for k in ("open", "invitations", "mine") for c in lists.get(k, [])]
            lists["labels"] = _labels(db, chs, lists["live"] + lists["yours"])
            lists["waiting"] = lobby.waiting_counts(db)
            return lists

    return render(request, who, "lobby.html", status=status, time_controls=TIME_CONTROLS,
                  error=error, form=form or {}, pools=list(lobby.POOLS.values()),
                  **await run_db(load))


def _int(form: Any, name: str) -> int | None:
    text = form_str(form, name, 10).strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(name, "a whole number", code="rating_range") from None


@router.post("/challenges")
async def create_challenge(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def create() -> int:
        with svc.db.session() as db:
            creator = db.get(User, user.id)
            assert creator is not None
            ch = store.create_challenge(
                db, creator, form_str(form, "variant", 40) or "russian",
                form_str(form, "time_control", 80), form_str(form, "color", 10) or "random",
                form_str(form, "opponent", 64) or None, form_str(form, "fen", 500) or None,
                rated=form_str(form, "rated", 4) == "on", rating_min=_int(form, "rating_min"),
                rating_max=_int(form, "rating_max"))
            return ch.id

    try:
        ch_id = await run_db(create)
    except InvalidInput as e:
        fields = ("variant", "time_control", "color", "opponent", "fen", "rated",
                  "rating_min", "rating_max")
        return await _lobby(request, who, 422, who.t.error(e.code, detail=e.detail, **e.params),
                            {k: form_str(form, k, 500) for k in fields})
    return redirect(f"/challenges/{ch_id}")


# --- pools ------------------------------------------------------------------------------------


@router.post("/pools")
async def join_pool(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def join() -> int:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            entry = lobby.join(db, me, form_str(form, "variant", 40) or "russian",
                               form_str(form, "pool", 16),
                               rated=form_str(form, "rated", 8) != "casual")
            return entry.id

    entry_id = await run_db(join)
    return redirect(f"/pools/{entry_id}")


@router.get("/pools/{entry_id}")
async def pool_page(entry_id: Id, request: Request, who: Who) -> Response:
    svc = services(request)
    user = who.require_user()

    def load() -> PoolEntry:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            return lobby.entry_of(db, me, entry_id)

    entry = await run_db(load)
    if entry.game_id is not None:
        return redirect(f"/games/{entry.game_id}")
    return render(request, who, "pool.html", entry=entry, pool=lobby.POOLS[entry.pool],
                  time_class=ratings.time_class(lobby.POOLS[entry.pool].control))


@router.post("/pools/{entry_id}/leave")
async def leave_pool(entry_id: Id, request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def leave() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            lobby.entry_of(db, me, entry_id)
            lobby.leave(db, me)

    await run_db(leave)
    return redirect("/")


# --- players' pages ----------------------------------------------------------------------------


@router.get("/users/{name}")
async def profile(name: str, request: Request, who: Who) -> Response:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            user = auth.find_user(db, name)
            if user is None:
                raise NotFound("user")
            games = store.games_of(db, user)
            series = ratings.history(db, user)
            names = {k: f"{who.t.label('variant', k[0])} · {who.t.label('tc', k[1])}"
                     for k in series}
            return {"user": user, "games": games, "ratings": ratings.profile(db, user),
                    "graph": ratings.history_svg(series, names),
                    "labels": _labels(db, [], games)}

    return render(request, who, "profile.html", provisional=ratings.PROVISIONAL_RD,
                  **await run_db(load))
