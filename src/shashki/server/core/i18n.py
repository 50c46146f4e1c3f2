"""The platform's language: the ``shashki`` gettext catalogue (:mod:`shashki.i18n`) for
one visitor, and the labels of the values pages show (variants, roles, statuses...).

Pages call ``_("English text", field=value)``, ``ngettext(singular, plural, n)`` and
``pgettext(context, text)`` with the visitor's translations, passed into each render (a
request never installs a global: requests run concurrently). A value from the database
is shown with ``label(group, value)``; an error code with ``t.error(code, ...)``.

>>> ru, en = Translator("ru"), Translator("en")
>>> ru.gettext("Log in"), en.gettext("Log in")
('Войти', 'Log in')
>>> ru.pgettext("menu", "Log in")
'Вход'
>>> ru.article("Code 1.9.1.1")
'Кодекс 1.9.1.1'
>>> en.error("rate_limited", seconds=3)
'Too many attempts; try again in 3 s.'
>>> ru.label("variant", "russian-80"), en.label("role", "arbiter")
('Шашки Спанцирэтти (80 полей)', 'arbiter')
>>> ru.time_control("5m+3s"), ru.day_control("30d/10"), en.time_control("")
('5 мин + 3 с', '30 дн/10', 'no clock')
"""

from __future__ import annotations

from typing import Any

from shashki import messages
from shashki.clock import TimeControl
from shashki.errors import ShashkiError
from shashki.i18n import LANGUAGES, N_, NP_, translation

__all__ = ["LABELS", "LANGUAGES", "Translator"]

Msg = str | tuple[str, str]
"""A marked text: its English, or (context, English) for :meth:`Translator.pgettext`."""


class Translator:
    """The texts of one language; in templates ``_``, ``gettext``, ``ngettext``,
    ``pgettext``, ``label`` and ``t`` (this object) are its methods."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "ru"
        self._t = translation(self.language)

    def gettext(self, message: str, **params: Any) -> str:
        text = self._t.gettext(message)
        return text.format(**params) if params else text

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form for ``n`` (``{n}`` in the text is the number)."""
        return self._t.ngettext(singular, plural, n).format(n=n, **params)

    def pgettext(self, context: str, message: str, **params: Any) -> str:
        text = self._t.pgettext(context, message)
        return text.format(**params) if params else text

    def text(self, msg: Msg, **params: Any) -> str:
        """A marked text (:data:`Msg`) in this language."""
        if isinstance(msg, tuple):
            return self.pgettext(msg[0], msg[1], **params)
        return self.gettext(msg, **params)

    def label(self, group: str, value: object, **params: Any) -> str:
        """The label of ``value`` in ``group`` (``label("variant", "russian")``); a value
        without a label is shown as it is."""
        msg = LABELS.get(group, {}).get(str(value))
        return str(value) if msg is None else self.text(msg, **params)

    def labels(self, group: str) -> dict[str, str]:
        """Every label of ``group``, keyed ``group.value`` (the texts of a page's script).

        >>> Translator("ru").labels("words")["words.king"]
        'дамка'
        """
        return {f"{group}.{value}": self.label(group, value) for value in LABELS[group]}

    def article(self, article: str | None) -> str:
        """An article reference in this language: ``Code 1.8.1`` is ``Кодекс 1.8.1``."""
        return messages.article(article, self.language)

    def kind(self, kind: str | None) -> str:
        return self.label("kind", kind) if kind else ""

    def color(self, color: str | None) -> str:
        return self.label("color", color) if color else ""

    def detail(self, text: str) -> str:
        """A detail from the rules library (English) in this language (a kind of ending
        before ``: `` is a label)."""
        if self.language == "en":
            return text
        kind, sep, rest = text.partition(": ")
        if sep and kind in LABELS["kind"]:
            return f"{self.kind(kind)}: {messages.translate(rest, self.language)}"
        return messages.translate(text, self.language)

    def error(self, code: str, **params: Any) -> str:
        """The message of an error code (:mod:`shashki.server.core.errors`); its
        ``detail`` from the rules library is translated too."""
        msg = LABELS["error"].get(code, LABELS["error"]["bad_request"])
        if isinstance(params.get("detail"), str):
            params["detail"] = self.detail(params["detail"])
        for name, value in params.items():  # a library error that speaks every language
            if callable(getattr(value, "text", None)):
                params[name] = value.text(self.language)
        try:
            text = self.text(msg, **params)
        except (KeyError, IndexError):
            bare = self.text(msg)
            return bare if "{" not in bare else code
        return text.replace(" ()", "").replace(": .", ".").rstrip(": ")

    def time_control(self, text: str | None) -> str:
        """A stored time control as this language writes it (``5 мин + 3 с``); none is
        "no clock"."""
        if not text:
            return self.gettext("no clock")
        try:
            return TimeControl.parse(text).text(self.language)
        except ShashkiError:
            return text

    def day_control(self, control: object) -> str:
        """A correspondence control as this language writes it (``30 дн/10``)."""
        from shashki.correspondence.control import DayControl

        try:
            return DayControl.parse(str(control)).text(self.language)
        except ShashkiError:
            return str(control)

    def context(self) -> dict[str, Any]:
        """What a template needs to speak this language."""
        return {"t": self, "_": self.gettext, "gettext": self.gettext,
                "ngettext": self.ngettext, "pgettext": self.pgettext, "label": self.label}

    def details(self) -> list[tuple[str, str]]:
        """The library's templates for a page's script "
          "(:func:`shashki.messages.javascript_patterns`)."""
        return messages.javascript_patterns(self.language)


