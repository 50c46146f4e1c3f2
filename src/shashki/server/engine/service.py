"""The engine on the platform as the pages and the API use it: its services on the app,
its levels, a new game against it, and the records its analysis reads."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from fastapi import Request

from shashki.engine import LEVELS
from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor
from shashki.server.archive import service as archive
from shashki.server.core.api import Id
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, InvalidInput
from shashki.server.core.web import run_db, services
from shashki.server.engine.analysis import Analyser, Record
from shashki.server.engine.pool import EnginePlayer, EnginePool, _noop
from shashki.server.jobs.service import Jobs
from shashki.server.play import store
from shashki.server.play.live import Hub, hub_of


@dataclass
class EngineServices:
    """The engine's parts of a running app (``app.state.engine``)."""

    pool: EnginePool
    player: EnginePlayer
    analyser: Analyser

    async def stop(self) -> None:
        await self.player.stop()
        self.pool.stop()


async def start_engine(database: Database, hub: Hub, jobs: Jobs, workers: int | None = None
                       ) -> EngineServices:
    """Start the pool, the engine's accounts and its moves in live games. ``workers``
    (default: ``$SHASHKI_ENGINE_WORKERS``, else 1) is the number of engine processes;
    analyses are ``jobs``."""
    if workers is None:
        workers = int(os.environ.get("SHASHKI_ENGINE_WORKERS", "1"))
    pool = EnginePool(workers)
    pool.start()
    if os.environ.get("SHASHKI_ENGINE_WARM") == "1" and pool.executor is not None:
        pool.executor.submit(_noop)  # spawns the worker now, not at the first move
    services = EngineServices(pool, EnginePlayer(hub, pool, database),
                              Analyser(database, jobs))
    await services.player.start()
    return services


def engine_services(request: Request) -> EngineServices:
    eng: EngineServices = request.app.state.engine
    return eng


def levels() -> list[dict[str, Any]]:
    return [{"name": lv.name, "title": lv.title, "depth": lv.depth, "nodes": lv.nodes,
             "time": lv.time} for lv in LEVELS.values()]


async def create_engine_game(request: Request, who: Visitor, level: str, variant: str,
                             time_control: str | None, color: str, fen: str | None) -> int:
    """A game of the visitor against the engine at ``level``; the engine moves at once
    when it has White."""
    user = who.require_user()
    svc = services(request)
    eng = engine_services(request)
    level = level.strip().lower()
    if level not in LEVELS:
        raise InvalidInput("level", code="engine_level")
    bot_id = eng.player.user_of(level)

    def create() -> int:
        with svc.db.session() as db:
            creator = db.get(User, user.id)
            bot = db.get(User, bot_id)
            assert creator is not None and bot is not None
            ch = store.create_challenge(db, creator, variant, time_control, color,
                                        bot.username, fen)
            game = store.accept_challenge(db, ch, bot)
            return game.id

    game_id = await run_db(create)
    await hub_of(request).get(game_id)
    return game_id


async def game_record(request: Request, game_id: Id) -> Record:
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        if not lg.is_over:
            raise Conflict("analysis is for finished games", code="analysis_live")
        return Record("game", game_id, lg.variant, lg.game.initial_fen,
                      tuple(mi.text for mi in lg.moves))


async def archive_record(request: Request, game_id: Id) -> Record:
    svc = services(request)

    def load() -> Record:
        with svc.db.session() as db:
            row = archive.get_game(db, game_id)
            rep = archive.replay_row(row)
            return Record("archive", game_id, rep.variant, row.initial_fen,
                          tuple(rep.texts))

    return await run_db(load)
