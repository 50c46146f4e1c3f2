"""Who may rule on a game: one function decides it for every route (the arbiter's console,
the REST API, the WebSocket), so no two of them can disagree.

A game of an event is ruled on by the arbiters appointed to that event (Code 4.6: the
chief arbiter and the arbiters of the competition) and by nobody else; a casual game has no
arbiter, and only an administrator may act on it, with the reason recorded. Nobody rules on
a game he plays (docs/security.md, decision S1).

Who may take a move back is decided here too (:func:`authorise_takeback`): only the
players of a casual game (docs/rules.md L4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from shashki.server.accounts.models import Role
from shashki.server.core.errors import Forbidden, GameRuleError, InvalidInput

TAKEBACK_ARTICLE = "Platform L4"
"""The platform's rule that lets the players of a casual game take a move back."""
MOVE_STANDS = "Code 1.4.6"
"""A move is made once the player's hand leaves the piece (Code 1.4.6; a touched piece
must be moved, 1.4.7): under the Code a move made stands, so a rated or an event's game has
no takeback."""


@dataclass(frozen=True)
class Officials:
    """The officials of one game."""

    event_id: int | None = None
    """The event the game belongs to; None for a casual game."""
    arbiters: frozenset[int] = field(default_factory=frozenset)
    """Accounts appointed to arbitrate that event: its chief arbiter (the organiser when
    the organiser appointed none) and the other arbiters."""


CASUAL = Officials()
"""A casual game: no arbiter."""


@dataclass(frozen=True)
class Ruling:
    """Why an action on a game is allowed: as one of its event's arbiters, or as an
    administrator (who must give the reason, recorded with the action)."""

    as_arbiter: bool


def authorise(user_id: int, role: Role, players: Iterable[int | None], officials: Officials,
              reason: str = "") -> Ruling:
    """Allow ``user_id`` to rule on a game of ``players`` whose officials are ``officials``,
    or raise :class:`Forbidden` (``own_game``: he plays it; ``not_arbiter``: he is not an
    arbiter of its event; ``role``: a casual game, and he is not an administrator).
    An administrator who is not one of the game's arbiters must give ``reason``."""
    if user_id in set(players):
        raise Forbidden(code="own_game")
    if officials.event_id is not None and user_id in officials.arbiters \
            and role.at_least(Role.ARBITER):
        return Ruling(as_arbiter=True)
    if role.at_least(Role.ADMINISTRATOR):
        if not reason.strip():
            raise InvalidInput("detail", "an administrator's action on a game names its reason",
                               code="admin_reason")
        return Ruling(as_arbiter=False)
    if officials.event_id is not None:
        raise Forbidden(code="not_arbiter")
    raise Forbidden(code="role", role=Role.ADMINISTRATOR.value)


def authorise_takeback(user_id: int, players: Iterable[int | None], officials: Officials,
                       rated: bool) -> None:
    """Allow ``user_id`` to propose, accept or decline a takeback, or raise: he must play
    the game (:class:`Forbidden` ``not_a_player``), and the game must be casual, neither
    rated nor an event's (:class:`GameRuleError` ``no_takeback`` citing Code 1.4.6: a
    move made stands; a correspondence game has none either, Code 5.1)."""
    if user_id not in set(players):
        raise Forbidden(code="not_a_player")
    if rated or officials.event_id is not None:
        raise GameRuleError("a move made stands (Code 1.4.6)", code="no_takeback",
                            article=MOVE_STANDS)
