"""The ``shashki`` catalogue (src/shashki/locale): every text of the sources is in the
template, every one has its Russian translation with the same fields, the Russian plural
forms are the three of the language, and the catalogue is read without Babel."""

from __future__ import annotations

import configparser
import gettext
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from shashki import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "shashki" / "locale"
POT = LOCALE / "shashki.pot"
RU = LOCALE / "ru" / "LC_MESSAGES" / "shashki.po"
KEYWORDS = {"NP_": ((1, "c"), 2)}
"""Beside Babel's default keywords (``_``, ``gettext``, ``ngettext``, ``pgettext``, ``N_``):
the same ``-k NP_:1c,2`` that docs/translating.md gives ``pybabel extract``."""

babel = pytest.importorskip("babel", reason="Babel (the test extra) reads the catalogues")


def read(path: Path) -> object:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale="ru" if path.suffix == ".po" else None)


def ids(catalog: object) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in catalog if m.id}  # type: ignore[attr-defined]


def catalogue_pairs() -> Iterator[tuple[str, str]]:
    """Every (English, Russian) pair of the catalogue, plural forms by their first."""
    for m in read(RU):  # type: ignore[attr-defined]
        if not m.id:
            continue
        en = m.id if isinstance(m.id, str) else m.id[0]
        ru = m.string if isinstance(m.string, str) else m.string[0]
        yield en, ru


def extracted() -> set[tuple[str | None, object]]:
    """The messages of the sources now, as ``pybabel extract -F babel.cfg`` finds them."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "babel.cfg")
    method_map = []
    options_map = {}
    for section in cfg.sections():
        method, _sep, pattern = section.partition(":")
        method_map.append((pattern.strip(), method.strip()))
        options_map[pattern.strip()] = dict(cfg[section])
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}):
        found.add((context, message))
    return found


def test_the_template_is_up_to_date_with_the_sources() -> None:
    """A text added to the sources without ``pybabel extract`` fails here (and one left in
    the template after its source text went)."""
    pot, now = ids(read(POT)), extracted()
    assert sorted(map(str, now - pot)) == [], "run pybabel extract (docs/translating.md)"
    assert sorted(map(str, pot - now)) == [], "run pybabel extract (docs/translating.md)"


def test_the_russian_catalogue_has_every_message_translated() -> None:
    po = read(RU)
    assert ids(po) == ids(read(POT)), "run pybabel update (docs/translating.md)"
    missing = []
    for m in po:  # type: ignore[attr-defined]
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(s.strip() for s in strings):
            missing.append(m.id)
    assert missing == []
    assert not po.fuzzy  # type: ignore[attr-defined]  # a fuzzy header loses Plural-Forms


FIELD = re.compile(r"\{[^{}]*\}")
BRACES = re.compile(r"\{\{|\}\}")
"""A doubled brace is a brace of the text (``str.format``), no field."""


def test_every_translation_has_the_fields_of_its_message() -> None:
    """``{name}`` fields are filled by ``str.format``: a translation with a field its
    message lacks would raise, one without a field would lose the value."""
    wrong = []
    for m in read(RU):  # type: ignore[attr-defined]
        if not m.id:
            continue
        forms = m.id if isinstance(m.id, tuple) else (m.id,)
        fields = set().union(*(FIELD.findall(BRACES.sub("", f)) for f in forms))
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wrong += [(m.id, s) for s in strings if set(FIELD.findall(BRACES.sub("", s))) != fields]
    assert wrong == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt")
def test_gnu_msgfmt_finds_every_message_translated(tmp_path: Path) -> None:
    """Another program's count: GNU ``msgfmt --statistics`` reads the .po."""
    out = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "x.mo"),
                          str(RU)], capture_output=True, text=True, check=True,
                         env={"LC_ALL": "C"})
    total = sum(1 for m in read(RU) if m.id)  # type: ignore[attr-defined]
    assert out.stderr.strip() == f"{total} translated messages.", out.stderr


