#!/usr/bin/env python3
"""Traceability check: spec clauses <-> rule sources, code citations and tests.

Usage: ``python tools/trace.py [--report] [--strict-pending] [--matrix PATH] [--root DIR] [--clause ID ...]
[--density PREFIX N]``

``--clause ID`` prints the clause's text, the rows that enforce it, the places that restate it, its tests and
scenarios (files and checks). ``--density PREFIX N`` lists the clauses starting with ``PREFIX`` that fewer
than ``N`` scenario checks check: a check is one statement of an ``[[expect]]`` entry, counted for the
clauses its file names and the clause it names itself (``illegal`` with ``clause``, ``refused``).

It reads

* ``spec/sources.md`` and ``spec/classic/sources.md``: every ``### SRC-XXX-N`` heading is a source ID
  (``SRC-CL-…`` for classic Canasta);
* every other ``spec/*.md`` and ``spec/classic/*.md`` (not ``README.md``): every ``### [R-XXX-N] Title``
  heading (``R-CL-XXX-N`` for classic) is a clause, and the clause's ``Sources: SRC-A-1, SRC-B-2`` line
  gives the sources it restates; a clause titled ``Withdrawn`` is a tombstone (its ID stays reserved,
  nothing may cite it);
* guard rows: every ``Guard("R-PIL-4", ...)`` of a guard table in ``src/railroad_canasta/**/*.py`` (read
  from the source with ``ast``): the clause has a guard, which ``why_illegal`` and ``explain`` evaluate;
* declared restatements: every ``SWITCHES.declare("module.function", "R-PIL-1", ...)`` call (read with
  ``ast``; starred tuples of IDs too): a function that decides the clause without its row, reported as
  "restated in";
* code citations: ``# rule: R-PIL-4`` or ``# rule: R-PIL-4, R-DEC-1`` comments in
  ``src/railroad_canasta/**/*.py``, for code that is not a guard row (transitions, scoring, the deal);
* test citations: ``pytest.mark.clause("R-A-1", ...)`` calls anywhere in ``tests/**/*.py`` (decorators,
  ``pytestmark`` lists, ``pytest.param(..., marks=...)``), and the ``clauses = [...]`` / ``clause = "..."``
  keys of ``spec/scenarios/**/*.toml``.

It fails (exit 1) on: a cited ID that is no clause, or is withdrawn; a live clause with no test; a clause
citing an unknown source; a source no live clause covers; a duplicate clause or source ID; a malformed
clause heading or a live clause with no ``Sources:`` line. A live clause with neither a guard row nor a code
citation is *pending*:
reported, and an error only with ``--strict-pending``. The traceability matrix is written as MyST Markdown
(default ``docs/_generated/trace-matrix.md``).
"""

from __future__ import annotations

import argparse
import ast
import collections
import re
import sys
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MATRIX = Path("docs") / "_generated" / "trace-matrix.md"
SPEC_DIR = "spec"
SOURCES_FILE = "sources.md"
NON_CLAUSE_FILES = frozenset({SOURCES_FILE, "README.md"})
CODE_DIR = Path("src") / "railroad_canasta"
TESTS_DIR = "tests"
SCENARIOS_DIR = Path(SPEC_DIR) / "scenarios"
#: The spec folders: Railroad's at the top, each further variant's in its own folder with its own
#: ``sources.md`` (classic Canasta: ``R-CL-…`` clauses, ``SRC-CL-…`` sources).
SPEC_FOLDERS = (Path(SPEC_DIR), Path(SPEC_DIR) / "classic")