LABELS: dict[str, dict[str, Msg]] = {
    "admin.roles": {
        "player": N_("players"),
        "arbiter": N_("arbiters"),
        "organiser": N_("organisers"),
        "administrator": N_("administrators"),
    },
    "role": {
        "player": N_("player"),
        "arbiter": N_("arbiter"),
        "organiser": N_("organiser"),
        "administrator": N_("administrator"),
    },
    "variant": {
        "russian-80": N_("80-square draughts (Spantsiretti)"),
        "russian": N_("Russian draughts"),
        "brazilian": N_("Brazilian draughts"),
        "international": N_("International draughts"),
        "russian-giveaway": N_("Russian giveaway"),
    },
    "comp.distinction": {
        "prize": N_("Prize {n}"),
        "mention": N_("Honourable mention {n}"),
        "commendation": N_("Commendation {n}"),
    },
    "comp.kind": {
        "composing": N_("Composing tournament"),
        "solving": N_("Solving competition"),
    },
    "comp.status": {
        "open": N_("open"),
        "judging": N_("judging"),
        "running": N_("solving"),
        "closed": N_("closed"),
    },
    "comp.advance": {
        "composing.open": N_("Close entries and start judging"),
        "composing.judging": N_("Publish the award"),
        "solving.open": N_("Start the clock"),
        "solving.running": N_("Close and publish the standings"),
    },
    "comp.verdict": {
        "sound": N_("sound"),
        "dual": N_("sound, with duals"),
        "unsound": N_("unsound"),
        "unproven": N_("not proven within the limit"),
    },
    "comp.defect": {
        "no-solution": N_("no solution"),
        "cook": N_("cook"),
        "dual": N_("dual"),
        "shorter": N_("shorter solution"),
        "illegal": N_("illegal position"),
        "unreachable": N_("unreachable position"),
    },
    "corr.system": {
        "berger": N_("round robin"),
        "dutch": N_("Swiss"),
    },
    "corr.status": {
        "registration": N_("registration"),
        "running": N_("in play"),
        "finished": NP_("correspondence", "finished"),
    },
    "corr.channel": {
        "web": N_("site"),
        "email": N_("e-mail"),
        "post": N_("post"),
        "phone": N_("telephone"),
    },
    "corr.decision": {
        "warning": N_("warning"),
        "loss": N_("loss"),
    },
    "corr.mail": {
        "sent": N_("sent"),
        "failed": N_("not sent"),
        "accepted": N_("accepted"),
        "rejected": N_("rejected"),
    },
    "color": {
        "white": N_("White"),
        "black": N_("Black"),
        "random": N_("Random"),
    },
    "level": {
        "beginner": N_("Beginner"),
        "novice": N_("Novice"),
        "amateur": N_("Amateur"),
        "club": N_("Club player"),
        "expert": N_("Expert"),
        "master": N_("Master"),
        "full": N_("Full strength"),
    },
    "level_title": {
        "beginner": N_("first games"),
        "novice": N_("knows the rules"),
        "amateur": N_("club beginner"),
        "club": N_("depth 8"),
        "expert": N_("depth 12"),
        "master": N_("2 s a move"),
        "full": N_("all the time the clock allows"),
    },
    "ev.bye": {
        "PAB": N_("bye (Code 3.16.11)"),
        "H": N_("half-point bye"),
        "Z": N_("free this round"),
        "F": N_("full-point bye"),
    },
    "ev.mode": {
        "live": N_("played on the platform"),
        "otb": N_("over the board (the arbiter enters results)"),
    },
    "ev.status": {
        "registration": N_("registration"),
        "running": N_("in progress"),
        "finished": N_("finished"),
    },
    "game.turn": {
        "white": N_("White to move"),
        "black": N_("Black to move"),
    },
    "arb.decision": {
        "forfeit-white": N_("White wins: Black did not appear"),
        "forfeit-black": N_("Black wins: White did not appear"),
        "white": N_("White wins"),
        "black": N_("Black wins"),
        "draw": N_("draw: no side can win"),
        "both-absent": N_("both lose: neither player appeared"),
        "both-no-record": N_("both lose: the record cannot be restored"),
        "both-sanction": N_("both lose: a sanction"),
    },
    "arb.res": {
        "1-0": N_("1-0 White won"),
        "0-1": N_("0-1 Black won"),
        "1/2-1/2": N_("draw"),
        "+/-": N_("+/- Black absent (Code 3.13.1)"),
        "-/+": N_("-/+ White absent (Code 3.13.1)"),
        "-/-": N_("-/- both absent (Code 3.13.3)"),
    },
    "arb.kind": {
        "remark": N_("remark"),
        "warning": N_("warning"),
        "reprimand": N_("reprimand"),
        "loss": N_("loss of the game"),
        "exclusion": N_("exclusion from the event"),
    },
    "ev.system": {
        "berger": N_("round robin (Berger)"),
        "double-berger": N_("double round robin (Berger)"),
        "dutch": N_("Swiss (Dutch)"),
    },
    "action": {
        "offer": N_("offered a draw"),
        "decline": N_("declined the draw"),
        "accept": N_("accepted the draw"),
        "claim": N_("claimed a threefold repetition"),
        "claim rejected": N_("claim rejected"),
        "resign": N_("resigned"),
        "flag": N_("flag fell"),
        "end": N_("game over"),
        "decide": N_("arbiter's decision"),
        "irregularity": N_("irregularity"),
        "adjust": N_("clock changed by the arbiter"),
        "both_lose": N_("both players lose"),
        "takeback": N_("proposed a takeback"),
        "takeback_decline": N_("declined the takeback"),
        "taken back": N_("move taken back"),
        "abort": N_("the game aborted"),
        "late": N_("no first move in time"),
    },
    "error": {
        "title": N_("Error"),
        "back": N_("Back to the lobby"),
        "bad_request": N_("Bad request."),
        "login_required": N_("Please log in first."),
        "forbidden": N_("You may not do that."),
        "csrf": N_("The form has expired or was not sent by this site; reload the page."),
        "not_found": N_("Not found."),
        "conflict": N_("That is no longer possible."),
        "invalid": N_("Invalid value."),
        "rate_limited": N_("Too many attempts; try again in {seconds} s."),
        "rule": N_("Not allowed by the Code ({article}): {detail}"),
        "bad_login": N_("Wrong name or password."),
        "username_taken": N_("That name is taken."),
        "username_format": N_("A name is 3-24 letters (Latin or Cyrillic, not mixed), digits, '_' "
                              "or '-', starting with a letter."),
        "password_short": N_("The password needs at least 8 characters."),
        "password_long": N_("The password is too long."),
        "email_format": N_("That is not an e-mail address."),
        "variant": N_("Unknown variant."),
        "time_control": N_("Bad time control: {detail}"),
        "fen": N_("Bad position: {detail}"),
        "fen_over": N_("In that position the game is already over (Code 1.8.1)."),
        "color": N_("Colour must be white, black or random."),
        "no_such_user": N_("There is no player called {name}."),
        "self_challenge": N_("You cannot play yourself."),
        "not_your_turn": N_("It is not your move."),
        "not_a_player": N_("Only the game's players may do that."),
        "illegal_move": N_("Illegal move: {detail}"),
        "stale": N_("The position has changed; look again."),
        "game_over": N_("The game is over ({article})."),
        "role": N_("This needs the role of {role}."),
        "message": N_("Bad message."),
        "event_fen_ballot": N_("A micro-match event starts from its balloted openings (Code "
                               "3.7.4), not from a set position."),
        "event_absent": N_("A round robin's table pairs everyone; enter the absent player's games "
                           "as forfeits (Code 3.13.1)."),
        "event": N_("The event refuses that: {detail}"),
        "event_name": N_("An event's name is 3 to 120 characters."),
        "event_system": N_("Unknown pairing system."),
        "event_mode": N_("Choose where the games are played."),
        "event_scoring": N_("Unknown scoring."),
        "event_rounds": N_("A Swiss event has 1 to {limit} rounds."),
        "event_tiebreak": N_("Unknown tie-break {name}."),
        "event_ballot": N_("Choose a ballot table of the event's variant (Code 3.7.4)."),
        "event_not_arbiter": N_("{name} does not have the arbiter's role."),
        "event_finished": N_("The event is finished."),
        "event_started": N_("A round robin takes no entries after round 1 is paired (Code 3.7.2)."),
        "event_registered": N_("{name} is already registered."),
        "event_full": N_("An event takes at most {limit} players."),
        "event_round_open": N_("Round {round} still has games without a result."),
        "event_too_few": N_("At least two players are needed."),
        "event_all_paired": N_("Every round is paired."),
        "event_result": N_("Unknown result."),
        "event_rating": N_("A rating is a whole number from 0 to {limit}."),
        "event_bye_kind": N_("A bye is H (half a point), Z (absent, no points) or F (a full "
                             "point)."),
        "event_bye_round": N_("Round {round} is paired already or beyond the event's rounds."),
        "event_no_player": N_("The event has no player number {number}."),
        "event_first_color": N_("The first colour is white or black."),
        "event_platform_game": N_("That game is played on the platform (game {game}): its result "
                                  "comes from the game (Code 1.10.4); decide it in the console."),
        "event_left": N_("The player has already left the event."),
        "event_changed": N_("The event was changed meanwhile; look again and repeat."),
        "event_decision": N_("Unknown decision."),
        "sanction_kind": N_("Unknown sanction."),
        "sanction_reason": N_("Give the reason (3 characters or more)."),
        "archive_too_large": N_("The file is too large: {detail}."),
        "archive_empty": N_("Choose a PDN file or paste PDN text."),
        "archive_moves": N_("Cannot read the first moves at {move}: {detail}"),
        "archive_ballot": N_("Unknown ballot entry: {detail}"),
        "archive_result": N_("A result is 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0 or *."),
        "archive_date": N_("A date is written YYYY.MM.DD (or its beginning: YYYY, YYYY.MM)."),
        "engine_level": N_("Unknown engine level."),
        "analysis_live": N_("Analysis is for finished games."),
        "token_name": N_("Give the token a name."),
        "token_limit": N_("At most {limit} tokens; revoke one first."),
        "bad_token": N_("Unknown or revoked API token."),
        "token_session": N_("Tokens are created from a logged-in session."),
        "jobs_limit": N_("You already have {limit} jobs (imports, analyses) queued or running; "
                         "wait for one to end, or cancel one."),
        "job_over": N_("The job has already ended ({status})."),
        "job_not_yours": N_("Only its owner or an administrator may cancel a job."),
        "bad_form": N_("The form could not be read: {detail}"),
        "corr": N_("{problem}"),
        "corr_no_email": N_("Give an e-mail address in your account first."),
        "admin_role": N_("A role is player, arbiter, organiser or administrator."),
        "admin_query": N_("Search with at most {limit} characters."),
        "event_ties": N_("Equal scores are decided by tie-breaks or by a play-off."),
        "event_playoff_early": N_("A play-off is held after the event's last result."),
        "event_players": N_("The players are given by their numbers."),
        "corr_invited": N_("The game has not started: it waits for the invitation's answer."),
        "corr_answered": N_("The invitation has been answered already."),
        "corr_not_invited": N_("Only the invited player accepts."),
        "corr_bad_judge": N_("{name} cannot judge this game: a judge has the arbiter's role and "
                             "plays in neither colour."),
        "corr_not_judge": N_("You judge no game of {name}'s."),
        "admin_reason": N_("An administrator's action on a game must give its reason."),
        "admin_last": N_("{name} is the last administrator: make another administrator first."),
        "own_game": N_("Nobody rules on a game he plays."),
        "not_arbiter": N_("Only the arbiters of this game's event may rule on it."),
        "comp_not_director": N_("Only this contest's director may do that."),
        "comp_no_account": N_("No account {name}."),
        "comp_director_judge": N_("The director does not judge his contest."),
        "comp_closed": N_("The contest is closed."),
        "comp_no_judges": N_("Appoint the judges first."),
        "comp_no_positions": N_("Add the positions first."),
        "comp_entries_closed": N_("Entries are closed."),
        "comp_not_judge": N_("Only this contest's judges mark."),
        "comp_not_judging": N_("Marks are given while the contest is judged."),
        "comp_own_entry": N_("A judge never marks his own entry."),
        "comp_positions_closed": N_("The positions are set before the start."),
        "comp_not_running": N_("The competition is not running."),
        "comp_time_over": N_("The time limit is over."),
        "comp_hidden": N_("Not shown to you at this stage."),
        "event_date": N_("The date is written YYYY-MM-DD."),
        "event_dates": N_("An event cannot end before it starts."),
        "event_language": N_("An event's language is Russian or English."),
        "event_category": N_("Unknown judging category: the All-Russian, 1, 2, 3 or young "
                             "sports judge."),
        "event_judge_role": N_("Unknown role in the panel of judges (Code 4.6.1)."),
        "event_judge_name": N_("A judge's name is 1 to 120 characters."),
        "event_judges_full": N_("A panel of judges has at most {limit} members."),
        "bad_password": N_("The password is not right."),
        "language": N_("Russian or English."),
        "no_abort": N_("A game can be aborted only before both players have moved ({article})."),
        "rated_clock": N_("A rated game needs a clock."),
        "rated_fen": N_("A rated game starts from the initial position."),
        "rating_range": N_("The rating range is two whole numbers from 0 to 4000, the lower "
                           "first."),
        "rating_range_out": N_("Your rating {rating} is outside this challenge's range "
                               "{low}–{high}."),
        "pool": N_("No such pool."),
        "no_takeback": N_("No takeback in a rated or an event's game: a move made stands "
                          "({article})."),
        "takeback_not_now": N_("No takeback now: not back before both players' first moves, "
                               "nor twice in one position ({article})."),
        "no_takeback_offer": N_("There is no takeback proposal to answer."),
    },
    "kind": {
        "resignation": N_("resignation"),
        "no pieces": N_("no pieces left"),
        "no moves": N_("no move possible"),
        "time forfeit": N_("time forfeit"),
        "forfeit": N_("forfeit"),
        "arbiter's decision": N_("arbiter's decision"),
        "agreement": N_("draw by agreement"),
        "draw by rule": N_("draw by rule"),
        "verified claim": N_("draw on a verified claim"),
        "both lost": N_("both lost"),
        "annulled": N_("annulled"),
        "aborted": NP_("termination", "aborted"),
    },
    "tc": {  # a time class (server/ratings)
        "bullet": N_("bullet"),
        "blitz": N_("blitz"),
        "rapid": N_("rapid"),
        "classical": N_("classical"),
        "correspondence": NP_("time class", "correspondence"),
        "none": N_("no clock"),
    },
    "game.theme": {
        "wood": N_("wood"),
        "green": N_("green"),
        "blue": N_("blue"),
        "grey": N_("grey"),
    },
    "game.pieces": {
        "classic": N_("classic"),
        "flat": N_("flat"),
        "contrast": N_("high contrast"),
    },
    "puzzles.kind": {
        "material": N_("wins material"),
        "win": N_("wins the game"),
    },
    "puzzles.task": {
        "white": N_("White to move: one move wins."),
        "black": N_("Black to move: one move wins."),
    },
    "settings.saved": {
        "account": N_("Saved."),
        "password": N_("The password is changed; your other sessions are logged out."),
    },
    "words": {  # a position in words (server/core/words.py and the pages' scripts)
        "turn.white": N_("White to move."),
        "turn.black": N_("Black to move."),
        "man": NP_("piece", "man"),
        "mans": NP_("pieces", "men"),
        "king": NP_("piece", "king"),
        "kings": NP_("pieces", "kings"),
        "none": N_("no pieces"),
        "empty": NP_("square", "empty"),
        "piece.wm": N_("white man"),
        "piece.wk": N_("white king"),
        "piece.bm": N_("black man"),
        "piece.bk": N_("black king"),
        "selected": N_("{square} chosen"),
    },
    "js": {
        "game.your_move": N_("Your move"),
        "game.to_move": N_("to move"),
        "game.offered": N_("{side} offers a draw ({article})"),
        "game.select_hint": N_("Click a piece, then each square it lands on."),
        "game.ambiguous": N_("Several captures end there: click the squares on the way."),
        "game.connecting": N_("Connecting…"),
        "game.reconnecting": N_("Connection lost; reconnecting…"),
        "game.resign_confirm": N_("Resign this game?"),
        "game.result": N_("Result"),
        "game.viewing": N_("Showing the position after move {move}; the game goes on (End: back)."),
        "game.viewing_start": N_("Showing the start position; the game goes on (End: back)."),
        "game.move_label": N_("Move {number} {move}"),
        "game.after_move": N_("after move {move}"),
        "game.takeback_offered": N_("{side} asks to take back the last move."),
        "game.premove_set": N_("Premove {move}: played as soon as it is your move, if legal."),
        "game.premove_dropped": N_("The premove is not legal now; it was dropped."),
        "game.rematch_offered": N_("Your opponent proposes a rematch."),
        "color.white": N_("White"),
        "color.black": N_("Black"),
        "viewer.start": N_("Start position"),
        "viewer.ply": N_("After ply {ply}"),
        "analysis.running": N_("Analysing… {done} of {total} positions"),
        "analysis.best": N_("Engine's line"),
        "analysis.failed": N_("The analysis failed; try again."),
        "analysis.done": N_("Analysed (depth {depth} and more)."),
        "analysis.cancelled": N_("The analysis was cancelled."),
        "analysis.depth": N_("Depth {depth}, deepening…"),
        "analysis.done_at": N_("Depth {depth} (done)."),
        "analysis.thinking": N_("The engine is thinking…"),
        "analysis.lines_none": N_("The game is over in this position."),
        "analysis.retry_found": N_("{move}: the engine's move. Well found!"),
        "analysis.retry_same": N_("{move} is the move of the game; the engine plays {best}."),
        "analysis.retry_other": N_("{move}: the engine prefers {best}; see its lines."),
        "analysis.editor_on": N_("Set-up mode: the squares place pieces."),
        "analysis.editor_off": N_("Set-up mode off."),
        "analysis.start_node": NP_("tree", "Start"),
    },
}
