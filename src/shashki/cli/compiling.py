"""Say on stderr, once, when the compiled kernels are being compiled (a cold cache).

numba compiles a function only when its on-disk cache has nothing usable for it (a fresh
install, a new numba, a changed source file); it then fires its ``numba:compile`` event.
A listener on that event is the cheap detector: it costs nothing while the cache is warm
and needs no guess about where the cache lives (``__pycache__``, ``NUMBA_CACHE_DIR`` or
the user's cache directory). The listener is installed when numba itself is imported, so
commands that never touch the kernels do not import numba for it.

On the first compile of each part the command prints one line, e.g.::

    shashki: compiling the move generator, once (about 15 s; later starts load it from the cache)

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

PARTS: tuple[tuple[str, frozenset[str], str, str], ...] = (
    # (module prefix, its functions that start this part (empty: any), what, time):
    # the times of a cold compile on a busy 2-core machine (docs/engine.md, "First use")
    ("shashki.rules", frozenset({"replay", "find_move", "_path_has"}),
     N_("the PDN move reader"), N_("about 5 s")),
    ("shashki.rules", frozenset({"perft"}), N_("perft"), N_("about 5 s")),
    ("shashki.rules", frozenset(), N_("the move generator"), N_("about 15 s")),
    ("shashki.engine.egdb", frozenset(), N_("the endgame-database kernels"), N_("a few s")),
    ("shashki.engine", frozenset(), N_("the engine"), N_("about 40 s")),
)
"""Each part of the compiled code a command may compile, found by the function whose
compile starts it: a process compiles only the parts it calls (the move generator, then
the engine, for ``shashki analyse``; the PDN move reader for ``shashki pdn check``), each
once for every variant (one signature serves them all) and once for every later process
(numba's cache)."""


def part_of(module: str, name: str = "") -> tuple[str, str] | None:
    """``(what, how long)`` of the kernel ``name`` of ``module``, in the user's language;
    None for numba's own helpers (compiled as part of ours).

    >>> part_of("shashki.rules.kernels", "generate")
    ('the move generator', 'about 15 s')
    >>> part_of("shashki.rules.kernels", "replay")[0]
    'the PDN move reader'
    >>> part_of("numba.np.arrayobj") is None
    True
    """
    for prefix, names, what, seconds in PARTS:
        if (module == prefix or module.startswith(prefix + ".")) and (not names
                                                                       or name in names):
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

    def started(self, module: str, name: str = "") -> None:
        """The function ``name`` of ``module`` starts compiling. What a function compiles
        for it (the functions it calls) belongs to its part."""
        self.depth += 1
        self.compiled += 1
        self.count += 1
        part = part_of(module, name) if self.depth == 1 else None
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
            notice.started(getattr(func, "__module__", "") or "",
                           getattr(func, "__name__", "") or "")

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
