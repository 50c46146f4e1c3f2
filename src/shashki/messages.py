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
    # a game without its first move (the platform, docs/rules.md L1; Code 3.13.1)
    N_("no first move within {seconds} s"),
    N_("no first move within the first control's time"),
    N_("both players have moved"), N_("the game cannot be aborted ({article})"),
    N_("the game is not over"),
    # the arbiter's decisions, as the platform records them
    N_("forfeit-white"), N_("forfeit-black"), N_("white"), N_("black"), N_("draw"),
    N_("both-absent"), N_("both-no-record"), N_("both-sanction"),
]

# --- where a PDN problem is (shashki.pdn.errors) ----------------------------------------
PDN_GAME = N_("game {index}")
PDN_LINE = N_("line {line}")
PDN_COLUMN = N_("column {column}")
PDN_TIMES = N_("{message} ({count} times)")

# --- a FEN that cannot be read (shashki.errors.InvalidFen, shashki.fen, rules.geometry) ---
FEN_ERRORS = [
    N_("invalid FEN {fen}: {reason} at column {column}"), N_("invalid FEN {fen}: {reason}"),
    N_("empty FEN"),
    N_("side to move must be W or B, not {token}"),
    N_("colour block must start with W or B, not {token}"),
    N_("second {colour} block"),
    N_("empty square in list"),
    N_("two pieces on square {square} ({token})"),
    N_("{side} has more than {count} pieces ({token})"),
    N_("{side} man on {square} stands on its promotion row ({article})"),
    N_("square {square} is off the board (1-{squares})"),
    N_("empty range {range}"),
    N_("bad square {square}"),
]

# --- a time control that cannot be read, a clock misused (shashki.clock) ----------------
CLOCK_ERRORS = [
    N_("bad time {text}"),
    N_("a time control needs at least one stage"),
    N_("stage {stage} lasts to the end of the game but other stages follow it"),
    N_("{control}: total playing time {hours} h exceeds 6 hours ({article})"),
    N_("empty time control"),
    N_("bad time control {text}: cannot read {part}"),
    N_("PDN TimeControl {text} names no playable clock"),
    N_("bad PDN TimeControl {text}: cannot read {part}"),
    N_("the clock has already been started"),
    N_("the clock is stopped"),
]

