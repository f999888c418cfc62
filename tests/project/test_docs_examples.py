"""Every Python sample of the docs' pages runs: the blocks of a page in order, in one namespace.

The samples are the ```python fenced blocks and the ``{code-cell}`` blocks (text notebooks, which the docs
build also runs) of docs/**/*.md (generated pages aside); each page runs in a temporary directory
(samples may write files there).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"^```(?:python|\{code-cell\} ipython3)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def pages() -> list[Path]:
    found = [p for p in sorted(DOCS.rglob("*.md")) if "_generated" not in p.parts and "_build" not in p.parts]
    return [p for p in found if BLOCK.search(p.read_text(encoding="utf-8"))]


def test_the_guide_pages_have_samples() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in pages()}
    assert {"index.md", "tutorial/play-from-python.md", "tutorial/write-a-bot.md"} <= names


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_the_samples_of_a_page_run(page: Path, tmp_path: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    out = io.StringIO()
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        for number, block in enumerate(blocks, 1):
            code = compile(block, f"{page.name} block {number}", "exec")
            with contextlib.redirect_stdout(out):
                exec(code, namespace)
    finally:
        os.chdir(here)
    # Each block ran to its end: a failing sample raised above, naming its page and block.
    assert blocks and namespace.keys() > {"__name__"}
