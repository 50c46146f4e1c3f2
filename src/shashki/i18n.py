"""Translations: one gettext domain, ``shashki``, for the library, the command line and the
platform (docs/translating.md).

The source texts are English; ``locale/<lang>/LC_MESSAGES/shashki.po`` holds a language's
translations and is compiled to ``shashki.mo`` when the package is built (``setup.py``).
Reading a catalogue needs only the standard library's :mod:`gettext`.

The command line's language is ``SHASHKI_LANG`` if set, else the locale in
``LC_ALL``/``LANG``: Russian for ``ru*``, English otherwise. The platform picks one per
visitor and asks :func:`translation` for it. A document that has a language of its own (an
event's report, in the event's language) is written inside :func:`use_language`, which
overrides the locale for the current thread or task only.

>>> translation("ru").gettext("error")
'ошибка'
>>> translation("en").gettext("error")
'error'
>>> [translation("ru").ngettext("{n} game found", "{n} games found", n).format(n=n)
...  for n in (1, 3, 5)]
['найдена 1 партия', 'найдено 3 партии', 'найдено 5 партий']

A source tree without a compiled catalogue (a checkout that was never installed) compiles
the ``.po`` in memory when Babel is importable, and otherwise shows English with one
warning on stderr; the same happens when the ``.po`` is newer than its ``.mo``, so an
edited translation shows without a rebuild.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "shashki"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("ru", "en")
"""The languages shashki speaks; English is the source language."""


_CHOSEN: contextvars.ContextVar[str] = contextvars.ContextVar("shashki_language", default="")
"""The language :func:`use_language` chose for this thread or task ("" none)."""


def language() -> str:
    """The command line's language, ``ru`` or ``en`` (inside :func:`use_language`, the
    language it chose)."""
    chosen = _CHOSEN.get()
    if chosen:
        return chosen
    for var in ("SHASHKI_LANG", "LC_ALL", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (``ru``, ``en``) inside the block, whatever the locale: ``_``,
    ``pgettext``, :func:`language` and everything built on them. Only the current thread
    or asyncio task is affected (a context variable), so concurrent requests of the platform
    keep their own. ``None``, ``""`` or an unknown language: the language stays as it is.

    >>> import os
    >>> os.environ["SHASHKI_LANG"] = "en"
    >>> with use_language("ru") as lang:
    ...     lang, gettext("error")
    ('ru', 'ошибка')
    >>> gettext("error")
    'error'
    >>> del os.environ["SHASHKI_LANG"]
    """
    if not lang or lang not in LANGUAGES:
        yield language()
        return
    token = _CHOSEN.set(lang)
    try:
        yield lang
    finally:
        _CHOSEN.reset(token)


def _warn(text: str) -> None:
    print(f"shashki: {text}", file=sys.stderr)


@functools.cache
def translation(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English, the source, for an unknown language)."""
    if lang not in LANGUAGES or lang == "en":
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    stale = po.exists() and (not mo.exists() or po.stat().st_mtime > mo.stat().st_mtime)
    if stale:
        compiled = _compile(po)
        if compiled is not None:
            return compiled
    if mo.exists():
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    _warn(f"no compiled {lang} catalogue in {folder} (pip install . compiles it, or "
          f"pybabel compile -d src/shashki/locale -D shashki): texts are in English")
    return _gettext.NullTranslations()


def _compile(po: Path) -> _gettext.NullTranslations | None:
    """The ``.po`` compiled in memory with Babel, if Babel is installed."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with po.open("rb") as f:
        catalog = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def gettext(message: str) -> str:
    """``message`` in the command line's language."""
    return translation(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the command line's language (Russian has three)."""
    return translation(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the command line's language, where one English text needs two
    translations: ``context`` tells them apart."""
    return translation(language()).pgettext(context, message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a table's labels,
    translated where they are shown)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with its ``context`` for the catalogue (:func:`pgettext`)."""
    return (context, message)
