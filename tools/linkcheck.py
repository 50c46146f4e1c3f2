"""Check the internal links of the built documentation: every relative ``href`` and
``src`` of every page names a file of the build, and every ``#fragment`` an ``id`` on its
page. External links are not fetched (the machines that build the docs have no network).

    python tools/linkcheck.py build/docs

prints one line a broken link (page, link) and exits 1 if there is any.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if value is None:
                continue
            if key == "id" or (key == "name" and tag == "a"):
                self.ids.add(value)
            elif key in ("href", "src"):
                self.links.append(value)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken(root: Path) -> list[str]:
    """The broken internal links under ``root``, as ``page: link`` lines."""
    pages = {p.resolve(): _read(p) for p in root.rglob("*.html")}
    out = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # http(s), mailto, data: not ours to check offline
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            rel = path.relative_to(root.resolve())
            if not target.is_file():
                out.append(f"{rel}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _read(target).ids
                if unquote(parts.fragment) not in ids:
                    out.append(f"{rel}: {link} (no such anchor)")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0] if args else "build/docs")
    if not root.is_dir():
        print(f"linkcheck: {root} is not a built documentation folder", file=sys.stderr)
        return 2
    bad = broken(root)
    for line in bad:
        print(line)
    print(f"linkcheck: {len(bad)} broken internal links", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
