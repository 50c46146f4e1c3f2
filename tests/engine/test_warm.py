"""Fresh machines: the compile notice, in-process.

The Hub's warm-up before ``ready`` on a cold cache and ``shashki warm-up`` are tested where
the cache is truly cold, in the fresh installation of ``tests/test_install.py`` (one
compile of everything for both tests: it is the longest thing either does).
"""

from __future__ import annotations

import io

from shashki.cli.compiling import Notice, part_of


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_notice_says_each_part_once_and_counts_on_a_terminal() -> None:
    out = Tty()
    n = Notice(out)
    n.started("shashki.rules.kernels")
    n.started("numba.np.arrayobj")  # numba's helpers, compiled for ours
    n.ended()
    n.ended()
    n.started("shashki.rules.kernels")  # another function of the same part
    n.ended()
    n.started("shashki.engine.search")
    n.ended()
    text = out.getvalue()
    assert text.count("compiling the move generator, once") == 1
    assert text.count("compiling the engine, once") == 1
    assert "… 2 · 0 s" in text and text.endswith("\r\033[K")  # the progress line, cleared
    assert n.compiled == 4


def test_notice_without_a_terminal_is_plain_lines(monkeypatch: object) -> None:
    out = io.StringIO()
    n = Notice(out)
    for module in ("shashki.engine.egdb.kernels", "shashki.engine.egdb.kernels"):
        n.started(module)
        n.ended()
    assert out.getvalue() == ("shashki: compiling the endgame-database kernels, once (a few s; "
                              "later starts load it from the cache)\n")


def test_parts_by_module() -> None:
    assert part_of("shashki.engine.search") == ("the engine", "about 40 s")
    assert part_of("shashki.engine.egdb.kernels") == ("the endgame-database kernels", "a few s")
    assert part_of("shashki.rules") == ("the move generator", "about 15 s")
    assert part_of("shashki.rulesx") is None
