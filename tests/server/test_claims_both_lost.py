"""What the players and spectators see of a threefold claim held for the arbiter (Code
1.9.2): "claim pending" on the game page until the arbiter rules, then the result or the
rejection. And the arbiter's decision that both players lose a live game (Code 3.13.3
both absent, 3.10.4 no record, a sanction), which the event records as ``-/-``."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from shashki.server.events.models import Sanction
from shashki.server.play import models as m

from .helpers import Visitor
from .test_arbiter import SHUFFLE, event_game, organiser, rebuild, shuffle
from .test_events import services, tournament

CLAIM_NOTE = re.compile(r'<p id="claim" class="claim-note([^"]*)"[^>]*>\s*(.*?)\s*</p>', re.S)


def claim_note(v: Visitor, game_id: int) -> tuple[bool, str]:
    """Whether the game page shows its claim note, and the note."""
    found = CLAIM_NOTE.search(v.get(f"/games/{game_id}").text)
    assert found
    return "hidden" not in found.group(1), " ".join(found.group(2).split())


def test_everyone_sees_the_claim_pending_then_the_ruling(
        client: TestClient, alice: Visitor, bob: Visitor, carol: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    assert claim_note(carol, game_id) == (False, "")
    shuffle(game_id, white, black, SHUFFLE * 2)
    white.api("POST", f"/api/games/{game_id}/actions", {"type": "claim"})
    pending = ("White claims a draw by threefold repetition: claim pending — the arbiter "
               "rules (Code 1.9.2).")
    for v in (white, black, carol):
        assert claim_note(v, game_id) == (True, pending)
    carol.get("/lang/ru")
    assert claim_note(carol, game_id) == (True, "Белые заявили о троекратном повторении: "
                                          "заявление ждёт решения судьи (Кодекс 1.9.2).")
    org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
             page=f"/events/{event_id}/arbiter")
    page = black.get(f"/games/{game_id}").text
    assert claim_note(black, game_id)[0] is False
    assert "Result: 1/2-1/2" in page and "Code 1.9.1.7" in page


def test_a_rejected_claim_is_shown_until_the_next_move(client: TestClient, alice: Visitor,
                                                       bob: Visitor, carol: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    shuffle(game_id, white, black, SHUFFLE[:2])
    white.api("POST", f"/api/games/{game_id}/actions", {"type": "claim", "move": "d2-e3"})
    assert claim_note(carol, game_id) == (
        True, "White claims a draw by threefold repetition: claim pending — the arbiter "
              "rules (Code 1.9.2). Written, not played: d2-e3.")
    org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
             page=f"/events/{event_id}/arbiter")
    assert claim_note(carol, game_id) == (
        True, "The arbiter rejected the claim (Code 1.9.2); the game goes on.")
    r = black.api("POST", f"/api/games/{game_id}/actions",
                  {"type": "move", "move": "g7-h6", "ply": 3})
    assert r.status_code == 200, r.text
    assert claim_note(carol, game_id) == (False, "")


def test_the_arbiter_decides_that_both_players_lose(client: TestClient, alice: Visitor,
                                                    bob: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    console = org.get(f"/events/{event_id}/arbiter").text
    assert '<option value="both-absent">both lose: neither player appeared (Code 3.13.3)' \
        in console
    assert "both lose: the record cannot be restored (Code 3.10.4)" in console
    # The players may not decide it, nor through the API.
    for p in (white, black):
        r = p.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                   {"decision": "both-absent"}, page=f"/events/{event_id}")
        assert r.status_code == 403
        r = p.api("POST", f"/api/games/{game_id}/actions",
                  {"type": "both_lose", "article": "Code 3.13.3"})
        assert r.status_code == 403
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                 {"decision": "both-absent", "reason": "neither came within the first control"},
                 page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    state = white.get(f"/api/games/{game_id}").json()
    assert state["result"] == "0-0"
    assert state["termination"]["kind"] == "both lost"
    assert state["termination"]["article"] == "Code 3.13.3"
    assert state["termination"]["winner"] is None
    assert "neither came" in state["termination"]["detail"]
    page = white.get(f"/games/{game_id}").text
    assert "Result: 0-0" in page and "both lost (Code 3.13.3)" in page
    assert "0-0" in white.get(f"/games/{game_id}/pdn").text
    org.get(f"/events/{event_id}")
    assert tournament(client, event_id).rounds[0].pairings[0].results == ["-/-"]
    assert rebuild(client, game_id)["result"] == "0-0"
    with services(client).db.session() as db:
        game = db.get(m.Game, game_id)
        assert game is not None
        assert (game.result, game.termination_kind, game.termination_article) == (
            "0-0", "both lost", "Code 3.13.3")


def test_both_lose_by_a_sanction(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    shuffle(game_id, white, black, SHUFFLE[:2])
    # A sanction gives its reason.
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                 {"decision": "both-sanction", "reason": " "}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 422
    assert white.get(f"/api/games/{game_id}").json()["status"] == "live"
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                 {"decision": "both-sanction", "reason": "agreed the result in advance"},
                 page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    with services(client).db.session() as db:
        rows = sorted((s.user.username, s.kind, s.article, s.game_id, s.reason)
                      for s in db.query(Sanction).filter_by(event_id=event_id))
    assert rows == sorted((p.name, "loss", "Code «Санкции»", game_id,
                           "agreed the result in advance") for p in (white, black))
    console = org.get(f"/events/{event_id}/arbiter").text
    assert console.count("loss of the game</strong>") == 2
    state = white.get(f"/api/games/{game_id}").json()
    assert (state["result"], state["termination"]["article"]) == ("0-0", "Code «Санкции»")
    white.get("/lang/ru")
    page = white.get(f"/games/{game_id}").text
    assert "поражение обоим (Кодекс «Санкции»)" in page
    # Over: nothing more to decide.
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                 {"decision": "white"}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 409


def test_the_rules_librarys_details_in_russian() -> None:
    from shashki.server.core.i18n import Translator

    t = Translator("ru")
    assert t.detail("verified claim: position repeated 3 times (plies [0, 4, 8]); claim by "
                    "White (Code 1.9.2)") == ("ничья по подтверждённому заявлению: позиция "
                                              "повторилась 3 раза (полуходы 0, 4, 8); "
                                              "заявили белые (Кодекс 1.9.2)")
    assert t.detail("draw by rule: 15 moves by the stronger side since ply 4; counted from "
                    "ply 4") == ("ничья по правилу: ходов сильнейшей стороны с полухода 4: 15; "
                                 "отсчёт с полухода 4")
    assert t.detail("loss: used a phone") == "поражение в партии: used a phone"
    assert t.detail("both-absent") == "поражение обоим: неявка обоих"
    assert t.detail("something new") == "something new"
    assert Translator("en").detail("both-absent") == "both-absent"
    # The page's script gets the same templates.
    assert any(rx.startswith("^position\\ repeated") for rx, _ru in t.details())
