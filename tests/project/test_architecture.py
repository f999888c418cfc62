"""The package's shape: no import cycle, no oversized module, and a core that knows no variant.

Imports are read from the source with ``ast`` (every ``import`` and ``from … import`` of the package,
at any depth, lazy ones included), so the checks hold whatever the tests happen to import.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import architecture  # noqa: E402  (tools/architecture.py: the import graph and the picture)

PAGE = ROOT / "docs" / "architecture.md"
#: What the core may not import: the layers built on it.
ABOVE_CORE = ("variants", "io", "scenarios", "cli", "adapters", "testing", "bots", "game")
_modules = architecture.modules
_graph = architecture.graph
_package = architecture.package_of


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _max_lines() -> int:
    """The one line limit, as the page states it ("passes N lines")."""
    found = re.findall(r"passes (\d+) lines", PAGE.read_text(encoding="utf-8"))
    assert len(found) == 1, "docs/architecture.md states its line limit once"
    return int(found[0])


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph``, as the list of modules around it, or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check itself can fail: a planted cycle is found, and a tree has none."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_the_package() -> None:
    """No module of the package imports itself back through others."""
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or ())


@pytest.mark.parametrize("name", sorted(_modules()))
def test_no_module_is_oversized(name: str) -> None:
    """Every module stays within the line limit the page states."""
    lines = len(_modules()[name].read_text(encoding="utf-8").splitlines())
    assert lines <= _max_lines(), f"{name} has {lines} lines"


def test_the_core_imports_no_layer_above_it() -> None:
    """railroad_canasta.core imports nothing of the variants, io, scenarios, cli, adapters or testing."""
    graph = _graph()
    core = {name: deps for name, deps in graph.items() if name.startswith("railroad_canasta.core")}
    assert core, "no core modules found"
    for name, deps in core.items():
        for dep in deps:
            rest = dep.removeprefix("railroad_canasta.")
            assert dep == "railroad_canasta" or not rest.startswith(ABOVE_CORE), f"{name} imports {dep}"
            assert dep != "railroad_canasta", f"{name} imports the package root"


def test_legal_moves_do_not_import_views() -> None:
    """The move generator and the guards judge positions; they never build a view or import one."""
    graph = _graph()
    for name in ("legal", "guards", "steps", "requirement"):
        deps = graph[f"railroad_canasta.variants.railroad.{name}"]
        assert "railroad_canasta.variants.railroad.views" not in deps


def _allowed() -> dict[str, set[str]]:
    """The 'may import' table of docs/architecture.md."""
    rows: dict[str, set[str]] = {}
    for line in _section("Which package may import which").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("package", "---"):
            continue
        rows[cells[0]] = {c.strip() for c in cells[1].split(",") if not c.strip().startswith("(")}
    return rows


def test_packages_import_only_what_the_architecture_allows() -> None:
    """Every import between packages is one that docs/architecture.md allows."""
    allowed = _allowed()
    assert "core" in allowed and allowed["core"] == set()
    for module, deps in _graph().items():
        here = _package(module)
        assert here in allowed, f"{here} is not in the table of docs/architecture.md"
        for dep in deps:
            there = _package(dep)
            assert there == here or there in allowed[here], f"{module} imports {dep}"


def test_every_allowance_is_used() -> None:
    """Every package a row of the table allows is imported by some module of the row's package."""
    used = architecture.package_graph()
    for package, allowed in _allowed().items():
        unused = allowed - used.get(package, set())
        assert not unused, f"{package} may import {', '.join(sorted(unused))}, but none of its modules does"


def test_an_unused_allowance_is_found() -> None:
    """The check itself can fail: a planted allowance nobody uses is one the graph lacks."""
    assert "cli" not in architecture.package_graph()["core"]


def test_the_picture_is_drawn_from_the_code() -> None:
    """The page's picture is what tools/architecture.py draws from the imports today."""
    text = PAGE.read_text(encoding="utf-8")
    assert architecture.page_with_picture(text) == text, "run python tools/architecture.py"


def _fact_modules() -> set[str]:
    """The module paths the 'where each fact lives' table names; a bare ``x.py`` is in the folder of the
    path before it in its cell, a folder (``cli/``) names every module in it."""
    named: set[str] = set()
    for line in _section("Where each fact lives").splitlines():
        folder = ""
        for path in re.findall(r"`([a-z_/]+(?:\.py|/))`", line.rpartition("|")[0].rpartition("|")[2]):
            if "/" in path.rstrip("/") or path.endswith("/"):
                folder = path.rpartition("/")[0]
                named.add(path)
            else:
                named.add(f"{folder}/{path}" if folder else path)
    return named


def test_every_module_has_its_facts_listed() -> None:
    """Every module of the package (a package's ``__init__`` aside) is in 'where each fact lives'."""
    named = _fact_modules()
    package = ROOT / "src" / "railroad_canasta"
    for path in _modules().values():
        rel = path.relative_to(package).as_posix()
        if path.name in ("__init__.py", "__main__.py") and rel != "variants/__init__.py":
            continue
        assert rel in named or any(n.endswith("/") and rel.startswith(n) for n in named), (
            f"{rel} is not listed"
        )