CLAUSE_HEADING = re.compile(r"^### \[(R-(?:[A-Z]+-)+\d+)\] (.*)$")
SOURCE_HEADING = re.compile(r"^### (SRC(?:-[A-Z0-9]+)+)\b")
# A line that looks like a clause heading but does not match CLAUSE_HEADING exactly.
LOOSE_CLAUSE_HEADING = re.compile(r"^#{1,6}\s*\[?R-[A-Z0-9]+-")
BLOCK_END = re.compile(r"^#{1,3} ")
SOURCES_LINE = re.compile(r"^\s*[*_]{0,2}Sources\s*:[*_]{0,2}\s*(.*?)\s*$")
CODE_CITATION = re.compile(r"#\s*rule:\s*(.*)")
CLAUSE_ID = re.compile(r"\bR-(?:[A-Z]+-)+\d+\b")
SOURCE_ID = re.compile(r"\bSRC(?:-[A-Z0-9]+)+\b")
WITHDRAWN = re.compile(r"^Withdrawn\b")


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a file, relative to the repository root."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Clause:
    """One ``### [R-XXX-N] Title`` clause of the spec."""

    id: str
    title: str
    loc: Loc
    sources: tuple[str, ...]
    sources_line: bool

    @property
    def withdrawn(self) -> bool:
        return WITHDRAWN.match(self.title.strip()) is not None


@dataclass(frozen=True)
class Citation:
    """A clause ID cited by code, a test or a scenario file."""

    clause_id: str
    loc: Loc
    kind: str  # "guard" | "code" | "test" | "scenario" | "restated"
    #: What the citation says: a guard row's rule, a restatement's name.
    text: str = ""


