"""The conduct of one game by the Code: moves, clocks, offers, claims, results.

A :class:`Game` knows when it is over and by which article, and keeps the evidence —
every position and clock reading — so that a claim or an appeal can be checked later.

>>> g = Game("russian")
>>> for t in ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3"]:
...     _ = g.play(t)
>>> g.offer_draw(WHITE)            # Code 1.9.3: right after his move
>>> _ = g.play("h6-g5")            # Black declines by moving
>>> g.offer_draw(WHITE)
Traceback (most recent call last):
...
shashki.game.RuleViolation: White may offer again only after Black has offered a draw (Code 1.9.6)
>>> g.offer_draw(BLACK); _ = g.accept_draw(WHITE)
>>> g.termination.kind, g.termination.article, g.result
(<Kind.AGREEMENT: 'agreement'>, 'Code 1.9.1.1', '1/2-1/2')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from shashki import draws, pdn
from shashki.board import Board
from shashki.clock import Clock, ClockState, TimeControl
from shashki.color import BLACK, WHITE, Color
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.rules import Goal, Variant


class GameOver(ShashkiError):
    """An action on a game that has ended (Code 1.10.4: after the end no claims).

    >>> g = Game("russian")
    >>> _ = g.resign(g.board.turn)
    >>> g.play("c3-d4")
    Traceback (most recent call last):
        ...
    shashki.game.GameOver: the game is over: resignation (Code 1.8.1) (Code 1.10.4)
    """


class RuleViolation(ShashkiError):
    """An action that the Code does not allow at this moment; the message cites it.

    >>> from shashki.color import WHITE
    >>> g = Game("russian")
    >>> g.offer_draw(WHITE)
    >>> g.accept_draw(WHITE)
    Traceback (most recent call last):
        ...
    shashki.game.RuleViolation: there is no draw offer to White
    """


class Kind(Enum):
    """How a game ended.

    >>> from shashki.color import WHITE
    >>> g = Game("russian")
    >>> g.resign(WHITE).kind
    <Kind.RESIGNATION: 'resignation'>
    >>> Kind("time forfeit")
    <Kind.TIME: 'time forfeit'>
    """

    RESIGNATION = "resignation"
    NO_PIECES = "no pieces"
    NO_MOVES = "no moves"
    TIME = "time forfeit"
    FORFEIT = "forfeit"
    ARBITER = "arbiter's decision"
    AGREEMENT = "agreement"
    DRAW_RULE = "draw by rule"
    CLAIM = "verified claim"
    BOTH_LOST = "both lost"
    ANNULLED = "annulled"
    ABORTED = "aborted"


@dataclass(frozen=True)
class Reading:
    """One entry of the record: the position after a ply and the clocks then.

    >>> g = Game("russian", time_control="5m", now=lambda: 0.0)
    >>> _ = g.play("c3-d4")
    >>> r = g.readings[1]
    >>> r.ply, r.move, r.clock, r.at
    (1, 'c3-d4', (300.0, 300.0), 0.0)
    """

    ply: int
    fen: str
    move: str | None
    clock: tuple[float, float] | None
    at: float | None


@dataclass(frozen=True)
class Termination:
    """Why and by which article a game ended, at which ply, with the evidence.

    >>> g = Game("russian", "W:Wc3:Bd4")
    >>> g.termination is None
    True
    >>> _ = g.play("c3:e5")
    >>> t = g.termination
    >>> t.kind, t.article, t.winner, t.result
    (<Kind.NO_PIECES: 'no pieces'>, 'Code 1.8.1', <Color.WHITE: 0>, '1-0')
    >>> t.tag()
    'no pieces (Code 1.8.1)'
    """

    kind: Kind
    article: str
    ply: int
    winner: Color | None = None
    both_lost: bool = False
    detail: str = ""
    evidence: tuple[Reading, ...] = field(default=(), repr=False, compare=False)

    @property
    def result(self) -> str:
        """The PDN result: ``1-0``, ``0-1``, ``1/2-1/2`` or ``0-0`` (both lost)."""
        if self.kind in (Kind.ANNULLED, Kind.ABORTED):
            return "*"
        if self.both_lost:
            return "0-0"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is WHITE else "0-1"

    def tag(self) -> str:
        """The PDN ``Termination`` tag value, naming the article."""
        return f"{self.kind.value} ({self.article})"


@dataclass
class Offer:
    """An offer of a draw (Code 1.9.3-1.9.6): who made it, at which ply, and whether it waits for
    the move to be made.

    >>> from shashki.color import WHITE
    >>> g = Game("russian")
    >>> _ = g.play("c3-d4")
    >>> g.offer_draw(g.board.turn)
    >>> g.offer
    Offer(by=<Color.BLACK: 1>, ply=1, article='Code 1.9.5', deferred=True)
    """
    by: Color
    ply: int
    article: str
    deferred: bool = False
    """Code 1.9.5: made on the offerer's own clock; the opponent may wait for his move."""


