"""Sphinx configuration.

At build time this file generates, under docs/_generated/ (gitignored):

* ``spec/``: every ``spec/*.md`` file, with an HTML anchor whose id is exactly the clause or source ID
  (``<div id="R-PIL-4">``) and a MyST label before each ``### [R-XXX-N]`` and ``### SRC-XXX-N`` heading,
  bare clause/source IDs in the prose turned into links, and links the site cannot resolve made plain text;
* ``api-modules.rst.inc``: one ``automodule`` per module found in src/railroad_canasta (subpackages too), so
  that modules not written yet do not break the build;
* ``trace-matrix.md``: the traceability matrix from tools/trace.py (trace problems do not fail the build;
  they are listed on the page, and ``nox -s trace`` fails on them);
* ``rules-options.rst.inc``: the table of the ``Rules`` options (option, default, the decision it switches);
* ``pictures/*.svg``: positions drawn by ``railroad_canasta.render``, shown in the tutorial and the guide.

Bare clause IDs in docstrings become links to the spec (``_link_docstring_ids``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
#: The smallest example of each decision, by clause (written by tools/decision_examples.py).
EXAMPLES = DOCS / "decisions"
SPEC = ROOT / "spec"
PACKAGE = ROOT / "src" / "railroad_canasta"
GENERATED = DOCS / "_generated"

project = "railroad-canasta"
author = "railroad-canasta developers"
copyright = "railroad-canasta developers"
release = "0.1.0"

extensions = [
    # MyST-NB: MyST Markdown (it includes myst-parser); a page with a ``file_format: mystnb`` header is a
    # text notebook whose ``{code-cell}`` blocks run at build time and show what they print (the tutorials).
    "myst_nb",
    # ``{command-output}``: a shell command run at build time and shown with its output (the rules question).
    "sphinxcontrib.programoutput",
    "sphinx.ext.autodoc",
    "sphinx.ext.githubpages",  # .nojekyll, so that _generated/ pages are served
]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb"}
# Every build runs the notebooks afresh; a cell that raises fails the build (no error output is shown
# as if it were an answer), as does a command whose exit status is not the one the page declares.
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 120
nb_execution_in_temp = True  # a cell may write files; they go to a temporary directory
nb_merge_streams = True
programoutput_prompt_template = "$ {command}\n{output}"
# docs/decisions/*.md are the decision examples, included by the spec pages and decision-examples.md.
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "decisions"]
# Spec files go from '# Title' straight to '### [R-...]' clause headings.
suppress_warnings = ["myst.header"]
html_theme = "furo"
html_title = f"railroad-canasta {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
# Defaults stay as written in the source (``rules=RAILROAD``, not an 18-line repr).
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The frameworks of the optional extras are not installed in the docs session: autodoc mocks them.
autodoc_mock_imports = ["pyspiel", "open_spiel", "numpy", "pettingzoo", "gymnasium", "ray", "tqdm"]

# The API page, by layer (see docs/architecture.md): each package's modules follow its heading, in order
# (modules not listed follow alphabetically; a package not listed goes last).
API_LAYERS = [
    ("The public functions", ["game"]),
    ("Core: what every variant shares", [
        "core", "core.cards", "core.moves", "core.melds", "core.guards", "core.invariants", "core.options",
        "core.variant", "core.actions", "core.errors",
    ]),
    ("Variants", ["variants"]),
    ("Railroad Canasta", [
        "variants.railroad", "variants.railroad.variant", "variants.railroad.rules",
        "variants.railroad.state", "variants.railroad.floor", "variants.railroad.steps",
        "variants.railroad.candidates", "variants.railroad.plan", "variants.railroad.ending",
        "variants.railroad.requirement", "variants.railroad.guards", "variants.railroad.legal",
        "variants.railroad.deal", "variants.railroad.transitions", "variants.railroad.scoring",
        "variants.railroad.views",
        "variants.railroad.invariants", "variants.railroad.invariant_checks", "variants.railroad.actions",
        "variants.railroad.observation",
    ]),
    ("Classic Canasta", [
        "variants.classic", "variants.classic.variant", "variants.classic.rules", "variants.classic.state",
        "variants.classic.steps", "variants.classic.guards", "variants.classic.requirement",
        "variants.classic.legal", "variants.classic.transitions", "variants.classic.scoring",
        "variants.classic.arithmetic",
        "variants.classic.views", "variants.classic.invariants",
    ]),
    ("JSON and records", [
        "io", "io.reader", "io.codec", "io.records", "io.railroad_codec", "io.classic_codec", "io.schemas",
    ]),
    ("Scenarios", ["scenarios"]),
    ("Game adapters", ["adapters", "adapters.episode", "adapters.openspiel", "adapters.pettingzoo"]),
    ("Simulation", [
        "simulation", "simulation.plan", "simulation.run", "simulation.summary", "simulation.ray_backend",
    ]),
    ("Bots", ["bots"]),
    ("Command line", ["cli"]),
    ("Pictures and front ends", ["render", "session", "tui", "web"]),
    ("Testing helpers", ["testing"]),
]  # fmt: skip
# Order of the spec section (other spec files follow, alphabetically).
SPEC_ORDER = [
    "cards", "setup", "turn", "red-threes", "melds", "canastas", "requirement", "pile", "kitty", "hand",
    "going-out", "round-end", "scoring", "game", "interpretations", "sources",
]  # fmt: skip

LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
# Code spans and whole links are left alone when bare IDs are linked.
PROTECTED = re.compile(r"(`[^`]*`|\[[^\]]*\]\([^)]*\))")
BARE_ID = re.compile(r"(?<![\w/#<-])(R-(?:[A-Z]+-)+\d+|SRC(?:-[A-Z0-9]+)+)(?![\w-])")


def _load_trace() -> ModuleType:
    spec = importlib.util.spec_from_file_location("railroad_trace", ROOT / "tools" / "trace.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up in sys.modules
    spec.loader.exec_module(module)
    return module


def _write(path: Path, text: str) -> None:
    """Write only when the text changed, so that Sphinx rebuilds only what changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _link_ids(text: str, labels: set[str]) -> str:
    def sub(m: re.Match[str]) -> str:
        return f"{{ref}}`{m[1]} <{m[1]}>`" if m[1] in labels else m[0]

    return "".join(part if i % 2 else BARE_ID.sub(sub, part) for i, part in enumerate(PROTECTED.split(text)))