@dataclass
class Trace:
    """Everything read from the tree, and the problems found."""

    clauses: dict[str, Clause] = field(default_factory=dict)
    sources: dict[str, Loc] = field(default_factory=dict)
    citations: list[Citation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: Scenario checks per clause: each statement of an ``[[expect]]`` entry counts for the clauses its
    #: file names (``clauses``) and the clause it names itself (``illegal`` with ``clause``, ``refused``).
    scenario_checks: collections.Counter[str] = field(default_factory=collections.Counter)

    def cited(self, clause_id: str, *kinds: str) -> list[Loc]:
        return sorted({c.loc for c in self.citations if c.clause_id == clause_id and c.kind in kinds})

    def cited_with(self, clause_id: str, kind: str) -> list[Citation]:
        """The citations of one kind, with what they say, in file order."""
        found = {c.loc: c for c in self.citations if c.clause_id == clause_id and c.kind == kind}
        return [found[loc] for loc in sorted(found)]

    @property
    def live(self) -> list[Clause]:
        return [c for c in self.clauses.values() if not c.withdrawn]

    @property
    def pending(self) -> list[Clause]:
        coded = {c.clause_id for c in self.citations if c.kind in ("code", "guard")}
        return [c for c in self.live if c.id not in coded]

    def summary(self) -> str:
        withdrawn = len(self.clauses) - len(self.live)
        extra = f" ({withdrawn} withdrawn)" if withdrawn else ""
        return (
            f"trace: {len(self.clauses)} clauses{extra}, {len(self.sources)} sources, "
            f"{len(self.problems)} problems, {len(self.pending)} pending"
        )


def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _files(base: Path, pattern: str) -> list[Path]:
    return sorted(p for p in base.glob(pattern) if p.is_file()) if base.is_dir() else []


def read_sources(root: Path, trace: Trace) -> None:
    for folder in SPEC_FOLDERS:
        path = root / folder / SOURCES_FILE
        if folder != Path(SPEC_DIR) and not (root / folder).is_dir():
            continue
        if not path.is_file():
            trace.problems.append(f"{_rel(path, root)}: missing (no source IDs)")
            continue
        _read_source_file(path, root, trace)


def _read_source_file(path: Path, root: Path, trace: Trace) -> None:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = SOURCE_HEADING.match(line)
        if m is None:
            continue
        loc = Loc(_rel(path, root), n)
        if m[1] in trace.sources:
            trace.problems.append(f"{loc}: duplicate source ID {m[1]} (first at {trace.sources[m[1]]})")
        else:
            trace.sources[m[1]] = loc


def spec_files(root: Path) -> list[Path]:
    """The clause files: ``spec/*.md`` and ``spec/classic/*.md``, except sources.md and README.md."""
    return [
        p for folder in SPEC_FOLDERS for p in _files(root / folder, "*.md") if p.name not in NON_CLAUSE_FILES
    ]


def _parse_clause_file(path: Path, root: Path) -> Iterator[Clause | str]:
    """Yield the clauses of one spec file, and a problem string for each malformed heading."""
    lines = path.read_text(encoding="utf-8").splitlines()
    rel = _rel(path, root)
    heads = [(i, CLAUSE_HEADING.match(line)) for i, line in enumerate(lines)]
    for i, m in heads:
        if m is None:
            if LOOSE_CLAUSE_HEADING.match(lines[i]):
                yield f"{rel}:{i + 1}: malformed clause heading (want '### [R-XXX-N] Title'): {lines[i]!r}"
            continue
        end = next((j for j in range(i + 1, len(lines)) if BLOCK_END.match(lines[j])), len(lines))
        sources_lines = [s for s in (SOURCES_LINE.match(x) for x in lines[i + 1 : end]) if s is not None]
        text = sources_lines[-1][1] if sources_lines else ""
        yield Clause(
            id=m[1],
            title=m[2].strip(),
            loc=Loc(rel, i + 1),
            sources=tuple(SOURCE_ID.findall(text)),
            sources_line=bool(sources_lines),
        )


def read_clauses(root: Path, trace: Trace) -> None:
    for path in spec_files(root):
        for item in _parse_clause_file(path, root):
            if isinstance(item, str):
                trace.problems.append(item)
            elif item.id in trace.clauses:
                first = trace.clauses[item.id].loc
                trace.problems.append(f"{item.loc}: duplicate clause ID {item.id} (first at {first})")
            else:
                trace.clauses[item.id] = item


def read_code_citations(root: Path, trace: Trace) -> None:
    for path in _files(root / CODE_DIR, "**/*.py"):
        rel = _rel(path, root)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = CODE_CITATION.search(line)
            if m is None:
                continue
            ids = CLAUSE_ID.findall(m[1])
            if not ids:
                trace.problems.append(f"{rel}:{n}: '# rule:' comment cites no clause ID")
            trace.citations.extend(Citation(i, Loc(rel, n), "code") for i in ids)


def _is_guard_row(node: ast.AST) -> str | None:
    """The clause of a ``Guard("R-…", …)`` call, or ``None``."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    first = node.args[0]
    if name == "Guard" and isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def _code_nodes(root: Path) -> Iterator[tuple[str, ast.AST]]:
    """Every node of the package's source, with its file relative to ``root``."""
    for path in _files(root / CODE_DIR, "**/*.py"):
        rel = _rel(path, root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            yield rel, node


def read_guard_rows(root: Path, trace: Trace) -> None:
    for rel, node in _code_nodes(root):
        clause_id = _is_guard_row(node)
        if clause_id is None or not isinstance(node, ast.Call):
            continue
        if not CLAUSE_ID.fullmatch(clause_id):
            if clause_id.startswith("R-"):
                trace.problems.append(f"{rel}:{node.lineno}: guard row names no clause ID ({clause_id})")
            continue
        rule = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else ""
        trace.citations.append(Citation(clause_id, Loc(rel, node.lineno), "guard", str(rule)))


def _declared(node: ast.AST) -> tuple[str, list[str]] | None:
    """The name and the clause IDs of a ``….declare("name", "R-…", *("R-…", …), parts=…)`` call."""
    if (
        not isinstance(node, ast.Call)
        or not isinstance(node.func, ast.Attribute)
        or node.func.attr != "declare"
    ):
        return None
    args = node.args
    if not args or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str):
        return None
    ids: list[str] = []
    for arg in args[1:]:
        items = arg.value.elts if isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Tuple) else [arg]
        ids += [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
    return args[0].value, ids


def read_restatements(root: Path, trace: Trace) -> None:
    for rel, node in _code_nodes(root):
        declared = _declared(node)
        if declared is None or not isinstance(node, ast.Call):
            continue
        name, ids = declared
        if not ids:
            trace.problems.append(f"{rel}:{node.lineno}: restatement {name} declares no clause")
        trace.citations += [Citation(i, Loc(rel, node.lineno), "restated", name) for i in ids]


def _is_clause_marker(func: ast.expr) -> bool:
    """``pytest.mark.clause`` or ``mark.clause``."""
    if not (isinstance(func, ast.Attribute) and func.attr == "clause"):
        return False
    owner = func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )


