"""Collection of the optional adapters: their tests and doctests need the frameworks of the extras.

Without OpenSpiel, PettingZoo or Ray installed, the modules and tests that need them are not collected
(the default `nox` sessions do not install these heavy extras). The sessions that do (`nox -s openspiel`,
`pettingzoo`, `ray`) set ``RAILROAD_CANASTA_EXTRAS=1``: then nothing is left out, and a missing framework
is an error, not a silent pass.
"""

from __future__ import annotations

import importlib.util
import os

#: What each framework's modules and tests are, by the module that must be importable.
_NEEDS = {
    "pyspiel": ["src/railroad_canasta/adapters/openspiel.py", "tests/adapters/test_openspiel.py"],
    "pettingzoo": ["src/railroad_canasta/adapters/pettingzoo.py", "tests/adapters/test_pettingzoo.py"],
    "ray": ["tests/adapters/test_ray.py", "tests/adapters/test_ray_cluster.py"],
}

collect_ignore: list[str] = []
if os.environ.get("RAILROAD_CANASTA_EXTRAS") != "1":
    for module, paths in _NEEDS.items():
        if importlib.util.find_spec(module) is None:
            collect_ignore += paths
