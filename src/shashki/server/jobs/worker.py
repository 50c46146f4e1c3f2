"""The worker: ``shashki worker`` (and the one ``shashki serve`` starts, a process of its
own).

huey's consumer takes job ids from the queue, ``workers`` at a time (one thread each).
A thread runs its job in a **child process** (the ``forkserver`` start method, the job
kinds' modules loaded once in the server) and watches it:

* every :data:`POLL` seconds it looks whether the job's owner asked to cancel it; if so the
  child is told (an event it looks at between games or positions) and, if it has not
  stopped :data:`GRACE` seconds later (a single enormous game being read), killed. What the
  job committed stays: each of its transactions records its progress with its data.
* every :data:`BEAT` seconds it records the job's heartbeat, so that a job whose worker
  died is failed by :func:`shashki.server.jobs.service.sweep` rather than shown running
  for ever.

The bounds on a worker's CPU (no cgroups here): the jobs' processes (the fork server and
its children) run at :data:`NICE` (``os.nice``), so the web process and the live games
come first whenever they want the CPU; the worker itself, which only watches them, keeps
its own priority, so that its heartbeats say "alive" even while a busy machine leaves its
jobs hardly any CPU (at nice 19 beside three busy processes it fell a minute behind and
its jobs were failed as dead); at most ``workers`` jobs run at once on a worker; and each job's
process may use at most :data:`CPU_SECONDS` seconds of CPU (``RLIMIT_CPU``; the kernel
stops it with ``SIGXCPU`` and the job fails saying so). Not ``SCHED_IDLE``: a job that
holds the SQLite write lock while a busy machine never schedules it would make every
live move wait for that lock.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.synchronize import Event

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from shashki.server.core.db import Database
from shashki.server.jobs import NICE
from shashki.server.jobs.models import CANCELLED, FAILED, QUEUED, RUNNING, Job
from shashki.server.jobs.queue import Queue
from shashki.server.jobs.runner import claim, execute, finish, worker_name
from shashki.server.jobs.service import sweep

log = logging.getLogger("shashki.server.jobs")

POLL = 0.2
"""Seconds between two looks at a running job's cancel flag."""
GRACE = 1.0
"""Seconds a cancelled job has to stop by itself before its process is killed."""
BEAT = 2.0
"""Seconds between two heartbeats of a running job."""
CPU_SECONDS = 900
"""CPU seconds one job may use (``RLIMIT_CPU`` of its process)."""
KINDS = "shashki.server.kinds"
"""The module whose import registers every kind of job."""


def child_main(database_url: str, job_id: int, cancel: Event, alive: Connection,
               kinds: str, cpu_seconds: int, nice: int = NICE) -> None:
    """A job's process: its priority and CPU limit, the kinds, the database, then the job.
    It ends at once if its worker dies (``alive`` reads end of file), rather than go on
    alone."""
    import resource

    lower(nice)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            alive.recv()
        os._exit(70)

    threading.Thread(target=watch, name="worker-alive", daemon=True).start()
    importlib.import_module(kinds)
    db = Database(database_url)
    try:
        execute(db, job_id, cancel.is_set)
    finally:
        db.dispose()


def lower(nice: int, pid: int = 0) -> None:
    """Lower a process's priority to ``nice`` (never raise it: that needs privileges)."""
    if nice > os.getpriority(os.PRIO_PROCESS, pid):
        os.setpriority(os.PRIO_PROCESS, pid, nice)


def _orphaned(parent: int) -> None:
    """Stop this worker (as SIGTERM does) once its parent process has gone."""
    while os.getppid() == parent:
        time.sleep(1.0)
    log.warning("the server that started this worker is gone: stopping")
    os.kill(os.getpid(), signal.SIGTERM)


def _ended_by(exitcode: int | None, cpu_seconds: int) -> str:
    if exitcode == -signal.SIGXCPU:
        return f"stopped: it used its {cpu_seconds} s of CPU time"
    if exitcode == -signal.SIGKILL:
        return "stopped: its process was killed (out of memory?)"
    return f"failed: its process ended with code {exitcode}"


