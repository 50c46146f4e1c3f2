"""Ratings: one Glicko-2 rating per player, variant and time class, updated when a rated
game ends, in the transaction that writes its result (docs/ratings.md).

>>> time_class("3m+2s"), time_class("1m"), time_class("5m+3s"), time_class("code-45")
('blitz', 'bullet', 'rapid', 'classical')
>>> time_class("") is None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Table, and_, insert, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.clock import InvalidTimeControl, TimeControl, classify
from shashki.server.accounts.models import User
from shashki.server.core.db import Database
from shashki.server.play import models as pm
from shashki.server.ratings import glicko2
from shashki.server.ratings.models import PlayerRating, RatingChange

TIME_CLASSES = ("bullet", "blitz", "rapid", "classical", "correspondence")
DEFAULT = glicko2.Rating(1500.0, 350.0, 0.06)
"""A new player's rating (Glickman's suggested start)."""
TAU = 0.5
"""The system constant τ (Glickman: between 0.3 and 1.2; his example uses 0.5)."""
PROVISIONAL_RD = 110.0
"""A rating whose deviation is above this is provisional, shown with "?" (as lichess)."""
SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
"""The results that change ratings; ``*`` (aborted, annulled) and ``0-0`` (both lost,
Code 3.13.3) do not."""

_R = cast(Table, PlayerRating.__table__)
_C = cast(Table, RatingChange.__table__)
_G = cast(Table, pm.Game.__table__)


def time_class(control: str | None) -> str | None:
    """The time class of a live game's control: ``bullet`` below the Code's blitz (less
    than 3 minutes a player for the game), otherwise the Code's class (``blitz`` Code
    3.9.3, ``rapid`` 3.9.4, ``classical``) by one player's time for 60 moves
    (:func:`shashki.clock.classify`). None for a game without a clock: not rated."""
    if not control:
        return None
    try:
        tc = TimeControl.parse(control)
    except InvalidTimeControl:
        return None
    if tc.total_seconds() / 2 < 180:
        return "bullet"
    return classify(tc)


@dataclass(frozen=True)
class Shown:
    """A rating as shown beside a name: ``1523`` or ``1500?`` while provisional."""

    rating: float
    rd: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD

    def __str__(self) -> str:
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


NEW = Shown(DEFAULT.rating, DEFAULT.rd, 0)


def _rating(conn: Connection, user_id: int, variant: str, tc: str
            ) -> tuple[glicko2.Rating, int, bool]:
    row = conn.execute(select(_R.c.rating, _R.c.rd, _R.c.volatility, _R.c.games).where(
        _R.c.user_id == user_id, _R.c.variant == variant, _R.c.time_class == tc)
        .with_for_update()).first()
    if row is None:
        return DEFAULT, 0, False
    return glicko2.Rating(row.rating, row.rd, row.volatility), row.games, True


def rate_game(conn: Connection, game_id: int, at: float | None = None) -> bool:
    """Apply a finished rated game to both players' ratings, once; inside the caller's
    transaction (the one that writes the result, :func:`on_game_end`). Return whether the
    ratings changed. A game already rated is not counted again (docs/ratings.md)."""
    g = conn.execute(select(_G.c.rated, _G.c.variant, _G.c.time_control, _G.c.result,
                            _G.c.white_id, _G.c.black_id).where(_G.c.id == game_id)).first()
    if g is None or not g.rated:
        return False
    tc = time_class(g.time_control)
    if tc is None:
        return False
    return _rate(conn, _C.c.game_id, game_id, g.variant, tc, g.result, g.white_id,
                 g.black_id, at)


def rate_corr_game(conn: Connection, corr_game_id: int, variant: str, result: str,
                   white_id: int, black_id: int, at: float | None = None) -> bool:
    """A finished rated correspondence game, rated as a live one (:func:`_rate`) in the
    time class ``correspondence``; the correspondence feature's game-ended hook, called
    inside the transaction that saves the game's end. Return whether ratings changed."""
    return _rate(conn, _C.c.corr_game_id, corr_game_id, variant, "correspondence", result,
                 white_id, black_id, at)


