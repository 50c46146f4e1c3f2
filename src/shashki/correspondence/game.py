"""One correspondence game: moves with their sent and received moments, time counted in
calendar days, leave, conditional moves, overstepping and the judge's decision, reminders
on silence, and the record as PDN with the times in comments.

The rules of the game itself are the Code's (Code 5.1.4): :class:`shashki.game.Game`
plays the moves and ends the game by the rules. Chapter V of the Code as shashki has it
stops at 5.1.8; the time rules below are decisions P1-P11 of ``docs/rules.md``.

>>> from datetime import datetime, UTC
>>> from shashki.correspondence.calendar import SimulatedClock
>>> clock = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
>>> w, b = Person("Ivanov"), Person("Petrov")
>>> g = CorrespondenceGame(w, b, "30d/10", now=clock)
>>> clock.advance(days=3); _ = g.play(w, "c3-d4")
>>> g.moves[0].reflection, g.used(WHITE), g.allowed(WHITE)
(3, 3, 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Any

from shashki.color import BLACK, WHITE, Color
from shashki.correspondence.calendar import Calendar, Now, utc_now
from shashki.correspondence.control import DayControl
from shashki.correspondence.errors import NotAllowed, PlayError
from shashki.correspondence.leave import LeaveBook
from shashki.correspondence.roles import Person, Role, require
from shashki.errors import ShashkiError
from shashki.game import Game, Termination
from shashki.i18n import N_

ARTICLE_DAYS = "Code 5.1.2"
ARTICLE_JUDGE = "Code 5.1.7"
ARTICLE_CAPTAIN = "Code 5.1.8"


class Channel(StrEnum):
    """How a move travelled (Code 5.1.1: by post, e-mail or telephone; and the platform).

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, SimulatedClock
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> today = SimulatedClock(datetime(2026, 3, 2, tzinfo=UTC))
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> _ = g.play(w, "c3-d4", channel=Channel.EMAIL)
    >>> g.moves[0].channel, [c.value for c in Channel]
    (<Channel.EMAIL: 'email'>, ['web', 'email', 'post', 'phone'])
    """

    WEB = "web"
    EMAIL = "email"
    POST = "post"
    PHONE = "phone"


class NoticeKind(StrEnum):
    """What a :class:`Notice` tells: a move, a reminder, an escalation to the judge, an overstep, a
    decision, a conditional move played or cancelled, the end.

    >>> NoticeKind.REMINDER.value, NoticeKind("end")
    ('reminder', <NoticeKind.END: 'end'>)
    """
    MOVE = "move"
    REMINDER = "reminder"
    ESCALATION = "escalation"
    OVERSTEP = "overstep"
    DECISION = "decision"
    CONDITIONAL_PLAYED = "conditional played"
    CONDITIONAL_CANCELLED = "conditional cancelled"
    END = "end"


class Decision(StrEnum):
    """The judge's decision on overstepped time (Code 5.1.7).

    >>> [d.value for d in Decision]
    ['loss', 'warning']
    """

    LOSS = "loss"
    WARNING = "warning"


@dataclass(frozen=True)
class CorrMove:
    """One ply of the record, with the evidence a dispute is settled from.

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, SimulatedClock
    >>> today = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> today.advance(days=2); _ = g.play(w, "c3-d4")
    >>> m = g.moves[0]
    >>> m.ply, m.color, m.text, m.reflection, m.sent.date()
    (1, <Color.WHITE: 0>, 'c3-d4', 2, datetime.date(2026, 3, 4))
    """

    ply: int
    color: Color
    text: str
    sent: datetime
    """When the move was sent: made on the platform, accepted from e-mail, or the postmark
    (midday of its date) of a letter."""
    received: datetime
    """When the opponent received it; his time runs from that day."""
    channel: Channel
    reflection: int
    """Calendar days charged to the mover for this move (P1)."""
    entered_by: str = ""
    """The captain or judge who entered a postal move (Code 5.1.8)."""
    conditional: bool = False
    """Played from the mover's conditional line (P7)."""


@dataclass(frozen=True)
class Notice:
    """A message the game asks to be sent: to ``white``, ``black``, ``judge`` or ``captain``.

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, SimulatedClock
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> today = SimulatedClock(datetime(2026, 3, 2, tzinfo=UTC))
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> [(n.kind, n.to, n.ply) for n in g.play(w, "c3-d4")]
    [(<NoticeKind.MOVE: 'move'>, 'black', 1)]
    """

    kind: NoticeKind
    to: str
    day: date
    ply: int
    article: str
    detail: str


