"""The built docs site in Chromium: no page wider than the window, no broken link.

The site is the one ``nox -s ui`` builds (``DOCS_HTML``, default ``docs/_build/html``). Every page
reachable from the front page is opened at a phone-like and a desktop width; a page whose content is
wider than the window fails (a wide table must scroll in its own box). Every link between pages must
point at a file that exists and, with a ``#fragment``, at an element with that id.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

import pytest
from playwright.sync_api import sync_playwright

SITE = Path(os.environ.get("DOCS_HTML") or Path(__file__).resolve().parents[1] / "docs/_build/html")
CHROMIUM = "/usr/bin/chromium"


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _site() -> dict[Path, _Page]:
    """Every page reachable from index.html by links inside the site."""
    assert (SITE / "index.html").is_file(), f"no built site at {SITE}: build the docs first"
    seen: dict[Path, _Page] = {}
    todo = [SITE / "index.html"]
    while todo:
        path = todo.pop()
        if path in seen or path.suffix != ".html" or not path.is_file():
            continue
        seen[path] = _parse(path)
        for href in seen[path].links:
            url, _ = urldefrag(urljoin(path.as_uri(), href))
            target = Path(unquote(urlparse(url).path))
            if url.startswith("file:") and target.is_file() and target not in seen:
                todo.append(target)
    return seen


PAGES = _site() if (SITE / "index.html").is_file() else {}


def test_the_site_has_the_guide_and_the_reference() -> None:
    names = {p.relative_to(SITE).as_posix() for p in PAGES}
    for page in ("index.html", "tutorial/play-from-python.html", "howto/replay-a-record.html",
                 "api/rules.html", "explanation/design.html", "_generated/spec/pile.html"):  # fmt: skip
        assert page in names
    front = (SITE / "index.html").read_text(encoding="utf-8")
    assert 'id="install"' in front and 'id="quickstart"' in front


def test_no_broken_link() -> None:
    broken = []
    for path, page in PAGES.items():
        for href in page.links:
            if re.match(r"^[a-z][a-z0-9+.-]*:", href) and not href.startswith("file:"):
                continue  # an outside address: not checked here (no network)
            url, fragment = urldefrag(urljoin(path.as_uri(), href))
            target = Path(unquote(urlparse(url).path))
            if not target.exists():
                broken.append(f"{path.relative_to(SITE)}: {href} (no such file)")
            elif fragment and target.suffix == ".html":
                ids = PAGES[target].ids if target in PAGES else _parse(target).ids
                if unquote(fragment) not in ids:
                    broken.append(f"{path.relative_to(SITE)}: {href} (no #{fragment})")
    assert not broken, "\n".join(broken[:40])


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_is_wider_than_the_window(width: int) -> None:
    wide = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.set_content("<table><tr><td style='white-space:nowrap'>" + "wide " * 600 + "</td></tr></table>")
        assert page.evaluate("document.documentElement.scrollWidth") > width  # the measure can fail
        for path in sorted(PAGES):
            page.goto(path.as_uri())
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                wide.append(f"{path.relative_to(SITE)}: {scroll} px in a {width} px window")
        browser.close()
    assert not wide, "\n".join(wide)
