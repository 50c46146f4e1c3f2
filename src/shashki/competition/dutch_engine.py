"""shashki's own FIDE Dutch pairing engine (C.04.3, 2026 edition), without gacrux.

Design (see docs/rules.md K16): brackets are paired from the top score group down. A bracket is
its moved-down players (MDPs) followed by its residents, in pairing-number order. Candidates are
generated in the Dutch order: the MDPs (heterogeneous part) against the residents in
transposition order, then the remainder's S1 against S2 in transposition order, then exchanges
between S1 and S2 (C.04.3 D.2: one player each way, then two). Each candidate must satisfy the
absolute criteria (C1 no rematch or forbidden pair, C2 at most one PAB, C3 non-topscorers with
the same absolute colour preference do not meet) and the completion criterion C4 (the players
left below can still be paired, a PAB-eligible player left over when their number is odd).
Candidates are compared on the quality criteria in order, as a tuple: pairs in the bracket
(C5), the score differences (C6, C7), the next bracket's downfloaters (C8), the PAB assignee's
unplayed games (C9), topscorer colour criteria (C10, C11), colour preferences (C12) and strong
preferences (C13), repeated floats (C14–C17) and their score differences (C18–C21).

Two searches find the first candidate that is best on all of them. The fast path
(:meth:`DutchEngine.fast_bracket`) takes every criterion at its lower bound — C12 and C13 by
counting colour preferences, the others zero or their floor — and walks the candidates pruned by
those bounds; when a plain walk does not settle a split of S1 and S2, each tentative pair is
tested exactly by a minimum-cost assignment (:mod:`shashki.competition.matching`). A bracket
whose best candidate misses a bound goes to the general search, which compares candidates
within a budget. The PAB goes to the lowest score group from which the round can be completed.

The completion test uses Dirac's theorem (every remaining player compatible with at least half
of the others ⇒ Hamiltonian ⇒ pairable, with one PAB-eligible player left out when odd) and
falls back to an exact maximum matching (networkx) only when that fails, so large events
(1,000 players) never build the whole graph.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, combinations
from math import comb

import numpy as np

from shashki.competition.errors import PairingError
from shashki.competition.model import Entry, Tournament, pairing_numbers

Consider = Callable[[list[tuple[int, int]]], bool]
Quality = tuple[object, ...]
_Ex = tuple[tuple[int, ...], tuple[int, ...]]

BUDGET = 4000
"""Candidates examined per bracket before the best seen is taken."""
STEP_LIMIT = 200_000
"""Search steps per bracket and phase before the phase stops."""
BIG_BUDGET = 8
"""The same for brackets of more than 24 players (large events: speed over exactness)."""
FAULT = 10 ** 6
_BIG = 10 ** 12
"""An assignment cost that stands for a forbidden pair."""
"""Colour cost of a pair that breaks C10 or C11: above every bracket's C12 target."""


@dataclass
class SwissPlayer:
    """What the pairing rules need of one player (pairing number ``tpn``)."""

    tpn: int
    score: float
    colors: list[str] = field(default_factory=list)  # played games only, "w"/"b"
    opponents: set[int] = field(default_factory=set)  # pairing numbers (played + forbidden)
    pab_ok: bool = True
    floats: list[str] = field(default_factory=list)  # per round: "d", "u", "-"
    unplayed: int = 0
    top: bool = False

    @cached_property
    def cod(self) -> int:
        return self.colors.count("w") - self.colors.count("b")

    @cached_property
    def pref(self) -> tuple[str, int]:
        """(colour, strength): 3 absolute, 2 strong, 1 mild, 0 none (C.04.3 1.7)."""
        c, sq = self.cod, self.colors
        if c < -1:
            return "w", 3
        if c > 1:
            return "b", 3
        if len(sq) >= 2 and sq[-1] == sq[-2]:
            return ("b" if sq[-1] == "w" else "w"), 3
        if c == -1:
            return "w", 2
        if c == 1:
            return "b", 2
        if sq:
            return ("b" if sq[-1] == "w" else "w"), 1
        return "", 0

    def fl(self, back: int) -> str:
        return self.floats[-back] if len(self.floats) >= back else "-"


def players_from(t: Tournament, rnd: int, numbering: dict[int, int], skip: Iterable[int]
                 ) -> dict[int, SwissPlayer]:
    """The players to pair in round ``rnd``, by pairing number."""
    skipped = set(skip)
    ents = t.entries(rnd - 1)
    sc = t.scoring
    # The score before each round, as the event ranks it (micro-matches by game or match
    # points, docs/rules.md K19; record 299's bonuses and penalties included).
    before: dict[int, list[float]] = {}
    for n, pts in t.round_points(rnd - 1).items():
        acc = [0.0]
        for v in pts:
            acc.append(acc[-1] + v)
        before[n] = acc
    ranges: list[tuple[float, int, int, int, int]] = []
    if all(numbering[p.number] == p.number for p in t.players):
        # Accelerated rounds (TRF record 250: match and game points, rounds, players) add
        # to the pairing score; their player ranges are the file's own numbers.
        for rec in t.trf_records:
            w = rec.split()
            if w[0] == "250" and len(w) >= 7:
                try:
                    ranges.append((float(w[2]), int(w[3]), int(w[4]), int(w[5]), int(w[6])))
                except ValueError:
                    continue

    ranges += baku_ranges(t, numbering)

    def accel(tpn: int, r: int) -> float:
        return sum(v for v, r1, r2, p1, p2 in ranges if r1 <= r <= r2 and p1 <= tpn <= p2)

    out: dict[int, SwissPlayer] = {}
    last = t.rounds_planned and rnd >= t.rounds_planned
    for p in t.players:
        n = p.number
        if n in skipped or not p.active(rnd):
            continue
        sp = SwissPlayer(numbering[n], before[n][rnd - 1] + accel(numbering[n], rnd))
        byround_e: dict[int, list[Entry]] = {}
        for e in ents[n]:
            byround_e.setdefault(e.round, []).append(e)
        for r in range(1, rnd):
            es_r = byround_e.get(r, [])
            fl = "-"
            played = [e for e in es_r if e.opponent is not None and e.outcome in ("W", "D", "L")]
            if played:
                e0 = played[0]
                sp.colors.append(e0.color or "w")
                opp = e0.opponent or 0
                sp.opponents.add(numbering[opp])
                mine = before[n][r - 1] + accel(numbering[n], r)
                theirs = before[opp][r - 1] + accel(numbering[opp], r)
                fl = "d" if mine > theirs else "u" if mine < theirs else "-"
            else:
                sp.unplayed += 1
                got = sum(t.outcome_points(n, e) for e in es_r)
                if got > sc.loss:
                    fl = "d"
            for e in es_r:
                if e.outcome in ("PAB", "F", "+"):  # C.04.1 c: a PAB or a forfeit win
                    sp.pab_ok = False
            sp.floats.append(fl)
        if last:
            sp.top = sp.score > sc.win * (rnd - 1) / 2
        out[sp.tpn] = sp
    for f in t.forbidden:
        if f.applies(rnd):
            nums = [numbering[x] for x in f.players if numbering.get(x) in out]
            for a in nums:
                out[a].opponents.update(x for x in nums if x != a)
    if t.avoid_same_club:
        clubs: dict[str, list[int]] = {}
        for p in t.players:
            if p.club and numbering[p.number] in out:
                clubs.setdefault(p.club, []).append(numbering[p.number])
        for members in clubs.values():
            for a in members:
                out[a].opponents.update(x for x in members if x != a)
    return out


