"""Tests of tools/trace.py on small synthetic spec/code/tests trees (tooling: no clause markers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tool_modules import load_tool

ROOT = Path(__file__).resolve().parents[2]


trace = load_tool("trace", "railroad_trace")

SOURCES = """\
# Sources

### SRC-PIL-1

A paragraph.

### SRC-MLD-1

Another paragraph.
"""

PILE = """\
# Pile

### [R-PIL-1] Sevens stay

No 7 may be discarded.

Sources: SRC-PIL-1

### [R-PIL-2] Withdrawn

Merged into R-PIL-1.

### [R-MLD-1] Melds

A meld has at least 3 cards.

Sources: SRC-MLD-1, SRC-PIL-1
"""

CODE = """\
def discard(card: int) -> None:
    # rule: R-PIL-1
    assert card != 7


def meld() -> None:
    pass  # rule: R-MLD-1, R-PIL-1
"""

TESTS = """\
import pytest

pytestmark = [pytest.mark.clause("R-PIL-1")]


@pytest.mark.clause("R-MLD-1")
def test_meld() -> None:
    pass
"""


def make_tree(root: Path, files: dict[str, str] | None = None) -> Path:
    """A clean tree (no problems, nothing pending), with ``files`` written over it."""
    tree = {
        "spec/sources.md": SOURCES,
        "spec/pile.md": PILE,
        "spec/README.md": "# Spec\n\n### [R-XXX-1] Not a clause file\n",
        "src/railroad_canasta/pile.py": CODE,
        "tests/test_pile.py": TESTS,
    } | (files or {})
    for name, text in tree.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def run(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = trace.main(["--root", str(root), "--matrix", str(root / "matrix.md"), *args])
    return code, capsys.readouterr().out


def test_clean_tree_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tree where every clause is sourced, coded and tested passes, with a summary line."""
    code, out = run(make_tree(tmp_path), capsys)
    assert code == 0, out
    assert out.strip().splitlines()[-1] == "trace: 3 clauses (1 withdrawn), 2 sources, 0 problems, 0 pending"


def test_unknown_id_in_code_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A '# rule:' comment citing an ID that is no clause fails, naming file and line."""
    root = make_tree(tmp_path, {"src/railroad_canasta/extra.py": "x = 1\ny = 2  # rule: R-PIL-9\n"})
    code, out = run(root, capsys)
    assert code == 1
    assert "src/railroad_canasta/extra.py:2: code cites R-PIL-9, which is no clause in spec/" in out


def test_unknown_and_withdrawn_ids_in_tests_are_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Markers in decorators and in pytest.param marks are read; unknown and withdrawn IDs fail."""
    extra = (
        "import pytest\n\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.clause('R-ZZZ-1'))])\n"
        "def test_a(x: int) -> None:\n    pass\n\n"
        "@pytest.mark.clause('R-PIL-2')\n"
        "def test_b() -> None:\n    pass\n"
    )
    code, out = run(make_tree(tmp_path, {"tests/test_extra.py": extra}), capsys)
    assert code == 1
    assert "tests/test_extra.py:3: test cites R-ZZZ-1, which is no clause in spec/" in out
    assert "tests/test_extra.py:7: test cites R-PIL-2, which is withdrawn" in out


def test_untested_clause_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A live clause that no test cites fails; a withdrawn clause needs no test."""
    root = make_tree(tmp_path, {"tests/test_pile.py": TESTS.replace('"R-MLD-1"', '"R-PIL-1"')})
    code, out = run(root, capsys)
    assert code == 1
    assert "spec/pile.md:13: R-MLD-1 has no test" in out
    assert "R-PIL-2 has no test" not in out


def test_scenario_files_count_as_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec/scenarios/**/*.toml cite clauses by a top-level `clauses` array or any `clause` key."""
    root = make_tree(
        tmp_path,
        {
            "tests/test_pile.py": "",
            "spec/scenarios/pile/a.toml": 'clauses = ["R-PIL-1"]\n\n[[step]]\nclause = "R-MLD-1"\n',
            "spec/scenarios/b.toml": 'name = "b"\n\n[check]\nclause = "R-NOPE-1"\n',
        },
    )
    code, out = run(root, capsys)
    assert code == 1
    assert "has no test" not in out
    assert "spec/scenarios/b.toml:4: scenario cites R-NOPE-1, which is no clause in spec/" in out


def test_uncovered_and_unknown_sources_are_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A source no clause cites, and a clause citing a source not in sources.md, both fail."""
    root = make_tree(
        tmp_path,
        {
            "spec/sources.md": SOURCES + "\n### SRC-END-1\n\nUncited.\n",
            "spec/pile.md": PILE.replace("SRC-MLD-1, SRC-PIL-1", "SRC-MLD-1, SRC-PIL-7"),
        },
    )
    code, out = run(root, capsys)
    assert code == 1
    assert "spec/sources.md:11: SRC-END-1 is covered by no clause" in out
    assert "spec/pile.md:13: R-MLD-1 cites SRC-PIL-7, which is not in sources.md" in out


def test_duplicate_and_malformed_clauses_are_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A clause ID used twice, a heading that is almost a clause heading, a clause with no Sources line."""
    more = (
        "# More\n\n### [R-PIL-1] Again\n\nSources: SRC-PIL-1\n\n### [R-PIL-3]Squashed\n\n### [R-PIL-4] Bare\n"
    )
    code, out = run(make_tree(tmp_path, {"spec/more.md": more}), capsys)
    assert code == 1
    assert "spec/pile.md:3: duplicate clause ID R-PIL-1 (first at spec/more.md:3)" in out
    assert "spec/more.md:7: malformed clause heading" in out
    assert "spec/more.md:9: R-PIL-4 has no 'Sources:' line" in out