def _beat(s: Session, job_id: int) -> None:
    """Record that job ``job_id``'s worker is alive now (in session ``s``)."""
    s.execute(update(Job).where(Job.id == job_id).values(heartbeat_at=time.time()))


def _beat_until(db: Database, job_id: int, done: threading.Event) -> None:
    """Record the job's heartbeat every :data:`BEAT` seconds until ``done``: a start can
    wait long for the fork server (at the lowest priority, it gets little of a busy
    machine), and a job is not dead while its process is being made."""
    while not done.wait(BEAT):
        try:
            with db.session() as s:
                _beat(s, job_id)
        except Exception:  # the database away a moment: try at the next beat
            log.warning("job %s: cannot record its heartbeat", job_id, exc_info=True)


class Worker:
    """A worker process: huey's consumer, and a child process a job."""

    def __init__(self, database_url: str, redis_url: str = "", workers: int = 1,
                 kinds: str = KINDS, nice: int = NICE, cpu_seconds: int = CPU_SECONDS
                 ) -> None:
        self.database_url = database_url
        self.redis_url = redis_url
        self.workers = max(1, workers)
        self.kinds = kinds
        self.nice = nice
        self.cpu_seconds = cpu_seconds
        self.name = worker_name()
        self.children: dict[int, multiprocessing.process.BaseProcess] = {}
        self.stopping = False
        self.lock = threading.Lock()
        self.db: Database | None = None
        self.mp: ForkServerContext | None = None

    # --- one job ---------------------------------------------------------------------------

    def supervise(self, job_id: int) -> None:
        """The queue's task: run the job in a child process and watch it."""
        db, mp = self.db, self.mp
        assert db is not None and mp is not None
        if self.stopping or not claim(db, job_id, self.name):
            return
        cancel = mp.Event()
        alive, alive_w = mp.Pipe(duplex=False)
        child = mp.Process(target=child_main, name=f"shashki-job-{job_id}",
                           args=(db.url, job_id, cancel, alive, self.kinds, self.cpu_seconds,
                                 self.nice))
        starting = threading.Event()
        beats = threading.Thread(target=_beat_until, args=(db, job_id, starting), daemon=True,
                                 name=f"shashki-job-{job_id}-start")
        beats.start()
        try:
            with self.lock:
                child.start()
                self.children[job_id] = child
        except Exception as e:
            log.exception("job %s: cannot start its process", job_id)
            finish(db, job_id, FAILED, f"failed: cannot start its process: {e}")
            alive_w.close()
            return
        finally:
            alive.close()
            starting.set()
            beats.join()
        log.info("job %s started (process %s)", job_id, child.pid)
        kill_at: float | None = None
        beat = time.monotonic() + BEAT
        try:
            while True:
                child.join(POLL)
                if child.exitcode is not None:
                    break
                now = time.monotonic()
                try:
                    with db.session() as s:
                        wanted = s.scalar(select(Job.cancel_requested).where(
                            Job.id == job_id))
                        if now >= beat:
                            _beat(s, job_id)
                            beat = now + BEAT
                except Exception:  # the database away a moment: the job goes on
                    log.warning("job %s: cannot look at its row", job_id, exc_info=True)
                    continue
                if wanted and not cancel.is_set():
                    cancel.set()
                    kill_at = now + GRACE
                if kill_at is not None and now >= kill_at:
                    log.info("job %s did not stop by itself: killed", job_id)
                    child.kill()
                    kill_at = None
        finally:
            with self.lock:
                self.children.pop(job_id, None)
            alive_w.close()
        with db.session() as s:
            status = s.scalar(select(Job.status).where(Job.id == job_id))
        if status == RUNNING:  # the process did not record an end: killed or crashed
            if cancel.is_set():
                finish(db, job_id, CANCELLED, f"cancelled (stopped by force after {GRACE} s)")
            elif self.stopping:
                finish(db, job_id, FAILED, "interrupted: the worker stopped")
            else:
                finish(db, job_id, FAILED, _ended_by(child.exitcode, self.cpu_seconds))
        log.info("job %s ended (exit code %s)", job_id, child.exitcode)

    # --- the process -----------------------------------------------------------------------

    def setup(self) -> Queue:
        """Open the database and the queue, start the fork server (at :attr:`nice`)."""
        self.db = Database(self.database_url)
        self.db.upgrade()
        mp = multiprocessing.get_context("forkserver")
        assert isinstance(mp, ForkServerContext)
        mp.set_forkserver_preload([self.kinds])
        from multiprocessing import forkserver

        forkserver.ensure_running()  # now, not at the first job: the kinds take seconds
        # the fork server's children inherit its priority (each job lowers its own too,
        # should a Python of another day keep the server's process id elsewhere)
        server = getattr(getattr(forkserver, "_forkserver", None), "_forkserver_pid", None)
        if isinstance(server, int):
            lower(self.nice, server)
        self.mp = mp
        queue = Queue(self.db.url, self.redis_url)
        queue.bind(self.supervise)
        with self.db.session() as s:
            sweep(s)
            waiting = list(s.scalars(select(Job.id).where(Job.status == QUEUED)
                                     .order_by(Job.id)))
        for job_id in waiting:  # messages lost with a queue file: the table is the truth
            queue.enqueue(job_id)
        return queue

    def run(self, queue: Queue | None = None, parent: int | None = None) -> None:
        """Work until SIGTERM or SIGINT (``queue``: what :meth:`setup` returned), or
        until the process ``parent`` (the server that started this worker) is gone."""
        queue = queue or self.setup()
        if parent is not None:
            threading.Thread(target=_orphaned, args=(parent,), daemon=True,
                             name="shashki-worker-parent").start()
        log.info("shashki worker %s: %d at a time, jobs at nice %d, queue %s", self.name,
                 self.workers, self.nice, queue.storage)
        consumer = queue.huey.create_consumer(
            workers=self.workers, worker_type="thread", periodic=False,
            initial_delay=0.05, backoff=1.5, max_delay=0.5, check_worker_health=True)
        try:
            consumer.run()
        finally:
            self.shutdown()
            queue.close()

    def shutdown(self) -> None:
        """Stop every running job's process; their jobs fail as interrupted."""
        self.stopping = True
        with self.lock:
            children = list(self.children.values())
        for child in children:
            with contextlib.suppress(Exception):
                child.kill()
        for child in children:
            child.join(5)
        if self.db is not None:
            with self.db.session() as s:
                s.execute(update(Job).where(Job.status == RUNNING, Job.worker == self.name)
                          .values(status=FAILED, ended_at=time.time(),
                                  message="interrupted: the worker stopped"))
            self.db.dispose()


