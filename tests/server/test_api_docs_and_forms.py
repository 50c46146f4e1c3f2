"""The rough edges of issue 16: ``/api/docs`` served from the package (no CDN, the CSP
kept), every variant named in both languages, and forms that show their error inline with
what was typed instead of a dead-end page."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from shashki.rules import VARIANTS
from shashki.server.accounts.models import Role
from shashki.server.app import CSP
from shashki.server.core.apidocs import SWAGGER
from shashki.server.core.i18n import Translator

from .helpers import Visitor
from .test_correspondence import new_game
from .test_events import create_event, people, set_role


def test_api_docs_come_from_this_server_with_the_csp_intact(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") for s in sources), sources  # nothing remote
    assert "<script>" not in page.text  # no inline script: the CSP would block it
    for src in sources:
        r = client.get(src)
        assert r.status_code == 200, src
    bundle = client.get("/api/docs/assets/swagger-ui-bundle.js")
    assert bundle.content == (SWAGGER / "swagger-ui-bundle.js").read_bytes()
    # only what the page uses
    assert client.get("/api/docs/assets/redoc.standalone.js").status_code == 404
    assert client.get("/api/docs/assets/..%2Fswagger-ui.js").status_code == 404


def test_every_variant_has_a_name_in_both_languages(client: TestClient) -> None:
    for v in VARIANTS:  # a label of its own in English, translated in Russian
        en, ru = Translator("en").label("variant", v), Translator("ru").label("variant", v)
        assert en != v and ru != en, v
    page = client.get("/events")
    assert "variant.russian-80" not in page.text


def test_a_mistyped_correspondence_move_shows_the_form_again(
        alice: Visitor, bob: Visitor, corr: object) -> None:
    game = new_game(alice, bob)
    r = alice.form(f"/corr/{game}/move", {"move": "c3-c4"}, page=f"/corr/{game}")
    assert r.status_code == 409
    assert 'id="form-error"' in r.text and 'id="move-form"' in r.text
    assert 'value="c3-c4"' in r.text and 'aria-invalid="true"' in r.text
    # then the right move from that very page
    r = alice.form(f"/corr/{game}/move", {"move": "c3-d4"}, page=f"/corr/{game}")
    assert r.status_code == 303


def test_correspondence_resignation_is_asked_twice(alice: Visitor, bob: Visitor,
                                                   corr: object) -> None:
    game = new_game(alice, bob)
    page = alice.get(f"/corr/{game}").text
    # the resign button only opens the question; the form inside resigns
    assert re.search(r'<details class="confirm" id="resign">\s*<summary', page)
    assert 'id="resign-confirm"' in page and "Yes, resign this game" in page


def test_registering_an_unknown_player_shows_the_form_again(client: TestClient) -> None:
    org = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    event_id = create_event(org)
    r = org.form(f"/events/{event_id}/players", {"username": "ghost"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422
    assert 'id="register-error"' in r.text and "no player called ghost" in r.text
    assert 'id="register-form"' in r.text and 'value="ghost"' in r.text