def read_test_citations(root: Path, trace: Trace) -> None:
    for path in _files(root / TESTS_DIR, "**/*.py"):
        rel = _rel(path, root)
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        except SyntaxError as exc:
            trace.problems.append(f"{rel}:{exc.lineno or 1}: cannot parse test file: {exc.msg}")
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _is_clause_marker(node.func)):
                continue
            if not node.args:
                trace.problems.append(f"{rel}:{node.lineno}: clause marker with no clause ID")
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    trace.citations.append(Citation(arg.value, Loc(rel, arg.lineno), "test"))
                else:
                    trace.problems.append(
                        f"{rel}:{arg.lineno}: clause marker argument is not a string literal"
                    )


def _toml_ids(value: object, where: str) -> Iterator[str]:
    """The clause IDs under every ``clause``/``clauses`` key of a parsed TOML document."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("clause", "clauses"):
                items = item if isinstance(item, list) else [item]
                for x in items:
                    if not isinstance(x, str):
                        raise ValueError(f"{where}: {key} must be a string or a list of strings")
                    yield x
            else:
                yield from _toml_ids(item, where)
    elif isinstance(value, list):
        for item in value:
            yield from _toml_ids(item, where)


#: The keys of an ``[[expect]]`` entry that are no check of their own (they qualify the entry's checks).
NOT_CHECKS = frozenset({"after", "rules", "player", "note", "set", "clause", "reason"})


def count_scenario_checks(document: dict[str, object], trace: Trace) -> None:
    """Add a scenario file's checks to ``trace.scenario_checks`` (see :attr:`Trace.scenario_checks`)."""
    named = document.get("clauses", [])
    file_clauses = {c for c in (named if isinstance(named, list) else [named]) if isinstance(c, str)}
    entries = document.get("expect", [])
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        for key, value in entry.items():
            if key in NOT_CHECKS:
                continue
            own = {entry.get("clause")} if key == "illegal" else {value} if key == "refused" else set()
            for clause_id in file_clauses | {c for c in own if isinstance(c, str)}:
                trace.scenario_checks[clause_id] += 1


def read_scenario_citations(root: Path, trace: Trace) -> None:
    for path in _files(root / SCENARIOS_DIR, "**/*.toml"):
        rel = _rel(path, root)
        text = path.read_text(encoding="utf-8")
        try:
            document = tomllib.loads(text)
            ids = list(_toml_ids(document, rel))
        except (tomllib.TOMLDecodeError, ValueError) as exc:
            trace.problems.append(f"{rel}:1: {exc}")
            continue
        count_scenario_checks(document, trace)
        lines = text.splitlines()
        for clause_id in ids:
            quoted = (f'"{clause_id}"', f"'{clause_id}'")
            n = next((k for k, line in enumerate(lines, 1) if any(q in line for q in quoted)), 1)
            trace.citations.append(Citation(clause_id, Loc(rel, n), "scenario"))