def test_russian_has_three_plural_forms() -> None:
    """1 тур, 2 тура, 5 туров; 11-14 take the third form, 21 the first, 22 the second."""
    ru = i18n.translation("ru")
    forms = {n: ru.ngettext("{n} round", "{n} rounds", n).format(n=n)
             for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert forms == {1: "1 тур", 2: "2 тура", 4: "4 тура", 5: "5 туров", 11: "11 туров",
                     12: "12 туров", 14: "14 туров", 21: "21 тур", 22: "22 тура",
                     25: "25 туров", 101: "101 тур", 111: "111 туров"}
    games = [ru.ngettext("{n} game found", "{n} games found", n).format(n=n) for n in (1, 2, 5)]
    assert games == ["найдена 1 партия", "найдено 2 партии", "найдено 5 партий"]
    en = i18n.translation("en")
    assert [en.ngettext("{n} round", "{n} rounds", n).format(n=n) for n in (1, 2)] == [
        "1 round", "2 rounds"]


def test_pgettext_tells_one_english_word_from_another() -> None:
    ru = i18n.translation("ru")
    assert ru.pgettext("menu", "Log in") == "Вход"
    assert ru.gettext("Log in") == "Войти"


def test_the_compiled_catalogue_is_read_by_the_standard_library(tmp_path: Path) -> None:
    """What an installed package does: ``gettext`` reads the ``.mo`` that setup.py wrote
    with Babel, with the Plural-Forms of the header."""
    from babel.messages.mofile import write_mo

    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "shashki.mo").open("wb") as f:
        write_mo(f, read(RU))  # type: ignore[arg-type]
    t = gettext.translation("shashki", localedir=tmp_path, languages=["ru"])
    assert t.gettext("error") == "ошибка"
    assert t.ngettext("{n} round", "{n} rounds", 3) == "{n} тура"


def test_without_a_compiled_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A source tree that was never built: the .po is compiled in memory (Babel is here);
    with neither .po nor .mo the texts are English and one line on stderr says why."""
    load = i18n.translation.__wrapped__  # the uncached function
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(RU, folder / "shashki.po")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert load("ru").gettext("error") == "ошибка"
    assert capsys.readouterr().err == ""
    (folder / "shashki.po").unlink()
    assert load("ru").gettext("error") == "error"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "texts are in English" in err


def test_the_command_lines_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for env, lang in (({"SHASHKI_LANG": "ru"}, "ru"), ({"LANG": "ru_RU.UTF-8"}, "ru"),
                      ({"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"), ({}, "en")):
        for var in ("SHASHKI_LANG", "LC_ALL", "LANG"):
            monkeypatch.delenv(var, raising=False)
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        assert i18n.language() == lang, env


def test_no_text_is_marked_inside_an_f_string() -> None:
    """Babel's extractor reads an f-string as one token: ``f"{_('x')}"`` would never reach
    the catalogue (and so never be translated)."""
    import ast

    marks = {"_", "gettext", "ngettext", "pgettext", "N_", "NP_"}
    hidden = []
    for path in sorted((ROOT / "src" / "shashki").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                            and inner.func.id in marks
                            and any(isinstance(a, ast.Constant) for a in inner.args)):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert hidden == []


def test_argparse_speaks_the_command_lines_language(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own words ("usage:", "options", "show this help message and exit", its
    errors) were English in a Russian command line."""
    from shashki import cli

    monkeypatch.setenv("SHASHKI_LANG", "ru")
    with pytest.raises(SystemExit):
        cli.main(["perft", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("использование: shashki perft")
    assert "параметры:" in out and "показать эту справку и выйти" in out
    assert "usage" not in out and "options" not in out and "show this" not in out
    with pytest.raises(SystemExit) as e:
        cli.main(["perft", "--depth", "x"])
    assert e.value.code == 2
    assert capsys.readouterr().err == (
        "shashki perft: ошибка: аргумент --depth: не целое число: 'x'\n")
    with pytest.raises(SystemExit):
        cli.main(["perft"])
    assert capsys.readouterr().err == "shashki perft: ошибка: нужно указать: --depth\n"
    monkeypatch.setenv("SHASHKI_LANG", "en")
    with pytest.raises(SystemExit):
        cli.main(["perft"])
    assert "the following arguments are required: --depth" in capsys.readouterr().err