@dataclass
class Claim:
    """A threefold-repetition claim under Code 1.9.2, being checked on the claimant's time.

    >>> from shashki.color import BLACK
    >>> g = Game("russian", "W:WKa1:BKh2")
    >>> for t in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2:
    ...     _ = g.play(t)
    >>> g.termination is None          # repetition is claimed, not automatic
    True
    >>> g.claim_threefold(g.board.turn)
    Claim(by=<Color.WHITE: 0>, ply=8, written=None)
    """

    by: Color
    ply: int
    written: Move | None
    """The move written but not played (Code 1.9.2, second paragraph), if any."""


@dataclass(frozen=True)
class Event:
    """An entry of the arbiter's log: offers, claims, irregularities, decisions.

    >>> from shashki.color import WHITE
    >>> g = Game("russian")
    >>> g.offer_draw(WHITE)
    >>> g.decline_draw(WHITE.other)
    >>> [(e.action, e.color, e.article) for e in g.events]
    [('offer', <Color.WHITE: 0>, 'Code 1.9.5'), ('decline', <Color.BLACK: 1>, 'Code 1.9.5')]
    """

    ply: int
    action: str
    color: Color | None
    article: str
    detail: str = ""
    at: float | None = None


class Game:
    """One game under the Code, with an optional clock and a draw ruleset.

    ``repetition`` is ``"claim"`` (Code 1.9.2: threefold repetition is a claim to the
    arbiter) or ``"auto"`` (online play: the draw is declared at once).

    >>> g = Game("russian", time_control="70m/35 + 15m", now=lambda: 0.0)
    >>> _ = g.play("c3-d4"); _ = g.play("f6-e5"); _ = g.play("d4:f6")
    >>> g.ply, g.board.turn, g.is_over, g.clock.remaining(g.board.turn)
    (3, <Color.BLACK: 1>, False, 4200.0)
    >>> g.resign(g.board.turn).article, g.result
    ('Code 1.8.1', '1-0')
    """

    def __init__(
        self, variant: str | Variant = "russian", fen: str | None = None, *,
        ruleset: str | None = None, time_control: TimeControl | str | None = None,
        now: Callable[[], float] | None = None, repetition: str = "claim",
    ) -> None:
        if repetition not in ("claim", "auto"):
            raise ShashkiError(f"repetition must be 'claim' or 'auto', not {repetition!r}")
        self.board = Board(variant, fen)
        self.initial_fen = self.board.fen()
        self.ruleset = draws.ruleset(self.board.variant.name, ruleset)
        self.repetition = repetition
        tc = TimeControl.parse(time_control) if isinstance(time_control, str) else time_control
        self.clock: Clock | None = None
        if tc is not None:
            self.clock = Clock(tc, now=now) if now is not None else Clock(tc)
        self.termination: Termination | None = None
        self.offer: Offer | None = None
        self.claim: Claim | None = None
        self.events: list[Event] = []
        self.readings: list[Reading] = [self._reading(None)]
        self.history: list[draws.Snapshot] = draws.history(self.board)
        """One snapshot a position, kept as the game goes (draw rules read it)."""
        self._declined_by: Color | None = None
        self._offer_since_decline: set[Color] = set()
        self._last_mover: Color | None = None

    # --- state ----------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        return len(self.board.move_stack)

    @property
    def is_over(self) -> bool:
        return self.termination is not None

    @property
    def result(self) -> str:
        return self.termination.result if self.termination else "*"

    def _reading(self, move: str | None) -> Reading:
        clk = None
        at = None
        if self.clock is not None:
            clk = (self.clock.remaining(WHITE), self.clock.remaining(BLACK))
            at = self.clock._now()
        return Reading(self.ply, self.board.fen(), move, clk, at)

    def _now(self) -> float | None:
        return self.clock._now() if self.clock is not None else None

    def _log(self, action: str, color: Color | None, article: str, detail: str = "") -> None:
        self.events.append(Event(self.ply, action, color, article, detail, self._now()))

    def _end(self, kind: Kind, article: str, winner: Color | None = None,
             both_lost: bool = False, detail: str = "") -> Termination:
        self.termination = Termination(kind, article, self.ply, winner, both_lost, detail,
                                       tuple(self.readings))
        self.offer = None
        self.claim = None
        if self.clock is not None and self.clock.running is not None:
            self.clock.stop()
        self._log("end", winner, article, f"{kind.value}: {detail}".rstrip(": "))
        return self.termination

    def _require_open(self) -> None:
        if self.termination is not None:
            raise GameOver(f"the game is over: {self.termination.tag()} (Code 1.10.4)")

    # --- moves ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start White's clock at the start of the round (Code 3.7.3)."""
        self._require_open()
        if self.clock is not None:
            self.clock.start(self.board.turn)

    def play(self, move: Move | str) -> Move:
        """Play the next move (text or :class:`Move`) and apply the rules that end games.

        A move by the player to whom a draw was offered declines it (Code 1.9.3).
        """
        self._require_open()
        if self.claim is not None:
            raise RuleViolation(
                "a claim is being checked; the arbiter must rule first (Code 1.9.2)")
        mover = self.board.turn
        if self.check_time() is not None:
            raise GameOver(f"the game is over: {self.termination.tag()}")  # type: ignore[union-attr]
        m = self.board.parse_move(move) if isinstance(move, str) else move
        text = self.board.move_text(m)
        before = (*self.board.position, self.board.zobrist_hash())
        self.board.push(m)
        after = (*self.board.position, self.board.zobrist_hash())
        self.history.append(draws.snapshot_after(self.board, before, after, self.board.peek()))
        if self.clock is not None:
            if self.clock.state.value == "ready":
                self.clock.start(mover)
            self.clock.press()
        self._last_mover = mover
        if self.offer is not None and self.offer.by is not mover and not self.offer.deferred:
            self._log("decline", mover, "Code 1.9.3", "by making a move")
            self._declined_by = self.offer.by
            self.offer = None
        elif self.offer is not None and self.offer.deferred and self.offer.by is mover:
            self.offer.deferred = False  # the opponent has seen the move (Code 1.9.5)
        self.readings.append(self._reading(text))
        self._after_move()
        return m

    def _after_move(self) -> None:
        outcome = self.board.outcome()
        if outcome is not None:
            kind = Kind.NO_PIECES if outcome.termination.value == "no pieces" else Kind.NO_MOVES
            article = "Code 1.8.1" if self.board.variant.goal is Goal.NORMAL else "Code 5.1.4"
            self._end(kind, article, outcome.winner)
            return
        d = self.ruleset.check(self.history, self.board.variant.geometry,
                               repetition=self.repetition == "auto")
        if d is not None:
            self._end(Kind.DRAW_RULE, d.article, None,
                      detail=f"{d.detail}; counted from ply {d.since}")

    def check_time(self) -> Termination | None:
        """Code 1.8.1, 3.8: the side to move loses when its flag falls (Code 3.13.2 for a
        resumption). A claim being checked is decided by the arbiter first (item 13)."""
        if self.clock is None or self.termination is not None or self.claim is not None:
            return self.termination
        side = self.board.turn
        if self.clock.flag_fallen(side):
            return self._end(Kind.TIME, "Code 1.8.1", side.other, detail=f"{side.label} flag fell")
        return None

    # --- resignation, offers ------------------------------------------------------------

    def resign(self, color: Color) -> Termination:
        """Code 1.8.1: the player who resigns loses."""
        self._require_open()
        return self._end(Kind.RESIGNATION, "Code 1.8.1", color.other,
                         detail=f"{color.label} resigned")

    def offer_draw(self, color: Color) -> None:
        """Offer a draw (Code 1.9.3-1.9.6).

        Right after one's move (1.9.3); while the opponent thinks (1.9.4: valid, the
        offerer is warned); on one's own clock (1.9.5: the opponent may wait for the move).
        After a declined offer the same player may offer again only after the opponent has
        offered (1.9.6). Without a clock shashki cannot tell "right after the move" (1.9.3)
        from "while the opponent thinks" (1.9.4); both are valid offers.
        """
        self._require_open()
        if self.offer is not None:
            raise RuleViolation(f"{self.offer.by.label} has already offered a draw")
        if self._declined_by is color and color.other not in self._offer_since_decline:
            raise RuleViolation(
                f"{color.label} may offer again only after {color.other.label} has offered a "
                "draw (Code 1.9.6)")
        if self.board.turn is color:
            self.offer = Offer(color, self.ply, "Code 1.9.5", deferred=True)
        else:
            self.offer = Offer(color, self.ply, "Code 1.9.3")
        if self._declined_by is not None:
            self._offer_since_decline.add(color)
            if color is not self._declined_by:
                self._declined_by = None
                self._offer_since_decline.clear()
        self._log("offer", color, self.offer.article)

    def accept_draw(self, color: Color) -> Termination:
        """The opponent of the offerer accepts: draw by agreement (Code 1.9.1.1)."""
        self._require_open()
        if self.offer is None or self.offer.by is color:
            raise RuleViolation(f"there is no draw offer to {color.label}")
        return self._end(Kind.AGREEMENT, "Code 1.9.1.1", detail=f"offered by {self.offer.by.label}")

    def decline_draw(self, color: Color) -> None:
        self._require_open()
        if self.offer is None or self.offer.by is color:
            raise RuleViolation(f"there is no draw offer to {color.label}")
        self._declined_by = self.offer.by
        self._offer_since_decline.clear()
        self._log("decline", color, self.offer.article)
        self.offer = None

    # --- repetition claims (Code 1.9.2, item 13) -------------------------------------------

    def claim_threefold(self, color: Color, written: Move | str | None = None) -> Claim:
        """Claim a draw by repetition; the arbiter then checks it on the claimant's clock.

        Without ``written``: after the opponent's move that repeated the position, before
        making one's own move. With ``written``: the move one intends to play, written
        down but not played, that would repeat the position (Code 1.9.2).
        """
        self._require_open()
        if self.board.turn is not color:
            raise RuleViolation(
                f"{color.label} may claim only before making his own move (Code 1.9.2)")
        move = self.board.parse_move(written) if isinstance(written, str) else written
        if move is not None and move not in self.board.legal_moves:
            raise RuleViolation(f"the written move {move} is not legal")
        self.claim = Claim(color, self.ply, move)
        if self.clock is not None and self.clock.state.value == "running":
            self.clock.run_only(color, "threefold claim checked on the claimant's time")
        self._log("claim", color, "Code 1.9.2",
                  f"written move {self.board.move_text(move)}" if move else "")
        return self.claim

    def rule_on_claim(self) -> Termination | None:
        """The arbiter's verdict on the pending claim, from the record (Code 1.9.2, item 13).

        True: drawn, even if the claimant's flag fell during the check. False: the
        written move is played and the game goes on; the claimant loses if his time ran out.
        """
        if self.claim is None:
            raise RuleViolation("no claim is pending")
        claim = self.claim
        b = self.board.copy()
        if claim.written is not None:
            b.push(claim.written)
        found = draws.threefold(draws.history(b), b.variant.geometry)
        flag = self.clock is not None and self.clock.flag_fallen(claim.by)
        self.claim = None
        if found is not None:
            _, detail = found
            if claim.written is not None:
                self.board.push(claim.written)
                self.history = draws.history(self.board)
                self.readings.append(self._reading(None))
            return self._end(Kind.CLAIM, "Code 1.9.1.7", detail=f"{detail}; claim by "
                             f"{claim.by.label} (Code 1.9.2)")
        self._log("claim rejected", claim.by, "Code 1.9.2", "no threefold repetition")
        if flag:
            return self._end(Kind.TIME, "Code 1.9.2", claim.by.other,
                             detail="claim false and the claimant's time ran out")
        if self.clock is not None and self.clock.state.value == "running":
            self.clock.run_only(claim.by)
        if claim.written is not None:
            self.play(claim.written)
        return self.termination

    # --- arbiter ----------------------------------------------------------------------------

    def forfeit(self, color: Color, article: str = "Code 3.13.1", detail: str = "") -> Termination:
        """``color`` loses without play or by sanction (Code 3.13.1 lateness, 3.5, 3.8, 3.11)."""
        self._require_open()
        return self._end(Kind.FORFEIT, article, color.other, detail=detail)

    def both_lose(self, article: str = "Code 3.13.3", detail: str = "") -> Termination:
        """Both players lose: both absent (3.13.3) or both flags without a record (3.10.4)."""
        self._require_open()
        return self._end(Kind.BOTH_LOST, article, both_lost=True, detail=detail)

    def decide(self, winner: Color | None, article: str, detail: str) -> Termination:
        """An arbiter's decision (Code 1.8.1; excerpts 7.1), e.g. 1.9.1.2 no win possible."""
        self._require_open()
        kind = Kind.ARBITER
        return self._end(kind, article, winner, detail=detail)

    def illegal_move_found(self, ply: int, detail: str = "") -> None:
        """Code 1.10.3: a move against the rules is found later: the game goes back to the
        position before it and is replayed from there."""
        self._require_open()
        if not 1 <= ply <= self.ply:
            raise RuleViolation(f"there is no ply {ply} in this game")
        self._rewind(ply)
        self._log("irregularity", None, "Code 1.10.3", f"replayed from ply {ply}; {detail}")

    def take_back(self, plies: int, by: Color, article: str, detail: str = "") -> None:
        """Undo the last ``plies`` plies by the players' agreement: an online casual game's
        takeback, which the Code does not know (a move is made once the hand leaves the
        piece, Code 1.4.6, and a touched piece must be moved, 1.4.7); ``article`` names the
        platform's rule that allows it. The clocks are not turned back: each keeps the time
        it shows, and the clock of the side to move after the takeback runs from now; the
        taken back moves no longer count towards a control.

        >>> g = Game("russian", now=lambda: 0.0)
        >>> _ = g.play("c3-d4"); _ = g.play("f6-g5"); _ = g.play("g3-f4")
        >>> g.take_back(2, WHITE, "Platform L4"); g.ply, g.board.turn, g.events[-1].action
        (1, <Color.BLACK: 1>, 'taken back')
        """
        self._require_open()
        if self.claim is not None:
            raise RuleViolation("a claim is being checked; the arbiter must rule first")
        if not 1 <= plies <= self.ply:
            raise RuleViolation(f"there are not {plies} plies to take back")
        movers = [self.readings[p].fen[:1] for p in range(self.ply - plies, self.ply)]
        self._rewind(self.ply - plies + 1)
        if self.clock is not None and self.clock.state is not ClockState.READY:
            for side in movers:  # the side to move in the position before each ply undone
                color = BLACK if side.upper() == "B" else WHITE
                self.clock.moves[color] = max(0, self.clock.moves[color] - 1)
            if self.clock.state is ClockState.RUNNING:
                self.clock.run_only(self.board.turn, "takeback")
        self._last_mover = self.board.turn.other if self.ply else None
        what = detail or f"{plies} {'ply' if plies == 1 else 'plies'}"  # the moves undone
        self._log("taken back", by, article, what)

    def _rewind(self, ply: int) -> None:
        """Back to the position before ``ply`` (the plies from it on undone)."""
        while self.ply >= ply:
            self.board.pop()
        self.history = draws.history(self.board)
        del self.readings[ply:]
        self.offer = None

    def wrong_setup_found(self, fen: str) -> bool:
        """Code 1.10.2: a wrong set-up found before both sides have moved is corrected;
        afterwards the game stands. Returns whether it was corrected."""
        self._require_open()
        if self.ply >= 2:  # both sides have made at least one move
            self._log("irregularity", None, "Code 1.10.2", "wrong set-up found; the game stands")
            return False
        self.board = Board(self.board.variant, fen)
        self.history = draws.history(self.board)
        self.initial_fen = self.board.fen()
        self.readings = [self._reading(None)]
        self._log("irregularity", None, "Code 1.10.2", "set-up corrected before both moved")
        return True

    # --- the record -----------------------------------------------------------------------

    def to_pdn(self, headers: dict[str, str] | None = None) -> pdn.Game:
        """The game record: moves with clock readings, ``Result`` in the GameType's tokens,
        ``TimeControl``, ``Termination`` naming the article, and a closing comment with the
        ply and the evidence's summary."""
        from shashki.pdn.annotations import ClockTimes
        from shashki.pdn.gametype import result_token

        record = pdn.Game.from_board(self.board)
        record.headers.update(headers or {})
        record.headers["Result"] = result_token(self.result, self.board.variant)
        if self.clock is not None:
            record.headers["TimeControl"] = self.clock.control.to_pdn()
        node: pdn.GameNode = record
        for reading in self.readings[1:]:
            nxt = node.next()
            if nxt is None:
                break
            node = nxt
            if reading.clock is not None:
                node.clock = ClockTimes(white=reading.clock[0], black=reading.clock[1])
        if self.termination is not None:
            t = self.termination
            record.headers["Termination"] = t.tag()
            note = f"{t.kind.value}, {t.article}, ply {t.ply}"
            end = record.end()
            end.comment = f"{end.comment} {note}: {t.detail}".strip() if t.detail else (
                f"{end.comment} {note}".strip())
        return record

    def abort(self, article: str, detail: str = "") -> Termination:
        """The game is called off before both players have made a move: no result (``*``).

        Not a rule of the Code, which starts the clock at the round's start (Code 3.7.3)
        and forfeits a late player (3.13.1); casual play online aborts instead (the
        platform's decision, docs/rules.md L1, cited as ``article``)."""
        self._require_open()
        if self.ply >= 2:
            raise RuleViolation(f"both players have moved; the game cannot be aborted ({article})")
        return self._end(Kind.ABORTED, article, detail=detail)

    def annul(self, detail: str = "board placed wrongly") -> Termination:
        """Code 1.10.1: the board was placed wrongly: the game is annulled and replayed."""
        self._require_open()
        return self._end(Kind.ANNULLED, "Code 1.10.1", detail=detail)


