"""Say on stderr, once, when the compiled kernels are being compiled (a cold cache).

numba compiles a function only when its on-disk cache has nothing usable for it (a fresh
install, a new numba, a changed source file); it then fires its ``numba:compile`` event.
A listener on that event is the cheap detector: it costs nothing while the cache is warm
and needs no guess about where the cache lives (``__pycache__``, ``NUMBA_CACHE_DIR`` or
the user's cache directory). The listener is installed when numba itself is imported, so
commands that never touch the kernels do not import numba for it.

On the first compile of each part the command prints one line, e.g.::

    shashki: compiling the move generator, once (about 5 s; later starts load it from the cache)

and, on a terminal, a progress line under it (functions compiled, seconds) that is
cleared when the compiling is over.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, TextIO

from shashki.i18n import N_, _

PARTS: tuple[tuple[str, str, str], ...] = (
    # (module prefix, what, time on a busy 2-core machine)
    ("shashki.rules", N_("the move generator"), N_("about 5 s")),
    ("shashki.engine.egdb", N_("the endgame-database kernels"), N_("a few s")),
    ("shashki.engine", N_("the engine"), N_("about 30 s")),
)


def part_of(module: str) -> tuple[str, str] | None:
    """``(what, how long)`` of a kernel module, in the user's language; None for numba's
    own helpers (compiled as part of ours).

    >>> part_of("shashki.rules.kernels")[1]
    'about 5 s'
    >>> part_of("numba.np.arrayobj") is None
    True
    """
    for prefix, what, seconds in PARTS:
        if module == prefix or module.startswith(prefix + "."):
            return _(what), _(seconds)
    return None


class Notice:
    """Writes the compile notice to ``stream`` as numba reports its compiles."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.seen: set[str] = set()
        self.depth = 0
        self.compiled = 0
        """Functions compiled in this process so far."""
        self.count = 0
        self.t0 = 0.0
        self._live = False

    @property
    def out(self) -> TextIO:
        return self.stream if self.stream is not None else sys.stderr

    def started(self, module: str) -> None:
        """A function of ``module`` starts compiling."""
        self.depth += 1
        self.compiled += 1
        self.count += 1
        part = part_of(module)
        if part is not None and part[0] not in self.seen:
            self.seen.add(part[0])
            self._clear()
            line = _("shashki: compiling {what}, once ({time}; later starts load it from "
                     "the cache)").format(what=part[0], time=part[1])
            self.out.write(line + "\n")
            self.t0 = time.monotonic()
            self.count = 1
        self._progress()

    def ended(self) -> None:
        self.depth = max(0, self.depth - 1)
        if self.depth == 0:
            self._clear()
        else:
            self._progress()

    def _tty(self) -> bool:
        isatty = getattr(self.out, "isatty", None)
        return bool(isatty and isatty())

    def _progress(self) -> None:
        if not self._tty():
            return
        self.out.write(f"\r\033[K  … {self.count} · {time.monotonic() - self.t0:.0f} s")
        self.out.flush()
        self._live = True

    def _clear(self) -> None:
        if self._live:
            self.out.write("\r\033[K")
            self.out.flush()
            self._live = False


_notice: Notice | None = None


def _listen(notice: Notice) -> None:
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            dispatcher = ev.data.get("dispatcher")
            func = getattr(dispatcher, "py_func", None)
            notice.started(getattr(func, "__module__", "") or "")

        def on_end(self, ev: Any) -> None:
            notice.ended()

    register: Callable[[str, Any], None] = event.register
    register("numba:compile", Listener())


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs ``then`` right after the module ``name`` has been imported."""

    def __init__(self, name: str, then: Callable[[], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        loader: Any = spec.loader
        exec_module = loader.exec_module
        then = self.then

        def run(module: ModuleType) -> None:
            exec_module(module)
            then()

        loader.exec_module = run
        return spec


def install(stream: TextIO | None = None) -> Notice:
    """Install the notice once per process (on stderr unless ``stream`` is given)."""
    global _notice
    if _notice is not None:
        return _notice
    notice = _notice = Notice(stream)
    if "numba" in sys.modules:
        _listen(notice)
    else:
        sys.meta_path.insert(0, _AfterImport("numba", lambda: _listen(notice)))
    return notice


__all__ = ["Notice", "install", "part_of"]
