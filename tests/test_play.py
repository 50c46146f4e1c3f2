"""``shashki play``: a scripted game at the terminal."""

from __future__ import annotations

import io
from collections.abc import Callable

from shashki.cli.terminal import run
from shashki.game import Game, Kind


def scripted(lines: list[str]) -> Callable[[str], str]:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_moves_offer_declined_then_resignation() -> None:
    out = io.StringIO()
    g = run(Game("russian"), read=scripted(
        ["c3-d4", "draw", "decline", "f6-e5", "d4:f6", "nonsense", "g7:e5", "сдаюсь"]), out=out)
    assert g.termination is not None and g.termination.kind is Kind.RESIGNATION
    assert g.result == "0-1"  # White resigned on his move
    text = out.getvalue()
    assert "Code 1.9.3" in text and "! " in text  # the offer, and the error for "nonsense"
    assert "resignation (Code 1.8.1)" in text


def test_draw_by_agreement_and_claim() -> None:
    g = run(Game("russian"), read=scripted(["c3-d4", "draw", "accept"]), out=io.StringIO())
    assert g.result == "1/2-1/2" and g.termination is not None
    assert g.termination.article == "Code 1.9.1.1"
    cycle = ["b4-a3", "g5-h4", "a3-b4", "h4-g5"] * 2
    g = run(Game("russian", "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7"),
            read=scripted([*cycle[:7], "claim h4-g5"]), out=io.StringIO())
    assert g.termination is not None and g.termination.kind is Kind.CLAIM


def test_saves_the_record() -> None:
    saved: list[Game] = []

    def save(g: Game) -> str:
        saved.append(g)
        return "game.pdn"

    out = io.StringIO()
    run(Game("russian"), read=scripted(["c3-d4", "resign"]), out=out, save=save)
    assert saved and "game.pdn" in out.getvalue()


def test_the_board_has_coordinates_and_the_clocks_their_names() -> None:
    out, prompts = io.StringIO(), []
    read = scripted(["board"])

    def reading(prompt: str) -> str:
        prompts.append(prompt)
        return read(prompt)

    run(Game("russian", time_control="5m"), read=reading, out=out)
    lines = out.getvalue().splitlines()
    assert lines[0].split() == list("abcdefgh") and lines[9].split() == list("abcdefgh")
    assert lines[1].split()[0] == "8" and lines[1].split()[-1] == "8"
    assert lines[8].split()[:2] == ["1", "w"]  # a1 holds a white man
    assert "(White 5:00 · Black 5:00)" in prompts[0]


def test_help_is_plain_text() -> None:
    out = io.StringIO()
    run(Game("russian"), read=scripted(["help"]), out=out)
    text = out.getvalue()
    assert "claim [move]" in text and "``" not in text and ":data:" not in text


def test_the_offer_names_who_offers_and_who_answers() -> None:
    out = io.StringIO()
    run(Game("russian"), read=scripted(["c3-d4", "draw"]), out=out)
    # White has just moved, so White offers (Code 1.9.3) and Black answers.
    assert "White offers a draw (Code 1.9.3). Black: accept or decline." in out.getvalue()


def test_each_game_gets_a_new_file(tmp_path: object) -> None:
    import datetime
    from pathlib import Path

    from shashki.cli.play import new_record_name

    folder = Path(str(tmp_path))
    when = datetime.datetime(2026, 12, 1, 15, 4, 5)
    first = new_record_name(when, str(folder))
    assert first.endswith("shashki-20261201-150405.pdn")
    Path(first).write_text("x")
    second = new_record_name(when, str(folder))
    assert second.endswith("shashki-20261201-150405-2.pdn")