def baku_ranges(t: Tournament, numbering: dict[int, int]
                ) -> list[tuple[float, int, int, int, int]]:
    """The virtual points of the Baku Acceleration Method (FIDE C.04.5.1, "Baku
    Acceleration"), when the event uses it (``t.acceleration == "baku"``), as (points,
    first round, last round, first pairing number, last pairing number).

    GA is the first half of the players paired in round 1, rounded up to the nearest even
    number (2 × ⌈N/4⌉); its last player stays the last GA player when late entries come
    (they are in GA when their pairing number is before his). The accelerated rounds are
    the first half of the rounds, rounded up; GA has a win's points (1 under 1/½/0) before
    the first half of them, rounded up, and a draw's before the others; GB none.

    >>> from shashki.competition.model import SCORING, Tournament
    >>> t = Tournament(rounds_planned=9, acceleration="baku", scoring=SCORING["1-0.5-0"])
    >>> for i in range(161):
    ...     _ = t.add_player(f"P{i}", rating=2500 - i)
    >>> baku_ranges(t, {p.number: p.number for p in t.players})
    [(1.0, 1, 3, 1, 82), (0.5, 4, 5, 1, 82)]
    """
    if t.acceleration != "baku" or not t.rounds_planned:
        return []
    first = t.rounds[0] if t.rounds else None
    if first is not None:
        paired = {n for p in first.pairings for n in (p.white, p.black)} | {
            b.player for b in first.byes if b.kind == "PAB"}
    else:
        absent = {b.player for b in t.byes_requested.get(1, [])}
        paired = {p.number for p in t.players if p.entered <= 1 and p.number not in absent}
    order = sorted(numbering[n] for n in paired)
    if not order:
        return []
    last_ga = order[min(len(order), 2 * -(-len(order) // 4)) - 1]
    accelerated = -(-t.rounds_planned // 2)
    full = -(-accelerated // 2)
    out = [(t.scoring.win, 1, full, 1, last_ga)]
    if accelerated > full:
        out.append((t.scoring.draw, full + 1, accelerated, 1, last_ga))
    return out


class _Exhausted(Exception):
    """The general search's step budget ran out before any candidate was found."""


class DutchEngine:
    """Pair one round of players (see the module docstring)."""

    def __init__(self, players: dict[int, SwissPlayer], first_color: str = "w",
                 rank: dict[int, int] | None = None) -> None:
        self.p = players
        self.first = first_color
        self._cache: dict[frozenset[int], bool] = {}
        self._left: dict[frozenset[int], int] = {}
        self.found = False
        self.pab_here = False
        self.below: frozenset[int] = frozenset()
        """The players below the next bracket, for C8's completion (general search)."""
        """The bracket being searched passes its downfloater to the PAB (C9 applies)."""
        self.cap = 10 ** 9
        self.spent = 0
        self.steps = 0
        self.rank = rank or {x: i for i, x in enumerate(sorted(players), 1)}
        """The rank E.4/E.5 read (see :func:`e5_ranks`); by default among the players paired
        this round."""

    # --- absolute criteria ---------------------------------------------------------------

    def cost(self, a: int, b: int) -> int:
        """Players of the pair not getting their colour preference (C12)."""
        ca, sa = self.p[a].pref
        cb, sb = self.p[b].pref
        return 1 if sa and sb and ca == cb else 0

    def compatible(self, a: int, b: int) -> bool:
        pa, pb = self.p[a], self.p[b]
        if b in pa.opponents:
            return False
        if not (pa.top or pb.top):
            ca, sa = pa.pref
            cb, sb = pb.pref
            if sa == 3 and sb == 3 and ca == cb:
                return False
        return True

    def pairable(self, rest: frozenset[int]) -> bool:
        """C4: ``rest`` can all be paired, one PAB-eligible player left out when odd.

        Dirac's theorem first (every player compatible with at least half of the others ⇒
        a Hamiltonian cycle ⇒ a perfect matching; when odd, after taking out one of the last
        few PAB-eligible players), then an exact maximum matching."""
        if len(rest) <= 1:
            return all(self.p[x].pab_ok for x in rest)
        hit = self._cache.get(rest)
        if hit is not None:
            return hit
        if len(rest) % 2 == 0:
            res = self._dirac(rest)
        else:
            cands = [x for x in sorted(rest) if self.p[x].pab_ok]
            res = bool(cands) and any(self._dirac(rest - {c}) for c in cands[-3:])
        if not res:
            res = self._exact(rest)
        self._cache[rest] = res
        return res

    def _dirac(self, rest: frozenset[int]) -> bool:
        """Every player of ``rest`` (even) is compatible with at least half of it."""
        n = len(rest)
        absw = sum(1 for x in rest if self.p[x].pref == ("w", 3) and not self.p[x].top)
        absb = sum(1 for x in rest if self.p[x].pref == ("b", 3) and not self.p[x].top)
        for x in rest:
            px = self.p[x]
            bad = len(px.opponents & rest)
            if not px.top:
                bad += absw - 1 if px.pref == ("w", 3) else absb - 1 if px.pref == ("b", 3) else 0
            if 2 * (n - 1 - bad) < n:
                return False
        return True

    def restrict_pab(self) -> None:
        """With an odd field, the PAB goes to the lowest score group from which the rest of
        the round can still be paired (C.04.3 C4 with C2; gacrux's "PAB level"): only that
        group stays PAB-eligible, so every bracket's completion test keeps it possible."""
        if len(self.p) % 2 == 0:
            return
        everyone = frozenset(self.p)
        eligible = {x for x, px in self.p.items() if px.pab_ok}
        for s in sorted({self.p[x].score for x in eligible}):
            for x, px in self.p.items():
                px.pab_ok = x in eligible and px.score == s
            self._cache.clear()
            if self.pairable(everyone):
                return
        for x, px in self.p.items():
            px.pab_ok = x in eligible
        self._cache.clear()

    def leftover(self, group: frozenset[int]) -> int:
        """Players of ``group`` a maximum matching within it leaves unpaired (for C.04.3 C8:
        the next bracket's downfloaters)."""
        n = len(group)
        if n <= 1:
            return n
        hit = self._left.get(group)
        if hit is not None:
            return hit
        if n % 2 == 0 and self._dirac(group):
            res = 0
        elif n % 2 and any(self._dirac(group - {c}) for c in sorted(group)[-3:]):
            res = 1
        else:
            import networkx as nx  # type: ignore[import-untyped]

            g = nx.Graph()
            xs = sorted(group)
            g.add_nodes_from(xs)
            g.add_edges_from((a, b) for i, a in enumerate(xs) for b in xs[i + 1:]
                             if self.compatible(a, b))
            res = n - 2 * len(nx.max_weight_matching(g, maxcardinality=True))
        self._left[group] = res
        return res

    def min_leftovers(self, members: frozenset[int], lower: frozenset[int]) -> int:
        """The fewest players of the bracket ``members`` that must float for the round to be
        completed with the players ``lower`` (C.04.3 C4 before C5): a maximum matching of
        ``members | lower`` (a PAB-eligible player left over when odd) that pairs as many
        players of the bracket among themselves as it can."""
        import networkx as nx

        xs = sorted(members | lower)
        g = nx.Graph()
        g.add_nodes_from(xs)
        for i, a in enumerate(xs):
            for b in xs[i + 1:]:
                if self.compatible(a, b):
                    g.add_edge(a, b, weight=2 if a in members and b in members else 1)
        if len(xs) % 2:
            g.add_edges_from(((a, 0) for a in xs if self.p[a].pab_ok), weight=1)
        m: set[tuple[int, int]] = nx.max_weight_matching(g, maxcardinality=True)
        inside = sum(1 for a, b in m if a in members and b in members)
        return len(members) - 2 * inside

    def _exact(self, rest: frozenset[int]) -> bool:
        import networkx as nx

        g = nx.Graph()
        xs = sorted(rest)
        g.add_nodes_from(xs)
        for i, a in enumerate(xs):
            for b in xs[i + 1:]:
                if self.compatible(a, b):
                    g.add_edge(a, b)
        if len(xs) % 2:
            for a in xs:
                if self.p[a].pab_ok:
                    g.add_edge(a, 0)
        m: set[tuple[int, int]] = nx.max_weight_matching(g, maxcardinality=True)
        return 2 * len(m) == len(xs) + len(xs) % 2

    # --- colours -------------------------------------------------------------------------

    def allocate(self, a: int, b: int) -> tuple[int, int]:
        """(White, Black) by C.04.3 E.1-E.5."""
        w, b_, _ = self.allocate_why(a, b)
        return w, b_

    def allocate_why(self, a: int, b: int) -> tuple[int, int, str]:
        """(White, Black, the rule that decided): C.04.3 E.1 both preferences granted, E.2
        the stronger preference (both absolute: the wider colour difference), E.3 the
        colours alternated from the most recent round in which they differed, E.4 the
        higher-ranked player's preference, E.5 the initial colour by his pairing number."""
        pa, pb = self.p[a], self.p[b]
        ca, sa = pa.pref
        cb, sb = pb.pref
        if ca and ca != cb:
            return ((a, b) if ca == "w" else (b, a)) + ("E.1",)
        if cb and not ca:
            return ((b, a) if cb == "w" else (a, b)) + ("E.1",)
        if ca and ca == cb:
            if sa != sb:
                win = a if sa > sb else b
                other = b if win == a else a
                return ((win, other) if ca == "w" else (other, win)) + ("E.2",)
            if sa == 3 and abs(pa.cod) != abs(pb.cod):
                win = a if abs(pa.cod) > abs(pb.cod) else b
                other = b if win == a else a
                return ((win, other) if ca == "w" else (other, win)) + ("E.2",)
        qa, qb = pa.colors, pb.colors
        for i in range(1, min(len(qa), len(qb)) + 1):
            if qa[-i] != qb[-i]:
                return ((a, b) if qa[-i] == "b" else (b, a)) + ("E.3",)
        high, low = (a, b) if (pa.score, -pa.tpn) > (pb.score, -pb.tpn) else (b, a)
        if ca:
            return ((high, low) if ca == "w" else (low, high)) + ("E.4",)
        give = self.first if self.rank[high] % 2 == 1 else ("b" if self.first == "w" else "w")
        return ((high, low) if give == "w" else (low, high)) + ("E.5",)

    def top_colour_faults(self, a: int, b: int) -> int:
        """Players of a topscorers' pair whose colour difference passes ±2 (C10) or who get
        the same colour a third time running (C11), colours allocated by E.1–E.5."""
        faults = 0
        for x, col in zip(self.allocate(a, b), "wb", strict=True):
            px = self.p[x]
            if abs(px.cod + (1 if col == "w" else -1)) > 2:
                faults += 1
            if len(px.colors) >= 2 and px.colors[-1] == px.colors[-2] == col:
                faults += 1
        return faults

    # --- quality -------------------------------------------------------------------------

    def quality(self, pairs: list[tuple[int, int]], down: list[int], up_scores: float,
                last: bool, nxt: frozenset[int] = frozenset()) -> tuple[object, ...]:
        """The candidate's quality, compared lexicographically (smaller is better): pairs (C5),
        score differences (C6, C7), the next bracket's downfloaters (C8), the PAB assignee's
        unplayed games (C9), C10–C21."""
        p = self.p
        psd: list[float] = []
        c10 = c11 = c12 = c13 = 0
        c14 = c15 = c16 = c17 = 0
        s18: list[float] = []
        s19: list[float] = []
        s20: list[float] = []
        s21: list[float] = []
        for a, b in pairs:
            pa, pb = p[a], p[b]
            d = abs(pa.score - pb.score)
            psd.append(d)
            hi, lo = (pa, pb) if pa.score >= pb.score else (pb, pa)
            if d > 0:
                if hi.fl(1) == "d":
                    s18.append(d)
                if lo.fl(1) == "u":
                    c15 += 1
                    s19.append(d)
                if hi.fl(2) == "d":
                    s20.append(d)
                if lo.fl(2) == "u":
                    c17 += 1
                    s21.append(d)
            w, bl = self.allocate(a, b)
            for x, col in ((w, "w"), (bl, "b")):
                px = p[x]
                c, s = px.pref
                if s and c != col:
                    c12 += 1
                    if s >= 2:
                        c13 += 1
                if pa.top or pb.top:
                    cd = px.cod + (1 if col == "w" else -1)
                    if abs(cd) > 2:
                        c10 += 1
                    if len(px.colors) >= 2 and px.colors[-1] == px.colors[-2] == col:
                        c11 += 1
        for x in down:
            d = p[x].score - up_scores
            psd.append(d)
            if p[x].fl(1) == "d":
                c14 += 1
            if p[x].fl(2) == "d":
                c16 += 1
        # C9 where this bracket's one downfloater must take the PAB (none eligible below);
        # with several downfloaters the PAB is decided further down.
        pab_unplayed = p[down[0]].unplayed if self.pab_here and len(down) == 1 else 0
        n8 = self.next_floats(frozenset(down), nxt, self.below) if nxt else (0, ())
        return (-len(pairs), _desc(psd), n8, pab_unplayed, c10, c11, c12, c13, c14, c15, c16, c17,
                _desc(s18), _desc(s19), _desc(s20), _desc(s21))

    # --- brackets ------------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        """(White, Black) pairing numbers by board, and the PAB receiver."""
        # The fast path recurses once per S1 player of a bracket.
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * len(self.p) + 1000))
        order = sorted(self.p, key=lambda x: (-self.p[x].score, x))
        scores = sorted({self.p[x].score for x in order}, reverse=True)
        self.restrict_pab()
        if not self.pairable(frozenset(order)):
            raise PairingError("no pairing satisfies the absolute criteria")
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        for i, s in enumerate(scores):
            residents = [x for x in order if self.p[x].score == s]
            lower = frozenset(x for x in order if self.p[x].score < s)
            nxt = scores[i + 1] if i + 1 < len(scores) else s - 1
            got, mdps = self.bracket(mdps, residents, lower, nxt)
            pairs += got
        bye = mdps[0] if mdps else None
        if len(mdps) > 1:
            raise PairingError("no pairing satisfies the absolute criteria")
        out = [self.allocate(a, b) for a, b in pairs]
        out.sort(key=lambda wb: (-max(self.p[wb[0]].score, self.p[wb[1]].score),
                                 -(self.p[wb[0]].score + self.p[wb[1]].score), min(wb)))
        return out, bye

    def bracket(self, mdps: list[int], residents: list[int], lower: frozenset[int],
                next_score: float) -> tuple[list[tuple[int, int]], list[int]]:
        fast = self.fast_bracket(mdps, residents, lower, next_score)
        if fast is not None:
            return fast
        last = not lower
        members = mdps + residents
        best: list[object] = [None, None, None]
        count = [0]
        evals = [0]
        self.found = False
        budget = BUDGET if len(members) <= 24 else BIG_BUDGET
        nxt = frozenset(y for y in lower if self.p[y].score == next_score)
        self.below = frozenset(y for y in lower if y not in nxt)
        ideal = self.lower_bound(mdps, residents, last, next_score, nxt)

        def consider(pairs: list[tuple[int, int]]) -> bool:
            """Record a complete candidate; True to stop the search."""
            count[0] += 1
            used = {x for pr in pairs for x in pr}
            down = [x for x in members if x not in used]
            # The budget stops the search only once some candidate has been found.
            if last and (len(down) > 1 or (down and not self.p[down[0]].pab_ok)):
                return count[0] > budget and best[0] is not None
            if not last and not self.pairable(lower | frozenset(down)):
                return count[0] > budget and best[0] is not None
            self.pab_here = len(self.p) % 2 == 1 and (
                last or not any(self.p[y].pab_ok for y in lower))
            q = self.quality(pairs, down, next_score, last, nxt)
            evals[0] += 1
            if best[0] is None or q < best[0]:  # type: ignore[operator]
                best[0], best[1], best[2] = q, list(pairs), down
                self.found = True
                if q <= ideal:
                    return True
            return count[0] > budget

        full = -(len(members) // 2)
        for cap in (ideal[6], None):
            # First with C12 capped at its bound, then without if that did not reach the ideal.
            if cap is None and best[0] is not None and best[0] <= ideal:  # type: ignore[operator]
                break
            self.cap = 10 ** 9 if cap is None else cap  # type: ignore[assignment]
            self.spent = 0
            self.steps = 0
            count[0] = 0
            start = evals[0]
            for m in range(len(mdps), -1, -1):
                # MDPs paired heterogeneously: the first m of them (in order) against residents.
                for s1h in _subsets_in_order(mdps, m):
                    pool = [x for x in members if x not in s1h]
                    if self._hetero(list(s1h), pool, consider, []):
                        break
                # Fewer MDPs paired only while this pass has no candidate with the most pairs.
                if (evals[0] > start and best[0] is not None
                        and best[0][0] == full):  # type: ignore[index]
                    break
        if best[0] is None:
            raise PairingError("no pairing satisfies the absolute criteria")
        return best[1], best[2]  # type: ignore[return-value]

    def fast_bracket(self, mdps: list[int], residents: list[int], lower: frozenset[int],
                     next_score: float) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The bracket's pairing when it reaches every quality criterion's lower bound, else
        None (the general search decides).

        Every moved-down player is paired (C5, C6), the remainder S1 against S2 with the
        fewest leftovers that complete the round (C4, C5); C12 and C13 at their counting
        bound (:func:`_colour_bound`), C10 and C11 zero for topscorers, no repeated float
        (C14–C17: no resident upfloater who floated up one or two rounds ago, no downfloater
        who floated down then), the PAB to a player with the fewest unplayed games (C9), the
        leftover giving the next bracket the fewest downfloaters (C8). C18 and C20 are the
        same for every such candidate. Candidates are walked in the Dutch order (C.04.3 D:
        MDPs against residents in transposition order, then the remainder's transpositions
        and exchanges) and pruned by the bounds, so the first leaf is the first candidate in
        that order that is optimal on every criterion, which is C.04.3's pairing.
        """
        members = mdps + residents
        slack = len(members) % 2
        if lower and ((slack == 0 and not self.pairable(lower)) or (
                slack == 1 and not any(self.pairable(lower | {x}) for x in members))):
            # More downfloaters than the parity needs only when fewer cannot complete the
            # round (C4 before C5): cheap to rule out for zero or one, else counted exactly.
            slack = self.min_leftovers(frozenset(members), lower)
        if len(members) - slack < 2 * len(mdps):
            return None
        try:
            return self._fast(mdps, residents, lower, next_score, slack)
        except _Exhausted:
            return None

    def _fast(self, mdps: list[int], residents: list[int], lower: frozenset[int],
              next_score: float, slack: int
              ) -> tuple[list[tuple[int, int]], list[int]] | None:
        """:meth:`fast_bracket` with ``slack`` players left over."""
        p = self.p
        members = mdps + residents
        last = not lower
        nxt = frozenset(y for y in lower if p[y].score == next_score)
        ct = {x: _ctype(p[x].pref) for x in members}
        cnt = [0] * 5
        for x in members:
            cnt[ct[x]] += 1
        t12, t13 = _colour_bound(cnt, slack)
        good: set[int] = set()
        pool: list[int] = []
        if slack:
            # A single leftover that must take the PAB is PAB-eligible with the fewest
            # unplayed games (C9); of several, completion decides who takes it.
            pab_here = slack == 1 and len(p) % 2 == 1 and (
                last or not any(p[y].pab_ok for y in lower))
            pool = [x for x in residents if not pab_here or p[x].pab_ok]
            if pab_here and pool:
                least = min(p[x].unplayed for x in pool)
                pool = [x for x in pool if p[x].unplayed == least]
            good = {x for x in pool if p[x].fl(1) != "d" and p[x].fl(2) != "d"}
            if len(good) < slack:
                return None
        elif not self.pairable(lower):
            return None
        steps = [0]
        limit = 20_000 + 40 * len(members)

        okd: dict[int, bool] = {}
        below = frozenset(y for y in lower if y not in nxt)
        c8_best: list[tuple[int, tuple[float, ...]]] = []

        def c8_floor(k: int) -> tuple[int, tuple[float, ...]]:
            """The best C8 value the next bracket can have with ``k`` joining it."""
            base = min(p[y].score for y in nxt)
            if (len(nxt) + k) % 2 == 0:
                return (0, ()) if self.pairable(below) else (2, (base, base))
            return 1, (base,)

        def c8_ok(x: int) -> bool:
            """Leftover ``x`` gives the next bracket the fewest downfloaters (C8): at once
            when it reaches the floor that parity and completion set for any leftover, else
            against the best of all possible leftovers, repeated floaters included (C8 comes
            before C14–C17)."""
            got = self.next_floats(frozenset((x,)), nxt, below)
            if got <= c8_floor(1):
                return True
            if not c8_best:
                c8_best.append(min((self.next_floats(frozenset((y,)), nxt, below)
                                    for y in pool if self.pairable(lower | {y})),
                                   default=(-1, ())))
            return got == c8_best[0]

        def ok_down(x: int) -> bool:
            """The bracket's one leftover: no repeated downfloat, C9's PAB, C8, C4."""
            hit = okd.get(x)
            if hit is None:
                hit = okd[x] = x in good and (last or (
                    c8_ok(x) and self.pairable(lower | {x})))
            return hit

        c8_sets: list[tuple[int, tuple[float, ...]]] = []

        def c8_target(k: int) -> tuple[int, tuple[float, ...]]:
            """The best C8 value ``k`` leftovers can give the next bracket: the floor, or,
            when no set of them that completes the round reaches it, the best of those sets
            (repeated floaters included: C8 comes before C14–C17), when few enough to list."""
            if not c8_sets:
                floor = c8_floor(k)
                best = floor
                if comb(len(pool), k) <= C8_SETS:
                    got = [self.next_floats(frozenset(d), nxt, below)
                           for d in combinations(pool, k) if self.pairable(lower | set(d))]
                    if got and min(got) > floor:
                        best = min(got)
                c8_sets.append(best)
            return c8_sets[0]

        def ok_set(down: list[int]) -> bool:
            """The bracket's leftovers: one by :func:`ok_down`, several jointly (C8, C4)."""
            if len(down) == 1:
                return ok_down(down[0])
            d = frozenset(down)
            return (all(x in good for x in d) and not last
                    and self.next_floats(d, nxt, below) <= c8_target(len(d))
                    and self.pairable(lower | d))

        def pair_cost(a: int, b: int) -> tuple[int, int]:
            """(C12, C13) of the pair; (FAULT, FAULT) when a topscorer's pair breaks C10 or C11."""
            pa, pb = p[a], p[b]
            if (pa.top or pb.top) and self.top_colour_faults(a, b):
                return FAULT, FAULT
            ca, sa = pa.pref
            cb, sb = pb.pref
            if ca and ca == cb:
                return 1, 1 if min(sa, sb) >= 2 else 0
            return 0, 0

        unit = len(members) + 1
        costs: dict[tuple[int, int], int | None] = {}

        def cost_of(a: int, b: int) -> int | None:
            """C12 × unit + C13 of a pair, None when it may not be made (C1, C3, C10, C11)."""
            key = (a, b)
            if key not in costs:
                c12, c13 = pair_cost(a, b)
                costs[key] = (c12 * unit + c13 if c12 < FAULT and self.compatible(a, b)
                              else None)
            return costs[key]

        def feasible(s1: list[int], s2: list[int], r12: int, r13: int) -> bool:
            """Exactly: ``s1`` can be paired into ``s2`` with C12 = ``r12``, C13 ≤ ``r13``, the
            one left over (when odd) a valid downfloater; a minimum-cost assignment (matching.py),
            C12 weighted above C13. The counting bound already keeps C12 from going lower."""
            k1, k2 = len(s1), len(s2)
            steps[0] += k2
            if k1 == 0:
                return k2 == slack and (k2 == 0 or ok_set(s2))
            sets = leftover_sets() if k2 > k1 else None
            if sets is not None:
                # Several leftovers: each valid set of them in turn, the rest paired exactly.
                have = set(s2)
                return any(d <= have and feasible(s1, [y for y in s2 if y not in d], r12, r13)
                           for d in sets)
            m = np.full((k2, k2), _BIG, dtype=np.int64)
            for i, a in enumerate(s1):
                for j, b in enumerate(s2):
                    c = cost_of(a, b)
                    if c is not None:
                        m[i, j] = c
            for j, b in enumerate(s2):
                # Several leftovers are tested one by one here (a relaxation); the whole set
                # is checked when the walk ends.
                if k2 > k1 and (ok_down(b) if slack == 1 else b in good):
                    m[k1:, j] = 0
            from shashki.competition.matching import min_cost_assignment

            return min_cost_assignment(m) <= r12 * unit + r13

        sets_cache: list[list[frozenset[int]] | None] = []

        def leftover_sets() -> list[frozenset[int]] | None:
            """The valid sets of several leftovers (:func:`ok_set`), when few enough to list;
            None for one leftover (the assignment takes it as a dummy row) or too many."""
            if not sets_cache:
                g = sorted(good)
                if slack < 2 or comb(len(g), slack) > 300:
                    sets_cache.append(None)
                else:
                    sets_cache.append([frozenset(d) for d in combinations(g, slack)
                                       if ok_set(list(d))])
            return sets_cache[0]

        def guided(s1: list[int], s2: list[int], c12: int, c13: int
                   ) -> tuple[list[tuple[int, int]], list[int]] | None:
            """The first transposition in order reaching the targets: each S1 player takes the
            first S2 player after which :func:`feasible` still holds."""
            if not feasible(s1, s2, t12 - c12, t13 - c13):
                return None
            out: list[tuple[int, int]] = []
            rest = list(s2)
            for i, a in enumerate(s1):
                for b in rest:
                    c = cost_of(a, b)
                    if c is None:
                        continue
                    n12, n13 = c12 + c // unit, c13 + c % unit
                    if n12 > t12 or n13 > t13:
                        continue
                    left = [y for y in rest if y != b]
                    if feasible(s1[i + 1:], left, t12 - n12, t13 - n13):
                        out.append((a, b))
                        rest, c12, c13 = left, n12, n13
                        break
                else:  # pragma: no cover - feasible() said a completion exists
                    return None
            if slack > 1 and not ok_set(rest):
                raise _Exhausted  # the relaxation misled the walk: the general search decides
            return out, rest

        def remainder(rest: list[int], spent: tuple[int, int]
                      ) -> tuple[list[tuple[int, int]], list[int]] | None:
            """The remainder's transpositions, then its single exchanges (C.04.3 D.1, D.2):
            a plain walk first, the assignment-guided walk when that does not settle it."""
            rest = sorted(rest, key=lambda x: (-p[x].score, x))
            half = (len(rest) - slack) // 2
            s1, s2 = rest[:half], rest[half:]
            for k, (x1, x2) in enumerate(chain([((), ())], _lazy(_exchanges, s1, s2))):
                t1 = sorted([x for x in s1 if x not in x1] + list(x2))
                t2 = sorted([x for x in s2 if x not in x2] + list(x1))
                if k == 0:
                    got, settled = transpositions(t1, t2, spent)
                    if got is not None:
                        return got
                    if settled:
                        continue
                got = guided(t1, t2, *spent)
                if got is not None or steps[0] > limit:
                    return got
            return None

        def transpositions(s1: list[int], s2: list[int], spent: tuple[int, int]
                           ) -> tuple[tuple[list[tuple[int, int]], list[int]] | None, bool]:
            """A walk pruned by the counting bounds: (the pairing or None, whether the walk
            was complete), within a small step budget."""
            budget = [2_000 + 20 * len(members)]
            c1 = [0] * 5
            c2 = [0] * 5
            for x in s1:
                c1[ct[x]] += 1
            for x in s2:
                c2[ct[x]] += 1
            taken = [False] * len(s2)
            goodleft = [sum(1 for x in s2 if x in good)]
            out: list[tuple[int, int]] = []

            def go(i: int, c12: int, c13: int) -> list[int] | None:
                if i == len(s1):
                    down = [x for j, x in enumerate(s2) if not taken[j]]
                    if slack and not ok_set(down):
                        return None
                    return down
                a = s1[i]
                c1[ct[a]] -= 1
                for j, b in enumerate(s2):
                    if taken[j]:
                        continue
                    budget[0] -= 1
                    if budget[0] < 0:
                        break
                    if not self.compatible(a, b):
                        continue
                    if slack and b in good and goodleft[0] <= slack:
                        continue
                    d12, d13 = pair_cost(a, b)
                    n12, n13 = c12 + d12, c13 + d13
                    if n12 > t12 or n13 > t13:
                        continue
                    c2[ct[b]] -= 1
                    both = [c1[k] + c2[k] for k in range(5)]
                    r12, r13 = _colour_bound(both, slack)
                    if (n12 + max(r12, _bipartite_clashes(c1, c2)) <= t12
                            and n13 + r13 <= t13):
                        taken[j] = True
                        goodleft[0] -= b in good
                        out.append((a, b))
                        got = go(i + 1, n12, n13)
                        if got is not None:
                            return got
                        out.pop()
                        goodleft[0] += b in good
                        taken[j] = False
                    c2[ct[b]] += 1
                c1[ct[a]] += 1
                return None

            start = budget[0]
            down = go(0, *spent)
            steps[0] += start - max(budget[0], 0)
            return (None if down is None else (list(out), down)), budget[0] >= 0

        hetero: list[tuple[int, int]] = []
        used: set[int] = set()
        hc = cnt[:]

        def het(i: int, c12: int, c13: int) -> tuple[list[tuple[int, int]], list[int]] | None:
            if i == len(mdps):
                got = remainder([x for x in residents if x not in used], (c12, c13))
                return None if got is None else (hetero + got[0], got[1])
            a = mdps[i]
            hc[ct[a]] -= 1
            for b in residents:
                if b in used:
                    continue
                steps[0] += 1
                if steps[0] > limit:
                    break
                if not self.compatible(a, b):
                    continue
                if p[b].fl(1) == "u" or p[b].fl(2) == "u":
                    continue
                d12, d13 = pair_cost(a, b)
                n12, n13 = c12 + d12, c13 + d13
                hc[ct[b]] -= 1
                r12, r13 = _colour_bound(hc, slack)
                if n12 + r12 <= t12 and n13 + r13 <= t13:
                    used.add(b)
                    hetero.append((a, b))
                    got = het(i + 1, n12, n13)
                    if got is not None:
                        return got
                    hetero.pop()
                    used.discard(b)
                hc[ct[b]] += 1
            hc[ct[a]] += 1
            return None

        return het(0, 0, 0)

    def next_floats(self, down: frozenset[int], nxt: frozenset[int], below: frozenset[int]
                    ) -> tuple[int, tuple[float, ...]]:
        """The next bracket's downfloaters when ``down`` joins it (C.04.3 C8): their number,
        then their scores, highest first, as low as can be (a joining player who floats on
        has a higher score than the bracket's own). The number: those a maximum matching
        within it leaves, and at least two (even) or three (odd) when fewer cannot complete
        the players ``below`` it (C4)."""
        group = nxt | down
        k = self.leftover(group)
        if len(group) % 2 == 0:
            if k < 2 and not self.pairable(below):
                k = 2
        elif k < 3 and not any(self.pairable(below | {x}) for x in sorted(group)):
            k = 3
        if k == 0:
            return 0, ()
        base = min(self.p[y].score for y in nxt)
        if len(down) == 1:
            # Can the joining player be paired there, the rest still completing the round?
            x = next(iter(down))
            ok = any(self.compatible(x, y) and self.pairable((nxt - {y}) | below)
                     for y in sorted(nxt, reverse=True))
            return k, (base,) * k if ok else (self.p[x].score,) + (base,) * (k - 1)
        while k <= len(group) and comb(len(group), k) <= 200:
            # The lowest set that can be left over: the rest paired, the round complete;
            # two more when no set of this size does.
            best: tuple[float, ...] | None = None
            for left in combinations(sorted(group), k):
                sc = tuple(sorted((self.p[y].score for y in left), reverse=True))
                if best is not None and sc >= best:
                    continue
                rest = group - set(left)
                if self.leftover(rest) == 0 and self.pairable(below | set(left)):
                    best = sc
            if best is not None:
                return k, best
            k += 2
        return k, (base,) * k

    def _hetero(self, s1: list[int], pool: list[int], consider: Consider,
                acc: list[tuple[int, int]]) -> bool:
        """Pair ``s1`` (MDPs) against ``pool`` in transposition order, then the remainder."""
        if not s1:
            rem = [x for x in pool if x not in {y for pr in acc for y in pr}]
            rem.sort(key=lambda x: (-self.p[x].score, x))
            return self._homo(rem, consider, acc)
        a = s1[0]
        used = {y for pr in acc for y in pr}
        for b in pool:
            if b in used or b == a or not self.compatible(a, b):
                continue
            c = self.cost(a, b)
            if self.spent + c > self.cap:
                continue
            self.spent += c
            ok = self._hetero(s1[1:], pool, consider, [*acc, (a, b)])
            self.spent -= c
            if ok:
                return True
        return False

    def _homo(self, rem: list[int], consider: Consider, acc: list[tuple[int, int]]) -> bool:
        fn = consider
        n = len(rem)
        for npairs in range(n // 2, -1, -1):
            s1, s2 = rem[:npairs], rem[npairs:]
            self.steps = 0
            try:
                if self._split(s1, s2, fn, acc):
                    return True
            except _Exhausted:
                # No candidate with this many pairs within the step budget: try fewer.
                continue
        return False

    def _split(self, s1: list[int], s2: list[int], fn: Consider,
               acc: list[tuple[int, int]]) -> bool:
        """The transpositions of S1 against S2, then their single exchanges."""
        for x1, x2 in chain([((), ())], _lazy(_exchanges, s1, s2)):
            t1 = sorted([x for x in s1 if x not in x1] + list(x2))
            t2 = sorted([x for x in s2 if x not in x2] + list(x1))
            if self._transpose(t1, t2, fn, acc):
                return True
        return False

    def _transpose(self, s1: list[int], s2: list[int], consider: Consider,
                   acc: list[tuple[int, int]]) -> bool:
        fn = consider
        out: list[tuple[int, int]] = []
        taken = [False] * len(s2)

        def go(i: int) -> bool:
            self.steps += 1
            if self.steps > STEP_LIMIT:
                if self.found:
                    return True
                raise _Exhausted
            if i == len(s1):
                return fn(acc + out)
            a = s1[i]
            for j, b in enumerate(s2):
                if taken[j] or not self.compatible(a, b):
                    continue
                c = self.cost(a, b)
                if self.spent + c > self.cap:
                    continue
                self.spent += c
                taken[j] = True
                out.append((a, b))
                if go(i + 1):
                    self.spent -= c
                    return True
                out.pop()
                taken[j] = False
                self.spent -= c
            return False

        return go(0)

    def lower_bound(self, mdps: list[int], residents: list[int], last: bool,
                    next_score: float, nxt: frozenset[int] = frozenset()
                    ) -> tuple[object, ...]:
        members = mdps + residents
        n = len(members)
        psd: list[float] = []
        s = self.p[residents[0]].score if residents else next_score
        for x in mdps[:len(residents)]:
            psd.append(self.p[x].score - s)
        psd += [0.0] * (n // 2 - len(psd))
        if n % 2:
            psd.append(s - next_score)
        colors = [self.p[x].pref for x in members]
        w = sum(1 for c, st in colors if c == "w")
        b = sum(1 for c, st in colors if c == "b")
        nc = n - w - b
        c12 = max(0, abs(w - b) - nc) // 2
        par = (len(nxt) + n % 2) % 2 if nxt else 0
        n8 = (par, (min(self.p[y].score for y in nxt),) * par if par else ())
        return (-(n // 2), tuple(sorted(psd, reverse=True)), n8, 0, 0, 0, c12, 0, 0, 0, 0, 0,
                (), (), (), ())


def _ctype(pref: tuple[str, int]) -> int:
    """Colour class for the counting bounds: 0 none, 1 mild W, 2 strong/absolute W, 3 mild B,
    4 strong/absolute B."""
    c, s = pref
    if not c:
        return 0
    return (1 if c == "w" else 3) + (1 if s >= 2 else 0)


def _colour_bound(cnt: list[int], slack: int) -> tuple[int, int]:
    """Least (C12, C13) of any pairing of players with colour classes ``cnt``, ``slack`` of
    them left unpaired (C.04.3 C12, C13: only players wanting the same colour can clash; a
    clash costs C13 only when both preferences are strong)."""
    wc, bc, nc = cnt[1] + cnt[2], cnt[3] + cnt[4], cnt[0] + slack
    if wc > bc:
        c12 = max(0, wc - bc - nc) // 2
        return c12, max(0, c12 - cnt[1])
    c12 = max(0, bc - wc - nc) // 2
    return c12, max(0, c12 - cnt[3])


def _bipartite_clashes(c1: list[int], c2: list[int]) -> int:
    """Least C12 clashes pairing every player of side 1 (classes ``c1``) with a distinct player
    of side 2 (``c2``, at least as many): W meets B or none, B meets W or none, none meets
    anyone; greedy in that order is optimal for three classes."""
    w1, b1, n1 = c1[1] + c1[2], c1[3] + c1[4], c1[0]
    w2, b2, n2 = c2[1] + c2[2], c2[3] + c2[4], c2[0]
    x = min(w1, b2)
    y = min(b1, w2)
    w1, b2, b1, w2 = w1 - x, b2 - x, b1 - y, w2 - y
    a = min(w1, n2)
    b = min(b1, n2 - a)
    c = min(n1, b2 + w2 + n2 - a - b)
    return w1 + b1 + n1 - (a + b + c)


def _lazy(make: Callable[[list[int], list[int]], list[_Ex]], s1: list[int], s2: list[int]
          ) -> Iterator[_Ex]:
    """``make(s1, s2)``, built only when the first item is asked for."""
    yield from make(s1, s2)


def _desc(v: list[float]) -> tuple[float, ...]:
    return tuple(sorted(v, reverse=True))


def _subsets_in_order(xs: list[int], m: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(xs, m))


C8_SETS = 600
"""Sets of several leftovers listed to find the best C8 value when the floor is not reached."""

DOUBLE_EXCHANGES = 12
"""Exchanges of two players each way are tried when S1 has at most this many players."""


def _exchanges(s1: list[int], s2: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Exchanges S1↔S2 in C.04.3 D.2's order: fewest players exchanged (one each way, then
    two when S1 is small), smallest difference of the BSN sums moved, the highest S1 BSNs
    moved, the lowest S2 BSNs moved."""
    from itertools import combinations

    bsn = {x: i for i, x in enumerate(s1 + s2)}

    def key(e: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[object, ...]:
        a, b = e
        return (len(a), sum(bsn[x] for x in b) - sum(bsn[x] for x in a),
                sorted(-bsn[x] for x in a), sorted(bsn[x] for x in b))

    ex: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((a,), (b,)) for a in s1 for b in s2]
    if 2 <= len(s1) <= DOUBLE_EXCHANGES:
        ex += [(a2, b2) for a2 in combinations(s1, 2) for b2 in combinations(s2, 2)]
    ex.sort(key=key)
    return ex


def e5_ranks(t: Tournament, rnd: int, numbering: dict[int, int], present: set[int]
             ) -> dict[int, int]:
    """Pairing number → the rank C.04.3 E.5 reads: players counted in pairing-number order,
    those paired this round and those who took part in an earlier round's pairing — an
    opponent, forfeits included, or the PAB (an absent player keeps his place; one never
    paired yet, such as a late entry, has none). The 2025 text's pairing numbers carry the
    "subsequent modifications depending on possible late entries" (C.04.3 A.2, C.04.2 C);
    bbpPairings (``Tournament::updateRanks``) and gacrux count the same players
    (docs/rules.md K24)."""
    ents = t.entries(rnd - 1)
    seen = {numbering[n] for n, es in ents.items()
            if any(e.opponent or e.outcome == "PAB" for e in es)}
    out: dict[int, int] = {}
    k = 0
    for tpn in sorted(numbering.values()):
        if tpn in present or tpn in seen:
            k += 1
            out[tpn] = k
    return out


def pair_round(t: Tournament, rnd: int, skip: Iterable[int] = ()
               ) -> tuple[list[tuple[int, int]], int | None]:
    """Pair round ``rnd`` of ``t``: (White, Black) player numbers by board, and the player
    who gets the pairing-allocated bye (or None). ``skip``: players not paired this round."""
    num = pairing_numbers(t)
    back = {v: k for k, v in num.items()}
    players = players_from(t, rnd, num, skip)
    if not players:
        return [], None
    eng = DutchEngine(players, "w" if t.first_color.startswith("w") else "b",
                      e5_ranks(t, rnd, num, set(players)))
    pairs, bye = eng.pair()
    return [(back[w], back[b]) for w, b in pairs], (back[bye] if bye is not None else None)
