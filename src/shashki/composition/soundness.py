"""The soundness checker: prove a composition's solution, find what the rules count as
defects, each with the line that shows it.

For a composition and its stipulation :func:`check` proves, with the exact search of
:mod:`shashki.composition.prover` and the endgame databases where they reach:

- **no solution** — no first move fulfils the task (RI-64 1.1.3: "the task is fulfilled
  by White playing first"), or the author's own solution is refuted (a defence he did not
  meet), with the refuting line;
- **cook** (побочное решение) — another first move also fulfils the task: the solution is
  not unique (docs/composition.md, "Uniqueness");
- **dual** (дуаль) — at a later move of the author's solution a second move also fulfils
  the task in the moves left; not counted where White has a single piece (the Russian
  rules' exception for play with one white piece, in studies and problem finals);
- **shorter** — a solution in fewer moves than the stipulation states;
- **illegal** / **unreachable** — a position no game can have (:mod:`.legality`).

A win is the end of the game by Code 1.8.1 (the opponent has no move). When the task
states no number of moves, other first moves are searched up to the author's length plus
four or the proved length of the author's win plus two, whichever is more (at most
:attr:`Limits.max_moves`, at least the author's), a position the tables prove won
counting as the goal reached: the verdict then says "within K moves" unless the
tables decided, and "not proven within the limit" when the node or time limit stopped the
search first. The engine (:class:`shashki.engine.Engine`) may be given to find longer
wins of other first moves beyond that bound; each such find is then proved by the search
before it counts.

>>> from shashki.composition import Composition, Stipulation, check
>>> c = Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("+"))
>>> v = check(c)
>>> v.status, v.first_moves
('sound', [('c3-b4', 2)])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from shashki.board import Board
from shashki.color import WHITE
from shashki.composition.legality import position_defects
from shashki.composition.prover import Limits, Prover, Undecided
from shashki.composition.record import Composition, Goal
from shashki.errors import InvalidFen
from shashki.move import Move
from shashki.pdn import GameNode


class Kind(StrEnum):
    """What a defect is: an illegal or unreachable position, no solution, a cook (a second
    solution), a shorter solution, or a dual.

    >>> [k.value for k in Kind]
    ['illegal', 'unreachable', 'no-solution', 'cook', 'shorter', 'dual']
    """
    ILLEGAL = "illegal"
    UNREACHABLE = "unreachable"
    NO_SOLUTION = "no-solution"
    COOK = "cook"
    SHORTER = "shorter"
    DUAL = "dual"


FATAL = {Kind.ILLEGAL, Kind.UNREACHABLE, Kind.NO_SOLUTION, Kind.COOK, Kind.SHORTER}
"""Defects that make a composition unsound (a dual lowers its mark: docs/composition.md)."""

ARTICLES = {
    Kind.ILLEGAL: "Code 1.4.4",
    Kind.UNREACHABLE: "Code 1.5.3",
    Kind.NO_SOLUTION: "RI-64 1.1.3",
    Kind.COOK: "RI-64 1.1.4",
    Kind.SHORTER: "RI-64 1.1.3",
    Kind.DUAL: "RI-64 1.1.4",
}
"""The article each defect answers to (docs/composition.md cites them)."""


@dataclass
class Defect:
    """One defect with the line that shows it: ``line`` from the initial position in the
    Code's notation, ``fens`` the position before each move and after the last (the
    diagram sequence).

    >>> from shashki.composition import Composition, Stipulation, check
    >>> verdict = check(Composition("W:Wb4,d4:Bb6,h8", Stipulation.parse("+1")))
    >>> [(d.kind, d.line) for d in verdict.defects]
    [(<Kind.NO_SOLUTION: 'no-solution'>, [])]
    """

    kind: Kind
    message: str
    line: list[str] = field(default_factory=list)
    fens: list[str] = field(default_factory=list)

    @property
    def article(self) -> str:
        return ARTICLES[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "article": self.article, "message": self.message,
                "line": self.line, "fens": self.fens}


@dataclass
class Verdict:
    """What :func:`check` found.

    ``status``: ``sound`` (proved, no defect), ``dual`` (proved, duals only),
    ``unsound`` (a fatal defect proved), ``unproven`` (the limits stopped the proof).
    ``first_moves``: each first move proved to fulfil the task, with its number of moves.
    ``bound``: how far "no other solution" was searched (None: decided by the tables).

    >>> from shashki.composition import Composition, Stipulation, check
    >>> v = check(Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("+")))
    >>> v.status, v.solution
    ('sound', ['c3-b4', 'a5:c3', 'b2:h8'])
    >>> v.summary().split("; ")[:3]
    ['sound', 'solutions c3-b4 (2)', 'no other solution within 4 moves']
    """

    status: str
    defects: list[Defect]
    first_moves: list[tuple[str, int]] = field(default_factory=list)
    solution: list[str] = field(default_factory=list)
    """A proved principal line (the author's first move, quickest win, longest defence)."""
    bound: int | None = None
    exact: bool = False
    """True when the tables decided every first move (no bound applies)."""
    undecided: list[str] = field(default_factory=list)
    """First moves the limits left undecided."""
    note: str = ""
    nodes: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        """The verdict in one line (``shashki compose check``)."""
        parts = [self.status]
        if self.first_moves:
            parts.append("solutions " + ", ".join(f"{m} ({k})" for m, k in self.first_moves))
        for d in self.defects:
            line = " ".join(d.line)
            parts.append(f"{d.kind.value}: {d.message}" + (f" [{line}]" if line else ""))
        if self.undecided:
            parts.append("undecided: " + ", ".join(self.undecided))
        if self.status in ("sound", "dual"):
            parts.append("exact (tables)" if self.exact else
                         f"no other solution within {self.bound} moves")
        if self.note:
            parts.append(self.note)
        parts.append(f"{self.nodes:,} nodes, {self.seconds:.1f} s")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "defects": [d.to_json() for d in self.defects],
                "first_moves": [{"move": m, "moves": k} for m, k in self.first_moves],
                "solution": self.solution, "bound": self.bound, "exact": self.exact,
                "undecided": self.undecided, "note": self.note, "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


def _line(board: Board, moves: list[Move]) -> tuple[list[str], list[str]]:
    b = board.copy(stack=False)
    texts, fens = [], [b.fen()]
    for m in moves:
        texts.append(b.move_text(m))
        b.push(m)
        fens.append(b.fen())
    return texts, fens


def _author_moves(node: GameNode) -> list[Move]:
    out = []
    n = node
    while n.variations:
        n = n.variations[0]
        if n.move is None:
            break
        out.append(n.move)
    return out


def check(comp: Composition, db: Any = None, limits: Limits | None = None,
          engine: Any = None, engine_depth: int = 24) -> Verdict:
    """Check ``comp`` against its stipulation; see the module's text for what is found.

    ``db``: an endgame database of the variant (or None); ``limits``: nodes, seconds and
    the largest number of moves tried when the task states none; ``engine``: an
    :class:`shashki.engine.Engine` of the variant to look for longer wins of other first
    moves (searched to ``engine_depth`` plies), or None.

    >>> from shashki.composition import Composition, Stipulation
    >>> check(Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("+"))).status
    'sound'
    >>> check(Composition("W:Wa1:Bh8,g7,f6", Stipulation.parse("+"))).status
    'unproven'
    """
    t0 = time.monotonic()
    lim = limits or Limits()
    try:
        board = comp.board()
    except InvalidFen as e:
        return Verdict("unsound", [Defect(Kind.ILLEGAL, str(e))], seconds=0.0)
    if board.turn is not WHITE:
        return Verdict("unsound", [Defect(Kind.ILLEGAL, "the task is White's, playing "
                                                        "first (RI-64 1.1.3): Black is to "
                                                        "move in the FEN")])
    defects = [Defect(Kind.UNREACHABLE, d.message, [], [board.fen()])
               for d in position_defects(board)]
    if defects:
        return Verdict("unsound", defects, seconds=time.monotonic() - t0)
    stip = comp.stipulation
    prover = Prover(board.variant, db, stip.goal, stip.block, lim, reach=stip.moves is None)
    prover.start()
    assert comp.solution is not None
    author = _author_moves(comp.solution)
    author_len = (len(author) + 1) // 2
    if stip.goal is Goal.DRAW:
        verdict = _check_draw(comp, board, prover, author, lim)
    else:
        verdict = _check_win(comp, board, prover, author, author_len, lim, engine,
                             engine_depth)
    verdict.nodes += prover.nodes
    verdict.seconds = time.monotonic() - t0
    return verdict


def _check_win(comp: Composition, board: Board, prover: Prover, author: list[Move],
               author_len: int, lim: Limits, engine: Any, engine_depth: int) -> Verdict:
    stip = comp.stipulation
    target = stip.moves or author_len or None
    stated = stip.moves
    bound = stip.moves or max(min(author_len + 4, lim.max_moves), author_len, 1)
    if stip.moves is None and author and author[0] in board.legal_moves:
        # How long the author's own win is sets how far other wins are looked for.
        b = board.copy(stack=False)
        b.push(author[0])
        try:
            k_author = prover.after_move(b, max(lim.max_moves, author_len))
        except Undecided:
            k_author = None
        if k_author is not None:
            bound = max(bound, min(k_author + 2, lim.max_moves), k_author)
    defects: list[Defect] = []
    wins: list[tuple[Move, int]] = []
    undecided: list[Move] = []
    exact = prover.db is not None and prover.db.covers(board)
    for m in board.legal_moves:
        board.push(m)
        try:
            k = prover.after_move(board, bound)
            if k is not None and prover.reach and prover.db is not None and \
                    prover.db.covers(board):
                r = prover.db.probe(board)  # the exact length of the game, from the tables
                k = r.plies // 2 + 1 if r is not None and r.plies is not None else k
        except Undecided:
            undecided.append(m)
            k = None
        finally:
            board.pop()
        if k is not None:
            wins.append((m, k))
    if engine is not None and stip.moves is None and stip.goal is Goal.WIN:
        found = _engine_finds(board, engine, engine_depth,
                              {m for m, _ in wins}, prover, bound)
        wins.extend(found)
        undecided = [m for m in undecided if m not in {w for w, _ in found}]
    wins.sort(key=lambda x: x[1])
    first = author[0] if author else None
    names = {m: board.move_text(m) for m in board.legal_moves}
    win_moves = {m: k for m, k in wins}

    if not wins:
        if undecided:
            return Verdict("unproven", [], bound=bound, undecided=[names[m] for m in undecided],
                           note=prover_note(prover))
        if stip.moves is None and not exact:
            # No win within the bound proves nothing of a task with no stated length.
            return Verdict("unproven", [], bound=bound, note=f"no first move wins within "
                                                             f"{bound} moves; a longer win "
                                                             f"is not excluded")
        line: list[Move] = []
        if first is not None:
            line = [first, *_refutation(board, first, prover, bound)]
        texts, fens = _line(board, line)
        msg = (f"no first move wins within {bound} moves" if not exact
               else "no first move wins (tables)")
        return Verdict("unsound", [Defect(Kind.NO_SOLUTION, msg, texts, fens)], bound=bound,
                       exact=exact)

    main = first if first in win_moves else wins[0][0]
    if first is not None and first not in win_moves and first not in undecided and (
            stip.moves is not None or exact):
        line = [first, *_refutation(board, first, prover, bound)]
        texts, fens = _line(board, line)
        defects.append(Defect(Kind.NO_SOLUTION, f"the author's {names[first]} does not win "
                                                f"within {bound} moves", texts, fens))
    for m, k in wins:
        if m == main:
            continue
        b = board.copy(stack=False)
        b.push(m)
        rest = prover.continuation(b, k - 1)
        texts, fens = _line(board, [m, *rest])
        defects.append(Defect(Kind.COOK, f"{names[m]} also wins, in {k} moves", texts, fens))
    best = min(k for _, k in wins)
    if stated is not None and best < stated:
        m = next(m for m, k in wins if k == best)
        b = board.copy(stack=False)
        b.push(m)
        rest = prover.continuation(b, best - 1)
        texts, fens = _line(board, [m, *rest])
        defects.append(Defect(Kind.SHORTER, f"a win in {best} moves, shorter than the "
                                            f"stipulation's {stated}", texts, fens))
    if main == first and author:
        defects.extend(_duals(board, author, prover, target or bound))
    b = board.copy(stack=False)
    b.push(main)
    solution, _ = _line(board, [main, *prover.continuation(b, win_moves[main] - 1)])
    if first is not None and first not in win_moves and first not in undecided and \
            stip.moves is None and not exact:
        undecided.append(first)  # the author's move: no win within the bound, not refuted
    fatal = any(d.kind in FATAL for d in defects)
    status = "unsound" if fatal else ("unproven" if undecided else
                                      ("dual" if defects else "sound"))
    return Verdict(status, defects, [(names[m], k) for m, k in wins], solution, bound,
                   exact, [names[m] for m in undecided],
                   prover_note(prover) if undecided else "")


def _engine_finds(board: Board, engine: Any, depth: int, known: set[Move], prover: Prover,
                  bound: int) -> list[tuple[Move, int]]:
    """Other first moves the engine finds a win for beyond ``bound``, each proved by the
    search in the engine's number of moves before it is returned."""
    out = []
    for m in board.legal_moves:
        if m in known:
            continue
        b = board.copy(stack=False)
        b.push(m)
        if not b.legal_moves:
            continue
        info = engine.analyse(b, depth=depth)
        w = info.score.wins_in
        if w is None or w >= 0:
            continue
        k = -w + 1  # the defender loses in -w moves: the attacker's, plus the first
        if k <= bound:
            continue
        try:
            proved = prover.after_move(b, k)
        except Undecided:
            continue
        if proved is not None:
            out.append((m, proved))
    return out


def _refutation(board: Board, move: Move, prover: Prover, n: int) -> list[Move]:
    """After the attacker's failing ``move``: a defence that holds, then (as far as the
    search shows) the rest of the line."""
    b = board.copy(stack=False)
    b.push(move)
    for r in b.legal_moves:
        b.push(r)
        try:
            ok = prover.win_within(b, n - 1) if n > 1 else False
        except Undecided:
            ok = True
        b.pop()
        if not ok:
            return [r]
    return []


def _duals(board: Board, author: list[Move], prover: Prover, target: int) -> list[Defect]:
    """Duals along the author's main line: at each later White move, another move that
    wins within the moves the task leaves."""
    out: list[Defect] = []
    b = board.copy(stack=False)
    played: list[Move] = []
    for i, m in enumerate(author):
        if i % 2 == 0 and i > 0 and b.legal_moves and len(b.pieces(WHITE)) > 1:
            left = target - i // 2
            if left >= 1:
                try:
                    others = [(o, k) for o, k in prover.winning_moves(b, left) if o != m]
                except Undecided:
                    others = []
                for o, k in others:
                    bb = b.copy(stack=False)
                    bb.push(o)
                    rest = prover.continuation(bb, k - 1)
                    texts, fens = _line(board, [*played, o, *rest])
                    out.append(Defect(Kind.DUAL, f"move {i // 2 + 1}: {b.move_text(o)} also "
                                                 f"wins, in {k}", texts, fens))
        if m not in b.legal_moves:
            break
        b.push(m)
        played.append(m)
    return out


def _check_draw(comp: Composition, board: Board, prover: Prover, author: list[Move],
                lim: Limits) -> Verdict:
    bound = lim.max_moves
    names = {m: board.move_text(m) for m in board.legal_moves}
    holding: list[Move] = []
    unknown: list[Move] = []
    losing: list[Move] = []
    exact = True
    for m in board.legal_moves:
        b = board.copy(stack=False)
        b.push(m)
        try:
            h = prover.holds(b, bound)
        except Undecided:
            unknown.append(m)
            exact = False
            continue
        if h is True:
            holding.append(m)
        elif h is False:
            losing.append(m)
        else:
            exact = False
            holding.append(m)  # no black win within the bound
    first = author[0] if author else None
    defects: list[Defect] = []
    if not holding:
        if unknown:
            return Verdict("unproven", [], undecided=[names[m] for m in unknown],
                           note=prover_note(prover))
        texts, fens = _line(board, [first] if first else [])
        return Verdict("unsound", [Defect(Kind.NO_SOLUTION, "every first move loses",
                                          texts, fens)], exact=exact)
    if first is not None and first not in holding and first not in unknown:
        texts, fens = _line(board, [first])
        defects.append(Defect(Kind.NO_SOLUTION, f"the author's {names[first]} loses",
                              texts, fens))
    main = first if first in holding else holding[0]
    for m in holding:
        if m != main:
            texts, fens = _line(board, [m])
            defects.append(Defect(Kind.COOK, f"{names[m]} also draws", texts, fens))
    fatal = any(d.kind in FATAL for d in defects)
    status = "unsound" if fatal else ("unproven" if unknown else "sound")
    return Verdict(status, defects, [(names[m], 0) for m in holding],
                   [board.move_text(main)], None if exact else bound, exact,
                   [names[m] for m in unknown], prover_note(prover) if unknown else "")


def prover_note(prover: Prover) -> str:
    lim = prover.limits
    parts = []
    if lim.nodes is not None:
        parts.append(f"{lim.nodes:,} nodes")
    if lim.seconds is not None:
        parts.append(f"{lim.seconds:g} s")
    return "not proven within the limit (" + ", ".join(parts) + ")"
