"""The package's shape: no import cycle, no oversized module, and a core that knows no variant.

Imports are read from the source with ``ast`` (every ``import`` and ``from … import`` of the package,
at any depth, lazy ones included), so the checks hold whatever the tests happen to import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "railroad_canasta"
#: Modules may be "about 600 lines" at most.
MAX_LINES = 650
#: What the core may not import: the layers built on it.
ABOVE_CORE = ("variants", "io", "scenarios", "cli", "adapters", "testing", "bots", "game")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules that ``name`` imports (a package import counts as its ``__init__``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # The longest known module the target names: `a.b.c` may be module `a.b` and its name `c`.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


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
    """Every module stays within about 600 lines."""
    lines = len(_modules()[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines"


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
    text = (SRC.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Which package may import which", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("package", "---"):
            continue
        rows[cells[0]] = {c.strip() for c in cells[1].split(",") if not c.strip().startswith("(")}
    return rows


def _package(module: str) -> str:
    parts = module.split(".")[1:]
    if not parts:
        return "railroad_canasta"
    if parts[0] == "variants" and len(parts) > 1:
        return f"variants.{parts[1]}"
    return parts[0]


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
