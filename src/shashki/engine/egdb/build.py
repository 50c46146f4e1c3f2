"""Building a database: the slices in order, each pair solved by retrograde analysis.

:func:`build` solves every material up to ``pieces`` pieces (see
:func:`~shashki.engine.egdb.tables.pairs` for the order) and writes each pair to the
directory as soon as it is done, with the manifest; slices already in the directory (of
the same variant and format) are read instead of solved, so a larger database grows from
a smaller one and an interrupted build goes on where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from shashki.engine.egdb import kernels as K
from shashki.engine.egdb.tables import (
    FORMAT,
    Layout,
    Material,
    load_slice,
    pairs,
    read_manifest,
    save_slice,
    write_manifest,
)
from shashki.errors import ShashkiError
from shashki.rules import Goal, Variant
from shashki.rules import kernels as RK

CHUNK = 1 << 17
"""Positions per call of the first pass (the progress bar moves between calls)."""


class EgdbError(ShashkiError):
    """A database that cannot be built, read or asked (bad variant, pieces, directory).

    >>> import tempfile
    >>> from shashki.engine.egdb import Database
    >>> try:
    ...     Database.build("russian", 9, tempfile.mkdtemp())
    ... except EgdbError as e:
    ...     print(e)
    pieces 9 is too many for russian (at most 6: the tables must fit in memory)
    """


@dataclass
class SliceStats:
    """What one slice holds.

    >>> import tempfile
    >>> from shashki.engine.egdb import Database
    >>> stats = Database.build("russian", 2, tempfile.mkdtemp()).report.slices[0]
    >>> stats.size > 0, stats.wins + stats.draws + stats.losses <= stats.size
    (True, True)
    """

    material: Material
    size: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    longest: int = 0
    """Longest distance to the end, plies."""
    seconds: float = 0.0
    """Time of solving its pair (0 when read from disk)."""
    stored: int = 0
    """Bytes of its file."""

    @property
    def positions(self) -> int:
        return self.wins + self.draws + self.losses

    def as_json(self) -> dict[str, Any]:
        return {"size": self.size, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "longest": self.longest,
                "seconds": round(self.seconds, 3), "bytes": self.stored}

    @classmethod
    def from_json(cls, m: Material, d: dict[str, Any]) -> SliceStats:
        return cls(m, int(d["size"]), int(d["wins"]), int(d["draws"]), int(d["losses"]),
                   int(d["longest"]), float(d["seconds"]), int(d["bytes"]))


@dataclass
class BuildReport:
    """The outcome of :func:`build`.

    >>> import tempfile
    >>> from shashki.engine.egdb import Database
    >>> report = Database.build("russian", 2, tempfile.mkdtemp()).report
    >>> report.variant, report.pieces, len(report.slices)
    ('russian', 2, 4)
    """

    variant: str
    pieces: int
    directory: Path
    slices: list[SliceStats] = field(default_factory=list)
    seconds: float = 0.0
    """Wall time of this call."""

    @property
    def positions(self) -> int:
        return sum(s.positions for s in self.slices)

    @property
    def wins(self) -> int:
        return sum(s.wins for s in self.slices)

    @property
    def draws(self) -> int:
        return sum(s.draws for s in self.slices)

    @property
    def losses(self) -> int:
        return sum(s.losses for s in self.slices)

    @property
    def stored(self) -> int:
        return sum(s.stored for s in self.slices)

    @property
    def solve_seconds(self) -> float:
        """Time spent solving (over every build that made these slices)."""
        return sum(s.seconds for s in self.slices)


Progress = Callable[[str, int, int], None]
"""``progress(slice_name, done, total)``: called as a pair is solved."""


def check_variant(variant: Variant, pieces: int) -> None:
    if variant.goal is not Goal.NORMAL:
        raise EgdbError(f"no endgame databases for {variant.name!r}: its goal is "
                        f"{variant.goal.value}")
    if pieces < 2:
        raise EgdbError(f"pieces {pieces}: at least 2 are needed")
    limit = 5 if variant.geometry.squares > 32 else 6
    if pieces > limit:
        raise EgdbError(f"pieces {pieces} is too many for {variant.name} (at most {limit}: "
                        "the tables must fit in memory)")


def _compatible(doc: dict[str, Any] | None, variant: Variant) -> bool:
    return (doc is not None and doc.get("variant") == variant.name
            and doc.get("format") == FORMAT)


def build(variant: Variant, pieces: int, directory: Path,
          progress: Progress | None = None) -> tuple[BuildReport, Any]:
    """Build (or complete) the database of ``variant`` up to ``pieces`` pieces in
    ``directory``; returns the report and the ``eg`` array (ready to probe)."""
    check_variant(variant, pieces)
    t0 = time.perf_counter()
    directory.mkdir(parents=True, exist_ok=True)
    lay = Layout(variant, pieces)
    eg = lay.allocate()
    doc = read_manifest(directory)
    known: dict[str, Any] = doc["slices"] if doc is not None and _compatible(doc, variant) else {}
    report = BuildReport(variant.name, pieces, directory)
    geo, rules = variant.kernel_arrays()
    gp = lay.gp(eg)
    offs = lay.offsets(eg)
    data = lay.data(eg)
    bufs = RK.buffers(0)
    mv = bufs[0][0][:256]
    manifest: dict[str, Any] = {"variant": variant.name, "format": FORMAT,
                                "pieces": pieces, "slices": {}}
    for a, b in pairs(pieces):
        members = [m for m in (a, b) if m is not None]
        if all(m.name in known for m in members):
            try:
                stats = []
                for m in members:
                    load_slice(directory, m, lay.slice_of(eg, m))
                    stats.append(SliceStats.from_json(m, known[m.name]))
            except (OSError, ValueError, KeyError):
                stats = []
            if stats:
                report.slices.extend(stats)
                for s in stats:
                    manifest["slices"][s.material.name] = s.as_json()
                continue
        stats = solve_pair(lay, eg, a, b, geo, rules, gp, offs, data, mv, bufs, progress)
        for s in stats:
            s.stored = save_slice(directory, s.material, lay.slice_of(eg, s.material))
            manifest["slices"][s.material.name] = s.as_json()
        report.slices.extend(stats)
        manifest["pieces"] = max(m.pieces for m in members)
        write_manifest(directory, manifest)
    manifest["pieces"] = pieces
    write_manifest(directory, manifest)
    report.seconds = time.perf_counter() - t0
    return report, eg


def solve_pair(lay: Layout, eg: Any, a: Material, b: Material | None, geo: Any, rules: Any,
               gp: Any, offs: Any, data: Any, mv: Any, bufs: Any,
               progress: Progress | None) -> list[SliceStats]:
    """Retrograde analysis of material ``a`` and its reverse ``b`` (module docstring of
    :mod:`shashki.engine.egdb.kernels`)."""
    t0 = time.perf_counter()
    na = lay.sizes[a]
    nb = lay.sizes[b] if b is not None else 0
    total = na + nb
    pr = np.zeros(8, dtype=np.int64)
    pr[K.PR_OM], pr[K.PR_OK], pr[K.PR_PM], pr[K.PR_PK] = a.om, a.ok, a.pm, a.pk
    pr[K.PR_NA], pr[K.PR_NB] = na, nb
    pr[K.PR_OFFA] = lay.offset[a]
    pr[K.PR_OFFB] = lay.offset[b] if b is not None else 0
    st = np.zeros(total, dtype=np.uint8)
    dep = np.zeros(total, dtype=np.int16)
    cnt = np.zeros(total, dtype=np.int16)
    ml = np.zeros(total, dtype=np.int16)
    ctr = np.zeros(4, dtype=np.int64)
    _, path, cx, cn, fu, fi = bufs
    name = a.describe() if b is None else f"{a.describe()} / {b.describe()}"
    work = 2 * total
    done = 0
    for lo in range(0, total, CHUNK):
        hi = min(lo + CHUNK, total)
        K.init_range(lo, hi, pr, gp, geo, rules, lay.binom, offs, data, st, dep, cnt, ml,
                     ctr, mv, path, cx, cn, fu, fi)
        done += hi - lo
        if progress is not None:
            progress(name, done, work)
    levels = np.iinfo(np.int16).max + 2
    head0 = np.full(levels, -1, dtype=np.int64)
    head = np.full(levels, -1, dtype=np.int64)
    nxt0 = np.empty(total, dtype=np.int32)
    nxt = np.empty(total, dtype=np.int32)
    K.seed_queue(st, dep, head0, nxt0)
    d = 0
    while ctr[K.CT_PENDING] > 0:
        if d >= levels - 2:
            raise EgdbError(f"{name}: distances beyond {levels - 2} plies")
        done += int(K.level_pass(d, pr, gp, geo, lay.binom, st, dep, cnt, ml, ctr,
                                 head0, nxt0, head, nxt))
        if progress is not None:
            progress(name, min(done, work), work)
        d += 1
    stats_arr = np.zeros((2, 4), dtype=np.int64)
    K.finish(pr, st, dep, data, stats_arr)
    if progress is not None:
        progress(name, work, work)
    seconds = time.perf_counter() - t0
    out = []
    for k, m in enumerate((a, b)):
        if m is None:
            continue
        w, dr, lo_, lg = (int(v) for v in stats_arr[k])
        out.append(SliceStats(m, lay.sizes[m], w, dr, lo_, lg, seconds * lay.sizes[m] / total))
    return out
