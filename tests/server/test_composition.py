"""Composition contests on the platform, over HTTP: a composing tournament of six
entries and three judges run to its award PDF (each page rendered to PNG for looking
at), and a solving competition of five positions with four solvers.

Who sees what: the director sees the authors and pseudonyms; a judge sees only the
diagrams and the solutions, and is refused his own entry (CPI draft rules for block
posers, part 2, art. 2); the public sees the entries only with the award.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from fastapi.testclient import TestClient

from shashki.server.accounts.models import Role, User
from shashki.server.archive import service as archive
from shashki.server.core.web import Services

from .browser import ARTIFACTS
from .helpers import Visitor

ENTRIES = [  # (entrant, pseudonym, fen, stipulation, solution, the checker's status)
    ("anna", "Берёза", "W:Wa1,b2,c3:Ba5,e5,g7", "+", "1. c3-b4 a5:c3 2. b2:h8", "sound"),
    ("boris", "Волга", "W:Wb4,d4:Bb6,h8", "+", "1. b4-a5", "unsound"),
    ("vera", "Звезда", "W:W6,20,16:B18,7,12", "+", "1. c7-d8 h6:f4 2. d8:c5", "dual"),
    ("gleb", "Ключ", "W:Wg3,f2,a1:Bh4", "block M", "1. a1-b2", "sound"),
    ("dina", "Луч", "W:Wa1,b2,c3:Ba5,e5,g7", "+3", "1. c3-b4 a5:c3 2. b2:h8", "unsound"),
    ("judge1", "Сова", "W:Wa3,c1,d4:Ba5,f8,h8", "Белые начинают и выигрывают",
     "1. d4-c5 f8-e7 2. a3-b4 a5:c3 3. c5-b6 e7-d6 4. b6-a7 h8-g7 5. a7-b8 d6-c5 "
     "6. b8-c7 g7-f6", "unproven"),  # no tables on the test server: 14 moves to the end
]
MARKS = {"judge1": [9.0, 0.0, 7.5, 8.0, 0.0, None], "judge2": [8.5, 0.0, 7.0, 8.5, 0.0, 9.0],
         "judge3": [9.5, 0.0, 6.5, 7.5, 0.0, 9.5]}


def services(client: TestClient) -> Services:
    svc: Services = client.app.state.services  # type: ignore[attr-defined]
    return svc


def set_role(client: TestClient, name: str, role: Role) -> None:
    with services(client).db.session() as db:
        db.query(User).filter_by(username=name).one().role = role.value


def person(client: TestClient, name: str) -> Visitor:
    v = Visitor(client)
    v.signup(name)
    return v


def contest(director: Visitor, kind: str, name: str) -> int:
    r = director.form("/compose", {"name": name, "kind": kind, "variant": "russian",
                                   "low": "0", "high": "10", "step": "0.5", "prizes": "2",
                                   "mentions": "1", "commendations": "1", "minutes": "30"},
                      page="/compose")
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def test_composing_tournament_to_its_award(client: TestClient) -> None:
    olga = person(client, "olga")
    set_role(client, "olga", Role.ORGANISER)
    cid = contest(olga, "composing", "Кубок композиции 2026")
    page = f"/compose/{cid}"
    people = {n: person(client, n) for n in
              ["anna", "boris", "vera", "gleb", "dina", "judge1", "judge2", "judge3"]}
    # a player may not direct: nobody but the director appoints or advances
    r = people["anna"].form(f"{page}/judges", {"judge": "anna"}, page=page)
    assert r.status_code == 403
    for j in ("judge1", "judge2", "judge3"):
        assert olga.form(f"{page}/judges", {"judge": j}, page=page).status_code == 303
    assert olga.form(f"{page}/judges", {"judge": "nobody"}, page=page).status_code == 422
    # a game in the archive passes through anna's position: the entry is anticipated
    db = services(client).db
    text = b'[GameType "25"]\n[FEN "B:Wa1,b2,c3:Ba5,e5,h8"]\n\n1... h8-g7 *\n'
    with db.session() as s:
        imp = archive.new_import(s, None, "old.pdn", len(text))
    archive.import_games(db, io.BytesIO(text), imp.id)
    for who, pseudonym, fen, stip, sol, _ in ENTRIES:
        r = people[who].form(f"{page}/entries", {"pseudonym": pseudonym, "fen": fen,
                                                 "stipulation": stip, "solution": sol},
                             page=page)
        assert r.status_code == 303, r.text
    bad = people["anna"].form(f"{page}/entries", {"pseudonym": "x", "fen": "W:Wa1,z9",
                                                  "solution": ""}, page=page)
    assert bad.status_code == 422 and "fen:" in bad.text
    # the director sees names and the checker's verdicts
    text = olga.get(page).text
    for who, pseudonym, *_ in ENTRIES:
        assert who in text and pseudonym in text
    assert text.count("verdict-unsound") == 2 and "verdict-dual" in text
    assert text.count("archive game 1") == 2  # anna's and dina's entries: the same position
    assert "побочное решение" in text or "cook" in text
    # entries are hidden from the judges until judging starts
    assert people["judge2"].get(f"{page}/entry/1/diagram.svg").status_code == 403
    assert olga.form(f"{page}/advance", {}, page=page).status_code == 303
    judge_page = people["judge2"].get(page).text
    for who, pseudonym, *_ in ENTRIES:
        assert f"«{pseudonym}»" not in judge_page and f">{who}<" not in judge_page
    ids = [int(x) for x in re.findall(r'/compose/\d+/entry/(\d+)/diagram\.svg', judge_page)]
    assert len(ids) == 6
    svg = people["judge2"].get(f"{page}/entry/{ids[0]}/diagram.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg")
    assert "anna" not in svg.text and "White to play and win" in svg.text
    # judges mark; a judge's own entry is refused; marks off the scale are refused
    for judge, marks in MARKS.items():
        for eid, m in zip(ids, marks, strict=True):
            if m is None:
                continue
            r = people[judge].form(f"{page}/entries/{eid}/mark",
                                   {"mark": str(m), "comment": f"{judge} о № {eid}"},
                                   page=page)
            assert r.status_code == 303, r.text
    own = people["judge1"].form(f"{page}/entries/{ids[5]}/mark", {"mark": "10"}, page=page)
    assert own.status_code == 403
    off = people["judge2"].form(f"{page}/entries/{ids[0]}/mark", {"mark": "7.3"}, page=page)
    assert off.status_code == 422
    assert "Судья не оценивает свою композицию" in people["judge1"].get(page).text or \
        "own entry" in people["judge1"].get(page).text
    assert olga.form(f"{page}/advance", {}, page=page).status_code == 303
    # the award: public now, in order of the average marks
    public = Visitor(client).get(page).text
    table = public[public.index('id="final-table"'):]
    order = re.findall(r"<td>(\d+)</td><td>([a-z0-9]+) «", table)
    # judge1's own entry is averaged over the two other judges: (9 + 9.5) / 2
    assert [who for _, who in order] == ["judge1", "anna", "gleb", "vera", "boris", "dina"]
    assert "9.25" in table and "9.00" in table and "8.00" in table and "7.00" in table
    pdf = Visitor(client).get(f"{page}/award.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    out = ARTIFACTS.parent / "award"
    out.mkdir(parents=True, exist_ok=True)
    (out / "award.pdf").write_bytes(pdf.content)
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed: the PDF is not rendered")
    for old in out.glob("page-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(out / "award.pdf"),
                    str(out / "page")], check=True)
    pages = sorted(out.glob("page-*.png"))
    assert len(pages) >= 2  # the table, then the entries with diagrams
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out / "award.pdf"), "-"], check=True,
                              capture_output=True, text=True).stdout
        assert "Кубок композиции 2026" in text and "anna" in text
        assert "judge2 (9.0): judge2 о №" in text or "judge2" in text


def test_solving_competition(client: TestClient) -> None:
    olga = person(client, "olga")
    set_role(client, "olga", Role.ORGANISER)
    cid = contest(olga, "solving", "Решение 2026")
    page = f"/compose/{cid}"
    positions = [(fen, stip, sol) for _, _, fen, stip, sol, _ in ENTRIES if stip != "+3"]
    for fen, stip, sol in positions:
        r = olga.form(f"{page}/positions", {"fen": fen, "stipulation": stip, "solution": sol,
                                            "points": "10"}, page=page)
        assert r.status_code == 303, r.text
    solvers = {n: person(client, n) for n in ("sasha", "masha", "pasha")}
    # before the start nobody sees the positions nor solves
    assert "position/" not in solvers["sasha"].get(page).text
    assert olga.form(f"{page}/advance", {}, page=page).status_code == 303
    ids = [int(x) for x in re.findall(r'/position/(\d+)/diagram\.svg',
                                      solvers["sasha"].get(page).text)]
    assert len(ids) == 5
    answers = {
        "sasha": [p[2] for p in positions],                        # all five right
        "masha": [positions[0][2], "1. b4-c5", positions[2][2], "1. a1-b2",
                  "1. d4-c5 f8-e7 2. a3-b4 a5:c3 3. c5-d6"],        # 3 right, 1 partial
        "pasha": [positions[0][2], positions[1][2], "", "", ""],    # two
    }
    for name, sols in answers.items():
        for pid, sol in zip(ids, sols, strict=True):
            if sol:
                r = solvers[name].form(f"{page}/positions/{pid}/solve", {"moves": sol},
                                       page=page)
                assert r.status_code == 303, r.text
    illegal = solvers["pasha"].form(f"{page}/positions/{ids[2]}/solve", {"moves": "a1-h8"},
                                    page=page)
    assert illegal.status_code == 422
    # the arbiter enters a paper solution with its time
    r = olga.form(f"{page}/positions/{ids[0]}/solve",
                  {"moves": positions[0][2], "solver": "Иван (бланк)", "minutes": "12"},
                  page=page)
    assert r.status_code == 303
    text = olga.get(page).text
    table = text[text.index('id="standings"'):]
    rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td>", table)
    assert [name for _, name in rows] == ["sasha", "masha", "pasha", "Иван (бланк)"]
    assert "<strong>50.0</strong>" in table and "<strong>33.33</strong>" in table
    assert "<strong>20.0</strong>" in table and "<strong>10.0</strong>" in table
    assert olga.form(f"{page}/advance", {}, page=page).status_code == 303
    late = solvers["masha"].form(f"{page}/positions/{ids[1]}/solve", {"moves": "b4-a5"},
                                 page=page)
    assert late.status_code == 409
