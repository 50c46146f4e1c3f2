"""The platform's language (shashki.server.core.i18n): every page of a platform with
something on each (tests/server/tour.py) renders in both languages without a raw key
(``variant.russian-80`` stood in every variant menu), the Russian pages show the rules
library's reasons and units in Russian, and the labels cover every value they name."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from shashki.game import Kind
from shashki.rules import VARIANTS
from shashki.server.accounts.models import Role, User
from shashki.server.app import create_app
from shashki.server.core.i18n import LABELS, Translator
from shashki.server.core.settings import Settings

from .conftest import fast_settings
from .helpers import Visitor
from .tour import WHITE, Tour, build

# the pages' words, whatever the database: CI runs these on SQLite only
pytestmark = pytest.mark.store_independent

PREFIXES = ("nav", "form", "lobby", "color", "clock", "game", "kind", "action", "variant",
            "profile", "role", "error", "ev", "arb", "archive", "viewer", "analysis", "engine",
            "level", "level_title", "tokens", "jobs", "corr", "admin", "comp", "site",
            "challenge", "settings", "pool", "notify", "ratings", "tc", "explorer", "puzzles",
            "words")
"""The first parts of the old tables' keys: a text starting so is a key shown raw."""
RAW_KEY = re.compile(rf"(?<![\w/.@-])(?:{'|'.join(PREFIXES)})\.[a-z][a-z0-9_-]*(?![\w/-])")
HIDDEN = re.compile(r"<script\b.*?</script>|<style\b.*?</style>|(?:href|src|action)=\"[^\"]*\"",
                    re.S)


def shown(page: str) -> str:
    """A page's text and attributes, without its scripts, styles and links."""
    return html.unescape(HIDDEN.sub(" ", page))


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Tour]]:
    settings: Settings = fast_settings(tmp_path_factory.mktemp("i18n"))
    with TestClient(create_app(settings), base_url="http://testserver") as client:
        def set_role(name: str, role: str) -> None:
            with client.app.state.services.db.session() as db:  # type: ignore[attr-defined]
                db.query(User).filter_by(username=name).one().role = Role(role).value

        yield client, build(lambda: Visitor(client), set_role)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_shows_a_raw_key(tour: tuple[TestClient, Tour], lang: str) -> None:
    _client, t = tour
    raw = {}
    for who, path in t.pages:
        v = t.visitors[who]
        v.get(f"/lang/{lang}")
        r = v.get(path)
        assert r.status_code == 200, (who, path, r.status_code)
        found = RAW_KEY.findall(shown(r.text))
        if found:
            raw[f"{who} {path}"] = sorted(set(found))
    assert raw == {}


def test_the_variant_menu_names_every_variant(tour: tuple[TestClient, Tour]) -> None:
    """The menu of the lobby used to show ``variant.russian-80``."""
    _client, t = tour
    v = t.visitors[WHITE]
    for lang in ("ru", "en"):
        v.get(f"/lang/{lang}")
        page = v.get("/").text
        for name in VARIANTS:
            title = Translator(lang).label("variant", name)
            assert f'value="{name}"' in page and html.escape(title) in page, (lang, name)
    assert Translator("ru").label("variant", "russian-80") == "Шашки Спанцирэтти (80 полей)"


def test_the_russian_pages_give_the_rules_reasons_and_units_in_russian(
        tour: tuple[TestClient, Tour]) -> None:
    _client, t = tour
    v = t.visitors[WHITE]
    v.get("/lang/ru")
    lobby = v.get("/").text
    assert "5 мин + 3 с" in lobby and "5m+3s" not in lobby
    corr = v.get("/corr").text
    assert "30 дн/10" in corr
    # an illegal move in a game: the Code's reason in Russian, from the library's message
    ch = v.form("/challenges", {"variant": "russian", "time_control": "", "color": "white",
                                "opponent": "vera", "fen": "W:Wc3,e1:Bd4"})
    black = t.visitors["vera"]
    black.get(ch.headers["location"])
    game = black.form(f"{ch.headers['location']}/accept", {}, page=ch.headers["location"])
    gid = int(game.headers["location"].rsplit("/", 1)[1])
    r = v.request("POST", f"/api/games/{gid}/actions", json={"type": "move", "move": "e1-f2",
                                                              "ply": 0},
                  headers={"X-CSRF-Token": v.csrf, "Accept-Language": "ru"})
    assert r.status_code == 409, r.text
    assert "взятие обязательно (Кодекс 1.5.3)" in r.json()["message"], r.json()
    v.get("/lang/en")
    r = v.request("POST", f"/api/games/{gid}/actions", json={"type": "move", "move": "e1-f2",
                                                              "ply": 0},
                  headers={"X-CSRF-Token": v.csrf})
    assert "a capture is compulsory (Code 1.5.3)" in r.json()["message"], r.json()


def test_the_forms_read_russian_units(tour: tuple[TestClient, Tour]) -> None:
    _client, t = tour
    v = t.visitors[WHITE]
    v.get("/lang/ru")
    r = v.form("/challenges", {"variant": "russian", "time_control": "5 мин + 3 с",
                               "color": "white", "opponent": ""})
    assert r.status_code == 303, r.text
    page = v.get(r.headers["location"]).text
    assert "5 мин + 3 с" in page
    v.get("/lang/en")
    assert "5m+3s" in v.get(r.headers["location"]).text
    r = v.form("/corr", {"opponent": "vera", "color": "white", "control": "20 дн/5",
                         "variant": "russian", "judge": ""}, page="/corr")
    assert r.status_code == 303, r.text
    assert "20d/5" in v.get(r.headers["location"]).text


def test_the_labels_cover_what_they_name() -> None:
    assert set(VARIANTS) <= set(LABELS["variant"])
    assert {r.value for r in Role} <= set(LABELS["role"])
    assert {k.value for k in Kind} <= set(LABELS["kind"])
    ru, en = Translator("ru"), Translator("en")
    for group, values in LABELS.items():
        for value in values:
            if "{" in en.label(group, value):
                continue  # a label with fields is filled where it is shown
            same = en.label(group, value) in ("e-mail",)  # written so in Russian too
            assert ru.label(group, value) != en.label(group, value) or same, (group, value)


def test_every_label_group_a_page_names_exists() -> None:
    """``label("group", value)`` shows the value itself when the group is unknown: a page
    naming a group that LABELS lacks would show raw values (``wm`` for a white man)."""
    from pathlib import Path

    import shashki.server

    root = Path(shashki.server.__file__).parent
    named = {(m.group(1), str(path.relative_to(root)))
             for path in [*root.rglob("*.html"), *root.rglob("*.py")]
             for m in re.finditer(r"""\blabels?\(\s*["']([\w.]+)["']""", path.read_text())}
    assert named and {(g, p) for g, p in named if g not in LABELS} == set()