# --- the worker that ``shashki serve`` starts --------------------------------------------


ENV_DATABASE = "SHASHKI_DATABASE"
ENV_REDIS = "SHASHKI_REDIS"
ENV_PARENT = "SHASHKI_WORKER_PARENT"
"""The embedded worker's server: the worker stops when it is gone (even killed)."""
"""``shashki worker`` reads its URLs from these when not given on its command line (the
server passes them so, not in the arguments every user of the machine can list)."""


class EmbeddedWorker:
    """``shashki worker`` as a child of the web server: started with it, started again if
    it dies, stopped with it (SIGTERM: its running jobs fail as interrupted)."""

    def __init__(self, database_url: str, redis_url: str = "", workers: int = 1,
                 log_level: str = "warning") -> None:
        self.command = [sys.executable, "-m", "shashki.server", "worker",
                        "--workers", str(workers), "--log-level", log_level]
        self.env = {**os.environ, ENV_DATABASE: database_url, ENV_REDIS: redis_url,
                    ENV_PARENT: str(os.getpid())}
        self.proc: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _spawn(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.command, env=self.env)

    def start(self) -> None:
        self.proc = self._spawn()
        self._thread = threading.Thread(target=self._watch, name="shashki-worker-watch",
                                        daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(1.0):
            proc = self.proc
            if proc is not None and proc.poll() is not None and not self._stop.is_set():
                log.error("the job worker ended (code %s); starting it again", proc.returncode)
                self.restarts += 1
                if self._stop.wait(min(30.0, 2.0 * self.restarts)):
                    return
                self.proc = self._spawn()
    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if self._thread is not None:
            self._thread.join(2)