def check(trace: Trace, *, strict_pending: bool = False) -> None:
    """Append the cross-reference problems to ``trace.problems``."""
    for cit in sorted(trace.citations, key=lambda c: c.loc):
        clause = trace.clauses.get(cit.clause_id)
        if clause is None:
            trace.problems.append(f"{cit.loc}: {cit.kind} cites {cit.clause_id}, which is no clause in spec/")
        elif clause.withdrawn:
            trace.problems.append(f"{cit.loc}: {cit.kind} cites {cit.clause_id}, which is withdrawn")
    covered: set[str] = set()
    for clause in trace.live:
        if not clause.sources_line:
            trace.problems.append(f"{clause.loc}: {clause.id} has no 'Sources:' line")
        for src in clause.sources:
            if src in trace.sources:
                covered.add(src)
            else:
                trace.problems.append(f"{clause.loc}: {clause.id} cites {src}, which is not in sources.md")
        if not trace.cited(clause.id, "test", "scenario"):
            trace.problems.append(f"{clause.loc}: {clause.id} has no test")
        if strict_pending and not trace.cited(clause.id, "code", "guard"):
            trace.problems.append(
                f"{clause.loc}: {clause.id} is pending (no guard row nor '# rule:' in code)"
            )
    for src, loc in trace.sources.items():
        if src not in covered:
            trace.problems.append(f"{loc}: {src} is covered by no clause")


def analyse(root: Path = ROOT, *, strict_pending: bool = False) -> Trace:
    """Read the tree under ``root`` and check it."""
    trace = Trace()
    read_sources(root, trace)
    read_clauses(root, trace)
    read_guard_rows(root, trace)
    read_restatements(root, trace)
    read_code_citations(root, trace)
    read_test_citations(root, trace)
    read_scenario_citations(root, trace)
    check(trace, strict_pending=strict_pending)
    return trace


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _locs(locs: Sequence[Loc]) -> str:
    return "<br>".join(f"`{loc}`" for loc in locs) or "—"


