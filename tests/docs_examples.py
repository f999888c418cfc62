"""Running the examples of a Markdown docs page: its ```pycon blocks (``>>>`` sessions), as one doctest."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def run_page(name: str) -> doctest.TestResults:
    """Run every ```pycon block of ``docs/<name>`` in order, sharing one namespace; the results."""
    text = (DOCS / name).read_text(encoding="utf-8")
    blocks = re.findall(r"^```pycon\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, name, str(DOCS / name), 0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    return runner.summarize(verbose=False)
