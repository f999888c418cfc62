"""Count, per module, the contract conditions CrossHair confirmed, refuted or could not decide.

Run: ``python tools/contract_report.py REPORT MODULE...``, where ``REPORT`` holds the output of
``crosshair check MODULE... --analysis_kind=PEP316 --report_all`` (``nox -s contracts`` writes it to
``build/contracts-report.txt``). CrossHair prints one line per ``post:`` condition:

* ``Confirmed over all paths.``: confirmed;
* ``error: ...`` (a counterexample, or a crash while checking): refuted;
* ``Not confirmed.`` (no counterexample found in the time limits): undecided;
* ``Unable to meet precondition.``, reported on a ``pre:`` line: no argument meeting the ``pre:`` lines
  was found, so each ``post:`` line of that function counts as undecided.

The table also counts the ``post:`` lines of each module's source that CrossHair did not report at all,
so a condition that was never checked (an import failure, a class CrossHair cannot build) shows. The
undecided and unreported conditions are listed below the table with their text. Exit status 1 when a
condition is refuted or unreported, 0 otherwise; standard library only.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

_LINE = re.compile(r"^(?P<path>[^:\s]+\.py):(?P<line>\d+): (?P<level>info|error): (?P<text>.*)$")
_POST = re.compile(r"^\s*post(?:\[[^\]]*\])?:")
COLUMNS = ("confirmed", "refuted", "undecided", "unreported")


def outcome(level: str, text: str) -> str:
    """The column of one CrossHair report line."""
    if level == "error":
        return "refuted"
    if text.startswith("Confirmed"):
        return "confirmed"
    return "undecided"


def post_lines(path: Path) -> set[int]:
    """The line numbers of the ``post:`` conditions in ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {i for i, line in enumerate(lines, start=1) if _POST.match(line)}


def _posts_after(lines: list[str], line: int) -> list[int]:
    """The ``post:`` lines of the conditions block holding line ``line`` (1-based), from there on."""
    out = []
    for n in range(line, len(lines) + 1):
        text = lines[n - 1]
        if _POST.match(text):
            out.append(n)
        elif not re.match(r"^\s*pre:", text):
            break
    return out


def tally(report: str, modules: list[Path]) -> tuple[dict[Path, Counter[str]], list[str]]:
    """The counts per module and the notes (undecided, refuted, unreported conditions with their text)."""
    counts: dict[Path, Counter[str]] = {m.resolve(): Counter() for m in modules}
    seen: dict[Path, set[int]] = {m: set() for m in counts}
    notes: list[str] = []
    for raw in report.splitlines():
        match = _LINE.match(raw.strip())
        if match is None:
            continue
        path, line = Path(match["path"]).resolve(), int(match["line"])
        column = outcome(match["level"], match["text"])
        if path not in counts:
            # A module not named (a function the named modules call): its lines are counted all the same.
            counts[path], seen[path] = Counter(), set()
        lines = path.read_text(encoding="utf-8").splitlines()
        # "Unable to meet precondition" names a pre: line; the post: lines of that docstring went unchecked.
        targets = _posts_after(lines, line) if match["text"].startswith("Unable") else [line]
        for n in targets:
            counts[path][column] += 1
            seen[path].add(n)
            if column != "confirmed":
                notes.append(f"{column}: {_short(path)}:{n} {lines[n - 1].strip()}  [{match['text']}]")
    for path in [m.resolve() for m in modules]:
        if path.exists():
            missing = sorted(post_lines(path) - seen[path])
            counts[path]["unreported"] += len(missing)
            lines = path.read_text(encoding="utf-8").splitlines()
            notes += [f"unreported: {_short(path)}:{n} {lines[n - 1].strip()}" for n in missing]
    return counts, notes


def _short(path: Path) -> str:
    parts = path.parts
    return (
        "/".join(parts[parts.index("railroad_canasta") + 1 :]) if "railroad_canasta" in parts else str(path)
    )


def table(counts: dict[Path, Counter[str]]) -> str:
    """A Markdown table of the counts, one row per module and a total row."""
    rows = ["| module | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    total: Counter[str] = Counter()
    for path, count in counts.items():
        rows.append(f"| {_short(path)} | " + " | ".join(str(count[c]) for c in COLUMNS) + " |")
        total.update(count)
    rows.append("| all | " + " | ".join(str(total[c]) for c in COLUMNS) + " |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: contract_report.py REPORT MODULE...", file=sys.stderr)
        return 2
    report = Path(argv[0]).read_text(encoding="utf-8")
    counts, notes = tally(report, [Path(m) for m in argv[1:]])
    print(table(counts))
    for note in notes:
        print(note)
    bad = sum(c["refuted"] + c["unreported"] for c in counts.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