def _fix_links(line: str, docs: dict[str, str], labels: set[str]) -> str:
    """Point links to other spec files at their generated pages; make unresolvable links plain text."""

    def sub(m: re.Match[str]) -> str:
        text, target = m[1], m[2]
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto: ...
            return m[0]
        path, _, anchor = target.partition("#")
        if anchor and (path == "" or path in docs) and anchor in labels:
            return f"{{ref}}`{text} <{anchor}>`"
        if path in docs and not anchor:
            return f"[{text}]({docs[path]})"
        return text

    return LINK.sub(sub, line)


def _scenarios_by_clause() -> dict[str, list[str]]:
    """For each clause, the conformance scenarios (spec/scenarios) that cite it, as "`path`: title"."""
    out: dict[str, list[str]] = {}
    for path in sorted((SPEC / "scenarios").rglob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            continue
        clauses = data.get("clauses", [])
        title = str(data.get("title", "")).strip()
        rel = path.relative_to(SPEC).as_posix()
        for clause in clauses if isinstance(clauses, list) else []:
            out.setdefault(str(clause), []).append(f"`{rel}`" + (f" ({title})" if title else ""))
    return out


#: The parts of a decision (R-DEC-n, R-CL-DEC-n), each a paragraph starting with its label.
DECISION_PART = re.compile(
    r"^((?:Open point|Deciding text|Default reading|Alternative reading|Option)[^:]*):"
)


def _convert(
    text: str,
    trace: ModuleType,
    docs: dict[str, str],
    labels: set[str],
    placed: set[str],
    scenarios: dict[str, list[str]],
) -> str:
    """One spec file as MyST: anchors before clause/source headings, links fixed, scenarios after Sources."""
    lines: list[str] = []
    fence = False
    current = ""
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        m = None if fence else trace.CLAUSE_HEADING.match(line) or trace.SOURCE_HEADING.match(line)
        if m is not None:
            current = m[1]
        if m is not None and m[1] not in placed:  # a duplicate ID (a trace problem) gets no second label
            placed.add(m[1])
            lines += [f'<div id="{m[1]}"></div>', "", f"({m[1]})="]
        elif not fence and not line.startswith("#"):
            line = _link_ids(_fix_links(line, docs, labels), labels)
            part = DECISION_PART.match(line)
            if part is not None:  # each part of a decision is its own paragraph, its label in bold
                lines.append("")
                line = f"**{part[1]}:**{line[part.end() :]}"
        lines.append(line)
        if not fence and line.startswith("Sources:") and scenarios.get(current):
            lines += ["", "Scenarios: " + "; ".join(scenarios[current])]
        if not fence and line.startswith("Sources:") and (EXAMPLES / f"{current}.md").is_file():
            # The rules lab's smallest example of a decision (tools/decision_examples.py).
            lines += ["", f"Smallest example ({{ref}}`all of them <example-{current}>`):", ""]
            lines += [f"```{{include}} ../../decisions/{current}.md", "```"]
    return "\n".join(lines) + "\n"


def generate_spec(trace: ModuleType) -> None:
    """Render spec/*.md into _generated/spec/; spec/README.md (or a stub) becomes the section's index."""
    out_dir = GENERATED / "spec"
    files = sorted(SPEC.glob("*.md")) if SPEC.is_dir() else []
    rank = {name: i for i, name in enumerate(SPEC_ORDER)}
    pages = sorted((p for p in files if p.name != "README.md"), key=lambda p: (rank.get(p.stem, 99), p.stem))
    docs = {p.name: p.name for p in pages} | {"README.md": "index.md"}
    texts = {p: p.read_text(encoding="utf-8") for p in files}
    labels = {
        m[1]
        for text in texts.values()
        for line in text.splitlines()
        if (m := trace.CLAUSE_HEADING.match(line) or trace.SOURCE_HEADING.match(line)) is not None
    }
    # Classic Canasta's spec (spec/classic/) is rendered beside Railroad's, its pages prefixed "classic-".
    classic = sorted((SPEC / "classic").glob("*.md")) if (SPEC / "classic").is_dir() else []
    classic_pages = [p for p in classic if p.name != "README.md"]
    classic_docs = {p.name: f"classic-{p.stem}.md" for p in classic} | {"README.md": "classic-index.md"}
    classic_texts = {p: p.read_text(encoding="utf-8") for p in classic}
    labels |= {
        m[1]
        for text in classic_texts.values()
        for line in text.splitlines()
        if (m := trace.CLAUSE_HEADING.match(line) or trace.SOURCE_HEADING.match(line)) is not None
    }
    LABELS.update(labels)
    placed: set[str] = set()
    scenarios = _scenarios_by_clause()
    out = {docs[p.name]: _convert(texts[p], trace, docs, labels, placed, scenarios) for p in files}
    for p in classic:
        out[classic_docs[p.name]] = _convert(classic_texts[p], trace, classic_docs, labels, placed, scenarios)
    toc = [
        "```{toctree}",
        ":maxdepth: 1",
        "",
        *(p.stem for p in pages),
        *(["classic-index"] if classic else []),
        "```",
    ]
    out["index.md"] = out.get("index.md", "# Spec\n") + "\n" + "\n".join(toc) + "\n"
    if classic:
        classic_toc = [
            "```{toctree}",
            ":maxdepth: 1",
            "",
            *(f"classic-{p.stem}" for p in classic_pages),
            "```",
        ]
        out["classic-index.md"] = (
            out.get("classic-index.md", "# Classic Canasta\n") + "\n" + "\n".join(classic_toc) + "\n"
        )
    for name, text in out.items():
        _write(out_dir / name, text)
    for stale in out_dir.glob("*.md"):
        if stale.name not in out:
            stale.unlink()


def generate_api() -> None:
    """One automodule section per module (and subpackage) present in src/railroad_canasta."""
    names = []
    packages = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
            packages.add(".".join(parts))
        if parts and not any(part.startswith("_") for part in parts):
            names.append(".".join(parts))
    order = [name for _, layer in API_LAYERS for name in layer]

    def layer_of(name: str) -> int:
        best = max((p for p in order if name == p or name.startswith(p + ".")), key=len, default=None)
        return next((i for i, (_, layer) in enumerate(API_LAYERS) if best in layer), len(API_LAYERS))

    def key(name: str) -> tuple[int, int, str]:
        return layer_of(name), order.index(name) if name in order else len(order), name

    parts_out = []
    current = None
    for name in sorted(names, key=key):
        layer = layer_of(name)
        if layer != current:
            current = layer
            heading = API_LAYERS[layer][0] if layer < len(API_LAYERS) else "Other modules"
            parts_out.append(f"{heading}\n{'-' * len(heading)}\n")
        title = f"``railroad_canasta.{name}``"
        # A package documents what it defines; what it re-exports is documented where it is defined.
        option = "   :ignore-module-all:\n" if name in packages else ""
        # The public names (docs/api/) are the targets of references; this listing of modules is not.
        parts_out.append(
            f"{title}\n{'~' * len(title)}\n\n.. automodule:: railroad_canasta.{name}\n   :no-index:\n{option}"
        )
    _write(GENERATED / "api-modules.rst.inc", "\n".join(parts_out) or "No modules yet.\n")


def generate_matrix(trace: ModuleType) -> None:
    try:
        result = trace.analyse(ROOT)
        text = trace.render_matrix(result)
        print(result.summary(), file=sys.stderr)
    except Exception:  # a broken tree must not hide the rest of the site
        traceback.print_exc()
        text = (
            "# Traceability matrix\n\n`tools/trace.py` failed while building the docs; run `nox -s trace`.\n"
        )
    _write(GENERATED / "trace-matrix.md", text)


CLAUSE_FAMILY = re.compile(r"\b((?:R|SRC)-[A-Z0-9]+-)\*")


def _escape_clause_families(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Docstrings name clause families as ``R-SCO-*``; escape the star so reST does not read emphasis."""
    lines[:] = [
        line if line.lstrip().startswith((">>>", "...")) else CLAUSE_FAMILY.sub(r"\1\\*", line)
        for line in lines
    ]


#: The clause and source IDs that have an anchor in the spec pages (set by generate_spec).
LABELS: set[str] = set()
LITERAL = re.compile(r"(``.*?``|`[^`]*`_?|:\w+:`[^`]*`)")


def _link_docstring_ids(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Bare clause IDs (``R-PIL-4``) in docstrings become links to their clause in the spec."""

    def sub(m: re.Match[str]) -> str:
        return f":ref:`{m[1]} <{m[1]}>`" if m[1] in LABELS else m[0]

    for i, line in enumerate(lines):
        if line.lstrip().startswith((">>>", "...")):
            continue
        parts = LITERAL.split(line)
        lines[i] = "".join(p if j % 2 else BARE_ID.sub(sub, p) for j, p in enumerate(parts))


def generate_rules_options(trace: ModuleType) -> None:
    """The table of the Rules options: option, default, and the decision (R-DEC-n) that names it."""
    import attrs

    from railroad_canasta import Rules

    decisions: dict[str, str] = {}
    current = ""
    for line in (SPEC / "interpretations.md").read_text(encoding="utf-8").splitlines():
        m = trace.CLAUSE_HEADING.match(line)
        if m is not None:
            current = m[1]
        found = re.match(r"Option:\s*`Rules\.(\w+)`", line)
        if found and current:
            decisions.setdefault(found[1], current)
    from sphinx.pycode import ModuleAnalyzer

    docs = ModuleAnalyzer.for_module(Rules.__module__).find_attr_docs()
    rows = [".. list-table::", "   :header-rows: 1", "   :widths: 25 20 55", ""]
    rows += ["   * - option", "     - default", "     - what it is"]
    for field in attrs.fields(Rules):
        default = field.default
        value = repr(default.factory() if isinstance(default, attrs.Factory) else default)  # type: ignore[misc]
        text = " ".join(line.strip() for line in docs.get(("Rules", field.name), []) if line.strip())
        text = BARE_ID.sub(lambda m: f":ref:`{m[1]} <{m[1]}>`" if m[1] in LABELS else m[0], text)
        decision = decisions.get(field.name)
        if decision and decision not in text:
            text += f" (decision :ref:`{decision} <{decision}>`)"
        rows += [f"   * - ``{field.name}``", f"     - ``{value}``", f"     - {text or '-'}"]
    _write(GENERATED / "rules-options.rst.inc", "\n".join(rows) + "\n")


def generate_pictures() -> None:
    """SVG pictures of a few positions, drawn by railroad_canasta.render, for the pages."""
    import railroad_canasta as rc
    from railroad_canasta.bots import GreedyBot

    state = rc.new_game(rc.Rules(players=2), seed=7)
    _write(GENERATED / "pictures" / "deal-view.svg", rc.render.svg(rc.view(state, state.to_move)))
    bot = GreedyBot()
    for _ in range(120):
        seen = rc.view(state, state.to_move)
        state = rc.apply(state, bot.choose(seen, rc.legal_moves(seen)))
    _write(GENERATED / "pictures" / "midgame-view.svg", rc.render.svg(rc.view(state, 0)))
    _write(GENERATED / "pictures" / "midgame-state.svg", rc.render.svg(state))
    classic = rc.new_game(rc.ClassicRules(players=4), seed=3)
    for _ in range(60):
        seen = rc.view(classic, classic.to_move)
        classic = rc.apply(classic, bot.choose(seen, rc.legal_moves(seen)))
    _write(GENERATED / "pictures" / "classic-view.svg", rc.render.svg(rc.view(classic, 0)))


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _escape_clause_families)
    app.connect("autodoc-process-docstring", _link_docstring_ids)


_trace = _load_trace()
generate_spec(_trace)
generate_api()
generate_matrix(_trace)
generate_rules_options(_trace)
generate_pictures()