def _rate(conn: Connection, key: Any, game_id: int, variant: str, tc: str, result: str,
          white_id: int, black_id: int, at: float | None) -> bool:
    """The one rating of a game, live or correspondence (``key`` names which table's game
    ``game_id`` is): each side against the other's rating before the game, once."""
    if result not in SCORES:
        return False
    if conn.execute(select(_C.c.id).where(key == game_id).limit(1)).first():
        return False
    at = time.time() if at is None else at
    white, w_games, w_known = _rating(conn, white_id, variant, tc)
    black, b_games, b_known = _rating(conn, black_id, variant, tc)
    w_score, b_score = SCORES[result]
    # One rating period per game (docs/ratings.md): each side against the other's
    # rating before the game.
    new_w = glicko2.update(white, [(black, w_score)], TAU)
    new_b = glicko2.update(black, [(white, b_score)], TAU)
    for user_id, old, new, games, known, score in (
            (white_id, white, new_w, w_games, w_known, w_score),
            (black_id, black, new_b, b_games, b_known, b_score)):
        values = {"rating": new.rating, "rd": new.rd, "volatility": new.volatility,
                  "games": games + 1, "updated_at": at}
        if known:
            conn.execute(update(_R).where(_R.c.user_id == user_id, _R.c.variant == variant,
                                          _R.c.time_class == tc).values(**values))
        else:
            conn.execute(insert(_R).values(user_id=user_id, variant=variant, time_class=tc,
                                           **values))
        conn.execute(insert(_C).values({
            key.key: game_id, "user_id": user_id, "variant": variant, "time_class": tc,
            "score": score, "rating_before": old.rating, "rd_before": old.rd,
            "rating_after": new.rating, "rd_after": new.rd,
            "volatility_after": new.volatility, "at": at}))
    return True


def on_game_end(conn: Connection, game_id: int, result: str, at: float) -> None:
    """The play feature's game-ended hook (:attr:`shashki.server.play.live.Hub.ended`):
    called inside the transaction that writes the result."""
    if result in SCORES:
        rate_game(conn, game_id, at)


# --- reading --------------------------------------------------------------------------------


def shown(db: DBSession, user_ids: Iterable[int], variant: str, tc: str | None
          ) -> dict[int, Shown]:
    """The ratings of these players in one variant and class (new players: 1500?)."""
    ids = set(user_ids)
    if tc is None or not ids:
        return {}
    out = dict.fromkeys(ids, NEW)
    for r in db.scalars(select(PlayerRating).where(
            PlayerRating.user_id.in_(ids), PlayerRating.variant == variant,
            PlayerRating.time_class == tc)):
        out[r.user_id] = Shown(r.rating, r.rd, r.games)
    return out


def labels(db: DBSession, pairs: Iterable[tuple[int, str, str]]) -> dict[tuple[int, str, str],
                                                                          str]:
    """``{(user, variant, control): "1523"}`` for many players' games or challenges at
    once (the lobby's lists); a control without a class has no label."""
    want: dict[tuple[str, str], set[int]] = {}
    keys = list(pairs)
    for user_id, variant, control in keys:
        tc = time_class(control)
        if tc is not None:
            want.setdefault((variant, tc), set()).add(user_id)
    found: dict[tuple[int, str, str], Shown] = {}
    for (variant, tc), ids in want.items():
        for uid, s in shown(db, ids, variant, tc).items():
            found[(uid, variant, tc)] = s
    out = {}
    for user_id, variant, control in keys:
        tc = time_class(control)
        if tc is not None:
            out[(user_id, variant, control)] = str(found.get((user_id, variant, tc), NEW))
    return out


def game_labels(database: Database) -> Callable[[int], tuple[str | None, str | None]]:
    """For the hub: a game's two ratings as shown beside the names (its rating class;
    ``None`` for a game without one)."""

    def lookup(game_id: int) -> tuple[str | None, str | None]:
        with database.session() as db:
            g = db.get(pm.Game, game_id)
            if g is None:
                return None, None
            found = labels(db, [(g.white_id, g.variant, g.time_control),
                                (g.black_id, g.variant, g.time_control)])
            return (found.get((g.white_id, g.variant, g.time_control)),
                    found.get((g.black_id, g.variant, g.time_control)))

    return lookup


def change(before: float, after: float) -> int:
    """A rating change as shown: the difference of the two ratings as shown (rounded), so
    that 1500 and "+12" make the 1512 shown next.

    >>> change(1500.0, 1512.4), change(1500.4, 1487.6), change(1662.5, 1662.4)
    (12, -12, 0)
    """
    return round(after) - round(before)