# --- PDN: a record that cannot be read, and what was read in spite of a flaw ------------
PDN_ERRORS = [  # shashki.pdn.reader, .model, .annotations, .gametype
    N_("unterminated variation: '(' without ')'"),
    N_("unterminated comment: '{{' without '}}'"),
    N_("bad tag {tag}: expected [Name \"value\"]"),
    N_("')' without '('"),
    N_("unexpected {text}"),
    N_("bytes that the encoding cannot decode"),
    N_("invalid FEN tag: {reason}"),
    N_("a NAG or move strength before the first move"),
    N_("move {move} after an unknown move: the position is not known (a /FEN \"...\"/ "
       "setup must follow an unknown move)"),
    N_("a variation before any move"),
    N_("unknown setup command /{text}/: expected /FEN \"...\"/"),
    N_("invalid setup FEN: {reason}"),
    N_("the position after an unknown move is not known"),
    N_("setup {fen} keeps the pieces of an unknown position"),
    N_("bad GameType {text}: expected a number or 'number,colour,width,height,notation"
       "[,invert]' like '25,W,8,8,A0,0'"),
    N_("GameType {number} ({name}) is not supported"),
    N_("shashki reads 20 (International), 25 (Russian), 26 (Brazilian) and 41 (80-square)"),
    N_("GameType {gametype}: {variant} is played on a {files}x{ranks} board, not "
       "{width}x{height}"),
    N_("Variant {value} ({name}) is not supported"),
]
PDN_WARNINGS = [  # shashki.pdn.reader (Quirk)
    N_("a blank line inside the tag section: the tags after it are still this game's"),
    N_("a tag line with a doubled '[': read as one"),
    N_("a pseudo-tag without a value, [{tag}]: skipped"),
    N_("a tag line without its opening '[': read as a tag"),
    N_("several tags on one line"),
    N_("square numbers padded with a space ({text}): read as {read}"),
    N_("the movetext ends with {text}, which no GameType has as a result: read as the "
       "game's result, not as a move"),
    N_("Result tag {tag} with spaces round the result: read as {read}"),
    N_("Result tag {tag}, which no GameType has as a result: kept as written"),
    N_("the movetext ends without a result: the game's result is {result}"),
    N_("the game ends with {token} but its Result tag says {tag}: the tag's result is kept"),
    N_("the text '\\r' after the line (the line end written as text): skipped"),
    N_("no GameType tag: read as {variant}, from the {seen}"),
    N_("GameType {gametype} names {variant} in numeric notation but the moves are "
       "algebraic: read as {read}, from the {seen}"),
    N_("GameType {gametype} gives no board size or no notation digit: read as {read}, the "
       "GameType table's values"),
    N_("a move number without its dot ({text}): read as a move number"),
    N_("'*' right after the game's last move: read as the game's end, not as a forced move"),
    N_("a tag value with quotes that are not escaped: read from the first quote to the last"),
    N_("the character {char} (a byte order mark, Ctrl-Z, NUL or zero-width space of files "
       "joined together): read as a space"),
    # what the variant was inferred from (shashki.pdn.gametype.infer_variant)
    N_("numeric squares above 32"), N_("algebraic ranks above 8"),
    N_("first move from square {square}"), N_("algebraic files i and j, ranks up to 8"),
    N_("algebraic squares within a1-h8"), N_("numeric squares up to 32"),
    N_("absence of squares to go by"),
    # the variants' titles (shashki.rules, Variant.title)
    N_("Russian draughts"), N_("Brazilian draughts"), N_("International draughts"),
    N_("80-square draughts (Spantsiretti)"),
]

TEMPLATES = [CODE_CHAPTER, CODE_ARTICLE, FMJD_ARTICLE, PLATFORM_ARTICLE, WHITE, BLACK,
             ILLEGAL_NO_PIECE, ILLEGAL_OPPONENTS, ILLEGAL_MAJORITY, ILLEGAL_CAPTURE,
             ILLEGAL_CANNOT_MOVE, ILLEGAL_IN, ILLEGAL, LEGAL_MOVES_FROM, LEGAL_MOVES, NO_MOVES,
             BAD_MOVE_TEXT, UNEXPECTED_CHAR, TWO_SQUARES, NOT_PLAYABLE, AMBIGUOUS, *DETAILS,
             *FEN_ERRORS, *CLOCK_ERRORS, *PDN_ERRORS, *PDN_WARNINGS]
"""Every template :func:`translate` reads messages by."""

_FIELD = re.compile(r"\{(\w+)\}")


def pattern(template: str, *, javascript: bool = False) -> str:
    """The regular expression that reads a message written from ``template`` (each field a
    named group, never holding ``;``: the parts of a message are separated by ``; ``;
    ``javascript`` writes the groups as JavaScript does)."""
    out, pos = ["^"], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(_literal(template[pos:m.start()])))
        out.append(f"(?{'' if javascript else 'P'}<{m.group(1)}>[^;]+?)")
        pos = m.end()
    out.append(re.escape(_literal(template[pos:])) + "$")
    return "".join(out)


def _literal(text: str) -> str:
    """A template's text between its fields as the message has it (``{{`` is ``{``)."""
    return text.replace("{{", "{").replace("}}", "}")


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
    return [(pattern(t, javascript=True), _js_template(tr.gettext(t)))
            for _rx, t in _compiled()]


def _js_template(text: str) -> str:
    # the page's script fills {field}s only: a doubled brace is written single
    return text.replace("{{", "{").replace("}}", "}")
