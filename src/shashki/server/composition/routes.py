"""Composition contest pages: the list and creation, a contest's page for its director,
judges, entrants and the public, entries and marks, the award as PDF; solving
competitions with their positions, solutions and standings."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from shashki.composition.diagram import composition_svg
from shashki.composition.record import genre_name
from shashki.extras import need
from shashki.server.accounts.models import Role, User
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.composition import service as cs
from shashki.server.composition.models import CompContest, ContestKind, ContestStatus
from shashki.server.core.errors import Forbidden, InvalidInput
from shashki.server.core.web import form_str, redirect, render, run_db, services

router = APIRouter()


async def _form(request: Request, who: Visitor) -> FormData:
    form = await request.form()
    check_csrf(request, who, form)
    return form


def _number(form: FormData, name: str, default: float) -> float:
    raw = form_str(form, name, 12).strip().replace(",", ".")
    if not raw:
        return default
    if not re.fullmatch(r"-?\d{1,4}(\.\d{1,2})?", raw):
        raise InvalidInput(name, "a number")
    return float(raw)


@router.get("/compose")
async def contest_list(request: Request, who: Who) -> Response:
    svc = services(request)

    def load() -> list[CompContest]:
        with svc.db.session() as db:
            return cs.listing(db)

    can_create = who.user is not None and who.user.role_enum.at_least(Role.ORGANISER)
    return render(request, who, "compose_list.html", contests=await run_db(load),
                  can_create=can_create)


@router.post("/compose")
async def contest_create(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await _form(request, who)
    user = who.require_role(Role.ORGANISER)
    cond = {"low": _number(form, "low", 0), "high": _number(form, "high", 10),
            "step": _number(form, "step", 0.5), "prizes": int(_number(form, "prizes", 3)),
            "mentions": int(_number(form, "mentions", 3)),
            "commendations": int(_number(form, "commendations", 3)),
            "minutes": _number(form, "minutes", 60)}

    def make() -> int:
        with svc.db.session() as db:
            owner = db.get(User, user.id)
            assert owner is not None
            return cs.create(db, owner, form_str(form, "name", 200),
                             form_str(form, "kind", 12), form_str(form, "variant", 40)
                             or "russian", cond).id

    return redirect(f"/compose/{await run_db(make)}")


def _view(request: Request, who: Visitor, contest_id: int) -> dict[str, Any]:
    """Everything the contest page shows this visitor (what his roles let him see)."""
    svc = services(request)
    with svc.db.session() as db:
        c = cs.get(db, contest_id)
        user = db.get(User, who.user.id) if who.user else None
        director, judge = cs.is_director(c, user), cs.is_judge(c, user)
        closed = c.status == ContestStatus.CLOSED
        ctx: dict[str, Any] = {
            "c": c, "cond": cs.conditions(c), "director": director, "judge": judge,
            "judges": [j.user.username for j in c.judges], "closed": closed,
            "director_name": c.director.username}
        if c.kind == ContestKind.COMPOSING:
            es = cs.entries(db, c)
            mine = {m.entry_id: m for m in cs.marks(db, c) if user and m.judge_id == user.id}
            rows = []
            for e in es:
                verdict = json.loads(e.verdict or "{}")
                comp = cs.entry_composition(e)
                rows.append({
                    "id": e.id, "number": e.number, "status": e.status,
                    "pseudonym": e.pseudonym if director or closed else "",
                    "author": e.author.username if director or closed else "",
                    "own": user is not None and e.author_id == user.id,
                    "stipulation": comp.stipulation.text(who.lang),
                    "genre": genre_name(comp.genre, who.lang) if comp.genre else "",
                    "solution": " ".join(comp.main_line()),
                    "verdict": verdict, "mark": mine.get(e.id)})
            ctx["entries"] = rows
            ctx["show_entries"] = director or closed or (judge and c.status ==
                                                         ContestStatus.JUDGING)
            ctx["table"] = cs.final_table(db, c) if (director or closed) else []
        else:
            ps = cs.positions(db, c)
            ctx["positions"] = [{"id": p.id, "number": p.number, "points": p.points,
                                 "stipulation": cs.position_composition(p).stipulation.text(
                                     who.lang),
                                 "solution": " ".join(cs.position_composition(p).main_line())
                                 if director or closed else ""} for p in ps]
            ctx["show_positions"] = director or c.status != ContestStatus.OPEN
            ctx["standings"] = cs.standings(db, c)
        return ctx


@router.get("/compose/{contest_id}")
async def contest_page(request: Request, who: Who, contest_id: int) -> Response:
    ctx = await run_db(_view, request, who, contest_id)
    return render(request, who, "compose_contest.html", error=None, **ctx)


async def _act(request: Request, who: Visitor, contest_id: int, fn: Any) -> Response:
    """Run ``fn(db, contest, user, form)`` for a logged-in visitor; back to the page, or
    the page with the error shown where the form was refused."""
    svc = services(request)
    form = await _form(request, who)
    user = who.require_user()

    def act() -> None:
        with svc.db.session() as db:
            c = cs.get(db, contest_id)
            me = db.get(User, user.id)
            assert me is not None
            fn(db, c, me, form)

    try:
        await run_db(act)
    except InvalidInput as e:
        ctx = await run_db(_view, request, who, contest_id)
        message = who.t.error(e.code, detail=e.detail, **e.params)
        return render(request, who, "compose_contest.html", status=422,
                      error=f"{e.field}: {message}", **ctx)
    return redirect(f"/compose/{contest_id}")


@router.post("/compose/{contest_id}/judges")
async def add_judge(request: Request, who: Who, contest_id: int) -> Response:
    return await _act(request, who, contest_id, lambda db, c, me, f: cs.appoint_judge(
        db, c, me, form_str(f, "judge", 64)))


@router.post("/compose/{contest_id}/advance")
async def advance(request: Request, who: Who, contest_id: int) -> Response:
    return await _act(request, who, contest_id, lambda db, c, me, f: cs.advance(db, c, me))


def _composition(c: CompContest, f: FormData) -> Any:
    return cs.composition_of(c.variant, form_str(f, "fen", 500),
                             form_str(f, "stipulation", 200), form_str(f, "solution", 4000),
                             form_str(f, "pdn", 20000))


@router.post("/compose/{contest_id}/entries")
async def submit(request: Request, who: Who, contest_id: int) -> Response:
    return await _act(request, who, contest_id, lambda db, c, me, f: cs.submit(
        db, c, me, form_str(f, "pseudonym", 100), _composition(c, f)))


@router.post("/compose/{contest_id}/entries/{entry_id}/mark")
async def mark(request: Request, who: Who, contest_id: int, entry_id: int) -> Response:
    return await _act(request, who, contest_id, lambda db, c, me, f: cs.mark(
        db, c, me, cs.entry(db, c, entry_id), form_str(f, "mark", 12),
        form_str(f, "comment", 2000)))


@router.post("/compose/{contest_id}/positions")
async def add_position(request: Request, who: Who, contest_id: int) -> Response:
    return await _act(request, who, contest_id, lambda db, c, me, f: cs.add_position(
        db, c, me, _composition(c, f), _number(f, "points", 10)))


@router.post("/compose/{contest_id}/positions/{position_id}/solve")
async def solve(request: Request, who: Who, contest_id: int, position_id: int) -> Response:
    def do(db: Any, c: CompContest, me: User, f: FormData) -> None:
        p = next((p for p in cs.positions(db, c) if p.id == position_id), None)
        if p is None:
            raise InvalidInput("position", "no such position")
        solver = form_str(f, "solver", 80).strip() or None
        minutes = form_str(f, "minutes", 12).strip()
        seconds = _number(f, "minutes", 0) * 60 if solver and minutes else None
        cs.solve(db, c, p, me, form_str(f, "moves", 2000), solver, seconds)

    return await _act(request, who, contest_id, do)


def _diagram_allowed(c: CompContest, user: User | None, kind: str) -> bool:
    if cs.is_director(c, user) or c.status == ContestStatus.CLOSED:
        return True
    if kind == "entry":
        return cs.is_judge(c, user) and c.status == ContestStatus.JUDGING
    return c.status == ContestStatus.RUNNING


@router.get("/compose/{contest_id}/{kind}/{item_id}/diagram.svg")
async def diagram(request: Request, who: Who, contest_id: int, kind: str,
                  item_id: int) -> Response:
    svc = services(request)

    def load() -> str:
        with svc.db.session() as db:
            c = cs.get(db, contest_id)
            user = db.get(User, who.user.id) if who.user else None
            if kind not in ("entry", "position") or not _diagram_allowed(c, user, kind):
                raise Forbidden(code="comp_hidden")
            if kind == "entry":
                e = cs.entry(db, c, item_id)
                comp = cs.entry_composition(e)
                heading = f"№ {e.number}"
            else:
                p = next((p for p in cs.positions(db, c) if p.id == item_id), None)
                if p is None:
                    raise Forbidden(code="comp_hidden")
                comp = cs.position_composition(p)
                heading = f"№ {p.number}"
            return composition_svg(comp, who.lang, size=None, heading=heading)

    return Response(await run_db(load), media_type="image/svg+xml",
                    headers={"Cache-Control": "private, no-store"})


@router.get("/compose/{contest_id}/award.pdf")
async def award_pdf(request: Request, who: Who, contest_id: int) -> Response:
    svc = services(request)

    def build() -> bytes:
        with svc.db.session() as db:
            c = cs.get(db, contest_id)
            user = db.get(User, who.user.id) if who.user else None
            if c.kind != ContestKind.COMPOSING or not (
                    cs.is_director(c, user) or c.status == ContestStatus.CLOSED):
                raise Forbidden(code="comp_hidden")
            return award_document(db, c, who.lang)

    pdf = await run_db(build)
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": f'inline; filename="award-{contest_id}.pdf"'})


def award_document(db: Any, c: CompContest, lang: str) -> bytes:
    """The published award: the final table, then each placed entry with its diagram,
    author, the solution and the judges' comments (WeasyPrint, as
    :mod:`shashki.competition.export` makes its PDF)."""
    import logging

    from jinja2 import Environment, FileSystemLoader, select_autoescape

    from shashki.server.core.i18n import Translator

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    rows = []
    table = cs.final_table(db, c)
    for r in table:
        if not r.place:
            continue  # an unsound entry is named in the table, not published
        comp = cs.entry_composition(r.entry)
        svg = composition_svg(comp, lang, size=None,
                              heading=f"№ {r.entry.number} — {r.entry.author.username}")
        rows.append({"row": r, "svg": base64.b64encode(svg.encode()).decode(),
                     "solution": _numbered(comp.main_line()),
                     "stipulation": comp.stipulation.text(lang)})
    env = Environment(loader=FileSystemLoader(str(_here() / "templates")),
                      autoescape=select_autoescape(["html"]), extensions=["jinja2.ext.i18n"])
    html = env.get_template("compose_award_pdf.html").render(
        c=c, rows=rows, table=table, **Translator(lang).context(), lang=lang,
        judges=[j.user.username for j in c.judges],
        cond=cs.conditions(c))
    pdf: bytes = need("weasyprint", "pdf", "the award PDF").HTML(string=html).write_pdf()
    return pdf


def _here() -> Any:
    from pathlib import Path

    return Path(__file__).parent


def _numbered(moves: list[str]) -> str:
    out = []
    for i, m in enumerate(moves):
        out.append(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m)
    return " ".join(out)