def game_changes(database: Database) -> Callable[[int], tuple[int | None, int | None]]:
    """For the hub: White's and Black's rating changes in a rated game that has ended
    (``None`` for a game not rated, or not yet); read once, when the game ends or when a
    finished game is loaded."""

    def lookup(game_id: int) -> tuple[int | None, int | None]:
        with database.session() as db:
            g = db.get(pm.Game, game_id)
            if g is None:
                return None, None
            found = changes_of_game(db, game_id)
            w, b = found.get(g.white_id), found.get(g.black_id)
            return (None if w is None else change(w.rating_before, w.rating_after),
                    None if b is None else change(b.rating_before, b.rating_after))

    return lookup


def profile(db: DBSession, user: User) -> list[PlayerRating]:
    return list(db.scalars(select(PlayerRating).where(PlayerRating.user_id == user.id)
                           .order_by(PlayerRating.variant, PlayerRating.time_class)))


def leaderboard(db: DBSession, variant: str, tc: str, limit: int = 100
                ) -> list[tuple[User, PlayerRating]]:
    """The best established ratings first; provisional ones after them."""
    rows = db.execute(select(User, PlayerRating).join(
        PlayerRating, and_(PlayerRating.user_id == User.id)).where(
        PlayerRating.variant == variant, PlayerRating.time_class == tc)
        .order_by((PlayerRating.rd > PROVISIONAL_RD), PlayerRating.rating.desc())
        .limit(limit)).all()
    return [(u, r) for u, r in rows]


def history(db: DBSession, user: User) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Each series (variant, class) of the player's ratings: (time, rating after)."""
    out: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for c in db.scalars(select(RatingChange).where(RatingChange.user_id == user.id)
                        .order_by(RatingChange.at, RatingChange.id)):
        series = out.setdefault((c.variant, c.time_class), [])
        if not series:
            series.append((c.at, c.rating_before))
        series.append((c.at, c.rating_after))
    return out


def changes_of_game(db: DBSession, game_id: int) -> dict[int, RatingChange]:
    return {c.user_id: c for c in db.scalars(
        select(RatingChange).where(RatingChange.game_id == game_id))}


# --- the history graph ------------------------------------------------------------------------

COLOURS = ("#b5412c", "#2b6cb0", "#2f855a", "#805ad5", "#b7791f", "#4a5568")


def history_svg(series: dict[tuple[str, str], list[tuple[float, float]]],
                names: dict[tuple[str, str], str], width: int = 640, height: int = 240
                ) -> str:
    """The rating history as an inline SVG (drawn here; no script, no CDN): one line per
    variant and class, ratings on the left axis, games in order along the bottom.

    >>> svg = history_svg({("russian", "blitz"): [(0, 1500), (1, 1662)]},
    ...                   {("russian", "blitz"): "Russian blitz"})
    >>> svg.startswith("<svg") and "polyline" in svg and "1662" in svg
    True
    """
    if not series:
        return ""
    values = [r for pts in series.values() for _, r in pts]
    lo = math.floor((min(values) - 10) / 50) * 50
    hi = math.ceil((max(values) + 10) / 50) * 50
    left, right, top = 48, 8, 8
    plot_w, plot_h = width - left - right, height - top - 40
    total_h = height + 16 * len(series)
    longest = max(len(p) for p in series.values())

    def y(r: float) -> float:
        return top + plot_h * (hi - r) / (hi - lo)

    parts: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-graph" role="img" '
        f'viewBox="0 0 {width} {total_h}" width="100%" preserveAspectRatio="xMidYMid meet">']
    step = max(50, round((hi - lo) / 5 / 50) * 50)
    tick = lo
    while tick <= hi:
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" '
                     f'y2="{y(tick):.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" text-anchor="end" '
                     f'font-size="11">{tick}</text>')
        tick += step
    for i, (key, pts) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        n = max(1, longest - 1)
        coords = " ".join(f"{left + plot_w * j / n:.1f},{y(r):.1f}"
                          for j, (_, r) in enumerate(pts))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{coords}"/>')
        last = pts[-1][1]
        ly = top + plot_h + 24 + 16 * i
        parts.append(f'<rect x="{left}" y="{ly - 9}" width="12" height="4" fill="{colour}"/>'
                     f'<text x="{left + 18}" y="{ly - 4}" font-size="12">'
                     f'{_escape(names.get(key, " ".join(key)))}: {round(last)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def as_dict(r: PlayerRating) -> dict[str, Any]:
    s = Shown(r.rating, r.rd, r.games)
    return {"variant": r.variant, "time_class": r.time_class, "rating": round(r.rating, 1),
            "rd": round(r.rd, 1), "volatility": r.volatility, "games": r.games,
            "provisional": s.provisional}
