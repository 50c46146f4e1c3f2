"""Sheets to print for the playing hall: table cards (a board's number and its players,
large, to stand on the table) and blank scoresheets (бланки записи партий: the event, round,
board and players filled in from a round's pairings, or left blank), A4, HTML or PDF, in
the event's language (``Tournament.language``) whatever the machine's locale.

>>> from shashki.competition.model import Tournament
>>> from shashki.competition.pairing import pair_next_round
>>> t = Tournament(name="Cup", rounds_planned=3)
>>> for name in "ABCD":
...     _ = t.add_player(name)
>>> t.add_round(pair_next_round(t))
>>> page = table_cards_html(t, 1)
>>> page.count('class="card"'), page.count('class="sheet"')
(2, 0)
>>> blank = blank_scoresheets_html
>>> blank(t, 1).count('class="sheet"'), blank(t, count=3).count('class="sheet"')
(2, 3)
"""

from __future__ import annotations

from typing import Any

from shashki.competition.errors import ResultError
from shashki.competition.labels import in_event_language, label
from shashki.competition.model import Tournament

MOVE_LINES = 40
"""Numbered lines of a blank scoresheet (two columns of twenty)."""


def _env() -> Any:
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(loader=PackageLoader("shashki.competition", "templates"),
                       autoescape=select_autoescape(["html", "j2"]))


def _boards(t: Tournament, rnd: int) -> list[dict[str, Any]]:
    if not 1 <= rnd <= t.current_round:
        raise ResultError(f"no round {rnd} (rounds paired: {t.current_round})")
    out = []
    for p in sorted(t.rounds[rnd - 1].pairings, key=lambda p: p.board):
        for g in range(1, t.games_per_pairing + 1):
            w, b = p.game_colors(g)
            out.append({"round": rnd, "board": p.board, "game": g if t.micromatch else 0,
                        "white": f"{t.player(w).name} ({w})",
                        "black": f"{t.player(b).name} ({b})",
                        "white_club": t.player(w).club, "black_club": t.player(b).club,
                        "opening": p.opening or ""})
    return out


def _texts() -> dict[str, str]:
    keys = ("round", "board", "white", "black", "result", "sheet.title", "sheet.event",
            "sheet.date", "sheet.game", "sheet.white_sign", "sheet.black_sign",
            "sheet.judge_sign", "opening")
    return {k: label(k) for k in keys}


@in_event_language
def table_cards_html(t: Tournament, rnd: int) -> str:
    """One card a board of round ``rnd`` (a micro-match: one a game)."""
    from shashki.i18n import language

    return str(_env().get_template("cards.html.j2").render(
        t=t, lang=language(), texts=_texts(), boards=_boards(t, rnd)))


@in_event_language
def blank_scoresheets_html(t: Tournament, rnd: int | None = None, count: int = 1) -> str:
    """Blank scoresheets: one a game of round ``rnd`` with its players filled in, or
    ``count`` empty ones (``rnd`` None), :data:`MOVE_LINES` numbered lines each."""
    from shashki.i18n import language

    boards = _boards(t, rnd) if rnd is not None else [
        {"round": "", "board": "", "game": 0, "white": "", "black": "", "opening": ""}
        for _ in range(count)]
    half = MOVE_LINES // 2
    return str(_env().get_template("blank.html.j2").render(
        t=t, lang=language(), texts=_texts(), boards=boards,
        columns=[list(range(1, half + 1)), list(range(half + 1, MOVE_LINES + 1))]))


def to_pdf(html: str, path: str) -> None:
    """A printout written as PDF (WeasyPrint)."""
    from shashki.competition.pdf import write_pdf

    write_pdf(html, path, "a printout as PDF")
