"""What an engine match and a DXP session both need: engine specs, time controls, each
side's clock, and the :class:`Player` interface.

:mod:`shashki.engine.match` (the match, the concrete players and ``make_player``) and
:mod:`shashki.engine.dxp` (the protocol, whose ``DxpPlayer`` is a player too) both build
on this module; it imports neither of them.

>>> s = parse_spec("shashki:expert,hash=16,odds=0.5")
>>> s.kind, s.arg, s.odds, str(Control(move_time=0.1).scaled(s.odds))
('shashki', 'expert', 0.5, '0.05 s/move')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from shashki.board import Board
from shashki.clock import Stage, TimeControl
from shashki.color import Color
from shashki.engine.engine import LEVELS, MAX_HASH_MB, SEARCH_PARAMS, VERSIONS
from shashki.engine.limits import Limit, LimitError, check_depth
from shashki.errors import ShashkiError
from shashki.game import Game
from shashki.move import Move

OWN_PARAMS = ("hash", "seed", "depth", "nodes", "movetime", "lmr_base", "lmr_div")
"""Numeric parameters of shashki's engine in a spec besides :data:`SEARCH_PARAMS`: the
table size, the seed, own limits, and the late-move reduction table
(``shashki.engine.search.lmr_table``'s base and divisor). ``model=FILE`` (a learned
model, :mod:`shashki.engine.model`, or hand-set weights in a ``.json`` file laid out as
``weights.json``; ``model=none``: the package's hand-set evaluation) and ``egdb=`` (the
endgame database the engine probes: ``auto``, the one built in the default directory;
``off``, the default; or a directory) and ``lone_king=`` (``off``: three kings against a
lone king by the hand-set bonus alone; or a table file, :mod:`shashki.engine.lone_king`)
are the parameters that are not numbers."""



class MatchError(ShashkiError):
    """A match that cannot be played: a bad engine spec, control or opening table."""


class ClaimsGameOver(MatchError):
    """An engine that declines to move in a position with legal moves, holding the game
    over by its own rules (a Hub ``done`` without a move). The match scores it a draw."""


# --- engine specs -------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineSpec:
    """A parsed engine spec: kind (``shashki``, ``hub``, ``dxp``, ``py-draughts``,
    ``random``), its argument (level, command, address, engine) and parameters.

    >>> s = parse_spec("shashki:expert,hash=16,odds=0.5")
    >>> s.kind, s.arg, s.params, s.odds
    ('shashki', 'expert', (('hash', '16'),), 0.5)
    >>> parse_spec("hub:dame hub").arg
    'dame hub'
    >>> parse_spec("shashki@baseline-2026-12,hash=16").version
    'baseline-2026-12'
    >>> parse_spec("dxp:localhost:27531").arg
    'localhost:27531'
    """

    kind: str
    arg: str
    params: tuple[tuple[str, str], ...] = ()
    odds: float = 1.0
    label: str = ""
    text: str = ""
    version: str = ""
    """shashki's engine version (``shashki@baseline-2026-12``); empty for the current."""

    def param(self, name: str, default: str | None = None) -> str | None:
        for k, v in self.params:
            if k == name:
                return v
        return default

    def name(self) -> str:
        """The engine's name in records and tables."""
        if self.label:
            return self.label
        return self.text


KINDS = ("shashki", "hub", "dxp", "py-draughts", "random")


