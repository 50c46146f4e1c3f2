"""The security finding's import, as a job, against a running server: 10^6 one-move games
(``1. c3-d4 *`` a line: 11,000,000 bytes, 10.5 MiB), which kept the server busy for over
15 minutes inside a request before imports were jobs.

:class:`HeavyImport` signs up an account of its own, uploads the file and follows the job;
when one import ends (at the cap on games per file, 50,000 by default) it starts the next,
until :meth:`HeavyImport.stop` (which cancels the one running and measures how long the
cancel takes). From ``benchmarks/load.py``, right after the server answers::

    heavy = HeavyImport(base).start()      # before the players start
    ...                                    # the load
    figures = heavy.stop()                 # then print them beside the round trips

On its own, against any server::

    python benchmarks/heavy_import.py http://127.0.0.1:8000      # one import, followed
    python benchmarks/heavy_import.py --during-load [-- load.py's options]

The second runs ``benchmarks/load.py`` (its server, its 500 games) with the imports going
all the time the players play, and prints the import's figures after load.py's table;
compare its round trips with a plain ``python benchmarks/load.py`` run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ONE_MOVE = b"1. c3-d4 *\n"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def finding_file(games: int = 1_000_000) -> bytes:
    """The finding's file: ``games`` one-move games."""
    return ONE_MOVE * games


def signup(base: str, name: str) -> httpx.Client:
    """A new account on the server, logged in, its CSRF token on every request."""
    c = httpx.Client(base_url=base, timeout=120)
    m = CSRF.search(c.get("/signup").text)
    assert m, "no sign-up form"
    r = c.post("/signup", data={"username": name, "password": "heavy import password",
                                "email": "", "csrf_token": m.group(1)})
    assert r.status_code in (200, 303), r.text[:300]
    m = CSRF.search(c.get("/").text)
    assert m, "not logged in"
    c.headers["X-CSRF-Token"] = m.group(1)
    return c


@dataclass
class Figures:
    imports: int = 0
    games_read: int = 0
    seconds: float = 0.0
    refused: list[str] = field(default_factory=list)
    cancel_seconds: float | None = None
    cancelled_at: int | None = None
    statuses: list[str] = field(default_factory=list)

    def rows(self) -> list[tuple[str, str]]:
        rate = self.games_read / self.seconds if self.seconds else 0.0
        return [("imports started", str(self.imports)),
                ("games read by them", str(self.games_read)),
                ("seconds importing", f"{self.seconds:.1f}"),
                ("games read a second", f"{rate:.0f}"),
                ("ended as", ", ".join(self.statuses) or "-"),
                ("cancel took (s)", "-" if self.cancel_seconds is None
                 else f"{self.cancel_seconds:.2f}"),
                ("cancelled at game", "-" if self.cancelled_at is None
                 else str(self.cancelled_at)),
                ("refused", "; ".join(self.refused) or "-")]


class HeavyImport:
    """The finding's import again and again on a running server, until :meth:`stop`."""

    def __init__(self, base: str, games: int = 1_000_000) -> None:
        self.base = base.rstrip("/")
        self.data = finding_file(games)
        self.figures = Figures()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._job: int | None = None
        self.client: httpx.Client | None = None

    def start(self) -> HeavyImport:
        self.client = signup(self.base, f"heavy-{secrets.token_hex(4)}")
        self._thread = threading.Thread(target=self._run, name="heavy-import", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        c = self.client
        assert c is not None
        while not self._stop.is_set():
            started = time.monotonic()
            r = c.post("/api/archive/imports", files={"file": ("million.pdn", self.data)})
            if r.status_code != 202:
                self.figures.refused.append(f"{r.status_code} {r.text[:80]}")
                time.sleep(1)
                continue
            self.figures.imports += 1
            self._job = r.json()["job"]["id"]
            while True:
                job = c.get(f"/api/jobs/{self._job}").json()
                if job["status"] in ("done", "failed", "cancelled"):
                    break
                time.sleep(0.2)
            self.figures.games_read += int(job["result"].get("games_read", 0))
            self.figures.seconds += time.monotonic() - started
            self.figures.statuses.append(job["status"])

    def stop(self) -> Figures:
        """Cancel the running import (timing how long it takes to end) and stop."""
        self._stop.set()
        c, job_id = self.client, self._job
        if c is not None and job_id is not None:
            asked = time.monotonic()
            r = c.post(f"/api/jobs/{job_id}/cancel")
            if r.status_code == 200:
                while (job := c.get(f"/api/jobs/{job_id}").json())["status"] in (
                        "queued", "running"):
                    time.sleep(0.05)
                if job["status"] == "cancelled":
                    self.figures.cancel_seconds = time.monotonic() - asked
                    self.figures.cancelled_at = job["result"].get("cancelled_at")
        if self._thread is not None:
            self._thread.join(60)
        return self.figures


def _print(figures: Figures, title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for key, value in figures.rows():
        table.add_row(key, value)
    Console().print(table)


def during_load(load_args: list[str]) -> int:
    """``benchmarks/load.py`` with :class:`HeavyImport` going while its players play."""
    path = Path(__file__).with_name("load.py")
    spec = importlib.util.spec_from_file_location("shashki_load", path)
    assert spec is not None and spec.loader is not None
    load: Any = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = load
    spec.loader.exec_module(load)
    plain = load.run_load
    heavy: list[HeavyImport] = []

    async def with_import(base: str, *args: Any, **kw: Any) -> Any:
        heavy.append(HeavyImport(base).start())
        time.sleep(3)  # the first import is running before the players start
        try:
            return await plain(base, *args, **kw)
        finally:
            heavy[0].stop()

    load.run_load = with_import
    sys.argv = [str(path), *load_args]
    status: int = load.main()
    if heavy:
        _print(heavy[0].figures, "the finding's import (10^6 one-move games), meanwhile")
    return status


def main() -> int:
    argv = sys.argv[1:]
    load_args: list[str] = []
    if "--" in argv:
        argv, load_args = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    ap.add_argument("--import-games", type=int, default=1_000_000,
                    help="one-move games in the file (10^6)")
    ap.add_argument("--during-load", action="store_true",
                    help="run benchmarks/load.py with the imports going (its options "
                         "after --)")
    args = ap.parse_args(argv)
    if args.during_load:
        return during_load(load_args)
    figures = Figures()
    c = signup(args.base, f"heavy-{secrets.token_hex(4)}")
    started = time.monotonic()
    data = finding_file(args.import_games)
    r = c.post("/api/archive/imports", files={"file": ("million.pdn", data)})
    print(f"upload answered {r.status_code} in {time.monotonic() - started:.2f} s")
    if r.status_code != 202:
        print(r.text[:300])
        return 1
    job_id = r.json()["job"]["id"]
    while (job := c.get(f"/api/jobs/{job_id}").json())["status"] in ("queued", "running"):
        print(f"\r{job['status']}: {job['message']}", end="", flush=True)
        time.sleep(0.5)
    figures.imports = 1
    figures.games_read = int(job["result"].get("games_read", 0))
    figures.seconds = time.monotonic() - started
    figures.statuses.append(job["status"])
    print()
    _print(figures, f"one import of {args.import_games} one-move games")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
