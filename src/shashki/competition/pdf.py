"""HTML printed to PDF with WeasyPrint (the ``pdf`` extra), for every table, report and
printout of an event.

Without the extra, the caller gets :class:`~shashki.errors.MissingDependency` naming the
extra to install, which the command line prints as one line (exit 2)."""

from __future__ import annotations

import logging

from shashki.extras import need


def write_pdf(html: str, path: str, feature: str = "a PDF") -> None:
    """``html`` printed to the PDF file ``path``."""
    html_class = need("weasyprint", "pdf", feature).HTML
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    html_class(string=html).write_pdf(path)
