"""Time controls and the game clock (Code 3.9; excerpts items 6, 11-13).

A :class:`TimeControl` is a list of :class:`Stage` s: a time, optionally a number of moves
to be made in it (then the next stage's time is added), a Fischer increment or a
Bronstein delay. The last stage has no move count: it lasts to the end of the game.

>>> tc = TimeControl.parse("70m/35 + 15m")          # Code 3.9.1, championships
>>> tc.stages[0].moves, tc.stages[1].seconds
(35, 900.0)
>>> str(TimeControl.parse("3m+2s")), TimeControl.parse("3m+2s").to_pdn()
('3m+2s', '180+2')
>>> TimeControl.parse("90m/50 + 30m").to_pdn()     # Code 3.9.2
'50/5400:1800'
>>> TimeControl.from_pdn("40/7200:3600")
TimeControl.parse('120m/40 + 60m')

The :class:`Clock` reads an injected time source, so that tests and the server decide
what "now" is:

>>> t = [0.0]
>>> clock = Clock(TimeControl.parse("5m+3s"), now=lambda: t[0])
>>> clock.start()
>>> t[0] = 10.0
>>> clock.press()                                   # White moved after 10 s
>>> clock.remaining(WHITE)
293.0
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from shashki.color import BLACK, WHITE, Color
from shashki.errors import ShashkiError
from shashki.i18n import LANGUAGES, NP_, translation


class InvalidTimeControl(ShashkiError):
    """A time control that cannot be read, or that the Code does not allow (3.9.5).

    >>> try:
    ...     TimeControl.parse("7h")
    ... except InvalidTimeControl as e:
    ...     print(str(e).split(": ", 1)[1])
    total playing time 14.00 h exceeds 6 hours (Code 3.9.5)
    """


class ClockError(ShashkiError):
    """A clock operation that is not possible in the clock's state.

    >>> c = Clock(TimeControl.parse("5m"), now=lambda: 0.0)
    >>> c.press()
    Traceback (most recent call last):
        ...
    shashki.clock.ClockError: cannot press a clock that is ready
    """


@dataclass(frozen=True)
class Stage:
    """``seconds`` of thinking time; ``moves`` to make in it (None: to the end of the game).

    >>> first, last = TimeControl.parse("90m/50 + 30m+30s").stages
    >>> first
    Stage(seconds=5400.0, moves=50, increment=0.0, delay=0.0)
    >>> last
    Stage(seconds=1800.0, moves=None, increment=30.0, delay=0.0)
    """

    seconds: float
    moves: int | None = None
    increment: float = 0.0
    """Fischer: added after each move of the stage."""
    delay: float = 0.0
    """Bronstein: the time a move took, up to ``delay``, is given back."""

    def __str__(self) -> str:
        out = _duration(self.seconds)
        if self.moves is not None:
            out += f"/{self.moves}"
        if self.increment:
            out += f"+{_secs(self.increment)}s"
        if self.delay:
            out += f" d{_secs(self.delay)}s"
        return out

    def text(self, lang: str) -> str:
        """The stage as ``lang`` writes it: ``5 мин + 3 с``, ``70 мин/35``; the parsers read
        it back."""
        if lang == "en":
            return str(self)
        if self.seconds >= 60 and self.seconds % 60 == 0:
            out = f"{int(self.seconds // 60)} {unit('m', lang)}"
        else:
            out = f"{_secs(self.seconds)} {unit('s', lang)}"
        if self.moves is not None:
            out += f"/{self.moves}"
        if self.increment:  # joined to a stage with a move count, spaced otherwise
            plus = "+" if self.moves is not None else " + "
            out += f"{plus}{_secs(self.increment)} {unit('s', lang)}"
        if self.delay:
            out += f" d{_secs(self.delay)}s"
        return out


UNITS = {"h": NP_("time unit", "h"), "m": NP_("time unit", "min"),
         "s": NP_("time unit", "s"), "d": NP_("time unit", "d")}
"""The units of time as each language writes them (``5 мин + 3 с``, ``30 дн/10``), marked
for the catalogue with their context.

