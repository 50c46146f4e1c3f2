"""``shashki play``: two people at one keyboard, with clocks, offers, claims and resignation.

Commands at the prompt (Russian words work too):

- a move in the Code's notation (``c3-d4``, ``c3:e5``) or numerically (``22-18``);
- ``draw`` / ``ничья`` offers a draw; ``accept`` / ``согласен``, ``decline`` / ``нет``;
- ``claim`` / ``повтор`` [move] claims a threefold repetition (Code 1.9.2);
- ``resign`` / ``сдаюсь``; ``board`` / ``доска`` redraws; ``help`` / ``помощь``.

The record is saved as PDN when the game ends. The ``help`` command prints the same in
plain words (:data:`HELP`), without this docstring's markup.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from shashki.board import Board
from shashki.color import WHITE, Color
from shashki.errors import ShashkiError
from shashki.game import Game
from shashki.i18n import N_, _, pgettext

HELP = N_("""Commands:
  a move        in the Code's notation (c3-d4, c3:e5) or by numbers (22-18)
  draw          offer a draw (the player who has just moved offers, Code 1.9.3)
  accept        accept the draw offered; decline: refuse it
  claim [move]  claim a threefold repetition (Code 1.9.2)
  resign        resign the game
  board         show the board again
  help          this list;  quit: stop (the record is saved)
The record is saved as PDN when the game ends.""")

_WORDS = {
    "draw": "draw", "ничья": "draw", "offer": "draw",
    "accept": "accept", "согласен": "accept", "да": "accept",
    "decline": "decline", "нет": "decline", "не согласен": "decline",
    "claim": "claim", "повтор": "claim",
    "resign": "resign", "сдаюсь": "resign",
    "board": "board", "доска": "board",
    "help": "help", "помощь": "help", "?": "help",
    "quit": "quit", "выход": "quit",
}


def _side(c: Color) -> str:
    # the genitive in Russian: "Ход белых"
    return pgettext("whose move", "White") if c is WHITE else pgettext("whose move", "Black")


def _sides(c: Color) -> str:
    """The side as the subject of a sentence: "White", «Белые»."""
    return _("White") if c is WHITE else _("Black")


def _clock(game: Game) -> str:
    """Both clocks, each named: ``White 4:59 · Black 5:00``."""
    if game.clock is None:
        return "-"

    def fmt(s: float) -> str:
        m, sec = divmod(int(s + 0.999), 60)
        return f"{m}:{sec:02d}"

    return " · ".join(f"{_sides(c)} {fmt(game.clock.remaining(c))}"
                      for c in (WHITE, WHITE.other))


def diagram(board: Board) -> str:
    """The board with its coordinates around it: files a, b, … below and above, ranks
    numbered on both sides (White at the bottom), as the Code's notation names them.

    >>> print(diagram(Board("russian", "W:Wc3:Bf6")))
        a b c d e f g h
     8  . . . . . . . .  8
     7  . . . . . . . .  7
     6  . . . . . b . .  6
     5  . . . . . . . .  5
     4  . . . . . . . .  4
     3  . . w . . . . .  3
     2  . . . . . . . .  2
     1  . . . . . . . .  1
        a b c d e f g h
    """
    g = board.variant.geometry
    letters = " ".join("abcdefghijklmnopqrstuvwxyz"[f] for f in range(g.files))
    width = len(str(g.ranks))
    edge = " " * (width + 3) + letters
    rows = [edge]
    for rank in range(g.ranks - 1, -1, -1):
        cells = []
        for file in range(g.files):
            sq = g.square_at(file, rank)
            p = board.piece_at(sq) if sq is not None else None
            cells.append(p.symbol if p else ".")
        n = str(rank + 1)
        rows.append(f" {n:>{width}}  {' '.join(cells)}  {n}")
    rows.append(edge)
    return "\n".join(rows)


def run(
    game: Game, *, read: Callable[[str], str] = input, out: TextIO = sys.stdout,
    save: Callable[[Game], str] | None = None,
) -> Game:
    """Drive ``game`` from typed commands until it ends (or ``quit``, or end of input)."""
    print(diagram(game.board), file=out)
    while not game.is_over:
        if game.check_time() is not None:
            break
        try:
            prompt = _("{side} to move ({clock}) > ")
            line = read(prompt.format(side=_side(game.board.turn), clock=_clock(game))).strip()
        except EOFError:
            break
        if not line:
            continue
        word, _sep, rest = line.partition(" ")
        cmd = _WORDS.get(line.lower(), _WORDS.get(word.lower()))
        try:
            if cmd == "quit":
                break
            if cmd == "help":
                print(_(HELP), file=out)
            elif cmd == "board":
                print(diagram(game.board), file=out)
            elif cmd == "resign":
                game.resign(game.board.turn)
            elif cmd == "draw":
                # The player who just moved offers (Code 1.9.3); before one's move, 1.9.5.
                offerer = game.board.turn.other if game.ply else game.board.turn
                game.offer_draw(offerer)
                offer = game.offer
                assert offer is not None
                print(_("{side} offers a draw ({article}). {other}: accept or decline.").format(
                    side=_sides(offerer), other=_sides(offerer.other), article=offer.article),
                    file=out)
            elif cmd == "accept":
                offer = game.offer
                if offer is None:
                    raise ShashkiError("no draw offer is pending")
                game.accept_draw(offer.by.other)
            elif cmd == "decline":
                offer = game.offer
                if offer is None:
                    raise ShashkiError("no draw offer is pending")
                game.decline_draw(offer.by.other)
            elif cmd == "claim":
                game.claim_threefold(game.board.turn, rest.strip() or None)
                game.rule_on_claim()
                if not game.is_over:
                    print(diagram(game.board), file=out)
            else:
                game.play(line)
                print(diagram(game.board), file=out)
        except ShashkiError as e:
            print(f"! {e}", file=out)
    if game.termination is not None:
        why = f"{game.termination.kind.value} ({game.termination.article})"
        print(_("Game over: {result}, {why}").format(result=game.result, why=why), file=out)
    if save is not None:
        path = save(game)
        print(_("Record saved to {path}").format(path=path), file=out)
    return game