def render_matrix(trace: Trace) -> str:
    """The matrix as MyST Markdown; clause and source IDs are ``{ref}`` links to the spec pages' labels."""

    def src_ref(src: str) -> str:
        return f"{{ref}}`{src} <{src}>`" if src in trace.sources else f"{src} (unknown)"

    out = [
        "# Traceability matrix",
        "",
        f"Generated by `tools/trace.py`. {trace.summary()}.",
        "",
    ]
    if trace.problems:
        out += ["## Problems", ""] + [f"- {_cell(p)}" for p in trace.problems] + [""]
    if trace.pending:
        out += ["## Pending (no code citation yet)", ""]
        out += [f"- {{ref}}`{c.id} <{c.id}>` {_cell(c.title)}" for c in trace.pending] + [""]
    # One collapsed section per clause group (R-PIL, R-CL-DEC ...), after a summary of the groups.
    groups: dict[str, list[Clause]] = {}
    for c in trace.clauses.values():
        groups.setdefault(c.id.rsplit("-", 1)[0], []).append(c)
    out += [
        "## Matrix",
        "",
        "The clauses by group (open a group to see where each clause is enforced and tested):",
        "",
        "| Group | Spec | Clauses | With guards | With tests |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, clauses in groups.items():
        guarded = sum(1 for c in clauses if trace.cited(c.id, "guard"))
        tested = sum(1 for c in clauses if trace.cited(c.id, "test", "scenario"))
        out.append(f"| `{name}` | `{clauses[0].loc.path}` | {len(clauses)} | {guarded} | {tested} |")
    for name, clauses in groups.items():
        out += ["", "<details>", f"<summary><code>{name}</code>: {len(clauses)} clauses</summary>", ""]
        out += [
            "| Clause | Title | Sources | Guards | Restated in | Code | Tests |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for c in clauses:
            sources = ", ".join(src_ref(s) for s in c.sources) or "—"
            guards = _locs(trace.cited(c.id, "guard"))
            restated = "<br>".join(f"`{r.text}`" for r in trace.cited_with(c.id, "restated")) or "—"
            code = _locs(trace.cited(c.id, "code"))
            tests = _locs(trace.cited(c.id, "test", "scenario"))
            row = (
                f"| {{ref}}`{c.id} <{c.id}>` | {_cell(c.title)} | {sources} | {guards} | {restated} | {code} "
                f"| {tests} |"
            )
            out.append(row)
        out += ["", "</details>"]
    return "\n".join(out) + "\n"


def clause_text(root: Path, clause: Clause) -> str:
    """The clause's heading and body as the spec writes them (up to the next heading)."""
    lines = (root / clause.loc.path).read_text(encoding="utf-8").splitlines()[clause.loc.line - 1 :]
    body = [lines[0]]
    for line in lines[1:]:
        if line.startswith("#"):
            break
        body.append(line)
    return "\n".join(body).strip()


def clause_report(root: Path, trace: Trace, clause_id: str) -> str:
    """What the trace knows of one clause: its text, rows, restatements, code, tests and scenarios."""
    clause = trace.clauses.get(clause_id)
    if clause is None:
        return f"{clause_id}: no such clause"
    out = [clause_text(root, clause), "", f"spec: {clause.loc}"]
    rows = trace.cited_with(clause_id, "guard")
    out += [f"row: {r.loc}  {r.text!r}" for r in rows] or ["row: none"]
    restated = trace.cited_with(clause_id, "restated")
    out += [f"restated in: {r.text} ({r.loc})" for r in restated] or ["restated in: nowhere"]
    out += [f"code: {loc}" for loc in trace.cited(clause_id, "code")]
    tests = trace.cited(clause_id, "test")
    out.append(f"tests ({len(tests)}): " + ", ".join(map(str, tests)))
    scenarios = trace.cited(clause_id, "scenario")
    out.append(
        f"scenarios ({len(scenarios)} files, {trace.scenario_checks[clause_id]} checks): "
        + ", ".join(loc.path for loc in scenarios)
    )
    return "\n".join(out)


def density_report(trace: Trace, prefix: str, least: int) -> list[str]:
    """The live clauses starting with ``prefix`` that fewer than ``least`` scenario checks check, and a
    count line."""
    clauses = [c for c in trace.live if c.id.startswith(prefix)]
    thin = [c for c in clauses if trace.scenario_checks[c.id] < least]
    out = [f"thin: {c.loc}: {c.id} {trace.scenario_checks[c.id]} scenario checks" for c in thin]
    counts = sorted(trace.scenario_checks[c.id] for c in clauses)
    median = counts[len(counts) // 2] if counts else 0
    out.append(
        f"density: {len(clauses) - len(thin)} of {len(clauses)} {prefix}… clauses have >= {least} scenario "
        f"checks (fewest {counts[0] if counts else 0}, median {median})"
    )
    return out


def write_matrix(trace: Trace, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_matrix(trace), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--report", action="store_true", help="also list pending clauses and the matrix path")
    parser.add_argument("--strict-pending", action="store_true", help="a pending clause is an error")
    parser.add_argument("--matrix", type=Path, help=f"where to write the matrix (default {DEFAULT_MATRIX})")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root (default: this checkout)")
    parser.add_argument("--clause", nargs="*", default=(), help="print what is known of these clauses")
    parser.add_argument(
        "--density",
        nargs=2,
        metavar=("PREFIX", "N"),
        help="list the clauses starting with PREFIX (e.g. R-CL-) checked by fewer than N scenario checks",
    )
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    trace = analyse(root, strict_pending=args.strict_pending)
    matrix: Path = args.matrix if args.matrix is not None else root / DEFAULT_MATRIX
    write_matrix(trace, matrix)
    for problem in trace.problems:
        print(f"error: {problem}")
    if args.report:
        for clause in trace.pending:
            print(f"pending: {clause.loc}: {clause.id} {clause.title}")
        print(f"matrix: {matrix}")
    for clause_id in args.clause:
        print(clause_report(root, trace, clause_id), end="\n\n")
    if args.density:
        prefix, least = args.density
        print("\n".join(density_report(trace, prefix, int(least))))
    print(trace.summary())
    return 1 if trace.problems else 0


if __name__ == "__main__":
    sys.exit(main())