>>> UNITS["m"]
('time unit', 'min')
"""


@functools.cache
def unit_names() -> dict[str, str]:
    """Every way a unit is written, in any language of the catalogue, and its letter:
    ``min`` and ``мин`` are ``m``. A parser accepts them all."""
    names = {"h": "h", "m": "m", "min": "m", "s": "s", "sec": "s", "d": "d"}
    for lang in LANGUAGES:
        tr = translation(lang)
        for letter, (context, unit) in UNITS.items():
            names.setdefault(tr.pgettext(context, unit).lower(), letter)
    return names


def unit(letter: str, lang: str) -> str:
    """The unit ``letter`` (``h``, ``m``, ``s``, ``d``) as ``lang`` writes it.

    >>> unit("m", "ru"), unit("m", "en"), unit("d", "ru")
    ('мин', 'min', 'дн')
    """
    return translation(lang).pgettext(*UNITS[letter])


def plain_units(text: str, letters: str = "hms") -> str:
    """``text`` with its units written as the letters the parsers read: ``5 мин + 3 с`` is
    ``5m + 3s`` (the number and its unit joined).

    >>> plain_units("5 мин + 3 с"), plain_units("1 ч"), plain_units("30 дн/10", "d")
    ('5m + 3s', '1h', '30d/10')
    """
    names = sorted((n for n, v in unit_names().items() if v in letters), key=len, reverse=True)
    alternation = "|".join(re.escape(n) for n in names)
    return re.sub(rf"(\d(?:\.\d+)?)\s*({alternation})(?![^\W\d_])",
                  lambda m: m.group(1) + unit_names()[m.group(2).lower()], text,
                  flags=re.IGNORECASE)


def _secs(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)}m"
    return f"{_secs(seconds)}s"


_TIME = re.compile(r"^(\d+(?:\.\d+)?)(h|m|min|s|sec)?$")
_TERM = re.compile(
    r"""^(?P<time>\d+(?:\.\d+)?(?:h|m|min|s|sec)?)
        (?:/(?P<moves>\d+))?
        (?:\+(?P<inc>\d+(?:\.\d+)?)s)?
        (?:\s*d(?P<delay>\d+(?:\.\d+)?)s)?$""",
    re.VERBOSE,
)

MAX_TOTAL_SECONDS = 6 * 3600
"""Code 3.9.5: the total playing time of a game must not exceed 6 hours.

>>> MAX_TOTAL_SECONDS / 3600
6.0
"""
PRESETS: dict[str, TimeControl] = {}
"""Named controls of the Code (filled below the class).

>>> sorted(PRESETS)[:3], PRESETS["code-45"].total_seconds()
(['blitz-3', 'blitz-4', 'blitz-5'], 5400.0)
"""
EXPECTED_MOVES = 60
"""Moves per player assumed when a control's total depends on the number of moves.