@dataclass
class Overstep:
    """Time overstepped: registered, the judge notified, then decided (Code 5.1.7).

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, Role, SimulatedClock
    >>> today = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
    >>> w, b, judge = Person("Ivanov"), Person("Petrov"), Person("Judge", Role.JUDGE)
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today, judge=judge)
    >>> today.advance(days=31); notices = g.check()
    >>> [n.to for n in notices if n.kind == "overstep"]
    ['judge', 'white', 'black']
    >>> o = g.rule(judge, Decision.WARNING, "the post was late")
    >>> o.color, o.used, o.allowed, o.decision.value
    (<Color.WHITE: 0>, 31, 30, 'warning')
    """

    color: Color
    day: date
    used: int
    allowed: int
    move: int
    decision: Decision | None = None
    reason: str = ""
    judge: str = ""
    decided: date | None = None


@dataclass
class ConditionalLine:
    """"If he plays X, I play Y, then if X2, Y2 ..." registered by ``color`` (P7).

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, SimulatedClock
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> today = SimulatedClock(datetime(2026, 3, 2, tzinfo=UTC))
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> _ = g.play(w, "c3-d4")
    >>> line = g.add_conditional(w, ["f6-g5", "g3-f4"])
    >>> line.color, line.moves, line.at_ply
    (<Color.WHITE: 0>, ['f6-g5', 'g3-f4'], 1)
    """

    color: Color
    moves: list[str]
    """Alternating: the opponent's expected move, the reply, ..."""
    registered: datetime
    at_ply: int


@dataclass
class _Restart:
    moves: int = 0
    """Own moves made before the count restarted."""
    day: date | None = None


def _color_name(c: Color) -> str:
    return "white" if c is WHITE else "black"


