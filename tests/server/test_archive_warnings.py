"""The archive import shows the PDN reader's warnings, as ``shashki pdn check`` does: each
once, with the number of games that carry it (issue 57, item 7; docs/pdn.md R13)."""

from __future__ import annotations

from .helpers import Visitor
from .test_archive import upload

#: Three games without a GameType tag (one warning in 3 games), one with the text '\r'.
NO_GAMETYPE = "".join(f'[Event "g{i}"]\n[Result "1-0"]\n1. c3-d4 f6-g5 1-0\n\n'
                      for i in range(3)) + '[Event "dambo"]\\r\n[GameType "25"]\n1. c3-d4 *\n'


def test_api_report_lists_each_warning_once(alice: Visitor) -> None:
    data = upload(alice, NO_GAMETYPE)
    assert data["games_read"] == 4 and data["broken_count"] == 0
    warnings = data["warnings"]
    assert isinstance(warnings, list)
    by_kind = {w["kind"]: w for w in warnings}
    assumed = by_kind["variant-assumed"]
    assert assumed["games"] == 3 and assumed["indices"] == [0, 1, 2]
    assert (assumed["index"], assumed["line"], assumed["column"]) == (0, 1, 1)
    assert assumed["message"].startswith("no GameType tag: read as Russian draughts")
    assert by_kind["literal-cr"]["games"] == 1 and by_kind["literal-cr"]["index"] == 3
    # the job's result carries them too
    job = data["job"]
    assert isinstance(job, dict)
    assert [w["kind"] for w in job["result"]["warnings"]] == [w["kind"] for w in warnings]


def test_import_page_shows_the_warnings(alice: Visitor) -> None:
    alice.get("/archive")
    r = alice.post("/archive/import", data={"csrf_token": alice.csrf, "variant": ""},
                   files={"file": ("w.pdn", NO_GAMETYPE.encode())}, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = alice.get(r.headers["location"]).text
    assert 'id="reader-warnings"' in page
    assert page.count('data-kind="variant-assumed"') == 1
    assert "in 3 games, from game 0" in page
    assert "no GameType tag: read as Russian draughts" in page