>>> EXPECTED_MOVES, TimeControl.parse("5m+5s").total_seconds()
(60, 1200.0)
"""


def _seconds(text: str) -> float:
    m = _TIME.match(text)
    if not m:
        raise InvalidTimeControl(f"bad time {text!r}")
    value = float(m.group(1))
    unit = m.group(2) or "m"
    return value * {"h": 3600, "m": 60, "min": 60, "s": 1, "sec": 1}[unit]


@dataclass(frozen=True)
class TimeControl:
    """The stages of a time control; the last one runs to the end of the game.

    >>> tc = TimeControl.parse("70m/35 + 15m")
    >>> tc.total_seconds(), tc.to_pdn(), PRESETS["code-70-35"] == tc
    (10200.0, '35/4200:900', True)
    """

    stages: tuple[Stage, ...]
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.stages:
            raise InvalidTimeControl("a time control needs at least one stage")
        for s in self.stages[:-1]:
            if s.moves is None:
                raise InvalidTimeControl(
                    f"stage {s} lasts to the end of the game but other stages follow it")
        if self.total_seconds() > MAX_TOTAL_SECONDS:
            raise InvalidTimeControl(
                f"{self}: total playing time {self.total_seconds() / 3600:.2f} h exceeds "
                f"6 hours (Code 3.9.5)")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``45m``, ``1h``, ``70m/35 + 15m``, ``30m+30s``, ``5m d3s`` or a preset name.

        Stages are joined by ``+`` (with spaces), ``,`` or ``:``; ``+Ns`` right after a
        stage's time is its Fischer increment, ``dNs`` its Bronstein delay.
        """
        key = text.strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        if not key:
            raise InvalidTimeControl("empty time control")
        stages = []
        parts: list[str] = []
        for part in re.split(r"\s+\+\s+|\s*[,:]\s*", plain_units(key)):
            # "5 мин + 3 с": seconds after a stage without a move count are its increment
            if parts and re.fullmatch(r"\d+(?:\.\d+)?s", part) and not re.search(
                    r"[/+]", parts[-1]):
                parts[-1] += "+" + part
            else:
                parts.append(part)
        for part in parts:
            m = _TERM.match(part.strip())
            if not m:
                raise InvalidTimeControl(f"bad time control {text!r}: cannot read {part!r}")
            stages.append(Stage(
                _seconds(m.group("time")),
                int(m.group("moves")) if m.group("moves") else None,
                float(m.group("inc") or 0),
                float(m.group("delay") or 0),
            ))
        return cls(tuple(stages))

    @classmethod
    def from_tag(cls, value: str | None) -> TimeControl | None:
        """A game record's ``TimeControl`` tag (``game.headers.get("TimeControl")``): None
        when absent, unknown (``?``) or none (``-``); raises for a malformed value."""
        if value is None or value.strip() in ("", "?", "-"):
            return None
        return cls.from_pdn(value)

    @classmethod
    def from_pdn(cls, text: str) -> TimeControl:
        """Read a PDN ``TimeControl`` tag: ``40/7200:3600``, ``4800+60``, ``2700``.

        ``?`` (unknown), ``-`` (none) and ``*S`` (sandclock) describe no clock this class
        can run and raise :class:`InvalidTimeControl`.
        """
        if text.strip() in ("?", "-") or text.strip().startswith("*"):
            raise InvalidTimeControl(f"PDN TimeControl {text!r} names no playable clock")
        stages = []
        for part in text.strip().split(":"):
            m = re.match(r"^(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$", part)
            if not m:
                raise InvalidTimeControl(f"bad PDN TimeControl {text!r}: cannot read {part!r}")
            stages.append(Stage(float(m.group(2)), int(m.group(1)) if m.group(1) else None,
                                float(m.group(3) or 0)))
        return cls(tuple(stages))

    def to_pdn(self) -> str:
        """The PDN ``TimeControl`` value (a Bronstein delay has no PDN form and is dropped)."""
        parts = []
        for s in self.stages:
            p = (f"{s.moves}/" if s.moves is not None else "") + _secs(s.seconds)
            if s.increment:
                p += f"+{_secs(s.increment)}"
            parts.append(p)
        return ":".join(parts)

    def total_seconds(self) -> float:
        """Both players' total time for a game of :data:`EXPECTED_MOVES` moves each.

        Code 3.9.5 limits "общее игровое время" of a game; see docs/rules.md (C1).
        """
        per_player = 0.0
        moves_left = EXPECTED_MOVES
        for s in self.stages:
            n = moves_left if s.moves is None else min(s.moves, moves_left)
            per_player += s.seconds + (s.increment + s.delay) * n
            moves_left -= n
            if moves_left <= 0:
                break
        return 2 * per_player

    def next_stage_after(self, moves_made: int) -> Stage | None:
        """The stage whose time is added when a player completes move ``moves_made``.

        When every stage has a move count, the last one repeats (PDN ``40/7200``).
        """
        done = 0
        for i, s in enumerate(self.stages):
            if s.moves is None:
                return None
            done += s.moves
            if moves_made == done:
                return self.stages[i + 1] if i + 1 < len(self.stages) else s
            if moves_made < done:
                return None
        last = self.stages[-1]
        assert last.moves is not None
        return last if (moves_made - done) % last.moves == 0 else None

    def stage_at(self, moves_made: int) -> int:
        """Index of the stage in which a player with ``moves_made`` moves is."""
        done = 0
        for i, s in enumerate(self.stages):
            if s.moves is None:
                return i
            done += s.moves
            if moves_made < done:
                return i
        return len(self.stages) - 1

    def __str__(self) -> str:
        return " + ".join(str(s) for s in self.stages)

    def text(self, lang: str) -> str:
        """The control as ``lang`` writes it (``5 мин + 3 с``); :meth:`parse` reads every
        language's spelling.

        >>> TimeControl.parse("5m+3s").text("ru"), TimeControl.parse("5 мин + 3 с")
        ('5 мин + 3 с', TimeControl.parse('5m+3s'))
        """
        return " + ".join(s.text(lang) for s in self.stages)

    def __repr__(self) -> str:
        return f"TimeControl.parse({str(self)!r})"


def _preset(name: str, text: str) -> TimeControl:
    return TimeControl(TimeControl.parse(text).stages, name)