class CorrespondenceGame:
    """A game by correspondence under an event's time control and leave rules.

    >>> from shashki.color import WHITE
    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import Person, SimulatedClock
    >>> today = SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> today.advance(days=4); _ = g.play(w, "c3-d4")
    >>> g.used(WHITE), g.allowed(WHITE), g.remaining(WHITE)
    (4, 30, 26)
    """

    def __init__(
        self, white: Person, black: Person, control: DayControl | str, *,
        variant: str = "russian", calendar: Calendar | None = None,
        leave: LeaveBook | None = None, now: Now = utc_now, start: datetime | None = None,
        remind_after: int = 10, escalate_after: int = 20, assumed_transit: int = 3,
        judge: Person | None = None, captain: Person | None = None, label: str = "",
        ruleset: str | None = None,
    ) -> None:
        if white.name == black.name:
            raise PlayError(N_("{name} cannot play himself"), name=white.name)
        if not 0 < remind_after < escalate_after:
            raise PlayError(
                N_("reminder after {remind_after} days must come before escalation after "
                   "{escalate_after}"), remind_after=remind_after, escalate_after=escalate_after)
        self.white, self.black = white, black
        self.control = DayControl.parse(control) if isinstance(control, str) else control
        self.calendar = calendar or Calendar()
        self.leave = leave if leave is not None else LeaveBook()
        self.now = now
        self.start = start or now()
        self.remind_after, self.escalate_after = remind_after, escalate_after
        self.assumed_transit = assumed_transit
        self.judge, self.captain = judge, captain
        self.label = label
        self.game = Game(variant, ruleset=ruleset, repetition="auto")
        self.moves: list[CorrMove] = []
        self.conditionals: list[ConditionalLine] = []
        self.oversteps: list[Overstep] = []
        self.notices: list[Notice] = []
        self.registered: str | None = None
        """The captain who registered the finished game (Code 5.1.8)."""
        self._restart = {WHITE: _Restart(), BLACK: _Restart()}
        self._silence: dict[tuple[int, NoticeKind], bool] = {}
        self.delivered = 0
        """How many of :attr:`notices` have been handed out by :meth:`outbox`."""

    # --- who is who -------------------------------------------------------------------------

    def player(self, color: Color) -> Person:
        return self.white if color is WHITE else self.black

    def color_of(self, person: Person | str) -> Color:
        name = person if isinstance(person, str) else person.name
        if name == self.white.name:
            return WHITE
        if name == self.black.name:
            return BLACK
        raise PlayError(N_("{name} does not play in this game"), name=name)

    @property
    def to_move(self) -> Color:
        return self.game.board.turn

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def result(self) -> str:
        return self.game.result

    @property
    def termination(self) -> Termination | None:
        return self.game.termination

    def outbox(self) -> list[Notice]:
        """The notices not yet handed out (the platform mails them), in order."""
        new = self.notices[self.delivered:]
        self.delivered = len(self.notices)
        return new

    def today(self) -> date:
        return self.calendar.day(self.now())

    # --- days ---------------------------------------------------------------------------------

    def own_moves(self, color: Color) -> int:
        return sum(1 for m in self.moves if m.color is color)

    def received_day(self, color: Color) -> date:
        """The day ``color``'s current thinking began: receipt of the opponent's last move,
        or the start of the game for White's first move (P1)."""
        for m in reversed(self.moves):
            if m.color is not color:
                return self.calendar.day(m.received)
        return self.calendar.day(self.start)

    def _days(self, color: Color, after: date, upto: date) -> int:
        """Calendar days in (after, upto] less ``color``'s leave days (P1, P4)."""
        if upto <= after:
            return 0
        return (upto - after).days - self.leave.leave_days(self.player(color).name, after, upto)

    def thinking(self, color: Color, today: date | None = None) -> int:
        """Days charged so far for the move ``color`` is thinking over (0 when not to move)."""
        if self.is_over or color is not self.to_move:
            return 0
        start = self.received_day(color)
        restart = self._restart[color].day
        if restart is not None and restart > start:
            start = restart
        return self._days(color, start, today or self.today())

    def used(self, color: Color, today: date | None = None) -> int:
        """Days ``color`` has used since the start or the last restart (Code 5.1.2, P2)."""
        r = self._restart[color]
        done = [m for m in self.moves if m.color is color][r.moves:]
        return sum(m.reflection for m in done) + self.thinking(color, today)

    def allowed(self, color: Color) -> int:
        """Days ``color`` may have used when he sends his next move (P2)."""
        return self.control.allowance(self.own_moves(color) - self._restart[color].moves + 1)

    def remaining(self, color: Color, today: date | None = None) -> int:
        return self.allowed(color) - self.used(color, today)

    # --- moves -------------------------------------------------------------------------------

    def _require_neutral(self, official: Person, article: str) -> None:
        """Nobody acts as the judge or the captain on a game he plays (rules.md L17)."""
        if official.name in (self.white.name, self.black.name):
            raise NotAllowed(
                N_("{name} plays this game and may not act on it as an official ({article})"),
                name=official.name, article=article)

    def _require_open(self) -> None:
        if self.is_over:
            t = self.termination
            assert t is not None
            raise PlayError(N_("the game is over: {t}"), t=t.tag())

    def play(self, by: Person, move: str, *, at: datetime | None = None,
             channel: Channel = Channel.WEB) -> list[Notice]:
        """``by`` sends his move (on the platform, by e-mail or telephone); the opponent
        receives it at once. Returns the notices to send (Code 5.1.2, P1, P3)."""
        self._require_open()
        color = self.color_of(by)
        if color is not self.to_move:
            raise PlayError(N_("it is not {name}'s move"), name=by.name)
        moment = at or self.now()
        return self._record(move, color, moment, moment, channel)

    def enter_postal(self, official: Person, move: str, *, postmark: date,
                     received: date | None = None) -> list[Notice]:
        """A move that came by post, entered by the captain or the judge from the letter:
        the mover's time stops at the postmark, the opponent's starts on receipt; the days
        between are transit, charged to nobody (Code 5.1.2, 5.1.8; P3). Without a receipt
        date, receipt is taken as ``assumed_transit`` days after the postmark."""
        require(official, Role.CAPTAIN, action=N_("enter a postal move"), article=ARTICLE_CAPTAIN)
        self._require_neutral(official, ARTICLE_CAPTAIN)
        self._require_open()
        color = self.to_move
        begun = self.received_day(color)
        if postmark < begun:
            raise PlayError(N_("postmark {postmark} is before the move was received "
                               "({begun})"), postmark=postmark, begun=begun)
        if postmark > self.today():
            raise PlayError(N_("postmark {postmark} is in the future"), postmark=postmark)
        got = received or postmark + timedelta(days=self.assumed_transit)
        if got < postmark:
            raise PlayError(N_("receipt {got} is before the postmark "
                               "{postmark}"), got=got, postmark=postmark)
        return self._record(move, color, self.calendar.noon(postmark), self.calendar.noon(got),
                            Channel.POST, entered_by=official.name)

    def _record(self, move: str, color: Color, sent: datetime, received: datetime,
                channel: Channel, entered_by: str = "", conditional: bool = False
                ) -> list[Notice]:
        sent_day = self.calendar.day(sent)
        begun = self.received_day(color)
        if sent_day < begun:
            raise PlayError(N_("a move sent on {sent_day} cannot answer one received on "
                               "{begun}"), sent_day=sent_day, begun=begun)
        try:
            m = self.game.board.parse_move(move)
        except ShashkiError as e:
            raise PlayError(N_("{error}"), error=str(e)) from None
        text = self.game.board.move_text(m)
        reflection = self.thinking(color, sent_day)
        k = self.own_moves(color) - self._restart[color].moves + 1
        used = self.used(color, sent_day)
        self.game.play(m)
        self.moves.append(CorrMove(self.game.ply, color, text, sent, received, channel,
                                   reflection, entered_by, conditional))
        notes = [self._note(NoticeKind.MOVE, _color_name(color.other), sent_day,
                            ARTICLE_DAYS, text)]
        allowed = self.control.allowance(k)
        if used > allowed and not self._pending(color):
            notes += self._overstep(color, sent_day, used, allowed, k)
        if self.is_over:
            notes += self._ended(sent_day)
            return notes
        notes += self._conditionals_after(text, color, sent, received)
        return notes

    def _note(self, kind: NoticeKind, to: str, day: date, article: str,
              detail: str) -> Notice:
        n = Notice(kind, to, day, self.game.ply, article, detail)
        self.notices.append(n)
        return n

    def _ended(self, day: date) -> list[Notice]:
        t = self.termination
        assert t is not None
        detail = f"{t.result}: {t.tag()}"
        to = ["white", "black", "captain" if self.captain else "judge"]
        return [self._note(NoticeKind.END, who, day, ARTICLE_CAPTAIN, detail) for who in to]

    # --- conditional moves (P7) ---------------------------------------------------------

    def add_conditional(self, by: Person, moves: list[str],
                        at: datetime | None = None) -> ConditionalLine:
        """``by``, waiting for the opponent's move, says "if he plays X, I play Y ...".

        Every move must be legal in turn; an even number of moves (each expected move with
        its answer). A new line with the same first move replaces the old one (P7)."""
        self._require_open()
        color = self.color_of(by)
        if color is self.to_move:
            raise PlayError(N_("conditional moves are given while the opponent is to move"))
        if len(moves) < 2 or len(moves) % 2:
            raise PlayError(
                N_("a conditional line pairs each expected move with an answer: "
                   "{moves}"), moves=repr(moves))
        board = self.game.board.copy()
        texts = []
        for mv in moves:
            try:
                m = board.parse_move(mv)
            except ShashkiError as e:
                raise PlayError(N_("conditional move {mv}: {e}"), mv=repr(mv), e=e) from None
            texts.append(board.move_text(m))
            board.push(m)
        self.conditionals = [c for c in self.conditionals
                             if not (c.color is color and c.moves[0] == texts[0])]
        line = ConditionalLine(color, texts, at or self.now(), self.game.ply)
        self.conditionals.append(line)
        return line

    def cancel_conditionals(self, by: Person) -> int:
        """Withdraw all of ``by``'s conditional lines; returns how many."""
        color = self.color_of(by)
        before = len(self.conditionals)
        self.conditionals = [c for c in self.conditionals if c.color is not color]
        return before - len(self.conditionals)

    def _conditionals_after(self, text: str, mover: Color, sent: datetime,
                            received: datetime) -> list[Notice]:
        waiting = mover.other
        notes: list[Notice] = []
        lines = [c for c in self.conditionals if c.color is waiting]
        follow = [c for c in lines if c.moves[0] == text]
        day = self.calendar.day(received)
        for c in lines:
            if c not in follow:
                self.conditionals.remove(c)
                notes.append(self._note(
                    NoticeKind.CONDITIONAL_CANCELLED, _color_name(waiting), day,
                    "rules.md P7", f"{text} instead of {c.moves[0]}: "
                    f"line {' '.join(c.moves)} cancelled"))
        if not follow:
            return notes
        line = follow[0]
        self.conditionals.remove(line)
        reply = line.moves[1]
        rest = line.moves[2:]
        if rest:
            self.conditionals.append(ConditionalLine(waiting, rest, line.registered,
                                                     self.game.ply + 1))
        notes.append(self._note(NoticeKind.CONDITIONAL_PLAYED, _color_name(waiting), day,
                                "rules.md P7", f"{text} {reply}"))
        # The answer leaves on the day the move arrives: no reflection (P7).
        notes += self._record(reply, waiting, received, received, Channel.WEB,
                              conditional=True)
        return notes

    # --- time: oversteps, silence (Code 5.1.7; P5, P6) -------------------------------------

    def _pending(self, color: Color) -> Overstep | None:
        for o in self.oversteps:
            if o.color is color and o.decision is None:
                return o
        return None

    def _overstep(self, color: Color, day: date, used: int, allowed: int,
                  move: int) -> list[Notice]:
        o = Overstep(color, day, used, allowed, move)
        self.oversteps.append(o)
        detail = (f"{self.player(color).name} ({color.label}) has used {used} days of "
                  f"{allowed} for move {move}")
        return [self._note(NoticeKind.OVERSTEP, who, day, ARTICLE_JUDGE, detail)
                for who in ("judge", _color_name(color), _color_name(color.other))]

    def check(self, today: date | None = None) -> list[Notice]:
        """The daily check: overstepped time goes to the judge (Code 5.1.7); silence brings a
        reminder after ``remind_after`` days and the judge after ``escalate_after`` (P6)."""
        if self.is_over:
            return []
        day = today or self.today()
        color = self.to_move
        notes: list[Notice] = []
        used, allowed = self.used(color, day), self.allowed(color)
        if used > allowed and self._pending(color) is None:
            k = self.own_moves(color) - self._restart[color].moves + 1
            notes += self._overstep(color, day, used, allowed, k)
        silent = self._days(color, self.received_day(color), day)
        name = self.player(color).name
        ply = self.game.ply
        if silent >= self.remind_after and not self._silence.get((ply, NoticeKind.REMINDER)):
            self._silence[(ply, NoticeKind.REMINDER)] = True
            notes.append(self._note(NoticeKind.REMINDER, _color_name(color), day, "rules.md P6",
                                    f"{name} has not answered for {silent} days"))
        if silent >= self.escalate_after and not self._silence.get(
                (ply, NoticeKind.ESCALATION)):
            self._silence[(ply, NoticeKind.ESCALATION)] = True
            notes.append(self._note(NoticeKind.ESCALATION, "judge", day, ARTICLE_JUDGE,
                                    f"{name} has not answered for {silent} days"))
        return notes

    def rule(self, judge: Person, decision: Decision, reason: str,
             today: date | None = None, color: Color | None = None) -> Overstep:
        """The judge decides on the pending overstep (Code 5.1.7): a loss ends the game; a
        warning lets it go on with the player's count restarted from zero (P5)."""
        require(judge, Role.JUDGE, action=N_("rule on overstepped time"), article=ARTICLE_JUDGE)
        self._require_neutral(judge, ARTICLE_JUDGE)
        if not reason.strip():
            raise PlayError(N_("the judge's decision needs a reason"))
        pending = [o for o in self.oversteps if o.decision is None
                   and (color is None or o.color is color)]
        if not pending:
            raise PlayError(N_("no overstep is waiting for a decision"))
        o = pending[0]
        day = today or self.today()
        o.decision, o.reason, o.judge, o.decided = decision, reason.strip(), judge.name, day
        detail = f"{decision.value}: {o.reason} ({o.used} days of {o.allowed})"
        for who in ("white", "black"):
            self._note(NoticeKind.DECISION, who, day, ARTICLE_JUDGE, detail)
        if decision is Decision.LOSS:
            if not self.is_over:
                self.game.decide(o.color.other, ARTICLE_JUDGE,
                                 f"time overstepped by {self.player(o.color).name}: "
                                 f"{o.used} days of {o.allowed}; {o.reason}")
                self._ended(day)
        else:
            self._restart[o.color] = _Restart(self.own_moves(o.color), day)
        return o

    def decide(self, judge: Person, result: str, reason: str) -> Termination:
        """The judge's decision in a dispute or breach (Code 5.1.7): ``1-0``, ``0-1`` or
        ``1/2-1/2`` with its reason."""
        require(judge, Role.JUDGE, action=N_("decide the result"), article=ARTICLE_JUDGE)
        self._require_neutral(judge, ARTICLE_JUDGE)
        self._require_open()
        winners = {"1-0": WHITE, "0-1": BLACK, "1/2-1/2": None}
        if result not in winners:
            raise PlayError(N_("unknown result {result}; use 1-0, 0-1 or "
                               "1/2-1/2"), result=repr(result))
        if not reason.strip():
            raise PlayError(N_("the judge's decision needs a reason"))
        t = self.game.decide(winners[result], ARTICLE_JUDGE, reason.strip())
        self._ended(self.today())
        return t

    # --- the players' other actions --------------------------------------------------------

    def resign(self, by: Person) -> Termination:
        self._require_open()
        t = self.game.resign(self.color_of(by))
        self._ended(self.today())
        return t

    def offer_draw(self, by: Person) -> None:
        self._require_open()
        try:
            self.game.offer_draw(self.color_of(by))
        except ShashkiError as e:
            raise PlayError(N_("{error}"), error=str(e)) from None

    def accept_draw(self, by: Person) -> Termination:
        self._require_open()
        try:
            t = self.game.accept_draw(self.color_of(by))
        except ShashkiError as e:
            raise PlayError(N_("{error}"), error=str(e)) from None
        self._ended(self.today())
        return t

    def register(self, captain: Person) -> str:
        """The captain receives and registers the finished game (Code 5.1.8)."""
        require(captain, Role.CAPTAIN, action=N_("register a finished game"),
                article=ARTICLE_CAPTAIN)
        self._require_neutral(captain, ARTICLE_CAPTAIN)
        if not self.is_over:
            raise PlayError(N_("only a finished game is registered (Code 5.1.8)"))
        self.registered = captain.name
        return self.result

    # --- the record ---------------------------------------------------------------------------

    def _stamp(self, moment: datetime) -> str:
        return moment.astimezone(self.calendar.tz).strftime("%Y-%m-%d %H:%M")

    def move_comment(self, m: CorrMove) -> str:
        """The times of one move as a PDN comment: sent, received, days charged."""
        if m.channel is Channel.POST:
            sent = f"postmark {self.calendar.day(m.sent)}"
            got = f"received {self.calendar.day(m.received)}"
        else:
            sent, got = f"sent {self._stamp(m.sent)}", f"received {self._stamp(m.received)}"
        extra = f", entered by {m.entered_by}" if m.entered_by else ""
        cond = ", conditional" if m.conditional else ""
        return f"{sent}, {got}, {m.reflection} d, {m.channel.value}{extra}{cond}"

    def to_pdn(self, headers: dict[str, str] | None = None) -> str:
        """The record as PDN: each move's times in its comment (so a dispute can be settled
        from the record, Code 5.1.7), the control and the time zone in tags."""
        from shashki import pdn

        base = {"Event": self.label or "correspondence", "White": self.white.name,
                "Black": self.black.name, "Date": self.calendar.day(self.start).strftime(
                    "%Y.%m.%d"), "CorrespondenceControl": str(self.control),
                "TimeZone": self.calendar.zone}
        base.update(headers or {})
        record = self.game.to_pdn(base)
        node: pdn.GameNode = record
        for m in self.moves:
            nxt = node.next()
            if nxt is None:
                break
            node = nxt
            node.comment = f"{node.comment} {self.move_comment(m)}".strip()
        for o in self.oversteps:
            end = record.end()
            verdict = o.decision.value if o.decision else "awaiting the judge"
            end.comment = (f"{end.comment} overstep {o.day} {o.color.label} {o.used}/"
                           f"{o.allowed} d: {verdict} {o.reason}").strip()
        return pdn.write_game(record)

    # --- persistence --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (the platform stores it)."""
        return {
            "white": _person(self.white), "black": _person(self.black),
            "control": str(self.control), "variant": self.game.board.variant.name,
            "ruleset": self.game.ruleset.name, "zone": self.calendar.zone,
            "start": self.start.isoformat(), "remind_after": self.remind_after,
            "escalate_after": self.escalate_after, "assumed_transit": self.assumed_transit,
            "label": self.label, "registered": self.registered,
            "judge": _person(self.judge) if self.judge else None,
            "captain": _person(self.captain) if self.captain else None,
            "moves": [{"text": m.text, "color": int(m.color), "sent": m.sent.isoformat(),
                       "received": m.received.isoformat(), "channel": m.channel.value,
                       "reflection": m.reflection, "entered_by": m.entered_by,
                       "conditional": m.conditional} for m in self.moves],
            "conditionals": [{"color": int(c.color), "moves": c.moves,
                              "registered": c.registered.isoformat(), "at_ply": c.at_ply}
                             for c in self.conditionals],
            "oversteps": [{"color": int(o.color), "day": o.day.isoformat(), "used": o.used,
                           "allowed": o.allowed, "move": o.move,
                           "decision": o.decision.value if o.decision else None,
                           "reason": o.reason, "judge": o.judge,
                           "decided": o.decided.isoformat() if o.decided else None}
                          for o in self.oversteps],
            "restart": {str(int(c)): [r.moves, r.day.isoformat() if r.day else None]
                        for c, r in self._restart.items()},
            "silence": [[ply, kind.value] for (ply, kind), v in self._silence.items() if v],
            "end": _end(self.termination),
            "offer": None if self.game.offer is None else int(self.game.offer.by),
            "notices": [{"kind": n.kind.value, "to": n.to, "day": n.day.isoformat(),
                         "ply": n.ply, "article": n.article, "detail": n.detail}
                        for n in self.notices],
            "delivered": self.delivered,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, leave: LeaveBook | None = None,
                  now: Now = utc_now) -> CorrespondenceGame:
        """Rebuild a game from :meth:`to_dict` (the moves are replayed by the rules)."""
        g = cls(_from_person(d["white"]), _from_person(d["black"]), d["control"],
                variant=d["variant"], calendar=Calendar(d["zone"]), leave=leave, now=now,
                start=datetime.fromisoformat(d["start"]), remind_after=d["remind_after"],
                escalate_after=d["escalate_after"], assumed_transit=d["assumed_transit"],
                judge=_from_person(d["judge"]) if d["judge"] else None,
                captain=_from_person(d["captain"]) if d["captain"] else None,
                label=d["label"], ruleset=d["ruleset"])
        for m in d["moves"]:
            g.game.play(m["text"])
            g.moves.append(CorrMove(g.game.ply, Color(m["color"]), m["text"],
                                    datetime.fromisoformat(m["sent"]),
                                    datetime.fromisoformat(m["received"]), Channel(m["channel"]),
                                    m["reflection"], m["entered_by"], m["conditional"]))
        g.conditionals = [ConditionalLine(Color(c["color"]), list(c["moves"]),
                                          datetime.fromisoformat(c["registered"]), c["at_ply"])
                          for c in d["conditionals"]]
        g.oversteps = [Overstep(Color(o["color"]), date.fromisoformat(o["day"]), o["used"],
                                o["allowed"], o["move"],
                                Decision(o["decision"]) if o["decision"] else None, o["reason"],
                                o["judge"],
                                date.fromisoformat(o["decided"]) if o["decided"] else None)
                       for o in d["oversteps"]]
        for c, (moves, day) in d["restart"].items():
            g._restart[Color(int(c))] = _Restart(moves, date.fromisoformat(day) if day else None)
        g._silence = {(ply, NoticeKind(kind)): True for ply, kind in d["silence"]}
        g.registered = d["registered"]
        g.notices = [Notice(NoticeKind(n["kind"]), n["to"], date.fromisoformat(n["day"]),
                            n["ply"], n["article"], n["detail"]) for n in d["notices"]]
        g.delivered = d["delivered"]
        if d.get("offer") is not None and not g.is_over:
            g.game.offer_draw(Color(d["offer"]))
        end = d["end"]
        if end is not None and not g.is_over:
            winner = None if end["winner"] is None else Color(end["winner"])
            if end["kind"] == "resignation" and winner is not None:
                g.game.resign(winner.other)
            elif end["kind"] == "agreement":
                if g.game.offer is None:
                    g.game.offer_draw(WHITE)
                assert g.game.offer is not None
                g.game.accept_draw(g.game.offer.by.other)
            else:
                g.game.decide(winner, end["article"], end["detail"])
        return g


def _person(p: Person) -> dict[str, str]:
    return {"name": p.name, "role": p.role.value, "email": p.email}


def _from_person(d: dict[str, str]) -> Person:
    return Person(d["name"], Role(d["role"]), d.get("email", ""))


def _end(t: Termination | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {"kind": t.kind.value, "article": t.article, "detail": t.detail,
            "winner": None if t.winner is None else int(t.winner)}
