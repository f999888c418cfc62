"""The API pages never show a raw repr (``<function f at 0x…>``, ``<object object at …>``, ``<X object>``).

Autodoc prints a module's data and a function's defaults with ``repr``: every value it shows must repr
as something a reader can use. The source is checked here (cheap: import the modules, repr their public
data and signature defaults); a built site (``docs/_build/html``, left by ``nox -s docs``) is checked too
when present.
"""

from __future__ import annotations

import html
import importlib
import inspect
import os
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import railroad_canasta

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "docs" / "_build" / "html"
RAW = re.compile(r"<function |<object object|<[\w.]+ object(?: at 0x[0-9a-f]+)?>|Built-in immutable sequence")
#: The optional extras' frameworks (autodoc mocks them in the docs build): their modules may not import.
EXTRAS = ("pyspiel", "open_spiel", "numpy", "pettingzoo", "gymnasium", "ray", "tqdm", "textual", "starlette")


def modules() -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(railroad_canasta.__path__, "railroad_canasta."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError as err:  # an optional extra that is not installed (its message names the extra)
            cause = err.__cause__ if isinstance(err.__cause__, ImportError) else err
            if (cause.name or "").split(".")[0] not in EXTRAS:
                raise


def shown(module: ModuleType) -> Iterator[tuple[str, str]]:
    """(where, repr) of what autodoc prints for a module: its public data and its signatures' defaults."""
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        owned = getattr(value, "__module__", module.__name__) == module.__name__
        if inspect.isclass(value) and owned:
            for attr, member in vars(value).items():
                if callable(member) and not attr.startswith("_"):
                    yield from defaults(f"{module.__name__}.{name}.{attr}", member)
        elif inspect.isfunction(value) and owned:
            yield from defaults(f"{module.__name__}.{name}", value)
        elif name in documented(module):
            yield f"{module.__name__}.{name}", repr(value)


def documented(module: ModuleType) -> set[str]:
    """The module's data with a ``#:`` comment and a value shown: what autodoc prints with its value."""
    source = inspect.getsource(module)
    found = re.finditer(r"^((?:#:.*\n)+)(\w+)\s*[:=]", source, flags=re.MULTILINE)
    return {m[2] for m in found if ":meta hide-value:" not in m[1]}


def defaults(where: str, function: object) -> Iterator[tuple[str, str]]:
    try:
        signature = inspect.signature(function)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return
    for parameter in signature.parameters.values():
        if parameter.default is not inspect.Parameter.empty:
            yield f"{where}({parameter.name}=)", repr(parameter.default)


def test_the_source_shows_no_raw_repr() -> None:
    found = [
        f"{where}: {text[:80]}" for module in modules() for where, text in shown(module) if RAW.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_pattern_catches_raw_reprs() -> None:
    assert RAW.search(repr(object())) and RAW.search(repr(test_the_pattern_catches_raw_reprs))
    assert not RAW.search(repr(railroad_canasta.RAILROAD)[:200].replace("<", "("))


@pytest.mark.skipif(
    not BUILT.is_dir() and os.environ.get("DOCS_BUILT") != "1",
    reason="no built site (nox -s docs writes docs/_build/html and runs this test; DOCS_BUILT=1 requires it)",
)
def test_the_built_api_pages_show_no_raw_repr() -> None:
    pages = sorted(BUILT.rglob("*.html"))
    assert len(pages) > 20, f"{BUILT} holds {len(pages)} pages: the site is not built"
    found = []
    for page in pages:
        text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
        found += [f"{page.relative_to(BUILT)}: {m[0]}" for m in RAW.finditer(text)]
    assert not found, "\n".join(found[:20])