PRESETS.update({
    # Code 3.9.1: Russian draughts
    "code-45": _preset("code-45", "45m"),
    "code-60": _preset("code-60", "60m"),
    "code-70-35": _preset("code-70-35", "70m/35 + 15m"),
    # Code 3.9.2: International draughts
    "code-international": _preset("code-international", "90m/50 + 30m"),
    # Code 3.9.3 (blitz, 3-5 min) and 3.9.4 (rapid, 10-30 min)
    **{f"blitz-{m}": _preset(f"blitz-{m}", f"{m}m") for m in (3, 4, 5)},
    **{f"rapid-{m}": _preset(f"rapid-{m}", f"{m}m") for m in (10, 15, 20, 25, 30)},
})


def classify(tc: TimeControl) -> str:
    """``blitz`` (Code 3.9.3), ``rapid`` (3.9.4) or ``classical``, by one player's time
    for a game of :data:`EXPECTED_MOVES` moves.

    >>> classify(TimeControl.parse("5m")), classify(TimeControl.parse("30m"))
    ('blitz', 'rapid')
    >>> classify(PRESETS["code-70-35"])
    'classical'
    """
    per_player = tc.total_seconds() / 2
    if per_player <= 5 * 60 + 1e-9:
        return "blitz"
    if per_player <= 30 * 60 + 1e-9:
        return "rapid"
    return "classical"


class ClockState(Enum):
    """The state of a :class:`Clock`: ready, running, paused or stopped.

    >>> c = Clock(TimeControl.parse("5m"), now=lambda: 0.0)
    >>> c.state
    <ClockState.READY: 'ready'>
    >>> c.start(); c.state
    <ClockState.RUNNING: 'running'>
    """
    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    STOPPED = "stopped"


@dataclass(frozen=True)
class ClockEvent:
    """One entry of the clock's log: evidence for claims and appeals.

    >>> c = Clock(TimeControl.parse("5m"), now=lambda: 10.0)
    >>> c.start()
    >>> e = c.log[0]
    >>> e.at, e.action, e.color, e.remaining
    (10.0, 'start', <Color.WHITE: 0>, (300.0, 300.0))
    """

    at: float
    action: str
    color: Color | None
    remaining: tuple[float, float]
    note: str = ""


