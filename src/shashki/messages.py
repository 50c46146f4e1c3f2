"""The library's messages to people, and their translation (docs/translating.md).

The rules library speaks English: ``str(error)`` and a game's termination detail are
English, for programmers and for the records (a detail is stored as it was written). Each
message is written from one of the templates below, so :func:`translate` can read it back
and write it in another language: it matches the text (or each ``; ``-separated part)
against the templates, translates the template by the ``shashki`` catalogue and fills it
with the values, each of them translated in turn when it is a message itself (a colour,
an article of the Code).

>>> translate("illegal move 'c3-d4': a capture is compulsory (Code 1.5.3); "
...           "legal moves: e3:c5", "ru")
"недопустимый ход 'c3-d4': взятие обязательно (Кодекс 1.5.3); допустимые ходы: e3:c5"
>>> translate("claim by White (Code 1.9.1.7)", "ru")
'заявили белые (Кодекс 1.9.1.7)'
>>> article("Code 1.9.2", "ru"), article("Code 1.9.2", "en")
('Кодекс 1.9.2', 'Code 1.9.2')
>>> translate("something no template knows", "ru")
'something no template knows'
"""

from __future__ import annotations

import functools
import re

from shashki.i18n import N_, translation

# --- articles and sides -----------------------------------------------------------------
CODE_ARTICLE = N_("Code {number}")
"""An article of the Russian Draughts Code (``Code 1.5.3``)."""
CODE_CHAPTER = N_("Code ch. {chapter}")
FMJD_ARTICLE = N_("FMJD {number}")
PLATFORM_ARTICLE = N_("Platform {number}")
"""A rule of the platform's own where the Code is silent (``Platform L1``, docs/rules.md)."""
WHITE = N_("White")
BLACK = N_("Black")

# --- why a move is illegal (shashki.notation, shashki.board) ----------------------------
ILLEGAL = N_("illegal move {move}")
ILLEGAL_NO_PIECE = N_("illegal move {move}: no piece on {square}")
ILLEGAL_OPPONENTS = N_("illegal move {move}: the piece on {square} is the opponent's")
ILLEGAL_MAJORITY = N_("illegal move {move}: the capture of the largest number of pieces is "
                      "compulsory ({article}), here {count}")
ILLEGAL_CAPTURE = N_("illegal move {move}: a capture is compulsory ({article})")
ILLEGAL_CANNOT_MOVE = N_("illegal move {move}: the piece on {square} cannot move")
ILLEGAL_IN = N_("illegal move {move} in {fen}")
LEGAL_MOVES = N_("legal moves: {moves}")
LEGAL_MOVES_FROM = N_("legal moves from {square}: {moves}")
NO_MOVES = N_("none")
BAD_MOVE_TEXT = N_("bad move text {text}: {reason}")
UNEXPECTED_CHAR = N_("unexpected {char} at column {column}")
TWO_SQUARES = N_("a move needs two squares")
NOT_PLAYABLE = N_("square {square} is not a playable dark square of this board")
AMBIGUOUS = N_("ambiguous move {text}: {moves}")

# --- how a game ended, and the draw rules (shashki.game, shashki.draws) -----------------
DETAILS = [
    N_("White resigned"), N_("Black resigned"),
    N_("White flag fell"), N_("Black flag fell"),
    N_("offered by White"), N_("offered by Black"),
    N_("by making a move"),
    N_("no threefold repetition"),
    N_("claim false and the claimant's time ran out"),
    N_("wrong set-up found; the game stands"),
    N_("set-up corrected before both moved"),
    N_("position repeated {count} times (plies [{plies}])"),
    N_("claim by White ({article})"), N_("claim by Black ({article})"),
    N_("counted from ply {ply}"),
    N_("{plies} plies of king moves without a man move or capture"),
    N_("{moves} moves by the stronger side since ply {ply}"),
    N_("{pieces} pieces, both with kings, {plies} plies without a change"),
    N_("lone king on the main road, {moves} moves by the stronger side"),
    N_("lone king alone on the long diagonal in {count} positions"),
    N_("{plies} plies since the balance arose"),
    N_("written move {move}"),
    N_("replayed from ply {ply}"),
    N_("remark: {reason}"), N_("warning: {reason}"), N_("reprimand: {reason}"),
    N_("loss: {reason}"), N_("exclusion: {reason}"),
    # the arbiter's decisions, as the platform records them
    N_("forfeit-white"), N_("forfeit-black"), N_("white"), N_("black"), N_("draw"),
    N_("both-absent"), N_("both-no-record"), N_("both-sanction"),
]

