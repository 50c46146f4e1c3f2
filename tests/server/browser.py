"""What the browser tests share: Debian's Chromium (never a downloaded browser), where
screenshots go, and the page sizes they are taken at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("SHASHKI_CHROMIUM") or shutil.which("chromium") or shutil.which(
    "chromium-browser")
NO_CHROMIUM = ("no Chromium: install Debian's package (apt-get install chromium) or set "
               "SHASHKI_CHROMIUM to a Chromium binary")
ARTIFACTS = Path(os.environ.get("SHASHKI_TEST_ARTIFACTS", "test-artifacts")) / "browser"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def shot(page: Any, name: str) -> None:
    """A full-page screenshot ``<name>.png`` in :data:`ARTIFACTS`, to be looked at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