def test_pending_is_reported_and_strict_pending_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A clause with no code citation is pending: reported, an error only with --strict-pending."""
    root = make_tree(tmp_path, {"src/railroad_canasta/pile.py": CODE.replace("R-MLD-1, ", "")})
    code, out = run(root, capsys, "--report")
    assert code == 0, out
    assert "pending: spec/pile.md:13: R-MLD-1 Melds" in out
    assert out.strip().splitlines()[-1].endswith("0 problems, 1 pending")
    code, out = run(root, capsys, "--strict-pending")
    assert code == 1
    assert "spec/pile.md:13: R-MLD-1 is pending" in out


def test_matrix_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The matrix has one row per clause: title, linked sources, code and test locations."""
    root = make_tree(tmp_path)
    matrix = tmp_path / "out" / "deep" / "matrix.md"
    assert trace.main(["--root", str(root), "--matrix", str(matrix)]) == 0
    capsys.readouterr()
    rows = {line.split(" | ")[0]: line for line in matrix.read_text(encoding="utf-8").splitlines()}
    row = rows["| {ref}`R-MLD-1 <R-MLD-1>`"]
    assert "| Melds |" in row
    assert "{ref}`SRC-MLD-1 <SRC-MLD-1>`, {ref}`SRC-PIL-1 <SRC-PIL-1>`" in row
    assert "`src/railroad_canasta/pile.py:7`" in row
    assert "`tests/test_pile.py:6`" in row
    assert "| {ref}`R-PIL-2 <R-PIL-2>` | Withdrawn |" in rows["| {ref}`R-PIL-2 <R-PIL-2>`"]


def test_default_matrix_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --matrix, the matrix goes to docs/_generated/trace-matrix.md under the root."""
    root = make_tree(tmp_path)
    assert trace.main(["--root", str(root)]) == 0
    capsys.readouterr()
    assert (root / "docs" / "_generated" / "trace-matrix.md").is_file()


def test_a_guard_row_is_code_for_its_clause(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A clause whose only code is a row of a guard table is not pending; the matrix lists the row."""
    table = 'TABLE = (\n    Guard("R-MLD-1", "a meld has 3 cards", check),\n)\n'
    root = make_tree(
        tmp_path,
        {
            "src/railroad_canasta/pile.py": CODE.replace("R-MLD-1, ", ""),
            "src/railroad_canasta/guards.py": table,
        },
    )
    code, out = run(root, capsys, "--strict-pending")
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith("0 problems, 0 pending")
    assert "`src/railroad_canasta/guards.py:2`" in (root / "matrix.md").read_text(encoding="utf-8")


def test_a_guard_row_naming_no_clause_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A guard row citing an unknown clause fails like a comment would."""
    root = make_tree(tmp_path, {"src/railroad_canasta/guards.py": 'G = Guard("R-PIL-7", "x", f)\n'})
    code, out = run(root, capsys)
    assert code == 1
    assert "src/railroad_canasta/guards.py:1: guard cites R-PIL-7, which is no clause in spec/" in out


def test_density_counts_the_checks_of_each_clause(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A check counts for the clauses its file names and the clause it names itself; `after`, `rules`,
    `set`, `note`, `player`, `clause` and `reason` are no checks of their own."""
    scenario = (
        'clauses = ["R-PIL-1"]\n\n'
        '[[expect]]\nafter = ["draw"]\nrules = { x = 1 }\nnote = "n"\nhand = "4"\nphase = "meld"\n\n'
        '[[expect]]\nillegal = "draw"\nclause = "R-MLD-1"\nreason = "r"\n\n'
        '[[expect]]\nrefused = "R-MLD-1"\n'
    )
    root = make_tree(tmp_path, {"spec/scenarios/a.toml": scenario})
    found = trace.analyse(root)
    assert found.scenario_checks == {"R-PIL-1": 4, "R-MLD-1": 2}
    code, out = run(root, capsys, "--density", "R-", "3")
    assert code == 0
    assert "thin: spec/pile.md:13: R-MLD-1 2 scenario checks" in out
    assert "density: 1 of 2 R-… clauses have >= 3 scenario checks (fewest 2, median 4)" in out


def test_every_classic_clause_has_three_scenario_checks() -> None:
    """Issue 22's bar for the classic conformance suite: every R-CL clause checked three times or more."""
    found = trace.analyse(ROOT)
    thin = {c.id: found.scenario_checks[c.id] for c in found.live if c.id.startswith("R-CL-")}
    assert len(thin) >= 38
    assert {c: n for c, n in thin.items() if n < 3} == {}
