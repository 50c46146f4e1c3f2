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


AXE_VERSION = "4.10.3"
AXE_CACHE = Path(os.environ.get("SHASHKI_AXE_CACHE") or (
    Path.home() / ".cache" / "shashki-tests" / f"axe-core-{AXE_VERSION}"))
"""Where axe-core (Deque's accessibility engine) is kept: fetched from the npm registry
with ``npm pack`` the first time (``.ci/run`` makes sure npm is installed)."""


def axe_source() -> str:
    """The text of ``axe.min.js`` of :data:`AXE_VERSION`, from the cache or npm."""
    import subprocess
    import tarfile

    script = AXE_CACHE / "package" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is needed to fetch axe-core (apt-get install npm)")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent",
                        "--pack-destination", str(AXE_CACHE)], check=True,
                       capture_output=True, timeout=300)
        with tarfile.open(AXE_CACHE / f"axe-core-{AXE_VERSION}.tgz") as tar:
            tar.extract("package/axe.min.js", AXE_CACHE, filter="data")
    return script.read_text(encoding="utf-8")


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")
                   ) -> list[str]:
    """axe-core run in ``page`` (its context opened with ``bypass_csp=True``, for the
    injected script): the violations of those impacts, one line each."""
    page.add_script_tag(content=axe_source())
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
    }""")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}"
            for v in result if v["impact"] in impacts]


def signup(page: Any, base: str, name: str) -> None:
    """Sign up ``name`` on the site at ``base``, the form sent with Enter (no mouse)."""
    page.goto(f"{base}/signup")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.press("input[name=password]", "Enter")
    page.wait_for_url(f"{base}/")