# --- where a PDN problem is (shashki.pdn.errors) ----------------------------------------
PDN_GAME = N_("game {index}")
PDN_LINE = N_("line {line}")
PDN_COLUMN = N_("column {column}")
PDN_TIMES = N_("{message} ({count} times)")

TEMPLATES = [CODE_CHAPTER, CODE_ARTICLE, FMJD_ARTICLE, PLATFORM_ARTICLE, WHITE, BLACK,
             ILLEGAL_NO_PIECE, ILLEGAL_OPPONENTS, ILLEGAL_MAJORITY, ILLEGAL_CAPTURE,
             ILLEGAL_CANNOT_MOVE, ILLEGAL_IN, ILLEGAL, LEGAL_MOVES_FROM, LEGAL_MOVES, NO_MOVES,
             BAD_MOVE_TEXT, UNEXPECTED_CHAR, TWO_SQUARES, NOT_PLAYABLE, AMBIGUOUS, *DETAILS]
"""Every template :func:`translate` reads messages by."""

_FIELD = re.compile(r"\{(\w+)\}")


def pattern(template: str, *, javascript: bool = False) -> str:
    """The regular expression that reads a message written from ``template`` (each field a
    named group, never holding ``;``: the parts of a message are separated by ``; ``;
    ``javascript`` writes the groups as JavaScript does)."""
    out, pos = ["^"], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        out.append(f"(?{'' if javascript else 'P'}<{m.group(1)}>[^;]+?)")
        pos = m.end()
    out.append(re.escape(template[pos:]) + "$")
    return "".join(out)


@functools.cache
def _compiled() -> list[tuple[re.Pattern[str], str]]:
    # the most literal text first: "illegal move {move}: no piece..." before "illegal move"
    ordered = sorted(TEMPLATES, key=lambda t: -len(_FIELD.sub("", t)))
    return [(re.compile(pattern(t)), t) for t in ordered]


def _one(text: str, lang: str, depth: int) -> str | None:
    tr = translation(lang)
    for rx, template in _compiled():
        m = rx.match(text)
        if m is None:
            continue
        values = {k: (v if depth > 3 else _one(v, lang, depth + 1) or v)
                  for k, v in m.groupdict().items()}
        return tr.gettext(template).format(**values)
    return None


def translate(message: object, lang: str) -> str:
    """``message`` (an error of the library, or a text it wrote) in ``lang``; a text no
    template reads stays as it is, part by part."""
    from_pdn = _located(message, lang)
    if from_pdn is not None:
        return from_pdn
    text = str(message)
    if lang == "en" or not text:
        return text
    whole = _one(text, lang, 0)
    if whole is not None:
        return whole
    return "; ".join(_one(part, lang, 0) or part for part in text.split("; "))


def _located(message: object, lang: str) -> str | None:
    """A PDN error or warning: its place and its message, each translated."""
    if not all(hasattr(message, a) for a in ("index", "line", "column", "message")):
        return None
    tr = translation(lang)
    parts = []
    for template, name in ((PDN_GAME, "index"), (PDN_LINE, "line"), (PDN_COLUMN, "column")):
        value = getattr(message, name)
        if value is not None:
            parts.append(tr.gettext(template).format(**{name: value}))
    text = translate(str(message.message), lang)  # type: ignore[attr-defined]
    count = getattr(message, "count", 1)
    if count > 1:
        text = tr.gettext(PDN_TIMES).format(message=text, count=count)
    return f"{', '.join(parts)}: {text}" if parts else text


def article(name: str | None, lang: str) -> str:
    """An article's name in ``lang``: ``Code 1.8.1`` is ``Кодекс 1.8.1`` in Russian."""
    if not name:
        return ""
    return _one(name, lang, 0) or name


def javascript_patterns(lang: str) -> list[tuple[str, str]]:
    """The templates for a page's script: each a JavaScript regular expression and the
    translation with ``{field}`` in it (empty for English)."""
    if lang == "en":
        return []
    tr = translation(lang)
    return [(pattern(t, javascript=True), tr.gettext(t)) for _rx, t in _compiled()]
