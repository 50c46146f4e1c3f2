"""The organiser's Swiss through the platform's REST API (``/api/events``), as a program of
his would run it: the same event as :func:`tests.journeys.organiser.play_swiss` plays on
the command line. Every step is one HTTP request made by callables the caller gives, so the
play-through drives the in-process test client (``tests/server/test_events_api.py``) or a
real ``shashki serve`` from another virtual environment (httpx with an API token)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from tests.journeys import swiss


class Answer(Protocol):
    """What an HTTP client answers (httpx's and the test client's responses are)."""

    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    def json(self) -> Any: ...


Post = Callable[[str, dict[str, Any]], Answer]
"""``post(path, body)``: a JSON POST to the server (``/api/...``), authenticated as the
organiser."""
Get = Callable[[str], Answer]
"""``get(path)``: a GET of the server."""


def ok(r: Answer, what: str) -> Any:
    """The answer's JSON; a refusal shows what was asked and the server's error."""
    if not 200 <= r.status_code < 300:
        raise AssertionError(f"{what}: {r.status_code} {r.text[:2000]}")
    return r.json()


def username(p: swiss.Player, prefix: str = "") -> str:
    """The player's account: his name as an account name (3-24 letters, digits, ``_``)."""
    return (prefix + p.name.replace(" ", "_"))[:24]


def play_swiss_api(post: Post, get: Get, event: str = swiss.EVENT, *, mode: str = "otb",
                   prefix: str = "", create: bool = True,
                   each_round: Callable[[int, dict[str, Any]], None] | None = None,
                   ) -> list[tuple[int, set[tuple[int, int]], set[tuple[int, int]]]]:
    """Create the Swiss (the data's rounds, 2-1-0, its first colour), register its players
    with their ratings (``create``: making their accounts; ``prefix`` before their account
    names), then round by round: the byes fixed before it, the pairing, the results. Returns
    (round, the platform's pairs, bbpPairings' pairs) for every round; ``each_round(rnd,
    pairings)`` is called with each round's answer of ``GET .../pairings``."""
    n = swiss.rounds(event)
    ev = ok(post("/api/events", {
        "name": f"Swiss {event}", "system": "dutch", "rounds": n, "scoring": "2-1-0",
        "mode": mode, "first_color": swiss.first_colour(event)}), "create the event")
    base = f"/api/events/{ev['id']}"
    for p in swiss.players(event):
        got = ok(post(f"{base}/players", {"username": username(p, prefix),
                                          "rating": p.rating, "create": create}),
                 f"register {p.name}")
        if got["number"] != p.number:
            raise AssertionError(f"{p.name} got number {got['number']}, not {p.number}")
    out = []
    for rnd in range(1, n + 1):
        for player, kind in sorted(swiss.fixed_byes(event, rnd).items()):
            ok(post(f"{base}/byes", {"player": player, "round": rnd, "kind": kind}),
               f"round {rnd}: bye {kind} of {player}")
        ok(post(f"{base}/rounds", {}), f"pair round {rnd}")
        shown = ok(get(f"{base}/rounds/{rnd}/pairings"), f"round {rnd}'s pairings")
        if each_round is not None:
            each_round(rnd, shown)
        pairs = [(b["white"], b["black"]) for b in shown["pairings"]]
        if shown["bye"] is not None:
            pairs.append((shown["bye"], 0))
        if swiss.parse_pairs(shown["text"]) != pairs:
            raise AssertionError(f"round {rnd}: the text and the boards differ:\n"
                                 f"{shown['text']}\n{json.dumps(shown['pairings'])}")
        out.append((rnd, set(pairs), swiss.bbp_pairing(event, rnd)))
        games = [(b["board"], (b["white"], b["black"])) for b in shown["pairings"]]
        for (board, _pair), result in zip(games, swiss.results(event, rnd, [g for _, g in games]),
                                          strict=True):
            ok(post(f"{base}/results", {"round": rnd, "board": board, "result": result}),
               f"round {rnd}, board {board}: {result}")
    return out