class Clock:
    """A two-sided game clock driven by the injected time source ``now``.

    Exactly one side's time runs while the clock is running. ``press`` ends the running
    side's move: its time is charged, a Fischer increment or Bronstein delay applied, and
    when the side completes a stage's move count the next stage's time is added. The
    arbiter may pause both clocks (item 12), run one player's clock (item 13, a draw
    claim; 3.7.3, an absent player), and add or remove time (item 11).

    >>> from shashki.color import WHITE
    >>> t = [0.0]
    >>> c = Clock(TimeControl.parse("5m+3s"), now=lambda: t[0])
    >>> c.start()                    # White's clock runs
    >>> t[0] = 20.0; c.press()       # White moved after 20 s: 300 - 20 + 3
    >>> c.remaining(WHITE), c.running
    (283.0, <Color.BLACK: 1>)
    """

    def __init__(
        self, control: TimeControl, now: Callable[[], float] = time.monotonic,
        white_seconds: float | None = None, black_seconds: float | None = None,
    ) -> None:
        self.control = control
        self._now = now
        first = control.stages[0].seconds
        self._remaining = [first if white_seconds is None else white_seconds,
                           first if black_seconds is None else black_seconds]
        self.moves = [0, 0]
        """Moves completed (presses) by each side."""
        self.state = ClockState.READY
        self.running: Color | None = None
        self._since = 0.0
        self._paused_side: Color | None = None
        self.flag: Color | None = None
        """The first side whose time ran out, if any."""
        self.log: list[ClockEvent] = []

    # --- reading ------------------------------------------------------------------------

    def remaining(self, color: Color) -> float:
        """Seconds left for ``color`` now (never below zero)."""
        r = self._remaining[color]
        if self.running is color and self.state is ClockState.RUNNING:
            r -= self._now() - self._since
        return max(r, 0.0)

    def flag_fallen(self, color: Color) -> bool:
        """Whether ``color``'s time has run out (and record the first flag)."""
        fallen = self.remaining(color) <= 0.0
        if fallen and self.flag is None:
            self.flag = color
            self._record("flag", color)
        return fallen

    def stage(self, color: Color) -> int:
        return self.control.stage_at(self.moves[color])

    def moves_to_control(self, color: Color) -> int | None:
        """Moves ``color`` must still make in the current stage, or None in the last one."""
        done = 0
        for s in self.control.stages:
            if s.moves is None:
                return None
            done += s.moves
            if self.moves[color] < done:
                return done - self.moves[color]
        return None

    # --- driving ------------------------------------------------------------------------

    def start(self, color: Color = WHITE) -> None:
        """Start ``color``'s clock (White's at the start of a game, Code 3.7.3)."""
        if self.state is not ClockState.READY:
            raise ClockError("the clock has already been started")
        self._run(color)
        self._record("start", color)

    def _run(self, color: Color) -> None:
        self.state = ClockState.RUNNING
        self.running = color
        self._since = self._now()

    def _charge(self) -> float:
        """Stop the running side's time; return how long it ran."""
        if self.running is None or self.state is not ClockState.RUNNING:
            return 0.0
        now = self._now()
        spent = now - self._since
        self._remaining[self.running] -= spent
        self._since = now
        return spent

    def press(self) -> None:
        """The running side completed a move: charge it, apply bonuses, start the other."""
        if self.state is not ClockState.RUNNING or self.running is None:
            raise ClockError(f"cannot press a clock that is {self.state.value}")
        side = self.running
        stage = self.control.stages[self.stage(side)]
        spent = self._charge()
        if self._remaining[side] <= 0:
            self._remaining[side] = 0.0
            if self.flag is None:
                self.flag = side
                self._record("flag", side)
        else:
            self._remaining[side] += stage.increment + min(stage.delay, spent)
        self.moves[side] += 1
        # Completing a stage's moves adds the next stage's time (Code 3.9.1, 3.9.2).
        nxt = self.control.next_stage_after(self.moves[side])
        if nxt is not None:
            self._remaining[side] += nxt.seconds
            self._record("control", side, f"{self.moves[side]} moves made; +{nxt.seconds:g} s")
        self._run(side.other)
        self._record("press", side)

    def pause(self, note: str = "") -> None:
        """Stop both clocks, e.g. while the arbiter checks a record elsewhere (item 12)."""
        if self.state is not ClockState.RUNNING:
            raise ClockError(f"cannot pause a clock that is {self.state.value}")
        self._charge()
        self._paused_side = self.running
        self.state = ClockState.PAUSED
        self._record("pause", self.running, note)

    def resume(self, color: Color | None = None) -> None:
        """Restart after a pause: the side that was running, or ``color``."""
        if self.state is not ClockState.PAUSED:
            raise ClockError(f"cannot resume a clock that is {self.state.value}")
        side = color if color is not None else self._paused_side
        if side is None:
            raise ClockError("no side to resume")
        self._run(side)
        self._record("resume", side)

    def run_only(self, color: Color, note: str = "") -> None:
        """Make ``color``'s clock run (the other stops), without counting a move.

        Item 13: while the arbiter considers a draw claim the claimant's clock runs;
        Code 3.10.2: the arbiter starts the clock of a player restoring his record.
        """
        if self.state is ClockState.STOPPED:
            raise ClockError("the clock is stopped")
        self._charge()
        self._run(color)
        self._record("run", color, note)

    def adjust(self, color: Color, seconds: float, note: str = "") -> None:
        """Add (or, negative, remove) time, by the arbiter's decision (item 11)."""
        self._charge()
        self._remaining[color] = max(self._remaining[color] + seconds, 0.0)
        self._record("adjust", color, f"{seconds:+g} s {note}".strip())

    def stop(self) -> None:
        """Stop for good at the end of the game."""
        self._charge()
        self.state = ClockState.STOPPED
        self._record("stop", self.running)
        self.running = None

    def made_control(self, color: Color, moves_in_record: int) -> bool:
        """Item 11: after a flag, whether the record shows the control's moves were made.

        True when ``moves_in_record`` completes the stage in which the flag fell, so the
        flag fell only after the control was reached and the game goes on.
        """
        done = 0
        for s in self.control.stages:
            if s.moves is None:
                return False
            done += s.moves
            if self.moves[color] < done:
                return moves_in_record >= done
        return False

    def _record(self, action: str, color: Color | None, note: str = "") -> None:
        self.log.append(ClockEvent(
            self._now(), action, color,
            (self.remaining(WHITE), self.remaining(BLACK)), note))
