"""What PDN writes around the moves: clock commands in comments (``[%clk 0:05:00]``),
comments as compared and written, and setup commands (``/FEN "..."/``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from shashki.board import Board
from shashki.color import BLACK, WHITE, Color
from shashki.fen import parse_fen, write_fen
from shashki.pdn.errors import PdnError
from shashki.rules import Variant

_TIME = re.compile(r"^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$")


_COMMAND = re.compile(r"\[%(clk|clock|emt|egt|mct)\s+([^\]]*?)\s*\]", re.IGNORECASE)


_CLOCK_ITEM = re.compile(r"([wWbB])?(\d[\d:.]*)")


def parse_time(text: str) -> float | None:
    """Seconds of ``h:mm:ss`` (or ``m:ss``; fractions allowed), None if it is not one."""
    m = _TIME.match(text.strip())
    if not m:
        return None
    h, mm, ss = m.groups()
    return round((int(h) if h else 0) * 3600 + int(mm) * 60 + float(ss), 3)


def format_time(seconds: float) -> str:
    """``h:mm:ss`` with a fraction when there is one: ``0:03:07``, ``1:00:02.5``."""
    whole = int(seconds)
    frac = round(seconds - whole, 3)
    if frac >= 1:  # pragma: no cover - rounding guard
        whole, frac = whole + 1, 0.0
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    out = f"{h}:{m:02d}:{s:02d}"
    if frac:
        out += f"{frac:.3f}".rstrip("0")[1:]
    return out


@dataclass(frozen=True)
class ClockTimes:
    """Clock readings of PDN clock commands in a comment, in seconds.

    ``[%clk t]`` (and ``[%clock t]`` without a colour) is the time left to the player who
    just moved; ``[%clock w0:10:00 B0:09:58]`` gives both clocks, the upper-case one
    running; ``emt``, ``egt`` and ``mct`` are elapsed move time, elapsed game time and the
    reading of a mechanical clock.

    >>> c = ClockTimes.parse("[%clock w0:10:00 B0:09:58] ok")
    >>> c[0], c[1].white, c[1].black, c[1].running
    ('ok', 600.0, 598.0, <Color.BLACK: 1>)
    >>> c[1].commands()
    '[%clock w0:10:00 B0:09:58]'
    """

    clk: float | None = None
    white: float | None = None
    black: float | None = None
    running: Color | None = None
    emt: float | None = None
    egt: float | None = None
    mct: float | None = None

    @classmethod
    def parse(cls, comment: str) -> tuple[str, ClockTimes | None]:
        """The comment without its clock commands, and the readings (None if none).

        A command whose value is no time stays in the comment text.
        """
        if "[%" not in comment:
            return comment, None
        fields: dict[str, Any] = {}

        def take(m: re.Match[str]) -> str:
            name, value = m.group(1).lower(), m.group(2)
            if name != "clock":
                t = parse_time(value)
                if t is None:
                    return m.group(0)
                fields[name] = t
                return " "
            items = value.split()
            parsed = []
            for item in items:
                im = _CLOCK_ITEM.fullmatch(item)
                t = parse_time(im.group(2)) if im else None
                if im is None or t is None:
                    return m.group(0)
                parsed.append((im.group(1), t))
            if not 1 <= len(parsed) <= 2:
                return m.group(0)
            for letter, t in parsed:
                if letter is None:
                    if len(parsed) != 1:
                        return m.group(0)
                    fields["clk"] = t
                    continue
                fields["white" if letter in "wW" else "black"] = t
                if letter.isupper():
                    fields["running"] = WHITE if letter == "W" else BLACK
            return " "

        text = _COMMAND.sub(take, comment)
        if not fields:
            return comment, None
        return text.strip(), cls(**fields)

    def commands(self) -> str:
        """The clock commands that give these readings, as shashki writes them."""
        out = []
        if self.white is not None or self.black is not None:
            items = []
            for value, color, letter in ((self.white, WHITE, "w"), (self.black, BLACK, "b")):
                if value is not None:
                    items.append((letter.upper() if self.running is color else letter)
                                 + format_time(value))
            out.append(f"[%clock {' '.join(items)}]")
        for name in ("clk", "emt", "egt", "mct"):
            value = getattr(self, name)
            if value is not None:
                out.append(f"[%{name} {format_time(value)}]")
        return " ".join(out)


def normalize_comment(text: str) -> str:
    """Comments as compared and written: whitespace runs become one space."""
    return " ".join(text.split())


_DIGIT_OR_SQUARE = re.compile(r"\d")


def is_null_setup(fen: str) -> bool:
    """``/FEN "B::"/`` and the like name no squares: only the side to move changes."""
    return not _DIGIT_OR_SQUARE.search(fen)


def setup_board(variant: Variant, fen: str, before: Board | None) -> Board:
    """The board a setup command makes; raises :class:`~shashki.InvalidFen`."""
    if is_null_setup(fen):
        turn = fen.strip()[:1].upper()
        if before is None or turn not in ("W", "B"):
            parse_fen(fen, variant)  # names what is wrong
            raise PdnError(f"setup {fen!r} keeps the pieces of an unknown position")
        pos = before.position
        return Board(variant, write_fen(pos._replace(turn=0 if turn == "W" else 1), variant))
    return Board(variant, fen)
