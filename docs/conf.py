"""Sphinx configuration: the documentation site, built from the docstrings and the topic
pages in this folder (``sphinx-build -W --keep-going -b html docs build/docs``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # the tree being documented, installed or not
os.environ["SHASHKI_LANG"] = "en"  # the CLI's help texts, read when the parser is built

project = "shashki"
author = "the shashki developers"
copyright = "the shashki developers, MIT licence"  # noqa: A001 (Sphinx's name)
from shashki import __version__ as release  # noqa: E402

version = release

extensions = [
    "sphinx.ext.autodoc",
    "myst_parser",
    "sphinxarg.ext",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "images/*.dot"]

# Markdown: the topic pages are plain CommonMark with tables; heading anchors let
# ``page.md#heading`` links resolve.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
# The tour is the README's section "A short tour", whose subsections are ### headings.
suppress_warnings = ["myst.header"]

# Docstrings: reST fields, members in the order of the source, hints in the signature.
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "class"
add_module_names = False

html_theme = "furo"
html_title = f"shashki {release}"
html_static_path: list[str] = []
html_show_sourcelink = False

# Internal links are checked by tools/linkcheck.py on the built pages (no network here).