def parse_spec(text: str) -> EngineSpec:
    """Read an engine spec (module docstring); raises :class:`MatchError` naming the bad
    part."""
    raw = text.strip()
    if not raw:
        raise MatchError("empty engine spec")
    head, *rest = raw.split(",")
    kind, _, arg = head.partition(":")
    kind, at, version = kind.strip().lower().partition("@")
    if at and kind != "shashki":
        raise MatchError(f"engine spec {raw!r}: only shashki has versions (shashki@VERSION)")
    if at and version not in VERSIONS:
        raise MatchError(f"engine spec {raw!r}: unknown version {version!r}; known: "
                         f"{', '.join(VERSIONS)}")
    if kind == "pydraughts":
        raise MatchError("pydraughts has no engine of its own (only Hub, DXP and CheckerBoard "
                         "clients); use hub:COMMAND or dxp:HOST:PORT for an engine it drives, "
                         "or py-draughts for py-draughts' built-in engine")
    if kind not in KINDS:
        raise MatchError(f"unknown engine {kind!r} in {raw!r}; known: {', '.join(KINDS)}")
    params: list[tuple[str, str]] = []
    odds = 1.0
    label = ""
    for part in rest:
        key, eq, value = part.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not eq or not key:
            raise MatchError(f"engine spec {raw!r}: {part!r} is not name=value")
        value = value.strip()
        if key == "odds":
            try:
                odds = float(value)
            except ValueError:
                raise MatchError(f"engine spec {raw!r}: odds {value!r} is not a number") from None
            if not 0 < odds <= 100:
                raise MatchError(f"engine spec {raw!r}: odds {value!r} must be above 0")
        elif key == "label":
            label = value
        else:
            params.append((key, value))
    arg = arg.strip()
    if kind == "shashki":
        arg = arg.lower() or "full"
        if arg not in LEVELS:
            raise MatchError(f"engine spec {raw!r}: unknown level {arg!r}; known: "
                             f"{', '.join(LEVELS)}")
        for k, v in params:
            if k == "model":
                if at:
                    raise MatchError(f"engine spec {raw!r}: a fixed version has its own "
                                     "evaluation (no model=)")
                if v.lower() != "none" and not Path(v).is_file():
                    raise MatchError(f"engine spec {raw!r}: no model file {v!r}")
                continue
            if k == "lone_king":
                if at:
                    raise MatchError(f"engine spec {raw!r}: a fixed version has its own "
                                     "evaluation (no lone_king=)")
                if v.lower() != "off" and not Path(v).is_file():
                    raise MatchError(f"engine spec {raw!r}: lone_king {v!r} is neither off "
                                     "nor a file")
                continue
            if k == "egdb":
                if v.lower() not in ("auto", "off") and not Path(v).is_dir():
                    raise MatchError(f"engine spec {raw!r}: egdb {v!r} is neither auto, off "
                                     "nor a directory")
                continue
            if k == "book":
                if v.lower() not in ("on", "off"):
                    raise MatchError(f"engine spec {raw!r}: book must be on or off, not {v!r}")
                continue
            if k not in OWN_PARAMS and k not in SEARCH_PARAMS:
                raise MatchError(f"engine spec {raw!r}: unknown parameter {k!r}; known: "
                                 f"{', '.join(OWN_PARAMS)}, model, egdb, lone_king, book, "
                                 f"{', '.join(SEARCH_PARAMS)}")
            _number(raw, k, v)
        _check_own_limits(raw, params)
    elif kind == "hub" and not arg:
        raise MatchError(f"engine spec {raw!r}: hub needs a command, e.g. hub:scan hub")
    elif kind == "dxp":
        host, _, port = arg.rpartition(":")
        if not host or not port.isdigit():
            raise MatchError(f"engine spec {raw!r}: dxp needs HOST:PORT, e.g. dxp:localhost:27531")
    elif kind == "py-draughts":
        arg = arg.lower()
        if arg not in ("", "simple", "turbo"):
            raise MatchError(f"engine spec {raw!r}: py-draughts engine {arg!r}; known: simple, "
                             "turbo")
    shown = raw
    if odds != 1.0:
        shown = ",".join(p for p in raw.split(",") if not p.strip().lower().startswith("odds="))
        shown += f" (×{odds:g} time)"
    return EngineSpec(kind, arg, tuple(params), odds, label, shown, version)


def _check_own_limits(raw: str, params: list[tuple[str, str]]) -> None:
    """A shashki spec's hash and own depth, nodes and move time, checked before any game."""
    given = dict(params)
    if "hash" in given and not 1 <= float(given["hash"]) <= MAX_HASH_MB:
        raise MatchError(f"engine spec {raw!r}: hash={given['hash']} must be 1 to "
                         f"{MAX_HASH_MB} MB")
    try:
        check_depth(int(float(given["depth"])) if "depth" in given else None)
        Limit(depth=int(float(given["depth"])) if "depth" in given else None,
              nodes=int(float(given["nodes"])) if "nodes" in given else None,
              time=float(given["movetime"]) if "movetime" in given else None)
    except LimitError as e:
        raise MatchError(f"engine spec {raw!r}: {e}") from None


