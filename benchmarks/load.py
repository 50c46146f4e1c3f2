"""Load on the platform: many live games making moves over WebSockets at once.

The server runs as its own process (``python -m shashki.server serve``) on a loopback port;
this process is every player. Accounts, sessions and games are made in the database before
the server starts (account creation is not what is measured); then each player opens the
game's WebSocket as a browser does and, on its turn, thinks for a random while and sends a
legal move (the first of the state's ``legal`` list, or a seeded random one). The round trip
of a move is the time from sending it to receiving its ``ack``, which the server sends after
the move is committed to the database and broadcast.

At the end every game is read back from the database: its stored moves must be exactly the
acknowledged ones, in order (nothing lost, nothing duplicated).

    python benchmarks/load.py                        # 500 games, 40 plies each, SQLite
    python benchmarks/load.py --games 50 --plies 20  # a quick look
    python benchmarks/load.py --database postgresql://postgres@127.0.0.1:5432/load
    python benchmarks/load.py --json figures.json
    python benchmarks/load.py --flood 2 --spectators 1000 --import   # with hostile clients
    python benchmarks/load.py --games 100 --plain    # casual games, no pools (the peer)

By default the games are rated and each ends by a resignation after its plies, so every
game's end updates both ratings in the transaction of its result; ``--pool-players N``
(default 20) players wait in the 3+2 pool meanwhile, their pages asking for news every
second (pairing runs on each ask), and join again 15 s after they are paired (their games
are never played and are aborted after a minute). Every player also keeps his news
channel open (``/ws/notifications``), as each logged-in page does, and counts what it is
told (nothing, during the games: moves are never news); ``--no-news`` leaves it closed, to
compare. ``--plain``: casual games that are not ended, no pool: the run to compare with.

Hostile clients run in a process of their own at the lowest CPU priority (so they do not
slow the honest players' event loop, nor take a core from the server as a remote attacker
could not): ``--flood N`` sockets each send messages as fast as they can (and reconnect
when the server closes them), ``--spectators N`` sockets watch one game, a tenth of them
never reading what they are sent; ``--import`` keeps the security finding's import of 10^6
one-move games running as jobs all the while (``benchmarks/heavy_import.py``). The figures
are the honest players' round trips.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from shashki.server.accounts import auth
from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.settings import Settings
from shashki.server.play import store

sys.path.insert(0, str(Path(__file__).parent))
from heavy_import import HeavyImport

console = Console(stderr=True)


@dataclass
class Player:
    name: str
    token: str
    csrf: str


@dataclass
class Table_:
    game_id: int
    white: Player
    black: Player
    acked: list[str] = field(default_factory=list)


@dataclass
class Figures:
    rtt: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each move of ``rtt`` was sent (``time.perf_counter``)."""
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    ended: int = 0
    polls: int = 0
    paired: int = 0
    news: int = 0
    """Messages the players' news channels received."""
    lag: list[float] = field(default_factory=list)
    """How late the players' own event loop woke from 10 ms sleeps (the measuring side's
    share of the round trips)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def prepare(url: str, games: int, time_control: str, rated: bool = False,
            pool_players: int = 0) -> tuple[list[Table_], list[Player]]:
    """Accounts, sessions and started games, written straight into the database; and the
    accounts of the players who wait in a pool."""
    db = Database(url, create=True)
    db.upgrade()
    cheap = Settings(database_url=url, argon2_time_cost=1, argon2_memory_cost=8192)
    passwords = auth.Passwords(cheap)
    digest = passwords.hash("load-test-password")
    tables: list[Table_] = []
    with db.session() as s:
        now = time.time()
        users: list[Player] = []
        rows: list[User] = []
        for i in range(2 * games):
            name = f"load{i:05d}"
            user = User(username=name, username_key=auth.username_key(name),
                          password_hash=digest, role=Role.PLAYER.value, created_at=now)
            s.add(user)
            s.flush()
            token, row = auth.start_session(s, cheap, user)
            users.append(Player(name, token, row.csrf_token))
            rows.append(user)
            if i % 2:
                ch = store.create_challenge(s, rows[i - 1], "russian", time_control, "white",
                                            name, rated=rated)
                game = store.accept_challenge(s, ch, user)
                tables.append(Table_(game.id, users[i - 1], users[i]))
        waiting: list[Player] = []
        for i in range(pool_players):
            name = f"pool{i:05d}"
            user = User(username=name, username_key=auth.username_key(name),
                        password_hash=digest, role=Role.PLAYER.value, created_at=now)
            s.add(user)
            s.flush()
            token, row = auth.start_session(s, cheap, user)
            waiting.append(Player(name, token, row.csrf_token))
    db.dispose()
    return tables, waiting


REJOIN_AFTER = 15.0
"""Seconds a paired pool player stays away before joining the pool again."""


async def pool_player(base: str, player: Player, figures: Figures, stop: asyncio.Event
                      ) -> None:
    """One player in the 3+2 pool: joins, asks for news every second, joins again when
    paired (as the waiting page does)."""
    cookies = {auth.SESSION_COOKIE: player.token}
    async with httpx.AsyncClient(base_url=base, cookies=cookies, timeout=30) as client:
        entry = None
        while not stop.is_set():
            if entry is None:
                r = await client.post("/pools", data={
                    "csrf_token": player.csrf, "variant": "russian", "pool": "3+2",
                    "rated": "rated"})
                entry = int(r.headers["location"].rsplit("/", 1)[1])
            r = await client.post(f"/api/pools/{entry}/poll",
                                  headers={"X-CSRF-Token": player.csrf})
            figures.polls += 1
            pause = 1.0
            if r.json().get("game_id"):
                figures.paired += 1
                entry = None
                pause = REJOIN_AFTER  # he would be playing it; he comes back later
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), pause)


async def play(base: str, table: Table_, plies: int, think: float, rng: random.Random,
               figures: Figures, progress: Any, task: Any, opening: asyncio.Semaphore,
               finish: bool = False, news: bool = True) -> None:
    """Both players of one game, each on its own WebSocket (and his news channel)."""
    host = base.split("//")[1]
    sockets: dict[str, ClientConnection] = {}
    channels: list[ClientConnection] = []
    async with opening:  # players arrive a few at a time, not 1,000 in the same instant
        for color, player in (("white", table.white), ("black", table.black)):
            cookie = {"Cookie": f"{auth.SESSION_COOKIE}={player.token}"}
            sockets[color] = await connect(
                f"ws://{host}/ws/games/{table.game_id}?csrf={player.csrf}",
                additional_headers=cookie,
                origin=base, max_size=2**22, open_timeout=60)  # type: ignore[arg-type]
            if news:
                channels.append(await connect(
                    f"ws://{host}/ws/notifications?csrf={player.csrf}",
                    additional_headers=cookie, origin=base,  # type: ignore[arg-type]
                    open_timeout=60))

    async def listener(ws: ClientConnection) -> None:
        async for _raw in ws:
            figures.news += 1

    states: dict[str, asyncio.Queue[dict[str, Any]]] = {c: asyncio.Queue() for c in sockets}
    acks: dict[str, asyncio.Queue[dict[str, Any]]] = {c: asyncio.Queue() for c in sockets}

    async def reader(color: str) -> None:
        ws = sockets[color]
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "ping":
                await ws.send(json.dumps({"type": "pong", "n": msg["n"]}))
            elif kind == "state":
                await states[color].put(msg)
            elif kind in ("ack", "error"):
                await acks[color].put(msg)

    readers = [asyncio.create_task(reader(c)) for c in sockets]
    readers += [asyncio.create_task(listener(ws)) for ws in channels]
    try:
        state = {c: await states[c].get() for c in sockets}
        ply = 0
        while ply < plies:
            color = "white" if ply % 2 == 0 else "black"
            now = state[color]
            while now["ply"] < ply:
                now = await states[color].get()
            if now["status"] != "live" or not now["legal"]:
                if finish and now["status"] != "live":
                    figures.ended += 1  # ended by the rules: rated as well
                    finish = False
                break
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            move = rng.choice(now["legal"])["text"]
            sent = time.perf_counter()
            await sockets[color].send(json.dumps({"type": "move", "move": move, "ply": ply,
                                                  "id": ply}))
            ack = await asyncio.wait_for(acks[color].get(), 30)
            if ack["type"] == "error":
                figures.errors.append(f"game {table.game_id} ply {ply}: {ack}")
                break
            figures.rtt.append(time.perf_counter() - sent)
            figures.sent_at.append(sent)
            figures.moves += 1
            table.acked.append(move)
            progress.advance(task)
            ply += 1
            state[color] = now
        if finish and ply == plies:  # the side to move resigns: the game ends, rated
            color = "white" if ply % 2 == 0 else "black"
            now = state[color]
            while now["ply"] < ply:
                now = await states[color].get()
            if now["status"] != "live":  # the last move ended it
                figures.ended += 1
                return
            await sockets[color].send(json.dumps({"type": "resign", "id": ply}))
            ack = await asyncio.wait_for(acks[color].get(), 30)
            if ack["type"] == "error":
                figures.errors.append(f"game {table.game_id} resign: {ack}")
            else:
                figures.ended += 1
    finally:
        for ws in [*sockets.values(), *channels]:
            await ws.close()
        for r in readers:
            r.cancel()


async def flooder(base: str, game_id: int, stop: Any, counts: dict[str, int]) -> None:
    """A socket sending messages as fast as it can; reconnect when closed."""
    host = base.split("//")[1]
    while not stop.is_set():
        try:
            async with connect(f"ws://{host}/ws/games/{game_id}", origin=base,  # type: ignore[arg-type]
                               max_size=2**22, open_timeout=60) as ws:
                counts["connections"] += 1
                while not stop.is_set():
                    await ws.send('{"type":"state"}')
                    counts["sent"] += 1
                    if counts["sent"] % 100 == 0:
                        await asyncio.sleep(0)
        except Exception as e:  # closed by the server (4429), or refused (429)
            code = getattr(getattr(e, "rcvd", None), "code", None)
            status = getattr(getattr(e, "response", None), "status_code", None)
            what = f"refused {status}" if status else f"closed {code}"
            counts[what] = counts.get(what, 0) + 1
            await asyncio.sleep(0.05)


async def spectator(base: str, game_id: int, stop: Any, reads: bool,
                    counts: dict[str, int], arrived: asyncio.Semaphore) -> None:
    host = base.split("//")[1]
    try:
        async with connect(f"ws://{host}/ws/games/{game_id}", origin=base,  # type: ignore[arg-type]
                           max_size=2**22, open_timeout=120) as ws:
            counts["spectators"] += 1
            arrived.release()
            while not stop.is_set():
                if reads:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1)
                    except TimeoutError:
                        continue
                    counts["states seen"] += '"state"' in str(raw)[:40]
                else:
                    await asyncio.sleep(1)  # never reads: the server must not wait for it
    except Exception:
        counts["spectators dropped"] = counts.get("spectators dropped", 0) + 1
        arrived.release()


def hostile(base: str, games: list[int], floods: int, spectators: int, stop: Any,
            out: Any, ready: Any) -> None:
    """The hostile clients, in their own process, until ``stop`` is set; their counts go
    to ``out``. The process runs at the lowest CPU priority: a real attacker's sockets run
    on his own machines, and here, on a 2-core machine, 1,000 client sockets parsing every
    state would otherwise take a core from the server and the honest players."""
    os.setpriority(os.PRIO_PROCESS, 0, 19)
    counts: dict[str, int] = {"connections": 0, "sent": 0, "spectators": 0, "states seen": 0}

    async def run() -> None:
        arrived = asyncio.Semaphore(0)
        opening = [asyncio.create_task(spectator(base, games[0], stop, i % 10 != 0, counts,
                                                 arrived)) for i in range(spectators)]
        for _ in range(spectators):
            await arrived.acquire()
        floods_ = [asyncio.create_task(flooder(base, games[(i + 1) % len(games)], stop,
                                               counts)) for i in range(floods)]
        ready.set()  # every spectator is watching, the floods are starting
        await asyncio.gather(*opening, *floods_)

    asyncio.run(run())
    out.put(counts)


async def run_load(base: str, tables: list[Table_], plies: int, think: float,
                   seed: int, finish: bool = False, waiting: list[Player] | None = None,
                   news: bool = True) -> Figures:
    # The players stand for a thousand browsers on their own machines: the collector's
    # pauses in this one process would be counted as the server's. 100 s of play leave
    # little garbage; it is collected when the run is over.
    gc.disable()
    figures = Figures()
    stop = asyncio.Event()
    pools = [asyncio.create_task(pool_player(base, p, figures, stop)) for p in waiting or []]

    async def heartbeat() -> None:
        while not stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            figures.lag.append(time.perf_counter() - t - 0.01)

    beat = asyncio.create_task(heartbeat())
    with Progress(TextColumn("[bold]moves"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console) as progress:
        task = progress.add_task("moves", total=len(tables) * plies)
        opening = asyncio.Semaphore(20)
        await asyncio.gather(*(play(base, t, plies, think, random.Random(seed + i), figures,
                                    progress, task, opening, finish, news)
                               for i, t in enumerate(tables)))
    stop.set()
    await beat
    gc.enable()
    for result in await asyncio.gather(*pools, return_exceptions=True):
        if isinstance(result, Exception):
            figures.errors.append(f"pool player: {result!r}")
    return figures


def rated_games(url: str) -> int:
    """How many games have their two rating changes written (each once)."""
    from sqlalchemy import func, select

    from shashki.server.ratings.models import RatingChange

    db = Database(url)
    with db.session() as s:
        n = s.scalar(select(func.count(func.distinct(RatingChange.game_id)))) or 0
        twice = s.scalar(select(func.count()).select_from(RatingChange)) or 0
    db.dispose()
    return int(n) if twice == 2 * n else -1


def verify(url: str, tables: list[Table_]) -> tuple[int, int]:
    """Games whose stored moves differ from the acknowledged ones; moves stored in all."""
    db = Database(url)
    bad = stored = 0
    for t in tables:
        rec = store.load_game(db, t.game_id)
        texts = [mv.text for mv in rec.moves]
        stored += len(texts)
        if texts != t.acked:
            bad += 1
    db.dispose()
    return bad, stored


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--plies", type=int, default=40, help="plies per game (default 40)")
    ap.add_argument("--think", type=float, default=2.0,
                    help="mean seconds a player thinks before a move (default 2)")
    ap.add_argument("--time-control", default="15m+10s")
    ap.add_argument("--database", default=None, help="SQLAlchemy URL (default: SQLite "
                    "in a temporary directory)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--flood", type=int, default=0, metavar="N",
                    help="sockets sending messages as fast as they can (hostile)")
    ap.add_argument("--spectators", type=int, default=0, metavar="N",
                    help="viewers of one game, a tenth of them never reading (hostile)")
    ap.add_argument("--import", dest="heavy", action="store_true",
                    help="imports of 10^6 one-move games running as jobs all the while")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--diagnose", action="store_true",
                    help="record the server's garbage collections over 5 ms and event-loop "
                         "turns over 40 ms (benchmarks/loopwatch), and print them")
    ap.add_argument("--plain", action="store_true",
                    help="casual games left unfinished, no pool (the peer to compare with)")
    ap.add_argument("--pool-players", type=int, default=20, metavar="N",
                    help="players waiting in the 3+2 pool meanwhile (default 20)")
    ap.add_argument("--no-news", dest="news", action="store_false",
                    help="players keep no news channel open (the peer to compare with)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="shashki-load-") as tmp:
        url = args.database or f"sqlite:///{Path(tmp) / 'load.db'}"
        console.print(f"preparing {args.games} games on {url.split('@')[-1]}")
        pool_players = 0 if args.plain else args.pool_players
        tables, waiting = prepare(url, args.games, args.time_control, rated=not args.plain,
                                  pool_players=pool_players)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            env = dict(os.environ)
            watch = Path(tmp) / "loopwatch.jsonl"
            if args.diagnose:  # the server loads benchmarks/loopwatch/sitecustomize.py
                env["PYTHONPATH"] = os.pathsep.join(
                    [str(Path(__file__).parent / "loopwatch"), env.get("PYTHONPATH", "")])
                env["SHASHKI_LOOPWATCH"] = str(watch)
            proc = subprocess.Popen(
                [sys.executable, "-m", "shashki.server", "serve", "--port", str(port),
                 "--database", url, "--log-level", "warning"],
                stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(base + "/", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    console.print(log.read_text())
                    return 1
                time.sleep(0.2)
            enemy, counts, stop = None, multiprocessing.Queue(), multiprocessing.Event()
            if args.flood or args.spectators:
                ready = multiprocessing.Event()
                enemy = multiprocessing.Process(target=hostile, args=(
                    base, [t.game_id for t in tables], args.flood, args.spectators,
                    stop, counts, ready), daemon=True)
                enemy.start()
                ready.wait(180)  # the spectators watch before the players start
                time.sleep(3)    # and the floods are on
            heavy = HeavyImport(base).start() if args.heavy else None
            cpu0, t0, own0 = cpu_seconds(proc.pid), time.perf_counter(), time.process_time()
            figures = asyncio.run(run_load(base, tables, args.plies, args.think, args.seed,
                                           finish=not args.plain, waiting=waiting,
                                           news=args.news))
            wall, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid) - cpu0
            own = time.process_time() - own0
            hostile_counts: dict[str, Any] = {}
            if heavy is not None:
                hostile_counts.update({f"import: {k}": v for k, v in heavy.stop().rows()})
            if enemy is not None:
                stop.set()
                with contextlib.suppress(Exception):
                    hostile_counts.update(counts.get(timeout=30))
                enemy.join(10)
                if enemy.is_alive():
                    enemy.terminate()
        finally:
            proc.terminate()
            proc.wait(30)
        bad, stored = verify(url, tables)
        rated = rated_games(url)
        watched = ([json.loads(line) for line in watch.read_text().splitlines()]
                   if args.diagnose and watch.exists() else [])

    rtt = sorted(figures.rtt)

    def pct(p: float) -> float:
        return 1000 * rtt[min(len(rtt) - 1, int(p * len(rtt)))] if rtt else float("nan")

    windows: dict[int, list[float]] = {}
    start = min(figures.sent_at, default=0.0)
    for at, r in zip(figures.sent_at, figures.rtt, strict=True):
        windows.setdefault(int((at - start) // 10), []).append(r)
    by_window = [round(1000 * sorted(w)[min(len(w) - 1, int(0.99 * len(w)))], 1)
                 for _, w in sorted(windows.items())]

    result = {
        "games": args.games, "plies": args.plies, "think": args.think,
        "database": "sqlite" if args.database is None else url.split(":")[0],
        "moves": figures.moves, "seconds": round(wall, 1),
        "moves_per_second": round(figures.moves / wall, 1),
        "rtt_ms": {"p50": round(pct(0.50), 1), "p90": round(pct(0.90), 1),
                   "p99": round(pct(0.99), 1), "max": round(1000 * rtt[-1], 1) if rtt else None,
                   "mean": round(1000 * statistics.fmean(rtt), 1) if rtt else None},
        "rtt_p99_ms_by_10_s": by_window,
        "players_loop_lag_ms": {
            "p99": round(1000 * sorted(figures.lag)[int(0.99 * len(figures.lag))], 1)
            if figures.lag else None,
            "max": round(1000 * max(figures.lag), 1) if figures.lag else None},
        "server_cpu_percent": round(100 * cpu / wall, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, figures.moves), 2),
        "players_cpu_percent": round(100 * own / wall, 1),
        "load_average": round(os.getloadavg()[0], 2),
        "errors": len(figures.errors), "games_differing_from_acks": bad,
        "moves_stored": stored,
        "rated": not args.plain, "games_ended": figures.ended, "games_rated": rated,
        "pool_players": pool_players, "pool_polls": figures.polls,
        "pool_pairings": figures.paired,
        "news_channels": 2 * args.games if args.news else 0, "news_received": figures.news,
        "hostile": {"flood_sockets": args.flood, "spectators": args.spectators,
                    "import": args.heavy, **hostile_counts},
    }
    table = Table(title=f"{args.games} live games over WebSockets, {args.plies} plies each")
    for key in ("moves", "seconds", "moves_per_second", "server_cpu_percent",
                "server_cpu_ms_per_move", "players_cpu_percent", "load_average", "errors",
                "games_differing_from_acks", "moves_stored", "rated", "games_ended",
                "games_rated", "pool_players", "pool_polls", "pool_pairings", "news_channels",
                "news_received"):
        table.add_row(key.replace("_", " "), str(result[key]))
    for key, value in result["rtt_ms"].items():
        table.add_row(f"round trip {key} (ms)", str(value))
    table.add_row("p99 (ms) in each 10 s", " ".join(f"{v:g}" for v in by_window))
    table.add_row("players' loop lag p99 / max (ms)",
                  f"{result['players_loop_lag_ms']['p99']} / "
                  f"{result['players_loop_lag_ms']['max']}")
    for key, value in result["hostile"].items():
        table.add_row(f"hostile: {key}", str(value))
    if args.diagnose:
        pauses = [w for w in watched if w["kind"] == "gc"]
        stalls = [w for w in watched if w["kind"] == "stall"]
        for gen in (0, 1, 2):
            ms = sorted(w["ms"] for w in pauses if w["generation"] == gen)
            table.add_row(f"server gc gen{gen} over 5 ms", f"{len(ms)}, max {ms[-1] if ms else 0} "
                          f"ms, {sum(ms):.0f} ms in all")
        table.add_row("server loop turns over 40 ms", f"{len(stalls)}, max "
                      f"{max((w['ms'] for w in stalls), default=0)} ms")
        result["diagnosis"] = watched
    Console().print(table)
    for e in figures.errors[:5]:
        console.print(f"[red]{e}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    ok_ratings = args.plain or rated == figures.ended
    return 0 if (not bad and not figures.errors and stored == figures.moves
                 and ok_ratings) else 1


if __name__ == "__main__":
    sys.exit(main())
