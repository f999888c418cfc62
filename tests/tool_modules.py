"""Load a script of tools/ as a module, for the tests of the tools (they are not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_tool(name: str, module_name: str) -> ModuleType:
    """``tools/<name>.py`` as the module ``module_name`` (registered, as dataclasses look it up)."""
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
