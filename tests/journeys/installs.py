"""The installs people do, built once for a test run and shared by its test processes.

- ``server``: README set-up command 1 exactly, ``pip install -e '.[server]'``, in a fresh
  virtual environment;
- ``bare``: ``pip install .`` (the library and the command line, no extra).

Each is built from a clean copy of the checkout (the files git tracks or would track, as a
fresh clone has them: no compiled catalogue, no ``.venv``), never with the test extra, so
a dependency that only the test extra brings is missing there as it is on a user's machine.

The test processes of one run (pytest-xdist's workers) share one build of each, under a
file lock, in a directory named after the checkout's content. The run deletes its builds
when it ends (:func:`clean_up`, from ``tests/conftest.py``), and any left by a run that
was killed are deleted when the next one builds, unless another run is using them.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parents[2]
BASE = Path(tempfile.gettempdir()) / "shashki-installs"
SPEC = {"server": ("-e", "{clone}[server]"), "bare": ("{clone}",)}
"""pip's arguments for each install ({clone}: the copy of the checkout)."""


def _files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return sorted(n for n in out.splitlines() if (ROOT / n).is_file())


def _digest(files: list[str]) -> str:
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _sweep(keep: Path | None) -> None:
    """Delete the builds (but ``keep``) that no process is using."""
    for other in BASE.glob("*"):
        if other == keep or not other.is_dir():
            continue
        lock = other / ".lock"
        try:
            with lock.open("a") as f:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                shutil.rmtree(other, ignore_errors=True)
        except OSError:
            continue


class Install:
    """A virtual environment holding one of the installs."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.bin = where / "venv" / "bin"
        self.python = self.bin / "python"
        self.shashki = self.bin / "shashki"
        self.clone = where / "clone"

    def env(self, **extra: str) -> dict[str, str]:
        """The environment for a program of this install: its ``bin`` first on PATH, no
        variable of the test environment's virtual environment."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        env.update(extra)
        return env

    def has(self, module: str) -> bool:
        """Whether ``module`` can be imported in this install."""
        return subprocess.run([str(self.python), "-c", f"import {module}"],
                              capture_output=True, env=self.env()).returncode == 0


_held: list[TextIO] = []
"""The open lock files that keep this process's builds from being swept."""


def install(kind: str) -> Install:
    """The ``kind`` install (``server`` or ``bare``) of this checkout, built if needed."""
    files = _files()
    where = BASE / _digest(files) / kind
    where.mkdir(parents=True, exist_ok=True)
    done = where / ".done"
    shared = (where.parent / ".lock").open("a")
    fcntl.flock(shared, fcntl.LOCK_SH)  # held while this process lives: never swept
    _held.append(shared)
    with (where / ".build").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            _sweep(where.parent)
            shutil.rmtree(where / "clone", ignore_errors=True)
            shutil.rmtree(where / "venv", ignore_errors=True)
            for name in files:
                (where / "clone" / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, where / "clone" / name)
            venv.create(where / "venv", with_pip=True)
            python = where / "venv" / "bin" / "python"
            args = [a.format(clone=where / "clone") for a in SPEC[kind]]
            r = subprocess.run([str(python), "-m", "pip", "install", "-q", *args],
                               capture_output=True, text=True, timeout=1200,
                               env=Install(where).env())
            if r.returncode != 0:
                raise RuntimeError(f"pip install {' '.join(args)} failed:\n{r.stderr[-3000:]}")
            done.touch()
    return Install(where)


def clean_up() -> None:
    """At the end of a test run: let go of this process's builds and delete every build no
    other process is using (a 2-core machine's /tmp should not keep 800 MB a run)."""
    while _held:
        _held.pop().close()
    _sweep(None)


if __name__ == "__main__":  # python tests/journeys/installs.py server|bare: build, print
    print(install(sys.argv[1]).where)
