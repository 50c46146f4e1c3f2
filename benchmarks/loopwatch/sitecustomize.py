"""What holds the server's event loop up, for ``benchmarks/load.py --diagnose``.

Loaded into the server process through ``PYTHONPATH`` (Python imports ``sitecustomize`` at
start-up) when ``SHASHKI_LOOPWATCH`` names a file: it records every garbage collection that
takes longer than 5 ms (its generation, its duration) and every turn of the event loop
longer than 40 ms (with the stack the loop was in when the watcher saw it), one JSON line
each. Not part of the package: a measuring instrument for the benchmark only.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
import traceback

_PATH = os.environ.get("SHASHKI_LOOPWATCH")

if _PATH and "serve" in sys.argv:
    import asyncio.base_events as _be

    _out = open(_PATH, "a", buffering=1)  # noqa: SIM115 - for the life of the process
    _lock = threading.Lock()
    _turn = {"at": time.monotonic(), "thread": 0}
    _run_once = _be.BaseEventLoop._run_once  # type: ignore[attr-defined]

    def _write(record: dict[str, object]) -> None:
        with _lock:
            _out.write(json.dumps(record) + "\n")

    def _timed_run_once(self: _be.BaseEventLoop) -> None:
        _turn["at"] = time.monotonic()
        _turn["thread"] = threading.get_ident()
        _run_once(self)

    _be.BaseEventLoop._run_once = _timed_run_once  # type: ignore[attr-defined]

    def _watch() -> None:
        seen = 0.0
        while True:
            time.sleep(0.01)
            at, thread = _turn["at"], int(_turn["thread"])
            lag = time.monotonic() - at
            if not thread or lag < 0.04 or at == seen:
                continue
            frame = sys._current_frames().get(thread)
            if frame is None:
                continue
            stack = traceback.extract_stack(frame)
            if stack and stack[-1].name in ("select", "poll"):
                continue  # idle, waiting for the network
            seen = at
            _write({"kind": "stall", "at": time.time(), "ms": round(1000 * lag),
                    "stack": [f"{f.filename.rsplit('site-packages/', 1)[-1]}:{f.lineno} "
                              f"{f.name}" for f in stack[-8:]]})

    _gc_start = {"t": 0.0}

    def _on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            _gc_start["t"] = time.perf_counter()
            return
        ms = 1000 * (time.perf_counter() - _gc_start["t"])
        if ms > 5:
            _write({"kind": "gc", "at": time.time(), "generation": info["generation"],
                    "ms": round(ms, 1), "collected": info["collected"]})

    gc.callbacks.append(_on_gc)
    threading.Thread(target=_watch, daemon=True, name="loopwatch").start()
