"""Every text a page names exists in both languages (a missing key would show the key
itself, in English, on a Russian page)."""

from __future__ import annotations

import re
from pathlib import Path

import shashki.server
from shashki.server.core.texts import all_texts

SERVER = Path(shashki.server.__file__).parent
CALL = re.compile(r"""\bt\(\s*["']([a-z_][\w.' -]*)["']\s*[,)]""")


def test_every_literal_key_of_the_templates_is_known() -> None:
    known = all_texts()
    missing = {}
    for path in sorted((SERVER / "templates").glob("*.html")):
        for key in CALL.findall(path.read_text(encoding="utf-8")):
            if key not in known:
                missing.setdefault(path.name, []).append(key)
    assert missing == {}


def test_both_languages_are_given() -> None:
    for key, (en, ru) in all_texts().items():
        assert en.strip() and ru.strip(), key