def judge(record: pdn.Game, ruleset: str | None = None, repetition: str = "auto") -> Game:
    """Replay a record's main line under the rules and return the :class:`Game`.

    Its ``termination`` is the first end the rules impose (Code 1.8.1, the draw rules of
    ``ruleset``), or None when the rules leave the game open and the record's result stands
    on what the record cannot show (resignation, agreement, time). A record that goes on
    after the rules ended the game is judged at that ply: later moves were not part of
    the game (Code 1.10.4). Threefold repetition counts as claimed when it occurs
    (``repetition="auto"``), since a record does not show claims.

    >>> from shashki.pdn import read_game
    >>> g = judge(read_game('[GameType "25"]\\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *'))
    >>> g.ply, g.termination, g.board.fen()[:10]
    (4, None, 'W:W21,23,2')
    """
    start = record.starting_fen()
    g = Game(record.variant, start, ruleset=ruleset, repetition=repetition)
    for node in record.mainline():
        if g.is_over:
            break
        if node.setup_fen is not None:
            g.board = Board(record.variant, node.setup_fen)
            g.history = draws.history(g.board)
            g.readings.append(g._reading(None))
            g._log("setup", None, "PDN setup command", node.setup_fen)
            continue
        if node.move is None:
            break  # an unknown move ("...") ends what can be judged
        g.play(node.move)
    return g