def _number(raw: str, key: str, value: str) -> float:
    try:
        x = float(value)
    except ValueError:
        raise MatchError(f"engine spec {raw!r}: {key}={value!r} is not a number") from None
    if not math.isfinite(x) or abs(x) >= 2**62:
        raise MatchError(f"engine spec {raw!r}: {key}={value!r} is out of range")
    return x


# --- time controls ------------------------------------------------------------------------


@dataclass(frozen=True)
class Control:
    """What each side may spend: a game clock, or a fixed time, node count or depth per
    move (several of the fixed caps may combine)."""

    clock: TimeControl | None = None
    move_time: float | None = None
    nodes: int | None = None
    depth: int | None = None

    def __post_init__(self) -> None:
        if self.clock is None and self.move_time is None and self.nodes is None \
                and self.depth is None:
            raise MatchError("a match needs a time control: --time, --move-time, --nodes "
                             "or --depth")
        if self.clock is not None and self.move_time is not None:
            raise MatchError("give either a game clock (--time) or a time per move "
                             "(--move-time), not both")

    def scaled(self, odds: float) -> Control:
        """The control of a side that gets ``odds`` of the time (nodes, depth)."""
        if odds == 1.0:
            return self
        clock = None
        if self.clock is not None:
            clock = TimeControl(tuple(Stage(s.seconds * odds, s.moves, s.increment * odds,
                                            s.delay * odds) for s in self.clock.stages))
        return Control(
            clock,
            self.move_time * odds if self.move_time is not None else None,
            max(1, round(self.nodes * odds)) if self.nodes is not None else None,
            max(1, round(self.depth * odds)) if self.depth is not None else None,
        )

    def __str__(self) -> str:
        parts = []
        if self.clock is not None:
            parts.append(str(self.clock))
        if self.move_time is not None:
            parts.append(f"{self.move_time:g} s/move")
        if self.nodes is not None:
            parts.append(f"{self.nodes:,} nodes/move")
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        return ", ".join(parts)

    def pdn(self) -> str:
        """The PDN ``TimeControl`` value (``-`` for controls without a clock)."""
        if self.clock is not None:
            return self.clock.to_pdn()
        return "-"


class SideClock:
    """One side's clock under a :class:`Control`: the time left, moves made, stages."""

    def __init__(self, control: Control) -> None:
        self.control = control
        self.moves = 0
        self.remaining = control.clock.stages[0].seconds if control.clock is not None else 0.0

    def limit(self) -> Limit:
        c = self.control
        if c.clock is None:
            return Limit(depth=c.depth, nodes=c.nodes, time=c.move_time)
        lim = Limit.from_control(c.clock, max(self.remaining, 0.0), self.moves)
        return replace(lim, depth=c.depth, nodes=c.nodes)

    def charge(self, seconds: float) -> bool:
        """Count a move that took ``seconds``; False when the flag fell."""
        clock = self.control.clock
        self.moves += 1
        if clock is None:
            return True
        stage = clock.stages[clock.stage_at(self.moves - 1)]
        spent = seconds
        if stage.delay:
            spent = max(0.0, seconds - stage.delay)
        self.remaining -= spent
        if self.remaining < 0:
            return False
        self.remaining += stage.increment
        nxt = clock.next_stage_after(self.moves)
        if nxt is not None:
            self.remaining += nxt.seconds
        return True


# --- players ------------------------------------------------------------------------------


class Player:
    """One engine in a match, whatever it is and wherever it runs."""

    def __init__(self, spec: EngineSpec) -> None:
        self.spec = spec

    @property
    def label(self) -> str:
        return self.spec.name()

    def new_game(self, board: Board, color: Color, control: Control) -> None:
        """A game starts from ``board``; this player has ``color`` under ``control``."""

    def set_ruleset(self, name: str | None) -> None:
        """The games are judged by the draw rules ``name`` (None: the variant's default);
        an engine that can search under them does."""

    def move(self, board: Board, limit: Limit) -> Move:
        """A legal move of ``board`` within ``limit``."""
        raise NotImplementedError

    def end_game(self, game: Game) -> None:
        """The game ended (``game.termination``)."""

    def close(self) -> None:
        """Free the engine (processes, sockets)."""


__all__ = ["KINDS", "SEARCH_PARAMS", "ClaimsGameOver", "Control", "EngineSpec", "MatchError",
           "Player", "SideClock", "parse_spec"]
