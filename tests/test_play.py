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
